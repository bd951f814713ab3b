// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The "Impasto Bristle" brush for GIMP's own paint tools: dabs of BristlePaint's bristles,
/// one for each pressure level and pen angle, so that painting with them along a stroke draws
/// a streak per bristle, spread by the pen's pressure and turned by its tilt or direction.
/// A pen held upright (and the mouse, which has no tilt) gets the round tuft, which streaks
/// in every stroke direction; see `dab(pressure:azimuth:)`.
/// These are the brush's settings and its dabs; GIMP's file formats and its rules for picking
/// a cell are in ImpastoBrushFiles.
public struct BristleBrush: Equatable, Sendable, DeclaredParameters {
    /// Which pen reading turns the bristles.
    public enum Angle: String, CaseIterable, Sendable {
        /// The direction of the stroke (any pen, the mouse, a path): the bristles lie across it.
        /// GIMP paints no dab for a click with such a pipe (gimpbrushpipe.c's want_null_motion),
        /// and its motion buffer (gimpmotionbuffer.c) updates the direction only where the
        /// pointer moved more than a screen pixel along both axes, so a straight horizontal
        /// or vertical stroke keeps whatever direction the pointer had before.
        case direction
        /// The pen's tilt (xtilt × ytilt cells), BristlePaint's azimuth; an upright pen and
        /// the mouse (tilt 0) get the round tuft.
        case tilt
    }

    public var bristles: Int
    /// Spread at full pressure, pixels (R(1) of `BristleGeometry.radius`).
    public var maxRadius: Double
    /// Diameter of one bristle, pixels.
    public var lineWidth: Double
    /// Cells from the lightest touch to full pressure.
    public var pressureLevels: Int
    /// Cells around the circle (direction), or per tilt axis (tilt).
    public var angleLevels: Int
    public var angle: Angle

    /// plug-in-impasto-bristle-brush's parameters; the standard brush is their defaults.
    public enum Parameters {
        /// As many as a stroke may have; by default as many as the round tuft keeps apart in
        /// every direction (Gimp3BrushPointerTests: 12 bristles within R = 16 px at 2 px).
        public static let bristles = EffectParameter.integer(
            stroke.name, stroke.title, Int(stroke.range.lowerBound) ... Int(stroke.range.upperBound), default: 12,
            stroke.description)
        private static let stroke = BristleStroke.Parameters.bristles
        public static let maxRadius = EffectParameter.number(
            "max-radius", localized("Max radius"), 1 ... 200, default: 16, localized("Spread of the bristles at full pressure in pixels"))
        public static let lineWidth = EffectParameter.number(
            "line-width", localized("Line width"), 0.5 ... 20, default: 2, localized("Diameter of each bristle in pixels"))
        public static let pressureLevels = EffectParameter.integer(
            "pressure-levels", localized("Pressure levels"), 1 ... 16, default: 8, localized("Cells from the lightest touch to full pressure"))
        /// Cells per tilt axis by default: 8 × 8 tilts × 8 pressures, 512 cells (BristleBrushTests).
        public static let angleLevels = EffectParameter.integer(
            "angle-levels", localized("Angle levels"), 1 ... 64, default: 8,
            localized("Cells around the circle (direction) or per tilt axis (tilt, at most 16)"))
        /// Tilt by default: a pipe with a direction rank paints nothing on a click, and GIMP
        /// turns it only while the pointer moves diagonally (see `Angle.direction`).
        public static let angleSource = EffectParameter.choice(
            "angle-source", localized("Angle source"),
            [.init(Angle.direction.rawValue, localized("Stroke direction")), .init(Angle.tilt.rawValue, localized("Pen tilt"))],
            default: Angle.tilt.rawValue, localized("What turns the bristles"))
        /// With tilt, angle-levels counts cells per tilt axis: GIMP's pipes hold so many.
        public static let largestTiltLevels = 16
    }

    public static let parameters = [Parameters.bristles, Parameters.maxRadius, Parameters.lineWidth,
                                    Parameters.pressureLevels, Parameters.angleLevels, Parameters.angleSource]

    /// 12 bristles two pixels wide spread up to 16 px; 8 pressure levels × 8 × 8 pen tilts.
    public static let standard = BristleBrush(
        bristles: Int(Parameters.bristles.defaultValue), maxRadius: Parameters.maxRadius.defaultValue,
        lineWidth: Parameters.lineWidth.defaultValue, pressureLevels: Int(Parameters.pressureLevels.defaultValue),
        angleLevels: Int(Parameters.angleLevels.defaultValue), angle: Angle(rawValue: Parameters.angleSource.defaultNick) ?? .direction)

    public init(bristles: Int, maxRadius: Double, lineWidth: Double, pressureLevels: Int, angleLevels: Int,
                angle: Angle) {
        self.bristles = bristles
        self.maxRadius = maxRadius
        self.lineWidth = lineWidth
        self.pressureLevels = pressureLevels
        self.angleLevels = angleLevels
        self.angle = angle
    }

    /// Why these settings cannot make a brush, or nil.
    public var problem: String? {
        let p = Parameters.self
        for (parameter, value) in [(p.bristles, Double(bristles)), (p.maxRadius, maxRadius), (p.lineWidth, lineWidth),
                                   (p.pressureLevels, Double(pressureLevels)), (p.angleLevels, Double(angleLevels))] {
            if let problem = parameter.problem(with: value) { return problem }
        }
        if angle == .tilt && angleLevels > p.largestTiltLevels {
            return localized("with tilt, angle-levels must be at most %s (per axis), not %s", "\(p.largestTiltLevels)", "\(angleLevels)")
        }
        return nil
    }

    /// Side of every (square) cell: odd, so the pen sits on a pixel centre, and wide enough for
    /// the full spread plus a bristle's width and its antialiased rim.
    public var cellSize: Int {
        2 * Int((maxRadius + lineWidth / 2 + 1).rounded(.up)) + 1
    }

    /// Brush spacing in percent of the cell size: a dab every half bristle width (at least a
    /// pixel), so each bristle's dabs join into a streak.
    public var spacing: Int {
        max(1, Int((100 * max(1, lineWidth / 2) / Double(cellSize)).rounded(.down)))
    }

    /// One dab: every bristle's dot for this pressure, with the pen leaning towards `azimuth`
    /// (BristleGeometry's formula), or held upright (nil): then the bristles splay evenly all
    /// round, bristle i at R(pressure)·(cos βᵢ, sin βᵢ), the tuft of a round brush pressed
    /// straight down. Dragged in any direction, such a ring leaves a streak per bristle, or
    /// per pair where two bristles trail one another (n/2 + 1 tracks along its mirror axes);
    /// GIMP never has to turn it, which it cannot do reliably from pointer motion.
    public func dab(pressure: Double, azimuth: Double?) -> [UInt8] {
        let size = cellSize, centre = Double(size) / 2
        var canvas = StrokeCanvas(width: size, height: size)
        for beta in BristleGeometry.angles(count: bristles) {
            let dot = if let azimuth {
                BristleGeometry.position(beta: beta, sample: BristleSample(x: centre, y: centre, pressure: pressure,
                                                                           azimuth: azimuth),
                                         maxRadius: maxRadius)
            } else {
                SIMD2(centre, centre)
                    + BristleGeometry.radius(pressure: pressure, maxRadius: maxRadius) * SIMD2(cos(beta), sin(beta))
            }
            canvas.stroke([dot], lineWidth: lineWidth, color: SIMD4(1, 1, 1, 1))
        }
        return (0 ..< size * size).map { UInt8((canvas.pixels[$0 * 4 + 3] * 255).rounded()) }
    }
}
