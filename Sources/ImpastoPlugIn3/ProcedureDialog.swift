// SPDX-License-Identifier: GPL-3.0-or-later
import CGIMP3
import CImpastoGimp3
import Glibc
import ImpastoFrontEnd
import ImpastoWidgets
import GeglKit
import ImpastoKernels

/// A procedure's dialog in GIMP 3 (RUN-INTERACTIVE): GimpProcedureDialog over the procedure's
/// config — whose properties are the procedure's arguments, made from the same parameter
/// table as its PDB signature — so its standard widgets, Reset (initial values, factory
/// defaults), Save Settings / Load Saved Settings and the last values are GIMP's own; a live
/// preview rendered by the same code OK then applies; choosers limited to sensible items.
/// Procedures add their own editors (the pencil pad, the hemisphere editor) through
/// `ProcedureWidgets`, as in GIMP 2.10; this dialog has the same members as 2.10's.
///
/// The config is the one truth: every widget writes it (the standard ones themselves, the
/// others through `set`), and every change of it, whoever made it, updates `arguments`, the
/// other widgets and the preview.
final class ProcedureDialog {
    let procedure: ImpastoProcedure.Type
    let image: Int32
    let drawable: Int32
    /// The current values, kept in step with the config.
    private(set) var arguments: ProcedureArguments
    private let config: UnsafeMutablePointer<GimpProcedureConfig>
    private let dialog: UnsafeMutablePointer<GtkWidget>?
    /// The GimpDrawablePreview (nil for a procedure without a drawable).
    private(set) var preview: UnsafeMutableRawPointer?
    /// The dialog's columns (preview, parameters, …): an editor may add its own.
    private(set) var columns: UnsafeMutableRawPointer?
    /// The widgets this dialog makes itself (the choosers), by parameter index: they follow
    /// the config through `show`.
    private var controls: [Int: Control] = [:]
    /// Called after any value changed (by a widget, by `set`, by Reset or Load Saved Settings).
    var onChange: [() -> Void] = []
    /// Called after the values were replaced together (Reset, Load Saved Settings).
    var onReset: [() -> Void] = []
    /// Renders the preview's visible area; nil: no preview.
    var render: ((ProcedureDialog) -> Void)?
    private var handlers: [ActionHandler] = []
    /// Inside `set`: the change is this dialog's own, not a wholesale replacement.
    private var setting = false
    /// How many values changed from outside (GimpProcedureDialog's Reset and Load Saved
    /// Settings replace them all in one burst of notifications) since the last idle.
    private var outsideChanges = 0
    /// The idle that follows a burst of changes (0: none pending).
    private var idle: guint = 0
    /// The config's "notify" handler: the config outlives the dialog, the handler must not.
    private var notifyHandler: gulong = 0
    /// Editors and other objects that live as long as the dialog.
    var retained: [AnyObject] = []
    /// Named widgets whose place on screen tests can ask for (see `reportGeometry`).
    var landmarks: [(name: String, widget: UnsafeMutableRawPointer)] = []

    enum Control {
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

    /// Runs `action` whenever `instance` (a GObject) emits `signal`.
    func connect(_ instance: UnsafeMutableRawPointer?, _ signal: String, _ action: @escaping () -> Void) {
        guard let instance else { return }
        _ = impasto_gimp3_connect(instance, signal, ActionHandler.fire, callback(action))
    }

    init(_ procedure: ImpastoProcedure.Type, image: Int32, drawable: Int32,
         config: UnsafeMutablePointer<GimpProcedureConfig>, arguments: ProcedureArguments) {
        self.procedure = procedure
        self.image = image
        self.drawable = drawable
        self.config = config
        self.arguments = arguments
        dialog = gimp_procedure_config_get_procedure(config).flatMap { gimp_procedure_dialog_new($0, config, procedure.dialogTitle) }
    }

