// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import ImpastoTestSupport
import XCTest

final class HeightFieldTests: XCTestCase {
    /// Brute force: for an inside pixel (≥ 0.5), the smallest distance to any outside pixel
    /// (< 0.5 or NaN) and to the ring of padding pixels around the image; 0 outside.
    func bruteForceDistances(_ mask: Plane) -> [Double] {
        let w = mask.width, h = mask.height
        var outside: [(Int, Int)] = []
        for y in -1 ... h { for x in -1 ... w where x < 0 || y < 0 || x == w || y == h || !(mask[x, y] >= 0.5) {
            outside.append((x, y))
        } }
        var out = [Double](repeating: 0, count: w * h)
        for y in 0 ..< h {
            for x in 0 ..< w where mask[x, y] >= 0.5 {
                out[y * w + x] = outside.map { hypot(Double($0.0 - x), Double($0.1 - y)) }.min() ?? 0
            }
        }
        return out
    }

    func randomMask(width: Int, height: Int, rng: inout SeededRandom) -> Plane {
        let density = Double.random(in: 0 ... 1, using: &rng)
        var mask = Plane(width: width, height: height)
        for i in mask.values.indices {
            let inside = Double.random(in: 0 ... 1, using: &rng) < density
            switch Int.random(in: 0 ..< 10, using: &rng) {
            case 0: mask.values[i] = inside ? 0.5 : 0.49999997   // right at the threshold
            case 1: mask.values[i] = inside ? 1 : .nan           // NaN is outside
            default: mask.values[i] = inside ? Float.random(in: 0.5 ... 1, using: &rng) : Float.random(in: 0 ..< 0.5, using: &rng)
            }
        }
        return mask
    }

    func testDistancesMatchBruteForceOnRandomMasks() {
        var rng = SeededRandom(seed: 1)
        let limits: [Float] = [.infinity, 1e6, 7, 2.5, 1.5, 1, 0.5, 0, -1, .nan, -.infinity]
        var sizes = [(0, 0), (1, 1), (1, 17), (17, 1), (0, 5), (5, 0), (2, 2), (40, 3)]
        for _ in 0 ..< 150 { sizes.append((Int.random(in: 1 ... 24, using: &rng), Int.random(in: 1 ... 24, using: &rng))) }
        for (n, (w, h)) in sizes.enumerated() {
            var mask = randomMask(width: w, height: h, rng: &rng)
            if n % 10 == 3 { mask = Plane(width: w, height: h, repeating: 1) }   // all inside
            if n % 10 == 7 { mask = Plane(width: w, height: h, repeating: 0) }   // all outside
            let exact = bruteForceDistances(mask)
            for limit in limits {
                let clamp = limit >= 0 ? Double(limit) : 0
                let got = HeightField.distances(mask, limit: limit)
                XCTAssertEqual(got.width, w)
                XCTAssertEqual(got.height, h)
                for i in exact.indices {
                    XCTAssertEqual(Double(got.values[i]), min(exact[i], clamp), accuracy: 1e-4,
                                   "\(w)×\(h) mask #\(n), limit \(limit), pixel \(i)")
                }
            }
        }
    }

    func testPinnedDistances() {
        // 7 × 7, all inside but (1, 1): diagonals count, and the border is outside too.
        var mask = Plane(width: 7, height: 7, repeating: 1)
        mask[1, 1] = 0
        let d = HeightField.distances(mask, limit: .infinity)
        XCTAssertEqual(d[1, 1], 0)
        XCTAssertEqual(d[2, 2], Float(2).squareRoot(), accuracy: 1e-6)
        XCTAssertEqual(d[3, 2], Float(5).squareRoot(), accuracy: 1e-6)
        XCTAssertEqual(d[3, 3], Float(8).squareRoot(), accuracy: 1e-6)   // the hole beats the border (4)
        XCTAssertEqual(d[4, 4], 3, accuracy: 1e-6)                 // the border: 7 − 4
        XCTAssertEqual(d[6, 6], 1, accuracy: 1e-6)
        XCTAssertEqual(d[0, 3], 1, accuracy: 1e-6)
        // A fully opaque image is bevelled along its borders; one pixel is 1 from the padding.
        let full = HeightField.distances(Plane(width: 5, height: 5, repeating: 1), limit: 10)
        XCTAssertEqual(full[2, 2], 3)
        XCTAssertEqual(full[1, 2], 2)
        XCTAssertEqual(full[0, 0], 1)
        XCTAssertEqual(HeightField.distances(Plane(width: 1, height: 1, repeating: 1), limit: 10)[0, 0], 1)
    }

