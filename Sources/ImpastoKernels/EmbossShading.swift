/// CIShadedMaterial's step: surface normals from a height field, each looked up in a picture
/// of a lit hemisphere.
///
/// SPEC (impasto:emboss 4): n = normalize(−k·∂h/∂x, −k·∂h/∂y, 1) in image axes (x right,
/// y down), with ∂ as central differences and the edge pixels repeated; the colour is the
/// shading image sampled bilinearly at u = (1 + nₓ)/2 · W, v = (1 + n_y)/2 · H. Flat areas
/// take the centre of the picture; a slope facing up-left (height rising to the right and
/// down) takes its up-left.
public enum EmbossShading {
    /// The unit normal at (x, y) of `heights` scaled by `scale` (k), in image axes.
    public static func normal(_ heights: Plane, _ x: Int, _ y: Int, scale: Float) -> SIMD3<Float> {
        let dx = (heights.clamped(x + 1, y) - heights.clamped(x - 1, y)) * 0.5
        let dy = (heights.clamped(x, y + 1) - heights.clamped(x, y - 1)) * 0.5
        return normal(dx: dx, dy: dy, scale: scale)
    }

    /// The unit normal for height differences (∂h/∂x, ∂h/∂y); (0, 0, 1) if they are not finite.
    @inline(__always)
    static func normal(dx: Float, dy: Float, scale: Float) -> SIMD3<Float> {
        let v = SIMD3<Float>(-scale * dx, -scale * dy, 1)
        let length = (v * v).sum().squareRoot()
        return length.isFinite && length > 0 ? v / length : SIMD3(0, 0, 1)
    }

    /// Where normal `n` looks up a w × h shading image: (u, v) in its pixel coordinates.
    @inline(__always)
    public static func lookup(_ n: SIMD3<Float>, width: Int, height: Int) -> (u: Float, v: Float) {
        ((1 + n.x) * 0.5 * Float(width), (1 + n.y) * 0.5 * Float(height))
    }

    /// Writes RGBA rows: the shading colour for each pixel's normal, alpha = `coverage`.
    public static func shade(heights: Plane, coverage: Plane, scale: Float, shading: ShadingImage,
                             into output: UnsafeMutablePointer<Float>, parallel: ParallelFor = .serial) {
        let (sw, sh) = (shading.width, shading.height)
        // Most pixels are flat (outside the mask, or on a plateau): they all take the centre.
        let flat = shading.sample(u: Float(sw) / 2, v: Float(sh) / 2)
        coverage.values.withUnsafeBufferPointer { alpha in
            shading.pixels.withUnsafeBufferPointer { picture in
                forEachGradientRow(heights, parallel) { row, dx, dy in
                    for x in 0 ..< dx.count {
                        var colour = flat
                        if dx[x] != 0 || dy[x] != 0 {
                            let (u, v) = lookup(normal(dx: dx[x], dy: dy[x], scale: scale), width: sw, height: sh)
                            colour = ShadingImage.sample(picture, width: sw, height: sh, u: u, v: v)
                        }
                        let o = (row + x) * 4
                        output[o] = colour.x
                        output[o + 1] = colour.y
                        output[o + 2] = colour.z
                        output[o + 3] = alpha[row + x]
                    }
                }
            }
        }
    }

    /// Writes the normals as an opaque RGBA normal map in the OpenGL convention that normal-map
    /// tools expect: (0.5 + 0.5·nₓ, 0.5 − 0.5·n_y, 0.5 + 0.5·n_z) — green is up.
    public static func normalMap(heights: Plane, scale: Float, into output: UnsafeMutablePointer<Float>,
                                 parallel: ParallelFor = .serial) {
        forEachGradientRow(heights, parallel) { row, dx, dy in
            for x in 0 ..< dx.count {
                let n = normal(dx: dx[x], dy: dy[x], scale: scale)
                let o = (row + x) * 4
                output[o] = 0.5 + 0.5 * n.x
                output[o + 1] = 0.5 - 0.5 * n.y
                output[o + 2] = 0.5 + 0.5 * n.z
                output[o + 3] = 1
            }
        }
    }

    /// Calls `body(index of the row's first pixel, ∂h/∂x, ∂h/∂y)` for every row, rows in
    /// parallel: central differences, with the edge pixels repeated beyond the borders.
    static func forEachGradientRow(_ heights: Plane, _ parallel: ParallelFor,
                                   _ body: (Int, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>) -> Void) {
        let w = heights.width, h = heights.height
        guard w > 0 else { return }
        heights.values.withUnsafeBufferPointer { p in
            parallel(h) { rows in
                let dx = UnsafeMutableBufferPointer<Float>.allocate(capacity: w)
                let dy = UnsafeMutableBufferPointer<Float>.allocate(capacity: w)
                defer { dx.deallocate(); dy.deallocate() }
                for y in rows {
                    let row = y * w, up = max(y - 1, 0) * w, down = min(y + 1, h - 1) * w
                    for x in 0 ..< w {
                        dx[x] = (p[row + min(x + 1, w - 1)] - p[row + max(x - 1, 0)]) * 0.5
                        dy[x] = (p[down + x] - p[up + x]) * 0.5
                    }
                    body(row, UnsafeBufferPointer(dx), UnsafeBufferPointer(dy))
                }
            }
        }
    }
}
