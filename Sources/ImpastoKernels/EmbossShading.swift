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

    /// Writes the output: the shading colour for each pixel's normal, alpha = `coverage`.
    public static func shade(heights: Plane, coverage: Plane, scale: Float, shading: ShadingImage,
                             to io: RowIO, parallel: ParallelFor = .serial) {
        let (sw, sh) = (shading.width, shading.height)
        // Most pixels are flat (outside the mask, or on a plateau): they all take the centre.
        let flat = shading.sample(u: Float(sw) / 2, v: Float(sh) / 2)
        heights.values.withUnsafeBufferPointer { h in
            coverage.values.withUnsafeBufferPointer { alpha in
                shading.pixels.withUnsafeBufferPointer { picture in
                    io.writeRows(parallel: parallel) { y, out in
                        let rows = Rows(h, y: y, width: heights.width, height: heights.height)
                        for x in 0 ..< rows.width {
                            let (dx, dy) = rows.gradient(x)
                            var colour = flat
                            if dx != 0 || dy != 0 {
                                let (u, v) = lookup(normal(dx: dx, dy: dy, scale: scale), width: sw, height: sh)
                                colour = ShadingImage.sample(picture, width: sw, height: sh, u: u, v: v)
                            }
                            out[4 * x] = colour.x
                            out[4 * x + 1] = colour.y
                            out[4 * x + 2] = colour.z
                            out[4 * x + 3] = alpha[rows.row + x]
                        }
                    }
                }
            }
        }
    }

    /// Writes the normals as an opaque RGBA normal map in the OpenGL convention that normal-map
    /// tools expect: (0.5 + 0.5·nₓ, 0.5 − 0.5·n_y, 0.5 + 0.5·n_z) — green is up.
    public static func normalMap(heights: Plane, scale: Float, to io: RowIO, parallel: ParallelFor = .serial) {
        heights.values.withUnsafeBufferPointer { h in
            io.writeRows(parallel: parallel) { y, out in
                let rows = Rows(h, y: y, width: heights.width, height: heights.height)
                for x in 0 ..< rows.width {
                    let (dx, dy) = rows.gradient(x)
                    let n = normal(dx: dx, dy: dy, scale: scale)
                    out[4 * x] = 0.5 + 0.5 * n.x
                    out[4 * x + 1] = 0.5 - 0.5 * n.y
                    out[4 * x + 2] = 0.5 + 0.5 * n.z
                    out[4 * x + 3] = 1
                }
            }
        }
    }

    /// Row y of a height field with its neighbours: central differences, the edge pixels
    /// repeated beyond the borders.
    struct Rows {
        let p: UnsafeBufferPointer<Float>
        let width: Int
        let row: Int, up: Int, down: Int

        @inline(__always)
        init(_ p: UnsafeBufferPointer<Float>, y: Int, width: Int, height: Int) {
            self.p = p
            self.width = width
            row = y * width
            up = max(y - 1, 0) * width
            down = min(y + 1, height - 1) * width
        }

        /// (∂h/∂x, ∂h/∂y) at column x.
        @inline(__always)
        func gradient(_ x: Int) -> (Float, Float) {
            ((p[row + min(x + 1, width - 1)] - p[row + max(x - 1, 0)]) * 0.5, (p[down + x] - p[up + x]) * 0.5)
        }
    }
}
