// SPDX-License-Identifier: GPL-3.0-or-later
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// log₂, 2ˣ and xʸ of four Floats at once, in lanes, without a call or a table: what the
/// per-pixel curves and highlights need at a few instructions a value (libm's powf, called per
/// pixel, cost more than the rest of a kernel). Accurate to about 4·10⁻⁷ relative, far below
/// what 8-, 16- or 32-bit pictures show; every function is total (any bits in, no trap).
///
/// Method: x = 2ᵉ·m with m in [√½, √2) from the float's bits; log₂ m = t·q(t), t = m − 1, q a
/// polynomial of degree 6 (least squares at Chebyshev nodes, so log₂ 1 = 0 exactly); 2ˡ from
/// l = n + f with 2ᶠ = 1 + f·r(f), r of degree 5 on [0, 1) (2ⁿ exact), n added to the exponent bits.
/// Integers pass to and from floats through 1.5·2²³ (bits 0x4B40_0000), whose last mantissa
/// bits hold small integers exactly: Swift's SIMD int/float conversions run lane by lane out
/// of line.
public enum FastMath {
    // Computed, not stored: a static let costs a swift_once check at every use.
    @inline(__always) static var magic: SIMD4<Float> { SIMD4(repeating: 12_582_912) }
    @inline(__always) static var magicBits: SIMD4<UInt32> { SIMD4(repeating: 0x4B40_0000) }

    /// √x in every lane, correctly rounded as `Float.squareRoot()` is (Swift's SIMD
    /// `squareRoot()` goes through libm's sqrtf lane by lane, checking each for errno). On
    /// x86-64 one `sqrtps` for the four lanes (SSE, in every x86-64 processor), elsewhere the
    /// processor's scalar square root lane by lane.
    @inline(__always)
    public static func sqrt(_ x: SIMD4<Float>) -> SIMD4<Float> {
        #if arch(x86_64)
        _mm_sqrt_ps(x)
        #else
        SIMD4(x[0].squareRoot(), x[1].squareRoot(), x[2].squareRoot(), x[3].squareRoot())
        #endif
    }

    /// The unit vector of each lane's (x, y); (0, 0) where its length is 0 or not finite.
    @inline(__always)
    static func unit(_ x: SIMD4<Float>, _ y: SIMD4<Float>) -> (x: SIMD4<Float>, y: SIMD4<Float>) {
        let squared = x * x + y * y, length = sqrt(squared)
        let finite = squared .> 0 .& squared .< SIMD4(repeating: .infinity)
        return (SIMD4().replacing(with: x / length, where: finite), SIMD4().replacing(with: y / length, where: finite))
    }

    /// Swift's `max` and `min` for one Float (the same comparisons, so the same result for
    /// NaN), always inlined: in the relief's row pass the compiler called the generic ones out
    /// of line.
    @inline(__always)
    static func max(_ x: Float, _ y: Float) -> Float { y >= x ? y : x }
    @inline(__always)
    static func min(_ x: Float, _ y: Float) -> Float { y < x ? y : x }

    /// NaN → 0; anything else (±∞ too) clamped to 0 … 1 (−0 to +0): for one Float, and for
    /// four in lanes (the same comparisons, so the same bits).
    @inline(__always)
    static func clamp01(_ x: Float) -> Float { x.isNaN ? 0 : min(max(x, 0), 1) }
    @inline(__always)
    static func clamp01(_ x: SIMD4<Float>) -> SIMD4<Float> {
        x.replacing(with: 0, where: .!(x .> 0)).replacing(with: 1, where: x .> 1)   // NaN fails `> 0`
    }

    /// The largest colour magnitude a kernel takes, a half-float layer's largest value: times
    /// any light, sheen or colour matrix the ops allow (at most a few thousand), and through
    /// sRGB's curve either way (babl's conversions around an op), it stays finite.
    static let largestColour: Float = 65504

    /// A colour sample from a layer as the kernels take it: NaN → 0, anything else (±∞ too)
    /// clamped to ±`largestColour`; every sample a half-float layer can hold as it is.
    @inline(__always)
    static func finiteColour(_ x: Float) -> Float { x.isNaN ? 0 : min(max(x, -largestColour), largestColour) }
    @inline(__always)
    static func finiteColour(_ x: SIMD4<Float>) -> SIMD4<Float> {
        x.replacing(with: 0, where: x .!= x).replacing(with: -largestColour, where: x .< -largestColour)
            .replacing(with: largestColour, where: x .> largestColour)
    }

