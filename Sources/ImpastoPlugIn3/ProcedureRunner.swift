// SPDX-License-Identifier: GPL-3.0-or-later
import CGIMP3
import CImpastoGimp3
import Glibc
import ImpastoFrontEnd
import GeglKit
import ImpastoKernels

/// How GIMP 3 runs an Impasto procedure: registration (the GIMP 3 signatures of
/// docs/contract.md), reading the config into `ProcedureArguments`, the error; the checks and
/// the work are the procedure's own (`checkTarget`, `perform`), shared with GIMP 2.10.
enum ProcedureRunner {
    static let host = Gimp3()

    /// `procedure` registered on `plugIn`: an image procedure `(run-mode, image, drawables, …)`
    /// for one with a drawable, a plain one `(run-mode, …)` for one without; then its table's
    /// parameters in order (dialog-only ones as aux arguments).
    static func create(_ procedure: ImpastoProcedure.Type, on plugIn: UnsafeMutablePointer<GimpPlugIn>)
        -> UnsafeMutablePointer<GimpProcedure>? {
        let made: UnsafeMutablePointer<GimpProcedure>?
        switch procedure.target {
        case .drawable:
            made = gimp_image_procedure_new(plugIn, procedure.name, GIMP_PDB_PROC_TYPE_PLUGIN, runImage, nil, nil)
            if let made {
                gimp_procedure_set_image_types(made, "RGB*, GRAY*")
                // One drawable: GIMP greys the menu entry out when several are selected; a
                // script that passes several gets `run`'s message.
                gimp_procedure_set_sensitivity_mask(made, gint(GIMP_PROCEDURE_SENSITIVE_DRAWABLE.rawValue))
            }
        case .none:
            made = gimp_procedure_new(plugIn, procedure.name, GIMP_PDB_PROC_TYPE_PLUGIN, runPlain, nil, nil)
            if let made {
                gimp_procedure_add_enum_argument(made, "run-mode", "Run mode", "The run mode", gimp_run_mode_get_type(),
                                                 gint(GIMP_RUN_NONINTERACTIVE.rawValue), impasto_gimp3_argument_flags)
            }
        }
        guard let made else { return nil }
        // An op that GIMP 3 lists itself (its gimp:menu-path) stands for the procedure in the
        // menus (the procedure stays in the PDB for scripts), unless the procedure's dialog
        // offers what the op's generated one cannot: then both are listed, under distinct labels.
        if let label = procedure.menuOperation == nil ? procedure.menuLabel : procedure.dialogMenuLabel {
            gimp_procedure_set_menu_label(made, label)
            gimp_procedure_add_menu_path(made, gimp3MenuPath(procedure.menuPath))
        }
        gimp_procedure_set_documentation(made, procedure.blurb, procedure.help, procedure.name)
        gimp_procedure_set_attribution(made, ImpastoRelease.attribution.authors, ImpastoRelease.attribution.copyright,
                                       ImpastoRelease.attribution.date)
        // The labels GimpProcedureDialog shows carry mnemonics; a dialog-only parameter is the
        // procedure's own editor's, which labels it itself.
        let shown = procedure.parameters.filter { !$0.dialogOnly }
        let labels = Dictionary(uniqueKeysWithValues: zip(shown.map(\.name), shown.mnemonicTitles(reserved: dialogButtonKeys)))
        for parameter in procedure.parameters { parameter.add(to: made, label: labels[parameter.name] ?? parameter.title) }
        return made
    }

    /// The mnemonics of GimpProcedureDialog's buttons: _Reset, _Cancel, _OK, _Load Saved
    /// Settings, _Save Settings, _Help.
    static let dialogButtonKeys: Set<Character> = ["r", "c", "o", "l", "s", "h"]

    /// GIMP 3's place for a 2.10 menu path: its brushes' context menu is "<Brushes>/Brushes
    /// Menu" (a procedure at the bare root pushes GIMP's own entries into a submenu).
    static func gimp3MenuPath(_ path: String) -> String {
        path == "<Brushes>" ? "<Brushes>/Brushes Menu" : path
    }

    /// GimpRunImageFunc of every procedure with a drawable.
    private static let runImage: GimpRunImageFunc = { made, runMode, image, drawables, config, _ in
        respond(made) { procedure throws(ProcedureFailure) in
            guard let image, let config else { throw .calling(localized("%s needs an image.", procedure.name)) }
            let selected = list(drawables)
            guard selected.count == 1, let drawable = selected.first else {
                throw .calling(localized("%s works on one drawable, but %s were given; select a single layer or channel.",
                                         procedure.name, "\(selected.count)"))
            }
            try run(procedure, runMode: runMode, image: gimp_image_get_id(image),
                    drawable: gimp_item_get_id(.init(OpaquePointer(drawable))), config: config)
        }
    }

