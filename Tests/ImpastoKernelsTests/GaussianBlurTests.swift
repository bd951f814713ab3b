// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The reference for blur tests: a direct 2-D convolution with the sampled Gaussian
/// exp(−(i² + j²) / 2σ²) over |i|, |j| ≤ 4σ, normalised to sum 1, zero beyond the borders.
/// Double throughout; deliberately the slow, obvious sum.
func directGaussianBlur(_ plane: Plane, sigma: Double) -> [Double] {
    let r = Int(4 * sigma), side = 2 * r + 1
    var kernel = [Double]()
    for j in -r ... r { for i in -r ... r { kernel.append(exp(-Double(i * i + j * j) / (2 * sigma * sigma))) } }
    let total = kernel.reduce(0, +)
    var out = [Double](repeating: 0, count: plane.width * plane.height)
    for y in 0 ..< plane.height {
        for x in 0 ..< plane.width {
            var sum = 0.0
            for j in max(-r, -y) ... min(r, plane.height - 1 - y) {
                for i in max(-r, -x) ... min(r, plane.width - 1 - x) {
                    sum += kernel[(j + r) * side + i + r] * Double(plane[x + i, y + j])
                }
            }
            out[y * plane.width + x] = sum / total
        }
    }
    return out
}

/// The share of a 1-D sampled Gaussian (|i| ≤ 4σ, normalised) at i ≥ 0: what stays inside
/// at a border when everything beyond is zero.
func gaussianHalfMass(sigma: Double) -> Double {
    let r = Int(4 * sigma)
    let g = (-r ... r).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
    return g[r...].reduce(0, +) / g.reduce(0, +)
}

/// A 0/1 mask of random discs, some cut by the borders.
func randomBlobs(width: Int, height: Int, count: Int, maxRadius: Double, seed: UInt64) -> Plane {
    var rng = SeededRandom(seed: seed)
    var plane = Plane(width: width, height: height)
    for _ in 0 ..< count {
        let cx = Double.random(in: -5 ... Double(width) + 5, using: &rng)
        let cy = Double.random(in: -5 ... Double(height) + 5, using: &rng)
        let r = Double.random(in: 1 ... maxRadius, using: &rng)
        for y in stride(from: max(0, Int(cy - r)), to: min(height, Int(cy + r) + 1), by: 1) {
            for x in stride(from: max(0, Int(cx - r)), to: min(width, Int(cx + r) + 1), by: 1)
            where (Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy) <= r * r {
                plane[x, y] = 1
            }
        }
    }
    return plane
}

func randomNoise(width: Int, height: Int, seed: UInt64) -> Plane {
    var rng = SeededRandom(seed: seed)
    var plane = Plane(width: width, height: height)
    for i in plane.values.indices { plane.values[i] = Float.random(in: 0 ... 1, using: &rng) }
    return plane
}

final class GaussianBlurTests: XCTestCase {
    func maxError(_ plane: Plane, sigma: Float) -> Double {
        let got = GaussianBlur.blur(plane, sigma: sigma)
        XCTAssertEqual(got.width, plane.width)
        XCTAssertEqual(got.height, plane.height)
        let expected = directGaussianBlur(plane, sigma: Double(sigma))
        return zip(got.values, expected).map { abs(Double($0) - $1) }.max() ?? 0
    }

    func testMatchesDirectConvolution() {
        // The sizes put every pixel within 4σ of a border for σ = 12: all of it is boundary.
        // FIR up to σ = 12 (exact but for Float rounding), Deriche's recursive filter beyond.
        for (sigma, w, h, tolerance) in [(Float(0.7), 41, 37, 1e-6), (3, 64, 45, 1e-6), (3.5, 50, 44, 1e-6),
                                         (12, 90, 70, 1e-6), (13, 100, 80, 1e-3)] {
            let blobs = randomBlobs(width: w, height: h, count: 8, maxRadius: Double(sigma) * 3, seed: 10)
            let noise = randomNoise(width: w, height: h, seed: 11)
            let e1 = maxError(blobs, sigma: sigma), e2 = maxError(noise, sigma: sigma)
            XCTAssertLessThanOrEqual(e1, tolerance, "σ \(sigma), blobs")
            XCTAssertLessThanOrEqual(e2, tolerance, "σ \(sigma), noise")
            XCTAssertLessThanOrEqual(max(e1, e2), 0.01, "σ \(sigma): the required accuracy")
        }
    }