    /// Whether `count` RGBA float pixels from `p` on are all as `finiteColour` and
    /// `finiteAlpha` would leave them (finite, colours within ±`largestColour`), so that a
    /// kernel may take them as they are; a false answer only costs the caller its tests. On
    /// the samples' bits, which the compiler vectorizes: with the sign cleared, a colour is in
    /// range when at most 65504's bits (0x477FE000; NaN and ∞ are above), an alpha finite when
    /// below ∞'s (0x7F800000); adding what takes the first value past to 2³¹ marks it in the
    /// top bit.
    static func finiteRGBA(_ p: UnsafePointer<Float>, count: Int) -> Bool {
        guard count > 0 else { return true }
        return UnsafeRawPointer(p).withMemoryRebound(to: Int32.self, capacity: count &* 4) { u in
            let magnitude = SIMD4<Int32>(repeating: 0x7FFF_FFFF)
            let past = SIMD4<Int32>(0x3880_1FFF, 0x3880_1FFF, 0x3880_1FFF, 0x0080_0000)
            var marks = SIMD4<Int32>(repeating: 0)
            var i = 0
            while i < count {
                marks |= (load(u + i &* 4) & magnitude) &+ past
                i &+= 1
            }
            return (marks & SIMD4(repeating: Int32.min)) == SIMD4(repeating: 0)
        }
    }

    /// An alpha sample as the kernels pass it on: NaN and −∞ → 0, +∞ → 1; finite values as
    /// they are.
    @inline(__always)
    static func finiteAlpha(_ x: Float) -> Float { x.isNaN || x == -.infinity ? 0 : x == .infinity ? 1 : x }
    @inline(__always)
    static func finiteAlpha(_ x: SIMD4<Float>) -> SIMD4<Float> {
        x.replacing(with: 0, where: (x .!= x) .| (x .== -.infinity)).replacing(with: 1, where: x .== .infinity)
    }

    /// x truncated towards 0, for x in 0 … 2⁶³ (the caller clamps; a NaN or a value out of
    /// range gives some Int, never a trap). On x86-64 one 64-bit `cvttss2si` without Swift's
    /// range checks, elsewhere `Int(x)` where that cannot trap.
    @inline(__always)
    static func truncate(_ x: Float) -> Int {
        #if arch(x86_64)
        Int(_mm_cvttss_si64(_mm_set_ss(x)))
        #else
        x >= 0 && x < Float(Int.max) ? Int(x) : 0
        #endif
    }

    /// a·(1 − t) + b·t, the same arithmetic as written so, in SSE intrinsics on x86-64: there
    /// the compiler split a vector times a scalar lane by lane in the emboss's lookups.
    @inline(__always)
    static func mix(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ t: Float) -> SIMD4<Float> {
        #if arch(x86_64)
        _mm_add_ps(_mm_mul_ps(a, _mm_set1_ps(1 - t)), _mm_mul_ps(b, _mm_set1_ps(t)))
        #else
        a * (1 - t) + b * t
        #endif
    }

    /// (a·(1 − tx) + b·tx)·(1 − ty) + (c·(1 − tx) + d·tx)·ty (see `mix`).
    @inline(__always)
    static func bilinear(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>, _ d: SIMD4<Float>,
                         _ tx: Float, _ ty: Float) -> SIMD4<Float> {
        mix(mix(a, b, tx), mix(c, d, tx), ty)
    }

    /// Each lane's Int32 as a Float (rounded to nearest, as `Float(_:)`): one `cvtdq2ps` on
    /// x86-64, where Swift converts lane by lane out of line.
    @inline(__always)
    static func float(_ v: SIMD4<Int32>) -> SIMD4<Float> {
        #if arch(x86_64)
        _mm_cvtepi32_ps(unsafeBitCast(v, to: SIMD2<Int64>.self))
        #else
        SIMD4<Float>(v)
        #endif
    }

    /// Bit n set where lane n of `m` is true: one `movmskps` on x86-64.
    @inline(__always)
    static func bits(_ m: SIMDMask<SIMD4<Int32>>) -> Int {
        #if arch(x86_64)
        Int(_mm_movemask_ps(unsafeBitCast(m, to: SIMD4<Float>.self)))
        #else
        (m[0] ? 1 : 0) | (m[1] ? 2 : 0) | (m[2] ? 4 : 0) | (m[3] ? 8 : 0)
        #endif
    }

    /// Whether every lane / any lane of `m` is true, from `bits`: the standard library's
    /// `all` and `any` are generic and are sometimes left out of line in a hot loop.
    @inline(__always)
    static func all(_ m: SIMDMask<SIMD4<Int32>>) -> Bool { bits(m) == 15 }

    @inline(__always)
    static func any(_ m: SIMDMask<SIMD4<Int32>>) -> Bool { bits(m) != 0 }

