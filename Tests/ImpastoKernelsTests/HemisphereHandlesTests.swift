// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels
import XCTest

/// The hemisphere editor's handles and its screen colours.
final class HemisphereHandlesTests: XCTestCase {
    let handles = HemisphereHandles(width: 220, height: 220, margin: 6)  // radius 104 around (110, 110)

    func testAHandleIsThePointOfTheSphereFacingTheLight() {
        XCTAssertEqual(handles.radius, 104)
        XCTAssertEqual(handles.handle(of: SIMD3(0, 0, 5)), SIMD2(110, 110), "a light in front: the centre")
        XCTAssertEqual(handles.handle(of: SIMD3(3, 0, 0)), SIMD2(214, 110), "to the right, level: the right rim")
        XCTAssertEqual(handles.handle(of: SIMD3(0, 2, 0)), SIMD2(110, 6), "above (scene y up): the top (screen y down)")
        let p = handles.handle(of: SIMD3(-2, 2, 3))
        let n = SIMD3<Double>(-2, 2, 3) / (17.0).squareRoot()
        XCTAssertEqual(p.x, 110 + n.x * 104, accuracy: 1e-9)
        XCTAssertEqual(p.y, 110 - n.y * 104, accuracy: 1e-9)
        XCTAssertEqual(handles.handle(of: .zero), SIMD2(110, 110))
        XCTAssertEqual(handles.handle(of: SIMD3(.nan, 1, 1)), SIMD2(110, 110))
    }

    func testDraggingAHandleMovesTheLightThereAtItsDepth() {
        for light in [SIMD3<Double>(-2, 2, 3), SIMD3(3, -1, 2), SIMD3(0, -3, 1), SIMD3(0.5, 0.5, 4)] {
            let moved = handles.position(forHandle: handles.handle(of: light), depth: light.z)
            XCTAssertEqual(moved.z, light.z, "the depth is kept")
            XCTAssertEqual(moved.x, light.x, accuracy: 1e-9)
            XCTAssertEqual(moved.y, light.y, accuracy: 1e-9)
        }
        let centre = handles.position(forHandle: SIMD2(110, 110), depth: -2)
        XCTAssertEqual(centre, SIMD3(0, 0, 2), "a light behind comes to the front at the same distance")
        let beyond = handles.position(forHandle: SIMD2(1000, 110), depth: 1)
        XCTAssertEqual(handles.handle(of: beyond).x, 110 + 104 * HemisphereHandles.reach, accuracy: 1e-9,
                       "beyond the rim: pulled in to the reach")
        let odd = handles.position(forHandle: SIMD2(.nan, .infinity), depth: .nan)
        XCTAssertTrue(odd.x.isFinite && odd.y.isFinite && odd.z.isFinite)
    }

    func testTheNearestHandleIsPicked() {
        let lights = [SIMD3<Double>(-2, 2, 3), SIMD3(3, -1, 2), SIMD3(0, -3, 1)]
        XCTAssertEqual(handles.nearest(to: handles.handle(of: lights[1]) + SIMD2(3, -2), among: lights), 1)
        XCTAssertNil(handles.nearest(to: .zero, among: []))
    }

    func testTheSRGBCurve() {
        XCTAssertEqual(SRGB.encode8(0), 0)
        XCTAssertEqual(SRGB.encode8(1), 255)
        XCTAssertEqual(SRGB.encode8(0.002), UInt8((0.002 * 12.92 * 255).rounded()), "the linear toe")
        XCTAssertEqual(SRGB.encode8(0.2159), 128, "linear 0.2159 is sRGB 128/255")
        XCTAssertEqual(SRGB.encode8(.nan), 0)
        XCTAssertEqual(SRGB.encode8(7), 255)
        XCTAssertEqual(SRGB.alpha8(0.5), 128)
        XCTAssertEqual(SRGB.alpha8(-1), 0)
    }
}
