// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import GeglKit
import ImpastoFrontEnd

/// The bristle-stroke dialog's preview, in GIMP 2.10 and 3 alike: the bristles painted over
/// the visible part of the drawable, with the same polylines and colour as OK will (the bump
/// layer is painted too, but not shown). Each front-end sets it as its dialog's render.
public enum BristleStrokePreview {
    public static func render(_ dialog: any WidgetDialog) {
        guard let area = dialog.previewArea else { return }
        let host = dialog.host
        let drawable = dialog.drawable, arguments = dialog.arguments
        let vectors = arguments.vectors("vectors")
        let lines = host.isPath(vectors) ? BristleStrokeProcedure.polylines(of: vectors, in: host, arguments: arguments) : []
        let canvas = DrawablePainter.stroked(host.buffer(drawable), rect: area, offsets: host.offsets(drawable), lines,
                                             lineWidth: BristleStrokeProcedure.settings(arguments).lineWidth,
                                             color: host.foreground)
        let painted = GeglBufferRef(width: Int(area.width), height: Int(area.height), format: "R'G'B'A float")
        painted.set(canvas.pixels, format: "R'G'B'A float")
        let result = DrawableFilter.pixels(of: drawable, in: host, rect: area) { format, memory, rowstride in
            var r = GeglRectangle(x: 0, y: 0, width: area.width, height: area.height)
            gegl_buffer_get(painted.pointer, &r, 1, babl_format(format), memory, Int32(rowstride), GEGL_ABYSS_NONE)
        }
        dialog.drawPreview(result.pixels, rowstride: result.rowstride)
    }
}
