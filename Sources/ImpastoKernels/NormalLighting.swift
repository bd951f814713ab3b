import Glibc

/// SpriteKit's normal-mapped sprite lighting, as BristlePaint used it to make a painting look
/// like glossy impasto: a colour lit by one distant light through the normals of a bump map.
///
/// Light direction as in GIMP's Bump Map (SPEC): azimuth in degrees counter-clockwise from
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
public struct NormalLighting: Equatable, Sendable {
    public var azimuth: Float
    public var elevation: Float
    /// 0 … 1: the share of light every slope gets whatever its direction.
    public var ambient: Float
    /// 0 … 4: strength of the highlight.
    public var specular: Float
    /// 1 … 1000: the Blinn exponent (higher: smaller, sharper highlights).
    public var shininess: Float
    /// Linear RGB.
    public var lightColor: SIMD3<Float>

    public static let azimuthRange: ClosedRange<Float> = -360 ... 360
    public static let elevationRange: ClosedRange<Float> = 0 ... 90
    public static let ambientRange: ClosedRange<Float> = 0 ... 1
    public static let specularRange: ClosedRange<Float> = 0 ... 4
    public static let shininessRange: ClosedRange<Float> = 1 ... 1000

    public init(azimuth: Float = 135, elevation: Float = 45, ambient: Float = 0.35, specular: Float = 0.6,
                shininess: Float = 40, lightColor: SIMD3<Float> = SIMD3(repeating: 1)) {
        self.azimuth = azimuth
        self.elevation = elevation
        self.ambient = ambient
        self.specular = specular
        self.shininess = shininess
        self.lightColor = lightColor
    }

    /// Every number clamped into its range; NaN takes the default.
    public var sanitized: NormalLighting {
        func clean(_ v: Float, _ range: ClosedRange<Float>, _ fallback: Float) -> Float {
            v.isNaN ? fallback : min(max(v, range.lowerBound), range.upperBound)
        }
        let d = NormalLighting()
        return NormalLighting(
            azimuth: clean(azimuth, Self.azimuthRange, d.azimuth),
            elevation: clean(elevation, Self.elevationRange, d.elevation),
            ambient: clean(ambient, Self.ambientRange, d.ambient),
            specular: clean(specular, Self.specularRange, d.specular),
            shininess: clean(shininess, Self.shininessRange, d.shininess),
            lightColor: SIMD3(clean(lightColor.x, 0 ... 1000, 1), clean(lightColor.y, 0 ... 1000, 1),
                              clean(lightColor.z, 0 ... 1000, 1)))
    }

    /// The unit vector towards the light, in the normal map's frame (y up).
    public var direction: SIMD3<Float> {
        let s = sanitized
        let a = Double(s.azimuth) * .pi / 180, e = Double(s.elevation) * .pi / 180
        return SIMD3(Float(cos(e) * cos(a)), Float(cos(e) * sin(a)), Float(sin(e)))
    }

    /// A lighting ready to apply to many pixels (direction and half vector computed once).
    public var prepared: Prepared { Prepared(self) }

    public struct Prepared: Sendable {
        let light: SIMD3<Float>
        let halfway: SIMD3<Float>
        let flat: Float
        let ambient: Float, specular: Float, shininess: Float
        let color: SIMD3<Float>

        init(_ lighting: NormalLighting) {
            let s = lighting.sanitized
            light = s.direction
            let h = light + SIMD3(0, 0, 1)
            halfway = h / (h * h).sum().squareRoot()
            flat = max(light.z, 0.1)
            ambient = s.ambient
            specular = s.specular
            shininess = s.shininess
            color = s.lightColor
        }

        /// `rgb` lit through unit normal `n` (y-up frame). A non-finite normal counts as flat.
        @inline(__always)
        public func shade(_ rgb: SIMD3<Float>, normal n: SIMD3<Float>) -> SIMD3<Float> {
            let normal = n.x.isFinite && n.y.isFinite && n.z.isFinite ? n : SIMD3(0, 0, 1)
            let diffuse = ambient + (1 - ambient) * max(0, (normal * light).sum()) / flat
            let highlight = specular * pow(max(0, (normal * halfway).sum()), shininess)
            return rgb * color * diffuse + color * highlight
        }
    }
}
