// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL

/// A GEGL graph: a parent node whose children are linked into chains.
public final class GeglGraph {
    public let root: OpaquePointer

    public init() {
        root = gegl_node_new()
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(root))
    }

    /// A child node running `operation` with `properties` set.
    @discardableResult
    public func node(_ operation: String, _ properties: [(String, GeglValue)] = []) -> OpaquePointer {
        let node = gegl_node_create_child(root, operation)!
        GeglGraph.set(node, properties)
        return node
    }

    public static func set(_ node: OpaquePointer, _ properties: [(String, GeglValue)]) {
        guard !properties.isEmpty else { return }
        let resolved = properties.map { name, value in (name, resolve(value, property: name, of: node)) }
        withPropertyVaList(resolved) { first, list in gegl_node_set_valist(node, first, list) }
    }

    /// An enum nick as the value of `node`'s enum property; other values as they are. An
    /// unknown nick or a property that is no enum gives 0 (GEGL then warns or keeps its default).
    static func resolve(_ value: GeglValue, property: String, of node: OpaquePointer) -> GeglValue {
        guard case .enumNick(let nick) = value else { return value }
        guard let spec = gegl_node_find_property(node, property),
              g_type_fundamental(spec.pointee.value_type) == g_type_from_name("GEnum") else { return .int(0) }
        let enumClass = UnsafeMutableRawPointer(spec).assumingMemoryBound(to: GParamSpecEnum.self).pointee.enum_class
        return .int(Int(g_enum_get_value_by_nick(enumClass, nick)?.pointee.value ?? 0))
    }

    /// Connects `source`'s output to `sink`'s input pad named `pad` (e.g. "aux").
    public func connect(_ source: OpaquePointer, to sink: OpaquePointer, pad: String) {
        gegl_node_connect_to(source, "output", sink, pad)
    }

    /// Links `nodes` output → input, in order.
    public func chain(_ nodes: [OpaquePointer]) {
        for (a, b) in zip(nodes, nodes.dropFirst()) { gegl_node_link(a, b) }
    }

    /// Processes `sink` (a node without output, e.g. gegl:write-buffer) over `rect`, calling
    /// `progress` with the fraction done between chunks; returning false from it cancels.
    /// Returns false when cancelled.
    @discardableResult
    public func process(_ sink: OpaquePointer, rect: GeglRectangle,
                        progress: (Double) -> Bool = { _ in true }) -> Bool {
        var r = rect
        let processor = gegl_node_new_processor(sink, &r)!
        defer { g_object_unref(UnsafeMutableRawPointer(processor)) }
        var done: Double = 0
        while gegl_processor_work(processor, &done) != 0 {
            if !progress(done) { return false }
        }
        _ = progress(1)
        return true
    }

    /// Runs `operation` over all of `input` into a new buffer of the same extent, in `format`.
    public static func apply(_ operation: String, _ properties: [(String, GeglValue)] = [],
                             to input: GeglBufferRef, format: String = "RGBA float") -> GeglBufferRef {
        let output = GeglBufferRef(owning: gegl_buffer_new([input.extent], babl_format(format)))
        let graph = GeglGraph()
        let source = graph.node("gegl:buffer-source", [("buffer", .buffer(input))])
        let op = graph.node(operation, properties)
        let sink = graph.node("gegl:write-buffer", [("buffer", .buffer(output))])
        graph.chain([source, op, sink])
        graph.process(sink, rect: input.extent)
        return output
    }

    /// Loads an image file through GEGL (gegl:load) into a new buffer in `format`.
    public static func load(_ path: String, format: String = "RGBA float") -> GeglBufferRef? {
        let graph = GeglGraph()
        let load = graph.node("gegl:load", [("path", .string(path))])
        let box = gegl_node_get_bounding_box(load)
        guard box.width > 0, box.height > 0 else { return nil }
        let output = GeglBufferRef(owning: gegl_buffer_new([box], babl_format(format)))
        let sink = graph.node("gegl:write-buffer", [("buffer", .buffer(output))])
        graph.chain([load, sink])
        graph.process(sink, rect: box)
        return output
    }

    /// Saves `buffer` with the GEGL saver for `path`'s extension (gegl:save).
    public static func save(_ buffer: GeglBufferRef, to path: String) {
        let graph = GeglGraph()
        let source = graph.node("gegl:buffer-source", [("buffer", .buffer(buffer))])
        let save = graph.node("gegl:save", [("path", .string(path))])
        graph.chain([source, save])
        graph.process(save, rect: buffer.extent)
    }
}
