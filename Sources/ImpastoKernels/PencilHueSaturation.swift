/// PencilController's pen-controlled hue and saturation (seed 004): CIHueAdjust by
/// angle π + azimuth, then CIColorControls with saturation 8·(π/2 − altitude)/(π/2).
///
/// SPEC: θ = 180° + azimuth, s = max-saturation · (90 − altitude) / 90,
/// rgb' = S(s) · H(θ) · rgb (hue first), alpha unchanged, no clamping.
public struct PencilHueSaturation: Equatable, Sendable {
    /// Pen azimuth in degrees, −180 … 180 (default 180: hue angle 360° ≡ 0°).
    public var azimuth: Double
    /// Pen altitude in degrees above the canvas, 0 … 90 (default 78.75: saturation 1).
    public var altitude: Double
    /// Saturation when the pen lies flat, 0 … 16 (default 8, the seed's constant).
    public var maxSaturation: Double

    public static let azimuthRange = -180.0 ... 180.0
    public static let altitudeRange = 0.0 ... 90.0
    public static let maxSaturationRange = 0.0 ... 16.0
    /// The defaults are the identity: θ ≡ 0 and s = 1.
    public static let identity = PencilHueSaturation(azimuth: 180, altitude: 78.75, maxSaturation: 8)

    public init(azimuth: Double, altitude: Double, maxSaturation: Double) {
        self.azimuth = azimuth
        self.altitude = altitude
        self.maxSaturation = maxSaturation
    }

    /// The same parameters made safe to compute with: each clamped into its range, and a
    /// non-finite one replaced by its identity default. Callers at the boundary (GEGL, the
    /// plug-in) reject bad values with a message; this keeps the kernel total regardless.
    public var sanitized: PencilHueSaturation {
        func clean(_ v: Double, _ range: ClosedRange<Double>, _ fallback: Double) -> Double {
            v.isFinite ? min(max(v, range.lowerBound), range.upperBound) : fallback
        }
        let id = Self.identity
        return PencilHueSaturation(
            azimuth: clean(azimuth, Self.azimuthRange, id.azimuth),
            altitude: clean(altitude, Self.altitudeRange, id.altitude),
            maxSaturation: clean(maxSaturation, Self.maxSaturationRange, id.maxSaturation))
    }

    /// Hue rotation θ in degrees: 180 + azimuth.
    public var hueAngle: Double { 180 + azimuth }

    /// Saturation s: max-saturation · (90 − altitude) / 90.
    public var saturation: Double { maxSaturation * (90 - altitude) / 90 }

    /// S(s) · H(θ) fused into one matrix, computed once per call rather than per pixel.
    public var matrix: ColorMatrix {
        let p = sanitized
        return W3CColorMatrix.saturate(p.saturation) * W3CColorMatrix.hueRotate(degrees: p.hueAngle)
    }

    /// Applies the effect to `count` interleaved RGBA float pixels (in place allowed).
    public func apply(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>, count: Int) {
        matrix.applyRGBA(input, output, count: count)
    }
}
