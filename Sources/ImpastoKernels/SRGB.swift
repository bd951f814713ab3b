import Glibc

/// sRGB's transfer curve (IEC 61966-2-1): for showing linear pictures on screen, and for
/// the Y' of linear pixels, computed by a fixed formula (SPEC: no colour conversion whose
/// rounding babl picks at run time).
public enum SRGB {
    /// The curve of four linear values: 12.92·c for c ≤ 0.0031308 (negative values too), else
    /// 1.055·c^(1/2.4) − 0.055, within 4·10⁻⁷ of the formula in Double for c < 1 (powf above 1;
    /// NaN stays NaN). In lanes, without a call or a table: c^(1/2.4) = 2^(log₂c / 2.4), log₂ of
    /// the mantissa and 2^fraction by polynomials (least squares at Chebyshev nodes, degrees 7
    /// and 5), exponents moved by integer arithmetic on the bits — a pow per pixel would cost
    /// more than the whole normal map.
    @inline(__always)
    public static func encode(_ c: SIMD4<Float>) -> SIMD4<Float> {
        let curved = (c .> 0.0031308) .& (c .< 1)
        let x = c.replacing(with: 0.5, where: .!curved)
        let bits = unsafeBitCast(x, to: SIMD4<UInt32>.self)
        // Integers to floats and back through 1.5·2²³ (bits 0x4B40_0000), whose last mantissa
        // bits hold small integers exactly: no int/float conversion, which Swift's SIMD types
        // do lane by lane out of line.
        let magic = SIMD4<Float>(repeating: 12_582_912), magicBits = SIMD4<UInt32>(repeating: 0x4B40_0000)
        let exponent = unsafeBitCast((bits &>> 23) &+ magicBits, to: SIMD4<Float>.self) - (magic + 127)
        let m = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F80_0000, to: SIMD4<Float>.self) - 1
        var log2m = SIMD4<Float>(repeating: 1.477872077e-02)
        log2m = log2m * m - 7.684872597e-02
        log2m = log2m * m + 1.904208314e-01
        log2m = log2m * m - 3.231159351e-01
        log2m = log2m * m + 4.724995252e-01
        log2m = log2m * m - 7.203866119e-01
        log2m = log2m * m + 1.442652111e+00
        log2m = log2m * m + 3.196978294e-07
        let l = (exponent + log2m) * (1 / 2.4)
        var n = (l + magic) - magic                           // l rounded to nearest…
        n = n.replacing(with: n - 1, where: n .> l)           // …then down
        let f = l - n
        var p = SIMD4<Float>(repeating: 1.895107291e-03)
        p = p * f + 8.946214666e-03
        p = p * f + 5.586328266e-02
        p = p * f + 2.401407701e-01
        p = p * f + 6.931546200e-01
        p = p * f + 9.999998958e-01
        let shift = (unsafeBitCast(n + magic, to: SIMD4<UInt32>.self) &- magicBits) &<< 23
        let power = unsafeBitCast(unsafeBitCast(p, to: SIMD4<UInt32>.self) &+ shift, to: SIMD4<Float>.self)
        var result = (1.055 * power - 0.055).replacing(with: 12.92 * c, where: .!(c .> 0.0031308))
        if any(c .>= 1) || any(c .!= c) {
            for lane in 0 ..< 4 where c[lane] >= 1 || c[lane].isNaN {
                result[lane] = c[lane].isNaN ? c[lane] : 1.055 * powf(c[lane], 1 / 2.4) - 0.055
            }
        }
        return result
    }

    /// The curve of one linear value, as `encode` of four gives it.
    public static func encode(_ c: Float) -> Float {
        encode(SIMD4(repeating: c))[0]
    }

    /// A linear value as an 8-bit sRGB code: 12.92·c below 0.0031308, else
    /// 1.055·c^(1/2.4) − 0.055; clamped to 0 … 1 first, NaN as 0.
    public static func encode8(_ linear: Float) -> UInt8 {
        let c = Double(linear.isNaN ? 0 : min(max(linear, 0), 1))
        let v = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
        return UInt8((v * 255).rounded())
    }

    /// A coverage or alpha value as an 8-bit code (no curve): clamped, NaN as 0.
    public static func alpha8(_ value: Float) -> UInt8 {
        UInt8((Double(value.isNaN ? 0 : min(max(value, 0), 1)) * 255).rounded())
    }
}