    /// Builds the dialog: the preview on the left (for a drawable), then `extras` and the
    /// parameters' widgets on the right.
    func build(extras: (ProcedureDialog, UnsafeMutableRawPointer) -> Void) {
        guard let dialog, let content = gtk_dialog_get_content_area(cast(dialog)),
              let columns = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12) else { return }
        self.columns = UnsafeMutableRawPointer(columns)
        gtk_box_pack_start(cast(content), columns, 1, 1, 0)
        if procedure.target == .drawable, gimp_item_id_is_drawable(drawable) != 0,
           let target = gimp_drawable_get_by_id(drawable),
           let preview = gimp_procedure_dialog_get_drawable_preview(cast(dialog), "preview", target) {
            self.preview = UnsafeMutableRawPointer(preview)
            connect(UnsafeMutableRawPointer(preview), "invalidated") { [unowned self] in render?(self) }
            if let area = gimp_preview_get_area(cast(preview)) { landmarks.append(("preview", UnsafeMutableRawPointer(area))) }
            gtk_box_pack_start(cast(columns), preview, 1, 1, 0)
        }
        guard let side = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12),
              let table = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6) else { return }
        gtk_box_pack_start(cast(columns), side, 0, 0, 0)
        extras(self, UnsafeMutableRawPointer(side))
        gtk_box_pack_start(cast(side), table, 0, 0, 0)
        // Room for the sliders: GimpScaleEntry's scale asks for next to nothing.
        gtk_widget_set_size_request(table, 400, -1)
        for (index, parameter) in procedure.parameters.enumerated() where !parameter.dialogOnly {
            // (A dialog-only parameter is the procedure's own editor's to show.)
            if let widget = widget(for: parameter, index: index, dialog: dialog) {
                gtk_box_pack_start(cast(table), widget, 0, 0, 0)
            }
        }
        gtk_widget_show_all(columns)
        notifyHandler = impasto_gimp3_connect_notify(UnsafeMutableRawPointer(config), { name, data in
            guard let name, let data else { return }
            Unmanaged<ProcedureDialog>.fromOpaque(data).takeUnretainedValue().configChanged(String(cString: name))
        }, Unmanaged.passUnretained(self).toOpaque())
        onReset.forEach { $0() }  // the editors, built first, now see every control
    }

    /// The widget of one parameter: GimpProcedureDialog's own for numbers, switches and
    /// choices; a combo for a preset name and a chooser for an item, which it has not.
    private func widget(for parameter: ProcedureParameter, index: Int,
                        dialog: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        let name = parameter.name
        switch parameter.kind {
        case .float(let range):
            guard let entry = gimp_procedure_dialog_get_scale_entry(cast(dialog), name, 1) else { return nil }
            let (step, digits) = ProcedureParameter.steps(for: range.upperBound - range.lowerBound)
            gimp_label_spin_set_digits(cast(entry), digits)
            gimp_label_spin_set_increments(cast(entry), step, step * 10)
            if let slider = parameter.sliderRange, slider != range {
                // The slider spans the useful values; its entry takes any accepted one.
                gimp_scale_entry_set_bounds(cast(entry), slider.lowerBound, slider.upperBound, 1)
            }
            addLandmarks(scale: entry, name: name)
            return entry
        case .integer:
            guard let entry = gimp_procedure_dialog_get_scale_entry(cast(dialog), name, 1) else { return nil }
            gimp_label_spin_set_digits(cast(entry), 0)
            gimp_label_spin_set_increments(cast(entry), 1, 10)
            addLandmarks(scale: entry, name: name)
            return entry
        case .boolean:
            let toggle = gimp_procedure_dialog_get_widget(cast(dialog), name, impasto_gimp3_default_widget_type())
            if let toggle { landmarks.append(("toggle:\(name)", UnsafeMutableRawPointer(toggle))) }
            return toggle
        case .choice:
            // A labelled combo: GIMP 3.2's default for three choices or fewer, a frame of radio
            // buttons, has no label to carry the mnemonic ("no mnemonic for property profile").
            let combo = gimp_procedure_dialog_get_widget(cast(dialog), name, gtk_combo_box_get_type())
            if let combo { landmarks.append(("combo:\(name)", UnsafeMutableRawPointer(combo))) }
            return combo
        case .name(let choices):
            let labels = choices.map(\.label)
            guard let combo = labels.withCStrings({ gimp_int_combo_box_new_array(gint(labels.count), $0) }) else { return nil }
            return add(.combo(UnsafeMutableRawPointer(combo), choices.map { .string($0.nick) }), combo, index, parameter)
        case .drawable:
            guard let combo = impasto_gimp3_item_combo(0, parameter.fromAnyImage ? -1 : image, drawable, parameter.noneLabel) else { return nil }
            return add(.item(UnsafeMutableRawPointer(combo)), combo, index, parameter)
        case .vectors:
            guard let combo = impasto_gimp3_item_combo(1, image, -1, nil) else { return nil }
            return add(.item(UnsafeMutableRawPointer(combo)), combo, index, parameter)
        }
    }

    private func addLandmarks(scale entry: UnsafeMutablePointer<GtkWidget>, name: String) {
        if let slider = gimp_scale_entry_get_range(cast(entry)) { landmarks.append(("slider:\(name)", UnsafeMutableRawPointer(slider))) }
        if let spin = gimp_label_spin_get_spin_button(cast(entry)) { landmarks.append(("spin:\(name)", UnsafeMutableRawPointer(spin))) }
    }

    /// One of this dialog's own combos, labelled, showing the parameter's value and writing
    /// the config when the user picks another entry.
    private func add(_ control: Control, _ combo: UnsafeMutablePointer<GtkWidget>, _ index: Int,
                     _ parameter: ProcedureParameter) -> UnsafeMutablePointer<GtkWidget>? {
        controls[index] = control
        show(arguments.values[index], in: control, index: index)
        connect(UnsafeMutableRawPointer(combo), "changed") { [unowned self] in
            guard let value = value(of: control), value != arguments.values[index] else { return }
            set(parameter.name, value)
        }
        landmarks.append(("combo:\(parameter.name)", UnsafeMutableRawPointer(combo)))
        // A row of its title and the combo, as GimpProcedureDialog lays out its own.
        guard let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6), let title = gtk_label_new_with_mnemonic(parameter.title) else {
            return combo
        }
        gtk_label_set_xalign(cast(title), 0)
        gtk_label_set_mnemonic_widget(cast(title), combo)
        gtk_box_pack_start(cast(row), title, 0, 0, 0)
        gtk_widget_set_hexpand(combo, 1)
        gtk_box_pack_start(cast(row), combo, 1, 1, 0)
        gimp_help_set_help_data(row, parameter.description, nil)
        return row
    }

    /// What `control` shows, as a parameter value.
    private func value(of control: Control) -> ParameterValue? {
        var active: gint = -1
        switch control {
        case .combo(let combo, let values):
            guard gimp_int_combo_box_get_active(cast(combo), &active) != 0, values.indices.contains(Int(active)) else { return nil }
            return values[Int(active)]
        case .item(let combo):
            guard gimp_int_combo_box_get_active(cast(combo), &active) != 0 else { return nil }
            return .int(active)
        }
    }

    /// Moves `control` to `value`. An item that is not in the chooser (none yet, or gone
    /// after Reset to Factory Defaults) becomes the chooser's first entry, as in GIMP 2.10.
    private func show(_ value: ParameterValue, in control: Control, index: Int) {
        switch control {
        case .combo(let combo, let values):
            var wanted = value
            if case .string = value { wanted = .string(arguments.name(procedure.parameters[index].name)) }
            gimp_int_combo_box_set_active(cast(combo), gint(values.firstIndex(of: wanted) ?? 0))
        case .item(let combo):
            guard case .int(let id) = value, gimp_int_combo_box_set_active(cast(combo), id) != 0 else {
                gtk_combo_box_set_active(cast(combo), 0)
                if let settled = self.value(of: control), settled != value { set(procedure.parameters[index].name, settled) }
                return
            }
        }
    }

    /// A property of the config changed (a widget, `set`, Reset, Load Saved Settings).
    private func configChanged(_ name: String) {
        guard let i = procedure.parameters.firstIndex(where: { $0.name == name }) else { return }
        let value = procedure.parameters[i].value(in: config)
        arguments.values[i] = value
        if let control = controls[i], self.value(of: control) != value { show(value, in: control, index: i) }
        if !setting { outsideChanges += 1 }
        if idle == 0 {
            // After the burst: Reset and Load Saved Settings set every property at once.
            idle = g_idle_add({ data in
                guard let data else { return 0 }
                Unmanaged<ProcedureDialog>.fromOpaque(data).takeUnretainedValue().settled()
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
        }
        onChange.forEach { $0() }
        if let preview { gimp_preview_invalidate(cast(preview)) }
    }

    private func settled() {
        idle = 0
        defer { outsideChanges = 0 }
        if outsideChanges > 1 { onReset.forEach { $0() } }
    }

    /// Sets a parameter (e.g. from the pencil pad): writes the config, so that its widget follows.
    func set(_ name: String, _ value: ParameterValue) {
        guard let i = procedure.parameters.firstIndex(where: { $0.name == name }) else { return }
        setting = true
        procedure.parameters[i].write(value, to: config)
        setting = false
        // (Also while the dialog is being built, before it listens to the config.)
        arguments.values[i] = procedure.parameters[i].value(in: config)
    }

    func setSensitive(parameter name: String, _ sensitive: Bool) {
        guard let i = procedure.parameters.firstIndex(where: { $0.name == name }), let control = controls[i] else { return }
        switch control {
        case .combo(let widget, _), .item(let widget): gtk_widget_set_sensitive(cast(widget), sensitive ? 1 : 0)
        }
    }

    /// A new column on the right, for a large editor.
    func addColumn() -> UnsafeMutableRawPointer? {
        guard let columns, let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12) else { return nil }
        gtk_box_pack_start(cast(columns), column, 0, 0, 0)
        gtk_widget_show(column)
        return UnsafeMutableRawPointer(column)
    }

    /// The preview's visible area, in the drawable's coordinates.
    var previewArea: GeglRectangle? {
        guard let preview else { return nil }
        var x: gint = 0, y: gint = 0, width: gint = 0, height: gint = 0
        gimp_preview_get_position(cast(preview), &x, &y)
        gimp_preview_get_size(cast(preview), &width, &height)
        guard width > 0, height > 0 else { return nil }
        return GeglRectangle(x: x, y: y, width: width, height: height)
    }

    /// Shows `pixels` (8-bit, the drawable's channels, over `previewArea`) in the preview.
    func drawPreview(_ pixels: [UInt8], rowstride: Int) {
        guard let preview, let area = previewArea, !pixels.isEmpty,
              pixels.count >= rowstride * Int(area.height) else { return }
        pixels.withUnsafeBufferPointer { gimp_preview_draw_buffer(cast(preview), $0.baseAddress, gint(rowstride)) }
    }

    /// Runs the dialog: true on OK (the config holds the chosen values), false on Cancel.
    func run() -> Bool {
        guard let dialog else { return false }
        reportGeometry()
        let ok = gimp_procedure_dialog_run(cast(dialog)) != 0
        reportClosing(ok: ok)
        // Nothing may call back into this object once it is gone; the config lives on.
        if notifyHandler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(config), notifyHandler) }
        if idle != 0 { _ = g_source_remove(idle) }
        gtk_widget_destroy(dialog)
        return ok
    }
}

