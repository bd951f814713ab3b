// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL

/// An owned reference to a GeglBuffer (released when the last Swift reference goes).
public final class GeglBufferRef {
    public let pointer: OpaquePointer

    /// Takes over one reference the caller owns (e.g. from `gegl_buffer_new`).
    public init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// A new buffer of `width`×`height` at the origin, in the babl format named `format`.
    public convenience init(width: Int, height: Int, format: String = "RGBA float") {
        var extent = GeglRectangle(x: 0, y: 0, width: Int32(clamping: width), height: Int32(clamping: height))
        self.init(owning: gegl_buffer_new(&extent, babl_format(format)))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    public var extent: GeglRectangle {
        gegl_buffer_get_extent(pointer).pointee
    }

    /// Writes `samples` (interleaved, in `format`) over `rect` (default: the whole extent).
    public func set(_ samples: [Float], format: String = "RGBA float", rect: GeglRectangle? = nil) {
        var r = rect ?? extent
        samples.withUnsafeBytes {
            gegl_buffer_set(pointer, &r, 0, babl_format(format), $0.baseAddress, 0)
        }
    }

    /// Reads `rect` (default: the whole extent) as interleaved float samples in `format`,
    /// whose component count is `components`.
    public func get(format: String = "RGBA float", components: Int = 4,
                    rect: GeglRectangle? = nil) -> [Float] {
        var r = rect ?? extent
        let count = max(0, Int(r.width)) * max(0, Int(r.height)) * components
        var samples = [Float](repeating: 0, count: count)
        samples.withUnsafeMutableBytes {
            gegl_buffer_get(pointer, &r, 1.0, babl_format(format), $0.baseAddress, 0, GEGL_ABYSS_NONE)
        }
        return samples
    }

    public func flush() {
        gegl_buffer_flush(pointer)
    }
}

extension GeglBufferRef {
    /// A new buffer, at the origin and in this buffer's own format, holding this buffer
    /// `scale` (< 1) of its size, `width` × `height`: gegl_buffer_get at that scale, which
    /// averages each pixel's share of the original (its mip-map levels, then a box filter).
    public func scaledCopy(scale: Double, width: Int, height: Int) -> GeglBufferRef {
        let format = gegl_buffer_get_format(pointer)
        let bytes = Int(babl_format_get_bytes_per_pixel(format))
        var rect = GeglRectangle(x: Int32((Double(extent.x) * scale).rounded(.down)), y: Int32((Double(extent.y) * scale).rounded(.down)),
                                 width: Int32(width), height: Int32(height))
        var pixels = [UInt8](repeating: 0, count: max(0, width * height * bytes))
        pixels.withUnsafeMutableBytes {
            gegl_buffer_get(pointer, &rect, scale, format, $0.baseAddress, Int32(width * bytes), GEGL_ABYSS_NONE)
        }
        var placed = GeglRectangle(x: 0, y: 0, width: Int32(width), height: Int32(height))
        let copy = GeglBufferRef(owning: gegl_buffer_new(&placed, format))
        pixels.withUnsafeBytes {
            gegl_buffer_set(copy.pointer, &placed, 0, format, $0.baseAddress, Int32(width * bytes))
        }
        return copy
    }

    /// Copies `rect` of this buffer into the same place of `destination` (GEGL shares whole
    /// tiles copy-on-write where it can).
    public func copy(_ rect: GeglRectangle, to destination: GeglBufferRef) {
        var r = rect
        gegl_buffer_copy(pointer, &r, GEGL_ABYSS_NONE, destination.pointer, &r)
    }
}
