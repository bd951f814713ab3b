// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// sRGB's transfer curve (IEC 61966-2-1): for showing linear pictures on screen, and for
/// decoding 8-bit codes by a fixed table (no colour conversion whose rounding babl picks at
/// run time: docs/contract.md).
public enum SRGB {
    /// 8-bit codes undone: what linear value each code k/255 stands for, ((k/255 + 0.055) /
    /// 1.055)^2.4 (k/255/12.92 below 0.04045), in Double. An 8-bit picture needs nothing else,
    /// and a kernel that decodes by it needs no babl conversion to linear float (babl's
    /// fastest may be a 256 MB table over all 2²⁴ colours, built on first use).
    public struct Codes8: @unchecked Sendable {
        /// 256 values, allocated once and never freed.
        let table: UnsafePointer<Float>
        /// The codes themselves, k/255 (alpha, and R'G'B' read as they are), likewise.
        public let codes: UnsafePointer<Float>

        init() {
            let table = UnsafeMutablePointer<Float>.allocate(capacity: 256)
            let codes = UnsafeMutablePointer<Float>.allocate(capacity: 256)
            for k in 0 ..< 256 {
                let v = Double(k) / 255
                table[k] = Float(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4))
                codes[k] = Float(k) / 255
            }
            self.table = UnsafePointer(table)
            self.codes = UnsafePointer(codes)
        }

        /// The linear value of `code`, an R'G'B' float k/255 (others: the nearest code's, NaN 0's).
        @inline(__always)
        public func linear(_ code: Float) -> Float {
            let k = code * 255 + 0.5
            return table[k >= 0 ? (k < 255 ? Int(k) : 255) : 0]
        }

