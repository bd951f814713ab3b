// SPDX-License-Identifier: GPL-3.0-or-later
import CGIMP
import ImpastoFrontEnd
import GeglKit
import ImpastoKernels

/// How GIMP 2.10 runs an Impasto procedure: registration in its PDB, argument decoding, run
/// modes and last-used values, the dialog; the checks and the work are the procedure's own
/// (`checkTarget`, `perform`), shared with GIMP 3.
enum ProcedureRunner {
    static let host = Gimp210()

    /// (run-mode, image, drawable), before each procedure's own parameters.
    static let drawableParameters: [(GimpPDBArgType, String, String)] = [
        (GIMP_PDB_INT32, "run-mode", "The run mode { RUN-INTERACTIVE (0), RUN-NONINTERACTIVE (1), RUN-WITH-LAST-VALS (2) }"),
        (GIMP_PDB_IMAGE, "image", "Input image"),
        (GIMP_PDB_DRAWABLE, "drawable", "Input drawable (modified in place)"),
    ]

    static func leadingParameters(_ procedure: ImpastoProcedure.Type) -> [(GimpPDBArgType, String, String)] {
        switch procedure.target {
        case .drawable: drawableParameters
        case .none: Array(drawableParameters.prefix(1))
        }
    }

    static func install(_ procedure: ImpastoProcedure.Type) {
        let params = (leadingParameters(procedure) + procedure.parameters.filter { !$0.dialogOnly }.map { ($0.pdbType, $0.name, $0.description) })
            .map { GimpParamDef(type: $0.0, name: strdup($0.1), description: strdup($0.2)) }
        params.withUnsafeBufferPointer { defs in
            gimp_install_procedure(procedure.name, procedure.blurb, procedure.help,
                                   ImpastoRelease.attribution.authors, ImpastoRelease.attribution.copyright,
                                   ImpastoRelease.attribution.date,
                                   procedure.menuLabel, procedure.target == .drawable ? "RGB*, GRAY*" : "",
                                   GIMP_PLUGIN,
                                   Int32(defs.count), 0, defs.baseAddress, nil)
        }
        gimp_plugin_menu_register(procedure.name, procedure.menuPath)
    }

    /// Runs `procedure` for GIMP's run callback; returns the status and, on failure, the message.
    static func run(_ procedure: ImpastoProcedure.Type, _ params: UnsafeBufferPointer<GimpParam>)
        -> Result<Void, ProcedureFailure> {
        Result { () throws(ProcedureFailure) in
            let leading = leadingParameters(procedure).count
            guard params.count >= leading else {
                throw .calling(localized("%s needs (%s, …)", procedure.name,
                                         leadingParameters(procedure).map(\.1).joined(separator: ", ")))
            }
            let runMode = GimpRunMode(rawValue: UInt32(bitPattern: params[0].data.d_int32))
            let image = leading > 1 ? params[1].data.d_image : -1
            let drawable = leading > 2 ? params[2].data.d_drawable : -1

            var arguments: ProcedureArguments
            switch runMode {
            case GIMP_RUN_NONINTERACTIVE:
                arguments = try decode(procedure, params.dropFirst(leading))
            default:
                // The last values (a path from another image: the image's active path).
                arguments = LastValues.load(procedure).forgettingVanishedDrawables(in: host).takingPaths(of: image, in: host)
            }
            try procedure.checkTarget(ProcedureCall(host: host, image: image, drawable: drawable, arguments: arguments))
            Gegl.initialize()
            if runMode == GIMP_RUN_INTERACTIVE {
                guard let chosen = ProcedureDialog.run(procedure, image: image, drawable: drawable, arguments: arguments) else {
                    throw .cancelled
                }
                arguments = chosen
            }
            try procedure.perform(ProcedureCall(host: host, image: image, drawable: drawable, arguments: arguments))
            LastValues.store(arguments, for: procedure)
            if runMode != GIMP_RUN_NONINTERACTIVE { host.flushDisplays() }
        }
    }

    private static func decode(_ procedure: ImpastoProcedure.Type, _ params: Slice<UnsafeBufferPointer<GimpParam>>)
        throws(ProcedureFailure) -> ProcedureArguments {
        let expected = procedure.parameters.filter { !$0.dialogOnly }
        guard params.count == expected.count else {
            let leading = leadingParameters(procedure).map(\.1)
            throw .calling(localized("%s takes %s arguments (%s), not %s.", procedure.name, "\(expected.count + leading.count)",
                                     (leading + expected.map(\.name)).joined(separator: ", "), "\(params.count + leading.count)"))
        }
        var arguments = ProcedureArguments.defaults(for: procedure.parameters)
        var next = params.startIndex
        for (i, parameter) in procedure.parameters.enumerated() where !parameter.dialogOnly {
            guard let value = parameter.decode(params[next]) else {
                throw .calling(localized("%s: %s has the wrong type.", procedure.name, parameter.name))
            }
            arguments.values[i] = value
            next += 1
        }
        return arguments
    }
}

/// Last-used values, kept by GIMP for the session (gimp_set_data / gimp_get_data) in
/// ProcedureArguments' last-values text.
enum LastValues {
    static func load(_ procedure: ImpastoProcedure.Type) -> ProcedureArguments {
        let size = Int(gimp_procedural_db_get_data_size(procedure.name))
        var bytes = [UInt8](repeating: 0, count: max(size, 0))
        guard size > 0, gimp_procedural_db_get_data(procedure.name, &bytes) != 0 else {
            return ProcedureArguments.defaults(for: procedure.parameters)
        }
        return ProcedureArguments.fromLastValues(String(decoding: bytes, as: UTF8.self), for: procedure.parameters)
    }

    static func store(_ arguments: ProcedureArguments, for procedure: ImpastoProcedure.Type) {
        var bytes = Array(arguments.lastValuesText.utf8)
        gimp_procedural_db_set_data(procedure.name, &bytes, UInt32(bytes.count))
    }
}
