// SPDX-License-Identifier: GPL-3.0-or-later
/// PencilController's pen-controlled hue and saturation (seed 004): CIHueAdjust by
/// angle π + azimuth, then CIColorControls with saturation 8·(π/2 − altitude)/(π/2).
///
/// In degrees: θ = 180° + azimuth, s = max-saturation · (90 − altitude) / 90,
/// rgb' = S(s) · H(θ) · rgb (hue first), alpha unchanged, no clamping.
public struct PencilHueSaturation: Equatable, Sendable, DeclaredParameters {
    /// Pen azimuth in degrees (`Parameters.azimuth`).
    public var azimuth: Double
    /// Pen altitude in degrees above the canvas (`Parameters.altitude`).
    public var altitude: Double
    /// Saturation when the pen lies flat (`Parameters.maxSaturation`).
    public var maxSaturation: Double

    /// The parameters of impasto:pencil-hue-saturation and its procedure (ranges and defaults
    /// fixed by docs/contract.md; the defaults are the identity, θ ≡ 0 and s = 1).
    public enum Parameters {
        public static let azimuth = EffectParameter.number(
            "azimuth", localized("Azimuth"), -180 ... 180, default: 180,
            localized("Pen azimuth in degrees: the hue rotates by 180° + azimuth")).unit("degree")
        public static let altitude = EffectParameter.number(
            "altitude", localized("Altitude"), 0 ... 90, default: 78.75,
            localized("Pen altitude in degrees above the canvas: saturation = maximum saturation × (90 − altitude) / 90"))
            .unit("degree")
        public static let maxSaturation = EffectParameter.number(
            "max-saturation", localized("Maximum saturation"), 0 ... 16, default: 8,
            localized("Saturation when the pen lies flat (altitude 0); 1 keeps colours as they are"))
        public static let linear = EffectParameter.boolean(
            "linear", localized("Linear light"), default: false,
            localized("Rotate and saturate linear RGB instead of perceptual R'G'B' (off: the gamma-encoded values, as the original app did)"))
    }

    /// The defaults are the identity: θ ≡ 0 and s = 1.
    public static let identity = PencilHueSaturation(azimuth: Parameters.azimuth.defaultValue,
                                                     altitude: Parameters.altitude.defaultValue,
                                                     maxSaturation: Parameters.maxSaturation.defaultValue)

    public init(azimuth: Double, altitude: Double, maxSaturation: Double) {
        self.azimuth = azimuth
        self.altitude = altitude
        self.maxSaturation = maxSaturation
    }

    /// The parameters `values` hold (whether the colours are linear is the caller's: what it reads).
    public init(_ values: ParameterValues) {
        self.init(azimuth: values[Parameters.azimuth], altitude: values[Parameters.altitude],
                  maxSaturation: values[Parameters.maxSaturation])
    }

    /// The same parameters made safe to compute with: each clamped into its range, and a
    /// non-finite one replaced by its identity default. Callers at the boundary (GEGL, the
    /// plug-in) reject bad values with a message; this keeps the kernel total regardless.
    public var sanitized: PencilHueSaturation {
        func clean(_ v: Double, _ parameter: EffectParameter) -> Double {
            v.isFinite ? parameter.clamp(v) : parameter.defaultValue
        }
        return PencilHueSaturation(azimuth: clean(azimuth, Parameters.azimuth),
                                   altitude: clean(altitude, Parameters.altitude),
                                   maxSaturation: clean(maxSaturation, Parameters.maxSaturation))
    }

    public static let parameters = [Parameters.azimuth, Parameters.altitude, Parameters.maxSaturation,
                                    Parameters.linear]

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
