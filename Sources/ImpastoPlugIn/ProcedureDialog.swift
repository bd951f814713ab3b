// SPDX-License-Identifier: GPL-3.0-or-later
import CGIMP
import CImpastoUI
import ImpastoFrontEnd
import ImpastoWidgets
import GeglKit

/// A procedure's dialog (RUN-INTERACTIVE): one control per parameter of its table — the same
/// table that gives its PDB signature and its last values — a live preview rendered by the
/// same code OK then applies, Reset, Cancel and OK. Procedures add their own editors (the
/// pencil pad, the hemisphere editor) through `DialogExtras`.
final class ProcedureDialog {
    let procedure: ImpastoProcedure.Type
    let image: Int32
    let drawable: Int32
    private(set) var arguments: ProcedureArguments
    private let dialog: UnsafeMutableRawPointer?
    private(set) var preview: UnsafeMutableRawPointer?
    /// The dialog's columns (preview, parameters, …): an editor may add its own.
    private(set) var columns: UnsafeMutableRawPointer?
    private var controls: [Control?] = []
    /// Called after any value changed (by a control or by `set`), e.g. to redraw an editor.
    var onChange: [() -> Void] = []
    /// Called by Reset after the values went back to their defaults.
    var onReset: [() -> Void] = []
    /// Renders the preview's visible area; nil: no preview.
    var render: ((ProcedureDialog) -> Void)?
    private var handlers: [ActionHandler] = []
    private var quiet = false
    /// Editors and other objects that live as long as the dialog.
    var retained: [AnyObject] = []
    /// Named widgets whose place on screen tests can ask for (see `reportGeometry`).
    var landmarks: [(name: String, widget: UnsafeMutableRawPointer)] = []

    enum Control {
        case scale(UnsafeMutableRawPointer)
        case toggle(UnsafeMutableRawPointer)
        /// A combo whose entries stand for these parameter values.
        case combo(UnsafeMutableRawPointer, [ParameterValue])
        /// A drawable or path chooser: its value is the item's ID.
        case item(UnsafeMutableRawPointer)
    }

    /// A C callback's user data that runs `action` (with `ActionHandler.fire`); kept alive as
    /// long as the dialog.
    func callback(_ action: @escaping () -> Void) -> UnsafeMutableRawPointer {
        let handler = ActionHandler(action)
        handlers.append(handler)
        return handler.data
    }

    init(_ procedure: ImpastoProcedure.Type, image: Int32, drawable: Int32, arguments: ProcedureArguments) {
        self.procedure = procedure
        self.image = image
        self.drawable = drawable
        self.arguments = arguments
        dialog = impasto_ui_dialog_new(procedure.dialogTitle, procedure.name, procedure.name)
    }

    /// Builds the dialog: the preview on the left (for a drawable), then `extras` and the
    /// parameters' table on the right.
    func build(extras: (ProcedureDialog, UnsafeMutableRawPointer) -> Void) {
        let content = impasto_ui_dialog_content(dialog)
        let columns = impasto_ui_box(0, 12)
        self.columns = columns
        impasto_ui_pack(content, columns, 1)
        if procedure.target == .drawable {
            let preview = impasto_ui_drawable_preview(drawable, ActionHandler.fire, callback { [unowned self] in renderPreview() })
            self.preview = preview
            if let pixels = impasto_ui_preview_pixels(preview) { landmarks.append(("preview", pixels)) }
            impasto_ui_pack(columns, preview, 1)
        }
        guard let side = impasto_ui_box(1, 12), let table = impasto_ui_table(Int32(procedure.parameters.count)) else {
            return
        }
        impasto_ui_pack(columns, side, 0)
        extras(self, side)
        impasto_ui_pack(side, table, 0)
        var row: Int32 = 0
        for (index, parameter) in procedure.parameters.enumerated() {
            guard !parameter.dialogOnly else {
                controls.append(nil)  // the procedure's own editor sets it
                continue
            }
            controls.append(control(for: parameter, index: index, table: table, row: row))
            row += 1
        }
        onReset.forEach { $0() }  // the editors, built first, now see every control
    }

