// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// FastMath's lanes and the 8-bit sRGB table, against the formulas in Double.
final class FastMathTests: XCTestCase {
    func testPowerFollowsTheFormula() {
        // Over 0 … 1, where curves and highlights use it: absolute error tiny at every exponent
        // (the relative error grows with the exponent only where the value is tiny).
        for e: Float in [1 / 2.4, 1, 2.4, 8, 40, 1000] {
            var worst = 0.0
            for k in 0 ... 100_000 {
                let x = Float(k) / 100_000
                let v = FastMath.pow(SIMD4(repeating: x), e)[0]
                worst = max(worst, abs(Double(v) - pow(Double(x), Double(e))))
            }
            XCTAssertLessThan(worst, 2e-6, "x^\(e)")
        }
        XCTAssertEqual(Double(FastMath.pow(SIMD4(repeating: 3), 2.4)[0]), pow(3, 2.4), accuracy: 1e-5)
    }

    func testSquareRootIsTheCorrectlyRoundedOneInEveryLane() {
        // The same bits as Float.squareRoot() (IEEE: correctly rounded), wild inputs included.
        var inputs: [Float] = [0, -0.0, 1, 2, 0.25, 1e-45, 1e-38, .leastNormalMagnitude, .greatestFiniteMagnitude,
                               .infinity, -1, -.infinity, .nan]
        var seed: UInt32 = 7
        for _ in 0 ..< 20_000 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            inputs.append(Float(bitPattern: seed & 0x7FFF_FFFF))   // any positive float, NaNs too
        }
        while inputs.count % 4 != 0 { inputs.append(4) }
        for i in stride(from: 0, to: inputs.count, by: 4) {
            let x = SIMD4(inputs[i], inputs[i + 1], inputs[i + 2], inputs[i + 3]), r = FastMath.sqrt(x)
            for lane in 0 ..< 4 {
                let want = x[lane].squareRoot()
                XCTAssertTrue(want.isNaN ? r[lane].isNaN : r[lane].bitPattern == want.bitPattern,
                              "√\(x[lane]): \(r[lane]), want \(want)")
            }
        }
    }

    func testLog2AndExp2AreExactWhereTheyShouldBe() {
        XCTAssertEqual(FastMath.log2(SIMD4(1, 2, 0.5, 1024)), SIMD4(0, 1, -1, 10))
        XCTAssertEqual(FastMath.exp2(SIMD4(0, 1, -3, 20)), SIMD4(1, 2, 0.125, 1_048_576), "whole powers of 2")
    }

    func testWildInputsGiveFiniteResultsAndNoTrap() {
        let wild = SIMD4<Float>(.nan, .infinity, -.infinity, 0)
        let wilder = SIMD4<Float>(-1, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -0.0)
        for x in [wild, wilder] {
            XCTAssertTrue(FastMath.exp2(x).indices.allSatisfy { FastMath.exp2(x)[$0].isFinite }, "exp2 \(x)")
            XCTAssertTrue(FastMath.log2(x).indices.allSatisfy { FastMath.log2(x)[$0].isFinite }, "log2 \(x)")
            XCTAssertTrue(FastMath.pow(x, 40).indices.allSatisfy { FastMath.pow(x, 40)[$0].isFinite }, "pow \(x)")
        }
        XCTAssertEqual(FastMath.pow(SIMD4(-1, 0, .nan, -.infinity), 2.4), .zero, "no power of what is not positive")
    }

    func testTheFloatCodeTableIsTheSRGBCurveUndone() {
        // SRGB.decodeUnit against IEC 61966-2-1's formula in Double, densely over 0 … 1: within
        // 10⁻⁷ but next to the knot at 0.04045 (4·10⁻⁷ there), and exact at 0 and 1.
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        var worst = 0.0, worstAwayFromKnot = 0.0
        for k in 0 ... 200_000 {
            let code = Float(k) / 200_000
            let error = abs(Double(SRGB.decodeUnit.linear(SIMD4(repeating: code))[0]) - linear(Double(code)))
            worst = max(worst, error)
            if abs(code - 0.04045) > 1.0 / 2048 { worstAwayFromKnot = max(worstAwayFromKnot, error) }
        }
        XCTAssertLessThan(worst, 4e-7)
        XCTAssertLessThan(worstAwayFromKnot, 1.5e-7)
        // Each lane its own code: the entries are fetched two indices at a time and transposed.
        var worstMixed = 0.0
        for k in 0 ..< 50_000 {
            let code = Float(k) / 50_000
            let codes = SIMD4<Float>(code, 1 - code, code / 3, (code + 0.5).truncatingRemainder(dividingBy: 1))
            let decoded = SRGB.decodeUnit.linear(codes)
            for j in 0 ..< 4 { worstMixed = max(worstMixed, abs(Double(decoded[j]) - linear(Double(codes[j])))) }
        }
        XCTAssertLessThan(worstMixed, 4e-7)
        // A normal's components as codes 0.5 + 0.5·n, the scaling folded: the same bits.
        var rng = SeededRandom(seed: 41)
        for _ in 0 ..< 20_000 {
            let n = SIMD4<Float>((0 ..< 4).map { _ in Float.random(in: -1 ... 1, using: &rng) })
            XCTAssertEqual(SRGB.decodeUnit.linear(codesOf: n), SRGB.decodeUnit.linear(0.5 + 0.5 * n), "\(n)")
        }
        let ends = SIMD4<Float>(-1, 1, 0, -0.999_999_9)
        XCTAssertEqual(SRGB.decodeUnit.linear(codesOf: ends), SRGB.decodeUnit.linear(0.5 + 0.5 * ends))
        XCTAssertEqual(SRGB.decodeUnit.linear(SIMD4(0, 1, 0.5, 1)), SIMD4(0, 1, SRGB.decodeUnit.linear(SIMD4(repeating: 0.5))[0], 1))
        // Beyond the codes: nonsense, but no read outside the table (no trap).
        let wild = SRGB.decodeUnit.linear(SIMD4(.nan, .infinity, -1e30, 1e30))
        XCTAssertTrue(wild[0].isNaN)
        XCTAssertTrue(wild[2].isFinite && wild[3].isFinite, "\(wild)")
    }

    func testTheEightBitTableIsTheSRGBCurveUndone() {
        // SRGB.decode8 against IEC 61966-2-1's formula in Double, for every code.
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        for k in 0 ... 255 {
            XCTAssertEqual(Double(SRGB.decode8.linear(Float(k) / 255)), linear(Double(k) / 255), accuracy: 1e-7, "code \(k)")
        }
        XCTAssertEqual(SRGB.decode8.linear(.nan), 0, "NaN: code 0")
        XCTAssertEqual(SRGB.decode8.linear(7), 1, "beyond the codes: the last")
        XCTAssertEqual(SRGB.decode8.linear(-.infinity), 0)
        XCTAssertEqual(Double(SRGB.decode8.linear(0.2)), linear(Double(Float(0.2) * 255).rounded() / 255), accuracy: 1e-7,
                       "a value between codes: the nearest code's")
        // R'G'B'A u8 bytes widened in place: every code as the one at a time gives it, alpha k/255.
        var pixels = [Float](repeating: .nan, count: 256 * 4)
        pixels.withUnsafeMutableBytes { raw in
            for k in 0 ..< 256 { for c in 0 ..< 4 { raw[4 * k + c] = UInt8((k + 85 * c) % 256) } }
        }
        pixels.withUnsafeMutableBufferPointer { SRGB.decode8.linear(bytes: $0.baseAddress!, count: 256) }
        for k in 0 ..< 256 {
            for c in 0 ..< 3 {
                XCTAssertEqual(pixels[4 * k + c], SRGB.decode8.linear(Float((k + 85 * c) % 256) / 255), "pixel \(k) channel \(c)")
            }
            XCTAssertEqual(pixels[4 * k + 3], Float((k + 255) % 256) / 255, "alpha of pixel \(k)")
        }
    }
}
