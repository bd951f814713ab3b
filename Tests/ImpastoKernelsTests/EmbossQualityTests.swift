// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import XCTest

/// The emboss's curves and diagonals are as clean as a 4× render's (EmbossQuality).
///
/// The goals (speckle ≤ 1.3 × the 4× render's, ≤ 1.5 % of interior pixels more than
/// 0.2 from it) over its whole matrix — 2 shapes × 7 presets × 6 radii × 4 scales — run with
/// IMPASTO_EMBOSS_MATRIX=1 (best in release: `swift test -c release --filter
/// EmbossQualityTests`); 331 of the 336 cases meet them today (see BENCHMARKS.md). Always run:
/// the goals themselves on a subset that spans both shapes, every preset, every radius and
/// every scale (cases that meet them today, so that a change which costs quality anywhere in
/// that span fails), and looser bounds on cases that do not yet meet them, so that a return of
/// the whole-pixel speckle (several per cent of speckle and far pixels on these cases) fails.
final class EmbossQualityTests: XCTestCase {
    func testEveryCaseMeetsTheIssuesGoals() throws {
        guard ProcessInfo.processInfo.environment["IMPASTO_EMBOSS_MATRIX"] != nil else {
            throw XCTSkip("set IMPASTO_EMBOSS_MATRIX=1 for the whole matrix")
        }
        check(presets: Hemisphere.presetNames, radii: EmbossQuality.radii, scales: EmbossQuality.scales) { f in
            f.meetsGoals
        }
    }

    func testARepresentativeSubsetMeetsTheIssuesGoals() {
        let cases: [(shape: EmbossQuality.Shape, preset: String, radius: Float, scale: Float)] = [
            (EmbossQuality.logo, "chrome", 10, 10), (EmbossQuality.logo, "copper", 100, 50),
            (EmbossQuality.logo, "gold", 5, 20), (EmbossQuality.logo, "mercury", 5, 20),
            (EmbossQuality.logo, "obsidian", 40, 10), (EmbossQuality.logo, "pearl", 20, 5),
            (EmbossQuality.logo, "plastic", 2, 5), (EmbossQuality.text, "chrome", 2, 5),
            (EmbossQuality.text, "copper", 5, 50), (EmbossQuality.text, "gold", 2, 10),
            (EmbossQuality.text, "mercury", 100, 5), (EmbossQuality.text, "obsidian", 10, 10),
            (EmbossQuality.text, "pearl", 40, 5), (EmbossQuality.text, "plastic", 20, 5),
            // These need a pixel split along the axis its lookup sweeps (ShadingFootprint).
            (EmbossQuality.logo, "chrome", 40, 5), (EmbossQuality.text, "mercury", 40, 5),
            // These need the mip-map's average to stop at the picture's rim (ShadingMipMap).
            (EmbossQuality.text, "obsidian", 10, 20), (EmbossQuality.logo, "obsidian", 20, 50),
            // These need the edge's normal weighted 1 2.5 1 and the directions inside the edge
            // smoothed twice (SlopeSmoothing).
            (EmbossQuality.logo, "gold", 40, 20), (EmbossQuality.logo, "copper", 100, 20),
            // These need a diagonal edge pixel's piece of edge limited to ±½ px, with no chamfer
            // across a concave corner (EdgeGeometry).
            (EmbossQuality.text, "copper", 40, 10), (EmbossQuality.text, "copper", 100, 20),
            // These need a wholly outside wedge tip's arms read 2 px along the edge (EdgeWedge).
            (EmbossQuality.logo, "gold", 20, 5), (EmbossQuality.text, "gold", 20, 5),
            (EmbossQuality.logo, "chrome", 40, 10),
            // These need each pixel to measure from its neighbours' outside pixels too (the
            // speck beside the "R"'s hole corner; DistanceTransform).
            (EmbossQuality.text, "mercury", 10, 10), (EmbossQuality.text, "mercury", 10, 20),
            (EmbossQuality.text, "gold", 10, 50), (EmbossQuality.text, "chrome", 20, 50),
            // These need a pixel whose lookup sweeps far along ∇d and little across it read as
            // its two halves along ∇d, so that obsidian's thin ring is not smeared.
            (EmbossQuality.text, "obsidian", 20, 10), (EmbossQuality.text, "obsidian", 100, 20),
            // This needs a pixel split from a 13 px move (ShadingFootprint's split threshold).
            (EmbossQuality.text, "obsidian", 10, 50),
            // These need a pixel split into up to 6 sub-pixels, each with its own sweep.
            (EmbossQuality.logo, "obsidian", 2, 50), (EmbossQuality.text, "copper", 2, 50),
            // These need the hemisphere's picture to show the colour 0.6 px inside its rim in
            // its outermost ring, not the grazing limit.
            (EmbossQuality.logo, "obsidian", 5, 50), (EmbossQuality.logo, "mercury", 5, 50),
            (EmbossQuality.logo, "chrome", 5, 50), (EmbossQuality.logo, "obsidian", 10, 50),
            (EmbossQuality.text, "obsidian", 5, 50),
            // These need each sub-pixel averaged over its own sweep along ∇d, not an even share
            // of its pixel's move (their speckle is close to the 4× render's).
            (EmbossQuality.logo, "gold", 20, 20), (EmbossQuality.text, "chrome", 5, 50),
        ]
        var shadings: [String: ShadingImage] = [:]   // each preset's picture rendered once
        for c in cases {
            var settings = EmbossSettings()
            settings.radius = c.radius
            settings.scale = c.scale
            let shading = shadings[c.preset] ?? Hemisphere.preset(named: c.preset)!.render(size: 256)
            shadings[c.preset] = shading
            let f = EmbossQuality.measure(c.shape, settings, shading: shading,
                                          interior: EmbossQuality.interior(c.shape, radius: c.radius))
            XCTAssertTrue(f.meetsGoals, "\(c.shape.name) \(c.preset) r \(c.radius) k \(c.scale): \(f)")
        }
    }

