// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL

// Small extras for the benchmark: GEGL's chunk size, rendering a sink in one blit, and a
// buffer filled from a caller's generator without an intermediate Swift array per row.

extension Gegl {
    /// The licence GEGL may assume for the application ("GPL3" unlocks GEGL's GPL3 ops).
    public static func setApplicationLicense(_ license: String) {
        setConfig([("application-license", .string(license))])
    }

    /// The licence GEGL assumes for the application now.
    public static var applicationLicense: String? {
        var value: UnsafeMutablePointer<CChar>?
        withUnsafeMutablePointer(to: &value) { out in
            // One name/value pair after the first name, then the NULL that ends the list.
            withVaList([out, Int(0)]) { list in
                g_object_get_valist(UnsafeMutableRawPointer(gegl_config()).assumingMemoryBound(to: GObject.self),
                                    "application-license", list)
            }
        }
        defer { g_free(value) }
        return value.map { String(cString: $0) }
    }

    /// Pixels GEGL's processor renders per step (times the thread count); GEGL's default is
    /// 1024 × 1024.
    public static func setChunkSize(_ pixels: Int) {
        setConfig([("chunk-size", .int(pixels))])
    }
}

extension GeglGraph {
    /// Renders `sink` (e.g. gegl:write-buffer) over `rect` in one `gegl_node_blit`, without a
    /// processor cutting it into chunks. Not cancellable; for benchmarks and small jobs.
    public func blit(_ sink: OpaquePointer, rect: GeglRectangle) {
        var r = rect
        gegl_node_blit(sink, 1.0, &r, nil, nil, GEGL_AUTO_ROWSTRIDE, GEGL_BLIT_DEFAULT)
    }
}

extension GeglBufferRef {
    /// Fills the whole buffer, row band by row band, with interleaved float samples in
    /// `format` (`components` per pixel) written by `fill(samples, x0, y0, width, height)`.
    public func fill(format: String, components: Int, bandHeight: Int = 64,
                     _ fill: (UnsafeMutableBufferPointer<Float>, Int, Int, Int, Int) -> Void) {
        let e = extent
        let width = Int(e.width), height = Int(e.height)
        guard width > 0, height > 0, components > 0 else { return }
        let band = max(1, bandHeight)
        var samples = [Float](repeating: 0, count: width * band * components)
        var y = 0
        while y < height {
            let rows = min(band, height - y)
            samples.withUnsafeMutableBufferPointer { buffer in
                fill(UnsafeMutableBufferPointer(rebasing: buffer[0 ..< width * rows * components]),
                     Int(e.x), Int(e.y) + y, width, rows)
                var r = GeglRectangle(x: e.x, y: e.y + Int32(y), width: e.width, height: Int32(rows))
                gegl_buffer_set(pointer, &r, 0, babl_format(format), buffer.baseAddress, 0)
            }
            y += rows
        }
    }
}