    /// |x| in every lane, the sign bit cleared (as `Float.magnitude`, −0 giving +0).
    @inline(__always)
    static func abs(_ x: SIMD4<Float>) -> SIMD4<Float> {
        unsafeBitCast(unsafeBitCast(x, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
    }

    /// Swift's `max` in every lane (the same comparison, so the same lane for NaN), with a
    /// lane mask: Swift calls `pointwiseMax` out of line.
    @inline(__always)
    static func max(_ x: SIMD4<Float>, _ y: SIMD4<Float>) -> SIMD4<Float> { x.replacing(with: y, where: y .>= x) }

    /// Swift's `min` in every lane (see `max`).
    @inline(__always)
    static func min(_ x: SIMD4<Float>, _ y: SIMD4<Float>) -> SIMD4<Float> { x.replacing(with: y, where: y .< x) }

    /// Each lane truncated towards 0, for lanes in 0 … 2³¹ (the caller clamps; NaN or a value
    /// out of range gives some Int32, never a trap): one `cvttps2dq` on x86-64.
    @inline(__always)
    static func truncate(_ x: SIMD4<Float>) -> SIMD4<Int32> {
        #if arch(x86_64)
        unsafeBitCast(_mm_cvttps_epi32(x), to: SIMD4<Int32>.self)
        #else
        func lane(_ v: Float) -> Int32 { v >= 0 && v < 2_147_483_648 ? Int32(v) : 0 }
        return SIMD4(lane(x[0]), lane(x[1]), lane(x[2]), lane(x[3]))
        #endif
    }

    /// Four floats from p on, however p is aligned.
    @inline(__always)
    static func load(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
    }

    /// Stores four floats from p on, however p is aligned.
    @inline(__always)
    static func store(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
    }

    /// Four Int32s from p (unaligned), and stored at p. On x86-64 one `movdqu`: the standard
    /// library's generic `loadUnaligned` of `SIMD4<Int32>` was left out of line in the row pass.
    @inline(__always)
    static func load(_ p: UnsafePointer<Int32>) -> SIMD4<Int32> {
        #if arch(x86_64)
        unsafeBitCast(_mm_loadu_si128(UnsafeRawPointer(p).assumingMemoryBound(to: __m128i.self)), to: SIMD4<Int32>.self)
        #else
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Int32>.self)
        #endif
    }

    @inline(__always)
    static func store(_ v: SIMD4<Int32>, _ p: UnsafeMutablePointer<Int32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Int32>.self)
    }

    /// log₂ x for positive finite x (denormals count as 2⁻¹²⁶·m); other lanes give finite
    /// nonsense for the caller to mask.
    @inline(__always)
    public static func log2(_ x: SIMD4<Float>) -> SIMD4<Float> {
        let bits = unsafeBitCast(x, to: SIMD4<UInt32>.self)
        var exponent = unsafeBitCast(((bits &>> 23) & 0xFF) &+ magicBits, to: SIMD4<Float>.self) - (magic + 127)
        var m = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F80_0000, to: SIMD4<Float>.self)
        let high = m .> 1.41421356
        m = m.replacing(with: m * 0.5, where: high)
        exponent = exponent.replacing(with: exponent + 1, where: high)
        let t = m - 1
        var q = SIMD4<Float>(repeating: 1.651753465e-01)
        q = q * t - 2.709267070e-01
        q = q * t + 2.982603980e-01
        q = q * t - 3.592039477e-01
        q = q * t + 4.804023763e-01
        q = q * t - 7.213683926e-01
        q = q * t + 1.442701010e+00
        return exponent + t * q
    }

    /// 2ˡ, l clamped to −126 … 127 (NaN gives 2⁻¹²⁶): never an infinity or a denormal.
    @inline(__always)
    public static func exp2(_ l: SIMD4<Float>) -> SIMD4<Float> {
        var l = l.replacing(with: 127, where: l .> 127)
        l = l.replacing(with: -126, where: .!(l .>= -126))
        var n = (l + magic) - magic                          // l rounded to nearest…
        n = n.replacing(with: n - 1, where: n .> l)          // …then down
        let f = l - n
        var p = SIMD4<Float>(repeating: 2.179599786e-04)
        p = p * f + 1.241431122e-03
        p = p * f + 9.681269234e-03
        p = p * f + 5.548241306e-02
        p = p * f + 2.402299226e-01
        p = p * f + 6.931470011e-01
        p = 1 + f * p                                        // 2ᶠ = 1 + f·r(f): 2⁰ = 1 exactly
        let shift = (unsafeBitCast(n + magic, to: SIMD4<UInt32>.self) &- magicBits) &<< 23
        return unsafeBitCast(unsafeBitCast(p, to: SIMD4<UInt32>.self) &+ shift, to: SIMD4<Float>.self)
    }

    /// xᵉ for e > 0: 0 where x ≤ 0 or NaN, exp2(e·log₂ x) elsewhere (∞ gives 2¹²⁷·…).
    @inline(__always)
    public static func pow(_ x: SIMD4<Float>, _ e: Float) -> SIMD4<Float> {
        let positive = x .> 0
        return exp2(e * log2(x.replacing(with: 1, where: .!positive))).replacing(with: 0, where: .!positive)
    }
}
