import ImpastoKernels
import XCTest

/// The pencil pad's mappings: a pen's tilt through the SPEC helper, the mouse's place as tilt.
final class PencilPadTests: XCTestCase {
    let (w, h) = (216.0, 216.0)  // radius 100

    func testAPenIsReadThroughTheTiltHelperWhereverItIs() {
        // Synthetic axes, as GDK reports them: xtilt 0.3, ytilt −0.4 (anywhere on the pad).
        let o = PencilPad.orientation(PencilPad.Reading(x: 5, y: 200, tilt: (0.3, -0.4)), width: w, height: h)
        XCTAssertEqual(o.azimuth, atan2(-0.4, 0.3) * 180 / .pi, accuracy: 1e-9)
        XCTAssertEqual(o.altitude, 90 - 60 * 0.5, accuracy: 1e-9)
        XCTAssertEqual(o, PenOrientation(xtilt: 0.3, ytilt: -0.4))
    }

    func testTheMouseAngleIsTheAzimuthAndItsDistanceTheTilt() {
        let centre = PencilPad.orientation(PencilPad.Reading(x: 108, y: 108), width: w, height: h)
        XCTAssertEqual(centre.altitude, 90, "the centre is an upright pen")
        let right = PencilPad.orientation(PencilPad.Reading(x: 158, y: 108), width: w, height: h)
        XCTAssertEqual(right.azimuth, 0, accuracy: 1e-9)
        XCTAssertEqual(right.altitude, 90 - 60 * 0.5, accuracy: 1e-9, "half way to the rim: half the tilt")
        let below = PencilPad.orientation(PencilPad.Reading(x: 108, y: 208), width: w, height: h)
        XCTAssertEqual(below.azimuth, 90, accuracy: 1e-9, "down is +90 (image axes)")
        XCTAssertEqual(below.altitude, 30, accuracy: 1e-9, "the rim: as flat as tablets report")
        let outside = PencilPad.orientation(PencilPad.Reading(x: -500, y: 108), width: w, height: h)
        XCTAssertEqual(outside.azimuth, 180, accuracy: 1e-9)
        XCTAssertEqual(outside.altitude, 30, accuracy: 1e-9, "beyond the rim is clamped")
    }

    func testThePadShowsAnOrientationWhereThePointerWouldSetIt() {
        for (azimuth, altitude) in [(0.0, 90.0), (-60, 67.5), (135, 30), (180, 78.75)] {
            let p = PencilPad.point(for: PenOrientation(azimuth: azimuth, altitude: altitude), width: w, height: h)
            let back = PencilPad.orientation(PencilPad.Reading(x: p.x, y: p.y), width: w, height: h)
            XCTAssertEqual(back.altitude, altitude, accuracy: 1e-9)
            if altitude < 90 { XCTAssertEqual(back.azimuth, azimuth, accuracy: 1e-9) }
        }
        let odd = PencilPad.point(for: PenOrientation(azimuth: .nan, altitude: -50), width: w, height: h)
        XCTAssertTrue(odd.x.isFinite && odd.y.isFinite)
    }

    func testTheLabelIsPencilControllers() {
        XCTAssertEqual(PencilPad.label(azimuth: -60, altitude: 67.5, maxSaturation: 8), "Hue: 120.00°      Saturation: 2.00")
        XCTAssertEqual(PencilPad.label(azimuth: 180, altitude: 78.75, maxSaturation: 8), "Hue: 360.00°      Saturation: 1.00")
        XCTAssertEqual(PencilPad.label(azimuth: -180.004, altitude: 90, maxSaturation: 8), "Hue: 0.00°      Saturation: 0.00")
    }
}
