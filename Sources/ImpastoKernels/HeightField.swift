import Glibc

/// The shape of a bevel's cross-section (SPEC impasto:emboss step 3): height as a function of
/// t = min(d, r) / r, the distance into the shape as a fraction of the bevel radius.
public enum HeightProfile: Int32, CaseIterable, Sendable {
    /// √(1 − (1 − t)²): a quarter circle, CIHeightFieldFromMask's rounded look (the default).
    case round = 0
    /// t: a chamfer.
    case linear = 1
    /// (1 − cos πt) / 2: flat at both ends, an S-shaped shoulder.
    case smooth = 2

    /// The height at t, with t clamped into 0 … 1 first (NaN reads as 0).
    public func callAsFunction(_ t: Float) -> Float {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        switch self {
        case .round: return (t * (2 - t)).squareRoot() // 1 − (1 − t)² without the cancellation
        case .linear: return t
        case .smooth: return (1 - cos(Float.pi * t)) / 2
        }
    }
}

/// CIHeightFieldFromMask: a bevel raised from a mask by its exact Euclidean distance transform.
///
/// A pixel is inside when its mask value is ≥ 0.5 (NaN is outside), and everything beyond the
/// image border is outside, as if the mask were padded with a ring of zeros: a fully opaque
/// image is bevelled along its borders.
public enum HeightField {
    /// The exact Euclidean distance from each pixel centre to the nearest outside pixel centre
    /// (the padding ring included), clamped to `limit`; outside pixels are 0. A negative or NaN
    /// limit counts as 0, +∞ as no clamp.
    ///
    /// Linear time whatever the limit, in two separable passes (Felzenszwalb & Huttenlocher,
    /// "Distance Transforms of Sampled Functions", Theory of Computing 8, 2012): the distance
    /// g to the nearest outside pixel within each column, then per row the lower envelope of
    /// the parabolas (x − q)² + g(q)², whose value at x is the squared distance. Every value is
    /// an integer below 2⁵³ in Double, so the result is the correctly rounded root; pieces of
    /// `parallel` own whole columns, then whole rows, so any split gives the same bits.
    public static func distances(_ mask: Plane, limit: Float, parallel: ParallelFor = .serial) -> Plane {
        transform(mask, Clamp(limit: limit >= 0 ? limit : 0), parallel)
    }

