// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import XCTest

private func dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { (a * b).sum() }
private func unit(_ v: SIMD3<Float>) -> SIMD3<Float> { v / dot(v, v).squareRoot() }

final class NormalLightingTests: XCTestCase {
    func testLightDirectionFollowsGimpsBumpMapConvention() {
        // 135° counter-clockwise from +x is the top-left; y is up in the normal map's frame.
        let d = NormalLighting(azimuth: 135, elevation: 45).direction
        XCTAssertEqual(d.x, -0.5, accuracy: 1e-6)
        XCTAssertEqual(d.y, 0.5, accuracy: 1e-6)
        XCTAssertEqual(d.z, Float(0.5.squareRoot()), accuracy: 1e-6)
        let above = NormalLighting(azimuth: 0, elevation: 90).direction
        XCTAssertEqual(above.z, 1, accuracy: 1e-6)
        let right = NormalLighting(azimuth: 0, elevation: 0).direction
        XCTAssertEqual([right.x, right.y, right.z], [1, 0, 0])
    }

    func testFlatPaintKeepsItsColourPlusTheSheen() {
        let colour = SIMD3<Float>(0.8, 0.3, 0.1)
        for elevation: Float in [10, 45, 80] {
            let lighting = NormalLighting(azimuth: 135, elevation: elevation, ambient: 0.2, specular: 0.5, shininess: 30)
            let out = lighting.prepared.shade(colour, normal: SIMD3(0, 0, 1))
            // Written out: n·H for the flat normal is cos((90° − e) / 2).
            let e = Double(elevation) * Double.pi / 180
            let sheen = Float(0.5 * pow(cos((Double.pi / 2 - e) / 2), 30))
            for c in 0 ..< 3 { XCTAssertEqual(out[c], colour[c] + sheen, accuracy: 1e-5, "elevation \(elevation)") }
        }
    }

    func testTopLeftSlopesAreBrighterWhenLitFromTheTopLeft() {
        let lighting = NormalLighting(azimuth: 135, elevation: 40, ambient: 0.3, specular: 0, shininess: 10).prepared
        let grey = SIMD3<Float>(repeating: 0.5)
        let facingTopLeft = lighting.shade(grey, normal: unit(SIMD3(-0.5, 0.5, 0.7)))
        let facingBottomRight = lighting.shade(grey, normal: unit(SIMD3(0.5, -0.5, 0.7)))
        let flat = lighting.shade(grey, normal: SIMD3(0, 0, 1))
        XCTAssertGreaterThan(facingTopLeft.x, flat.x)
        XCTAssertLessThan(facingBottomRight.x, flat.x)
        // Facing away entirely, only the ambient share is left.
        XCTAssertEqual(lighting.shade(grey, normal: unit(SIMD3(0.7, -0.7, 0.1))).x, 0.5 * 0.3, accuracy: 1e-6)
    }

    func testHighlightFollowsBlinnPhong() {
        let lighting = NormalLighting(azimuth: 0, elevation: 30, ambient: 1, specular: 2, shininess: 8)
        let n = unit(SIMD3<Float>(0.3, 0.1, 0.9))
        let out = lighting.prepared.shade(.zero, normal: n)
        let l = lighting.direction
        let h = unit(l + SIMD3(0, 0, 1))
        XCTAssertEqual(out.x, 2 * pow(max(0, dot(n, h)), 8), accuracy: 1e-5)
    }

    func testTheHighlightsPowerFollowsTheFormulaForWholeAndFractionalShininess() {
        // Whole shininess by products, fractional by FastMath: both the formula's power, and
        // no highlight where the normal faces away from the half vector.
        for shininess: Float in [1, 2, 7, 40, 40.5, 199, 1000] {
            let lighting = NormalLighting(azimuth: 0, elevation: 90, ambient: 1, specular: 1, shininess: shininess).prepared
            for k in 0 ... 200 {
                let c = Float(k) / 200, n = SIMD3(0, (1 - c * c).squareRoot(), c)  // n·H = n_z = c
                let out = lighting.shade(.zero, normal: n).x
                XCTAssertEqual(Double(out), pow(Double(c), Double(shininess)), accuracy: 2e-6, "\(c)^\(shininess)")
            }
            XCTAssertEqual(lighting.shade(.zero, normal: SIMD3(0, 0.6, -0.8)).x, 0, "shininess \(shininess)")
        }
    }

    func testNonFiniteInputsDoNotTrap() {
        let wild = NormalLighting(azimuth: .nan, elevation: .infinity, ambient: -1, specular: .nan, shininess: 0)
        let out = wild.prepared.shade(SIMD3(0.5, 0.5, 0.5), normal: SIMD3(.nan, 0, 1))
        XCTAssertTrue(out.x.isFinite && out.y.isFinite && out.z.isFinite)
        XCTAssertEqual(wild.sanitized.elevation, 90)
        XCTAssertEqual(wild.sanitized.azimuth, 135)
    }
}
