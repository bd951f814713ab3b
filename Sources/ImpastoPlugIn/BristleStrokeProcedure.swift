import CGIMP
import ImpastoGegl
import ImpastoKernels

/// plug-in-impasto-bristle-stroke (SPEC.md): BristlePaint's brush along a GIMP path, in the
/// foreground colour on the drawable and in white at 10 % on a bump drawable.
enum BristleStrokeProcedure: ImpastoProcedure {
    static let name = "plug-in-impasto-bristle-stroke"
    static let blurb = "Stroke a path with a many-bristle brush, in colour and onto a bump layer"
    static let help = """
        Draws BristlePaint's brush along every stroke of the path (Bézier segments followed \
        closely): bristles spread evenly around the path, as far as max-radius × √pressure \
        from it, the pressure going from pressure-start to pressure-end along each stroke, \
        turned by azimuth (degrees, 0 = right, 90 = down); each bristle is a line of \
        line-width pixels with round ends, painted in the foreground colour on the drawable \
        and, when a bump drawable is given (−1: none), in white at 10 % opacity on it, so \
        that plug-in-impasto-normal-light can light the painting as a glossy impasto. \
        The selection limits the painting.
        """
    static let menuLabel = "Impasto _Bristle Stroke Path..."
    static let menuPath = "<Image>/Edit"

    /// The context's foreground colour (R'G'B'), opaque: what the bristles paint with.
    static var foregroundPaint: SIMD4<Float> {
        var foreground = GimpRGB()
        gimp_context_get_foreground(&foreground)
        return SIMD4(Float(foreground.r), Float(foreground.g), Float(foreground.b), 1)
    }

    static let parameters: [ProcedureParameter] = [
        .drawable("bump-drawable", optional: true, "The bump layer to paint white at 10 % on (-1: none)"),
        .vectors("vectors", "The path to stroke (every stroke of it)"),
    ] + BristleStroke.parameters.map(ProcedureParameter.init)

    /// The stroke these arguments describe.
    static func settings(_ arguments: ProcedureArguments) -> BristleStroke {
        let p = BristleStroke.Parameters.self
        var stroke = BristleStroke()
        stroke.bristles = Int(arguments.int(p.bristles.name))
        stroke.pressureStart = arguments.double(p.pressureStart.name)
        stroke.pressureEnd = arguments.double(p.pressureEnd.name)
        stroke.azimuth = arguments.double(p.azimuth.name)
        stroke.lineWidth = arguments.double(p.lineWidth.name)
        stroke.maxRadius = arguments.double(p.maxRadius.name)
        return stroke
    }

    static func validate(image: Int32, drawable: Int32, arguments: ProcedureArguments) throws(ProcedureFailure) {
        let vectors = arguments.vectors("vectors")
        guard gimp_item_get_image(vectors) == image else {
            throw .calling("\(name): path \(vectors) does not belong to image \(image).")
        }
        if let bump = arguments.drawable("bump-drawable") {
            guard bump != drawable else {
                throw .calling("\(name): the bump drawable must be another layer than the one painted on (or -1).")
            }
            try ProcedureRunner.checkDrawable(self, image: image, drawable: bump)
        }
        guard !polylines(of: vectors, arguments: arguments).isEmpty else {
            throw .execution("\(name): the path has no strokes; draw one with the Paths tool first.")
        }
    }

    static func apply(image: Int32, drawable: Int32, arguments: ProcedureArguments) throws(ProcedureFailure) {
        let bump = arguments.drawable("bump-drawable")
        let lineWidth = settings(arguments).lineWidth
        let lines = polylines(of: arguments.vectors("vectors"), arguments: arguments)
        let colour = foregroundPaint

        gimp_progress_init("Impasto Bristle Stroke")
        let share = bump == nil ? 1.0 : 0.5
        try DrawablePainter.paint(lines, lineWidth: lineWidth, color: colour, on: drawable) {
            gimp_progress_update($0 * share)
        }
        if let bump {
            try DrawablePainter.paint(lines, lineWidth: lineWidth, color: BristleStroke.bumpPaint, on: bump) {
                gimp_progress_update(0.5 + $0 * 0.5)
            }
        }
        gimp_progress_update(1)
    }

    /// Every bristle's polyline for every stroke of the path, in image coordinates.
    static func polylines(of vectors: Int32, arguments: ProcedureArguments) -> [[SIMD2<Double>]] {
        var count: gint = 0
        guard let ids = gimp_vectors_get_strokes(vectors, &count) else { return [] }
        defer { g_free(ids) }
        let stroke = settings(arguments)
        var lines: [[SIMD2<Double>]] = []
        for id in UnsafeBufferPointer(start: ids, count: max(0, Int(count))) {
            var coordinates: gint = 0, closed: gboolean = 0
            guard let xy = gimp_vectors_stroke_interpolate(vectors, id, 0.2, &coordinates, &closed) else { continue }
            defer { g_free(xy) }
            let flat = UnsafeBufferPointer(start: xy, count: max(0, Int(coordinates)))
            var points = stride(from: 0, to: flat.count - 1, by: 2).map { SIMD2(flat[$0], flat[$0 + 1]) }
            if closed != 0, let first = points.first { points.append(first) }
            lines += stroke.polylines(along: points)
        }
        return lines
    }
}

extension BristleStrokeProcedure: DialogProcedure {
    /// The preview paints the bristles over the visible part of the drawable, with the same
    /// polylines and colour as OK will (the bump layer is painted too, but not shown).
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        dialog.render = { dialog in
            guard let area = dialog.previewArea else { return }
            let drawable = dialog.drawable, arguments = dialog.arguments
            let vectors = arguments.vectors("vectors")
            let lines = gimp_item_is_valid(vectors) != 0 && gimp_item_is_vectors(vectors) != 0
                ? polylines(of: vectors, arguments: arguments) : []
            var ox: Int32 = 0, oy: Int32 = 0
            gimp_drawable_offsets(drawable, &ox, &oy)
            let canvas = DrawablePainter.stroked(GeglBufferRef(owning: gimp_drawable_get_buffer(drawable)), rect: area,
                                                 offsets: (ox, oy), lines, lineWidth: settings(arguments).lineWidth,
                                                 color: foregroundPaint)
            let painted = GeglBufferRef(width: Int(area.width), height: Int(area.height), format: "R'G'B'A float")
            painted.set(canvas.pixels, format: "R'G'B'A float")
            let result = DrawableFilter.pixels(of: drawable, rect: area) { format, memory, rowstride in
                var r = GeglRectangle(x: 0, y: 0, width: area.width, height: area.height)
                gegl_buffer_get(painted.pointer, &r, 1, babl_format(format), memory, Int32(rowstride), GEGL_ABYSS_NONE)
            }
            dialog.drawPreview(result.pixels, rowstride: result.rowstride)
        }
    }
}
