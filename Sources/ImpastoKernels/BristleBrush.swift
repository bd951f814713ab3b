// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Impasto's brushes for GIMP's own paint tools, made for a hand holding a pen: dabs of
/// bristles, one for each pressure level and pen angle, so that painting with them along a
/// stroke draws a streak per bristle, spread by the pen's pressure and turned by its tilt (or
/// the stroke's direction). Two shapes share these settings:
///
/// - **round** ("Impasto Bristle"): a ring of bristles, the tuft of a round brush pressed
///   straight down; it streaks in every direction, as an upright pen and the mouse always
///   paint. A leaning pen squashes the ring across the way it leans, never below
///   `squashAtFullLean` of its width, and turns it with the lean, so a pen held naturally
///   (0–60° from upright, any azimuth) still streaks in every direction;
/// - **flat** ("Impasto Flat"): the bristles evenly along a row across the way the pen leans
///   (BristlePaint's row), a flat brush: a streak per bristle across the row, one line along it.
///   An upright pen and the mouse hold the row level, as if leaning towards the bottom.
///
/// Pressure widens the stroke linearly, from `lightestSpread` (the bristles touching: a line
/// twice a bristle wide) at the lightest touch to `maxRadius` at full pressure, so that equal
/// steps of pressure are equal steps of width.
///
/// A loaded round brush carries paint between its bristles: each dab holds, besides the
/// bristles' dots, a faint body of paint over the ring's inside. GIMP builds a stroke up from
/// its dabs (app/paint/gimppaintcore-loops.cc: c ← c + (o − c)·m·o for every dab), so a body
/// that faint thickens with every dab that passes over it: a stroke lays `bodyAtFullLoad` of
/// paint along its middle, less towards its edges, where fewer dabs pass, and the bristles
/// stand as ridges in it. `load` 0 leaves the bristles alone, a rake. The flat's bristles lie
/// a bristle's width apart: its paint is the bristles themselves (a body between them would
/// merge their streaks).
///
/// These are the brushes' settings and dabs; GIMP's file formats and its rules for picking a
/// cell are in ImpastoBrushFiles.
public struct BristleBrush: Equatable, Sendable, DeclaredParameters {
    /// The brush's shape: how its bristles stand around the pen.
    public enum Shape: String, CaseIterable, Sendable {
        case round
        case flat
    }

    /// Which pen reading turns the bristles.
    public enum Angle: String, CaseIterable, Sendable {
        /// The direction of the stroke (any pen, the mouse, a path): the bristles lie across it.
        /// GIMP paints no dab for a click with such a pipe (gimpbrushpipe.c's want_null_motion),
        /// and its motion buffer (gimpmotionbuffer.c) updates the direction only where the
        /// pointer moved more than a screen pixel along both axes, so a straight horizontal
        /// or vertical stroke keeps whatever direction the pointer had before.
        case direction
        /// The pen's tilt (xtilt × ytilt cells): which way it leans and how far; an upright pen
        /// and the mouse (tilt 0) get the upright cells.
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
    /// How much paint the brush carries between its bristles, 0 (a rake) … 1.
    public var load: Double
    /// Which of the two brushes (not a procedure parameter: the settings make both).
    public var shape: Shape = .round

    /// plug-in-impasto-bristle-brush's parameters; the standard brush is their defaults.
    public enum Parameters {
        /// As many as a stroke may have; by default as many as the round tuft keeps apart in
        /// every direction, upright or leaning (BristleBrushTests' painted fans, Gimp3PenTests).
        public static let bristles = EffectParameter.integer(
            stroke.name, stroke.title, Int(stroke.range.lowerBound) ... Int(stroke.range.upperBound), default: 12,
            stroke.description)
        private static let stroke = BristleStroke.Parameters.bristles
        public static let maxRadius = EffectParameter.number(
            "max-radius", localized("Max radius"), 1 ... 200, default: 18, localized("Spread of the bristles at full pressure in pixels"))
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
        public static let load = EffectParameter.number(
            "load", localized("Paint load"), 0 ... 1, default: 1,
            localized("Paint between the bristles: 0 a rake of bristles, 1 a body of paint with the bristles as ridges in it"))
        /// With tilt, angle-levels counts cells per tilt axis: GIMP's pipes hold so many.
        public static let largestTiltLevels = 16
    }

    public static let parameters = [Parameters.bristles, Parameters.maxRadius, Parameters.lineWidth,
                                    Parameters.pressureLevels, Parameters.angleLevels, Parameters.angleSource, Parameters.load]

    /// 12 bristles two pixels wide spread up to 18 px; 8 pressure levels × 8 × 8 pen tilts.
    public static let standard = BristleBrush(
        bristles: Int(Parameters.bristles.defaultValue), maxRadius: Parameters.maxRadius.defaultValue,
        lineWidth: Parameters.lineWidth.defaultValue, pressureLevels: Int(Parameters.pressureLevels.defaultValue),
        angleLevels: Int(Parameters.angleLevels.defaultValue), angle: Angle(rawValue: Parameters.angleSource.defaultNick) ?? .direction,
        load: Parameters.load.defaultValue)