    /// Letters' joints in DejaVu Sans Bold at the size and radii of a user's embossed
    /// "GOLDEN" (EmbossQuality.glyphs): no line of colours the 4× render does not have (5 px
    /// or more of far pixels along a row or a column, `farLines`) within 12 px of a concave
    /// notch's apex, and the goals over the whole shape. The apexes (1× pixels): the
    /// N's upper notch, where its diagonal leaves the left stem (there a piece of edge at the
    /// unrecognised tip drew a light streak across the stem, in the 4× render too), its lower
    /// joint with the right stem (a bright wedge where the arms met too far up), and the W's
    /// two notches from the top.
    func testGlyphJointsHaveNoStreaks() {
        let shape = EmbossQuality.glyphs
        let apexes = [(38, 47), (88, 91), (324, 96), (397, 96)]
        for preset in ["gold", "chrome"] {
            let shading = Hemisphere.preset(named: preset)!.render(size: 256)
            for radius: Float in [25, 40] {
                var settings = EmbossSettings()
                settings.radius = radius
                let interior = EmbossQuality.interior(shape, radius: radius)
                let (image, reference) = EmbossQuality.renders(shape, settings, shading: shading)
                let lines = EmbossQuality.farLines(image, reference, width: shape.coarse.width, interior: interior)
                let near = lines.filter { line in
                    (0 ..< line.length).contains { i in
                        let (x, y) = line.row ? (line.x + i, line.y) : (line.x, line.y + i)
                        return apexes.contains { (x - $0.0) * (x - $0.0) + (y - $0.1) * (y - $0.1) <= 144 }
                    }
                }
                XCTAssertEqual(near.count, 0, "\(preset) r \(radius): lines far from the 4× render near a joint: \(near)")
                let f = EmbossQuality.figures(image, reference, width: shape.coarse.width, interior: interior)
                XCTAssertTrue(f.meetsGoals, "\(preset) r \(radius): \(f)")
            }
        }
    }

