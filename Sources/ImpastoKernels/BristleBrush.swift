import Glibc

/// The "Impasto Bristle" brush for GIMP's own paint tools: dabs of BristlePaint's bristles,
/// one for each pressure level and pen angle, so that painting with them along a stroke draws
/// one streak per bristle, spread by the pen's pressure and turned by its direction or tilt.
/// These are the brush's settings and its dabs; GIMP's file formats and its rules for picking
/// a cell are in ImpastoBrushFiles.
public struct BristleBrush: Equatable, Sendable, DeclaredParameters {
    /// Which pen reading turns the bristles.
    public enum Angle: String, CaseIterable, Sendable {
        /// The direction of the stroke (any pen, the mouse, a path): the bristles lie across it.
        case direction
        /// The pen's tilt (xtilt × ytilt cells), BristlePaint's azimuth.
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
        /// As many bristles as a stroke may have.
        public static let bristles = BristleStroke.Parameters.bristles
        public static let maxRadius = EffectParameter.number(
            "max-radius", "Max radius", 1 ... 200, default: 16, "Spread of the bristles at full pressure in pixels")
        public static let lineWidth = EffectParameter.number(
            "line-width", "Line width", 0.5 ... 20, default: 2, "Diameter of each bristle in pixels")
        public static let pressureLevels = EffectParameter.integer(
            "pressure-levels", "Pressure levels", 1 ... 16, default: 8, "Cells from the lightest touch to full pressure")
        public static let angleLevels = EffectParameter.integer(
            "angle-levels", "Angle levels", 1 ... 64, default: 24,
            "Cells around the circle (direction) or per tilt axis (tilt, at most 16)")
        public static let angleSource = EffectParameter.choice(
            "angle-source", "Angle source",
            [.init(Angle.direction.rawValue, "Stroke direction"), .init(Angle.tilt.rawValue, "Pen tilt")],
            default: Angle.direction.rawValue, "What turns the bristles")
        /// With tilt, angle-levels counts cells per tilt axis: GIMP's pipes hold so many.
        public static let largestTiltLevels = 16
    }

    public static let parameters = [Parameters.bristles, Parameters.maxRadius, Parameters.lineWidth,
                                    Parameters.pressureLevels, Parameters.angleLevels, Parameters.angleSource]

    /// BristlePaint's brush: 20 bristles two pixels wide; 8 pressure levels × 24 directions.
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
            return "with tilt, angle-levels must be at most \(p.largestTiltLevels) (per axis), not \(angleLevels)"
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

    /// One dab: every bristle's dot for this pressure and azimuth.
    public func dab(pressure: Double, azimuth: Double) -> [UInt8] {
        let size = cellSize, centre = Double(size) / 2
        var canvas = StrokeCanvas(width: size, height: size)
        let sample = BristleSample(x: centre, y: centre, pressure: pressure, azimuth: azimuth)
        for beta in BristleGeometry.angles(count: bristles) {
            canvas.stroke([BristleGeometry.position(beta: beta, sample: sample, maxRadius: maxRadius)],
                          lineWidth: lineWidth, color: SIMD4(1, 1, 1, 1))
        }
        return (0 ..< size * size).map { UInt8((canvas.pixels[$0 * 4 + 3] * 255).rounded()) }
    }
}