    public init(bristles: Int, maxRadius: Double, lineWidth: Double, pressureLevels: Int, angleLevels: Int,
                angle: Angle, load: Double, shape: Shape = .round) {
        self.shape = shape
        self.load = load
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
                                   (p.pressureLevels, Double(pressureLevels)), (p.angleLevels, Double(angleLevels)),
                                   (p.load, load)] {
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

    /// The ring's width across the lean, over its width along it, for a pen leaning as far as
    /// tablets report (60°); less lean squashes it proportionally less. Guarded by
    /// BristleBrushTests.testTheRoundBrushStreaksInEveryDirectionAtEveryLean.
    public static let squashAtFullLean = 0.7

    /// The spread at the lightest touch, in bristle widths: bristles this far from the pen
    /// touch one another, a line two bristles wide (BristleBrushTests' widths by pressure).
    public static let lightestSpread = 0.5

    /// How far the bristles spread from the pen at `pressure` (0 … 1; NaN: 0): linear from
    /// `lightestSpread` bristle widths to `maxRadius`.
    public func spread(pressure: Double) -> Double {
        let p = pressure.isNaN ? 0 : min(max(pressure, 0), 1)
        let lightest = min(Self.lightestSpread * lineWidth, maxRadius)
        return lightest + (maxRadius - lightest) * p
    }

    /// Where each bristle touches the canvas, relative to the pen, for `pressure` and the pen's
    /// orientation (nil: upright). Round: bristle i at angle βᵢ = 2π·i/n on the ring
    /// r·(cos βᵢ, s·sin βᵢ), s = 1 − (1 − squashAtFullLean)·lean, then turned to the azimuth
    /// (upright: not turned). Flat: bristle i at r·tᵢ, tᵢ evenly from −1 to 1, along the row
    /// (−sin α, cos α) across the azimuth α (upright: α = 90°, a level row).
    public func bristlePositions(pressure: Double, pen: PenOrientation?) -> [SIMD2<Double>] {
        let r = spread(pressure: pressure), n = max(bristles, 0)
        switch shape {
        case .round:
            let squash = 1 - (1 - Self.squashAtFullLean) * (pen?.lean ?? 0)
            let alpha = pen.map { $0.azimuth.isFinite ? $0.azimuth * .pi / 180 : 0 } ?? 0
            let (c, s) = (cos(alpha), sin(alpha))
            return BristleGeometry.angles(count: n).map { beta in
                let (u, v) = (r * cos(beta), r * squash * sin(beta))
                return SIMD2(u * c - v * s, u * s + v * c)
            }
        case .flat:
            let alpha = (pen.map { $0.azimuth.isFinite ? $0.azimuth : 0 } ?? 90) * .pi / 180
            let across = SIMD2(-sin(alpha), cos(alpha))
            return (0 ..< n).map { i in
                let t = n > 1 ? -1 + 2 * Double(i) / Double(n - 1) : 0
                return r * t * across
            }
        }
    }

    /// How thick a stroke of a fully loaded brush lays its body of paint along its middle (its
    /// coverage there, 0 … 1): thick enough to read as a body, thin enough that the bristles'
    /// tracks stand out of it as separate streaks (BristleBrushTests' loaded strokes).
    public static let bodyAtFullLoad = 0.4

    /// The body's coverage in one dab at `spread` r: as many dabs pass over the middle of a
    /// stroke as fit into the body's chord there (between the ring's short and long diameters,
    /// r·(1 + s)), one every `spacing` percent of the cell, and together they lay
    /// bodyAtFullLoad·load: 1 − (1 − T)^(1/N). None for the flat brush.
    func bodyCoverage(spread r: Double, squash: Double) -> Double {
        let load = load.isNaN ? 0 : min(max(load, 0), 1)
        guard load > 0, shape == .round else { return 0 }
        let chord = r * (1 + squash)
        let step = max(1, Double(spacing * cellSize) / 100)
        let dabs = max(1, chord / step)
        return 1 - pow(1 - Self.bodyAtFullLoad * load, 1 / dabs)
    }

    /// One dab: every bristle's antialiased dot of `lineWidth` at its place for this pressure
    /// and pen (`bristlePositions`), over the body of paint a loaded round brush holds over the
    /// ring's inside, around the centre of a `cellSize` cell; one byte a pixel, 255 = full paint.
    public func dab(pressure: Double, pen: PenOrientation?) -> [UInt8] {
        let size = cellSize, centre = SIMD2(Double(size) / 2, Double(size) / 2)
        var canvas = StrokeCanvas(width: size, height: size)
        let dots = bristlePositions(pressure: pressure, pen: pen)
        for dot in dots {
            canvas.stroke([centre + dot], lineWidth: lineWidth, color: SIMD4(1, 1, 1, 1))
        }
        let r = spread(pressure: pressure)
        let squash = shape == .round ? 1 - (1 - Self.squashAtFullLean) * (pen?.lean ?? 0) : 1
        let body = bodyCoverage(spread: r, squash: squash)
        let alpha = pen.map { $0.azimuth.isFinite ? $0.azimuth * .pi / 180 : 0 } ?? 0
        let (c, s) = (cos(alpha), sin(alpha))
        let (a, b) = (max(r, 0.5), max(r * squash, 0.5))
        var cell = [UInt8](repeating: 0, count: size * size)
        for i in 0 ..< size * size {
            let dot = Double(canvas.pixels[i * 4 + 3])
            var paint = dot
            if body > 0 {
                // The ring's inside, turned with it: how far within its rim, in pixels.
                let x = Double(i % size) + 0.5 - centre.x, y = Double(i / size) + 0.5 - centre.y
                let u = x * c + y * s, v = y * c - x * s
                let rho = ((u / a) * (u / a) + (v / b) * (v / b)).squareRoot()
                let inside = min(max((1 - rho) * min(a, b) + 0.5, 0), 1)
                paint = 1 - (1 - dot) * (1 - body * inside)
            }
            cell[i] = UInt8((paint * 255).rounded())
        }
        return cell
    }
}
