// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The pencil pad of the Pencil Hue/Saturation dialog: PencilController's live control. A pen
/// on it reports its tilt, which `PenOrientation` turns into azimuth and altitude; a mouse
/// (no tilt axes) stands in with where it is: the pointer's angle around the pad's centre is
/// the azimuth and its distance the tilt, so the rim is a pen lying as flat as tablets report
/// (altitude 30) and the centre an upright pen.
public enum PencilPad {
    /// One pointer reading on the pad, in the pad's pixels.
    public struct Reading: Equatable, Sendable {
        public var x: Double
        public var y: Double
        /// The pen's tilt axes, when the device reports them.
        public var tilt: (x: Double, y: Double)?

        public init(x: Double, y: Double, tilt: (x: Double, y: Double)? = nil) {
            self.x = x
            self.y = y
            self.tilt = tilt
        }

        public static func == (a: Reading, b: Reading) -> Bool {
            a.x == b.x && a.y == b.y && a.tilt?.x == b.tilt?.x && a.tilt?.y == b.tilt?.y
        }
    }

    /// The pen's orientation for a reading on a pad of `radius` pixels around `centre`: its
    /// own tilt when it has one, else the pointer's place as tilt (offset from the centre over
    /// the radius).
    public static func orientation(_ reading: Reading, centre: SIMD2<Double>, radius: Double) -> PenOrientation {
        if let tilt = reading.tilt { return PenOrientation(xtilt: tilt.x, ytilt: tilt.y) }
        let r = max(radius, 1)
        return PenOrientation(xtilt: (reading.x - centre.x) / r, ytilt: (reading.y - centre.y) / r)
    }

    /// Where the pad shows `orientation`: the inverse of the pointer mapping (the pencil's
    /// tip, drawn from the centre).
    public static func point(for orientation: PenOrientation, centre: SIMD2<Double>, radius: Double) -> SIMD2<Double> {
        let r = max(radius, 1)
        let altitude = orientation.altitude.isFinite ? orientation.altitude : 90
        let azimuth = (orientation.azimuth.isFinite ? orientation.azimuth : 0) * .pi / 180
        let tilt = min(max((90 - altitude) / 60, 0), 1)
        return centre + SIMD2(cos(azimuth), sin(azimuth)) * tilt * r
    }
}
