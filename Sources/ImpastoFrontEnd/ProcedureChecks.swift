// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels
/// The checks every procedure makes of its call, whichever GIMP it runs in.
public enum ProcedureChecks {
    /// Why `drawable` cannot be painted on or filtered (it is not a drawable of `image`, is a
    /// group, is locked or indexed), as an error for `procedure`.
    public static func checkDrawable(_ procedure: ImpastoProcedure.Type, image: Int32, drawable: Int32,
                                     in host: any GimpHost) throws(ProcedureFailure) {
        guard host.imageExists(image) else {
            throw .calling(localized("%s: image %s does not exist.", procedure.name, "\(image)"))
        }
        guard host.isDrawable(drawable) else {
            throw .calling(localized("%s: item %s is not a drawable (a layer, layer mask or channel).", procedure.name, "\(drawable)"))
        }
        guard host.image(of: drawable) == image else {
            throw .calling(localized("%s: drawable %s does not belong to image %s.", procedure.name, "\(drawable)", "\(image)"))
        }
        guard !host.isGroup(drawable) else {
            throw .execution(localized("%s: a layer group has no pixels of its own; choose a layer inside it, or merge the group first.",
                                       procedure.name))
        }
        var item = drawable
        while item > 0 {  // the layer, then each group it is in
            guard !host.pixelsLocked(item) else {
                var whose = "\(kind(of: item, in: host)) \(quotedName(item, in: host))"
                if item != drawable { whose += localized(" (which holds %s)", quotedName(drawable, in: host)) }
                throw .execution(localized("%s: the pixels of %s are locked; unlock them in the Layers dialog first.", procedure.name, whose))
            }
            item = host.parent(of: item)
        }
        guard !host.isIndexed(drawable) else {
            throw .execution(localized("%s: indexed images are not supported; convert the image to RGB or grayscale first (Image → Mode → RGB).",
                                       procedure.name))
        }
    }
}

/// An item's name as the Layers dialog shows it, in quotes, for messages.
private func quotedName(_ item: Int32, in host: any GimpHost) -> String {
    "\"\(host.name(of: item))\""
}

/// What the Layers and Channels dialogs call `item`, for messages.
private func kind(of item: Int32, in host: any GimpHost) -> String {
    host.isGroup(item) ? localized("layer group") : host.isLayerMask(item) ? localized("layer mask")
        : host.isChannel(item) ? localized("channel") : localized("layer")
}

extension ProcedureArguments {
    /// The same values, with any optional drawable that no longer exists (its image was closed
    /// since) set back to −1, so that Repeat and Re-show keep working.
    public func forgettingVanishedDrawables(in host: any GimpHost) -> ProcedureArguments {
        var copy = self
        for (i, parameter) in parameters.enumerated() {
            guard case .drawable(optional: true) = parameter.kind, case .int(let id) = values[i], id != -1 else { continue }
            if !host.isDrawable(id) { copy.values[i] = .int(-1) }
        }
        return copy
    }
}

extension ProcedureArguments {
    /// The same values, with any path that is not in `image` (it was drawn in another one, or
    /// deleted) replaced by the image's active path, for a menu call with the last values.
    public func takingPaths(of image: Int32, in host: any GimpHost) -> ProcedureArguments {
        var copy = self
        for (i, parameter) in parameters.enumerated() {
            guard case .vectors = parameter.kind, case .int(let id) = values[i] else { continue }
            if !host.isPath(id) || host.image(of: id) != image {
                copy.values[i] = .int(image > 0 ? host.activePath(of: image) : -1)
            }
        }
        return copy
    }
}


extension ImpastoProcedure {
    /// Refuses a call whose image or drawable cannot be worked on, or that needs a path the
    /// image does not have (before any dialog opens: GIMP cannot grey a menu entry out for
    /// want of a path).
    public static func checkTarget(_ call: ProcedureCall) throws(ProcedureFailure) {
        if target == .drawable {
            try ProcedureChecks.checkDrawable(self, image: call.image, drawable: call.drawable, in: call.host)
        }
        for (parameter, value) in zip(parameters, call.arguments.values) {
            guard case .vectors = parameter.kind, case .int(-1) = value else { continue }
            throw .calling(localized("%s: there is no path to stroke; draw one with the Paths tool, or select one in the Paths dialog, first (%s is -1).",
                                     name, parameter.name))
        }
    }

    /// Checks every argument and everything `validate` checks, and only then applies the
    /// effect as one undo step: a refused call leaves the image exactly as it was.
    public static func perform(_ call: ProcedureCall) throws(ProcedureFailure) {
        for (parameter, value) in zip(parameters, call.arguments.values) {
            if let problem = parameter.problem(with: value, in: call.host) {
                throw .calling(localized("%s: %s.", name, problem))
            }
        }
        try validate(call)
        switch target {
        case .drawable:
            try call.host.undoGroup(call.image) { () throws(ProcedureFailure) in try apply(call) }
        case .none:
            try apply(call)
        }
    }
}
