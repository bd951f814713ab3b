import CGIMP
import ImpastoGegl

/// What every Impasto procedure shares: registration, argument decoding and validation,
/// run modes and last-used values, drawable checks, one undo group, the error message.
enum ProcedureRunner {
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
                                   "Impasto developers", "Impasto developers", "2026",
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
                throw .calling("\(procedure.name) needs (" + leadingParameters(procedure).map(\.1).joined(separator: ", ")
                               + ", …)")
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
                arguments = LastValues.load(procedure).forgettingVanishedDrawables().takingPaths(of: image)
            }
            if procedure.target == .drawable {
                try checkDrawable(procedure, image: image, drawable: drawable)
            }
            Gegl.initialize()
            if runMode == GIMP_RUN_INTERACTIVE {
                guard let chosen = ProcedureDialog.run(procedure, image: image, drawable: drawable, arguments: arguments) else {
                    throw .cancelled
                }
                arguments = chosen
            }
            for (parameter, value) in zip(procedure.parameters, arguments.values) {
                if let problem = parameter.problem(with: value) {
                    throw .calling("\(procedure.name): \(problem).")
                }
            }
            try procedure.validate(image: image, drawable: drawable, arguments: arguments)
            switch procedure.target {
            case .drawable:
                gimp_image_undo_group_start(image)
                defer { gimp_image_undo_group_end(image) }
                try procedure.apply(image: image, drawable: drawable, arguments: arguments)
            case .none:
                try procedure.apply(image: -1, drawable: -1, arguments: arguments)
            }

            LastValues.store(arguments, for: procedure)
            if runMode != GIMP_RUN_NONINTERACTIVE { gimp_displays_flush() }
        }
    }

    private static func decode(_ procedure: ImpastoProcedure.Type, _ params: Slice<UnsafeBufferPointer<GimpParam>>)
        throws(ProcedureFailure) -> ProcedureArguments {
        let expected = procedure.parameters.filter { !$0.dialogOnly }
        guard params.count == expected.count else {
            let leading = leadingParameters(procedure).map(\.1)
            throw .calling("\(procedure.name) takes \(expected.count + leading.count) arguments ("
                           + (leading + expected.map(\.name)).joined(separator: ", ")
                           + "), not \(params.count + leading.count).")
        }
        var arguments = ProcedureArguments.defaults(for: procedure.parameters)
        var next = params.startIndex
        for (i, parameter) in procedure.parameters.enumerated() where !parameter.dialogOnly {
            guard let value = parameter.decode(params[next]) else {
                throw .calling("\(procedure.name): \(parameter.name) has the wrong type.")
            }
            arguments.values[i] = value
            next += 1
        }
        return arguments
    }

    /// Why `drawable` cannot be painted on or filtered (it is not a drawable of `image`, is a
    /// group, is locked or indexed), as an error for `procedure`.
    static func checkDrawable(_ procedure: ImpastoProcedure.Type, image: Int32, drawable: Int32)
        throws(ProcedureFailure) {
        guard gimp_image_is_valid(image) != 0 else {
            throw .calling("\(procedure.name): image \(image) does not exist.")
        }
        guard gimp_item_is_valid(drawable) != 0, gimp_item_is_drawable(drawable) != 0 else {
            throw .calling("\(procedure.name): item \(drawable) is not a drawable (a layer, layer mask or channel).")
        }
        guard gimp_item_get_image(drawable) == image else {
            throw .calling("\(procedure.name): drawable \(drawable) does not belong to image \(image).")
        }
        guard gimp_item_is_group(drawable) == 0 else {
            throw .execution("\(procedure.name): a layer group has no pixels of its own; "
                             + "choose a layer inside it, or merge the group first.")
        }
        var item = drawable
        while item > 0 {  // the layer, then each group it is in
            guard gimp_item_get_lock_content(item) == 0 else {
                var whose = "\(kind(of: item)) \(quotedName(item))"
                if item != drawable { whose += " (which holds \(quotedName(drawable)))" }
                throw .execution("\(procedure.name): the pixels of \(whose) are locked; unlock them in the Layers dialog first.")
            }
            item = gimp_item_get_parent(item)
        }
        guard gimp_drawable_is_indexed(drawable) == 0 else {
            throw .execution("\(procedure.name): indexed images are not supported; "
                             + "convert the image to RGB or grayscale first (Image → Mode → RGB).")
        }
    }
}

/// An item's name as the Layers dialog shows it, in quotes, for messages.
private func quotedName(_ item: Int32) -> String {
    guard let name = gimp_item_get_name(item) else { return "\"\"" }
    defer { g_free(name) }
    return "\"\(String(cString: name))\""
}

/// What the Layers and Channels dialogs call `item`, for messages.
private func kind(of item: Int32) -> String {
    gimp_item_is_group(item) != 0 ? "layer group"
        : gimp_item_is_layer_mask(item) != 0 ? "layer mask"
        : gimp_item_is_channel(item) != 0 ? "channel" : "layer"
}

extension ProcedureArguments {
    /// The same values, with any optional drawable that no longer exists (its image was closed
    /// since) set back to −1, so that Repeat and Re-show keep working.
    func forgettingVanishedDrawables() -> ProcedureArguments {
        var copy = self
        for (i, parameter) in parameters.enumerated() {
            guard case .drawable(optional: true) = parameter.kind, case .int(let id) = values[i], id != -1 else { continue }
            if gimp_item_is_valid(id) == 0 || gimp_item_is_drawable(id) == 0 { copy.values[i] = .int(-1) }
        }
        return copy
    }
}

extension ProcedureArguments {
    /// The same values, with any path that is not in `image` (it was drawn in another one, or
    /// deleted) replaced by the image's active path, for a menu call with the last values.
    func takingPaths(of image: Int32) -> ProcedureArguments {
        var copy = self
        for (i, parameter) in parameters.enumerated() {
            guard case .vectors = parameter.kind, case .int(let id) = values[i] else { continue }
            if gimp_item_is_valid(id) == 0 || gimp_item_is_vectors(id) == 0 || gimp_item_get_image(id) != image {
                copy.values[i] = .int(image > 0 ? gimp_image_get_active_vectors(image) : -1)
            }
        }
        return copy
    }
}

/// Last-used values, kept by GIMP for the session (gimp_set_data / gimp_get_data) as text
/// lines `name=value`, so that a changed parameter table never misreads old data.
enum LastValues {
    static func load(_ procedure: ImpastoProcedure.Type) -> ProcedureArguments {
        var arguments = ProcedureArguments.defaults(for: procedure.parameters)
        let size = Int(gimp_procedural_db_get_data_size(procedure.name))
        guard size > 0 else { return arguments }
        var bytes = [UInt8](repeating: 0, count: size)
        guard gimp_procedural_db_get_data(procedure.name, &bytes) != 0 else { return arguments }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2,
                  let i = procedure.parameters.firstIndex(where: { $0.name == parts[0] }),
                  let value = procedure.parameters[i].parse(parts[1]) else { continue }
            arguments.values[i] = value
        }
        return arguments
    }

    static func store(_ arguments: ProcedureArguments, for procedure: ImpastoProcedure.Type) {
        let text = zip(arguments.parameters, arguments.values)
            .map { "\($0.name)=\($1.text)" }.joined(separator: "\n")
        var bytes = Array(text.utf8)
        gimp_procedural_db_set_data(procedure.name, &bytes, UInt32(bytes.count))
    }
}
