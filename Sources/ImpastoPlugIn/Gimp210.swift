// SPDX-License-Identifier: GPL-3.0-or-later
import CGIMP
import ImpastoFrontEnd
import GeglKit

/// GIMP 2.10 as the procedures see it: libgimp-2.0's calls behind `GimpHost`.
struct Gimp210: GimpHost {
    func imageExists(_ image: Int32) -> Bool { gimp_image_is_valid(image) != 0 }
    func isDrawable(_ item: Int32) -> Bool { gimp_item_is_valid(item) != 0 && gimp_item_is_drawable(item) != 0 }
    func isPath(_ item: Int32) -> Bool { gimp_item_is_valid(item) != 0 && gimp_item_is_vectors(item) != 0 }
    func image(of item: Int32) -> Int32 { gimp_item_is_valid(item) != 0 ? gimp_item_get_image(item) : -1 }

    func name(of item: Int32) -> String {
        guard let name = gimp_item_get_name(item) else { return "" }
        defer { g_free(name) }
        return String(cString: name)
    }

    func parent(of item: Int32) -> Int32 { gimp_item_get_parent(item) }
    func isGroup(_ item: Int32) -> Bool { gimp_item_is_group(item) != 0 }
    func isLayer(_ item: Int32) -> Bool { gimp_item_is_layer(item) != 0 }
    func isLayerMask(_ item: Int32) -> Bool { gimp_item_is_layer_mask(item) != 0 }
    func isChannel(_ item: Int32) -> Bool { gimp_item_is_channel(item) != 0 }
    func pixelsLocked(_ item: Int32) -> Bool { gimp_item_get_lock_content(item) != 0 }

    func isIndexed(_ drawable: Int32) -> Bool { gimp_drawable_is_indexed(drawable) != 0 }
    func isGray(_ drawable: Int32) -> Bool { gimp_drawable_is_gray(drawable) != 0 }
    func hasAlpha(_ drawable: Int32) -> Bool { gimp_drawable_has_alpha(drawable) != 0 }
    func addAlpha(_ layer: Int32) -> Bool { gimp_layer_add_alpha(layer) != 0 }

    func offsets(_ drawable: Int32) -> (x: Int32, y: Int32) {
        var x: Int32 = 0, y: Int32 = 0
        gimp_drawable_offsets(drawable, &x, &y)
        return (x, y)
    }

    func buffer(_ drawable: Int32) -> GeglBufferRef { GeglBufferRef(owning: gimp_drawable_get_buffer(drawable)) }
    func shadowBuffer(_ drawable: Int32) -> GeglBufferRef {
        GeglBufferRef(owning: gimp_drawable_get_shadow_buffer(drawable))
    }

    func selectionBounds(_ drawable: Int32) -> GeglRectangle? {
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        guard gimp_drawable_mask_intersect(drawable, &x, &y, &width, &height) != 0, width > 0, height > 0 else { return nil }
        return GeglRectangle(x: x, y: y, width: width, height: height)
    }

    func mergeShadow(_ drawable: Int32) -> Bool { gimp_drawable_merge_shadow(drawable, 1) != 0 }

    func update(_ drawable: Int32, _ rect: GeglRectangle) {
        gimp_drawable_update(drawable, rect.x, rect.y, rect.width, rect.height)
    }

    func strokes(of path: Int32, precision: Double) -> [(points: [SIMD2<Double>], closed: Bool)] {
        var count: gint = 0
        guard let ids = gimp_vectors_get_strokes(path, &count) else { return [] }
        defer { g_free(ids) }
        return UnsafeBufferPointer(start: ids, count: max(0, Int(count))).compactMap { id in
            var coordinates: gint = 0, closed: gboolean = 0
            guard let xy = gimp_vectors_stroke_interpolate(path, id, precision, &coordinates, &closed) else { return nil }
            defer { g_free(xy) }
            let flat = UnsafeBufferPointer(start: xy, count: max(0, Int(coordinates)))
            return (stride(from: 0, to: flat.count - 1, by: 2).map { SIMD2(flat[$0], flat[$0 + 1]) }, closed != 0)
        }
    }

    func activePath(of image: Int32) -> Int32 { gimp_image_get_active_vectors(image) }

    var foreground: SIMD4<Float> {
        var foreground = GimpRGB()
        gimp_context_get_foreground(&foreground)
        return SIMD4(Float(foreground.r), Float(foreground.g), Float(foreground.b), 1)
    }

    func progressStart(_ message: String) { gimp_progress_init(message) }
    func progress(_ fraction: Double) { gimp_progress_update(fraction) }

    func undoGroup(_ image: Int32, _ body: () throws(ProcedureFailure) -> Void) throws(ProcedureFailure) {
        gimp_image_undo_group_start(image)
        defer { gimp_image_undo_group_end(image) }
        try body()
    }

    func flushDisplays() { gimp_displays_flush() }

    var profileFolder: String? {
        guard let profile = gimp_personal_rc_file("") else { return nil }
        defer { g_free(profile) }
        return String(cString: profile)
    }

    func reloadAndSelectBrush(named name: String) -> Bool {
        gimp_brushes_refresh()
        gimp_dynamics_refresh()
        guard gimp_context_set_brush(name) != 0 else { return false }
        _ = gimp_context_set_dynamics(name)
        return true
    }
}
