// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import ImpastoFrontEnd
import ImpastoKernels

/// The emboss dialog's hemisphere editor (MercurialText's light editor), in GIMP 2.10 and 3
/// alike: the procedural hemisphere drawn large with its four lights as handles. With "Custom
/// look" on, dragging a handle moves that light so that its highlight follows the pointer (at
/// its distance from the sphere); sliders set the chosen light's z, hue, saturation and
/// brightness and the material's model, shininess, metalness and roughness; the embossed
/// preview follows. The custom look lives in dialog-only parameters
/// (GIMP 2.10: kept with the last values; GIMP 3: aux arguments, so its presets carry them),
/// written through the dialog's `set`; OK passes it to impasto:emboss as its "custom" preset.
public final class HemisphereEditor {
    typealias Look = Hemisphere.Look

    static let size = 220
    unowned let dialog: any WidgetDialog
    private var canvas: Widget?
    private var custom: Widget?
    private var lightChooser: Widget?
    private var sliders: [(name: String, handle: Widget)] = []
    private var selected = 1
    private var surface: OpaquePointer?
    private var rendered: Hemisphere?
    private var quiet = false
    private var drawn = (width: Double(size), height: Double(size))

    @discardableResult
    public init(dialog: any WidgetDialog, side: Widget) {
        self.dialog = dialog
        let box = dialog.box(vertical: true, spacing: 6)
        canvas = dialog.canvas(width: Self.size, height: Self.size, draw: { [unowned self] in draw($0, width: $1, height: $2) },
                               pointer: { [unowned self] in pointer($0) })
        dialog.pack(canvas, into: box)
        guard let table = dialog.table(rows: 9) else { return }
        custom = dialog.toggle(in: table, row: 0, title: localized("_Custom look: drag the lights"), active: dialog.arguments.bool("custom-look"),
                               tooltip: localized("Start from the preset's lights and material and edit them")) { [unowned self] in
            customToggled()
        }
        lightChooser = dialog.combo(in: table, row: 1, title: localized("Light"), labels: (1 ... Look.lightCount).map { localized("Light %s", "\($0)") },
                                    active: 0) { [unowned self] in lightChosen() }
        // The selected light's depth, colour and brightness, then the material: each slider as
        // its declaration says (the light sliders show light 1's declaration: all four alike).
        let rows: [(field: String, label: String, declared: EffectParameter)] = [
            ("z", localized("Depth (z)"), Look.light(1)[2]), ("hue", localized("Hue"), Look.light(1)[3]),
            ("saturation", localized("Saturation"), Look.light(1)[4]),
            ("brightness", localized("Brightness"), Look.light(1)[5]), ("shininess", Look.shininess.title, Look.shininess),
            ("metalness", Look.metalness.title, Look.metalness), ("roughness", Look.roughness.title, Look.roughness),
        ]
        for (row, (field, label, declared)) in rows.enumerated() {
            let handle = dialog.slider(in: table, row: row + 2, title: label, value: dialog.arguments.double(parameterName(field)),
                                       slider: declared.slider, range: declared.range,
                                       tooltip: declared.description) { [unowned self] in sliderMoved(field) }
            if let handle {
                sliders.append((field, handle))
                if let spin = dialog.spinButton(ofSlider: handle) { dialog.landmarks.append(("spin:editor-\(field)", spin)) }
            }
        }
        dialog.pack(table, into: box)
        dialog.pack(dialog.frame(localized("Hemisphere"), around: box), into: side)
        if let canvas { dialog.landmarks.append(("hemisphere", canvas)) }
        if let custom { dialog.landmarks.append(("custom-look", custom)) }
        dialog.onChange.append { [unowned self] in
            if let canvas { dialog.queueDraw(canvas) }
        }
        dialog.onReset.append { [unowned self] in
            quiet = true
            if let custom { dialog.setActive(dialog.arguments.bool("custom-look"), custom) }
            quiet = false
            showSelected()
            updateSensitivity()
        }
        dialog.retained.append(self)
        updateSensitivity()
    }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    /// The parameter a slider edits: the selected light's field, or a material one.
    private func parameterName(_ field: String) -> String {
        guard let i = Look.lightFields.firstIndex(of: field) else { return field }
        return Look.light(selected)[i].name
    }

    private func customToggled() {
        guard !quiet, let custom else { return }
        let on = dialog.isActive(custom)
        if on {
            // Start from the look the preset menu shows.
            let preset = Hemisphere.preset(named: dialog.arguments.name(EmbossSettings.Parameters.preset.name)) ?? .standard
            for (i, light) in preset.lights.prefix(Look.lightCount).enumerated() {
                let values = [light.x, light.y, light.z, light.hue, light.saturation, light.brightness]
                for (declared, value) in zip(Look.light(i + 1), values) {
                    dialog.set(declared.name, .float(declared.clamp(Double(value))))
                }
            }
            let m = preset.material
            dialog.set(Look.model.name, .int(m.model.rawValue))
            dialog.set(Look.shininess.name, .float(Look.shininess.clamp(Double(m.shininess))))
            dialog.set(Look.metalness.name, .float(Look.metalness.clamp(Double(m.metalness))))
            dialog.set(Look.roughness.name, .float(Look.roughness.clamp(Double(m.roughness))))
            for (channel, value) in zip(["red", "green", "blue"], [m.baseColor.x, m.baseColor.y, m.baseColor.z]) {
                dialog.set("\(Look.color.name)-\(channel)", .float(Look.color.clamp(Double(value))))
            }
        }
        dialog.set("custom-look", .int(on ? 1 : 0))
        showSelected()
        updateSensitivity()
    }