    private func control(for parameter: ProcedureParameter, index: Int, table: UnsafeMutableRawPointer,
                         row: Int32) -> Control? {
        let changed = callback { [unowned self] in controlChanged(index) }
        let value = arguments.values[index]
        switch parameter.kind {
        case .float(let range):
            let (step, digits) = ProcedureParameter.steps(for: range.upperBound - range.lowerBound)
            let slider = parameter.sliderRange ?? range
            let adjustment = impasto_ui_scale(table, row, parameter.title, number(value), slider.lowerBound,
                                              slider.upperBound, range.lowerBound, range.upperBound, step, digits,
                                              parameter.description, ActionHandler.fire, changed)
            if let widget = impasto_ui_scale_slider(adjustment) { landmarks.append(("slider:\(parameter.name)", widget)) }
            if let widget = impasto_ui_scale_spin(adjustment) { landmarks.append(("spin:\(parameter.name)", widget)) }
            return adjustment.map { .scale($0) }
        case .integer(let range):
            let adjustment = impasto_ui_scale(table, row, parameter.title, number(value), Double(range.lowerBound),
                                              Double(range.upperBound), Double(range.lowerBound),
                                              Double(range.upperBound), 1, 0, parameter.description, ActionHandler.fire, changed)
            if let widget = impasto_ui_scale_spin(adjustment) { landmarks.append(("spin:\(parameter.name)", widget)) }
            return adjustment.map { .scale($0) }
        case .boolean:
            return .toggle(impasto_ui_toggle(table, row, parameter.title, number(value) != 0 ? 1 : 0,
                                             parameter.description, ActionHandler.fire, changed))
        case .choice(let choices):
            return combo(table, row, parameter.title, labels: choices.map(\.label),
                         values: choices.indices.map { .int(Int32($0)) }, current: value, changed)
        case .name(let choices):
            let current: ParameterValue = .string(arguments.name(parameter.name))
            return combo(table, row, parameter.title, labels: choices.map(\.label), values: choices.map { .string($0.nick) },
                         current: current, changed)
        case .drawable:
            let combo = impasto_ui_item_combo(table, row, parameter.title, parameter.fromAnyImage ? 0 : 1,
                                              parameter.noneLabel,
                                              image, drawable,
                                              Int32(number(value)), ActionHandler.fire, changed)
            arguments.values[index] = .int(impasto_ui_combo_get(combo))  // what the chooser settled on
            return combo.map { .item($0) }
        case .vectors:
            let combo = impasto_ui_item_combo(table, row, parameter.title, 2, nil, image, -1, Int32(number(value)),
                                              ActionHandler.fire, changed)
            arguments.values[index] = .int(impasto_ui_combo_get(combo))
            return combo.map { .item($0) }
        }
    }

    private func combo(_ table: UnsafeMutableRawPointer, _ row: Int32, _ title: String, labels: [String],
                       values: [ParameterValue], current: ParameterValue, _ changed: UnsafeMutableRawPointer) -> Control? {
        let active = Int32(values.firstIndex(of: current) ?? 0)
        return combo(table, row: row, title: title, labels: labels, active: active, changed: changed).map { .combo($0, values) }
    }

    private func number(_ value: ParameterValue) -> Double {
        switch value {
        case .float(let v): v
        case .int(let v): Double(v)
        case .string: 0
        }
    }

    /// Parameter `index`'s control, if `build` has made it yet (an editor built before the
    /// controls may already set values or sensitivity).
    private func control(at index: Int) -> Control? {
        controls.indices.contains(index) ? controls[index] : nil
    }

    /// Reads control `index` into the arguments.
    private func controlChanged(_ index: Int) {
        guard !quiet, let control = control(at: index) else { return }
        let value: ParameterValue
        switch (control, procedure.parameters[index].kind) {
        case (.scale(let adjustment), .float):
            value = .float(impasto_ui_adjustment_get(adjustment))
        case (.scale(let adjustment), _):
            value = .int(Int32(impasto_ui_adjustment_get(adjustment).rounded()))
        case (.toggle(let toggle), _):
            value = .int(impasto_ui_toggle_get(toggle) != 0 ? 1 : 0)
        case (.combo(let combo, let values), _):
            let i = Int(impasto_ui_combo_get(combo))
            guard values.indices.contains(i) else { return }
            value = values[i]
        case (.item(let combo), _):
            value = .int(impasto_ui_combo_get(combo))
        }
        arguments.values[index] = value
        changed()
    }

    private func changed() {
        onChange.forEach { $0() }
        if let preview { impasto_ui_preview_invalidate(preview) }
    }

    /// Sets a parameter (e.g. from the pencil pad), moving its control to match.
    func set(_ name: String, _ value: ParameterValue) {
        guard let i = procedure.parameters.firstIndex(where: { $0.name == name }) else { return }
        arguments.values[i] = value
        quiet = true
        if let control = control(at: i) { show(value, in: control) }
        quiet = false
        changed()
    }

    private func show(_ value: ParameterValue, in control: Control) {
        switch control {
        case .scale(let adjustment): impasto_ui_adjustment_set(adjustment, number(value))
        case .toggle(let toggle): impasto_ui_toggle_set(toggle, number(value) != 0 ? 1 : 0)
        case .combo(let combo, let values): impasto_ui_combo_set(combo, Int32(values.firstIndex(of: value) ?? 0))
        case .item(let combo): impasto_ui_combo_set(combo, Int32(number(value)))
        }
    }

