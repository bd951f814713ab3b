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
    /// The mask m ∈ [0, 1] from interleaved Y'A samples: alpha, or luminance × alpha.
    /// Values outside 0…1 are clamped; NaN counts as 0 (outside).
    public static func mask(grayAlpha: UnsafePointer<Float>, width: Int, height: Int,
                            source: EmbossSettings.MaskSource, parallel: ParallelFor = .serial) -> Plane {
        var mask = Plane(width: width, height: height)
        let w = mask.width
        mask.values.withUnsafeMutableBufferPointer { m in
            parallel(mask.height) { rows in
                for i in rows.lowerBound * w ..< rows.upperBound * w {
                    let alpha = grayAlpha[2 * i + 1]
                    let v = source == .alpha ? alpha : grayAlpha[2 * i] * alpha
                    m[i] = v.isNaN ? 0 : min(max(v, 0), 1)
                }
            }
        }
        return mask
    }

    /// Renders `settings.output` for a width × height input of Y'A samples into `output`
    /// (RGBA, width × height × 4 floats), shading from `shading`.
    ///
    /// shaded: the shading colour of each pixel's normal, alpha = mask coverage (antialiased
    /// edges stay antialiased); height: opaque grey h; normals: an opaque OpenGL normal map;
    /// hemisphere: the shading image itself, fitted into the extent.
    public static func render(grayAlpha: UnsafePointer<Float>, width: Int, height: Int,
                              settings: EmbossSettings, shading: ShadingImage,
                              into output: UnsafeMutablePointer<Float>, parallel: ParallelFor = .serial) {
        guard width > 0, height > 0 else { return }
        let s = settings.sanitized
        if s.output == .hemisphere {
            return fit(shading, width: width, height: height, into: output, parallel: parallel)
        }
        var coverage = mask(grayAlpha: grayAlpha, width: width, height: height, source: s.maskSource,
                            parallel: parallel)
        if s.liquify > 0 {
            coverage = Liquify.apply(coverage, sigma: s.liquify, parallel: parallel)
        }
        let heights = HeightField.heights(coverage, radius: s.radius, profile: s.profile, parallel: parallel)
        switch s.output {
        case .shaded:
            EmbossShading.shade(heights: heights, coverage: coverage, scale: s.scale, shading: shading,
                                into: output, parallel: parallel)
        case .normals:
            EmbossShading.normalMap(heights: heights, scale: s.scale, into: output, parallel: parallel)
        case .height, .hemisphere:
            heights.values.withUnsafeBufferPointer { h in
                parallel(height) { rows in
                    for i in rows.lowerBound * width ..< rows.upperBound * width {
                        (output[4 * i], output[4 * i + 1], output[4 * i + 2], output[4 * i + 3]) = (h[i], h[i], h[i], 1)
                    }
                }
            }
        }
    }

    /// The shading image scaled into the largest centred square of the extent; transparent
    /// around it.
    static func fit(_ shading: ShadingImage, width: Int, height: Int,
                    into output: UnsafeMutablePointer<Float>, parallel: ParallelFor) {
        let side = min(width, height)
        let left = (width - side) / 2, top = (height - side) / 2
        let scaleX = Float(shading.width) / Float(side), scaleY = Float(shading.height) / Float(side)
        parallel(height) { rows in
            for y in rows {
                for x in 0 ..< width {
                    let i = (y * width + x) * 4
                    let inside = x >= left && x < left + side && y >= top && y < top + side
                    let c = inside ? shading.sample(u: (Float(x - left) + 0.5) * scaleX,
                                                    v: (Float(y - top) + 0.5) * scaleY) : .zero
                    (output[i], output[i + 1], output[i + 2], output[i + 3]) = (c.x, c.y, c.z, c.w)
                }
            }
        }
    }
}
