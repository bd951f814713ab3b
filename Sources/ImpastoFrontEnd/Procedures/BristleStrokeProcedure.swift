// SPDX-License-Identifier: GPL-3.0-or-later
import GeglKit
import ImpastoKernels

/// plug-in-impasto-bristle-stroke: BristlePaint's brush along a GIMP path, in the
/// foreground colour on the drawable and in white at 10 % on a bump drawable.
public enum BristleStrokeProcedure: ImpastoProcedure {
    public static let name = "plug-in-impasto-bristle-stroke"
    public static let blurb = localized("Stroke a path with a many-bristle brush, in colour and onto a bump layer")
    public static let help = localized("""
        Draws a many-bristle brush along every stroke of the path (Bézier segments followed \
        closely): bristles spread evenly around the path, as far as max-radius × √pressure \
        from it, the pressure going from pressure-start to pressure-end along each stroke, \
        turned by azimuth (degrees, 0 = right, 90 = down); each bristle is a line of \
        line-width pixels with round ends, painted in the foreground colour on the drawable \
        and, when a bump drawable is given (−1: none), in white at 10 % opacity on it, so \
        that plug-in-impasto-normal-light can light the painting as a glossy impasto. \
        The selection limits the painting.
        """)
    public static let menuLabel = localized("Impasto _Bristle Stroke Path...")
    public static let menuPath = "<Image>/Edit"

    public static let parameters: [ProcedureParameter] = [
        .drawable("bump-drawable", optional: true, localized("The bump layer to paint white at 10 % on (-1: none)")),
        .vectors("vectors", localized("The path to stroke (every stroke of it)")),
    ] + BristleStroke.parameters.map(ProcedureParameter.init)

    /// The stroke these arguments describe.
    public static func settings(_ arguments: ProcedureArguments) -> BristleStroke {
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

    public static func validate(_ call: ProcedureCall) throws(ProcedureFailure) {
        let (host, image, drawable, arguments) = (call.host, call.image, call.drawable, call.arguments)
        let vectors = arguments.vectors("vectors")
        guard host.image(of: vectors) == image else {
            throw .calling(localized("%s: path %s does not belong to image %s.", name, "\(vectors)", "\(image)"))
        }
        if let bump = arguments.drawable("bump-drawable") {
            guard bump != drawable else {
                throw .calling(localized("%s: the bump drawable must be another layer than the one painted on (or -1).", name))
            }
            try ProcedureChecks.checkDrawable(self, image: image, drawable: bump, in: host)
        }
        guard !polylines(of: vectors, in: host, arguments: arguments).isEmpty else {
            throw .execution(localized("%s: the path has no strokes; draw one with the Paths tool first.", name))
        }
    }

    public static func apply(_ call: ProcedureCall) throws(ProcedureFailure) {
        let (host, arguments) = (call.host, call.arguments)
        let bump = arguments.drawable("bump-drawable")
        let lineWidth = settings(arguments).lineWidth
        let lines = polylines(of: arguments.vectors("vectors"), in: host, arguments: arguments)

        host.progressStart(localized("Impasto Bristle Stroke"))
        let share = bump == nil ? 1.0 : 0.5
        try DrawablePainter.paint(lines, lineWidth: lineWidth, color: host.foreground, on: call.drawable, in: host) {
            host.progress($0 * share)
        }
        if let bump {
            try DrawablePainter.paint(lines, lineWidth: lineWidth, color: BristleStroke.bumpPaint, on: bump, in: host) {
                host.progress(0.5 + $0 * 0.5)
            }
        }
        host.progress(1)
    }

    /// Every bristle's polyline for every stroke of the path (Béziers followed within 0.2 px,
    /// closed strokes closed), in image coordinates.
    public static func polylines(of vectors: Int32, in host: any GimpHost, arguments: ProcedureArguments)
        -> [[SIMD2<Double>]] {
        let stroke = settings(arguments)
        return host.strokes(of: vectors, precision: 0.2).flatMap { path in
            var points = path.points
            if path.closed, let first = points.first { points.append(first) }
            return stroke.polylines(along: points)
        }
    }
}