    func testProfilesAcrossAnAntialiasedDisc() {
        // A disc of radius 30.3 centred in 80 × 80, its coverage sampled 16 × 16 per pixel:
        // along the row and column through the centre (where the coverage's 3 × 3 gradient
        // points at the centre), d is the distance to the true circle, R − |p − c|, to 0.05 px (up to r + 1)
        // — not a whole-pixel distance to the nearest outside pixel — and h = profile(d / r).
        let R = 30.3, c = 40.0
        let mask = antialiasedDisc(size: 80, R: R, c: c)
        let profiles: [(HeightProfile, (Double) -> Double)] = [
            (.round, { t in (1 - (1 - t) * (1 - t)).squareRoot() }),
            (.linear, { t in t }),
            (.smooth, { t in (1 - cos(Double.pi * t)) / 2 }),
        ]
        for (profile, formula) in profiles {
            let relief = HeightField.relief(mask, radius: 10, profile: profile)
            for x in 10 ..< 40 {
                let d = R - (c - (Double(x) + 0.5))
                for (px, py) in [(x, 40), (40, x), (79 - x, 39), (39, 79 - x)] {
                    if d < 11 {   // beyond r + 2 from the outside: the plateau, d not kept
                        XCTAssertEqual(Double(relief.distances[px, py]), d, accuracy: 0.05, "\(profile) at \(px), \(py)")
                    }
                    XCTAssertEqual(Double(relief.heights[px, py]), formula(min(max(d, 0), 10) / 10), accuracy: 0.02,
                                   "\(profile) at \(px), \(py)")
                }
            }
            XCTAssertEqual(relief.heights[5, 40], 0, "outside")
            XCTAssertEqual(relief.heights[40, 40], 1, "the plateau")
            XCTAssertEqual(relief.slopeX[40, 40], 0, "the plateau is flat")
            // The slope points into the disc (h rises inwards): right on the left rim, up at the bottom.
            XCTAssertGreaterThan(relief.slopeX[12, 40], 0)
            XCTAssertEqual(relief.slopeY[12, 40], 0, accuracy: 0.01)
            XCTAssertLessThan(relief.slopeY[40, 67], 0)
        }
        // The slope is the profile's mean over the pixel: (H(d + ½) − H(d − ½)) for a linear
        // profile is 1/r wherever the pixel lies wholly on the bevel.
        let linear = HeightField.relief(mask, radius: 10, profile: .linear)
        XCTAssertEqual(linear.slopeX[15, 40], 0.1, accuracy: 1e-3)
    }

    /// An antialiased disc of radius `R` centred at (c, c) in a size × size image, coverage
    /// sampled 16 × 16 per pixel.
    /// (Pixel (x, y) spans x … x + 1 here: its centre is at (x + ½, y + ½).)
    func antialiasedDisc(size: Int, R: Double, c: Double) -> Plane {
        antialiased(width: size, height: size, samples: 16) { px, py in
            (px + 0.5 - c) * (px + 0.5 - c) + (py + 0.5 - c) * (py + 0.5 - c) <= R * R
        }
    }

