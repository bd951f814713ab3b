import Glibc

/// sRGB's transfer curve (IEC 61966-2-1): for showing linear pictures on screen, and for
/// the Y' of linear pixels, computed by a fixed formula (SPEC: no colour conversion whose
/// rounding babl picks at run time).
public enum SRGB {
    /// The curve of four linear values: 12.92·c for c ≤ 0.0031308 (negative values too), else
    /// 1.055·c^(1/2.4) − 0.055, within 5·10⁻⁷ of the formula in Double (a powf per pixel
    /// would cost more than the lighting itself). On 0.0031308 … 1 a polynomial of degree 7 in
    /// t = c^¼ (two square roots), where the curve, 1.055·t^(5/3) − 0.055, is smooth; least
    /// squares at Chebyshev nodes. Above 1 (float pictures) by `FastMath.pow`. NaN and ±∞ stay.
    @inline(__always)
    public static func encode(_ c: SIMD4<Float>) -> SIMD4<Float> {
        let t = FastMath.sqrt(FastMath.sqrt(c.replacing(with: 1, where: .!(c .> 0.0031308)))) - 0.6182725160023029
        var y = SIMD4<Float>(repeating: -7.196584257e-02)
        y = y * t + 6.487332117e-02
        y = y * t - 4.702914748e-02
        y = y * t + 6.467619085e-02
        y = y * t - 1.237826813e-01
        y = y * t + 6.880580384e-01
        y = y * t + 1.276110793e+00
        y = y * t + 4.183896581e-01
        if any(c .> 1) { y = y.replacing(with: 1.055 * FastMath.pow(c, 1 / 2.4) - 0.055, where: c .> 1) }
        return y.replacing(with: 12.92 * c, where: .!(c .> 0.0031308)).replacing(with: c, where: .!(c - c .== 0))
    }

    /// 8-bit codes undone: what linear value each code k/255 stands for, ((k/255 + 0.055) /
    /// 1.055)^2.4 (k/255/12.92 below 0.04045), in Double. An 8-bit picture needs nothing else,
    /// and a kernel that decodes by it needs no babl conversion to linear float (babl's
    /// fastest may be a 256 MB table over all 2²⁴ colours, built on first use).
    public struct Codes8: @unchecked Sendable {
        /// 256 values, allocated once and never freed.
        let table: UnsafePointer<Float>

        init() {
            let table = UnsafeMutablePointer<Float>.allocate(capacity: 256)
            for k in 0 ..< 256 {
                let v = Double(k) / 255
                table[k] = Float(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4))
            }
            self.table = UnsafePointer(table)
        }

        /// The linear value of `code`, an R'G'B' float k/255 (others: the nearest code's, NaN 0's).
        @inline(__always)
        public func linear(_ code: Float) -> Float {
            let k = code * 255 + 0.5
            return table[k >= 0 ? (k < 255 ? Int(k) : 255) : 0]
        }

        /// Decodes R, G and B of `count` interleaved R'G'B'A pixels in place (alpha stays).
        public func linear(_ rgba: UnsafeMutablePointer<Float>, count: Int) {
            for i in 0 ..< max(0, count) {
                let p = rgba + 4 * i
                (p[0], p[1], p[2]) = (linear(p[0]), linear(p[1]), linear(p[2]))
            }
        }
    }

    /// The one table of 8-bit codes: fetch it once per row, not per pixel.
    public static let decode8 = Codes8()

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