        /// Widens `count` R'G'B'A u8 pixels, their bytes at the start of `rgba` (four to a
        /// Float), into linear RGBA floats in place: R, G and B by the table, alpha k/255. Back
        /// to front, each pixel's bytes read before its floats are written, so no byte is
        /// overwritten before it is read. Indexing by the byte itself: no float → Int
        /// conversion (the checked one of `linear(_:)`, per sample, took a third of the normal
        /// light's kernel), and no babl conversion from u8 (which may be a 256 MB table).
        public func linear(bytes rgba: UnsafeMutablePointer<Float>, count: Int) {
            let bytes = UnsafeMutableRawPointer(rgba).assumingMemoryBound(to: UInt8.self)
            var i = count - 1
            while i >= 0 {
                let (r, g, b, a) = (bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3])
                let pixel = rgba + 4 * i
                (pixel[0], pixel[1], pixel[2], pixel[3]) = (table[Int(r)], table[Int(g)], table[Int(b)], codes[Int(a)])
                i -= 1
            }
        }
    }

    /// The one table of 8-bit codes: fetch it once per row, not per pixel.
    public static let decode8 = Codes8()

    /// Float codes in 0 … 1 undone, four at a time: what a kernel that makes codes (the normal
    /// map's 0.5 + 0.5·n) writes when its output is linear, instead of leaving babl a pass of
    /// its own over the output. From the nearest of the points k/2048 of the exact curve
    /// (Double), along its tangent there: with the curve's second derivative at most
    /// 2.4·1.4/1.055² ≈ 3.02 and at most half a step to go, the error is at most
    /// 3.02·(1/4096)²/2 ≈ 9·10⁻⁸ plus Float rounding (4·10⁻⁷ next to the knot at 0.04045,
    /// where the two pieces' slopes differ by 2 %) — a few lookups where a power per sample
    /// (FastMath.pow, three a pixel) costs three times as many instructions.
    public struct UnitDecoder: @unchecked Sendable {
        static let steps = 2048
        /// Entries: a power of two, so that any index masked to it is in the table (codes
        /// from −0.5/steps to 2 have their own; wild ones land anywhere, never outside).
        static let entries = 4 * steps
        /// (value, slope × step) at k/steps for k < `entries`, the curve continued beyond 1
        /// (up to 4, where its second derivative is at most 5.2: still within 1.6·10⁻⁷);
        /// allocated once and never freed.
        let table: UnsafePointer<SIMD2<Float>>

        init() {
            let table = UnsafeMutablePointer<SIMD2<Float>>.allocate(capacity: Self.entries)
            for k in 0 ..< Self.entries {
                let v = Double(k) / Double(Self.steps)
                let (value, slope) = v <= 0.04045 ? (v / 12.92, 1 / 12.92)
                    : (pow((v + 0.055) / 1.055, 2.4), 2.4 / 1.055 * pow((v + 0.055) / 1.055, 1.4))
                table[k] = SIMD2(Float(value), Float(slope / Double(Self.steps)))
            }
            self.table = UnsafePointer(table)
        }

        /// The linear values of `codes` from −0.5/steps to 2 (others: nonsense, NaN for NaN or
        /// an infinity, but never a read outside the table).
        @inline(__always)
        public func linear(_ codes: SIMD4<Float>) -> SIMD4<Float> {
            linear(steps: codes * Float(Self.steps))
        }

        /// `linear(0.5 + 0.5 * n)`, bit for bit (a normal's components as a map's codes), with
        /// one product fewer: (0.5 + 0.5·n)·steps = steps/2 + steps/2·n exactly, as scaling by
        /// a power of two rounds alike.
        @inline(__always)
        public func linear(codesOf n: SIMD4<Float>) -> SIMD4<Float> {
            let half = Float(Self.steps / 2)
            return linear(steps: half + half * n)
        }

        /// The linear values of the codes t/steps.
        @inline(__always)
        private func linear(steps t: SIMD4<Float>) -> SIMD4<Float> {
            // The nearest point and its index in lanes through FastMath's 1.5·2²³ (Swift's SIMD
            // float/int conversions run lane by lane out of line).
            let nearest = t + FastMath.magic
            let index = (unsafeBitCast(nearest, to: SIMD4<UInt32>.self) &- FastMath.magicBits) & UInt32(Self.entries - 1)
            // The indices two at a time as 64-bit words, and each entry pair's (value, slope)
            // loaded whole: baseline x86-64 has no 32-bit lane extraction, and taking the lanes
            // one by one cost a shuffle and a move each (BENCHMARKS.md).
            let words = unsafeBitCast(index, to: SIMD2<UInt64>.self)
            func entry(_ word: UInt64, _ high: Bool) -> SIMD2<Float> {
                table[Int(truncatingIfNeeded: high ? word &>> 32 : word & 0xFFFF_FFFF)]
            }
            let low = SIMD4(lowHalf: entry(words[0], false), highHalf: entry(words[0], true))
            let high = SIMD4(lowHalf: entry(words[1], false), highHalf: entry(words[1], true))
            let values = SIMD4(lowHalf: low.evenHalf, highHalf: high.evenHalf)
            let slopes = SIMD4(lowHalf: low.oddHalf, highHalf: high.oddHalf)
            return values + (t - (nearest - FastMath.magic)) * slopes
        }
    }

    /// Codes of any value undone, four at a time: the table's where 0 ≤ c < 3.9 (a painting's
    /// usual range; within 10⁻⁶ relative there), elsewhere the formula — c/12.92 below 0.04045,
    /// negative values too (babl continues the curve so), FastMath's power above; NaN stays NaN.
    @inline(__always)
    public static func linear(codes: SIMD4<Float>, table: UnitDecoder) -> SIMD4<Float> {
        let fromTable = table.linear(codes)
        if all((codes .>= 0) .& (codes .< 3.9)) { return fromTable }
        var out = fromTable.replacing(with: FastMath.pow((codes + 0.055) / 1.055, 2.4), where: codes .>= 3.9)
        out = out.replacing(with: codes / 12.92, where: codes .< 0)
        return out.replacing(with: codes, where: codes .!= codes)
    }

    /// The one table of float codes: fetch it once per row, not per pixel.
    public static let decodeUnit = UnitDecoder()

    /// Linear values given sRGB's curve, four at a time: 12.92·c up to 0.0031308, else
    /// 1.055·c^(1/2.4) − 0.055 (FastMath's power: within a few 10⁻⁷ of the exact curve), the
    /// curve continued beyond 1 and below 0 as babl continues it; NaN and ±∞ stay as they
    /// are (c − c is 0 exactly for finite c).
    @inline(__always)
    public static func perceptual(_ c: SIMD4<Float>) -> SIMD4<Float> {
        let curve = 1.055 * FastMath.pow(c, 1 / 2.4) - 0.055
        return curve.replacing(with: 12.92 * c, where: c .<= 0.0031308).replacing(with: c, where: .!(c - c .== 0))
    }

    /// `perceptual` on the R, G and B of the RGBA pixels at `indices[0 ..< count]` of `rgba`
    /// (pixel i's samples at 4i …), alpha left as it is: the same bits as one pixel at a time,
    /// but four pixels at once with each channel in lanes, three curves where four pixels took
    /// four, each independent of the others. (The last group repeats its last pixel: every
    /// pixel of a group is read before any is written, so a repeat writes the same values.)
    public static func perceptualRGB(_ rgba: UnsafeMutablePointer<Float>, at indices: UnsafePointer<Int32>, count: Int) {
        var k = 0
        let last = count &- 1
        while k < count {
            let i0 = 4 &* Int(indices[k]), i1 = 4 &* Int(indices[min(k &+ 1, last)])
            let i2 = 4 &* Int(indices[min(k &+ 2, last)]), i3 = 4 &* Int(indices[min(k &+ 3, last)])
            let p0 = FastMath.load(rgba + i0), p1 = FastMath.load(rgba + i1)
            let p2 = FastMath.load(rgba + i2), p3 = FastMath.load(rgba + i3)
            let r = perceptual(SIMD4(p0.x, p1.x, p2.x, p3.x))
            let g = perceptual(SIMD4(p0.y, p1.y, p2.y, p3.y))
            let b = perceptual(SIMD4(p0.z, p1.z, p2.z, p3.z))
            FastMath.store(SIMD4(r[0], g[0], b[0], p0.w), rgba + i0)
            FastMath.store(SIMD4(r[1], g[1], b[1], p1.w), rgba + i1)
            FastMath.store(SIMD4(r[2], g[2], b[2], p2.w), rgba + i2)
            FastMath.store(SIMD4(r[3], g[3], b[3], p3.w), rgba + i3)
            k &+= 4
        }
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