    /// A width × height mask whose coverage is the fraction of n × n samples (px, py) in each
    /// pixel for which `inside` holds; pixel (x, y) spans x − ½ … x + ½, y − ½ … y + ½.
    func antialiased(width: Int, height: Int, samples n: Int, _ inside: (Double, Double) -> Bool) -> Plane {
        var mask = Plane(width: width, height: height)
        for y in 0 ..< height { for x in 0 ..< width {
            var hits = 0
            for j in 0 ..< n { for i in 0 ..< n where inside(Double(x) - 0.5 + (Double(i) + 0.5) / Double(n),
                                                            Double(y) - 0.5 + (Double(j) + 0.5) / Double(n)) {
                hits += 1
            } }
            mask[x, y] = Float(hits) / Float(n * n)
        } }
        return mask
    }

    func testSlopesFollowTheCurveSmoothlyAndStopAtTheCrease() {
        // On a disc the slope points at the centre. Each pixel's ∇d comes from a pixel-sized
        // piece of the edge; averaged with its neighbours' (`SlopeSmoothing`, twice) it
        // follows the circle within a few degrees on the whole bevel (measured: RMS 1.40°,
        // worst 4.1°; averaged once RMS 1.82°, worst 6.0°; without the averaging RMS 3.5°,
        // worst 15.9°).
        let (R, c) = (30.3, 40.0)
        let relief = HeightField.relief(antialiasedDisc(size: 80, R: R, c: c), radius: 10, profile: .round)
        var squares = 0.0, worst = 0.0, count = 0
        for y in 0 ..< 80 { for x in 0 ..< 80 {
            let px = Double(x) + 0.5 - c, py = Double(y) + 0.5 - c, d = R - (px * px + py * py).squareRoot()
            guard d > 0.5 && d < 10 else { continue }
            let sx = Double(relief.slopeX[x, y]), sy = Double(relief.slopeY[x, y])
            let angle = abs(atan2(sx * py - sy * px, -(sx * px + sy * py))) * 180 / .pi
            squares += angle * angle
            worst = max(worst, angle)
            count += 1
        } }
        let rms = (squares / Double(count)).squareRoot()
        XCTAssertGreaterThan(count, 1000)
        XCTAssertLessThan(rms, 1.6, "RMS angle from the centre's direction")
        XCTAssertLessThan(worst, 5, "worst angle from the centre's direction")

        // A bar 12 px tall, r = 10: the slopes either side of its middle meet at a crease and
        // are not averaged across it — straight up and straight down, as steep as the profile
        // says (the mean slope over the pixel, H(d + ½) − H(d − ½)).
        var bar = Plane(width: 60, height: 20)
        for y in 4 ..< 16 { for x in 5 ..< 55 { bar[x, y] = 1 } }
        let barRelief = HeightField.relief(bar, radius: 10, profile: .round)
        for x in 20 ..< 40 {
            for (y, sign) in [(9, Float(1)), (10, -1)] {
                let d = Float(y < 10 ? y - 3 : 16 - y) - 0.5   // to the nearest long side
                let mean = barRelief.meanSlope(d - 0.5, d + 0.5)
                XCTAssertEqual(barRelief.slopeX[x, y], 0, "\(x), \(y)")
                XCTAssertEqual(barRelief.slopeY[x, y], sign * mean, accuracy: 1e-6, "\(x), \(y)")
            }
        }
    }