// The GUI tests find the dialog's widgets, and see what it showed, through these hooks; only
// test (debug) builds have them, the installed plug-in never reads these variables.
#if DEBUG
extension ProcedureDialog {
    /// With IMPASTO_UI_GEOMETRY set to a file (the GUI tests do), the dialog appends where its
    /// landmarks are on the screen, one "procedure name x y width height" line each, once it
    /// is shown — so that a test can drive it with the pointer wherever the layout puts
    /// them — as GIMP 2.10's does; then "procedure ready".
    func reportGeometry() {
        guard let path = getenv("IMPASTO_UI_GEOMETRY"), let dialog else { return }
        // Shown, laid out and drawn before anyone asks where things are.
        gtk_widget_show(dialog)
        while gtk_widget_get_mapped(dialog) == 0 || gtk_events_pending() != 0 { _ = gtk_main_iteration() }
        gdk_display_sync(gtk_widget_get_display(dialog))
        while gtk_events_pending() != 0 { _ = gtk_main_iteration() }
        guard let file = fopen(path, "a") else { return }
        defer { fclose(file) }
        // GimpProcedureDialog's buttons: OK, Cancel, Reset (its popover offers the initial
        // values and the factory defaults), Help, and its settings buttons.
        let responses: [(String, gint)] = [("ok", gint(GTK_RESPONSE_OK.rawValue)), ("cancel", gint(GTK_RESPONSE_CANCEL.rawValue)),
                                           ("reset", 1), ("help", gint(GTK_RESPONSE_HELP.rawValue))]
        var named: [(String, UnsafeMutablePointer<GtkWidget>)] = [("dialog", dialog)]
        named += responses.compactMap { name, response in gtk_dialog_get_widget_for_response(cast(dialog), response).map { (name, $0) } }
        let settings: [(String, String)] = [("save-settings", localized("_Save Settings")), ("load-settings", localized("_Load Saved Settings"))]
        named += settings.compactMap { name, label in impasto_gimp3_find_button(dialog, label).map { (name, $0) } }
        named += landmarks.map { ($0.name, $0.widget.assumingMemoryBound(to: GtkWidget.self)) }
        for (name, widget) in named {
            guard let r = Self.screenRectangle(of: widget) else { continue }
            fputs("\(procedure.name) \(name) \(r.x) \(r.y) \(r.width) \(r.height)\n", file)
        }
        if let area = previewArea {
            // Which pixels of the drawable the preview shows (drawable coordinates).
            fputs("\(procedure.name) preview-position \(area.x) \(area.y) \(area.width) \(area.height)\n", file)
        }
        fputs("\(procedure.name) ready\n", file)
    }

