// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import ImpastoTestSupport
import XCTest

final class LiquifyTests: XCTestCase {
    /// Two 9 × 9 squares side by side, `gap` empty columns between them, in a margin of 15.
    func twoSquares(gap: Int) -> (mask: Plane, midpoint: (x: Int, y: Int), centres: [(Int, Int)]) {
        var mask = Plane(width: 48 + gap, height: 39)
        for y in 15 ..< 24 {
            for x in 15 ..< 24 { mask[x, y] = 1 }
            for x in 24 + gap ..< 33 + gap { mask[x, y] = 1 }
        }
        return (mask, (24 + gap / 2, 19), [(19, 19), (28 + gap, 19)])
    }

    /// 4-connected components of the pixels above 0.5, as a label per pixel (0: none).
    func components(_ plane: Plane) -> (labels: [Int], count: Int) {
        var labels = [Int](repeating: 0, count: plane.values.count), count = 0
        for start in plane.values.indices where plane.values[start] > 0.5 && labels[start] == 0 {
            count += 1
            var stack = [start]
            labels[start] = count
            while let i = stack.popLast() {
                let x = i % plane.width, y = i / plane.width
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && ny >= 0 && nx < plane.width && ny < plane.height {
                    let j = ny * plane.width + nx
                    if plane.values[j] > 0.5 && labels[j] == 0 {
                        labels[j] = count
                        stack.append(j)
                    }
                }
            }
        }
        return (labels, count)
    }

    func testNearbyDotsMergeIntoOneBlob() {
        // σ = 3, gap 3: the direct convolution puts 0.534 at the gap's middle (above 0.5).
        let (mask, mid, centres) = twoSquares(gap: 3)
        let g = directGaussianBlur(mask, sigma: 3)
        XCTAssertEqual(g[mid.y * mask.width + mid.x], 0.534, accuracy: 1e-3)
        let out = Liquify.apply(mask, sigma: 3)
        XCTAssertEqual(out[mid.x, mid.y], 1, "the bridge is solid")
        let (labels, count) = components(out)
        XCTAssertEqual(count, 1)
        XCTAssertEqual(labels[centres[0].1 * mask.width + centres[0].0], 1)
        XCTAssertEqual(labels[centres[1].1 * mask.width + centres[1].0], 1)
    }

    func testDistantDotsStayApart() {
        let (mask, mid, centres) = twoSquares(gap: 21)
        XCTAssertLessThan(directGaussianBlur(mask, sigma: 3)[mid.y * mask.width + mid.x], 1e-3)
        let out = Liquify.apply(mask, sigma: 3)
        XCTAssertEqual(out[mid.x, mid.y], 0)
        let (labels, count) = components(out)
        XCTAssertEqual(count, 2)
        XCTAssertNotEqual(labels[centres[0].1 * mask.width + centres[0].0], labels[centres[1].1 * mask.width + centres[1].0])
    }

    func testSpecksMeltAway() {
        // A 3 × 3 dot blurred with σ = 3 peaks at 0.148: nothing is left.
        var mask = Plane(width: 30, height: 30)
        for y in 14 ..< 17 { for x in 14 ..< 17 { mask[x, y] = 1 } }
        XCTAssertEqual(directGaussianBlur(mask, sigma: 3)[15 * 30 + 15], 0.148, accuracy: 1e-3)
        XCTAssertEqual(Liquify.apply(mask, sigma: 3), Plane(width: 30, height: 30))
    }

    func testEdgesAreAntialiasedAsTheFormulaSays() {
        // A disc: coverage = clamp(0.5 + (g − 0.5) / |∇g|, 0, 1) with g the reference blur and
        // |∇g| from central differences (one-sided at the borders), computed here in Double.
        var mask = Plane(width: 40, height: 36)
        for y in 0 ..< 36 { for x in 0 ..< 40 where (x - 18) * (x - 18) + (y - 17) * (y - 17) <= 100 { mask[x, y] = 1 } }
        let g = directGaussianBlur(mask, sigma: 3)
        func at(_ x: Int, _ y: Int) -> Double { g[min(max(y, 0), 35) * 40 + min(max(x, 0), 39)] }
        let out = Liquify.apply(mask, sigma: 3)
        var partial = 0
        for y in 0 ..< 36 {
            for x in 0 ..< 40 {
                let gx = (at(x + 1, y) - at(x - 1, y)) / Double(min(x + 1, 39) - max(x - 1, 0))
                let gy = (at(x, y + 1) - at(x, y - 1)) / Double(min(y + 1, 35) - max(y - 1, 0))
                let slope = hypot(gx, gy)
                let expected = slope > 1e-6 ? min(max(0.5 + (at(x, y) - 0.5) / slope, 0), 1) : (at(x, y) >= 0.5 ? 1 : 0)
                XCTAssertEqual(Double(out[x, y]), expected, accuracy: 1e-3, "(\(x), \(y))")
                if out[x, y] > 0.01 && out[x, y] < 0.99 { partial += 1 }
            }
        }
        XCTAssertGreaterThan(partial, 20, "a soft rim all round")
        XCTAssertEqual(out[18, 17], 1)
        XCTAssertEqual(out[0, 0], 0)
    }

    func testNoBlurReturnsTheMaskAndStrayValuesAreClamped() {
        let noise = randomNoise(width: 9, height: 7, seed: 5)
        for sigma in [Float(0), -2, .nan] { XCTAssertEqual(Liquify.apply(noise, sigma: sigma), noise) }
        // NaN reads as 0 and values beyond 0 … 1 are clamped, before the blur.
        var dirty = randomBlobs(width: 30, height: 20, count: 4, maxRadius: 6, seed: 6), clean = dirty
        for (i, v) in [(3, Float.nan), (40, 7), (77, -3), (300, .infinity), (301, -.infinity)] {
            dirty.values[i] = v
            clean.values[i] = v.isNaN ? 0 : min(max(v, 0), 1)
        }
        let out = Liquify.apply(dirty, sigma: 2)
        XCTAssertEqual(out, Liquify.apply(clean, sigma: 2))
        XCTAssertTrue(out.values.allSatisfy { $0 >= 0 && $0 <= 1 })
    }

    func testTinyAndEmptyPlanes() {
        for (w, h) in [(0, 0), (0, 4), (4, 0)] {
            XCTAssertEqual(Liquify.apply(Plane(width: w, height: h), sigma: 3), Plane(width: w, height: h))
        }
        // One opaque pixel, σ = 2: g = w0² ≈ 0.04 everywhere it exists, no slope: 0.
        XCTAssertEqual(Liquify.apply(Plane(width: 1, height: 1, repeating: 1), sigma: 2).values, [0])
        // A full row 1 × 40 keeps its middle: blurred only across (g = w0 ≈ 0.2) — gone too;
        // a thick full block keeps its inside.
        XCTAssertEqual(Liquify.apply(Plane(width: 40, height: 1, repeating: 1), sigma: 2)[20, 0], 0)
        XCTAssertEqual(Liquify.apply(Plane(width: 40, height: 40, repeating: 1), sigma: 2)[20, 20], 1)
    }

    func testParallelSplitsGiveTheSameBits() {
        let mask = randomBlobs(width: 301, height: 45, count: 30, maxRadius: 8, seed: 7)
        for sigma in [Float(2), 5] {
            let serial = Liquify.apply(mask, sigma: sigma)
            for pieces in [3, 7] {
                XCTAssertEqual(Liquify.apply(mask, sigma: sigma, parallel: .split(into: pieces)), serial)
            }
        }
    }
}
