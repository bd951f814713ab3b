// SPDX-License-Identifier: GPL-3.0-or-later
@testable import ImpastoKernels
import XCTest

/// The emboss's arithmetic done four pixels at a time (`FootprintField.prepare`, `Rise` on
/// lanes) gives the same bits as the scalar formulas it stands for: each pixel's lookup, slope
/// direction, the lookups of its halves along ∇d and the spread between them.
final class EmbossLanesTests: XCTestCase {
    func testPrepareGivesTheScalarFormulasBits() {
        // Slopes and distances of every kind: flat runs of four (skipped), single flat pixels,
        // ordinary, steep, tiny and non-finite slopes, distances inside and outside the edge;
        // an odd count, so that the last pixels take the one-at-a-time path.
        var sx: [Float] = [0, 0, 0, 0], sy: [Float] = [0, 0, 0, 0], d: [Float] = [0, 0, 0, 0]
        var seed: UInt32 = 11
        func random() -> Float {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return Float(seed >> 8) / Float(1 << 24)
        }
        let special: [(Float, Float, Float)] = [(0, 0, 3), (0.5, 0, -0.4), (0, -2, 0.2), (1e-20, 1e-20, 1),
                                                (.infinity, 0, 1), (.nan, 1, 1), (1, 1, .nan), (3, -4, .infinity)]
        for (x, y, z) in special { sx.append(x); sy.append(y); d.append(z) }
        for _ in 0 ..< 997 {
            sx.append((random() - 0.5) * 4); sy.append((random() - 0.5) * 4); d.append(random() * 14 - 1)
        }
        let count = sx.count
        for (radius, profile) in [(10, HeightProfile.round), (2, .linear), (40, .smooth), (0, .round)] as [(Float, HeightProfile)] {
            let rise = Rise(radius: radius, profile: profile)
            for scale: Float in [5, 50] {
                var u = [Float](repeating: 0, count: count), v = u, dx = u, dy = u, spread = u
                var nearU = u, nearV = u, farU = u, farV = u
                nearU.withUnsafeMutableBufferPointer { nu in nearV.withUnsafeMutableBufferPointer { nv in
                    farU.withUnsafeMutableBufferPointer { fu in farV.withUnsafeMutableBufferPointer { fv in
                        let halves = FootprintField.Halves(nearU: nu.baseAddress!, nearV: nv.baseAddress!,
                                                                farU: fu.baseAddress!, farV: fv.baseAddress!)
                        FootprintField.prepare(sx, sy, d, count: count, rise: rise, scale: scale,
                                                    pictureWidth: 256, pictureHeight: 200, lookupU: &u, lookupV: &v,
                                                    directionX: &dx, directionY: &dy, halfSpread: &spread, halves: halves)
                    } }
                } }
                func lookup(_ x: Float, _ y: Float) -> (u: Float, v: Float) {
                    EmbossShading.lookup(EmbossShading.normal(dx: x, dy: y, scale: scale), width: 256, height: 200)
                }
                for i in 0 ..< count {
                    let squared = sx[i] * sx[i] + sy[i] * sy[i]
                    guard squared > 0 && squared.isFinite else {
                        XCTAssertEqual(SIMD2(dx[i], dy[i]), .zero, "pixel \(i): flat or not finite")
                        continue
                    }
                    let own = SIMD2(sx[i], sy[i]) / squared.squareRoot(), l = lookup(sx[i], sy[i])
                    XCTAssertEqual([u[i], v[i], dx[i], dy[i]].map(\.bitPattern),
                                   [l.u, l.v, own.x, own.y].map(\.bitPattern), "pixel \(i)")
                    guard d[i].isFinite else { continue }
                    let a = rise.meanSlope(d[i] - 0.5, d[i]), b = rise.meanSlope(d[i], d[i] + 0.5)
                    let la = lookup(a * own.x, a * own.y), lb = lookup(b * own.x, b * own.y)
                    let want = 2 * max(abs(la.u - lb.u), abs(la.v - lb.v))
                    XCTAssertEqual(spread[i].bitPattern, want.bitPattern,
                                   "pixel \(i), r \(radius) \(profile): \(spread[i]) against \(want)")
                    XCTAssertEqual([nearU[i], nearV[i], farU[i], farV[i]].map(\.bitPattern),
                                   [la.u, la.v, lb.u, lb.v].map(\.bitPattern), "pixel \(i)'s halves, r \(radius) \(profile)")
                }
            }
        }
    }

    func testPerceptualRGBGivesEachListedPixelItsOwnCurve() {
        // A row of 11 RGBA pixels with values of every kind: the curve's linear foot and its
        // knee, mid-tones, above 1, negative, NaN and ±∞; alpha a marker that must stay.
        let values: [Float] = [0, 0.001, 0.0031308, 0.0032, 0.18, 0.5, 1, 1.7, -0.01, .nan, .infinity, -.infinity, 3e-39]
        var row: [Float] = []
        for x in 0 ..< 11 {
            let n = values.count
            row += [values[x % n], values[(x + 4) % n], values[(x + 9) % n], Float(x) + 0.25]
        }
        // Lists of every length 0 … 11 (groups of four, and a last group of one to three),
        // ascending as the shading makes them, with pixels left out.
        let order = [0, 2, 3, 4, 5, 7, 8, 9, 10, 1, 6]
        for count in 0 ... 11 {
            let listed = order[0 ..< count].sorted()
            var out = row
            let indices = listed.map { Int32($0) }
            out.withUnsafeMutableBufferPointer { o in
                indices.withUnsafeBufferPointer { SRGB.perceptualRGB(o.baseAddress!, at: $0.baseAddress!, count: count) }
            }
            for x in 0 ..< 11 {
                let before = SIMD4(row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3])
                var want = before
                if listed.contains(x) {
                    want = SRGB.perceptual(before)
                    want.w = before.w
                }
                XCTAssertEqual(out[4 * x ..< 4 * x + 4].map(\.bitPattern), [want.x, want.y, want.z, want.w].map(\.bitPattern),
                               "pixel \(x) of \(count) listed")
            }
        }
    }

    func testRiseOnLanesIsRiseOnEachLane() {
        let xs: [Float] = [-1, -0.0, 0, 0.3, 0.5, 1, 2.5, 9.99, 10, 10.5, 100, .infinity, -.infinity, .nan]
        for (radius, profile) in [(10, HeightProfile.round), (3, .linear), (7, .smooth), (0, .round)] as [(Float, HeightProfile)] {
            let rise = Rise(radius: radius, profile: profile)
            for i in 0 ..< xs.count {
                let x = SIMD4(xs[i], xs[(i + 3) % xs.count], xs[(i + 5) % xs.count], xs[(i + 8) % xs.count])
                let lanes = rise(x), slopes = rise.meanSlope(x - 0.5, x + 0.5)
                for lane in 0 ..< 4 {
                    XCTAssertEqual(lanes[lane].bitPattern, rise(x[lane]).bitPattern, "H(\(x[lane])) r \(radius) \(profile)")
                    let want = rise.meanSlope(x[lane] - 0.5, x[lane] + 0.5)
                    XCTAssertTrue(want.isNaN ? slopes[lane].isNaN : slopes[lane] == want,
                                  "mean slope at \(x[lane]) r \(radius) \(profile): \(slopes[lane]) against \(want)")
                }
            }
        }
    }
}
