// SPDX-License-Identifier: GPL-3.0-or-later
/// Paint that lights itself (impasto:paint-relief): a layer's own paint is its bump.
///
/// The height is the paint's coverage, h = alpha (a bristle stroke on a transparent layer
/// leaves one ridge per bristle, a soft dab a dome); the normals are `NormalMap`'s of that
/// height (smoothness, contrast); the colour is lit by `NormalLighting` with flat paint kept
/// as it is (`NormalLight.keepsFlatPaint`: no sheen where there is no slope). Alpha is the
/// input's, so an empty canvas stays empty. One op, no second layer: GIMP 3 keeps it as a
/// live filter on the layer being painted.
///
/// A pixel depends only on its own colour and the alpha within `margin` of it (as
/// `NormalLight`'s), so pieces from padded windows are the whole image's, bit for bit.
public struct PaintRelief: Equatable, Sendable, DeclaredParameters {
    public var smoothness: Float
    public var contrast: Float
    public var lighting: NormalLighting

    public enum Parameters {
        /// How far 2 px bristles' flanks tilt: enough for a highlight on the flank facing the
        /// default light and a shadow on the other, not so far that the highlight misses both
        /// (PaintReliefTests.testDefaultsGiveEachBristleAGlossyRidge).
        public static let contrast = EffectParameter.number(
            "contrast", localized("Contrast"), 0 ... 100, slider: 0 ... 2, default: 0.5,
            localized("How steep the paint's edges look: its opacity is its height, scaled by this"))
    }

    /// impasto:paint-relief's parameters and plug-in-impasto-paint-relief's (all but the
    /// light colour, which scripts leave white).
    public static let parameters = [NormalMap.Parameters.smoothness, Parameters.contrast,
                                    NormalLighting.Parameters.azimuth, NormalLighting.Parameters.elevation,
                                    NormalLighting.Parameters.ambient, NormalLighting.Parameters.specular,
                                    NormalLighting.Parameters.shininess, NormalLighting.Parameters.lightColor]

    public init(smoothness: Float = Float(NormalMap.Parameters.smoothness.defaultValue),
                contrast: Float = Float(Parameters.contrast.defaultValue),
                lighting: NormalLighting = NormalLighting()) {
        self.smoothness = smoothness
        self.contrast = contrast
        self.lighting = lighting
    }

    /// The normal map and lighting that do it. (The contrast's range is the normal map's, so
    /// `NormalMap.sanitized` keeps it as it is.)
    public var light: NormalLight {
        var light = NormalLight(normalMap: NormalMap(smoothness: smoothness, contrast: Parameters.contrast.clamp(contrast)),
                                lighting: lighting)
        light.keepsFlatPaint = true
        return light
    }

    /// Pixels of paint a lit pixel needs on each side.
    public var margin: Int { light.margin }

    /// The whole of `rgba` (width × height × 4 linear RGBA floats) lit by its own alpha,
    /// continued beyond the borders by its edge pixels. A size that does not match comes back
    /// as it is.
    public func shade(_ rgba: [Float], width: Int, height: Int, parallel: ParallelFor = .serial) -> [Float] {
        guard width > 0, height > 0, width <= Int.max / 4 / height, rgba.count == width * height * 4 else { return rgba }
        var bump = Plane(width: width, height: height)
        for i in 0 ..< width * height { bump.values[i] = rgba[4 * i + 3] }
        return light.shade(rgba, bump: bump, parallel: parallel)
    }
}