    /// The bold N's upper notch, where its diagonal leaves the left stem, and every other
    /// joint of the letters at the sizes, radii and depths of a user's embossed "GOLDEN": no
    /// 5 × 5 window of fully covered pixels is off the 4× render by a mean of more than 0.40.
    func testNoPatchOfTheGlyphsIsFarFromThe4xRender() {
        let shape = EmbossQuality.glyphs
        for preset in ["gold", "chrome"] {
            let shading = Hemisphere.preset(named: preset)!.render(size: 256)
            for radius: Float in [25, 40] { for depth: Float in [10, 20] {
                var settings = EmbossSettings()
                settings.radius = radius
                settings.scale = depth
                let (image, reference) = EmbossQuality.renders(shape, settings, shading: shading)
                let worst = EmbossQuality.worstWindow(image, reference, shape)
                print("EmbossQualityTests: \(preset) r \(radius) depth \(depth): worst 5 × 5 window \(worst)")
                XCTAssertLessThanOrEqual(worst.mean, 0.40, "\(preset) r \(radius) depth \(depth): \(worst)")
            } }
        }
    }

    func testASubsetStaysWithinTheMeasuredBounds() {
        check(presets: ["mercury"], radii: [2, 10], scales: [10, 50]) { f in
            f.far <= 0.03 && f.speckle <= 1.3 * f.referenceSpeckle + 0.01
        }
    }

    /// A pixel 1 px inside a letter's stem at r = 2, depth 50 looks up obsidian's bright rim
    /// ring, and so do the 4× render's sub-pixels (0.51–0.60). While each of its sub-pixels was
    /// averaged over an even share of the move to its neighbour 1 px further in (10–16 picture
    /// px, towards the ball's dark inside), whole columns beside the stems came out at 0.28:
    /// 3.78 % of the interior far from the 4× render. (The case still misses the speckle goal:
    /// 0.17 % against the 4× render's 0.03 %, a few pixels.)
    func testAStemsSteepFootReadsTheRimRingAsThe4xRenderDoes() {
        var settings = EmbossSettings()
        settings.radius = 2
        settings.scale = 50
        let f = EmbossQuality.measure(EmbossQuality.text, settings,
                                      shading: Hemisphere.preset(named: "obsidian")!.render(size: 256),
                                      interior: EmbossQuality.interior(EmbossQuality.text, radius: 2))
        XCTAssertLessThanOrEqual(f.far, 0.015, "\(f)")
    }

    /// Where a glyph's bowl meets its stem the outside is a narrow wedge whose tip the edge
    /// only partly covers. Unless the wedge's tip is modelled (`wedgeTip`), the tip's piece of
    /// edge is a chamfer whose line leaves fully covered pixels of "Rags" on its outside (d
    /// from −1 to −3.2): a pit to height 0 and a steep slope the wrong way, beside the "R"'s,
    /// "a"'s and "g"'s junctions.
    func testNoFullyCoveredPixelIsOutsideTheEdge() {
        for shape in [EmbossQuality.logo, EmbossQuality.text] {
            let relief = HeightField.relief(shape.coarse, radius: 10, profile: .round)
            let w = shape.coarse.width
            // d is kept where the relief slopes (the plateau's is 0, flat).
            let outside = shape.coarse.values.indices.filter { i in
                shape.coarse.values[i] >= 1 && (relief.slopeX.values[i] != 0 || relief.slopeY.values[i] != 0)
                    && !(relief.distances.values[i] > 0)
            }
            XCTAssertEqual(outside.map { "(\($0 % w), \($0 / w)) d \(relief.distances.values[$0])" }, [], shape.name)
            let pits = shape.coarse.values.indices.filter { shape.coarse.values[$0] >= 1 && !(relief.heights.values[$0] > 0) }
            XCTAssertEqual(pits, [], "\(shape.name): no pit to height 0 inside")
        }
    }

