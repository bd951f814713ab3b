import CGIMP
import CImpastoUI
import ImpastoFrontEnd
import ImpastoKernels

/// What the dialogs' own editors (the pencil pad, the hemisphere editor, the brush preview)
/// share on top of the C kit: a drawing area driven by Swift closures, a combo from Swift
/// strings, and cairo pictures made from pixels.
extension ProcedureDialog {
    /// The closures behind a canvas, kept alive with the dialog.
    final class CanvasHandler {
        let draw: (OpaquePointer, Double, Double) -> Void
        let pointer: ((Int32, PencilPad.Reading) -> Void)?
        init(draw: @escaping (OpaquePointer, Double, Double) -> Void, pointer: ((Int32, PencilPad.Reading) -> Void)?) {
            self.draw = draw
            self.pointer = pointer
        }
    }

    /// A drawing area of width × height: `draw` gets a cairo context and the area's size,
    /// `pointer` the button-1 presses (kind 0), drags (1) and releases (2) with the pen's tilt
    /// when the device has it.
    func canvas(width: Int, height: Int, draw: @escaping (OpaquePointer, Double, Double) -> Void,
                pointer: ((Int32, PencilPad.Reading) -> Void)? = nil) -> UnsafeMutableRawPointer? {
        let handler = CanvasHandler(draw: draw, pointer: pointer)
        retained.append(handler)
        return impasto_ui_canvas(Int32(width), Int32(height), { cairo, width, height, data in
            guard let cairo, let data else { return }
            Unmanaged<CanvasHandler>.fromOpaque(data).takeUnretainedValue()
                .draw(OpaquePointer(cairo), Double(width), Double(height))
        }, pointer == nil ? nil : { kind, x, y, _, _, xtilt, ytilt, hasTilt, data in
            guard let data else { return }
            Unmanaged<CanvasHandler>.fromOpaque(data).takeUnretainedValue()
                .pointer?(kind, PencilPad.Reading(x: x, y: y, tilt: hasTilt != 0 ? (xtilt, ytilt) : nil))
        }, Unmanaged.passUnretained(handler).toOpaque())
    }

    /// A combo of `labels` (values 0 …) in row `row` of `table`; `changed` is a `callback`.
    func combo(_ table: UnsafeMutableRawPointer, row: Int32, title: String, labels: [String], active: Int32,
               changed: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        let strings: [UnsafeMutablePointer<CChar>?] = labels.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = strings.map { $0.map { UnsafePointer($0) } }
        return pointers.withUnsafeMutableBufferPointer {
            impasto_ui_combo(table, row, title, $0.baseAddress, Int32(labels.count), active, Self.fire, changed)
        }
    }
}

/// A cairo image surface of width × height filled by `pixel(x, y)`: straight (not
/// premultiplied) 8-bit R, G, B, A. The caller owns it (cairo_surface_destroy).
func cairoPicture(width: Int, height: Int, _ pixel: (Int, Int) -> SIMD4<UInt8>) -> OpaquePointer? {
    guard width > 0, height > 0,
          let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else {
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
