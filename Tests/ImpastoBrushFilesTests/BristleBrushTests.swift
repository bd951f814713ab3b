// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import ImpastoBrushFiles
import ImpastoKernels
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
        let brush = BristleBrush.standard
        let (name, parameters, brushes) = try Self.parse(brush.gih())
        XCTAssertEqual(name, "Impasto Bristle")
        XCTAssertEqual(parameters["count"], "512")
        XCTAssertEqual(parameters["ncells"], "512")
        XCTAssertEqual(parameters["dim"], "3")
        XCTAssertEqual([parameters["rank0"], parameters["rank1"], parameters["rank2"]], ["8", "8", "8"])
        XCTAssertEqual([parameters["sel0"], parameters["sel1"], parameters["sel2"]], ["pressure", "xtilt", "ytilt"])
        XCTAssertEqual(brushes.count, 512)
        let size = 2 * Int((16.0 + 1 + 1).rounded(.up)) + 1
        XCTAssertEqual(parameters["cellwidth"], String(size))
        for b in brushes {
            XCTAssertEqual([b.width, b.height, b.bytes, b.mask.count], [size, size, 1, size * size])
            XCTAssertEqual(b.name, "Impasto Bristle")
            XCTAssertEqual(b.spacing, 100 / size, "a dab every pixel (half the 2 px bristle)")
        }
    }

    func testPressureSpreadsTheBristlesAndDirectionTurnsThem() throws {
        let brush = BristleBrush(bristles: 20, maxRadius: 16, lineWidth: 2, pressureLevels: 8, angleLevels: 24,
                                 angle: .direction)
        let brushes = try Self.parse(brush.gih()).brushes
        let centre = brush.cellSize / 2
        // GIMP's angular index for a stroke moving right (direction 0): round(1.25·24) mod 24 = 6;
        // moving down (0.75): round(0.5·24) = 12.
        let right = try XCTUnwrap(Self.extent(brushes[7 * 24 + 6])), down = try XCTUnwrap(Self.extent(brushes[7 * 24 + 12]))
        XCTAssertEqual(try XCTUnwrap(brush.azimuth(angle: 6)), 0, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(brush.azimuth(angle: 12)), 90, accuracy: 1e-9)
        // Full pressure, moving right: the bristles stand in a column across the stroke, 2R tall.
        XCTAssertLessThanOrEqual(right.columns.count, 3)
        XCTAssertEqual(right.rows.lowerBound, centre - 16, accuracy: 1)
        XCTAssertEqual(right.rows.upperBound, centre + 16, accuracy: 1)
        // Moving down: a row, 2R wide.
        XCTAssertLessThanOrEqual(down.rows.count, 3)
        XCTAssertEqual(down.columns.count, 33, accuracy: 2)
        // The lightest touch: every bristle on the pen, one dot.
        let light = try XCTUnwrap(Self.extent(brushes[6]))
        XCTAssertLessThanOrEqual(max(light.columns.count, light.rows.count), 3)
        // Spread grows with pressure, as R = 16·√p.
        let spreads = try (0 ..< 8).map { try XCTUnwrap(Self.extent(brushes[$0 * 24 + 6])).rows.count }
        XCTAssertEqual(spreads, spreads.sorted())
        XCTAssertEqual(Double(spreads[2] - 1), 2 * 16 * (2.0 / 7).squareRoot() + 1, accuracy: 2)
    }

    func testACellHoldsTheBristlesAtTheirFormulaPositions() throws {
        let brush = BristleBrush(bristles: 6, maxRadius: 10, lineWidth: 2, pressureLevels: 3, angleLevels: 8,
                                 angle: .direction)
        let azimuth = try XCTUnwrap(brush.azimuth(angle: 3)), pressure = brush.pressure(level: 1)
        let mask = brush.dab(pressure: pressure, azimuth: azimuth)
        let size = brush.cellSize, c = Double(size) / 2
        let alpha = azimuth * .pi / 180, r = 10 * pressure.squareRoot()
        let dots = (0 ..< 6).map { (i: Int) -> SIMD2<Double> in
            let beta = 2 * Double.pi * Double(i) / 6
            return SIMD2(c + sin(beta + alpha) * r * sin(alpha), c + cos(beta + alpha) * r * cos(alpha))
        }
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

    func testTiltCellsFollowThePenTilt() throws {
        let brush = BristleBrush(bristles: 8, maxRadius: 8, lineWidth: 2, pressureLevels: 2, angleLevels: 5, angle: .tilt)
        let (_, parameters, brushes) = try Self.parse(brush.gih())
        XCTAssertEqual(brushes.count, 2 * 5 * 5)
        XCTAssertEqual([parameters["sel0"], parameters["sel1"], parameters["sel2"]], ["pressure", "xtilt", "ytilt"])
        // GIMP picks index round(t·5/2) + 2 for tilt t: index 4 is t = 0.8, index 2 is t = 0.
        // xtilt 0.8, ytilt 0: azimuth atan2(0, 0.8) = 0; xtilt 0, ytilt 0.8: 90°.
        XCTAssertEqual(try XCTUnwrap(brush.azimuth(angle: 4, 2)), 0, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(brush.azimuth(angle: 2, 4)), 90, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(brush.azimuth(angle: 0, 0)), -135, accuracy: 1e-9)
        XCTAssertNil(brush.azimuth(angle: 2, 2), "an upright pen: the round tuft")
        let column = try XCTUnwrap(Self.extent(brushes[25 + 4 * 5 + 2]))
        XCTAssertLessThanOrEqual(column.columns.count, 3)
        XCTAssertGreaterThan(column.rows.count, 12)
    }

    /// The mouse has no tilt and full pressure: GIMP picks the standard brush's upright cell,
    /// the round tuft, for every dab whatever the stroke's direction, and for a click.
    func testTheMouseGetsTheRoundTuftThatStreaksInEveryDirection() throws {
        let brush = BristleBrush.standard  // 12 bristles, R = 16, width 2; 8 pressures × 8 × 8 tilts
        let brushes = try Self.parse(brush.gih()).brushes
        let index = brush.cellIndex(pressure: 1, direction: 0)
        XCTAssertEqual(index, 7 * 64 + 4 * 8 + 4, "round(0·8/2) + 8/2 = 4 on both tilt axes")
        XCTAssertEqual(brush.cellIndex(pressure: 1, direction: 0.3), index, "the direction plays no part")
        let cell = brushes[index], size = brush.cellSize, c = Double(size) / 2
        // A ring of R = 16: every bristle's dot is painted, and the middle is bare.
        let dots = BristleGeometry.angles(count: 12).map { SIMD2(c + 16 * cos($0), c + 16 * sin($0)) }
        for dot in dots { XCTAssertGreaterThan(cell.mask[Int(dot.y) * size + Int(dot.x)], 200, "bristle at \(dot)") }
        XCTAssertEqual(cell.mask[size / 2 * size + size / 2], 0)
        let full = try XCTUnwrap(Self.extent(cell))
        XCTAssertEqual(full.columns.count, 35, accuracy: 1)
        XCTAssertEqual(full.rows.count, 35, accuracy: 1)
        // Pressure spreads the ring as R = 16·√p (the pressure rank, as for the other angles).
        let spreads = try (0 ..< 8).map { try XCTUnwrap(Self.extent(brushes[$0 * 64 + 4 * 8 + 4])).rows.count }
        XCTAssertEqual(spreads, spreads.sorted())
        XCTAssertEqual(Double(spreads[2] - 1), 2 * 16 * (2.0 / 7).squareRoot() + 1, accuracy: 2)
        // Across a stroke in any direction the bristles' tracks lie at their projections on the
        // stroke's normal; tracks 2.5 px apart (1.25 widths) stay apart in GIMP. Every
        // direction keeps at least 5 apart; between the ring's mirror axes, 8.
        func streaks(_ degrees: Double) -> Int {
            let normal = SIMD2(-sin(degrees * .pi / 180), cos(degrees * .pi / 180))
            let offsets = dots.map { (($0 - SIMD2(c, c)) * normal).sum() }.sorted()
            return 1 + zip(offsets, offsets.dropFirst()).filter { $1 - $0 >= 2.5 }.count
        }
        let counts = stride(from: 0.0, to: 180, by: 1).map(streaks)
        XCTAssertGreaterThanOrEqual(counts.min() ?? 0, 5, "\(counts)")
        XCTAssertEqual(streaks(22.5), 8)
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
        XCTAssertTrue(text.contains("(samples 256 0.600000 0.601569 "))
        XCTAssertTrue(text.contains(" 1.000000)))\n(hardness-output\n"), "the curve closes the opacity output")
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
        let bad = BristleBrush(bristles: 0, maxRadius: 16, lineWidth: 2, pressureLevels: 8, angleLevels: 24, angle: .direction)
        XCTAssertEqual(Set(bad.previewStroke(width: 50, height: 40)), [0])
        XCTAssertEqual(BristleBrush.standard.previewStroke(width: 0, height: 10), [])
        XCTAssertEqual(Set(BristleBrush.standard.previewStroke(width: 40, height: 3)), [0], "no room for the run")
    }
}