    func setSensitive(parameter name: String, _ sensitive: Bool) {
        guard let i = procedure.parameters.firstIndex(where: { $0.name == name }), let control = control(at: i) else { return }
        switch control {
        case .combo(let widget, _), .item(let widget), .toggle(let widget): impasto_ui_set_sensitive(widget, sensitive ? 1 : 0)
        case .scale: return  // an adjustment, not a widget
        }
    }

    /// A new column on the right, for a large editor.
    func addColumn() -> UnsafeMutableRawPointer? {
        guard let columns, let column = impasto_ui_box(1, 12) else { return nil }
        impasto_ui_pack(columns, column, 0)
        return column
    }

    /// Back to the defaults (Reset).
    func reset() {
        let defaults = ProcedureArguments.defaults(for: procedure.parameters).takingPaths(of: image, in: ProcedureRunner.host)
        quiet = true
        for (i, control) in controls.enumerated() {
            arguments.values[i] = defaults.values[i]
            if let control { show(defaults.values[i], in: control) }
        }
        quiet = false
        onReset.forEach { $0() }
        changed()
    }

    private func renderPreview() {
        render?(self)
    }

    /// The preview's visible area, in the drawable's coordinates.
    var previewArea: GeglRectangle? {
        guard let preview else { return nil }
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        impasto_ui_preview_area(preview, &x, &y, &width, &height)
        guard width > 0, height > 0 else { return nil }
        return GeglRectangle(x: x, y: y, width: width, height: height)
    }

    func drawPreview(_ pixels: [UInt8], rowstride: Int) {
        guard let preview, !pixels.isEmpty else { return }
        pixels.withUnsafeBufferPointer { impasto_ui_preview_draw(preview, $0.baseAddress, Int32(rowstride)) }
    }

    /// Runs the dialog; the chosen arguments on OK, nil on Cancel.
    func run() -> ProcedureArguments? {
        reportGeometry()
        let ok = impasto_ui_dialog_run(dialog, ActionHandler.fire, callback { [unowned self] in reset() })
        impasto_ui_destroy(dialog)
        return ok != 0 ? arguments : nil
    }
}

// The GUI tests find the dialog's widgets, and see what it showed, through these hooks; only
// test (debug) builds have them, the installed plug-in never reads these variables.
#if DEBUG
extension ProcedureDialog {
    /// With IMPASTO_UI_GEOMETRY set to a file (the GUI tests do), the dialog appends where its
    /// landmarks are on the screen, one "name x y width height" line each, once it is shown —
    /// so that a test can drive it with the pointer wherever the layout puts them.
    func reportGeometry() {
        guard let path = getenv("IMPASTO_UI_GEOMETRY"), let dialog else { return }
        impasto_ui_show_now(dialog)
        guard let file = fopen(path, "a") else { return }
        defer { fclose(file) }
        let buttons = ["ok", "cancel", "reset", "help"].enumerated().compactMap { i, name in
            impasto_ui_dialog_button(dialog, Int32(i)).map { (name: name, widget: $0) }
        }
        for (name, widget) in [("dialog", dialog)] + buttons + landmarks {
            var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
            guard impasto_ui_geometry(widget, &x, &y, &width, &height) != 0 else { continue }
            fputs("\(procedure.name) \(name) \(x) \(y) \(width) \(height)\n", file)
        }
        if let area = previewArea {
            // Which pixels of the drawable the preview shows (drawable coordinates).
            fputs("\(procedure.name) preview-position \(area.x) \(area.y) \(area.width) \(area.height)\n", file)
        }
        fputs("\(procedure.name) ready\n", file)
    }
}
#else
extension ProcedureDialog {
    func reportGeometry() {}
}
#endif

extension ProcedureDialog {
    /// Shows `procedure`'s dialog; nil when the user cancelled. Without a display (GIMP's
    /// console) there is no dialog: the arguments (the last values) are used as they are.
    static func run(_ procedure: ImpastoProcedure.Type, image: Int32, drawable: Int32,
                    arguments: ProcedureArguments) -> ProcedureArguments? {
        guard impasto_ui_init("impasto") != 0 else { return arguments }
        let dialog = ProcedureDialog(procedure, image: image, drawable: drawable, arguments: arguments)
        dialog.build { dialog, side in
            if let render = ProcedureWidgets.attach(procedure, to: dialog, side: side) { dialog.render = { render($0) } }
        }
        return dialog.run()
    }
}