    /// With IMPASTO_UI_SNAPSHOTS set to a folder (the GUI tests do), the dialog, when the
    /// user closed it and before it goes, saves what the screen showed of it and of its
    /// preview there (`<procedure>-<pid>-dialog.png`, `…-preview.png`) and appends to the
    /// geometry file "procedure closed ok|cancel DIALOG.png PREVIEW.png x y width height"
    /// (the preview's area in the drawable, or "-" and no area without a preview).
    func reportClosing(ok: Bool) {
        guard let folder = getenv("IMPASTO_UI_SNAPSHOTS").map({ String(cString: $0) }), let dialog,
              let path = getenv("IMPASTO_UI_GEOMETRY"), let file = fopen(path, "a") else { return }
        defer { fclose(file) }
        // What is on screen now: the preview's last render drawn, the pointer off the buttons.
        while gtk_events_pending() != 0 { _ = gtk_main_iteration() }
        let stem = "\(folder)/\(procedure.name)-\(getpid())"
        func snapshot(_ widget: UnsafeMutablePointer<GtkWidget>, _ file: String) -> Bool {
            guard let r = Self.screenRectangle(of: widget) else { return false }
            return impasto_gimp3_snapshot(r.x, r.y, r.width, r.height, file) != 0
        }
        let shot = snapshot(dialog, "\(stem)-dialog.png") ? "\(stem)-dialog.png" : "-"
        var previewShot = "-", area = ""
        if let widget = landmarks.first(where: { $0.name == "preview" })?.widget, let shown = previewArea,
           snapshot(widget.assumingMemoryBound(to: GtkWidget.self), "\(stem)-preview.png") {
            previewShot = "\(stem)-preview.png"
            area = " \(shown.x) \(shown.y) \(shown.width) \(shown.height)"
        }
        fputs("\(procedure.name) closed \(ok ? "ok" : "cancel") \(shot) \(previewShot)\(area)\n", file)
    }

