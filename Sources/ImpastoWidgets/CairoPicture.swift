// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo

/// A cairo image surface of width × height filled by `pixel(x, y)`: straight (not
/// premultiplied) 8-bit R, G, B, A. The caller owns it (cairo_surface_destroy).
func cairoPicture(width: Int, height: Int, _ pixel: (Int, Int) -> SIMD4<UInt8>) -> OpaquePointer? {
    guard width > 0, height > 0, width <= 1 << 14, height <= 1 << 14,
          let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
    cairo_surface_flush(surface)
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
        cairo_surface_destroy(surface)
        return nil
    }
    let stride = Int(cairo_image_surface_get_stride(surface))
    for y in 0 ..< height {
        for x in 0 ..< width {
            let p = pixel(x, y), a = UInt16(p.w)
            func premultiplied(_ v: UInt8) -> UInt8 { UInt8((UInt16(v) * a + 127) / 255) }
            // ARGB32 is premultiplied, in native byte order: B G R A in memory.
            let out = data + y * stride + x * 4
            out[0] = premultiplied(p.z)
            out[1] = premultiplied(p.y)
            out[2] = premultiplied(p.x)
            out[3] = p.w
        }
    }
    cairo_surface_mark_dirty(surface)
    return surface
}