    func check(presets: [String], radii: [Float], scales: [Float], _ pass: (EmbossQuality.Figures) -> Bool) {
        let shadings = presets.map { Hemisphere.preset(named: $0)!.render(size: 256) }
        for shape in [EmbossQuality.logo, EmbossQuality.text] {
            for radius in radii {
                let interior = EmbossQuality.interior(shape, radius: radius)
                for (name, shading) in zip(presets, shadings) { for scale in scales {
                    var settings = EmbossSettings()
                    settings.radius = radius
                    settings.scale = scale
                    let f = EmbossQuality.measure(shape, settings, shading: shading, interior: interior)
                    print(String(format: "%@ %@ r %g k %g: speckle %.2f%% (4×: %.2f%%), far %.2f%%",
                                 shape.name, name, radius, scale, 100 * f.speckle, 100 * f.referenceSpeckle, 100 * f.far))
                    XCTAssertTrue(pass(f), "\(shape.name) \(name) r \(radius) k \(scale): \(f)")
                } }
            }
        }
    }
}

extension EmbossQualityTests {
    /// IMPASTO_EMBOSS_DUMP=dir: the renders behind one case's figures, for looking at (RADIUS,
    /// SCALE, PRESET choose the case; 4× zoomed: the 1× render, the reference, and the 1×
    /// render with far pixels red and the crease left out of the measures blue).
    func testTheDumpMarksTheFarPixelsTheFiguresCount() throws {
        guard let dir = ProcessInfo.processInfo.environment["IMPASTO_EMBOSS_DUMP"] else { throw XCTSkip("set IMPASTO_EMBOSS_DUMP") }
        let env = ProcessInfo.processInfo.environment
        let shading = Hemisphere.preset(named: env["PRESET"] ?? "mercury")!.render(size: 256)
        for shape in [EmbossQuality.logo, EmbossQuality.text] {
            var s = EmbossSettings()
            s.radius = Float(env["RADIUS"] ?? "10")!
            s.scale = Float(env["SCALE"] ?? "10")!
            var fine = s
            fine.radius *= 4
            fine.scale *= 4
            let w = shape.coarse.width, h = shape.coarse.height
            let image = EmbossQuality.render(shape.coarse, s, shading: shading)
            EmbossQuality.save(image, width: w, height: h, zoom: 4, to: "\(dir)/\(shape.name)-1x.png")
            let reference = EmbossQuality.boxDown(rgba: EmbossQuality.render(shape.fine, fine, shading: shading),
                                                  width: shape.fine.width, height: shape.fine.height)
            EmbossQuality.save(reference, width: w, height: h, zoom: 4, to: "\(dir)/\(shape.name)-ref.png")
            // Far pixels in red, and the crease left out of the measures in blue, over the 1× render.
            var marked = image
            let interior = EmbossQuality.interior(shape, radius: s.radius)
            for i in 0 ..< w * h where shape.coarse.values[i] >= 0.999 && !interior[i] {
                (marked[4 * i], marked[4 * i + 1], marked[4 * i + 2]) = (0, 0, 1)
            }
            for i in 0 ..< w * h where interior[i]
                && (0 ..< 3).contains(where: { abs(image[4 * i + $0] - reference[4 * i + $0]) > 0.2 }) {
                (marked[4 * i], marked[4 * i + 1], marked[4 * i + 2]) = (1, 0, 0)
            }
            EmbossQuality.save(marked, width: w, height: h, zoom: 4, to: "\(dir)/\(shape.name)-far.png")
            // The picture shows the pixels the figures count: as many red as far interior ones.
            let red = (0 ..< w * h).filter { marked[4 * $0] == 1 && marked[4 * $0 + 1] == 0 && marked[4 * $0 + 2] == 0 }.count
            let counted = EmbossQuality.figures(image, reference, width: w, interior: interior).far
                * Double(interior.filter { $0 }.count)
            XCTAssertEqual(Double(red), counted.rounded(), "\(shape.name): red pixels against the far figure")
        }
    }
}
