// SPDX-License-Identifier: GPL-3.0-or-later
@testable import ImpastoKernels
import XCTest

/// The marks that let a shading band skip its flat pixels (`ReliefMarks`): their runs and
/// widening against a scan of every column, the bevel's marks against the sloping pixels of a
/// relief made in one piece, and the shading with them against the shading of every pixel.
final class ReliefMarksTests: XCTestCase {
    typealias Marks = ReliefMarks

    /// A row of random marks for `width` columns, bits past the last group set at random too
    /// (runs must stop at the width).
    func randomRow(width: Int, density: Double, seed: inout UInt64) -> [UInt64] {
        (0 ..< Marks.words(width: width)).map { _ in
            var word: UInt64 = 0
            for bit in 0 ..< 64 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                if Double(seed >> 11) / Double(1 << 53) < density { word |= 1 << UInt64(bit) }
            }
            return word
        }
    }

    func testRunsAreTheMarkedColumnsInOrder() {
        var seed: UInt64 = 3
        for width in [1, 5, 15, 16, 17, 100, 1023, 1024, 1025, 2048, 3001] {
            for density in [0.0, 0.1, 0.5, 0.9, 1.0] {
                let row = randomRow(width: width, density: density, seed: &seed)
                var runs: [(Int, Int)] = []
                row.withUnsafeBufferPointer { Marks.forEachRun($0.baseAddress!, width: width) { runs.append(($0, $1)) } }
                var columns: [Int] = []
                for (start, end) in runs {
                    XCTAssertLessThan(start, end, "width \(width): an empty run")
                    XCTAssertEqual(start % Marks.columns, 0, "width \(width): a run starts at a group")
                    columns += Array(start ..< end)
                }
                let want = (0 ..< width).filter { x in row.withUnsafeBufferPointer { Marks.marked($0.baseAddress!, x: x) } }
                XCTAssertEqual(columns, want, "width \(width), density \(density)")
                if density == 1 { XCTAssertEqual(want.count, width) }
                if density == 0 { XCTAssertTrue(runs.isEmpty) }
            }
        }
    }

    func testMarkingAColumnMarksItsNeighboursGroupsToo() {
        // Every column of rows whose width ends inside a group and on its end: the groups of
        // x − 1, x and x + 1 within the row, and no others.
        for width in [1, 16, 17, 40, 64 * 16 + 3] {
            for x in 0 ..< width {
                var row = [UInt64](repeating: 0, count: Marks.words(width: width))
                row.withUnsafeMutableBufferPointer { Marks.mark($0.baseAddress!, x: x, width: width) }
                let groups = Set([x - 1, x, x + 1].filter { $0 >= 0 && $0 < width }.map { $0 / Marks.columns })
                for g in 0 ..< Marks.words(width: width) * 64 {
                    XCTAssertEqual(row[g / 64] & (1 << UInt64(g % 64)) != 0, groups.contains(g), "width \(width), x \(x), group \(g)")
                }
            }
        }
    }

    func testWideningMarksEachGroupAboveOrBelowAMark() {
        var seed: UInt64 = 5
        for (width, rows) in [(1, 1), (40, 3), (1024, 5), (1040, 7), (3001, 4)] {
            let words = Marks.words(width: width), groups = Marks.groups(width: width)
            // Marks on the groups that exist only (as the bevel makes them).
            var marks: [UInt64] = []
            for _ in 0 ..< rows { marks += randomRow(width: width, density: 0.03, seed: &seed) }
            for r in 0 ..< rows { for g in groups ..< words * 64 { marks[r * words + g / 64] &= ~(1 << UInt64(g % 64)) } }
            marks[0] |= 1   // one at the first group of the first row at least
            var widened = [UInt64](repeating: 0xDEAD, count: marks.count)
            marks.withUnsafeBufferPointer { m in widened.withUnsafeMutableBufferPointer { w in
                Marks.widen(m.baseAddress!, into: w.baseAddress!, rows: rows, width: width)
            } }
            func bit(_ plane: [UInt64], _ r: Int, _ g: Int) -> Bool { plane[r * words + g / 64] & (1 << UInt64(g % 64)) != 0 }
            for r in 0 ..< rows {
                for g in 0 ..< groups {
                    var want = false
                    for rr in max(0, r - 1) ... min(rows - 1, r + 1) where bit(marks, rr, g) { want = true }
                    XCTAssertEqual(bit(widened, r, g), want, "width \(width), row \(r), group \(g)")
                }
            }
        }
    }

    /// The benchmark's kind of mask: antialiased discs of many sizes, some overlapping.
    func discs(width: Int, height: Int, count: Int) -> Plane {
        var plane = Plane(width: width, height: height)
        var seed: UInt32 = 0x9E37_79B9
        func next() -> Double { seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5; return Double(seed >> 8) / 16_777_216 }
        let all = (0 ..< count).map { _ in (x: next() * Double(width), y: next() * Double(height), r: 3 + next() * 30) }
        for y in 0 ..< height { for x in 0 ..< width {
            var c = 0.0
            for d in all {
                let e = ((Double(x) + 0.5 - d.x) * (Double(x) + 0.5 - d.x) + (Double(y) + 0.5 - d.y) * (Double(y) + 0.5 - d.y)).squareRoot()
                c = max(c, min(max(d.r + 0.5 - e, 0), 1))
            }
            plane[x, y] = Float(c)
        } }
        return plane
    }

    func testEverySlopingPixelAndItsNeighboursAreInTheBandsMarks() {
        // Made band by band as the shading makes them (32 rows and a row either side), with the
        // bevel's marks widened: each pixel that slopes in the relief made in one piece, and
        // its 8 neighbours, are in marked groups, while most groups stay unmarked.
        let mask = discs(width: 1100, height: 150, count: 16)   // rows of two words of marks
        for radius: Float in [0, 3, 10, 40] {
            let relief = HeightField.relief(mask, radius: radius, profile: .round)
            var missed = 0, marked = 0, groups = 0
            HeightField.withReliefBands(mask, radius: radius, profile: .round, parallel: .serial) { rows in
                let scratch = ScratchPool()
                for top in stride(from: 0, to: mask.height, by: 32) {
                    let band = top ..< min(top + 32, mask.height)
                    rows.withBand(around: band, halo: 1, sparse: true, scratch: scratch) { b, _ in
                        for y in band {
                            let row = b.marks(row: y - b.top)
                            for g in 0 ..< Marks.groups(width: mask.width) where Marks.marked(row, x: g * Marks.columns) { marked += 1 }
                            groups += Marks.groups(width: mask.width)
                            for x in 0 ..< mask.width {
                                var near = false
                                for (dx, dy) in [(0, 0), (-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                                    let (nx, ny) = (x + dx, y + dy)
                                    guard nx >= 0, ny >= 0, nx < mask.width, ny < mask.height else { continue }
                                    if relief.slopeX[nx, ny] != 0 || relief.slopeY[nx, ny] != 0 { near = true }
                                }
                                if near && !Marks.marked(row, x: x) { missed += 1 }
                            }
                        }
                    }
                }
            }
            XCTAssertEqual(missed, 0, "r \(radius): pixels beside a sloping one left unmarked")
            XCTAssertLessThan(Double(marked), 0.8 * Double(groups), "r \(radius): marks everywhere")
            XCTAssertGreaterThan(marked, 0, "r \(radius)")
        }
    }

    func testShadingTheMarkedGroupsGivesTheBitsOfShadingEveryPixel() {
        // Masks of every kind: discs (most groups flat), the quality tests' text and logo, a
        // grain on which every pixel slopes, sizes that are no multiple of a group (and a
        // single pixel), rows of more than one word of marks; radii 0 to 100; linear and
        // perceptual; serial, in 3 pieces and on two threads (whose bands go to either).
        var seed: UInt64 = 7
        var grain = Plane(width: 70, height: 45)
        for i in grain.values.indices {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let (x, y) = (Float(i % 70), Float(i / 70))
            grain.values[i] = min(max(0.5 + 0.4 * sin(x * 0.2 + y * 0.1) + Float(seed >> 40) / Float(1 << 24) * 0.3 - 0.15, 0), 1)
        }
        var one = Plane(width: 1, height: 1)
        one.values[0] = 0.7
        let masks: [(String, Plane)] = [("discs", discs(width: 211, height: 97, count: 6)), ("text", EmbossQuality.text.coarse),
                                        ("logo", EmbossQuality.logo.coarse), ("grain", grain), ("one", one),
                                        ("narrow", discs(width: 17, height: 40, count: 2)),
                                        ("wide", discs(width: 64 * 16 + 93, height: 36, count: 9))]
        let shading = Hemisphere.preset(named: "mercury")!.render(size: 64)
        func shaded(_ mask: Plane, radius: Float, perceptual: Bool, sparse: Bool, parallel: ParallelFor) -> [Float] {
            var out = [Float](repeating: -1, count: mask.width * mask.height * 4)
            let input = [Float](repeating: 0, count: mask.width * mask.height)
            input.withUnsafeBufferPointer { i in out.withUnsafeMutableBufferPointer { o in
                let io = RowIO.memory(width: mask.width, height: mask.height, input: i.baseAddress!, inputComponents: 1,
                                      output: o.baseAddress!)
                HeightField.withReliefBands(mask, radius: radius, profile: .round, parallel: parallel) { relief in
                    EmbossShading.shade(relief, coverage: mask, scale: 10, shading: shading, to: io, perceptual: perceptual,
                                        sparse: sparse, parallel: parallel)
                }
            } }
            return out
        }
        for (name, mask) in masks {
            for radius: Float in [0, 2, 10, 100] {
                for (perceptual, parallel) in [(false, ParallelFor.serial), (true, .split(into: 3)), (false, RowIOTests.twoThreads)] {
                    let every = shaded(mask, radius: radius, perceptual: perceptual, sparse: false, parallel: parallel)
                    let marked = shaded(mask, radius: radius, perceptual: perceptual, sparse: true, parallel: parallel)
                    XCTAssertFalse(every.contains(-1), "\(name) r \(radius): every pixel written")
                    let differ = zip(every, marked).filter { $0.bitPattern != $1.bitPattern }.count
                    XCTAssertEqual(differ, 0, "\(name), r \(radius), perceptual \(perceptual)")
                }
            }
        }
    }
}
