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
}
