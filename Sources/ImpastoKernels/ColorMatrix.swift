// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// A 3×3 colour matrix acting on (r, g, b) column vectors, row-major.
///
/// Kept as nine scalars rather than an array so that applying it to a pixel is nine
/// multiply-adds with no indexing, no bounds checks and no allocation.
public struct ColorMatrix: Equatable, Sendable {
    public var m00, m01, m02: Float
    public var m10, m11, m12: Float
    public var m20, m21, m22: Float

    public init(_ m00: Float, _ m01: Float, _ m02: Float,
                _ m10: Float, _ m11: Float, _ m12: Float,
                _ m20: Float, _ m21: Float, _ m22: Float) {
        (self.m00, self.m01, self.m02) = (m00, m01, m02)
        (self.m10, self.m11, self.m12) = (m10, m11, m12)
        (self.m20, self.m21, self.m22) = (m20, m21, m22)
    }

    public static let identity = ColorMatrix(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// The matrix product `lhs · rhs`: applying the result equals applying `rhs`, then `lhs`.
    public static func * (lhs: ColorMatrix, rhs: ColorMatrix) -> ColorMatrix {
        let a = lhs, b = rhs
        return ColorMatrix(
            a.m00 * b.m00 + a.m01 * b.m10 + a.m02 * b.m20,
            a.m00 * b.m01 + a.m01 * b.m11 + a.m02 * b.m21,
            a.m00 * b.m02 + a.m01 * b.m12 + a.m02 * b.m22,
            a.m10 * b.m00 + a.m11 * b.m10 + a.m12 * b.m20,
            a.m10 * b.m01 + a.m11 * b.m11 + a.m12 * b.m21,
            a.m10 * b.m02 + a.m11 * b.m12 + a.m12 * b.m22,
            a.m20 * b.m00 + a.m21 * b.m10 + a.m22 * b.m20,
            a.m20 * b.m01 + a.m21 * b.m11 + a.m22 * b.m21,
            a.m20 * b.m02 + a.m21 * b.m12 + a.m22 * b.m22)
    }

    /// Pixels checked at once before the matrix runs over them: 4 KiB, still in the first-level
    /// cache when the matrix reads them (the pencil benchmark against gegl:invert-linear).
    static let block = 256

    /// Applies the matrix to `count` interleaved RGBA float pixels, copying alpha unchanged.
    ///
    /// `input` and `output` may be the same memory (GEGL runs point filters in place): each
    /// pixel is read completely before it is written. A sample that is not a number, or
    /// infinite, is taken as `FastMath.finiteColour` and `finiteAlpha` say, so every output is
    /// finite; nothing here can trap. A `count` ≤ 0 does nothing.
    public func applyRGBA(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>,
                          count: Int) {
        @inline(__always) func put(_ p: Int, _ r: Float, _ g: Float, _ b: Float, _ a: Float) {
            output[p]      = m00 * r + m01 * g + m02 * b
            output[p &+ 1] = m10 * r + m11 * g + m12 * b
            output[p &+ 2] = m20 * r + m21 * g + m22 * b
            output[p &+ 3] = a
        }
        // A layer's pixels are nearly always finite and in range: a quick pass over each block
        // finds that out (from the cache, block by block, as the row streams in), and then a
        // loop without a test per sample, which the compiler vectorizes.
        var start = 0
        while start < count {
            let end = Swift.min(count, start &+ Self.block)
            var i = start
            if FastMath.finiteRGBA(input + start &* 4, count: end &- start) {
                while i < end {
                    let p = i &* 4
                    put(p, input[p], input[p &+ 1], input[p &+ 2], input[p &+ 3])
                    i &+= 1
                }
            } else {
                while i < end {
                    let p = i &* 4
                    put(p, FastMath.finiteColour(input[p]), FastMath.finiteColour(input[p &+ 1]),
                        FastMath.finiteColour(input[p &+ 2]), FastMath.finiteAlpha(input[p &+ 3]))
                    i &+= 1
                }
            }
            start = end
        }
    }

    /// Applies the matrix to `count` interleaved R'G'B'A (or RGBA) pixels of 8-bit codes,
    /// copying alpha unchanged: each result rounded to the nearest code (halves to even),
    /// clamped to 0 … 255. What the float path gives through babl's u8 ⇄ float conversions
    /// (k/255 in, clamped and rounded out), without them: the matrix is linear, so it
    /// applies to the codes themselves. In place allowed; `count` ≤ 0 does nothing.
    public func applyRGBA(_ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>, count: Int) {
        // Four pixels are four 32-bit words r | g << 8 | b << 16 | a << 24 (little-endian, as
        // the ABI's platforms are): their r, g and b come out in lanes by masks and shifts.
        let limit = SIMD4<Float>(repeating: 255)
        applyWords(input, output, count: count) { w in
            let r = Self.float(w & 0xFF), g = Self.float((w &>> 8) & 0xFF), b = Self.float((w &>> 16) & 0xFF)
            return Self.code(m00 * r + m01 * g + m02 * b, limit)
                | Self.code(m10 * r + m11 * g + m12 * b, limit) &<< 8
                | Self.code(m20 * r + m21 * g + m22 * b, limit) &<< 16
                | (w & 0xFF00_0000)
        }
    }

    /// `applyRGBA` on 16-bit codes (0 … 65535), rounded and clamped likewise.
    public func applyRGBA(_ input: UnsafePointer<UInt16>, _ output: UnsafeMutablePointer<UInt16>, count: Int) {
        // Two pixels are four 32-bit words r | g << 16, b | a << 16: the low halves hold
        // (r₀, b₀, r₁, b₁), the high (g₀, a₀, g₁, a₁). The matrix works in that layout —
        // r' and b' from the low lanes, their swap and g twice; g' and a (× 1) from the high
        // lanes — so no pixel is taken apart and put together again.
        let rb = SIMD4(m00, m22, m00, m22), br = SIMD4(m02, m20, m02, m20), gg = SIMD4(m01, m21, m01, m21)
        let ga = SIMD4(m11, 1, m11, 1), rbToG = SIMD4(m10, 0, m10, 0), brToG = SIMD4(m12, 0, m12, 0)
        let limit = SIMD4<Float>(repeating: 65535)
        applyWords(input, output, count: count) { w in
            let low = Self.float(w & 0xFFFF), high = Self.float(w &>> 16)
            let swapped = SIMD4(low[1], low[0], low[3], low[2]), g = SIMD4(high[0], high[0], high[2], high[2])
            return Self.code(rb * low + br * swapped + gg * g, limit)
                | Self.code(ga * high + rbToG * low + brToG * swapped, limit) &<< 16
        }
    }

    /// Runs `block` over the pixels 16 bytes (four 32-bit words) at a time; the last few
    /// pixels go through a zero-padded copy. Each block is read before it is written, so
    /// `input` may be `output`.
    @inline(__always)
    private func applyWords<Sample>(_ input: UnsafePointer<Sample>, _ output: UnsafeMutablePointer<Sample>,
                                    count: Int, _ block: (SIMD4<UInt32>) -> SIMD4<UInt32>) {
        let bytesPerPixel = 4 * MemoryLayout<Sample>.stride, pixelsPerBlock = 16 / bytesPerPixel
        var source = UnsafeRawPointer(input), destination = UnsafeMutableRawPointer(output)
        for _ in 0 ..< max(0, count) / pixelsPerBlock {
            destination.storeBytes(of: block(source.loadUnaligned(as: SIMD4<UInt32>.self)), as: SIMD4<UInt32>.self)
            source += 16
            destination += 16
        }
        let rest = max(0, count) % pixelsPerBlock * bytesPerPixel
        guard rest > 0 else { return }
        var tail = SIMD4<UInt32>()
        withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(start: source, count: rest)) }
        tail = block(tail)
        withUnsafeBytes(of: tail) {
            UnsafeMutableRawBufferPointer(start: destination, count: rest)
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(rest)))
        }
    }

    /// Integer codes (< 2²²) as floats, exactly: in the mantissa of 1.5·2²³ (FastMath's
    /// trick; Swift's SIMD int/float conversions run lane by lane out of line).
    @inline(__always)
    private static func float(_ codes: SIMD4<UInt32>) -> SIMD4<Float> {
        unsafeBitCast(codes | FastMath.magicBits, to: SIMD4<Float>.self) - FastMath.magic
    }

    /// Values as codes: clamped to 0 … `limit` (NaN as 0), rounded to nearest, halves to
    /// even (adding 1.5·2²³ leaves the integer in the low mantissa bits).
    @inline(__always)
    private static func code(_ value: SIMD4<Float>, _ limit: SIMD4<Float>) -> SIMD4<UInt32> {
        var v = value.replacing(with: 0, where: .!(value .> 0))
        v = v.replacing(with: limit, where: .!(v .< limit))
        return unsafeBitCast(v + FastMath.magic, to: SIMD4<UInt32>.self) &- FastMath.magicBits
    }
}

/// The colour matrices of the W3C Filter Effects `feColorMatrix` primitive
/// (https://www.w3.org/TR/filter-effects-1/#feColorMatrixElement), which Core Image's
/// CIHueAdjust and CIColorControls follow closely. Luma weights 0.213, 0.715, 0.072.
public enum W3CColorMatrix {
    /// `type="hueRotate"`: a rotation of hue by `degrees` around the luma axis.
    public static func hueRotate(degrees: Double) -> ColorMatrix {
        let radians = degrees * .pi / 180
        let c = Float(cos(radians)), s = Float(sin(radians))
        return ColorMatrix(
            0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
            0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283,
            0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072)
    }

    /// `type="saturate"`: 0 is grey, 1 the identity; values above 1 (which the W3C text does
    /// not define, but the same formula extends to, as CIColorControls does) oversaturate.
    public static func saturate(_ s: Double) -> ColorMatrix {
        let s = Float(s)
        return ColorMatrix(
            0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s,
            0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s,
            0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s)
    }
}
