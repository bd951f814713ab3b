import CGIMP3
import CImpastoGimp3
import Glibc
import GeglKit

/// Why a call failed; the message reaches the caller (Script-Fu prints it, GIMP shows it).
struct ProcedureFailure: Error {
    let status: GimpPDBStatusType
    let message: String

    static func calling(_ message: String) -> ProcedureFailure {
        ProcedureFailure(status: GIMP_PDB_CALLING_ERROR, message: message)
    }

    static func execution(_ message: String) -> ProcedureFailure {
        ProcedureFailure(status: GIMP_PDB_EXECUTION_ERROR, message: message)
    }
}

/// An Impasto procedure as a GIMP 3 image procedure: `(run-mode, image, drawables, arguments…)`,
/// working on the one selected drawable in place (selection respected, one undo step).
protocol ImageProcedure {
    static var name: String { get }
    static var blurb: String { get }
    static var help: String { get }
    static var menuLabel: String { get }
    static var menuPath: String { get }
    static var arguments: [ProcedureArgument] { get }
    /// Applies the effect; the runner has checked the drawable and the values and holds an
    /// undo group open around this call.
    static func apply(to drawable: UnsafeMutablePointer<GimpDrawable>, values: [String: ArgumentValue]) throws(ProcedureFailure)
}

/// What every GIMP 3 image procedure shares: registration, the drawable checks, validation,
/// one undo group, the error message, the last values.
enum ProcedureRunner {
    /// The procedure `procedure` registered on `plugIn`, with its arguments and menu entry.
    static func create(_ procedure: ImageProcedure.Type, on plugIn: UnsafeMutablePointer<GimpPlugIn>)
        -> UnsafeMutablePointer<GimpProcedure>? {
        guard let made = gimp_image_procedure_new(plugIn, procedure.name, GIMP_PDB_PROC_TYPE_PLUGIN, run, nil, nil) else {
            return nil
        }
        gimp_procedure_set_image_types(made, "RGB*, GRAY*")
        // One drawable: GIMP greys the menu entry out when several are selected; a script that
        // passes several gets `run`'s message.
        gimp_procedure_set_sensitivity_mask(made, gint(GIMP_PROCEDURE_SENSITIVE_DRAWABLE.rawValue))
        gimp_procedure_set_menu_label(made, procedure.menuLabel)
        gimp_procedure_add_menu_path(made, procedure.menuPath)
        gimp_procedure_set_documentation(made, procedure.blurb, procedure.help, procedure.name)
        gimp_procedure_set_attribution(made, "Impasto developers", "Impasto developers", "2026")
        for argument in procedure.arguments { argument.add(to: made) }
        return made
    }

    /// GimpRunImageFunc for every procedure: finds the procedure by name, runs it, turns a
    /// failure into return values with the message.
    private static let run: GimpRunImageFunc = { made, runMode, image, drawables, config, _ in
        let name = String(cString: gimp_procedure_get_name(made))
        let result = Result { () throws(ProcedureFailure) in
            guard let procedure = procedures.first(where: { $0.name == name }) else {
                throw .calling("Impasto has no procedure named \(name).")
            }
            guard let image, let config else { throw .calling("\(name) needs an image.") }
            try ProcedureRunner.run(procedure, runMode: runMode, image: image,
                                    drawables: selected(drawables), config: config)
        }
        switch result {
        case .success: return gimp_procedure_new_return_values(made, GIMP_PDB_SUCCESS, nil)
        case .failure(let failure): return impasto_gimp3_failure(made, failure.status, failure.message)
        }
    }

    /// The NULL-terminated drawables array GIMP passes.
    private static func selected(_ drawables: UnsafeMutablePointer<UnsafeMutablePointer<GimpDrawable>?>?)
        -> [UnsafeMutablePointer<GimpDrawable>] {
        var list: [UnsafeMutablePointer<GimpDrawable>] = []
        guard var next = drawables else { return list }
        while let drawable = next.pointee {
            list.append(drawable)
            next += 1
        }
        return list
    }

    private static func run(_ procedure: ImageProcedure.Type, runMode: GimpRunMode, image: OpaquePointer,
                            drawables: [UnsafeMutablePointer<GimpDrawable>],
                            config: UnsafeMutablePointer<GimpProcedureConfig>) throws(ProcedureFailure) {
        guard drawables.count == 1, let drawable = drawables.first else {
            throw .calling("\(procedure.name) works on one drawable, but \(drawables.count) were given; "
                           + "select a single layer or channel.")
        }
        try checkDrawable(procedure, image: image, drawable: drawable)
        // libgimp has already filled `config`: the call's arguments (RUN-NONINTERACTIVE) or the
        // last values (RUN-WITH-LAST-VALS, and RUN-INTERACTIVE until the dialogs exist).
        var values: [String: ArgumentValue] = [:]
        for argument in procedure.arguments {
            let value = argument.value(in: config)
            if let problem = argument.problem(with: value) {
                throw .calling("\(procedure.name): \(problem).")
            }
            values[argument.name] = value
        }
        Gegl.initialize()
        gimp_image_undo_group_start(image)
        do {
            defer { gimp_image_undo_group_end(image) }
            try procedure.apply(to: drawable, values: values)
        }
        // libgimp keeps the last values itself only after an interactive run; a script's call
        // sets them too, as in GIMP 2.10, so RUN-WITH-LAST-VALS repeats it (in later sessions too).
        if runMode == GIMP_RUN_NONINTERACTIVE, let message = impasto_gimp3_config_save_last(config) {
            defer { g_free(message) }
            fputs("\(procedure.name): could not keep the last values: \(String(cString: message))\n", stderr)
        }
    }

    /// Why `drawable` cannot be filtered (not of `image`, a group, locked, indexed), in the
    /// GIMP 2.10 plug-in's words.
    static func checkDrawable(_ procedure: ImageProcedure.Type, image: OpaquePointer,
                              drawable: UnsafeMutablePointer<GimpDrawable>) throws(ProcedureFailure) {
        let item = impasto_gimp3_item(drawable)
        guard let owner = gimp_item_get_image(item), gimp_image_get_id(owner) == gimp_image_get_id(image) else {
            throw .calling("\(procedure.name): drawable \(gimp_item_get_id(item)) does not belong to image "
                           + "\(gimp_image_get_id(image)).")
        }
        guard gimp_item_is_group(item) == 0 else {
            throw .execution("\(procedure.name): a layer group has no pixels of its own; "
                             + "choose a layer inside it, or merge the group first.")
        }
        var next: UnsafeMutablePointer<GimpItem>? = item
        while let current = next {  // the layer, then each group it is in
            guard gimp_item_get_lock_content(current) == 0 else {
                throw .execution("\(procedure.name): the pixels of this layer "
                                 + (current == item ? "are" : "(or of a group it is in) are")
                                 + " locked; unlock them in the Layers dialog first.")
            }
            next = gimp_item_get_parent(current)
        }
        guard gimp_drawable_is_indexed(drawable) == 0 else {
            throw .execution("\(procedure.name): indexed images are not supported; "
                             + "convert the image to RGB or grayscale first (Image → Mode → RGB).")
        }
    }
}
