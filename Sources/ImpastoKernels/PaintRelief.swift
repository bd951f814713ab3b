// SPDX-License-Identifier: GPL-3.0-or-later
/// Paint that lights itself (impasto:paint-relief): a layer's own paint is its bump.
///
/// The height is the paint's coverage, h = alpha (a bristle stroke on a transparent layer
/// leaves one ridge per bristle, a soft dab a dome); the normals are `NormalMap`'s of that
/// height (smoothness, contrast); the colour is lit by `NormalLighting` with flat paint kept
/// as it is (`NormalLight.keepsFlatPaint`: no sheen where there is no slope), and a ring of
/// light (`sheen`) gives slopes facing any way a highlight. Alpha is the input's, so an empty
/// canvas stays empty. One op, no second layer: GIMP 3 keeps it as a live filter on the layer
/// being painted.
///
/// Thick paint (`thick`): strokes laid over strokes build up. In GIMP's normal mode a stroke
/// of coverage αᵢ over paint leaves 1 − α = Π(1 − αᵢ), so the thickness h = −ln(1 − α) adds
/// up stroke by stroke: a stroke stands on the ones below by its own thickness, whatever lies
/// under it, and every crossing stands higher. Such paint shows opaque however thin a coat
/// (`NormalLight.coversAlpha`), in its own colour; a thin coat over another shows their mix,
/// as wet paint over paint.
///
/// A pixel depends only on its own colour and the alpha within `margin` of it (as
/// `NormalLight`'s), so pieces from padded windows are the whole image's, bit for bit.
public struct PaintRelief: Equatable, Sendable, DeclaredParameters {
    public var smoothness: Float
    public var contrast: Float
    public var lighting: NormalLighting
    /// The ring of light's strength (`Parameters.sheen`).
    public var sheen: Float
    /// Thick paint (`Parameters.thick`).
    public var thick: Bool

    public enum Parameters {
        /// How far 2 px bristles' flanks tilt: enough for a highlight on the flank facing the
        /// default light and a shadow on the other, not so far that the highlight misses both
        /// (PaintReliefTests.testDefaultsGiveEachBristleAGlossyRidge).
        public static let contrast = EffectParameter.number(
            "contrast", localized("Contrast"), 0 ... 100, slider: 0 ... 2, default: 0.5,
            localized("How steep the paint's edges look: its opacity is its height, scaled by this"))
        /// Enough that a bristle stroke shows a highlight along it in every direction, as
        /// against the light's, in full and in thin coats
        /// (PaintReliefTests.testDefaultStrokesShineInEveryDirection); not so much that the
        /// highlights of a stroke on bare canvas clip and outshine its rim across paint
        /// (Gimp3PenTests' and Gimp3PaintingTests' thick paint).
        public static let sheen = EffectParameter.number(
            "sheen", localized("Sheen"), 0 ... 4, default: 1,
            localized("Strength of the highlights from a ring of light all round, on slopes facing any way (0: the light alone)"))
        public static let thick = EffectParameter.boolean(
            "thick-paint", localized("Thick paint"), default: false,
            localized("Paint builds up: each stroke stands on the paint below it, and the paint shows opaque; paint thin coats (the Impasto Bristle dynamics do)"))
    }

    /// plug-in-impasto-paint-relief's parameters (all but the light colour, which scripts leave
    /// white): docs/contract.md's fixed signature.
    public static let parameters = [NormalMap.Parameters.smoothness, Parameters.contrast,
                                    NormalLighting.Parameters.azimuth, NormalLighting.Parameters.elevation,
                                    NormalLighting.Parameters.ambient, NormalLighting.Parameters.specular,
                                    NormalLighting.Parameters.shininess, NormalLighting.Parameters.lightColor]

    /// impasto:paint-relief's: the procedure's, then the sheen and thick paint, which the
    /// procedure leaves at their defaults.
    public static let operationParameters = parameters + [Parameters.sheen, Parameters.thick]

    public init(smoothness: Float = Float(NormalMap.Parameters.smoothness.defaultValue),
                contrast: Float = Float(Parameters.contrast.defaultValue),
                lighting: NormalLighting = NormalLighting(),
                sheen: Float = Float(Parameters.sheen.defaultValue),
                thick: Bool = Parameters.thick.defaultValue != 0) {
        self.smoothness = smoothness
        self.contrast = contrast
        self.lighting = lighting
        self.sheen = sheen
        self.thick = thick
    }

    /// The settings `values` hold (`operationParameters`).
    public init(_ values: ParameterValues) {
        self.init(smoothness: Float(values[NormalMap.Parameters.smoothness]), contrast: Float(values[Parameters.contrast]),
                  lighting: NormalLighting(values), sheen: Float(values[Parameters.sheen]), thick: values.isOn(Parameters.thick))
    }

    /// The normal map and lighting that do it. (The contrast's range is the normal map's, so
    /// `NormalMap.sanitized` keeps it as it is.)
    public var light: NormalLight {
        var lit = lighting
        lit.ring = Parameters.sheen.clamp(sheen)
        var light = NormalLight(normalMap: NormalMap(smoothness: smoothness, contrast: Parameters.contrast.clamp(contrast)),
                                lighting: lit)
        light.keepsFlatPaint = true
        light.coversAlpha = thick
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
        for i in 0 ..< width * height {
            bump.values[i] = thick ? NormalMap.BumpPixels.thickness(rgba[4 * i + 3]) : rgba[4 * i + 3]
        }
        return light.shade(rgba, bump: bump, parallel: parallel)
    }
}
