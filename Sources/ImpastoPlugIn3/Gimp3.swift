// SPDX-License-Identifier: GPL-3.0-or-later
import CGIMP3
import ImpastoFrontEnd
import GeglKit

/// GIMP 3.0 / 3.2 as the procedures see it: libgimp-3.0's calls behind `GimpHost`.
///
/// libgimp 3 hands out objects, the procedures speak in item IDs (as GIMP 2.10 does): each
/// call looks its object up by ID (`gimp_item_get_by_id` and kin return libgimp's own cached
/// proxy, not a new reference) and passes it on.
struct Gimp3: GimpHost {
    /// libgimp's item proxies are GObject subclasses; Swift sees their pointers as unrelated
    /// types, so an upcast (GIMP_ITEM ()) is a pointer conversion.
    private func item(_ id: Int32) -> UnsafeMutablePointer<GimpItem>? {
        id > 0 && gimp_item_id_is_valid(id) != 0 ? gimp_item_get_by_id(id) : nil
    }

    private func drawable(_ id: Int32) -> UnsafeMutablePointer<GimpDrawable>? {
        id > 0 && gimp_item_id_is_drawable(id) != 0 ? gimp_drawable_get_by_id(id) : nil
    }

    private func image(_ id: Int32) -> OpaquePointer? {
        id > 0 && gimp_image_id_is_valid(id) != 0 ? gimp_image_get_by_id(id) : nil
    }

    private func flag(_ id: Int32, _ test: (UnsafeMutablePointer<GimpItem>) -> gboolean) -> Bool {
        item(id).map { test($0) != 0 } ?? false
    }

    func imageExists(_ image: Int32) -> Bool { self.image(image) != nil }
    func isDrawable(_ item: Int32) -> Bool { drawable(item) != nil }
    func isPath(_ item: Int32) -> Bool { item > 0 && gimp_item_id_is_path(item) != 0 }

    func image(of item: Int32) -> Int32 {
        guard let item = self.item(item), let image = gimp_item_get_image(item) else { return -1 }
        return gimp_image_get_id(image)
    }

    func name(of item: Int32) -> String {
        guard let item = self.item(item), let name = gimp_item_get_name(item) else { return "" }
        defer { g_free(name) }
        return String(cString: name)
    }

    func parent(of item: Int32) -> Int32 {
        guard let item = self.item(item), let parent = gimp_item_get_parent(item) else { return -1 }
        return gimp_item_get_id(parent)
    }

    func isGroup(_ item: Int32) -> Bool { flag(item, gimp_item_is_group) }
    func isLayer(_ item: Int32) -> Bool { flag(item, gimp_item_is_layer) }
    func isLayerMask(_ item: Int32) -> Bool { flag(item, gimp_item_is_layer_mask) }
    func isChannel(_ item: Int32) -> Bool { flag(item, gimp_item_is_channel) }
    func pixelsLocked(_ item: Int32) -> Bool { flag(item, gimp_item_get_lock_content) }

    func isIndexed(_ drawable: Int32) -> Bool { self.drawable(drawable).map { gimp_drawable_is_indexed($0) != 0 } ?? false }
    func isGray(_ drawable: Int32) -> Bool { self.drawable(drawable).map { gimp_drawable_is_gray($0) != 0 } ?? false }
    func hasAlpha(_ drawable: Int32) -> Bool { self.drawable(drawable).map { gimp_drawable_has_alpha($0) != 0 } ?? false }

    func addAlpha(_ layer: Int32) -> Bool {
        guard isLayer(layer), let drawable = drawable(layer) else { return false }
        return gimp_layer_add_alpha(.init(OpaquePointer(drawable))) != 0
    }

    func offsets(_ drawable: Int32) -> (x: Int32, y: Int32) {
        var x: gint = 0, y: gint = 0
        if let drawable = self.drawable(drawable) { _ = gimp_drawable_get_offsets(drawable, &x, &y) }
        return (x, y)
    }

    // `buffer` and `shadowBuffer` are asked only for drawables the checks accepted.
    func buffer(_ drawable: Int32) -> GeglBufferRef {
        GeglBufferRef(owning: gimp_drawable_get_buffer(self.drawable(drawable)))
    }

