// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// SpriteKit's normal-mapped sprite lighting, as BristlePaint used it to make a painting look
/// like glossy impasto: a colour lit by one distant light through the normals of a bump map.
///
/// Light direction as in GIMP's Bump Map: azimuth in degrees counter-clockwise from
/// the right (+x), so 135 is the top-left; elevation in degrees above the canvas (90: from
/// straight above). Normals are in the normal map's frame (x right, y UP, z towards the
/// viewer, OpenGL convention), where that light is
/// L = (cos e · cos a, cos e · sin a, sin e).
///
/// colour' = colour · light · (ambient + (1 − ambient) · max(0, n·L) / L_z)
///           + specular · light · max(0, n·H)^shininess,   H = normalize(L + (0, 0, 1)).
/// The diffuse term is divided by L_z (the flat surface's n·L), so flat paint keeps its own
/// colour at any elevation and only the relief brightens towards the light and darkens away
/// from it; L_z is kept ≥ 0.1 so a grazing light cannot blow up.
///
/// `ring` adds a ring of light around the canvas at the light's elevation, as a studio's ring
/// light: from every azimuth, so that slopes facing any way catch a highlight. One light
/// cannot light a ridge that runs towards it (its flanks face across the light); the ring can.
/// For a normal tilted θ from the viewer (cos θ = n_z) the brightest light of the ring is the
/// one on its own side, whose half vector tilts θ_h = (90° − e)/2, giving cos(θ − θ_h) =
/// n_z·cos θ_h + √(1 − n_z²)·sin θ_h. The ring is brightest towards the light and dark
/// opposite it, w = max(0, (s + cos φ)/(1 + s)) for a slope facing φ away from the light's
/// azimuth (s = `ringSpread`), so that slopes facing away stay in shadow while the flanks of
/// a stroke along the light, facing across it, still shine: it adds
/// ring · light · w · cos(θ − θ_h)^shininess.
public struct NormalLighting: Equatable, Sendable {
    public var azimuth: Float
    public var elevation: Float
    /// The share of light every slope gets whatever its direction (`Parameters.ambient`).
    public var ambient: Float
    /// Strength of the highlight (`Parameters.specular`).
    public var specular: Float
    /// The Blinn exponent, higher: smaller, sharper highlights (`Parameters.shininess`).
    public var shininess: Float
    /// Linear RGB.
    public var lightColor: SIMD3<Float>
    /// Strength of the ring of light's highlights, 0 (none: impasto:normal-light's) … 4.
    public var ring: Float = 0
    /// How far round the ring its light reaches (s in w above): none beyond φ = 134°, so a
    /// bristle's flank facing away stays darker than flat paint, and 0.41 across the light,
    /// so strokes along it shine at least half as often as the best direction
    /// (PaintReliefTests.testDefaultStrokesShineInEveryDirection,
    /// testDefaultsGiveEachBristleAGlossyRidge; Gimp3PenTests' thick paint rim).
    static let ringSpread: Float = 0.7

    /// The light's parameters, as impasto:normal-light and its procedure name them (light
    /// direction as in GIMP's Bump Map).
    public enum Parameters {
        public static let azimuth = EffectParameter.number(
            "light-azimuth", localized("Light azimuth"), -360 ... 360, slider: 0 ... 360, default: 135,
            localized("Direction the light comes from, in degrees counter-clockwise from the right (135: the top-left)"))
            .unit("degree").meta("direction", "ccw")
        public static let elevation = EffectParameter.number(
            "light-elevation", localized("Light elevation"), 0 ... 90, default: 45,
            localized("Height of the light above the canvas, in degrees (90: straight above)"))
            .unit("degree")
        public static let ambient = EffectParameter.number(
            "ambient", localized("Ambient"), 0 ... 1, default: 0.35,
            localized("Share of the light every slope gets whatever way it faces (1: no shading)"))
        public static let specular = EffectParameter.number(
            "specular", localized("Specular"), 0 ... 4, default: 0.6,
            localized("Strength of the highlights on slopes facing the light (0: matte)"))
        public static let shininess = EffectParameter.number(
            "shininess", localized("Shininess"), 1 ... 1000, slider: 1 ... 200, default: 40,
            localized("Size of the highlights: higher is smaller and sharper (Blinn exponent)"))
        public static let lightColor = EffectParameter.color(
            "light-color", localized("Light color"), default: SIMD3(repeating: 1), localized("Colour of the light"))
    }

