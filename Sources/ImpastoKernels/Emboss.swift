/// impasto:emboss — MercurialText's embossed look (CIHeightFieldFromMask + CIShadedMaterial)
/// for any mask, with MercurialPaint's optional metaball pre-pass (SPEC impasto:emboss 1–5).
public struct EmbossSettings: Equatable, Sendable {
    public enum MaskSource: Int32, Sendable { case alpha = 0, luminance = 1 }
    /// What the op produces: the shaded relief, or one of the maps it is made from.
    public enum Output: Int32, Sendable { case shaded = 0, height = 1, normals = 2, hemisphere = 3 }

    /// Height-field radius r in pixels: how far in from the edge the relief rises.
    public var radius: Float = 10
    /// Normal scale k: how steep the relief looks to the shading.
    public var scale: Float = 10
    public var profile: HeightProfile = .round
    /// Metaball pre-pass: Gaussian σ in pixels, 0 = off.
    public var liquify: Float = 0
    public var maskSource: MaskSource = .alpha
    public var output: Output = .shaded

    public static let radiusRange: ClosedRange<Float> = 0 ... 1000
    public static let scaleRange: ClosedRange<Float> = 0 ... 1000
    public static let liquifyRange: ClosedRange<Float> = 0 ... 200

    public init() {}

    /// Every number clamped into its range; NaN takes the default.
    public var sanitized: EmbossSettings {
        func clean(_ v: Float, _ range: ClosedRange<Float>, _ fallback: Float) -> Float {
            v.isNaN ? fallback : min(max(v, range.lowerBound), range.upperBound)
        }
        var s = self
        let d = EmbossSettings()
        s.radius = clean(radius, Self.radiusRange, d.radius)
        s.scale = clean(scale, Self.scaleRange, d.scale)
        s.liquify = clean(liquify, Self.liquifyRange, d.liquify)
        return s
    }
}

public enum Emboss {
    /// The mask m ∈ [0, 1] from the input's Y'A rows: alpha, or luminance × alpha.
    /// Values outside 0…1 are clamped; NaN counts as 0 (outside).
    public static func mask(_ io: RowIO, source: EmbossSettings.MaskSource,
                            parallel: ParallelFor = .serial) -> Plane {
        var mask = Plane(width: io.width, height: io.height)
        let w = mask.width
        mask.values.withUnsafeMutableBufferPointer { m in
            io.readRows(parallel: parallel) { y, grayAlpha in
                for x in 0 ..< w {
                    let alpha = grayAlpha[2 * x + 1]
                    let v = source == .alpha ? alpha : grayAlpha[2 * x] * alpha
                    m[y * w + x] = v.isNaN ? 0 : min(max(v, 0), 1)
                }
            }
        }
        return mask
    }

    /// Renders `settings.output` for the io's image (Y'A in, RGBA out), shading from `shading`.
    ///
    /// shaded: the shading colour of each pixel's normal, alpha = mask coverage (antialiased
    /// edges stay antialiased); height: opaque grey h; normals: an opaque OpenGL normal map;
    /// hemisphere: the shading image itself, fitted into the extent.
    public static func render(_ io: RowIO, settings: EmbossSettings, shading: ShadingImage,
                              parallel: ParallelFor = .serial) {
        guard io.width > 0, io.height > 0 else { return }
        let s = settings.sanitized
        if s.output == .hemisphere {
            return fit(shading, to: io, parallel: parallel)
        }
        var coverage = mask(io, source: s.maskSource, parallel: parallel)
        if s.liquify > 0 {
            coverage = Liquify.apply(coverage, sigma: s.liquify, parallel: parallel)
        }
        let relief = HeightField.relief(coverage, radius: s.radius, profile: s.profile, parallel: parallel)
        switch s.output {
        case .shaded:
            EmbossShading.shade(relief, coverage: coverage, scale: s.scale, shading: shading, to: io, parallel: parallel)
        case .normals:
            EmbossShading.normalMap(relief, scale: s.scale, to: io, parallel: parallel)
        case .height, .hemisphere:
            relief.heights.values.withUnsafeBufferPointer { h in
                io.writeRows(parallel: parallel) { y, out in
                    for x in 0 ..< io.width {
                        let v = h[y * io.width + x]
                        (out[4 * x], out[4 * x + 1], out[4 * x + 2], out[4 * x + 3]) = (v, v, v, 1)
                    }
                }
            }
        }
    }

    /// The shading image scaled into the largest centred square of the extent; transparent
    /// around it.
    static func fit(_ shading: ShadingImage, to io: RowIO, parallel: ParallelFor) {
        let side = min(io.width, io.height)
        let left = (io.width - side) / 2, top = (io.height - side) / 2
        let scaleX = Float(shading.width) / Float(side), scaleY = Float(shading.height) / Float(side)
        io.writeRows(parallel: parallel) { y, out in
            for x in 0 ..< io.width {
                let inside = x >= left && x < left + side && y >= top && y < top + side
                let c = inside ? shading.sample(u: (Float(x - left) + 0.5) * scaleX,
                                                v: (Float(y - top) + 0.5) * scaleY) : .zero
                (out[4 * x], out[4 * x + 1], out[4 * x + 2], out[4 * x + 3]) = (c.x, c.y, c.z, c.w)
            }
        }
    }
}