    /// Around a concave corner (a rectangular hole's corner, antialiased, at sub-pixel
    /// positions) the pixels 1–5 px from the vertex, in the quadrant facing it, slope away from
    /// the vertex. Where the hole only clips the corner pixel diagonal to the nearest outside
    /// pixel, that pixel's gradient points into the corner and its piece of edge was a
    /// chamfer across it (`Bevel.edge`, ±½ px from a diagonal edge pixel). Measured: mean 6.3°
    /// over the six corners, 6.1° at worst at (20.29, 20.46); with the chamfer ±1 px, 7.5°
    /// and 12.6°.
    func testTheFanAroundAConcaveCornerPointsAwayFromItsVertex() {
        var sum = 0.0, count = 0
        for (vx, vy) in [(20.29, 20.46), (20.5, 20.5), (20.1, 20.8), (20.7, 20.2), (20.0, 20.0), (20.35, 20.9)] {
            let mask = antialiased(width: 40, height: 40, samples: 16) { px, py in !(px > vx && py > vy) }
            let relief = HeightField.relief(mask, radius: 10, profile: .round)
            var worst = 0.0
            for y in 10 ..< 30 { for x in 10 ..< 30 {
                let dx = Double(x) - vx, dy = Double(y) - vy, rho = (dx * dx + dy * dy).squareRoot()
                guard dx < -0.5, dy < -0.5, rho > 1, rho < 5 else { continue }
                let sx = Double(relief.slopeX[x, y]), sy = Double(relief.slopeY[x, y])
                let angle = abs(atan2(sx * dy - sy * dx, sx * dx + sy * dy)) * 180 / .pi
                worst = max(worst, angle)
                sum += angle
                count += 1
            } }
            if (vx, vy) == (20.29, 20.46) { XCTAssertLessThan(worst, 8, "the clipped corner's fan") }
        }
        XCTAssertEqual(count, 81)
        XCTAssertLessThan(sum / Double(count), 6.8, "mean angle from the vertex's direction")
    }

    /// A concave corner whose tip the edge only partly covers (`Bevel.wedgeTip`): outside
    /// wedges of 60°, 90° and 120° at every 30° and two sub-pixel vertices; the pixels of the
    /// fan, 1 to 5 px from the vertex, slope away from it. Without the wedge model the
    /// chamfer's ends turn them: a mean of 9.2° off; with it 7.9°.
    func testTheFanAroundAnOutsideWedgesTipPointsAwayFromItsVertex() {
        var sum = 0.0, count = 0
        for open in [60.0, 90.0, 120.0] { for facing in stride(from: 0.0, to: 360.0, by: 30.0) {
            for (vx, vy) in [(20.3, 20.45), (20.8, 20.7)] {
                let a1 = (facing - open / 2) * .pi / 180, a2 = (facing + open / 2) * .pi / 180
                // Outside: on the inner side of both arms (each arm's normal turned towards the other).
                let mask = antialiased(width: 40, height: 40, samples: 8) { px, py in
                    let dx = px - vx, dy = py - vy
                    return !(-sin(a1) * dx + cos(a1) * dy > 0 && sin(a2) * dx - cos(a2) * dy > 0)
                }
                let relief = HeightField.relief(mask, radius: 10, profile: .round)
                for y in 14 ..< 27 { for x in 14 ..< 27 {
                    let dx = Double(x) - vx, dy = Double(y) - vy, rho = (dx * dx + dy * dy).squareRoot()
                    // The fan: more than 90° (and a margin) from both arms' directions.
                    let angle = atan2(dy, dx)
                    func apart(_ a: Double) -> Double { abs(atan2(sin(angle - a), cos(angle - a))) }
                    guard rho > 1, rho < 5, apart(a1) > .pi / 2 + 0.05, apart(a2) > .pi / 2 + 0.05 else { continue }
                    let sx = Double(relief.slopeX[x, y]), sy = Double(relief.slopeY[x, y])
                    sum += abs(atan2(sx * dy - sy * dx, sx * dx + sy * dy)) * 180 / .pi
                    count += 1
                } }
            }
        } }
        XCTAssertEqual(count, 1301)
        XCTAssertLessThan(sum / Double(count), 8.5, "mean angle from the vertex's direction")
    }