    public init(azimuth: Float = Float(Parameters.azimuth.defaultValue),
                elevation: Float = Float(Parameters.elevation.defaultValue),
                ambient: Float = Float(Parameters.ambient.defaultValue),
                specular: Float = Float(Parameters.specular.defaultValue),
                shininess: Float = Float(Parameters.shininess.defaultValue),
                lightColor: SIMD3<Float> = SIMD3<Float>(Parameters.lightColor.defaultColor)) {
        self.azimuth = azimuth
        self.elevation = elevation
        self.ambient = ambient
        self.specular = specular
        self.shininess = shininess
        self.lightColor = lightColor
    }

    /// The light `values` hold (NormalLighting.Parameters).
    public init(_ values: ParameterValues) {
        self.init(azimuth: Float(values[Parameters.azimuth]), elevation: Float(values[Parameters.elevation]),
                  ambient: Float(values[Parameters.ambient]), specular: Float(values[Parameters.specular]),
                  shininess: Float(values[Parameters.shininess]), lightColor: SIMD3<Float>(values.color(Parameters.lightColor)))
    }

    /// Every number clamped into its range; NaN takes the default.
    public var sanitized: NormalLighting {
        // A light colour may be brighter than white (a colour from a float picker): only
        // non-finite or negative channels are cleaned.
        func channel(_ v: Float) -> Float { v.isNaN ? 1 : min(max(v, 0), 1000) }
        var clean = NormalLighting(
            azimuth: Parameters.azimuth.clamp(azimuth), elevation: Parameters.elevation.clamp(elevation),
            ambient: Parameters.ambient.clamp(ambient), specular: Parameters.specular.clamp(specular),
            shininess: Parameters.shininess.clamp(shininess),
            lightColor: SIMD3(channel(lightColor.x), channel(lightColor.y), channel(lightColor.z)))
        clean.ring = Parameters.specular.clamp(ring)
        return clean
    }

    /// The unit vector towards the light, in the normal map's frame (y up).
    public var direction: SIMD3<Float> {
        let s = sanitized
        let a = Double(s.azimuth) * .pi / 180, e = Double(s.elevation) * .pi / 180
        return SIMD3(Float(cos(e) * cos(a)), Float(cos(e) * sin(a)), Float(sin(e)))
    }

    /// A lighting ready to apply to many pixels (direction and half vector computed once).
    public var prepared: Prepared { Prepared(self) }

    /// The same, with the highlight measured above flat paint's (`Prepared.sheen`): flat paint
    /// then keeps its own colour exactly where there is no slope (`PaintRelief`).
    public var preparedKeepingFlatPaint: Prepared { Prepared(self, keepingFlatPaint: true) }

    public struct Prepared: Sendable {
        let light: SIMD3<Float>
        let halfway: SIMD3<Float>
        let flat: Float
        let ambient: Float, specular: Float, shininess: Float
        /// The shininess when it is a whole number (the default 40 and every whole slider
        /// step), else 0.
        let wholeShininess: Int
        let color: SIMD3<Float>
        /// What the highlight is lowered by (never below 0): 0, or flat paint's own
        /// specular · H_z^shininess, so that only slopes towards the light shine.
        let sheen: Float
        /// The ring's strength and its half vectors' tilt (cos θ_h, sin θ_h); what its highlight
        /// cos(θ − θ_h)^shininess is lowered by (flat paint's), as `sheen` the key light's.
        let ring: Float, ringCos: Float, ringSin: Float, ringSheen: Float
        /// The length of the light's direction across the canvas (cos e, at least 10⁻³).
        let lightAcross: Float

