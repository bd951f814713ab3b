// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import XCTest

final class BristleTests: XCTestCase {
    func testBristlePositionsFollowTheFormula() {
        // p + R(f)·(sin(β + α)·a_y, cos(β + α)·aₓ), a = (cos α, sin α), R(f) = 12·√f.
        let sample = BristleSample(x: 50, y: 40, pressure: 0.64, azimuth: 30)
        let alpha = 30.0 * Double.pi / 180, r = 12 * 0.8
        for (i, beta) in BristleGeometry.angles(count: 20).enumerated() {
            XCTAssertEqual(beta, 2 * Double.pi * Double(i) / 20, accuracy: 1e-12)
            let p = BristleGeometry.position(beta: beta, sample: sample, maxRadius: 12)
            XCTAssertEqual(p.x, 50 + sin(beta + alpha) * r * sin(alpha), accuracy: 1e-9)
            XCTAssertEqual(p.y, 40 + cos(beta + alpha) * r * cos(alpha), accuracy: 1e-9)
        }
    }

    func testPressureWidensTheSpreadUpToMaxRadius() {
        XCTAssertEqual(BristleGeometry.radius(pressure: 0, maxRadius: 10), 0)
        XCTAssertEqual(BristleGeometry.radius(pressure: 0.25, maxRadius: 10), 5)
        XCTAssertEqual(BristleGeometry.radius(pressure: 1, maxRadius: 10), 10)
        XCTAssertEqual(BristleGeometry.radius(pressure: 7, maxRadius: 10), 10, "pressure is clamped")
        func spread(_ f: Double) -> Double {
            let sample = BristleSample(x: 0, y: 0, pressure: f, azimuth: 45)
            return BristleGeometry.angles(count: 20).map {
                let p = BristleGeometry.position(beta: $0, sample: sample, maxRadius: 10)
                return (p.x * p.x + p.y * p.y).squareRoot()
            }.max()!
        }
        XCTAssertLessThan(spread(0.2), spread(0.5))
        XCTAssertLessThan(spread(0.5), spread(0.9))
        XCTAssertLessThanOrEqual(spread(1), 10 + 1e-9)
    }

    func testPolylinesHaveOneLinePerBristleThroughEverySample() {
        let samples = (0 ..< 5).map { BristleSample(x: Double($0) * 10, y: 0, pressure: 0.5, azimuth: 0) }
        let lines = BristleGeometry.polylines(samples, bristles: 7, maxRadius: 4)
        XCTAssertEqual(lines.count, 7)
        XCTAssertTrue(lines.allSatisfy { $0.count == 5 })
        XCTAssertEqual(BristleGeometry.polylines(samples, bristles: 0, maxRadius: 4).count, 0)
    }

