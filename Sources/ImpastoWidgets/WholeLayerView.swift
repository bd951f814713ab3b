// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import ImpastoFrontEnd
import ImpastoKernels

/// The whole layer through the procedure's filter, scaled to fit (never enlarged), beside the
/// drawable preview's 1:1 detail: what a look does to a whole word or logo. Drawn again
/// whenever a value changes (on the next draw): a layer that fits is shown exactly as OK
/// applies it; a larger one through a copy averaged down (`DrawableFilter.wholeLayer`), so the
/// view keeps up on any layer.
final class WholeLayerView {
    /// The view's size: room for a line of text (landscape), within the parameters' column.
    static let size = (width: 400, height: 260)

    unowned let dialog: any WidgetDialog
    private let filter: any FilterProcedure.Type
    private var canvas: Widget?
    private var surface: OpaquePointer?
    /// The values and canvas size `surface` was rendered for.
    private var rendered: (values: [ParameterValue], width: Int, height: Int)?

    @discardableResult
    init(dialog: any WidgetDialog, filter: any FilterProcedure.Type, side: Widget) {
        self.dialog = dialog
        self.filter = filter
        canvas = dialog.canvas(width: Self.size.width, height: Self.size.height,
                               draw: { [unowned self] in draw($0, width: $1, height: $2) }, pointer: nil)
        dialog.pack(dialog.frame(localized("Whole layer"), around: canvas), into: side)
        if let canvas { dialog.landmarks.append(("whole-layer", canvas)) }
        dialog.onChange.append { [unowned self] in
            if let canvas { dialog.queueDraw(canvas) }
        }
        dialog.retained.append(self)
    }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    private func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        cairo_set_source_rgb(cr, 0.16, 0.16, 0.17)
        cairo_paint(cr)
        let (w, h) = (Int(width), Int(height))
        if rendered.map({ $0.values != dialog.arguments.values || $0.width != w || $0.height != h }) ?? true {
            if let surface { cairo_surface_destroy(surface) }
            surface = nil
            rendered = (dialog.arguments.values, w, h)
            if let picture = filter.wholeLayer(of: dialog.drawable, in: dialog.host, arguments: dialog.arguments, fitting: w, h) {
                surface = cairoPicture(width: picture.width, height: picture.height) { x, y in
                    let p = (y * picture.width + x) * 4
                    return SIMD4(picture.pixels[p], picture.pixels[p + 1], picture.pixels[p + 2], picture.pixels[p + 3])
                }
            }
        }
        guard let surface else { return }
        let (sw, sh) = (Double(cairo_image_surface_get_width(surface)), Double(cairo_image_surface_get_height(surface)))
        let (x, y) = (((width - sw) / 2).rounded(.down), ((height - sh) / 2).rounded(.down))
        // Transparency as GIMP shows it: a checkerboard under the layer.
        cairo_save(cr)
        cairo_rectangle(cr, x, y, sw, sh)
        cairo_clip(cr)
        for row in 0 ... Int(sh / 8) {
            for column in 0 ... Int(sw / 8) {
                let grey = (row + column) % 2 == 0 ? 0.6 : 0.4
                cairo_set_source_rgb(cr, grey, grey, grey)
                cairo_rectangle(cr, x + Double(column * 8), y + Double(row * 8), 8, 8)
                cairo_fill(cr)
            }
        }
        cairo_restore(cr)
        cairo_set_source_surface(cr, surface, x, y)
        cairo_paint(cr)
    }
}
