// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels
import XCTest

/// The hemisphere editor's handles and its screen colours.
final class HemisphereHandlesTests: XCTestCase {
    let handles = HemisphereHandles(width: 220, height: 220, margin: 6)  // radius 104 around (110, 110)

    /// The brightest pixel of a render lit by `light` alone on a shiny black material (only
    /// the specular lobe, peaked where n = h), in the handles' canvas coordinates.
    func highlight(of light: SIMD3<Double>) -> SIMD2<Double> {
        let side = Int(2 * handles.radius)
        let sphere = Hemisphere(lights: [HemisphereLight(x: Float(light.x), y: Float(light.y), z: Float(light.z))],
                                material: HemisphereMaterial(model: .shiny, baseColor: .zero, shininess: 256, metalness: 0),
                                environment: .none)
        let picture = sphere.render(size: side)
        var best = (value: Float(-1), x: 0, y: 0)
        for y in 0 ..< side {
            for x in 0 ..< side where picture.pixels[(y * side + x) * 4 + 3] > 0 {
                let v = picture.pixels[(y * side + x) * 4]
                if v > best.value { best = (v, x, y) }
            }
        }
        return handles.centre - SIMD2(repeating: handles.radius) + SIMD2(Double(best.x) + 0.5, Double(best.y) + 0.5)
    }

    func testAHandleIsWhereItsLightsHighlightShows() {
        XCTAssertEqual(handles.radius, 104)
        XCTAssertEqual(handles.handle(of: SIMD3(0, 0, 5)), SIMD2(110, 110), "a light in front: the centre")
        XCTAssertEqual(handles.handle(of: .zero), SIMD2(110, 110))
        XCTAssertEqual(handles.handle(of: SIMD3(.nan, 1, 1)), SIMD2(110, 110))
        // A far light: its highlight is half-way to it (h = normalize(l + v)), so a light
        // level to the right shows 45° round, at sin 45° of the radius.
        XCTAssertEqual(handles.handle(of: SIMD3(1e6, 0, 0)).x, 110 + 104 * (0.5).squareRoot(), accuracy: 0.01)
        XCTAssertEqual(handles.handle(of: SIMD3(0, 1e6, 0)).y, 110 - 104 * (0.5).squareRoot(), accuracy: 0.01,
                       "above (scene y up): up (screen y down)")
        for light in [SIMD3<Double>(-2, 2, 3), SIMD3(3, -1, 2), SIMD3(0, -3, 1), SIMD3(2.5, 2.5, 1), SIMD3(-1, -3, -1),
                      SIMD3(0.5, 0.5, 4), SIMD3(1.2, 0, 0.3)] {
            let at = handles.handle(of: light)
            // The half-vector identity at the handle's point of the sphere.
            let u = (at.x - 110) / 104, w = -(at.y - 110) / 104
            let n = SIMD3(u, w, (1 - u * u - w * w).squareRoot())
            let l = (light - n) / ((light - n) * (light - n)).sum().squareRoot()
            let h = (l + SIMD3(0, 0, 1)) / ((l + SIMD3(0, 0, 1)) * (l + SIMD3(0, 0, 1))).sum().squareRoot()
            XCTAssertLessThan(((h - n) * (h - n)).sum().squareRoot(), 1e-6, "\(light)")
            // And the render's brightest pixel is there.
            let seen = highlight(of: light)
            XCTAssertLessThan(((seen - at) * (seen - at)).sum().squareRoot(), 1.5, "\(light): handle \(at), highlight \(seen)")
        }
    }

    func testDraggingAHandleMovesTheLightsHighlightThereAtItsDistance() {
        for light in [SIMD3<Double>(-2, 2, 3), SIMD3(3, -1, 2), SIMD3(0, -3, 1), SIMD3(0.5, 0.5, 4)] {
            let distance = (light * light).sum().squareRoot()
            for target in [SIMD2(160.0, 150.0), SIMD2(40, 60), SIMD2(110, 30), SIMD2(200, 112)] {
                let moved = handles.position(forHandle: target, distance: distance)
                XCTAssertEqual((moved * moved).sum().squareRoot(), distance, accuracy: 1e-9, "the distance is kept")
                let at = handles.handle(of: moved)
                XCTAssertLessThan(((at - target) * (at - target)).sum().squareRoot(), 1e-6, "\(light) to \(target)")
            }
            // Its own handle gives the light back.
            let back = handles.position(forHandle: handles.handle(of: light), distance: distance)
            XCTAssertLessThan(((back - light) * (back - light)).sum().squareRoot(), 1e-6, "\(light)")
        }
        XCTAssertEqual(handles.position(forHandle: SIMD2(110, 110), distance: -2), SIMD3(0, 0, 2),
                       "at the centre: straight in front, at the distance")
        XCTAssertEqual(handles.position(forHandle: SIMD2(110, 110), distance: 0.2).z, HemisphereHandles.closest, accuracy: 1e-12,
                       "no nearer than `closest`")
        let beyond = handles.position(forHandle: SIMD2(1000, 110), distance: 3)
        XCTAssertEqual(handles.handle(of: beyond).x, 110 + 104 * HemisphereHandles.reach, accuracy: 1e-6,
                       "beyond the rim: pulled in to the reach")
        let odd = handles.position(forHandle: SIMD2(.nan, .infinity), distance: .nan)
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
