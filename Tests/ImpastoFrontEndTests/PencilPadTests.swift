// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoFrontEnd
import ImpastoKernels
import XCTest

/// The pencil pad's mappings: a pen's tilt through `PenOrientation`, the mouse's place as tilt.
final class PencilPadTests: XCTestCase {
    let pad = PencilPadLayout(width: 216, height: 216)  // radius 100

    func testThePadIsTheLargestDiscThatLeavesRoomForTheRim() {
        XCTAssertEqual(pad.centre, SIMD2(108, 108))
        XCTAssertEqual(pad.radius, 100)
        XCTAssertEqual(PencilPadLayout(width: 300, height: 116).radius, 50, "the smaller side decides")
        XCTAssertEqual(PencilPadLayout(width: 4, height: 4).radius, 1, "a tiny pad still has a radius")
    }

    func testAPenIsReadThroughTheTiltHelperWhereverItIs() {
        // Synthetic axes, as GDK reports them: xtilt 0.3, ytilt −0.4 (anywhere on the pad).
        let o = pad.orientation(PencilPad.Reading(x: 5, y: 200, tilt: (0.3, -0.4)))
        XCTAssertEqual(o.azimuth, atan2(-0.4, 0.3) * 180 / .pi, accuracy: 1e-9)
        XCTAssertEqual(o.altitude, 90 - 60 * 0.5, accuracy: 1e-9)
        XCTAssertEqual(o, PenOrientation(xtilt: 0.3, ytilt: -0.4))
    }

    func testTheMouseAngleIsTheAzimuthAndItsDistanceTheTilt() {
        let centre = pad.orientation(PencilPad.Reading(x: 108, y: 108))
        XCTAssertEqual(centre.altitude, 90, "the centre is an upright pen")
        let right = pad.orientation(PencilPad.Reading(x: 158, y: 108))
        XCTAssertEqual(right.azimuth, 0, accuracy: 1e-9)
        XCTAssertEqual(right.altitude, 90 - 60 * 0.5, accuracy: 1e-9, "half way to the rim: half the tilt")
        let below = pad.orientation(PencilPad.Reading(x: 108, y: 208))
        XCTAssertEqual(below.azimuth, 90, accuracy: 1e-9, "down is +90 (image axes)")
        XCTAssertEqual(below.altitude, 30, accuracy: 1e-9, "the rim: as flat as tablets report")
        let outside = pad.orientation(PencilPad.Reading(x: -500, y: 108))
        XCTAssertEqual(outside.azimuth, 180, accuracy: 1e-9)
        XCTAssertEqual(outside.altitude, 30, accuracy: 1e-9, "beyond the rim is clamped")
    }

    func testThePadShowsAnOrientationWhereThePointerWouldSetIt() {
        for (azimuth, altitude) in [(0.0, 90.0), (-60, 67.5), (135, 30), (180, 78.75)] {
            let p = pad.point(for: PenOrientation(azimuth: azimuth, altitude: altitude))
            let back = pad.orientation(PencilPad.Reading(x: p.x, y: p.y))
            XCTAssertEqual(back.altitude, altitude, accuracy: 1e-9)
            if altitude < 90 { XCTAssertEqual(back.azimuth, azimuth, accuracy: 1e-9) }
        }
        let odd = pad.point(for: PenOrientation(azimuth: .nan, altitude: -50))
        XCTAssertTrue(odd.x.isFinite && odd.y.isFinite)
    }

    func testTheLabelIsPencilControllers() {
        func label(_ azimuth: Double, _ altitude: Double) -> String {
            PencilPadLayout.label(PencilHueSaturation(azimuth: azimuth, altitude: altitude, maxSaturation: 8))
        }
        XCTAssertEqual(label(-60, 67.5), "Hue: 120.00°      Saturation: 2.00")
        XCTAssertEqual(label(180, 78.75), "Hue: 360.00°      Saturation: 1.00", "the defaults: the identity")
        XCTAssertEqual(PencilPadLayout.label(.identity), "Hue: 360.00°      Saturation: 1.00")
        XCTAssertEqual(label(-180.004, 90), "Hue: 0.00°      Saturation: 0.00")
    }
}
