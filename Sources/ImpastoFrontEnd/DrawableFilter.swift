// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import GeglKit
import ImpastoKernels

/// One GEGL operation over a drawable, as a procedure's apply and its dialog's preview both
/// run it (the preview shows exactly what OK applies: the same op, the same values).
///
/// `aux`, a drawable, feeds the op's aux pad; with `alignsAux` it is placed where it lies in
/// the image relative to the drawable (a bump layer under its painting), otherwise it comes as
/// a picture of its own. With `addsAlpha`, a layer without an alpha channel gets one first (in
/// the same undo group), for ops whose output alpha matters; the op still reads the layer as
/// it was, without alpha (impasto:emboss embosses such a layer by its brightness).
public struct DrawableFilter {
    public var operation: String
    public var properties: [(String, GeglValue)]
    public var aux: Int32? = nil
    public var alignsAux = false
    public var addsAlpha = false
    /// The properties that are lengths in the drawable's pixels (a radius, a depth whose
    /// slopes are per pixel, a blur): the whole-layer view scales them with the layer.
    public var lengths: [String] = []

    public init(operation: String, properties: [(String, GeglValue)], aux: Int32? = nil, alignsAux: Bool = false,
                addsAlpha: Bool = false, lengths: [String] = []) {
        self.operation = operation
        self.properties = properties
        self.aux = aux
        self.alignsAux = alignsAux
        self.addsAlpha = addsAlpha
        self.lengths = lengths
    }

    /// The graph drawable → op (with its aux); returns the op's node. `withoutAlpha`: the
    /// drawable's alpha channel (one just added) is dropped on the way to the op. `source`:
    /// another buffer in the drawable's place (the whole-layer view's smaller copy).
    private func build(_ graph: GeglGraph, on drawable: Int32, in host: any GimpHost, withoutAlpha: Bool = false,
                       source: GeglBufferRef? = nil) -> OpaquePointer {
        let source = source ?? host.buffer(drawable)
        let input = graph.node("gegl:buffer-source", [("buffer", .buffer(source))])
        let op = graph.node(operation, properties)
        if withoutAlpha {
            let format = host.isGray(drawable) ? "Y' float" : "R'G'B' float"
            graph.chain([input, graph.node("gegl:convert-format", [("format", .format(format))]), op])
        } else {
            graph.chain([input, op])
        }
        if let aux {
            let picture = host.buffer(aux)
            var auxSource = graph.node("gegl:buffer-source", [("buffer", .buffer(picture))])
            if alignsAux {
                let (a, d) = (host.offsets(aux), host.offsets(drawable))
                let shift = graph.node("gegl:translate", [("x", .double(Double(a.x) - Double(d.x))),
                                                          ("y", .double(Double(a.y) - Double(d.y)))])
                graph.chain([auxSource, shift])
                auxSource = shift
            }
            graph.connect(auxSource, to: op, pad: "aux")
        }
        return op
    }

    public func checkOperation() throws(ProcedureFailure) {
        guard Gegl.hasOperation(operation) else {
            throw .execution(localized("GEGL has no operation %s: the Impasto GEGL module is not installed where GEGL looks (run plugin-install.sh again)",
                                       operation))
        }
    }

    /// Runs the op over `drawable` the way GIMP's own filters do: only the selection's
    /// bounding box is rendered, into the shadow buffer, which GIMP then merges through the
    /// selection mask (so partial selections blend) as one undo step.
    public func apply(to drawable: Int32, in host: any GimpHost, progress message: String) throws(ProcedureFailure) {
        try checkOperation()
        guard let rect = host.selectionBounds(drawable) else {
            return  // the selection does not touch this drawable: nothing to change
        }
        let addingAlpha = addsAlpha && host.isLayer(drawable) && !host.hasAlpha(drawable)
        if addingAlpha, !host.addAlpha(drawable) {
            throw .execution(localized("could not add an alpha channel to the layer"))
        }
        host.progressStart(message)
        let refusal = OperationWarnings(of: operation)
        do {
            let graph = GeglGraph()
            let op = build(graph, on: drawable, in: host, withoutAlpha: addingAlpha)
            let shadow = host.shadowBuffer(drawable)
            let output = graph.node("gegl:write-buffer", [("buffer", .buffer(shadow))])
            graph.chain([op, output])
            refusal.listen {
                graph.process(output, rect: rect) { done in
                    host.progress(done)
                    return true
                }
            }
            shadow.flush()
        }
        // The op's output was left unwritten: merging it would empty the layer.
        if let reason = refusal.first { throw .execution(reason) }
        host.progress(1)
        guard host.mergeShadow(drawable) else {
            throw .execution(localized("GIMP did not accept the result (is the layer or a group it is in locked?)"))
        }
        host.update(drawable, rect)
    }

