/// CIShadedMaterial's step: surface normals from a relief, each looked up in a picture of a
/// lit hemisphere.
///
/// SPEC (impasto:emboss 4): n = normalize(−k·∂h/∂x, −k·∂h/∂y, 1) in image axes (x right,
/// y down), with ∂h the relief's own slopes (HeightField.relief: from the distance field's
/// geometry, not differences of whole-pixel heights); the colour is the shading image sampled
/// bilinearly at u = (1 + nₓ)/2 · W, v = (1 + n_y)/2 · H. Flat areas take the centre of the
/// picture; a slope facing up-left (height rising to the right and down) takes its up-left.
public enum EmbossShading {
    /// The unit normal for slopes (∂h/∂x, ∂h/∂y) scaled by k; (0, 0, 1) if they are not finite.
    @inline(__always)
    public static func normal(dx: Float, dy: Float, scale: Float) -> SIMD3<Float> {
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
    ///
    /// Across a sloping pixel the normal sweeps along ∇d, most of all at the profile's steep
    /// foot; a single lookup at the pixel's mean normal would alias the picture's sharp
    /// features (a chrome horizon, small light dots) into stair-steps and dots. So where the
    /// normals of the pixel's two halves land more than two picture pixels apart, the colour is
    /// the mean of up to `footprintSamples` lookups, one per equal slice of the pixel along ∇d
    /// (each slice's mean slope; slices outside the edge left out): what a finer render,
    /// box-averaged, shows.
    public static func shade(_ relief: Relief, coverage: Plane, scale: Float, shading: ShadingImage,
                             to io: RowIO, parallel: ParallelFor = .serial) {
        let (sw, sh) = (shading.width, shading.height), width = relief.heights.width
        // Most pixels are flat (outside the mask, or on a plateau): they all take the centre.
        let flat = shading.sample(u: Float(sw) / 2, v: Float(sh) / 2)
        relief.slopeX.values.withUnsafeBufferPointer { sx in
            relief.slopeY.values.withUnsafeBufferPointer { sy in
                relief.distances.values.withUnsafeBufferPointer { distances in
                    coverage.values.withUnsafeBufferPointer { alpha in
                        shading.pixels.withUnsafeBufferPointer { picture in
                            @inline(__always) func colour(_ dx: Float, _ dy: Float) -> SIMD4<Float> {
                                let (u, v) = lookup(normal(dx: dx, dy: dy, scale: scale), width: sw, height: sh)
                                return ShadingImage.sample(picture, width: sw, height: sh, u: u, v: v)
                            }
                            io.writeRows(parallel: parallel) { y, out in
                                for x in 0 ..< width {
                                    let i = y * width + x, dx = sx[i], dy = sy[i]
                                    var c = flat
                                    if dx != 0 || dy != 0 {
                                        c = footprint(relief, distance: distances[i], dx: dx, dy: dy, scale: scale,
                                                      width: sw, height: sh, colour) ?? colour(dx, dy)
                                    }
                                    out[4 * x] = c.x
                                    out[4 * x + 1] = c.y
                                    out[4 * x + 2] = c.z
                                    out[4 * x + 3] = alpha[i]
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Most lookups one sloping pixel averages.
    public static let footprintSamples = 8

    /// The mean colour of the slices of a sloping pixel (see `shade`), or nil when one lookup
    /// at its mean slope (dx, dy) will do.
    @inline(__always)
    static func footprint(_ relief: Relief, distance d: Float, dx: Float, dy: Float, scale: Float,
                          width: Int, height: Int, _ colour: (Float, Float) -> SIMD4<Float>) -> SIMD4<Float>? {
        let slope = (dx * dx + dy * dy).squareRoot()
        guard slope.isFinite, d.isFinite else { return nil }
        let (ux, uy) = (dx / slope, dy / slope)
        let a = relief.meanSlope(d - 0.5, d), b = relief.meanSlope(d, d + 0.5)
        let la = lookup(normal(dx: a * ux, dy: a * uy, scale: scale), width: width, height: height)
        let lb = lookup(normal(dx: b * ux, dy: b * uy, scale: scale), width: width, height: height)
        let spread = max(abs(la.u - lb.u), abs(la.v - lb.v))
        guard spread > 2 else { return nil }
        let n = spread < Float(2 * footprintSamples) ? Int(spread / 2) + 1 : footprintSamples
        var sum = SIMD4<Float>(), weight: Float = 0
        for k in 0 ..< n {
            let low = max(d - 0.5 + Float(k) / Float(n), 0), high = d - 0.5 + Float(k + 1) / Float(n)
            guard high > low else { continue }
            let s = (relief.rise(high) - relief.rise(low)) / (high - low)
            sum += colour(s * ux, s * uy) * (high - low)
            weight += high - low
        }
        return weight > 0 ? sum / weight : nil
    }

    /// Writes the normals as an opaque RGBA normal map in the OpenGL convention that normal-map
    /// tools expect: (0.5 + 0.5·nₓ, 0.5 − 0.5·n_y, 0.5 + 0.5·n_z) — green is up.
    public static func normalMap(_ relief: Relief, scale: Float, to io: RowIO, parallel: ParallelFor = .serial) {
        let width = relief.heights.width
        relief.slopeX.values.withUnsafeBufferPointer { sx in
            relief.slopeY.values.withUnsafeBufferPointer { sy in
                io.writeRows(parallel: parallel) { y, out in
                    for x in 0 ..< width {
                        let n = normal(dx: sx[y * width + x], dy: sy[y * width + x], scale: scale)
                        out[4 * x] = 0.5 + 0.5 * n.x
                        out[4 * x + 1] = 0.5 - 0.5 * n.y
                        out[4 * x + 2] = 0.5 + 0.5 * n.z
                        out[4 * x + 3] = 1
                    }
                }
            }
        }
    }
}
