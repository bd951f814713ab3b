// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reading a painted stroke the way an eye does: how many separate streaks cross it and how
/// wide the paint is, from its coverage (alpha, 0 … 1) sampled across the stroke. The same
/// reading serves the brush's model strokes (`PaintCoreModel`) and what GIMP painted.
public enum StrokeReading {
    /// Coverage at a point from per-pixel coverage, bilinear between pixel centres (0 outside).
    public static func bilinear(_ x: Double, _ y: Double, width: Int, height: Int, _ coverage: (Int, Int) -> Double) -> Double {
        let (fx, fy) = (x - 0.5, y - 0.5)
        let (x0, y0) = (Int(fx.rounded(.down)), Int(fy.rounded(.down)))
        let (tx, ty) = (fx - Double(x0), fy - Double(y0))
        func a(_ x: Int, _ y: Int) -> Double { x >= 0 && y >= 0 && x < width && y < height ? coverage(x, y) : 0 }
        return a(x0, y0) * (1 - tx) * (1 - ty) + a(x0 + 1, y0) * tx * (1 - ty)
            + a(x0, y0 + 1) * (1 - tx) * ty + a(x0 + 1, y0 + 1) * tx * ty
    }

    /// Separate peaks along a profile: a peak reaches at least half coverage and stands at
    /// least a quarter above the valleys on either side.
    public static func peaks(_ profile: [Double]) -> Int {
        var count = 0, top = 0.0, low = 0.0, rising = true
        for v in profile {
            if rising {
                if v >= 0.5 && (count == 0 || v >= low + 0.25) { count += 1; top = v; rising = false } else { low = min(low, v) }
            } else {
                top = max(top, v)
                if v <= top - 0.25 { low = v; rising = true }
            }
        }
        return count
    }

    /// The streaks a line of pixels crosses (`alpha(t)` for t in `span`): runs of paint (alpha
    /// at least half the line's strongest) at least 2 px wide with bare canvas before them, as
    /// (first, last) t.
    public static func runs(_ span: Range<Int>, alpha: (Int) -> Float) -> [(first: Int, last: Int)] {
        let half = (span.map(alpha).max() ?? 0) / 2
        guard half > 0 else { return [] }
        var found: [(Int, Int)] = [], start: Int?
        for t in span {
            let painted = alpha(t) >= half
            if painted, start == nil, t > span.lowerBound, alpha(t - 1) < half { start = t }
            if !painted, let s = start {
                if t - s >= 2 { found.append((s, t - 1)) }
                start = nil
            }
        }
        return found
    }

    /// The separate dots in a `width` × `height` grid of coverage: the 4-connected groups of
    /// cells covered at least `threshold`.
    public static func dots(width: Int, height: Int, threshold: Double = 0.5, _ coverage: (Int, Int) -> Double) -> Int {
        var seen = Set<Int>(), dots = 0
        for start in 0 ..< width * height where coverage(start % width, start / width) >= threshold && !seen.contains(start) {
            dots += 1
            var stack = [start]
            seen.insert(start)
            while let i = stack.popLast() {
                let (x, y) = (i % width, i / width)
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && ny >= 0 && nx < width && ny < height && coverage(nx, ny) >= threshold && !seen.contains(ny * width + nx) {
                    seen.insert(ny * width + nx)
                    stack.append(ny * width + nx)
                }
            }
        }
        return dots
    }

    /// Across the middle of a straight stroke through `centre` at `angle` (radians, image
    /// axes): the streaks (the median over nine profiles 3 px apart along the stroke, each
    /// `reach` px either side, a quarter pixel apart) and how wide the paint is (first to last
    /// half-covered point, the median too). Each profile is read relative to its strongest
    /// point: a stroke laid as a thin coat (the dynamics' opacity) reads as one laid full.
    public static func across(centre: (x: Double, y: Double), angle: Double, reach: Double = 30,
                              coverage: (Double, Double) -> Double) -> (streaks: Int, width: Double) {
        let u = (x: cos(angle), y: sin(angle))
        let offsets = (-Int(reach * 4) ... Int(reach * 4)).map { Double($0) / 4 }
        var counts: [Int] = [], widths: [Double] = []
        for s in stride(from: -12.0, through: 12, by: 3) {
            let raw = offsets.map { t in coverage(centre.x + u.x * s - u.y * t, centre.y + u.y * s + u.x * t) }
            let top = raw.max() ?? 0
            let profile = top > 0 ? raw.map { $0 / top } : raw
            counts.append(peaks(profile))
            let painted = offsets.indices.filter { profile[$0] >= 0.5 }
            widths.append(painted.isEmpty ? 0 : offsets[painted.last!] - offsets[painted.first!])
        }
        return (counts.sorted()[counts.count / 2], widths.sorted()[widths.count / 2])
    }
}

/// GIMP's paint core as far as a brush's look depends on it, to judge brush cells without
/// GIMP: a stroke is dabs every `spacing` pixels along its line (gimppaintcore.c), each dab the
/// cell's mask placed at the dab's sub-pixel position (bilinear here; GIMP subsamples masks to a
/// quarter pixel), accumulated into the stroke's canvas as app/paint/gimppaintcore-loops.cc
/// does for a non-incremental stroke: c ← c + (o − c)·m·o where o > c, o the paint opacity.
public struct PaintCoreModel {
    public let width, height: Int
    public private(set) var canvas: [Double]

    public init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
        canvas = [Double](repeating: 0, count: width * height)
    }

    /// One dab of `mask` (`size` × `size`, bytes) centred on (x, y) with paint opacity `opacity`.
    public mutating func dab(_ mask: [UInt8], size: Int, x: Double, y: Double, opacity: Double = 1) {
        let left = x - Double(size) / 2, top = y - Double(size) / 2
        let (ix, iy) = (Int(left.rounded(.down)), Int(top.rounded(.down)))
        let (fx, fy) = (left - Double(ix), top - Double(iy))
        func m(_ cx: Int, _ cy: Int) -> Double {
            cx >= 0 && cy >= 0 && cx < size && cy < size ? Double(mask[cy * size + cx]) / 255 : 0
        }
        for cy in 0 ... size {
            for cx in 0 ... size {
                let (px, py) = (ix + cx, iy + cy)
                guard px >= 0, py >= 0, px < width, py < height else { continue }
                // The mask shifted right by fx and down by fy.
                let v = m(cx, cy) * (1 - fx) * (1 - fy) + m(cx - 1, cy) * fx * (1 - fy)
                    + m(cx, cy - 1) * (1 - fx) * fy + m(cx - 1, cy - 1) * fx * fy
                let i = py * width + px
                if opacity > canvas[i] { canvas[i] += (opacity - canvas[i]) * v * opacity }
            }
        }
    }

    /// Coverage at a point, bilinear between pixel centres.
    public func coverage(_ x: Double, _ y: Double) -> Double {
        StrokeReading.bilinear(x, y, width: width, height: height) { canvas[$1 * width + $0] }
    }
}