    /// The op's result over `rect` of `drawable` as 8-bit pixels in the drawable's own
    /// channel layout, for GIMP's drawable preview.
    public func preview(of drawable: Int32, in host: any GimpHost, rect: GeglRectangle) throws(ProcedureFailure)
        -> (pixels: [UInt8], rowstride: Int) {
        try checkOperation()
        let graph = GeglGraph()
        let op = build(graph, on: drawable, in: host)
        return DrawableFilter.pixels(of: drawable, in: host, rect: rect) { format, pointer, rowstride in
            var r = rect
            gegl_node_blit(op, 1.0, &r, babl_format(format), pointer, Int32(rowstride), GEGL_BLIT_DEFAULT)
        }
    }

    /// The op's result over the whole of `drawable`, `scale` (≤ 1) of its size, as straight
    /// 8-bit R'G'B'A rows, for the dialogs' whole-layer view. At full size it is what OK
    /// applies. Smaller, the op runs on a copy of the layer averaged down, with its `lengths`
    /// scaled alike: the same surface at that size (as EmbossQualityTests compare a render with
    /// one at 4× the size, the mask and lengths ×4), at the cost of the small copy, so the view
    /// follows every change also on a large layer (WholeLayerTests).
    public func wholeLayer(of drawable: Int32, in host: any GimpHost, scale: Double) throws(ProcedureFailure)
        -> (width: Int, height: Int, pixels: [UInt8]) {
        try checkOperation()
        let source = host.buffer(drawable), extent = source.extent
        guard extent.width > 0, extent.height > 0 else { return (0, 0, []) }
        let scale = scale.isFinite ? min(max(scale, 1e-4), 1) : 1
        let width = max(1, Int((Double(extent.width) * scale).rounded(.down)))
        let height = max(1, Int((Double(extent.height) * scale).rounded(.down)))
        // (An aux aligned with the drawable would have to shrink and move with it: such a filter
        // is rendered at full size and averaged down by gegl_node_blit instead.)
        let shrinks = scale < 1 && !alignsAux
        let graph = GeglGraph()
        let op: OpaquePointer
        if shrinks {
            var smaller = self
            smaller.properties = properties.map { name, value in
                guard lengths.contains(name), case .double(let length) = value else { return (name, value) }
                return (name, .double(length * scale))
            }
            op = smaller.build(graph, on: drawable, in: host, source: source.scaledCopy(scale: scale, width: width, height: height))
        } else {
            op = build(graph, on: drawable, in: host)
        }
        // The small copy lies at the origin; the drawable where its extent is, at the scale.
        let (blitScale, origin) = shrinks ? (1.0, (x: 0.0, y: 0.0)) : (scale, (x: Double(extent.x) * scale, y: Double(extent.y) * scale))
        var r = GeglRectangle(x: Int32(origin.x.rounded(.down)), y: Int32(origin.y.rounded(.down)), width: Int32(width), height: Int32(height))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes {
            gegl_node_blit(op, blitScale, &r, babl_format("R'G'B'A u8"), $0.baseAddress, Int32(width * 4), GEGL_BLIT_DEFAULT)
        }
        return (width, height, pixels)
    }

    /// 8-bit pixels for `rect` in `drawable`'s channel layout, filled by `fill` (given the
    /// babl format, the memory and its rowstride).
    public static func pixels(of drawable: Int32, in host: any GimpHost, rect: GeglRectangle,
                              fill: (String, UnsafeMutableRawPointer, Int) -> Void) -> (pixels: [UInt8], rowstride: Int) {
        let gray = host.isGray(drawable), alpha = host.hasAlpha(drawable)
        let format = (gray ? "Y'" : "R'G'B'") + (alpha ? "A" : "") + " u8"
        let channels = (gray ? 1 : 3) + (alpha ? 1 : 0)
        let rowstride = max(0, Int(rect.width)) * channels
        var pixels = [UInt8](repeating: 0, count: rowstride * max(0, Int(rect.height)))
        if !pixels.isEmpty {
            pixels.withUnsafeMutableBytes { fill(format, $0.baseAddress!, rowstride) }
        }
        return (pixels, rowstride)
    }
}

/// The warnings an Impasto op logs while it renders ("impasto:emboss: …", in GLib's default
/// log domain). An op that cannot render (impasto:emboss without the memory for its image)
/// says why there and returns FALSE from process(), which GEGL does not pass on: its output
/// is simply left unwritten. So a warning of the op is how the plug-in learns the render
/// failed, and the procedure fails with it instead of merging an empty result.
final class OperationWarnings {
    private let prefix: String
    private var messages: [String] = []
    private let lock = UnsafeMutablePointer<GMutex>.allocate(capacity: 1)

