import CGIMP
import CImpastoUI
import ImpastoGegl
import ImpastoKernels

/// The emboss dialog's hemisphere editor (MercurialText's light editor): the procedural
/// hemisphere drawn large with its four lights as handles. With "Custom look" on, dragging a
/// handle moves that light (x/y, at its depth), sliders set the chosen light's z, hue and
/// brightness and the material's model, shininess, metalness and roughness; the embossed
/// preview follows. The custom look lives in dialog-only parameters (kept with the last
/// values; scripts use presets), and OK passes it to impasto:emboss as its "custom" preset.
final class HemisphereEditor {
    static let lightDefaults: [(x: Double, y: Double, z: Double, hue: Double, saturation: Double, brightness: Double)] = [
        (-2, 2, 3, 0, 0, 1), (3, -1, 2, 210, 0.3, 0.4), (0, -3, 1, 30, 0.3, 0.3), (0, 0, 4, 0, 0, 0),
    ]

    /// The custom look's parameters (dialog-only), with impasto:emboss's defaults.
    static let parameters: [ProcedureParameter] = {
        var list: [ProcedureParameter] = [
            .boolean("custom-look", default: false, "Use the lights and material of the hemisphere editor").onlyInDialog(),
        ]
        for (n, light) in lightDefaults.enumerated().map({ ($0.offset + 1, $0.element) }) {
            list += [
                .float("light\(n)-x", -10 ... 10, default: light.x, "Light \(n) right of the sphere").onlyInDialog(),
                .float("light\(n)-y", -10 ... 10, default: light.y, "Light \(n) above the sphere").onlyInDialog(),
                .float("light\(n)-z", -10 ... 10, default: light.z, "Light \(n) in front of the sphere").onlyInDialog(),
                .float("light\(n)-hue", 0 ... 360, default: light.hue, "Light \(n) hue").onlyInDialog(),
                .float("light\(n)-saturation", 0 ... 1, default: light.saturation, "Light \(n) saturation").onlyInDialog(),
                .float("light\(n)-brightness", 0 ... 2, default: light.brightness, "Light \(n) brightness").onlyInDialog(),
            ]
        }
        list += [
            .choice("model", ["shiny", "pbr"], "Material model").onlyInDialog(),
            .float("shininess", 1 ... 256, default: 40, "Shiny model: size of the highlights").onlyInDialog(),
            .float("metalness", 0 ... 1, default: 0, "0 plastic, 1 metal").onlyInDialog(),
            .float("roughness", 0 ... 1, default: 0.3, "PBR model: 0 mirror, 1 matte").onlyInDialog(),
            .float("color-red", 0 ... 1, default: 0.8, "Material colour (linear red)").onlyInDialog(),
            .float("color-green", 0 ... 1, default: 0.8, "Material colour (linear green)").onlyInDialog(),
            .float("color-blue", 0 ... 1, default: 0.8, "Material colour (linear blue)").onlyInDialog(),
        ]
        return list
    }()

    /// impasto:emboss's look properties for these arguments: the preset, or the custom look.
    static func look(_ arguments: ProcedureArguments) -> [(String, GeglValue)] {
        guard arguments.bool("custom-look") else { return [("preset", .enumNick(arguments.name("preset")))] }
        var properties: [(String, GeglValue)] = [("preset", .enumNick("custom"))]
        for n in 1 ... 4 {
            for field in ["x", "y", "z", "hue", "saturation", "brightness"] {
                properties.append(("light\(n)-\(field)", .double(arguments.double("light\(n)-\(field)"))))
            }
        }
        properties += [("model", .enumNick(arguments.int("model") == 1 ? "pbr" : "shiny")),
                       ("shininess", .double(arguments.double("shininess"))),
                       ("metalness", .double(arguments.double("metalness"))),
                       ("roughness", .double(arguments.double("roughness"))),
                       ("color", .color(arguments.double("color-red"), arguments.double("color-green"),
                                        arguments.double("color-blue")))]
        return properties
    }

