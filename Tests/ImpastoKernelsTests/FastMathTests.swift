import Foundation
@testable import ImpastoKernels
import XCTest

/// FastMath's lanes and the sRGB curve built on them, against the formulas in Double.
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

    func testTheSRGBCurveFollowsItsFormula() {
        // SRGB.encode (lanes, polynomials) and the 8-bit decoding table against IEC 61966-2-1's
        // formulas in Double, densely over 0 … 1 and across the seams, beyond 1, below 0, NaN, ∞.
        func srgb(_ c: Double) -> Double { c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055 }
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        var worstEncode = 0.0
        for k in 0 ... 400_000 {
            let c = Float(k) / 400_000
            worstEncode = max(worstEncode, abs(Double(SRGB.encode(c)) - srgb(Double(c))))
        }
        XCTAssertLessThan(worstEncode, 1e-6, "encode on 0 … 1")
        for k in 0 ... 255 {
            let code = Float(k) / 255
            XCTAssertEqual(Double(SRGB.decode8.linear(code)), linear(Double(k) / 255), accuracy: 1e-7, "code \(k)")
            XCTAssertEqual(Double(SRGB.encode(SRGB.decode8.linear(code))), Double(k) / 255, accuracy: 2e-6, "round trip \(k)")
        }
        XCTAssertEqual(SRGB.decode8.linear(.nan), 0, "NaN: code 0")
        XCTAssertEqual(SRGB.decode8.linear(7), 1, "beyond the codes: the last")
        XCTAssertEqual(SRGB.decode8.linear(-.infinity), 0)
        for c: Float in [0.0031308, 0.0031309, 0.00313, 1, 1.5, 40, -0.5, 1e-30] {
            XCTAssertEqual(Double(SRGB.encode(c)), srgb(Double(c)), accuracy: 2e-6 * max(1, abs(Double(c))), "encode \(c)")
        }
        XCTAssertTrue(SRGB.encode(.nan).isNaN)
        XCTAssertEqual(SRGB.encode(.infinity), .infinity)
        XCTAssertEqual(SRGB.encode(-.infinity), -.infinity)
        let lanes = SRGB.encode(SIMD4<Float>(0.5, 2, .nan, 0.001))
        XCTAssertEqual(lanes[0], SRGB.encode(0.5))
        XCTAssertEqual(lanes[1], SRGB.encode(2))
        XCTAssertTrue(lanes[2].isNaN)
        XCTAssertEqual(lanes[3], 12.92 * 0.001, "the straight part")
    }
}