    func testWideBlurOfASingleRowMatchesDirectConvolution() {
        // σ = 40 on a 1 × 300 row: the 2-D reference reduces to one row of taps (cheap), and
        // the recursive filter's two halves start at rest at both ends.
        var row = Plane(width: 300, height: 1)
        for x in [0, 1, 2, 150, 280, 299] { row[x, 0] = 1 }
        XCTAssertLessThanOrEqual(maxError(row, sigma: 40), 1e-4)
        XCTAssertLessThanOrEqual(maxError(Plane(width: 1, height: 300, values: row.values) ?? row, sigma: 40), 1e-4)
    }

    func testAConstantStaysInsideAndLeaksOutAtTheBorders() {
        for sigma in [Float(2), 5] {
            let out = GaussianBlur.blur(Plane(width: 120, height: 100, repeating: 1), sigma: sigma)
            let half = gaussianHalfMass(sigma: Double(sigma))
            XCTAssertEqual(out[60, 50], 1, accuracy: 1e-3, "σ \(sigma): far from the borders")
            XCTAssertEqual(Double(out[60, 0]), half, accuracy: 1e-3, "σ \(sigma): an edge keeps half + w0/2")
            XCTAssertEqual(Double(out[0, 0]), half * half, accuracy: 1e-3, "σ \(sigma): a corner keeps a quarter-ish")
            XCTAssertEqual(Double(out[119, 99]), half * half, accuracy: 1e-3)
        }
    }

    func testEnergyIsKeptInsideAndLostBeyondTheBorder() {
        for sigma in [Float(2), 6] {
            var centre = Plane(width: 64, height: 64), corner = Plane(width: 64, height: 64)
            centre[32, 32] = 1
            corner[0, 0] = 1
            let inside = GaussianBlur.blur(centre, sigma: sigma).values.reduce(0, +)
            let leaked = GaussianBlur.blur(corner, sigma: sigma).values.reduce(0, +)
            let half = gaussianHalfMass(sigma: Double(sigma))
            XCTAssertEqual(inside, 1, accuracy: 1e-3, "σ \(sigma)")
            XCTAssertEqual(Double(leaked), half * half, accuracy: 1e-3, "σ \(sigma): three quarters gone")
        }
    }

    func testATinyPlane() {
        // One pixel, zero all around: only the centre tap, w0² = 1 / (Σ_{|i| ≤ 8} e^(−i²/8))².
        let taps: [Double] = (-8 ... 8).map { i in exp(-Double(i * i) / 8) }
        let w0 = 1 / taps.reduce(0, +)
        let one = GaussianBlur.blur(Plane(width: 1, height: 1, repeating: 0.5), sigma: 2)
        XCTAssertEqual(Double(one[0, 0]), 0.5 * w0 * w0, accuracy: 1e-7)
        // The recursive filter too (σ = 5), against the direct sum.
        let dot = Plane(width: 1, height: 1, repeating: 1)
        XCTAssertEqual(Double(GaussianBlur.blur(dot, sigma: 5)[0, 0]), directGaussianBlur(dot, sigma: 5)[0], accuracy: 1e-3)
    }

    func testNoBlurAndEmptyPlanesReturnTheInput() {
        let noise = randomNoise(width: 7, height: 5, seed: 3)
        for sigma in [Float(0), -1, .nan, -.infinity] { XCTAssertEqual(GaussianBlur.blur(noise, sigma: sigma), noise) }
        for (w, h) in [(0, 0), (0, 9), (9, 0)] {
            XCTAssertEqual(GaussianBlur.blur(Plane(width: w, height: h), sigma: 3), Plane(width: w, height: h))
        }
    }

