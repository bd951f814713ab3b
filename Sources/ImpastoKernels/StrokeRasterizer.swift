// SPDX-License-Identifier: GPL-3.0-or-later
/// Strokes polylines the way Core Graphics did for BristlePaint (round caps and joins, a line
/// width, antialiased) and composites each one over an RGBA canvas, like the seed's
/// CIImageAccumulator: a path is one shape (its own overlaps do not add up), while every new
/// path goes over what is already there, so overlapping bristles build up.
public struct StrokeCanvas: Equatable, Sendable {
    public static func == (lhs: StrokeCanvas, rhs: StrokeCanvas) -> Bool {
        (lhs.width, lhs.height, lhs.originX, lhs.originY) == (rhs.width, rhs.height, rhs.originX, rhs.originY)
            && lhs.pixels == rhs.pixels
    }

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

    /// Antialiased coverage of a stroke with half width `halfWidth` at a pixel whose centre
    /// lies `nearest` pixels from the polyline: 1 within half the width, falling to 0 over one
    /// pixel.
    static func coverage(halfWidth: Double, nearest: Double) -> Double {
        min(max(halfWidth + 0.5 - nearest, 0), 1)
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

    /// Per-pixel coverage of the path being stroked (0 elsewhere) and which pixels it touched:
    /// kept between calls so that long paths on big canvases allocate once.
    private var scratch: [Float] = []
    private var touched: [Int] = []

    /// Strokes `points` (image coordinates) with `lineWidth` and composites the stroke in
    /// `color` (straight RGBA; its alpha is the paint's opacity) over the canvas. Points that
    /// are not finite are skipped; a width ≤ 0 or NaN paints nothing. A single point is a
    /// round dot.
    ///
    /// The work is segment by segment: each segment visits only the pixels within reach of
    /// it, so a long path costs its length times its width, not its bounding box.
    public mutating func stroke(_ points: [SIMD2<Double>], lineWidth: Double, color: SIMD4<Float>) {
        let points = points.filter { $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e9 && abs($0.y) < 1e9 }
        guard !points.isEmpty, lineWidth > 0, lineWidth < 1e6, width > 0, height > 0 else { return }
        if scratch.count != width * height { scratch = [Float](repeating: 0, count: width * height) }
        touched.removeAll(keepingCapacity: true)
        let halfWidth = lineWidth / 2
        if points.count == 1 {
            cover(points[0], points[0], halfWidth: halfWidth)
        } else {
            for (a, b) in zip(points, points.dropFirst()) { cover(a, b, halfWidth: halfWidth) }
        }
        for i in touched {
            composite(color, coverage: scratch[i], at: i * 4)
            scratch[i] = 0
        }
    }

    /// Raises the scratch coverage to that of the round-capped segment a–b (the path is one
    /// shape: where its segments overlap, the larger coverage counts, they do not add up).
    private mutating func cover(_ a: SIMD2<Double>, _ b: SIMD2<Double>, halfWidth: Double) {
        let reach = halfWidth + 1
        let left = max(0, Int((min(a.x, b.x) - reach).rounded(.down)) - originX)
        let right = min(width - 1, Int((max(a.x, b.x) + reach).rounded(.up)) - originX)
        let top = max(0, Int((min(a.y, b.y) - reach).rounded(.down)) - originY)
        let bottom = min(height - 1, Int((max(a.y, b.y) + reach).rounded(.up)) - originY)
        guard left <= right, top <= bottom else { return }
        for y in top ... bottom {
            let py = Double(y + originY) + 0.5
            for x in left ... right {
                let p = SIMD2(Double(x + originX) + 0.5, py)
                let c = Float(Self.coverage(halfWidth: halfWidth, nearest: Self.segmentDistance(p, a, b)))
                let i = y * width + x
                guard c > scratch[i] else { continue }
                if scratch[i] == 0 { touched.append(i) }
                scratch[i] = c
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
