// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels
import XCTest

final class PenTiltTests: XCTestCase {
    func assertOrientation(_ xtilt: Double, _ ytilt: Double, azimuth: Double, altitude: Double,
                           file: StaticString = #filePath, line: UInt = #line) {
        let o = PenOrientation(xtilt: xtilt, ytilt: ytilt)
        XCTAssertEqual(o.azimuth, azimuth, accuracy: 1e-9, "azimuth", file: file, line: line)
        XCTAssertEqual(o.altitude, altitude, accuracy: 1e-9, "altitude", file: file, line: line)
    }

    func testTiltAxesGiveAzimuthAndAltitudeAsSpecified() {
        // azimuth = atan2(ytilt, xtilt) in degrees; altitude = 90 − 60·min(1, hypot).
        assertOrientation(0, 0, azimuth: 0, altitude: 90)            // upright
        assertOrientation(1, 0, azimuth: 0, altitude: 30)            // leaning right, fully
        assertOrientation(0, 1, azimuth: 90, altitude: 30)           // leaning down (image y)
        assertOrientation(-1, 0, azimuth: 180, altitude: 30)
        assertOrientation(0, -0.5, azimuth: -90, altitude: 60)
        assertOrientation(0.3, 0.4, azimuth: atan2(0.4, 0.3) * 180 / .pi, altitude: 60)  // hypot 0.5
        assertOrientation(1, 1, azimuth: 45, altitude: 30)           // hypot √2 is capped at 1
        assertOrientation(-0.6, -0.6, azimuth: -135, altitude: 90 - 60 * (0.72).squareRoot())
    }

    func testGarbageFromADeviceStaysInRange() {
        assertOrientation(.nan, 0.5, azimuth: 90, altitude: 60)      // NaN axis counts as 0
        assertOrientation(.infinity, .nan, azimuth: 0, altitude: 90)
        assertOrientation(3, 0, azimuth: 0, altitude: 30)            // past ±1: clamped
    }

    func testTiltDrivesThePencilEffectLikeTheSeed() {
        // A pen lying flat towards the top-left: hue 180 + (−135) = 45°, saturation 8·60/90.
        let o = PenOrientation(xtilt: -1, ytilt: -1)
        let effect = PencilHueSaturation(azimuth: o.azimuth, altitude: o.altitude, maxSaturation: 8)
        XCTAssertEqual(effect.hueAngle, 45, accuracy: 1e-9)
        XCTAssertEqual(effect.saturation, 8 * 60 / 90, accuracy: 1e-9)
    }
}