    func testBesideAHoleCornerTheSlopesFollowTheNearestArm() {
        // Outside wedges whose tip pixel is (almost) wholly outside: square holes' corners, on
        // the pixel grid (hard steps) or with one arm antialiased, and 100–110° wedges like the
        // logo's star's inner corners. Every inside pixel within 6 px of the vertex is checked
        // against the exact ∇d: away from the nearest point of the two arms (half-lines). The
        // tip's 3 × 3 gradient holds both arms, and so do its neighbours'.
        var sum = 0.0, count = 0
        let wedges: [(open: Double, facings: [Double], vertices: [(Double, Double)])] = [
            (90, [45, 135, 225, 315], [(20.5, 20.5), (20.28, 20.5), (20.5, 20.7)]),
            (100, [0, 90, 200, 290], [(20.5, 20.5), (20.3, 20.6)]),
            (110, [30, 150, 250], [(20.5, 20.5), (20.4, 20.3)]),
        ]
        for w in wedges { for facing in w.facings { for (vx, vy) in w.vertices {
            let a1 = (facing - w.open / 2) * .pi / 180, a2 = (facing + w.open / 2) * .pi / 180
            let mask = antialiased(width: 40, height: 40, samples: 8) { px, py in
                let dx = px - vx, dy = py - vy
                return !(-sin(a1) * dx + cos(a1) * dy > 0 && sin(a2) * dx - cos(a2) * dy > 0)
            }
            let relief = HeightField.relief(mask, radius: 10, profile: .round)
            for y in 13 ..< 28 { for x in 13 ..< 28 where mask[x, y] >= 1 {
                let px = Double(x) - vx, py = Double(y) - vy
                // The nearest point of the arms v + t (cos aᵢ, sin aᵢ), t ≥ 0.
                var best = (gap: Double.infinity, dx: 0.0, dy: 0.0)
                for a in [a1, a2] {
                    let t = max(px * cos(a) + py * sin(a), 0), dx = px - t * cos(a), dy = py - t * sin(a)
                    let gap = (dx * dx + dy * dy).squareRoot()
                    if gap < best.gap { best = (gap, dx, dy) }
                }
                guard best.gap > 0.5, best.gap < 6 else { continue }
                let sx = Double(relief.slopeX[x, y]), sy = Double(relief.slopeY[x, y])
                sum += abs(atan2(sx * best.dy - sy * best.dx, sx * best.dx + sy * best.dy)) * 180 / .pi
                count += 1
            } }
        } } }
        // Measured: 2.61° with the arms read 2 px along the edge (`Coverage.wedgeTip`),
        // 3.76° with the tip's own 3 × 3 gradient.
        XCTAssertEqual(count, 2806)
        XCTAssertLessThan(sum / Double(count), 3, "mean angle from the nearest arm's ∇d")
    }

    func testBesideAHoleCornerEachPixelMeasuresFromTheNearerPartOfTheEdge() {
        // A stem whose left edge is antialiased (x = 13.01) and a square hole right of it from
        // (24.29, 46.5), as the "R"'s lower counter meets its stem. Between the stem's far edge
        // and the corner's fan is a crease; the transform's nearest outside pixel, nearest by
        // centres, is the far edge's for a column of pixels that the corner is nearer to.
        let (left, cornerX, cornerY) = (13.01, 24.29, 46.5)
        let mask = antialiased(width: 48, height: 80, samples: 8) { px, py in
            px >= left && !(px >= cornerX && py >= cornerY)
        }
        let relief = HeightField.relief(mask, radius: 20, profile: .round)
        var worst = 0.0, count = 0
        for y in 30 ..< 62 { for x in 14 ..< 24 {
            let exact = min(Double(x) - left, (pow(max(cornerX - Double(x), 0), 2) + pow(max(cornerY - Double(y), 0), 2)).squareRoot())
            guard exact > 1, exact < 10 else { continue }
            worst = max(worst, Double(relief.distances[x, y]) - exact)
            count += 1
        } }
        // Measured: 0.01 px with the neighbours' outside pixels (`Bevel.inside`),
        // 0.18 px from each pixel's own only.
        XCTAssertEqual(count, 288)
        XCTAssertLessThan(worst, 0.1, "farthest a pixel's d is beyond the nearer edge's")
    }

