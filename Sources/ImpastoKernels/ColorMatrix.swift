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

    /// Applies the matrix to `count` interleaved RGBA float pixels, copying alpha unchanged.
    ///
    /// `input` and `output` may be the same memory (GEGL runs point filters in place): each
    /// pixel is read completely before it is written. Non-finite samples propagate as IEEE
    /// arithmetic says; nothing here can trap. A `count` ≤ 0 does nothing.
    public func applyRGBA(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>,
                          count: Int) {
        var i = 0
        while i < count {
            let p = i &* 4
            let r = input[p], g = input[p &+ 1], b = input[p &+ 2], a = input[p &+ 3]
            output[p]      = m00 * r + m01 * g + m02 * b
            output[p &+ 1] = m10 * r + m11 * g + m12 * b
            output[p &+ 2] = m20 * r + m21 * g + m22 * b
            output[p &+ 3] = a
            i &+= 1
        }
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