    /// GimpRunFunc of every procedure without an image (its run mode is its first argument).
    private static let runPlain: GimpRunFunc = { made, config, _ in
        respond(made) { procedure throws(ProcedureFailure) in
            guard let config else { throw .calling(localized("%s has no arguments.", procedure.name)) }
            let runMode = GimpRunMode(rawValue: UInt32(bitPattern: impasto_gimp3_config_get_int(config, "run-mode")))
            try run(procedure, runMode: runMode, image: -1, drawable: -1, config: config)
        }
    }

    /// Finds the procedure `made` is, runs `body` with it, and returns GIMP's return values:
    /// success, or the failure's status with its message as the GError the caller sees.
    private static func respond(_ made: UnsafeMutablePointer<GimpProcedure>?,
                                _ body: (ImpastoProcedure.Type) throws(ProcedureFailure) -> Void) -> OpaquePointer? {
        let name = made.flatMap { gimp_procedure_get_name($0) }.map { String(cString: $0) } ?? ""
        let result = Result { () throws(ProcedureFailure) in
            guard let procedure = procedures.first(where: { $0.name == name }) else {
                throw .calling(localized("Impasto has no procedure named %s.", name))
            }
            try body(procedure)
        }
        switch result {
        case .success: return gimp_procedure_new_return_values(made, GIMP_PDB_SUCCESS, nil)
        case .failure(let failure): return impasto_gimp3_failure(made, GimpPDBStatusType(failure.status.pdbCode), failure.message)
        }
    }

    /// The NULL-terminated drawables array GIMP passes.
    private static func list(_ drawables: UnsafeMutablePointer<UnsafeMutablePointer<GimpDrawable>?>?)
        -> [UnsafeMutablePointer<GimpDrawable>] {
        var list: [UnsafeMutablePointer<GimpDrawable>] = []
        guard var next = drawables else { return list }
        while let drawable = next.pointee {
            list.append(drawable)
            next += 1
        }
        return list
    }

    private static func run(_ procedure: ImpastoProcedure.Type, runMode: GimpRunMode, image: Int32, drawable: Int32,
                            config: UnsafeMutablePointer<GimpProcedureConfig>) throws(ProcedureFailure) {
        // libgimp has already filled `config`: the call's arguments (RUN-NONINTERACTIVE) or the
        // last values (RUN-WITH-LAST-VALS and RUN-INTERACTIVE).
        var arguments = read(procedure, config)
        if runMode != GIMP_RUN_NONINTERACTIVE {
            // Last values from another image: its path becomes this image's selected one.
            arguments = arguments.forgettingVanishedDrawables(in: host).takingPaths(of: image, in: host)
        }
        try procedure.checkTarget(ProcedureCall(host: host, image: image, drawable: drawable, arguments: arguments))
        Gegl.initialize()
        if runMode == GIMP_RUN_INTERACTIVE {
            // The dialog edits the config (libgimp keeps it as the last values after OK).
            for (parameter, value) in zip(procedure.parameters, arguments.values) { parameter.write(value, to: config) }
            switch ProcedureDialog.run(procedure, image: image, drawable: drawable, config: config, arguments: arguments) {
            case false?: throw .cancelled
            case true?: arguments = read(procedure, config)
            case nil: break  // no display (gimp-console): the last values, as they are
            }
        }
        try procedure.perform(ProcedureCall(host: host, image: image, drawable: drawable, arguments: arguments))
        // libgimp keeps the last values itself only after an interactive run; a script's call
        // sets them too, as in GIMP 2.10, so RUN-WITH-LAST-VALS repeats it (in later sessions too).
        if runMode == GIMP_RUN_NONINTERACTIVE, let message = impasto_gimp3_config_save_last(config) {
            defer { g_free(message) }
            fputs("\(procedure.name): could not keep the last values: \(String(cString: message))\n", stderr)
        }
        if runMode != GIMP_RUN_NONINTERACTIVE { host.flushDisplays() }
    }

    /// The config's values, as the shared checks and procedures take them.
    private static func read(_ procedure: ImpastoProcedure.Type, _ config: UnsafeMutablePointer<GimpProcedureConfig>)
        -> ProcedureArguments {
        var arguments = ProcedureArguments.defaults(for: procedure.parameters)
        arguments.values = procedure.parameters.map { $0.value(in: config) }
        return arguments
    }
}