        init(_ lighting: NormalLighting, keepingFlatPaint: Bool = false) {
            let s = lighting.sanitized
            light = s.direction
            let h = light + SIMD3(0, 0, 1)
            halfway = h / (h * h).sum().squareRoot()
            flat = max(light.z, 0.1)
            ambient = s.ambient
            specular = s.specular
            shininess = s.shininess
            wholeShininess = s.shininess == s.shininess.rounded() ? Int(s.shininess) : 0
            color = s.lightColor
            let flatHighlight = Self.power(SIMD4(repeating: halfway.z), whole: wholeShininess, exponent: shininess)[0]
            sheen = keepingFlatPaint ? specular * flatHighlight : 0
            ring = s.ring
            let tilt = (90 - Double(s.elevation)) / 2 * .pi / 180
            (ringCos, ringSin) = (Float(cos(tilt)), Float(sin(tilt)))
            let flatRing = Self.power(SIMD4(repeating: ringCos), whole: wholeShininess, exponent: shininess)[0]
            ringSheen = keepingFlatPaint ? flatRing : 0
            lightAcross = max((light.x * light.x + light.y * light.y).squareRoot(), 1e-3)
        }

        /// `rgb` lit through unit normal `n` (y-up frame). A non-finite normal counts as flat.
        public func shade(_ rgb: SIMD3<Float>, normal n: SIMD3<Float>) -> SIMD3<Float> {
            let one = { (v: Float) in SIMD4<Float>(repeating: v) }
            let lit = shade(r: one(rgb.x), g: one(rgb.y), b: one(rgb.z), normal: (one(n.x), one(n.y), one(n.z)))
            return SIMD3(lit.r[0], lit.g[0], lit.b[0])
        }

        /// xᵉ of the highlight for x ≤ 1 (0 where x ≤ 0 or NaN): by squaring and multiplying
        /// when e is a whole number — at most 20 products for e ≤ 1000, closer to the exact power
        /// than FastMath's logarithm and a quarter of its instructions —, else `FastMath.pow`.
        @inline(__always)
        func highlightPower(_ x: SIMD4<Float>) -> SIMD4<Float> {
            Self.power(x, whole: wholeShininess, exponent: shininess)
        }

        /// `highlightPower` of an exponent given as `whole` (0: not a whole number) and `exponent`.
        @inline(__always)
        static func power(_ x: SIMD4<Float>, whole: Int, exponent: Float) -> SIMD4<Float> {
            guard whole > 0 else { return FastMath.pow(x, exponent) }
            let base = x.replacing(with: 0, where: .!(x .> 0))
            var result = SIMD4<Float>(repeating: 1), square = base, e = whole
            while true {
                if e & 1 != 0 { result *= square }
                e >>= 1
                if e == 0 { return result }
                square *= square
            }
        }

        /// Four pixels (their red, green and blue in lanes) lit through their unit normals, as
        /// `shade(_:normal:)` lights one: the highlight's power by `highlightPower` (libm's
        /// powf per pixel cost more than the rest of the lighting).
        @inline(__always)
        public func shade(r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>,
                          normal n: (x: SIMD4<Float>, y: SIMD4<Float>, z: SIMD4<Float>))
            -> (r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>) {
            // x − x is 0 exactly when x is finite.
            let finite = (n.x - n.x .== 0) .& (n.y - n.y .== 0) .& (n.z - n.z .== 0)
            let x = n.x.replacing(with: 0, where: .!finite), y = n.y.replacing(with: 0, where: .!finite)
            let z = n.z.replacing(with: 1, where: .!finite)
            let towardsLight = (x * light.x + y * light.y) + z * light.z
            let diffuse = ambient + (1 - ambient) * towardsLight.replacing(with: 0, where: towardsLight .< 0) / flat
            var highlight = specular * highlightPower((x * halfway.x + y * halfway.y) + z * halfway.z)
            if sheen > 0 {
                highlight -= sheen
                highlight.replace(with: 0, where: highlight .< 0)
            }
            if ring > 0 {
                let side = (x * x + y * y).squareRoot()
                let facing = (x * light.x + y * light.y) / (side * lightAcross).replacing(with: 1, where: side .== 0)
                var ringHighlight = highlightPower(z * ringCos + side * ringSin) - ringSheen
                ringHighlight.replace(with: 0, where: ringHighlight .< 0)
                var toward = (NormalLighting.ringSpread + facing) / (1 + NormalLighting.ringSpread)
                toward.replace(with: 0, where: toward .< 0)
                highlight += ring * toward * ringHighlight
            }
            return (r * color.x * diffuse + color.x * highlight, g * color.y * diffuse + color.y * highlight,
                    b * color.z * diffuse + color.z * highlight)
        }
    }
}
