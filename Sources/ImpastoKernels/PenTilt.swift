// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// A pen's orientation in PencilController's terms (UITouch azimuth and altitude), in degrees.
public struct PenOrientation: Equatable, Sendable {
    /// Direction the pen leans towards, atan2(ytilt, xtilt), −180 … 180; 0 is +x (right),
    /// 90 is +y (down, image axes).
    public var azimuth: Double
    /// Angle above the canvas, 30 … 90; 90 is upright.
    public var altitude: Double

    public init(azimuth: Double, altitude: Double) {
        self.azimuth = azimuth
        self.altitude = altitude
    }

    /// How far the pen leans: 0 upright … 1 at 60° from upright (as far as tablets report) or
    /// more; 0 for an altitude that is not a number.
    public var lean: Double {
        altitude.isFinite ? min(max((90 - altitude) / 60, 0), 1) : 0
    }

    /// Converts GIMP/GDK's tilt axes (xtilt, ytilt ∈ −1 … 1) as docs/contract.md fixes it:
    /// azimuth = atan2(ytilt, xtilt), altitude = 90 − 60·min(1, hypot(xtilt, ytilt)).
    ///
    /// Tablets report at most about 60° of tilt, hence the 60. A non-finite axis (a device
    /// that reports garbage) counts as 0, and values past ±1 are clamped, so the result is
    /// always within range.
    public init(xtilt: Double, ytilt: Double) {
        func axis(_ v: Double) -> Double { v.isFinite ? min(max(v, -1), 1) : 0 }
        let x = axis(xtilt), y = axis(ytilt)
        azimuth = atan2(y, x) * 180 / .pi
        altitude = 90 - 60 * min(1, (x * x + y * y).squareRoot())
    }
}
