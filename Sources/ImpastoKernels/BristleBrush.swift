import Glibc

/// The "Impasto Bristle" brush for GIMP's own paint tools: a GIMP image pipe (`.gih`) whose
/// cells are dabs of BristlePaint's bristles, one cell per pressure level and pen angle, so
/// that painting with it along a stroke draws one streak per bristle, spread by the pen's
/// pressure and turned by its direction or tilt.
///
/// GIMP picks the cell for every dab (app/core/gimpbrushpipe.c): `pressure` →
/// index round(p·(rank − 1)); `angular` → round((1.25 − d)·rank) mod rank, d the stroke's
/// direction in turns counter-clockwise from the right with y up; `xtilt`/`ytilt` →
/// round(t·rank/2) + rank/2. Each cell here is drawn for the value that picks it.
public struct BristleBrush: Equatable, Sendable {
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

    public static let name = "Impasto Bristle"
    public static let fileName = "impasto-bristle"

    public static let bristlesRange = 1 ... 256
    public static let maxRadiusRange = 1.0 ... 200.0
    public static let lineWidthRange = 0.5 ... 20.0
    public static let pressureLevelsRange = 1 ... 16
    public static let angleLevelsRange = 1 ... 64

    /// BristlePaint's brush: 20 bristles two pixels wide; 8 pressure levels × 24 directions.
    public static let standard = BristleBrush(bristles: 20, maxRadius: 16, lineWidth: 2,
                                              pressureLevels: 8, angleLevels: 24, angle: .direction)

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
        if !Self.bristlesRange.contains(bristles) { return "bristles must be between 1 and 256, not \(bristles)" }
        if !(maxRadius.isFinite && Self.maxRadiusRange.contains(maxRadius)) {
            return "max-radius must be between 1 and 200, not \(maxRadius)"
        }
        if !(lineWidth.isFinite && Self.lineWidthRange.contains(lineWidth)) {
            return "line-width must be between 0.5 and 20, not \(lineWidth)"
        }
        if !Self.pressureLevelsRange.contains(pressureLevels) {
            return "pressure-levels must be between 1 and 16, not \(pressureLevels)"
        }
        if !Self.angleLevelsRange.contains(angleLevels) {
            return "angle-levels must be between 1 and 64, not \(angleLevels)"
        }
        if angle == .tilt && angleLevels > 16 { return "with tilt, angle-levels must be at most 16 (per axis), not \(angleLevels)" }
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

    /// The pipe's dimensions in GIMP's order (the last one varies fastest between cells).
    public var ranks: [(rank: Int, selection: String)] {
        switch angle {
        case .direction: [(pressureLevels, "pressure"), (angleLevels, "angular")]
        case .tilt: [(pressureLevels, "pressure"), (angleLevels, "xtilt"), (angleLevels, "ytilt")]
        }
    }

    /// The cell GIMP picks for a dab (gimpbrushpipe.c's select_brush): `pressure` 0 … 1,
    /// stroke `direction` in turns counter-clockwise from the right with y up, pen tilt
    /// −1 … 1. Each dimension's index is clamped into its rank; the last varies fastest.
    public func cellIndex(pressure: Double, direction: Double, xtilt: Double = 0, ytilt: Double = 0) -> Int {
        func rint(_ v: Double) -> Int { v.isFinite ? Int(max(min(v, 1e9), -1e9).rounded(.toNearestOrEven)) : 0 }
        var index = 0
        for (rank, selection) in ranks {
            let rank = max(1, rank)
            let i = switch selection {
            case "pressure": rint(pressure * Double(rank - 1))
            case "angular": rint((1 - direction + 0.25) * Double(rank)) % rank
            case "xtilt": rint(xtilt / 2 * Double(rank)) + rank / 2
            default: rint(ytilt / 2 * Double(rank)) + rank / 2
            }
            index = index * rank + min(max(i, 0), rank - 1)
        }
        return index
    }

    /// The pressure GIMP picks cell `index` of the pressure dimension for.
    public func pressure(level index: Int) -> Double {
        pressureLevels > 1 ? Double(index) / Double(pressureLevels - 1) : 1
    }

    /// The bristle azimuth (degrees, image axes: 0 = +x, 90 = down) drawn in the cell that
    /// GIMP picks for angle index `index` (direction), or for tilt indices (`index`, `index2`).
    public func azimuth(angle index: Int, _ index2: Int = 0) -> Double {
        switch angle {
        case .direction:
            // d = 1.25 − k/rank turns, counter-clockwise with y up; image axes turn the other way.
            let turns = 1.25 - Double(index) / Double(angleLevels)
            let degrees = -360 * (turns - turns.rounded(.down))
            return degrees < -180 ? degrees + 360 : degrees
        case .tilt:
            let (xtilt, ytilt) = (tilt(index), tilt(index2))
            return xtilt == 0 && ytilt == 0 ? 0 : PenOrientation(xtilt: xtilt, ytilt: ytilt).azimuth
        }
    }