    /// The bevel h = profile(min(d, r) / r) ∈ 0 … 1, d as in `distances`. With r = 0 (also for
    /// a negative, NaN or infinite radius) it is a step: 1 inside, 0 outside.
    public static func heights(_ mask: Plane, radius: Float, profile: HeightProfile,
                               parallel: ParallelFor = .serial) -> Plane {
        let r = radius.isFinite && radius > 0 ? radius : 0
        guard r == 0 else { return transform(mask, Bevel(limit: r, profile: profile), parallel) }
        var step = mask
        let width = mask.width
        step.values.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            parallel(mask.height) { rows in
                for i in rows.lowerBound * width ..< rows.upperBound * width { p[i] = p[i] >= 0.5 ? 1 : 0 }
            }
        }
        return step
    }

    /// What the transform stores for an inside pixel's distance d: some function of
    /// min(d, limit). A type rather than a closure, so that each use is specialised and inlined.
    private protocol Finish {
        var limit: Float { get }
        func callAsFunction(_ d: Float) -> Float
    }

    private struct Clamp: Finish {
        let limit: Float
        func callAsFunction(_ d: Float) -> Float { min(d, limit) }
    }

    private struct Bevel: Finish {
        let limit: Float, profile: HeightProfile
        func callAsFunction(_ d: Float) -> Float { profile(min(d, limit) / limit) }
    }

    /// The distance transform with each inside pixel's distance d stored as finish(d);
    /// outside pixels are 0.
    private static func transform<F: Finish>(_ mask: Plane, _ finish: F, _ parallel: ParallelFor) -> Plane {
        var out = Plane(width: mask.width, height: mask.height)
        let width = mask.width, height = mask.height
        mask.values.withUnsafeBufferPointer { maskBuffer in
            out.values.withUnsafeMutableBufferPointer { outBuffer in
                guard let m = maskBuffer.baseAddress, let g = outBuffer.baseAddress else { return }
                parallel(width) { columns in
                    columnDistances(m, g, width: width, height: height, columns: columns)
                }
                parallel(height) { rows in
                    rowDistances(g, width: width, rows: rows, finish: finish)
                }
            }
        }
        return out
    }

    /// Pass 1 over `columns`, all rows, row by row for contiguous access: g = the distance to
    /// the nearest outside pixel in the same column, padding rows −1 and height included. For a
    /// binary mask that is two sweeps: down (1 + the value above, 0 outside), then up (at most
    /// 1 + the value below). Values are small integers, exact in Float.
    private static func columnDistances(_ m: UnsafePointer<Float>, _ g: UnsafeMutablePointer<Float>,
                                        width: Int, height: Int, columns: Range<Int>) {
        for y in 0 ..< height {
            let row = y * width
            for x in columns {
                let above: Float = y == 0 ? 0 : g[row - width + x]
                g[row + x] = m[row + x] >= 0.5 ? above + 1 : 0
            }
        }
        for y in (0 ..< height).reversed() {
            let row = y * width
            for x in columns {
                let below: Float = y == height - 1 ? 0 : g[row + width + x]
                g[row + x] = min(g[row + x], below + 1)
            }
        }
    }

    /// Pass 2, row by row, in place: d(x) = √min_q((x − q)² + g(q)²). No site beyond an outside
    /// pixel (g = 0) can beat that pixel, so each run of inside pixels is done on its own, with
    /// the outside pixels (or padding columns) at its ends as sites, and outside pixels stay 0.
    /// Sites with g² > limit² lie above the limit everywhere and are left out: the cost falls
    /// with a small limit and never grows with a large one.
    private static func rowDistances<F: Finish>(_ g: UnsafeMutablePointer<Float>, width: Int, rows: Range<Int>,
                                                finish: F) {
        var f = [Double](repeating: 0, count: width + 2)
        var v = [Int](repeating: 0, count: width + 2)
        var z = [Double](repeating: 0, count: width + 3)
        f.withUnsafeMutableBufferPointer { f in
            v.withUnsafeMutableBufferPointer { v in
                z.withUnsafeMutableBufferPointer { z in
                    guard let f = f.baseAddress, let v = v.baseAddress, let z = z.baseAddress else { return }
                    for y in rows {
                        let row = g + y * width
                        var start = 0
                        while start < width {
                            guard row[start] > 0 else {
                                start += 1
                                continue
                            }
                            var end = start + 1
                            while end < width && row[end] > 0 { end += 1 }
                            envelope(row + start, count: end - start, f, v, z, finish)
                            start = end
                        }
                    }
                }
            }
        }
    }

    /// Felzenszwalb & Huttenlocher's algorithm 1 on one run of `count` inside pixels p[0 ..<
    /// count] between outside pixels: sites j = 0 … count + 1 stand for pixels j − 1, with
    /// f(j) = g² inside the run and 0 at the two ends. The lower envelope of the parabolas
    /// (x − j)² + f(j) is built left to right, z holding the abscissae where each one takes
    /// over, then read off into p as finish(√envelope). Sites with f > limit² (finish's) are skipped.
    /// Scratch f, v, z hold at least count + 2, count + 2 and count + 3 entries.
    private static func envelope<F: Finish>(_ p: UnsafeMutablePointer<Float>, count: Int,
                                            _ f: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Int>,
                                            _ z: UnsafeMutablePointer<Double>, _ finish: F) {
        let last = count + 1, cutoff = Double(finish.limit) * Double(finish.limit)
        f[0] = 0
        f[last] = 0
        for j in 1 ..< last {
            let d = Double(p[j - 1])
            f[j] = d * d
        }
        var k = 0
        v[0] = 0
        z[0] = -.infinity
        z[1] = .infinity
        for q in 1 ... last where f[q] <= cutoff {
            let fq = f[q] + Double(q) * Double(q)
            var s: Double
            repeat {
                let r = v[k]
                // Where parabola q crosses parabola r.
                s = (fq - (f[r] + Double(r) * Double(r))) / (2 * Double(q - r))
                if s > z[k] || k == 0 { break }
                k -= 1
            } while true
            k += 1
            v[k] = q
            z[k] = s
            z[k + 1] = .infinity
        }
        k = 0
        for x in 0 ..< count {
            let q = Double(x + 1)
            while z[k + 1] < q { k += 1 }
            let r = v[k], dx = q - Double(r)
            p[x] = finish(Float((dx * dx + f[r]).squareRoot()))
        }
    }
}