    /// The hemisphere the op will use (`Hemisphere.custom`, as the op builds its custom preset).
    static func hemisphere(_ arguments: ProcedureArguments) -> Hemisphere {
        guard arguments.bool("custom-look") else { return Hemisphere.preset(named: arguments.name("preset")) ?? .standard }
        let lights = (1 ... 4).map { n in
            HemisphereLight(x: Float(arguments.double("light\(n)-x")), y: Float(arguments.double("light\(n)-y")),
                            z: Float(arguments.double("light\(n)-z")), hue: Float(arguments.double("light\(n)-hue")),
                            saturation: Float(arguments.double("light\(n)-saturation")),
                            brightness: Float(arguments.double("light\(n)-brightness")))
        }
        let colour = SIMD3<Float>(Float(arguments.double("color-red")), Float(arguments.double("color-green")),
                                  Float(arguments.double("color-blue")))
        return .custom(lights: lights, model: arguments.int("model") == 1 ? .pbr : .shiny, baseColor: colour,
                       shininess: Float(arguments.double("shininess")), metalness: Float(arguments.double("metalness")),
                       roughness: Float(arguments.double("roughness")))
    }

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
        lightChooser = dialog.combo(table, row: 1, title: "Light", labels: (1 ... 4).map { "Light \($0)" }, active: 0,
                                    changed: dialog.callback { [unowned self] in lightChosen() })
        let rows: [(String, String, ClosedRange<Double>, Double, Int32)] = [
            ("z", "Depth (z)", -10 ... 10, 0.1, 1), ("hue", "Hue", 0 ... 360, 1, 0),
            ("brightness", "Brightness", 0 ... 2, 0.01, 2), ("shininess", "Shininess", 1 ... 256, 1, 0),
            ("metalness", "Metalness", 0 ... 1, 0.01, 2), ("roughness", "Roughness", 0 ... 1, 0.01, 2),
        ]
        for (row, (field, label, range, step, digits)) in rows.enumerated() {
            let adjustment = impasto_ui_scale(table, Int32(row + 2), label, dialog.arguments.double(parameterName(field)),
                                              range.lowerBound, range.upperBound, range.lowerBound, range.upperBound,
                                              step, digits, nil, ProcedureDialog.fire,
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
        ["z", "hue", "brightness"].contains(field) ? "light\(selected)-\(field)" : field
    }

    private func customToggled() {
        guard !quiet, let custom else { return }
        let on = impasto_ui_toggle_get(custom) != 0
        if on {
            // Start from the look the preset menu shows.
            let preset = Hemisphere.preset(named: dialog.arguments.name("preset")) ?? .standard
            for (i, light) in preset.lights.prefix(4).enumerated() {
                let n = i + 1
                for (field, value) in [("x", light.x), ("y", light.y), ("z", light.z), ("hue", light.hue),
                                       ("saturation", light.saturation), ("brightness", light.brightness)] {
                    dialog.set("light\(n)-\(field)", .float(Double(value)))
                }
            }
            let m = preset.material
            dialog.set("model", .int(m.model == .pbr ? 1 : 0))
            dialog.set("shininess", .float(Double(min(max(m.shininess, 1), 256))))
            dialog.set("metalness", .float(Double(m.metalness)))
            dialog.set("roughness", .float(Double(m.roughness)))
            dialog.set("color-red", .float(Double(m.baseColor.x)))
            dialog.set("color-green", .float(Double(m.baseColor.y)))
            dialog.set("color-blue", .float(Double(m.baseColor.z)))
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
        selected = Int(min(max(impasto_ui_combo_get(lightChooser), 0), 3)) + 1
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

    /// Where a light's handle is: the point of the sphere facing it, seen from the front.
    private func handle(_ n: Int, width: Double, height: Double) -> (x: Double, y: Double) {
        let a = dialog.arguments
        let (x, y, z) = (a.double("light\(n)-x"), a.double("light\(n)-y"), a.double("light\(n)-z"))
        let length = max((x * x + y * y + z * z).squareRoot(), 1e-9)
        let r = Double(min(width, height)) / 2 - 6
        return (width / 2 + x / length * r, height / 2 - y / length * r)
    }

    private func pointer(kind: Int32, x: Double, y: Double) {
        guard dialog.arguments.bool("custom-look") else { return }
        let (width, height) = drawn
        if kind == 0 {
            // Pick the nearest handle of a light that is on.
            let nearest = (1 ... 4).min { a, b in
                let p = handle(a, width: width, height: height), q = handle(b, width: width, height: height)
                return (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y) < (q.x - x) * (q.x - x) + (q.y - y) * (q.y - y)
            } ?? 1
            selected = nearest
            if let lightChooser { quiet = true; impasto_ui_combo_set(lightChooser, Int32(selected - 1)); quiet = false }
            showSelected()
        }
        // (A release is the last place the pointer was.) The light keeps its depth z; x and y move so that the sphere faces it at the pointer.
        let r = Double(min(width, height)) / 2 - 6
        var u = (x - width / 2) / r, v = -(y - height / 2) / r
        let reach = (u * u + v * v).squareRoot()
        if reach > 0.98 { u *= 0.98 / reach; v *= 0.98 / reach }
        let z = max(abs(dialog.arguments.double("light\(selected)-z")), 0.1)
        let length = z / (1 - u * u - v * v).squareRoot()
        dialog.set("light\(selected)-x", .float(min(max(u * length, -10), 10)))
        dialog.set("light\(selected)-y", .float(min(max(v * length, -10), 10)))
    }

    private func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        drawn = (width, height)
        cairo_set_source_rgb(cr, 0.16, 0.16, 0.17)
        cairo_paint(cr)
        let side = Int(min(width, height))
        let hemisphere = Self.hemisphere(dialog.arguments)
        if rendered != hemisphere || surface == nil { renderSurface(hemisphere, side: side) }
        if let surface {
            cairo_set_source_surface(cr, surface, (width - Double(side)) / 2, (height - Double(side)) / 2)
            cairo_paint(cr)
        }
        guard dialog.arguments.bool("custom-look") else { return }
        for n in 1 ... 4 where dialog.arguments.double("light\(n)-brightness") > 0 || n == selected {
            let p = handle(n, width: width, height: height)
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
        func encode(_ v: Float) -> UInt8 {
            let c = Double(min(max(v.isFinite ? v : 0, 0), 1))
            return UInt8(((c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055) * 255).rounded())
        }
        surface = cairoPicture(width: side, height: side) { i, j in
            let p = (j * side + i) * 4
            return SIMD4(encode(picture.pixels[p]), encode(picture.pixels[p + 1]), encode(picture.pixels[p + 2]),
                         UInt8((min(max(picture.pixels[p + 3], 0), 1) * 255).rounded()))
        }
    }
}

extension EmbossProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        _ = HemisphereEditor(dialog: dialog, side: dialog.addColumn() ?? side)
    }
}
