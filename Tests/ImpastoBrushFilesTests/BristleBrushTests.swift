// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import ImpastoBrushFiles
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The "Impasto Bristle" image pipe and dynamics, read back with a parser written from GIMP's
/// devel-docs (gih.txt, gbr.txt), and the cells against the bristle formula.
final class BristleBrushTests: XCTestCase {
    struct Brush { var width, height, bytes, spacing: Int; var name: String; var mask: [UInt8] }

    /// Reads a `.gih`: name line, parameter line, then version-2 `.gbr` brushes.
    static func parse(_ data: [UInt8]) throws -> (name: String, parameters: [String: String], brushes: [Brush]) {
        var at = 0
        func line() throws -> String {
            guard let end = data[at...].firstIndex(of: 10) else { throw CocoaError(.fileReadCorruptFile) }
            defer { at = end + 1 }
            return String(decoding: data[at ..< end], as: UTF8.self)
        }
        func u32() throws -> Int {
            guard at + 4 <= data.count else { throw CocoaError(.fileReadCorruptFile) }
            defer { at += 4 }
            return data[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let name = try line()
        let fields = try line().split(separator: " ")
        var parameters = ["count": String(fields.first ?? "")]
        for field in fields.dropFirst() {
            let kv = field.split(separator: ":", maxSplits: 1)
            parameters[String(kv[0])] = kv.count > 1 ? String(kv[1]) : ""
        }
        var brushes: [Brush] = []
        while at < data.count {
            let start = at
            let headerSize = try u32(), version = try u32(), width = try u32(), height = try u32(), bytes = try u32()
            XCTAssertEqual(version, 2)
            XCTAssertEqual(Array(data[at ..< at + 4]), Array("GIMP".utf8))
            at += 4
            let spacing = try u32()
            let nameEnd = start + headerSize
            XCTAssertEqual(data[nameEnd - 1], 0, "the name is NUL-terminated within the header")
            let cellName = String(decoding: data[at ..< nameEnd - 1], as: UTF8.self)
            at = nameEnd
            let mask = Array(data[at ..< min(data.count, at + width * height * bytes)])
            at += width * height * bytes
            brushes.append(Brush(width: width, height: height, bytes: bytes, spacing: spacing, name: cellName, mask: mask))
        }
        return (name, parameters, brushes)
    }

    /// Where paint is in a cell: the columns and rows that hold any.
    static func extent(_ b: Brush) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        var xs: [Int] = [], ys: [Int] = []
        for y in 0 ..< b.height { for x in 0 ..< b.width where b.mask[y * b.width + x] > 127 { xs.append(x); ys.append(y) } }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return (x0 ... x1, y0 ... y1)
    }

    func testThePipeHeaderAndCellsAreGIMPs() throws {
        for shape in BristleBrush.Shape.allCases {
            var brush = BristleBrush.standard
            brush.shape = shape
            let (name, parameters, brushes) = try Self.parse(brush.gih())
            XCTAssertEqual(name, shape == .round ? "Impasto Bristle" : "Impasto Flat")
            XCTAssertEqual(parameters["count"], "512")
            XCTAssertEqual(parameters["ncells"], "512")
            XCTAssertEqual(parameters["dim"], "3")
            XCTAssertEqual([parameters["rank0"], parameters["rank1"], parameters["rank2"]], ["8", "8", "8"])
            XCTAssertEqual([parameters["sel0"], parameters["sel1"], parameters["sel2"]], ["pressure", "xtilt", "ytilt"])
            XCTAssertEqual(brushes.count, 512)
            let size = 2 * Int((18.0 + 1 + 1).rounded(.up)) + 1
            XCTAssertEqual(parameters["cellwidth"], String(size))
            for b in brushes {
                XCTAssertEqual([b.width, b.height, b.bytes, b.mask.count], [size, size, 1, size * size])
                XCTAssertEqual(b.name, name)
                XCTAssertEqual(b.spacing, 100 / size, "a dab every pixel (half the 2 px bristle)")
            }
        }
    }

    /// Bristle i of the round brush at r·(cos βᵢ, s·sin βᵢ) turned to the azimuth, of the flat
    /// one at r·tᵢ across it; r linear in pressure from a bristle's width to max-radius;
    /// s from 1 upright to 0.7 at full lean.
    func testBristlesStandWhereTheFormulaSays() {
        var brush = BristleBrush(bristles: 6, maxRadius: 10, lineWidth: 2, pressureLevels: 3, angleLevels: 8, angle: .tilt, load: 0)
        XCTAssertEqual(brush.spread(pressure: 0), 1)
        XCTAssertEqual(brush.spread(pressure: 0.5), 5.5)
        XCTAssertEqual(brush.spread(pressure: 1), 10)
        XCTAssertEqual(brush.spread(pressure: .nan), 1)
        XCTAssertEqual(brush.spread(pressure: 7), 10)
        let pen = PenOrientation(azimuth: 30, altitude: 60), r = 5.5, s = 1 - 0.3 * 0.5
        let a = 30 * Double.pi / 180
        for (i, p) in brush.bristlePositions(pressure: 0.5, pen: pen).enumerated() {
            let beta = 2 * Double.pi * Double(i) / 6, u = r * cos(beta), v = r * s * sin(beta)
            XCTAssertEqual(p.x, u * cos(a) - v * sin(a), accuracy: 1e-12)
            XCTAssertEqual(p.y, u * sin(a) + v * cos(a), accuracy: 1e-12)
        }
        for (i, p) in brush.bristlePositions(pressure: 1, pen: nil).enumerated() {
            let beta = 2 * Double.pi * Double(i) / 6
            XCTAssertEqual(p.x, 10 * cos(beta), accuracy: 1e-12)
            XCTAssertEqual(p.y, 10 * sin(beta), accuracy: 1e-12)
        }
        brush.shape = .flat
        for (i, p) in brush.bristlePositions(pressure: 0.5, pen: pen).enumerated() {
            let t = -1 + 2 * Double(i) / 5
            XCTAssertEqual(p.x, -r * t * sin(a), accuracy: 1e-12)
            XCTAssertEqual(p.y, r * t * cos(a), accuracy: 1e-12)
        }
        let level = brush.bristlePositions(pressure: 1, pen: nil)
        XCTAssertEqual(level.map { abs($0.y) }.max() ?? 1, 0, accuracy: 1e-12, "upright: a level row")
        XCTAssertEqual(level.map(\.x).max(), 10)
        brush.bristles = 1
        XCTAssertEqual(brush.bristlePositions(pressure: 1, pen: pen), [SIMD2(0, 0)])
    }

    func testACellHoldsTheBristlesAsAntialiasedDots() throws {
        let brush = BristleBrush(bristles: 6, maxRadius: 10, lineWidth: 2, pressureLevels: 3, angleLevels: 8,
                                 angle: .direction, load: 0)
        let pen = brush.pen(angle: 3), pressure = brush.pressure(level: 1)
        let mask = brush.dab(pressure: pressure, pen: pen)
        let size = brush.cellSize, c = Double(size) / 2
        let dots = brush.bristlePositions(pressure: pressure, pen: pen).map { $0 + SIMD2(c, c) }
        // Each bristle's dot (1 px half width, 1 px antialiased rim) goes over the others:
        // a pixel keeps 1 − Π(1 − coverage).
        for dot in dots {
            let (x, y) = (Int(dot.x), Int(dot.y))
            let bare = dots.reduce(1.0) { (rest: Double, other: SIMD2<Double>) -> Double in
                let d: SIMD2<Double> = SIMD2(Double(x) + 0.5, Double(y) + 0.5) - other
                return rest * (1 - min(max(1.5 - (d * d).sum().squareRoot(), 0), 1))
            }
            XCTAssertEqual(Double(mask[y * size + x]), 255 * (1 - bare), accuracy: 0.51, "bristle at \(dot)")
            XCTAssertGreaterThan(mask[y * size + x], 200)
        }
        XCTAssertEqual(mask[0], 0, "the corner is bare")
    }

    func testDirectionCellsTurnTheBristlesWithTheStroke() throws {
        var brush = BristleBrush(bristles: 20, maxRadius: 16, lineWidth: 2, pressureLevels: 8, angleLevels: 24,
                                 angle: .direction, load: 0, shape: .flat)
        // GIMP's angular index for a stroke moving right (direction 0): round(1.25·24) mod 24 = 6;
        // moving down (0.75): round(0.5·24) = 12.
        XCTAssertEqual(try XCTUnwrap(brush.pen(angle: 6)), PenOrientation(azimuth: 0, altitude: 90))
        XCTAssertEqual(try XCTUnwrap(brush.pen(angle: 12)).azimuth, 90, accuracy: 1e-9)
        let brushes = try Self.parse(brush.gih()).brushes
        let centre = brush.cellSize / 2
        // Full pressure, moving right: the flat's bristles stand in a column across the stroke, 2R tall.
        let right = try XCTUnwrap(Self.extent(brushes[7 * 24 + 6])), down = try XCTUnwrap(Self.extent(brushes[7 * 24 + 12]))
        XCTAssertLessThanOrEqual(right.columns.count, 3)
        XCTAssertEqual(right.rows.lowerBound, centre - 16, accuracy: 1)
        XCTAssertEqual(right.rows.upperBound, centre + 16, accuracy: 1)
        // Moving down: a row, 2R wide.
        XCTAssertLessThanOrEqual(down.rows.count, 3)
        XCTAssertEqual(down.columns.count, 33, accuracy: 2)
        // The round brush: a ring either way.
        brush.shape = .round
        let ring = try XCTUnwrap(Self.extent(try Self.parse(brush.gih()).brushes[7 * 24 + 6]))
        XCTAssertEqual(ring.columns.count, 33, accuracy: 2)
        XCTAssertEqual(ring.rows.count, 33, accuracy: 2)
    }

    func testTiltCellsFollowThePenTilt() throws {
        let brush = BristleBrush(bristles: 8, maxRadius: 8, lineWidth: 2, pressureLevels: 2, angleLevels: 5, angle: .tilt,
                                 load: 0, shape: .flat)
        let (_, parameters, brushes) = try Self.parse(brush.gih())
        XCTAssertEqual(brushes.count, 2 * 5 * 5)
        XCTAssertEqual([parameters["sel0"], parameters["sel1"], parameters["sel2"]], ["pressure", "xtilt", "ytilt"])
        // GIMP picks index round(t·5/2) + 2 for tilt t: index 4 is t = 0.8, index 2 is t = 0.
        // xtilt 0.8, ytilt 0: azimuth atan2(0, 0.8) = 0, 0.8 of the lean; xtilt 0, ytilt 0.8: 90°;
        // both −0.8: −135°, the lean clamped to 1 (GIMP reports no more than 60°).
        let right = try XCTUnwrap(brush.pen(angle: 4, 2)), down = try XCTUnwrap(brush.pen(angle: 2, 4))
        let corner = try XCTUnwrap(brush.pen(angle: 0, 0))
        XCTAssertEqual(right.azimuth, 0, accuracy: 1e-9)
        XCTAssertEqual(right.lean, 0.8, accuracy: 1e-9)
        XCTAssertEqual(down.azimuth, 90, accuracy: 1e-9)
        XCTAssertEqual(corner.azimuth, -135, accuracy: 1e-9)
        XCTAssertEqual(corner.lean, 1)
        XCTAssertNil(brush.pen(angle: 2, 2), "an upright pen")
        // Leaning right: the flat's row stands across, a column.
        let column = try XCTUnwrap(Self.extent(brushes[25 + 4 * 5 + 2]))
        XCTAssertLessThanOrEqual(column.columns.count, 3)
        XCTAssertGreaterThan(column.rows.count, 12)
    }

    // MARK: - Painted as GIMP paints

    /// A straight stroke of `length` px through the centre of a `canvas` × `canvas` model canvas
    /// at `angle` (radians, image axes), with the pen at `pressure` and `tilt`, each dab the
    /// cell GIMP picks (`cellIndex`), a dab every `spacing` percent of the cell.
    static func paint(_ brush: BristleBrush, cells: [[UInt8]], angle: Double, pressure: Double,
                      tilt: (x: Double, y: Double) = (0, 0), length: Double = 70, canvas: Int = 150) -> PaintCoreModel {
        var model = PaintCoreModel(width: canvas, height: canvas)
        let step = Double(brush.spacing * brush.cellSize) / 100, c = Double(canvas) / 2
        // GIMP's direction: turns counter-clockwise from the right, y up.
        var direction = -angle / (2 * .pi)
        direction -= direction.rounded(.down)
        let mask = cells[brush.cellIndex(pressure: pressure, direction: direction, xtilt: tilt.x, ytilt: tilt.y)]
        for s in stride(from: -length / 2, through: length / 2, by: step) {
            model.dab(mask, size: brush.cellSize, x: c + s * cos(angle), y: c + s * sin(angle))
        }
        return model
    }

    static func across(_ model: PaintCoreModel, angle: Double) -> (streaks: Int, width: Double) {
        StrokeReading.across(centre: (Double(model.width) / 2, Double(model.height) / 2), angle: angle,
                             coverage: model.coverage)
    }

    /// At full pressure the round brush leaves at least 5 streaks across a stroke in each of
    /// 16 directions, for a pen upright and leaning 45° and 60° (tilt 0.75 and 1: the most
    /// tablets report) towards each of 8 azimuths, and stays at least 0.7 of its width.
    /// A ring of n bristles dragged at angle θ leaves tracks at r·sin(βᵢ − θ): along its mirror
    /// axes pairs trail one another on n/2 + 1 tracks, and the outer two on each side lie
    /// r(1 − cos(360°/n)) apart, 2.4 px here, too close to show apart: 5 streaks at the least.
    func testTheRoundBrushStreaksInEveryDirectionAtEveryLean() {
        let brush = BristleBrush.standard
        let cells = brush.cells().map(\.mask)
        var table: [String] = [], fewest = Int.max
        for (degrees, azimuths) in [(0.0, [0.0]), (45, Array(stride(from: 0.0, to: 360, by: 45))),
                                    (60, Array(stride(from: 0.0, to: 360, by: 45)))] {
            for azimuth in azimuths {
                let tilt = PenSample.tilt(leaning: degrees, towards: azimuth)
                var row: [Int] = []
                for k in 0 ..< 16 {
                    let angle = -Double(k) * .pi / 8
                    let (streaks, width) = Self.across(Self.paint(brush, cells: cells, angle: angle, pressure: 1, tilt: tilt),
                                                       angle: angle)
                    row.append(streaks)
                    XCTAssertGreaterThanOrEqual(width, 0.7 * 2 * brush.maxRadius, "leaning \(degrees)° to \(azimuth)°: width")
                    XCTAssertLessThanOrEqual(streaks, brush.bristles)
                }
                fewest = min(fewest, row.min() ?? 0)
                table.append("\(degrees)° to \(azimuth)°: \(row)")
            }
        }
        XCTAssertGreaterThanOrEqual(fewest, 5, table.joined(separator: "\n"))
        print("BristleBrushTests: streaks per direction (0°, 22.5°, …), leaning …\n" + table.joined(separator: "\n"))
    }

    /// The flat brush leaves a streak per bristle across its row (a stroke along the way the
    /// pen leans), and one narrow line along it, at every lean; the mouse's row is level.
    func testTheFlatBrushStreaksAcrossItsRow() {
        var brush = BristleBrush.standard
        brush.shape = .flat
        let cells = brush.cells().map(\.mask)
        for azimuth in stride(from: 0.0, to: 360, by: 45) {
            let tilt = PenSample.tilt(leaning: 45, towards: azimuth)
            // The lean GIMP's cell is drawn for: the tilt axes rounded to the rank.
            let cell = brush.cellIndex(pressure: 1, direction: 0, xtilt: tilt.x, ytilt: tilt.y)
            let along = (brush.pen(angle: cell / 8 % 8, cell % 8)?.azimuth ?? 90) * .pi / 180
            let (streaks, width) = Self.across(Self.paint(brush, cells: cells, angle: along, pressure: 1, tilt: tilt), angle: along)
            XCTAssertEqual(streaks, brush.bristles, "leaning to \(azimuth)°: a streak per bristle")
            XCTAssertEqual(width, 2 * brush.maxRadius + brush.lineWidth, accuracy: 2)
            let (lines, narrow) = Self.across(Self.paint(brush, cells: cells, angle: along + .pi / 2, pressure: 1, tilt: tilt),
                                              angle: along + .pi / 2)
            XCTAssertEqual(lines, 1, "leaning to \(azimuth)°: one line along the row")
            XCTAssertLessThanOrEqual(narrow, 3 * brush.lineWidth)
        }
        let level = Self.across(Self.paint(brush, cells: cells, angle: .pi / 2, pressure: 1), angle: .pi / 2)
        XCTAssertEqual(level.streaks, brush.bristles, "the mouse: a level row, streaking downwards")
    }

    /// Pressure widens the stroke from at most 6 px at the lightest touch to the full spread,
    /// every pressure level at most a sixth of the full width wider than the one before.
    func testPressureWidensTheStrokeInEvenSteps() {
        for shape in BristleBrush.Shape.allCases {
            var brush = BristleBrush.standard
            brush.shape = shape
            let cells = brush.cells().map(\.mask)
            let angle = shape == .round ? 0 : Double.pi / 2
            let widths = (0 ..< brush.pressureLevels).map {
                Self.across(Self.paint(brush, cells: cells, angle: angle, pressure: brush.pressure(level: $0)), angle: angle).width
            }
            let full = widths.last ?? 0
            XCTAssertLessThanOrEqual(widths[0], 6, "\(shape): \(widths)")
            XCTAssertEqual(full, 2 * brush.maxRadius + brush.lineWidth, accuracy: 2, "\(shape): \(widths)")
            for (a, b) in zip(widths, widths.dropFirst()) {
                XCTAssertGreaterThan(b, a, "\(shape): \(widths)")
                XCTAssertLessThanOrEqual(b - a, full / 6, "\(shape): \(widths)")
            }
        }
    }

    /// A tap at a painter's pressure leaves the ring's dots, each apart from the others.
    func testATapLeavesTheRingsDots() {
        let brush = BristleBrush.standard
        let mask = brush.dab(pressure: 0.7, pen: PenOrientation(xtilt: 0.5, ytilt: 0.3)), size = brush.cellSize
        let dots = StrokeReading.dots(width: size, height: size) { Double(mask[$1 * size + $0]) / 255 }
        XCTAssertEqual(dots, brush.bristles)
        XCTAssertLessThanOrEqual(mask[size / 2 * size + size / 2], 8, "the ring's middle: a faint body of paint at most")
    }

    /// A loaded brush lays a body of paint with its bristles as ridges in it: across a stroke
    /// at full pressure the bristles' tracks are full paint and between them, along the
    /// stroke's middle, lies about `bodyAtFullLoad` of paint, thinning towards the edges; with
    /// no load, bare canvas between them (a rake). The streaks stay as many (the fan above).
    func testALoadedBrushLaysABodyOfPaintWithItsBristlesAsRidges() {
        for load in [0.0, 0.5, 1] {
            var brush = BristleBrush.standard
            brush.load = load
            let cells = brush.cells().map(\.mask)
            let model = Self.paint(brush, cells: cells, angle: 0, pressure: 1)
            let c = Double(model.width) / 2
            let profile = (-80 ... 80).map { model.coverage(c, c + Double($0) / 4) }
            // The valleys between the tracks: the profile's local minima inside the stroke (not
            // the ripples along a track's top).
            var valleys: [(offset: Double, depth: Double)] = []
            for i in 1 ..< profile.count - 1 where profile[i] <= profile[i - 1] && profile[i] < profile[i + 1] && profile[i] < 0.8 {
                let offset = Double(i - 80) / 4
                if abs(offset) < brush.maxRadius - 2 { valleys.append((offset, profile[i])) }
            }
            let middle = valleys.min { abs($0.offset) < abs($1.offset) }?.depth ?? 1
            let expected = BristleBrush.bodyAtFullLoad * load
            XCTAssertEqual(middle, expected, accuracy: 0.12, "load \(load): the body between the middle tracks, \(valleys)")
            XCTAssertGreaterThanOrEqual(profile.max() ?? 0, 0.9, "load \(load): the bristles' tracks")
            if load > 0, let outer = valleys.max(by: { abs($0.offset) < abs($1.offset) }) {
                XCTAssertLessThan(outer.depth, middle, "load \(load): the body thins towards the edges \(valleys)")
            }
        }
    }

    /// The mouse has no tilt and full pressure: GIMP picks the standard brush's upright cell,
    /// the round tuft, for every dab whatever the stroke's direction, and for a click.
    func testTheMouseGetsTheRoundTuft() throws {
        let brush = BristleBrush.standard  // 12 bristles, R = 18, width 2; 8 pressures × 8 × 8 tilts
        let brushes = try Self.parse(brush.gih()).brushes
        let index = brush.cellIndex(pressure: 1, direction: 0)
        XCTAssertEqual(index, 7 * 64 + 4 * 8 + 4, "round(0·8/2) + 8/2 = 4 on both tilt axes")
        XCTAssertEqual(brush.cellIndex(pressure: 1, direction: 0.3), index, "the direction plays no part")
        let cell = brushes[index], size = brush.cellSize, c = Double(size) / 2
        // A ring of R = 18: every bristle's dot is painted, and the middle is bare.
        let dots = BristleGeometry.angles(count: 12).map { SIMD2(c + 18 * cos($0), c + 18 * sin($0)) }
        for dot in dots { XCTAssertGreaterThan(cell.mask[Int(dot.y) * size + Int(dot.x)], 200, "bristle at \(dot)") }
        XCTAssertLessThanOrEqual(cell.mask[size / 2 * size + size / 2], 8, "a faint body of paint inside")
        let full = try XCTUnwrap(Self.extent(cell))
        XCTAssertEqual(full.columns.count, 39, accuracy: 1)
        XCTAssertEqual(full.rows.count, 39, accuracy: 1)
        // Pressure spreads the ring linearly (the pressure rank, as for the other angles).
        let spreads = try (0 ..< 8).map { try XCTUnwrap(Self.extent(brushes[$0 * 64 + 4 * 8 + 4])).rows.count }
        XCTAssertEqual(spreads, spreads.sorted())
        XCTAssertEqual(Double(spreads[2] - 1), 2 * (1 + 17 * 2.0 / 7) + 1, accuracy: 2)
    }

    func testSettingsOutOfRangeAreRefusedWithAReason() {
        var brush = BristleBrush.standard
        XCTAssertNil(brush.problem)
        brush.bristles = 0
        XCTAssertEqual(brush.problem, "bristles must be between 1 and 256, not 0")
        XCTAssertEqual(brush.cells().count, 0)
        brush = .standard
        brush.maxRadius = .nan
        XCTAssertNotNil(brush.problem)
        brush = .standard
        brush.angle = .tilt
        brush.angleLevels = 24
        XCTAssertEqual(brush.problem, "with tilt, angle-levels must be at most 16 (per axis), not 24")
    }

    func testTheDynamicsTakePressureForOpacityOnly() {
        let text = BristleBrush.dynamics()
        XCTAssertTrue(text.hasPrefix("# GIMP dynamics file\n\n(name \"Impasto Bristle\")\n"))
        XCTAssertEqual(text.filter { $0 == "(" }.count, text.filter { $0 == ")" }.count)
        let outputs = text.components(separatedBy: "-output\n").dropFirst()
        XCTAssertEqual(outputs.count, 8)
        let uses = text.components(separatedBy: "\n").filter { $0.contains("(use-") && $0.contains("yes") }
        XCTAssertEqual(uses, ["    (use-pressure yes)"], "only one input is on")
        XCTAssertTrue(text.contains("(opacity-output\n    (use-pressure yes)"))
        XCTAssertTrue(text.contains("(samples 256 0.250000 0.250980 "), "a quarter at the lightest touch")
        XCTAssertTrue(text.contains(" 0.500000)))\n(hardness-output\n"), "half at full pressure; the curve closes the opacity output")
        XCTAssertTrue(text.hasSuffix("(use-fade no))\n\n# end of GIMP dynamics file\n"))
    }
}

/// The brush dialog's preview stroke: what GIMP's paintbrush would paint with the brush.
final class BrushPreviewStrokeTests: XCTestCase {
    func testTheStrokeFollowsTheWaveWithTheCellsGIMPWouldPick() {
        let brush = BristleBrush.standard
        let (width, height) = (360, 140)
        let coverage = brush.previewStroke(width: width, height: height)
        XCTAssertEqual(coverage.count, width * height)
        // Every column the wave crosses has paint near the wave's height; far above it none.
        for x in stride(from: 40, to: 320, by: 20) {
            let t = (Double(x) - 30) / 300, y = Int((70 + 25 * sin(t * 2 * .pi)).rounded())
            let column = (max(0, y - 20) ..< min(height, y + 21)).map { coverage[$0 * width + x] }
            XCTAssertGreaterThan(column.max() ?? 0, 128, "paint along the wave at x = \(x)")
        }
        XCTAssertEqual(coverage[5 * width + 5], 0, "the corner stays clean")
        // Light pressure at the start splays less than full pressure at the end: count the
        // painted rows across the stroke at the first and last dabs' columns.
        func spread(_ x: Int) -> Int { (0 ..< height).filter { coverage[$0 * width + x] > 64 }.count }
        XCTAssertLessThan(spread(32), spread(326))
        // The first dab is exactly the cell GIMP picks for pressure 0 moving up-right.
        let cells = brush.cells(), size = brush.cellSize
        let slope = 25 * 2 * Double.pi / 300, direction = atan2(-slope, 1) / (2 * .pi) + 1
        let first = cells[brush.cellIndex(pressure: 0, direction: direction)].mask
        let left = 30 - size / 2, top = 70 - size / 2
        for cy in 0 ..< size { for cx in 0 ..< size where cx + left < 30 - 1 {
            // Left of the second dab only the first dab paints.
            XCTAssertEqual(coverage[(top + cy) * width + left + cx], first[cy * size + cx])
        } }
    }

    func testSettingsThatMakeNoBrushPaintNothing() {
        let bad = BristleBrush(bristles: 0, maxRadius: 16, lineWidth: 2, pressureLevels: 8, angleLevels: 24, angle: .direction, load: 1)
        XCTAssertEqual(Set(bad.previewStroke(width: 50, height: 40)), [0])
        XCTAssertEqual(BristleBrush.standard.previewStroke(width: 0, height: 10), [])
        XCTAssertEqual(Set(BristleBrush.standard.previewStroke(width: 40, height: 3)), [0], "no room for the run")
    }
}