    /// The tilt GIMP picks cell `index` of a tilt dimension for: round(t·rank/2) + rank/2 = index.
    func tilt(_ index: Int) -> Double {
        Double(index - angleLevels / 2) * 2 / Double(angleLevels)
    }

    /// Every cell in file order: the pen reading it is for and its mask (row-major, one byte a
    /// pixel, 255 = full paint), the bristles as antialiased dots of `lineWidth` at the SPEC
    /// positions around the cell's centre.
    public func cells() -> [(pressure: Double, azimuth: Double, mask: [UInt8])] {
        guard problem == nil else { return [] }
        let angleCells: [(Int, Int)] = switch angle {
        case .direction: (0 ..< angleLevels).map { ($0, 0) }
        case .tilt: (0 ..< angleLevels).flatMap { x in (0 ..< angleLevels).map { (x, $0) } }
        }
        return (0 ..< pressureLevels).flatMap { p in
            angleCells.map { a in
                let pressure = pressure(level: p), azimuth = azimuth(angle: a.0, a.1)
                return (pressure, azimuth, dab(pressure: pressure, azimuth: azimuth))
            }
        }
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

    /// The `.gih` file: the name line, the pipe parameters line, then one version-2 `.gbr`
    /// brush per cell (GIMP's devel-docs gih.txt and gbr.txt; big-endian header).
    public func gih(name: String = BristleBrush.name) -> [UInt8] {
        let cells = cells()
        let size = cellSize
        var parameters = "\(cells.count) ncells:\(cells.count) cellwidth:\(size) cellheight:\(size) step:100"
            + " dim:\(ranks.count) cols:1 rows:1 placement:constant"
        for (i, r) in ranks.enumerated() { parameters += " rank\(i):\(r.rank)" }
        for (i, r) in ranks.enumerated() { parameters += " sel\(i):\(r.selection)" }
        var bytes = Array("\(name)\n\(parameters)\n".utf8)
        for cell in cells {
            bytes += Self.gbr(name: name, width: size, height: size, spacing: spacing, mask: cell.mask)
        }
        return bytes
    }

    /// One version-2 `.gbr` brush with a one-byte mask.
    public static func gbr(name: String, width: Int, height: Int, spacing: Int, mask: [UInt8]) -> [UInt8] {
        let nameBytes = Array(name.utf8) + [0]
        var bytes: [UInt8] = []
        for field in [28 + nameBytes.count, 2, width, height, 1] { bytes += bigEndian(UInt32(clamping: field)) }
        bytes += Array("GIMP".utf8)
        bytes += bigEndian(UInt32(clamping: spacing))
        return bytes + nameBytes + mask
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)]
    }

    /// The "Impasto Bristle" paint dynamics (`.gdyn`, GIMP's serialized GimpDynamics): the
    /// brush's cells already take pressure and angle, so the dynamics must not scale or turn
    /// the dab again; pressure only firms up the paint a little (opacity 60 % at the lightest
    /// touch, 100 % at full pressure), as a loaded brush leaves more paint when pressed.
    public static func dynamics(name: String = BristleBrush.name) -> String {
        let outputs = ["opacity", "hardness", "rate", "size", "aspect-ratio", "color", "angle", "jitter"]
        var text = "# GIMP dynamics file\n\n(name \"\(name)\")\n"
        for output in outputs {
            let pressure = output == "opacity"
            text += "(\(output)-output\n"
            for input in ["pressure", "velocity", "direction", "tilt", "wheel", "random", "fade"] {
                text += "    (use-\(input) \(pressure && input == "pressure" ? "yes" : "no"))\n"
            }
            if pressure { text += curve("pressure-curve", from: 0.6, to: 1) }
            text.removeLast()
            text += ")\n"
        }
        return text + "\n# end of GIMP dynamics file\n"
    }

    /// A straight GimpCurve from (0, `from`) to (1, `to`), serialized as GIMP writes one
    /// (17 point slots, unused ones −1; 256 samples).
    static func curve(_ label: String, from: Double, to: Double) -> String {
        func f(_ v: Double) -> String { fixedPoint(v, digits: 6) }
        var points = [0, from]
        for _ in 0 ..< 15 { points += [-1, -1] }
        points += [1, to]
        let samples = (0 ..< 256).map { from + (to - from) * Double($0) / 255 }
        return "    (\(label)\n        (curve-type smooth)\n        (n-points 17)\n"
            + "        (points 34 \(points.map(f).joined(separator: " ")))\n"
            + "        (n-samples 256)\n"
            + "        (samples 256 \(samples.map(f).joined(separator: " "))))\n"
    }
}
