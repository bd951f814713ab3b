// SPDX-License-Identifier: GPL-3.0-or-later
/// MercurialPaint's metaballs (impasto:emboss's step 2): blur the mask, then threshold it at
/// 0.5, so that nearby blobs flow together and specks melt away.
public enum Liquify {
    /// m' = threshold(gauss(m, σ), 0.5) with an antialiased edge. With g the blurred mask,
    /// (g − 0.5) / |∇g| is, to first order, the signed distance in pixels to the 0.5 contour,
    /// so a pixel's coverage is
    ///   clamp(0.5 + (g − 0.5) / |∇g|, 0, 1),
    /// |∇g| by central differences (one-sided at the borders); where |∇g| is about 0 it is the
    /// hard step g ≥ 0.5. The mask is read as coverage, clamped into 0 … 1 with NaN as 0
    /// (outside), so that no stray value can spread through the blur. σ ≤ 0 or NaN returns the
    /// mask unchanged. Any split of `parallel` gives the same bits.
    ///
    /// Local as the blur is (`GaussianBlur.blur`, `origin` where the mask lies in its image),
    /// a pixel further: each value depends on the mask within `reach(sigma:)` of it.
    public static func apply(_ mask: Plane, sigma: Float, origin: (x: Int, y: Int) = (0, 0),
                             parallel: ParallelFor = .serial) -> Plane {
        guard sigma > 0, mask.width > 0, mask.height > 0 else { return mask }
        let g = GaussianBlur.blur(coverage(mask, parallel), sigma: sigma, origin: origin, parallel: parallel)
        let width = g.width, height = g.height
        var out = Plane(width: width, height: height)
        g.values.withUnsafeBufferPointer { gBuffer in
            out.values.withUnsafeMutableBufferPointer { outBuffer in
                guard let g = gBuffer.baseAddress, let out = outBuffer.baseAddress else { return }
                parallel(height) { rows in
                    for y in rows {
                        let up = g + max(y - 1, 0) * width, row = g + y * width
                        let down = g + min(y + 1, height - 1) * width
                        // Central differences span two pixels, one-sided ones one.
                        let sy: Float = y > 0 && y < height - 1 ? 0.5 : 1
                        for x in 0 ..< width {
                            let left = max(x - 1, 0), right = min(x + 1, width - 1)
                            let sx: Float = x > 0 && x < width - 1 ? 0.5 : 1
                            let gx = (row[right] - row[left]) * sx, gy = (down[x] - up[x]) * sy
                            let slope = (gx * gx + gy * gy).squareRoot(), v = row[x]
                            out[y * width + x] = slope > 1e-6 ? min(max(0.5 + (v - 0.5) / slope, 0), 1)
                                                              : (v >= 0.5 ? 1 : 0)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Pixels of the mask each value depends on, either way along x and y: the blur's reach
    /// and the gradient's central difference; 0 for σ ≤ 0 or NaN (no liquify).
    public static func reach(sigma: Float) -> Int {
        sigma > 0 ? GaussianBlur.reach(sigma: sigma) + 1 : 0
    }

    /// The mask clamped into 0 … 1, NaN as 0; the mask itself (no copy) when it already is.
    private static func coverage(_ mask: Plane, _ parallel: ParallelFor) -> Plane {
        guard mask.values.contains(where: { !($0 >= 0 && $0 <= 1) }) else { return mask }
        var clean = mask
        let width = mask.width
        clean.values.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            parallel(mask.height) { rows in
                for i in rows.lowerBound * width ..< rows.upperBound * width {
                    p[i] = p[i] >= 0 ? min(p[i], 1) : 0
                }
            }
        }
        return clean
    }
}
