// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The shape of a bevel's cross-section (docs/contract.md, impasto:emboss step 3): height as a function of
/// t = min(d, r) / r, the distance into the shape as a fraction of the bevel radius.
public enum HeightProfile: Int32, CaseIterable, Sendable {
    /// √(1 − (1 − t)²): a quarter circle, CIHeightFieldFromMask's rounded look (the default).
    case round = 0
    /// t: a chamfer.
    case linear = 1
    /// (1 − cos πt) / 2: flat at both ends, an S-shaped shoulder.
    case smooth = 2

    /// The height at t, with t clamped into 0 … 1 first (NaN reads as 0).
    @inline(__always)
    public func callAsFunction(_ t: Float) -> Float {
        let t = FastMath.clamp01(t)
        switch self {
        case .round: return (t * (2 - t)).squareRoot() // 1 − (1 − t)² without the cancellation
        case .linear: return t
        case .smooth: return (1 - cos(Float.pi * t)) / 2
        }
    }
}

/// H(x) = profile(x / r), the height at distance x from the edge (a step for r = 0): the
/// profile at a bevel's radius, a value type so that loops over many pixels keep it in
/// registers. `Bevel` turns each pixel's distance into its height and slope with it.
struct Rise {
    /// The bevel radius (0: a step) and profile.
    let radius: Float, profile: HeightProfile

    /// A radius that is not finite and positive is 0, a step.
    init(radius: Float, profile: HeightProfile) {
        self.radius = Self.cleanRadius(radius)
        self.profile = profile
    }

    /// The bevel radius used for `radius`: 0 (a step) unless it is finite and positive.
    static func cleanRadius(_ radius: Float) -> Float { radius.isFinite && radius > 0 ? radius : 0 }

    @inline(__always)
    func callAsFunction(_ x: Float) -> Float {
        radius > 0 ? profile(x / radius) : (x > 0 ? 1 : 0)
    }

    /// The mean of H′ over distances a … b (a < b), the part below 0 (outside the edge) left
    /// out, and at least a quarter of a pixel wide: (H(high) − H(low)) / (high − low).
    @inline(__always)
    func meanSlope(_ a: Float, _ b: Float) -> Float {
        let low = FastMath.max(a, 0), high = FastMath.max(b, low + 0.25)
        return (self(high) - self(low)) / (high - low)
    }

    /// H at four distances at once, the same arithmetic as for one.
    @inline(__always)
    func callAsFunction(_ x: SIMD4<Float>) -> SIMD4<Float> {
        guard radius > 0 else { return SIMD4().replacing(with: 1, where: x .> 0) }
        let q = x / radius
        // profile(t): NaN reads as 0, then t is clamped into 0 … 1.
        let t = FastMath.clamp01(q)
        switch profile {
        case .round: return FastMath.sqrt(t * (2 - t))
        case .linear: return t
        case .smooth: return SIMD4(profile(t[0]), profile(t[1]), profile(t[2]), profile(t[3]))
        }
    }

    /// `meanSlope` at four intervals at once.
    @inline(__always)
    func meanSlope(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        let low = a.replacing(with: 0, where: a .< 0), least = low + 0.25
        let high = b.replacing(with: least, where: b .< least)
        return (self(high) - self(low)) / (high - low)
    }
}