    init(of operation: String) {
        prefix = operation + ":"
        g_mutex_init(lock)
    }

    deinit {
        g_mutex_clear(lock)
        lock.deallocate()
    }

    /// The first warning the op logged during `listen`, if any.
    var first: String? {
        g_mutex_lock(lock)
        defer { g_mutex_unlock(lock) }
        return messages.first
    }

    /// Runs `body` while collecting the op's warnings (from any of GEGL's threads); they are
    /// still printed as before.
    func listen(_ body: () -> Void) {
        let handler: GLogFunc = { domain, level, message, data in
            g_log_default_handler(domain, level, message, nil)
            guard let data, let message else { return }
            let warnings = Unmanaged<OperationWarnings>.fromOpaque(data).takeUnretainedValue()
            let text = String(cString: message)
            guard text.hasPrefix(warnings.prefix) else { return }
            g_mutex_lock(warnings.lock)
            warnings.messages.append(text)
            g_mutex_unlock(warnings.lock)
        }
        // G_LOG_LEVEL_CRITICAL (1 << 3) | G_LOG_LEVEL_WARNING (1 << 4), as bits: forky's GLib marks
        // GLogLevelFlags G_GNUC_FLAG_ENUM, and Swift then imports no constants of those names.
        let levels = GLogLevelFlags(rawValue: (1 << 3) | (1 << 4))
        let id = g_log_set_handler(nil, levels, handler, Unmanaged.passUnretained(self).toOpaque())
        defer { g_log_remove_handler(nil, id) }
        body()
    }
}

/// A procedure that is one GEGL op over its drawable: its apply and its dialog's preview both
/// come from `filter(for:)`.
public protocol FilterProcedure: ImpastoProcedure {
    static var progressMessage: String { get }
    /// The op and its values for these arguments (after the runner validated them).
    static func filter(for arguments: ProcedureArguments, in host: any GimpHost) throws(ProcedureFailure) -> DrawableFilter
}

extension FilterProcedure {
    /// The op must exist and accept its aux drawable before the undo group opens.
    public static func validate(_ call: ProcedureCall) throws(ProcedureFailure) {
        try filter(for: call.arguments, in: call.host).checkOperation()
    }

    public static func apply(_ call: ProcedureCall) throws(ProcedureFailure) {
        try filter(for: call.arguments, in: call.host).apply(to: call.drawable, in: call.host, progress: progressMessage)
    }

    /// The whole-layer view: the procedure's own filter over all of the drawable, scaled to
    /// fit `width` × `height` (never enlarged).
    public static func wholeLayer(of drawable: Int32, in host: any GimpHost, arguments: ProcedureArguments,
                                  fitting width: Int, _ height: Int) -> (width: Int, height: Int, pixels: [UInt8])? {
        let extent = host.buffer(drawable).extent
        guard extent.width > 0, extent.height > 0, width > 0, height > 0 else { return nil }
        let scale = min(1, Double(width) / Double(extent.width), Double(height) / Double(extent.height))
        return try? filter(for: arguments, in: host).wholeLayer(of: drawable, in: host, scale: scale)
    }

    /// The preview: the procedure's own filter over `rect` of the drawable.
    public static func preview(of drawable: Int32, in host: any GimpHost, arguments: ProcedureArguments,
                               rect: GeglRectangle) -> (pixels: [UInt8], rowstride: Int)? {
        try? filter(for: arguments, in: host).preview(of: drawable, in: host, rect: rect)
    }
}

extension ProcedureArguments {
    /// The values of an op's declared properties that this procedure has, as GEGL takes them:
    /// numbers as doubles, switches as booleans, choices by nick, a colour from its channels.
    public func geglProperties(_ declared: [EffectParameter]) -> [(String, GeglValue)] {
        declared.compactMap { property in
            let name = property.name
            if case .color = property.kind {
                guard has("\(name)-red") else { return nil }
                return (name, .color(double("\(name)-red"), double("\(name)-green"), double("\(name)-blue")))
            }
            guard let parameter = parameters.first(where: { $0.name == name }) else { return nil }
            switch parameter.kind {
            case .float: return (name, .double(double(name)))
            case .integer: return (name, .int(Int(int(name))))
            case .boolean: return (name, .bool(bool(name)))
            case .choice(let choices):
                let i = Int(int(name))
                return choices.indices.contains(i) ? (name, .enumNick(choices[i].nick)) : nil
            case .name: return (name, .enumNick(self.name(name)))
            case .drawable, .vectors: return nil
            }
        }
    }
}
