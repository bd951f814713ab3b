import CGIMP
import CImpastoUI
import ImpastoFrontEnd
import GeglKit
import ImpastoKernels

/// The emboss dialog's hemisphere editor (MercurialText's light editor): the procedural
/// hemisphere drawn large with its four lights as handles. With "Custom look" on, dragging a
/// handle moves that light (x/y, at its depth), sliders set the chosen light's z, hue and
/// brightness and the material's model, shininess, metalness and roughness; the embossed
/// preview follows. The custom look lives in dialog-only parameters (kept with the last
/// values; scripts use presets), and OK passes it to impasto:emboss as its "custom" preset.
final class HemisphereEditor {
    typealias Look = Hemisphere.Look

    static let size = 220
    unowned let dialog: ProcedureDialog
    private var canvas: UnsafeMutableRawPointer?
    private var custom: UnsafeMutableRawPointer?
    private var lightChooser: UnsafeMutableRawPointer?
    private var sliders: [(name: String, adjustment: UnsafeMutableRawPointer)] = []
    private var selected = 1
    private var surface: OpaquePointer?
    private var rendered: Hemisphere?
    private var quiet = false
    private var drawn = (width: Double(size), height: Double(size))

    init(dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        self.dialog = dialog
        let box = impasto_ui_box(1, 6)
        canvas = dialog.canvas(width: Self.size, height: Self.size, draw: { [unowned self] in draw($0, width: $1, height: $2) },
                               pointer: { [unowned self] kind, reading in pointer(kind: kind, x: reading.x, y: reading.y) })
        impasto_ui_pack(box, canvas, 0)
        guard let table = impasto_ui_table(9) else { return }
        custom = impasto_ui_toggle(table, 0, "_Custom look: drag the lights", dialog.arguments.bool("custom-look") ? 1 : 0,
                                   "Start from the preset's lights and material and edit them", ProcedureDialog.fire,
                                   dialog.callback { [unowned self] in customToggled() })
        lightChooser = dialog.combo(table, row: 1, title: "Light", labels: (1 ... Look.lightCount).map { "Light \($0)" }, active: 0,
                                    changed: dialog.callback { [unowned self] in lightChosen() })
        // The selected light's depth, hue and brightness, then the material: each slider as
        // its declaration says (the light sliders show light 1's declaration: all four alike).
        let rows: [(field: String, label: String, declared: EffectParameter)] = [
            ("z", "Depth (z)", Look.light(1)[2]), ("hue", "Hue", Look.light(1)[3]),
            ("brightness", "Brightness", Look.light(1)[5]), ("shininess", Look.shininess.title, Look.shininess),
            ("metalness", Look.metalness.title, Look.metalness), ("roughness", Look.roughness.title, Look.roughness),
        ]
        for (row, (field, label, declared)) in rows.enumerated() {
            let range = declared.range, slider = declared.slider
            let (step, digits) = ProcedureParameter.steps(for: range.upperBound - range.lowerBound)
            let adjustment = impasto_ui_scale(table, Int32(row + 2), label, dialog.arguments.double(parameterName(field)),
                                              slider.lowerBound, slider.upperBound, range.lowerBound, range.upperBound,
                                              step, digits, declared.description, ProcedureDialog.fire,
                                              dialog.callback { [unowned self] in sliderMoved(field) })
            if let adjustment {
                sliders.append((field, adjustment))
                if let spin = impasto_ui_scale_spin(adjustment) { dialog.landmarks.append(("spin:editor-\(field)", spin)) }
            }
        }
        impasto_ui_pack(box, table, 0)
        impasto_ui_pack(side, impasto_ui_frame("Hemisphere", box), 0)
        if let canvas { dialog.landmarks.append(("hemisphere", canvas)) }
        if let custom { dialog.landmarks.append(("custom-look", custom)) }
        dialog.onChange.append { [unowned self] in
            if let canvas { impasto_ui_queue_draw(canvas) }
        }
        dialog.onReset.append { [unowned self] in
            quiet = true
            if let custom { impasto_ui_toggle_set(custom, 0) }
            quiet = false
            showSelected()
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
        let on = impasto_ui_toggle_get(custom) != 0
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

    private func updateSensitivity() {
        let on = dialog.arguments.bool("custom-look") ? Int32(1) : 0
        for slider in sliders { impasto_ui_scale_set_sensitive(slider.adjustment, on) }
        if let lightChooser { impasto_ui_set_sensitive(lightChooser, on) }
    }

    private func lightChosen() {
        guard let lightChooser else { return }
        selected = Int(min(max(impasto_ui_combo_get(lightChooser), 0), Int32(Look.lightCount - 1))) + 1
        showSelected()
    }

    /// Moves the sliders to the selected light's and the material's values.
    private func showSelected() {
        quiet = true
        for slider in sliders { impasto_ui_adjustment_set(slider.adjustment, dialog.arguments.double(parameterName(slider.name))) }
        quiet = false
        if let canvas { impasto_ui_queue_draw(canvas) }
    }

    private func sliderMoved(_ field: String) {
        guard !quiet, let slider = sliders.first(where: { $0.name == field }) else { return }
        dialog.set(parameterName(field), .float(impasto_ui_adjustment_get(slider.adjustment)))
    }

    /// The sphere's place on the canvas: as large as it fits, with room for the handles' rings.
    private func handles(width: Double, height: Double) -> HemisphereHandles {
        HemisphereHandles(width: width, height: height, margin: 6)
    }

    private func pointer(kind: Int32, x: Double, y: Double) {
        guard dialog.arguments.bool("custom-look") else { return }
        let handles = handles(width: drawn.width, height: drawn.height)
        let point = SIMD2(x, y)
        if kind == 0 {
            // Pick the nearest handle.
            let positions = (1 ... Look.lightCount).map { CustomLook.position($0, dialog.arguments) }
            selected = (handles.nearest(to: point, among: positions) ?? 0) + 1
            if let lightChooser { quiet = true; impasto_ui_combo_set(lightChooser, Int32(selected - 1)); quiet = false }
            showSelected()
        }
        // (A release is the last place the pointer was.) The light keeps its depth z; x and y
        // move so that the sphere faces it at the pointer.
        let light = Look.light(selected)
        let moved = handles.position(forHandle: point, depth: dialog.arguments.double(light[2].name))
        dialog.set(light[0].name, .float(light[0].clamp(moved.x)))
        dialog.set(light[1].name, .float(light[1].clamp(moved.y)))
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
    /// (`side` is the canvas's, at most a few hundred pixels; `render` caps it anyway.)
    private func renderSurface(_ hemisphere: Hemisphere, side: Int) {
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        rendered = hemisphere
        let picture = hemisphere.render(size: side)
        surface = cairoPicture(width: side, height: side) { i, j in
            let p = (j * side + i) * 4
            return SIMD4(SRGB.encode8(picture.pixels[p]), SRGB.encode8(picture.pixels[p + 1]),
                         SRGB.encode8(picture.pixels[p + 2]), SRGB.alpha8(picture.pixels[p + 3]))
        }
    }
}
