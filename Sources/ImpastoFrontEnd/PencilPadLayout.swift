// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels

/// The pencil pad as the dialogs draw it (GIMP 2.10's and 3's alike): a disc as large as the
/// canvas allows, with room around it for the hue rim, and PencilController's read-out below.
/// The mapping between pointer and pen is the kernels' `PencilPad`; this is only where it sits
/// on screen and what the label says.
public struct PencilPadLayout: Equatable, Sendable {
    /// Room between the disc and the canvas's edge: the hue rim is drawn just outside the disc.
    public static let margin = 8.0

    public let centre: SIMD2<Double>
    public let radius: Double

    public init(width: Double, height: Double) {
        centre = SIMD2(width / 2, height / 2)
        radius = max(1, min(width, height) / 2 - Self.margin)
    }

    public func orientation(_ reading: PencilPad.Reading) -> PenOrientation {
        PencilPad.orientation(reading, centre: centre, radius: radius)
    }

    public func point(for orientation: PenOrientation) -> SIMD2<Double> {
        PencilPad.point(for: orientation, centre: centre, radius: radius)
    }

    /// PencilController's label, "Hue: θ°      Saturation: s", two decimals each, for these
    /// values (θ = 180° + azimuth, s = max-saturation · (90 − altitude) / 90, as the op computes them).
    public static func label(_ values: PencilHueSaturation) -> String {
        "Hue: \(fixedPoint(values.hueAngle, digits: 2))°      Saturation: \(fixedPoint(values.saturation, digits: 2))"
    }
}