    /// Where `widget` is on the screen (root-window coordinates), if it is shown.
    static func screenRectangle(of widget: UnsafeMutablePointer<GtkWidget>) -> GeglRectangle? {
        guard gtk_widget_get_mapped(widget) != 0, let toplevel = gtk_widget_get_toplevel(widget),
              let window = gtk_widget_get_window(toplevel) else { return nil }
        var inside: (x: gint, y: gint) = (0, 0), origin: (x: gint, y: gint) = (0, 0)
        guard gtk_widget_translate_coordinates(widget, toplevel, 0, 0, &inside.x, &inside.y) != 0 else { return nil }
        _ = gdk_window_get_origin(window, &origin.x, &origin.y)
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        return GeglRectangle(x: origin.x + inside.x, y: origin.y + inside.y, width: allocation.width, height: allocation.height)
    }
}
#else
extension ProcedureDialog {
    func reportGeometry() {}
    func reportClosing(ok: Bool) {}
}
#endif

extension ProcedureDialog {
    /// Shows `procedure`'s dialog over `config` (which holds `arguments`); true on OK, false
    /// on Cancel, nil without a display (gimp-console): the caller goes on with the config.
    static func run(_ procedure: ImpastoProcedure.Type, image: Int32, drawable: Int32,
                    config: UnsafeMutablePointer<GimpProcedureConfig>, arguments: ProcedureArguments) -> Bool? {
        // GIMP names a display only when it has a user interface (not gimp-console); without
        // one, gimp_ui_init () would end the plug-in.
        guard gimp_display_name() != nil else { return nil }
        gimp_ui_init("impasto")
        let dialog = ProcedureDialog(procedure, image: image, drawable: drawable, config: config, arguments: arguments)
        dialog.build { dialog, side in
            if let render = ProcedureWidgets.attach(procedure, to: dialog, side: side) { dialog.render = { render($0) } }
        }
        return dialog.run()
    }
}

/// A GTK or GIMP widget pointer as another of its GObject types (GTK_BOX (), GIMP_PREVIEW (), …:
/// macros Swift cannot call); the caller knows the object's type.
func cast<T>(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
    pointer.assumingMemoryBound(to: T.self)
}

func cast<T, U>(_ pointer: UnsafeMutablePointer<U>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

func cast<U>(_ pointer: UnsafeMutablePointer<U>) -> OpaquePointer {
    OpaquePointer(pointer)
}

func cast(_ pointer: UnsafeMutableRawPointer) -> OpaquePointer {
    OpaquePointer(pointer)
}

extension Array where Element == String {
    /// `body` with these strings as a C array of `const gchar *`.
    func withCStrings<R>(_ body: (UnsafeMutablePointer<UnsafePointer<gchar>?>?) -> R) -> R {
        let copies: [UnsafeMutablePointer<CChar>?] = map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers: [UnsafePointer<gchar>?] = copies.map { $0.map { UnsafePointer($0) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress) }
    }
}