    func shadowBuffer(_ drawable: Int32) -> GeglBufferRef {
        GeglBufferRef(owning: gimp_drawable_get_shadow_buffer(self.drawable(drawable)))
    }

    func selectionBounds(_ drawable: Int32) -> GeglRectangle? {
        var x: gint = 0, y: gint = 0, width: gint = 0, height: gint = 0
        guard let drawable = self.drawable(drawable),
              gimp_drawable_mask_intersect(drawable, &x, &y, &width, &height) != 0, width > 0, height > 0 else { return nil }
        return GeglRectangle(x: x, y: y, width: width, height: height)
    }

    func mergeShadow(_ drawable: Int32) -> Bool {
        guard let drawable = self.drawable(drawable) else { return false }
        return gimp_drawable_merge_shadow(drawable, 1) != 0
    }

    func update(_ drawable: Int32, _ rect: GeglRectangle) {
        guard let drawable = self.drawable(drawable) else { return }
        _ = gimp_drawable_update(drawable, rect.x, rect.y, rect.width, rect.height)
    }

    func strokes(of path: Int32, precision: Double) -> [(points: [SIMD2<Double>], closed: Bool)] {
        guard isPath(path), let path = gimp_path_get_by_id(path) else { return [] }
        var count: gsize = 0
        guard let ids = gimp_path_get_strokes(path, &count) else { return [] }
        defer { g_free(ids) }
        return UnsafeBufferPointer(start: ids, count: Int(count)).compactMap { id in
            var coordinates: gsize = 0, closed: gboolean = 0
            guard let xy = gimp_path_stroke_interpolate(path, id, precision, &coordinates, &closed) else { return nil }
            defer { g_free(xy) }
            let flat = UnsafeBufferPointer(start: xy, count: Int(coordinates))
            return (stride(from: 0, to: flat.count - 1, by: 2).map { SIMD2(flat[$0], flat[$0 + 1]) }, closed != 0)
        }
    }

    /// GIMP 3 selects several paths at once; the first selected one stands for 2.10's active path.
    func activePath(of image: Int32) -> Int32 {
        guard let image = self.image(image), let paths = gimp_image_get_selected_paths(image) else { return -1 }
        defer { g_free(paths) }
        return paths.pointee.map { gimp_item_get_id(UnsafeMutablePointer<GimpItem>($0)) } ?? -1
    }

    /// GIMP 3's context colour is a GeglColor; the procedures paint in R'G'B' (as 2.10's GimpRGB).
    var foreground: SIMD4<Float> {
        var rgba: [Float] = [0, 0, 0, 1]
        if let color = gimp_context_get_foreground() {
            defer { g_object_unref(color) }
            rgba.withUnsafeMutableBytes { gegl_color_get_pixel(color, babl_format("R'G'B'A float"), $0.baseAddress) }
        }
        return SIMD4(rgba[0], rgba[1], rgba[2], 1)
    }

    func progressStart(_ message: String) { _ = gimp_progress_init(message) }
    func progress(_ fraction: Double) { _ = gimp_progress_update(fraction) }

    func undoGroup(_ image: Int32, _ body: () throws(ProcedureFailure) -> Void) throws(ProcedureFailure) {
        guard let image = self.image(image) else { return try body() }
        _ = gimp_image_undo_group_start(image)
        defer { _ = gimp_image_undo_group_end(image) }
        try body()
    }

    func flushDisplays() { _ = gimp_displays_flush() }

    /// The GIMP 3 profile (GIMP3_DIRECTORY, or ~/.config/GIMP/3.0 or 3.2).
    var profileFolder: String? { gimp_directory().map { String(cString: $0) } }

    func reloadAndSelectBrush(named name: String) -> Bool {
        _ = gimp_brushes_refresh()
        _ = gimp_dynamics_refresh()
        guard let brush = gimp_brush_get_by_name(name), gimp_context_set_brush(brush) != 0 else { return false }
        _ = gimp_context_set_dynamics_name(name)
        return true
    }
}
