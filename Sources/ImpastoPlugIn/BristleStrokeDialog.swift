import CGIMP
import ImpastoFrontEnd
import GeglKit
import ImpastoKernels

/// The dialog: the path and bump choosers and the stroke settings, previewed on the drawable.
extension BristleStrokeProcedure: DialogProcedure {
    /// The preview paints the bristles over the visible part of the drawable, with the same
    /// polylines and colour as OK will (the bump layer is painted too, but not shown).
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        dialog.render = { dialog in
            guard let area = dialog.previewArea else { return }
            let host = ProcedureRunner.host
            let drawable = dialog.drawable, arguments = dialog.arguments
            let vectors = arguments.vectors("vectors")
            let lines = host.isPath(vectors) ? polylines(of: vectors, in: host, arguments: arguments) : []
            let canvas = DrawablePainter.stroked(host.buffer(drawable), rect: area, offsets: host.offsets(drawable), lines,
                                                 lineWidth: settings(arguments).lineWidth, color: host.foreground)
            let painted = GeglBufferRef(width: Int(area.width), height: Int(area.height), format: "R'G'B'A float")
            painted.set(canvas.pixels, format: "R'G'B'A float")
            let result = DrawableFilter.pixels(of: drawable, in: host, rect: area) { format, memory, rowstride in
                var r = GeglRectangle(x: 0, y: 0, width: area.width, height: area.height)
                gegl_buffer_get(painted.pointer, &r, 1, babl_format(format), memory, Int32(rowstride), GEGL_ABYSS_NONE)
            }
            dialog.drawPreview(result.pixels, rowstride: result.rowstride)
        }
    }
}