    func testProfileShapes() {
        XCTAssertEqual(HeightProfile.allCases.map(\.rawValue), [0, 1, 2])
        for profile in HeightProfile.allCases {
            XCTAssertEqual(profile(0), 0)
            XCTAssertEqual(profile(1), 1, accuracy: 1e-7)
            XCTAssertEqual(profile(-3), 0, "clamped")
            XCTAssertEqual(profile(7), 1, accuracy: 1e-7, "clamped")
            XCTAssertEqual(profile(.nan), 0)
            XCTAssertEqual(profile(.infinity), 1, accuracy: 1e-7)
        }
        XCTAssertEqual(HeightProfile.round(0.5), 0.8660254, accuracy: 1e-6)
        XCTAssertEqual(HeightProfile.linear(0.25), 0.25)
        XCTAssertEqual(HeightProfile.smooth(0.25), 0.14644661, accuracy: 1e-6)
    }

    func testZeroRadiusIsAStepAndBadRadiiCountAsZero() {
        let mask = Plane(width: 4, height: 1, values: [1, 0.5, 0.2, .nan]) ?? Plane(width: 0, height: 0)
        for radius in [Float(0), -5, .nan, .infinity, -.infinity] {
            for profile in HeightProfile.allCases {
                XCTAssertEqual(HeightField.heights(mask, radius: radius, profile: profile).values, [1, 1, 0, 0],
                               "radius \(radius), \(profile)")
            }
        }
        // A tiny positive radius: the top wherever the centre is inside the antialiased edge;
        // half covered, the centre is on it (d = 0).
        XCTAssertEqual(HeightField.heights(mask, radius: 1e-30, profile: .round).values, [1, 0, 0, 0])
    }

    func testOddInputsDoNotTrap() {
        let nan = Plane(width: 6, height: 4, repeating: .nan)
        XCTAssertEqual(HeightField.distances(nan, limit: 5), Plane(width: 6, height: 4), "NaN is outside")
        XCTAssertEqual(HeightField.heights(nan, radius: 5, profile: .smooth), Plane(width: 6, height: 4))
        for (w, h) in [(0, 0), (0, 3), (3, 0)] {
            XCTAssertEqual(HeightField.distances(Plane(width: w, height: h), limit: 3), Plane(width: w, height: h))
            XCTAssertEqual(HeightField.heights(Plane(width: w, height: h), radius: 3, profile: .round), Plane(width: w, height: h))
            XCTAssertEqual(HeightField.heights(Plane(width: w, height: h), radius: 0, profile: .round), Plane(width: w, height: h))
        }
        // A wide strip: one row, every pixel ½ from the image's top and bottom edges.
        let strip = HeightField.heights(Plane(width: 5000, height: 1, repeating: 1), radius: 2, profile: .linear)
        XCTAssertTrue(strip.values.dropFirst().dropLast().allSatisfy { $0 == 0.25 })
    }

    func testParallelSplitsGiveTheSameBits() {
        var rng = SeededRandom(seed: 9)
        let mask = randomMask(width: 97, height: 61, rng: &rng)
        let serialD = HeightField.distances(mask, limit: 12)
        let serialH = HeightField.heights(mask, radius: 6, profile: .smooth)
        for pieces in [2, 3, 7] {
            XCTAssertEqual(HeightField.distances(mask, limit: 12, parallel: .split(into: pieces)), serialD)
            XCTAssertEqual(HeightField.heights(mask, radius: 6, profile: .smooth, parallel: .split(into: pieces)), serialH)
        }
        // The whole relief (slopes and distances too): each band keeps the pieces of edge it has
        // made (`Bevel.pieces`), so bands that start elsewhere make and evict them in another
        // order; the bits must not depend on it. The random mask has more outside pixels than
        // the table holds; the text has corners, wedge tips and creases.
        for (name, shape, radius) in [("random", mask, Float(6)), ("text", EmbossQuality.text.coarse, 10),
                                      ("text", EmbossQuality.text.coarse, 100)] {
            let serial = HeightField.relief(shape, radius: radius, profile: .round)
            for pieces in [2, 3, 7] {
                XCTAssertTrue(HeightField.relief(shape, radius: radius, profile: .round, parallel: .split(into: pieces)) == serial,
                              "\(name) r \(radius) in \(pieces)")
            }
        }
    }
}