    func testAStrokeIsRoundCappedAntialiasedAndInTheColour() {
        var canvas = StrokeCanvas(width: 40, height: 20)
        canvas.stroke([SIMD2(10, 10), SIMD2(30, 10)], lineWidth: 4, color: SIMD4(1, 0, 0, 1))
        func pixel(_ x: Int, _ y: Int) -> [Float] { Array(canvas.pixels[(y * 40 + x) * 4 ..< (y * 40 + x) * 4 + 4]) }
        XCTAssertEqual(pixel(20, 9), [1, 0, 0, 1], "on the line")
        XCTAssertEqual(pixel(20, 14)[3], 0, "4.5 px away: outside the 2 px half width")
        // Centre (20.5, 12.5) is 2.5 px from the line: coverage 2 + 0.5 − 2.5 = 0 … (20, 11) is 1.5 away: 1.
        XCTAssertEqual(pixel(20, 11)[3], 1)
        // The round cap reaches 2 px past the end point (30, 10): the centre of (31, 9) is √2.5
        // away, so its coverage is 2 + 0.5 − √2.5.
        XCTAssertEqual(pixel(31, 9)[3], Float(2.5 - 2.5.squareRoot()), accuracy: 1e-6)
        XCTAssertEqual(pixel(34, 9)[3], 0)
        XCTAssertTrue(canvas.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 && $0.element < 1 },
                      "the edge is antialiased")
    }

    func testPathsAccumulateButAPathDoesNotOverlapItself() {
        let white10 = SIMD4<Float>(1, 1, 1, 0.1)
        var canvas = StrokeCanvas(width: 30, height: 10)
        // There and back again over the same pixels: still one shape, 10 % once.
        canvas.stroke([SIMD2(5, 5), SIMD2(25, 5), SIMD2(5, 5)], lineWidth: 2, color: white10)
        XCTAssertEqual(canvas.pixels[(4 * 30 + 15) * 4 + 3], 0.1, accuracy: 1e-6)
        // A second path over it builds up, like BristlePaint's accumulator: 0.1 + 0.1·0.9.
        canvas.stroke([SIMD2(5, 5), SIMD2(25, 5)], lineWidth: 2, color: white10)
        XCTAssertEqual(canvas.pixels[(4 * 30 + 15) * 4 + 3], 0.19, accuracy: 1e-6)
        XCTAssertEqual(canvas.pixels[(4 * 30 + 15) * 4], 1, "white stays white")
    }

    func testOddInputsDoNotTrap() {
        var canvas = StrokeCanvas(width: 5, height: 5, originX: 100, originY: 100)
        canvas.stroke([], lineWidth: 2, color: SIMD4(1, 1, 1, 1))
        canvas.stroke([SIMD2(.nan, 1), SIMD2(.infinity, 2)], lineWidth: 2, color: SIMD4(1, 1, 1, 1))
        canvas.stroke([SIMD2(0, 0), SIMD2(1e12, -1e12)], lineWidth: .infinity, color: SIMD4(1, 1, 1, 1))
        canvas.stroke([SIMD2(102, 102)], lineWidth: 3, color: SIMD4(0, 1, 0, 1))
        XCTAssertEqual(canvas.pixels[(2 * 5 + 2) * 4 + 1], 1, "a single point is a dot, at the canvas origin offset")
        XCTAssertEqual(StrokeCanvas(width: 0, height: 0).pixels.count, 0)
        XCTAssertEqual(BristleGeometry.radius(pressure: .nan, maxRadius: .nan), 0)
        let p = BristleGeometry.position(beta: 1, sample: BristleSample(x: 1, y: 1, pressure: 1, azimuth: .nan), maxRadius: 5)
        XCTAssertTrue(p.x.isFinite && p.y.isFinite)
    }

    func testLongPathsMatchTheDistanceToThePolyline() {
        // A wiggly path across a wide canvas, checked against the distance to the nearest of
        // all its segments, computed here pixel by pixel.
        let points: [SIMD2<Double>] = (0 ... 150).map { (i: Int) -> SIMD2<Double> in
            let t = Double(i)
            return SIMD2(2 + t * 1.9, 20 + 12 * sin(t / 9))
        }
        var canvas = StrokeCanvas(width: 300, height: 40)
        canvas.stroke(points, lineWidth: 3, color: SIMD4(0, 0, 1, 0.5))
        var worst: Float = 0
        for y in 0 ..< 40 {
            for x in 0 ..< 300 {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                var nearest = Double.infinity
                for (a, b) in zip(points, points.dropFirst()) {
                    let ab: SIMD2<Double> = b - a, ap: SIMD2<Double> = p - a
                    let t = min(max((ap * ab).sum() / (ab * ab).sum(), 0), 1)
                    let d: SIMD2<Double> = p - (a + ab * t)
                    nearest = min(nearest, (d * d).sum().squareRoot())
                }
                let expected = Float(min(max(1.5 + 0.5 - nearest, 0), 1)) * 0.5
                worst = max(worst, abs(canvas.pixels[(y * 300 + x) * 4 + 3] - expected))
            }
        }
        XCTAssertLessThan(worst, 1e-6, "coverage is the stroke's, once, wherever segments overlap")
    }

    func testSamplesAlongAPathAreEvenlySpacedWithPressureFromStartToEnd() {
        // An L of length 10 + 5 sampled every 2 px: 0, 2, …, 14 and the end (15).
        let samples = BristleGeometry.samples(along: [SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 5)], spacing: 2,
                                              pressureStart: 0.2, pressureEnd: 0.8, azimuth: 30)
        XCTAssertEqual(samples.count, 9)
        XCTAssertEqual(samples[1].x, 2, accuracy: 1e-12)
        XCTAssertEqual(samples[6].x, 10, accuracy: 1e-12)
        XCTAssertEqual(samples[6].y, 2, accuracy: 1e-12, "12 px along: 2 px down the second leg")
        for (i, s) in samples.dropLast().enumerated() {
            XCTAssertEqual(s.pressure, 0.2 + 0.6 * Double(2 * i) / 15, accuracy: 1e-12)
            XCTAssertEqual(s.azimuth, 30)
        }
        XCTAssertEqual(samples.last, BristleSample(x: 10, y: 5, pressure: 0.8, azimuth: 30))
        // A click (no length) still gives one dab; nothing gives nothing.
        XCTAssertEqual(BristleGeometry.samples(along: [SIMD2(3, 4), SIMD2(3, 4)], spacing: 1, pressureStart: 0.5,
                                               pressureEnd: 1, azimuth: 0),
                       [BristleSample(x: 3, y: 4, pressure: 0.5, azimuth: 0)])
        XCTAssertEqual(BristleGeometry.samples(along: [SIMD2(.nan, 0)], spacing: 1, pressureStart: 0, pressureEnd: 1,
                                               azimuth: 0), [])
        // An absurd length does not make absurdly many samples.
        XCTAssertLessThanOrEqual(BristleGeometry.samples(along: [SIMD2(0, 0), SIMD2(1e15, 0)], spacing: .nan,
                                                         pressureStart: 0, pressureEnd: 1, azimuth: 0, limit: 100).count, 101)
    }
}