    /// The lights' controls work with the custom look on; the Look menu then greys out, since
    /// the custom look (started from its preset) replaces it until switched off.
    private func updateSensitivity() {
        let on = dialog.arguments.bool("custom-look")
        for slider in sliders { dialog.setSliderSensitive(slider.handle, on) }
        if let lightChooser { dialog.setSensitive(lightChooser, on) }
        dialog.setSensitive(parameter: EmbossSettings.Parameters.preset.name, !on)
    }

    private func lightChosen() {
        guard let lightChooser else { return }
        selected = min(max(dialog.index(ofCombo: lightChooser), 0), Look.lightCount - 1) + 1
        showSelected()
    }

    /// Moves the sliders to the selected light's and the material's values.
    private func showSelected() {
        quiet = true
        for slider in sliders { dialog.setValue(dialog.arguments.double(parameterName(slider.name)), ofSlider: slider.handle) }
        quiet = false
        if let canvas { dialog.queueDraw(canvas) }
    }

    private func sliderMoved(_ field: String) {
        guard !quiet, let slider = sliders.first(where: { $0.name == field }) else { return }
        dialog.set(parameterName(field), .float(dialog.value(ofSlider: slider.handle)))
        // A hue given to a white light shows: it takes on full saturation, MercurialText's
        // hue colours (a half-saturated light's highlight on a mirror metal clips to white).
        if field == "hue", dialog.arguments.double(parameterName("saturation")) == 0 {
            dialog.set(parameterName("saturation"), .float(Self.saturationForAHue))
            showSelected()
        }
    }

    /// The saturation a white light takes when its hue is moved (WidgetTests).
    public static let saturationForAHue = 1.0

    /// The sphere's place on the canvas: as large as it fits, with room for the handles' rings.
    private func handles(width: Double, height: Double) -> HemisphereHandles {
        HemisphereHandles(width: width, height: height, margin: 6)
    }

    private func pointer(_ event: CanvasPointer) {
        guard dialog.arguments.bool("custom-look") else { return }
        let handles = handles(width: drawn.width, height: drawn.height)
        let point = SIMD2(event.reading.x, event.reading.y)
        if event.kind == .press {
            // Pick the nearest handle.
            let positions = (1 ... Look.lightCount).map { CustomLook.position($0, dialog.arguments) }
            selected = (handles.nearest(to: point, among: positions) ?? 0) + 1
            if let lightChooser { quiet = true; dialog.setIndex(selected - 1, ofCombo: lightChooser); quiet = false }
            showSelected()
        }
        // (A release is the last place the pointer was.) The light keeps its distance from the
        // sphere and moves so that its highlight sits under the pointer.
        let light = Look.light(selected)
        let now = CustomLook.position(selected, dialog.arguments)
        let moved = handles.position(forHandle: point, distance: (now * now).sum().squareRoot())
        for (declared, value) in zip(light, [moved.x, moved.y, moved.z]) {
            dialog.set(declared.name, .float(declared.clamp(value)))
        }
        showSelected()
    }

    private func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        drawn = (width, height)
        cairo_set_source_rgb(cr, 0.16, 0.16, 0.17)
        cairo_paint(cr)
        let side = Int(min(width, height))
        let hemisphere = CustomLook.hemisphere(dialog.arguments)
        if rendered != hemisphere || surface == nil { renderSurface(hemisphere, side: side) }
        if let surface {
            cairo_set_source_surface(cr, surface, (width - Double(side)) / 2, (height - Double(side)) / 2)
            cairo_paint(cr)
        }
        guard dialog.arguments.bool("custom-look") else { return }
        let handles = handles(width: width, height: height)
        for n in 1 ... Look.lightCount where dialog.arguments.double(Look.light(n)[5].name) > 0 || n == selected {
            let p = handles.handle(of: CustomLook.position(n, dialog.arguments))
            cairo_new_path(cr)
            cairo_arc(cr, p.x, p.y, n == selected ? 7 : 5, 0, 2 * .pi)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_set_line_width(cr, 3)
            cairo_stroke_preserve(cr)
            cairo_set_source_rgb(cr, 1, n == selected ? 0.8 : 1, n == selected ? 0.2 : 1)
            cairo_set_line_width(cr, 1.5)
            cairo_stroke(cr)
        }
    }

    /// The hemisphere as a cairo surface (sRGB for the screen; outside the disc transparent).
    /// (`side` is the canvas's, a few hundred pixels; `render` caps it, so the picture's own
    /// size is the surface's.)
    private func renderSurface(_ hemisphere: Hemisphere, side: Int) {
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        rendered = hemisphere
        let picture = hemisphere.render(size: side)
        let n = picture.width
        surface = cairoPicture(width: n, height: n) { i, j in
            let p = (j * n + i) * 4
            return SIMD4(SRGB.encode8(picture.pixels[p]), SRGB.encode8(picture.pixels[p + 1]),
                         SRGB.encode8(picture.pixels[p + 2]), SRGB.alpha8(picture.pixels[p + 3]))
        }
    }
}