    func testHugeSigmaIsFiniteAndSpreadsEverythingThin() {
        // σ = ∞ is clamped (2000): a 40 × 30 plane of ones keeps almost nothing.
        let out = GaussianBlur.blur(Plane(width: 40, height: 30, repeating: 1), sigma: .infinity)
        XCTAssertTrue(out.values.allSatisfy { $0.isFinite && abs($0) < 1e-3 })
    }

    func testParallelSplitsGiveTheSameBits() {
        // Odd sizes: partial SIMD quads, a partial 16-row strip, several 256-column blocks.
        let plane = randomNoise(width: 601, height: 37, seed: 4)
        for sigma in [Float(1.5), 6] {
            let serial = GaussianBlur.blur(plane, sigma: sigma)
            for pieces in [2, 3, 7] {
                XCTAssertEqual(GaussianBlur.blur(plane, sigma: sigma, parallel: .split(into: pieces)), serial,
                               "σ \(sigma), \(pieces) pieces")
            }
        }
    }

    func testEachValueDependsOnThePlaneWithinItsReachExactly() {
        // One column: a unit impulse `reach` rows from a value reaches it, one row further it
        // does not, at the worst place in the recursive filter's blocks (a block's first row
        // looking down, its last looking up) and for the FIR (σ 2: 8 taps either way).
        for sigma in [Float(2), 13] {
            let reach = GaussianBlur.reach(sigma: sigma)
            XCTAssertEqual(reach, sigma == 2 ? 8 : 2 * 52 + 52 - 1)
            let block = sigma == 2 ? 100 : 2 * 52
            for (probe, direction) in [(block, 1), (2 * block - 1, -1)] {
                for (d, reaches) in [(reach, true), (reach + 1, false)] {
                    var plane = Plane(width: 1, height: 4 * block)
                    plane[0, probe + direction * d] = 1
                    let value = GaussianBlur.blur(plane, sigma: sigma)[0, probe]
                    XCTAssertEqual(value != 0, reaches, "σ \(sigma): \(d) rows \(direction > 0 ? "below" : "above")")
                }
            }
        }
    }

    func testAWindowBlurredWhereItLiesIsTheWholeBlurWithinItsReachOfTheCuts() {
        var random = UInt64(9)
        func next() -> Float {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Float(random >> 40) / Float(1 << 24)
        }
        let (width, height) = (430, 400)
        let plane = Plane(width: width, height: height, values: (0 ..< width * height).map { _ in next() })!
        // (Windows more than twice the reach across: σ 12.3 is the recursive filter, reach 149.)
        for sigma in [Float(1.3), 12, 12.3] {
            let whole = GaussianBlur.blur(plane, sigma: sigma), reach = GaussianBlur.reach(sigma: sigma)
            for (x0, y0, w, h) in [(0, 0, width, height), (7, 3, 400, 380), (29, 17, 401, 383), (0, 11, 330, 389)] {
                var window = Plane(width: w, height: h)
                for y in 0 ..< h { for x in 0 ..< w { window[x, y] = plane[x0 + x, y0 + y] } }
                let blurred = GaussianBlur.blur(window, sigma: sigma, origin: (x0, y0), parallel: .split(into: 3))
                // Where the window is cut inside the plane, its pixels within `reach` of the cut may differ.
                let xs = (x0 == 0 ? 0 : reach) ..< (x0 + w == width ? w : w - reach)
                let ys = (y0 == 0 ? 0 : reach) ..< (y0 + h == height ? h : h - reach)
                var same = true
                for y in ys { for x in xs where blurred[x, y].bitPattern != whole[x0 + x, y0 + y].bitPattern { same = false } }
                XCTAssertTrue(same && !xs.isEmpty && !ys.isEmpty, "σ \(sigma), window at (\(x0), \(y0))")
            }
        }
    }
}
