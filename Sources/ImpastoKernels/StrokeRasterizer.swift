/// Strokes polylines the way Core Graphics did for BristlePaint (round caps and joins, a line
/// width, antialiased) and composites each one over an RGBA canvas, like the seed's
/// CIImageAccumulator: a path is one shape (its own overlaps do not add up), while every new
/// path goes over what is already there, so overlapping bristles build up.
public struct StrokeCanvas: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Where the canvas lies in image coordinates (its top-left pixel).
    public let originX: Int
    public let originY: Int
    /// RGBA, straight (not premultiplied) alpha, width × height × 4.
    public var pixels: [Float]

    public init(width: Int, height: Int, originX: Int = 0, originY: Int = 0, pixels: [Float]? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.originX = originX
        self.originY = originY
        let count = self.width * self.height * 4
        self.pixels = pixels.flatMap { $0.count == count ? $0 : nil } ?? [Float](repeating: 0, count: count)
    }

    /// Antialiased coverage of a stroke of `lineWidth` along `points` at the pixel whose centre
    /// is (px, py) in image coordinates: 1 within half the width of the polyline, falling to 0
    /// over one pixel. A single point is a round dot.
    static func coverage(_ points: [SIMD2<Double>], halfWidth: Double, px: Double, py: Double) -> Double {
        var nearest = Double.infinity
        let p = SIMD2(px, py)
        if points.count == 1 { nearest = distance(p, points[0]) }
        for (a, b) in zip(points, points.dropFirst()) {
            nearest = min(nearest, segmentDistance(p, a, b))
        }
        return min(max(halfWidth + 0.5 - nearest, 0), 1)
    }

    static func distance(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> Double {
        let d = p - q
        return (d * d).sum().squareRoot()
    }

    /// Distance from p to the segment a–b.
    static func segmentDistance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a, ap = p - a
        let length2 = (ab * ab).sum()
        let t = length2 > 0 ? min(max((ap * ab).sum() / length2, 0), 1) : 0
        return distance(p, a + ab * t)
    }

    /// Strokes `points` (image coordinates) with `lineWidth` and composites the stroke in
    /// `color` (straight RGBA; its alpha is the paint's opacity) over the canvas. Points that
    /// are not finite are skipped; a width ≤ 0 or NaN paints nothing.
    public mutating func stroke(_ points: [SIMD2<Double>], lineWidth: Double, color: SIMD4<Float>) {
        let points = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard !points.isEmpty, lineWidth > 0, lineWidth.isFinite, width > 0, height > 0 else { return }
        let reach = lineWidth / 2 + 1
        let xs = points.map(\.x), ys = points.map(\.y)
        // Only the pixels within reach of the polyline's bounding box can be touched.
        let left = max(0, Int(max((xs.min() ?? 0) - reach, -1e9).rounded(.down)) - originX)
        let right = min(width - 1, Int(min((xs.max() ?? 0) + reach, 1e9).rounded(.up)) - originX)
        let top = max(0, Int(max((ys.min() ?? 0) - reach, -1e9).rounded(.down)) - originY)
        let bottom = min(height - 1, Int(min((ys.max() ?? 0) + reach, 1e9).rounded(.up)) - originY)
        guard left <= right, top <= bottom else { return }
        for y in top ... bottom {
            for x in left ... right {
                let c = Self.coverage(points, halfWidth: lineWidth / 2,
                                      px: Double(x + originX) + 0.5, py: Double(y + originY) + 0.5)
                guard c > 0 else { continue }
                composite(color, coverage: Float(c), at: (y * width + x) * 4)
            }
        }
    }

    /// Source-over with straight alpha.
    mutating func composite(_ color: SIMD4<Float>, coverage: Float, at i: Int) {
        let sa = min(max(color.w, 0), 1) * coverage
        let da = pixels[i + 3]
        let oa = sa + da * (1 - sa)
        guard oa > 0 else { return }
        for c in 0 ..< 3 {
            pixels[i + c] = (color[c] * sa + pixels[i + c] * da * (1 - sa)) / oa
        }
        pixels[i + 3] = oa
    }
}
