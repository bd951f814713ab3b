// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The pencil hue/saturation of docs/contract.md written out independently of ImpastoKernels,
/// for tests: the W3C Filter Effects matrices in the form the spec prints them — hueRotate as
/// A + cos θ·B + sin θ·C, saturate as its own table — applied one after the other
/// (hue first) in Double, with no fused matrix and no clamping.
public enum PencilReference {
    static let hueA: [[Double]] = [[0.213, 0.715, 0.072], [0.213, 0.715, 0.072], [0.213, 0.715, 0.072]]
    static let hueB: [[Double]] = [[0.787, -0.715, -0.072], [-0.213, 0.285, -0.072], [-0.213, -0.715, 0.928]]
    static let hueC: [[Double]] = [[-0.213, -0.715, 0.928], [0.143, 0.140, -0.283], [-0.787, 0.715, 0.072]]

    static func multiply(_ m: [[Double]], _ v: [Double]) -> [Double] {
        m.map { row in zip(row, v).map(*).reduce(0, +) }
    }

    public static func hueRotate(_ rgb: [Double], degrees: Double) -> [Double] {
        let t = degrees * Double.pi / 180
        let m = (0..<3).map { i in (0..<3).map { j in hueA[i][j] + cos(t) * hueB[i][j] + sin(t) * hueC[i][j] } }
        return multiply(m, rgb)
    }

    public static func saturate(_ rgb: [Double], _ s: Double) -> [Double] {
        let m: [[Double]] = [
            [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
            [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
            [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s],
        ]
        return multiply(m, rgb)
    }

    /// θ = 180 + azimuth, s = maxSaturation·(90 − altitude)/90, rgb' = S(s)·H(θ)·rgb.
    public static func apply(_ rgb: [Double], azimuth: Double, altitude: Double,
                             maxSaturation: Double = 8) -> [Double] {
        saturate(hueRotate(rgb, degrees: 180 + azimuth), maxSaturation * (90 - altitude) / 90)
    }

    /// The sRGB transfer functions (IEC 61966-2-1), for checking the `linear` switch.
    public static func linearFromSRGB(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    public static func sRGBFromLinear(_ v: Double) -> Double {
        v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }
}

/// A deterministic pseudo-random generator (SplitMix64), so failures reproduce.
public struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
