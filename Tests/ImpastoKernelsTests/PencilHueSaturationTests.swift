// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels
import ImpastoTestSupport
import XCTest

final class PencilHueSaturationTests: XCTestCase {
    /// Runs the kernel on RGBA pixels and returns the output.
    func run(_ effect: PencilHueSaturation, _ pixels: [Float]) -> [Float] {
        var out = [Float](repeating: -1, count: pixels.count)
        pixels.withUnsafeBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in effect.apply(i.baseAddress!, o.baseAddress!, count: pixels.count / 4) }
        }
        return out
    }

    func randomPixels(_ count: Int, in range: ClosedRange<Float> = 0 ... 1, seed: UInt64) -> [Float] {
        var rng = SeededRandom(seed: seed)
        return (0 ..< count * 4).map { _ in Float.random(in: range, using: &rng) }
    }

    func testHueAngleAndSaturationFollowThePen() {
        // θ = 180 + azimuth, s = max-saturation · (90 − altitude) / 90.
        let cases: [(az: Double, alt: Double, max: Double, hue: Double, sat: Double)] = [
            (180, 78.75, 8, 360, 1),   // the defaults: identity
            (-60, 45, 8, 120, 4),
            (0, 90, 8, 180, 0),        // pen upright: grey
            (-180, 0, 16, 0, 16),      // pen flat, the widest range
            (90, 67.5, 2, 270, 0.5),
        ]
        for c in cases {
            let effect = PencilHueSaturation(azimuth: c.az, altitude: c.alt, maxSaturation: c.max)
            XCTAssertEqual(effect.hueAngle, c.hue, accuracy: 1e-12)
            XCTAssertEqual(effect.saturation, c.sat, accuracy: 1e-12)
        }
    }

    func testDefaultsAreTheIdentity() {
        let m = PencilHueSaturation.identity.matrix
        let id = ColorMatrix.identity
        for (a, b) in zip([m.m00, m.m01, m.m02, m.m10, m.m11, m.m12, m.m20, m.m21, m.m22],
                          [id.m00, id.m01, id.m02, id.m10, id.m11, id.m12, id.m20, id.m21, id.m22]) {
            XCTAssertEqual(a, b, accuracy: 1e-6)
        }
        let pixels = randomPixels(1000, seed: 1)
        for (a, b) in zip(run(.identity, pixels), pixels) { XCTAssertEqual(a, b, accuracy: 2e-6) }
    }

    func testMatchesTheSpecFormulaOnRandomPixelsAndParameters() {
        var rng = SeededRandom(seed: 2)
        for _ in 0 ..< 50 {
            let az = Double.random(in: -180 ... 180, using: &rng)
            let alt = Double.random(in: 0 ... 90, using: &rng)
            let maxS = Double.random(in: 0 ... 16, using: &rng)
            // Values outside 0…1 too: float processing has no clamping.
            let pixels = randomPixels(64, in: -0.5 ... 1.5, seed: rng.next())
            let out = run(PencilHueSaturation(azimuth: az, altitude: alt, maxSaturation: maxS), pixels)
            for p in stride(from: 0, to: pixels.count, by: 4) {
                let expected = PencilReference.apply(pixels[p ..< p + 3].map(Double.init),
                                                     azimuth: az, altitude: alt, maxSaturation: maxS)
                for c in 0 ..< 3 {
                    XCTAssertEqual(Double(out[p + c]), expected[c], accuracy: 2e-5 * max(1, abs(expected[c])),
                                   "az \(az) alt \(alt) max \(maxS) pixel \(p / 4) channel \(c)")
                }
                XCTAssertEqual(out[p + 3], pixels[p + 3], "alpha is copied unchanged")
            }
        }
    }

    func testHueRotatesBeforeSaturation() {
        // The two W3C matrices almost commute; at s = 16 the order shows.
        let effect = PencilHueSaturation(azimuth: -90, altitude: 0, maxSaturation: 16)
        let pixel: [Float] = [0.9, 0.2, 0.1, 1]
        let out = run(effect, pixel).prefix(3).map(Double.init)
        let rgb = pixel.prefix(3).map(Double.init)
        let hueFirst = PencilReference.apply(rgb, azimuth: -90, altitude: 0, maxSaturation: 16)
        let saturationFirst = PencilReference.hueRotate(PencilReference.saturate(rgb, 16), degrees: 90)
        let distanceToHueFirst = zip(out, hueFirst).map { abs($0 - $1) }.max()!
        let distanceToSaturationFirst = zip(out, saturationFirst).map { abs($0 - $1) }.max()!
        XCTAssertLessThan(distanceToHueFirst, 1e-4)
        XCTAssertGreaterThan(distanceToSaturationFirst, 1e-3)
    }

    func testUprightPenGivesGreyWithW3CLuma() {
        let effect = PencilHueSaturation(azimuth: 0, altitude: 90, maxSaturation: 8)
        let out = run(effect, [1, 0, 0, 0.5, 0, 1, 0, 1, 0, 0, 1, 1])
        // s = 0: each pixel becomes its W3C luma, whatever the hue rotation did.
        for (p, luma) in zip([0, 4, 8], [0.213, 0.715, 0.072] as [Float]) {
            XCTAssertEqual(out[p], luma, accuracy: 1e-6)
            XCTAssertEqual(out[p + 1], luma, accuracy: 1e-6)
            XCTAssertEqual(out[p + 2], luma, accuracy: 1e-6)
        }
        XCTAssertEqual(out[3], 0.5)
    }

    func testWorksInPlace() {
        let effect = PencilHueSaturation(azimuth: 30, altitude: 20, maxSaturation: 8)
        let pixels = randomPixels(100, seed: 3)
        let expected = run(effect, pixels)
        var inPlace = pixels
        inPlace.withUnsafeMutableBufferPointer { b in effect.apply(b.baseAddress!, b.baseAddress!, count: 100) }
        XCTAssertEqual(inPlace, expected)
    }

    /// A sample that is not a number counts as 0, an infinite one as the largest a half-float
    /// layer holds (65504, its sign kept); alpha NaN or −∞ as 0, +∞ as 1: every output finite.
    func testNonFiniteSamplesGiveFiniteOutputAndEmptyCountsDoNotTrap() {
        let effect = PencilHueSaturation(azimuth: 30, altitude: 20, maxSaturation: 8)
        let out = run(effect, [.nan, 0.5, 0.5, .nan, .infinity, 0, 0, .infinity, 0.2, 0.4, 0.6, -.infinity])
        XCTAssertTrue(out.allSatisfy(\.isFinite), "\(out)")
        XCTAssertEqual(Array(out[0 ..< 4]), run(effect, [0, 0.5, 0.5, 0]), "NaN counts as 0")
        XCTAssertEqual(Array(out[4 ..< 8]), run(effect, [65504, 0, 0, 1]), "+∞ as 65504, alpha +∞ as 1")
        XCTAssertEqual(Array(out[8 ..< 12]), run(effect, [0.2, 0.4, 0.6, 0]), "alpha −∞ as 0")
        XCTAssertEqual(run(effect, [-1e38, 7e4, 1e9, 2]), run(effect, [-65504, 65504, 65504, 2]),
                       "beyond a half float's range: clamped; finite alpha as it is")
        // In a long row (the kernel checks it a block at a time) each pixel is what it gives
        // alone, a non-finite one anywhere along it and in place too.
        var row = randomPixels(1000, in: -2 ... 2, seed: 9)
        for (pixel, value) in [(0, Float.nan), (255, .infinity), (256, -.infinity), (700, 1e9), (999, .nan)] {
            row[4 * pixel + pixel % 4] = value
        }
        let alone = (0 ..< 1000).flatMap { run(effect, Array(row[4 * $0 ..< 4 * $0 + 4])) }
        XCTAssertEqual(run(effect, row), alone)
        var inPlace = row
        inPlace.withUnsafeMutableBufferPointer { b in effect.apply(b.baseAddress!, b.baseAddress!, count: 1000) }
        XCTAssertEqual(inPlace, alone)
        var untouched: [Float] = [7, 7, 7, 7]
        untouched.withUnsafeMutableBufferPointer { b in
            effect.apply(b.baseAddress!, b.baseAddress!, count: 0)
            effect.apply(b.baseAddress!, b.baseAddress!, count: -5)
        }
        XCTAssertEqual(untouched, [7, 7, 7, 7])
    }

    func testParametersOutOfRangeAreClampedAndNaNFallsBackToTheIdentity() {
        let nan = PencilHueSaturation(azimuth: .nan, altitude: .infinity, maxSaturation: -.infinity)
        XCTAssertEqual(nan.sanitized, .identity)
        let wild = PencilHueSaturation(azimuth: 1000, altitude: -5, maxSaturation: 99).sanitized
        XCTAssertEqual(wild, PencilHueSaturation(azimuth: 180, altitude: 0, maxSaturation: 16))
        let pixels = randomPixels(10, seed: 4)
        for (a, b) in zip(run(nan, pixels), pixels) { XCTAssertEqual(a, b, accuracy: 2e-6) }
    }
    // MARK: 8- and 16-bit codes (what GIMP hands the op for 8- and 16-bit images)

    /// Runs the integer kernel on `pixels` RGBA codes written into a buffer with guard codes
    /// after them, and returns the output and whether the guards are untouched.
    func runCodes<Sample: FixedWidthInteger & UnsignedInteger>(_ matrix: ColorMatrix, _ pixels: [Sample],
                                                               inPlace: Bool = false) -> (out: [Sample], guarded: Bool) {
        let guardCodes = [Sample](repeating: 0x5A, count: 12)
        var input = pixels + guardCodes
        var output = inPlace ? input : [Sample](repeating: 0xA5, count: pixels.count) + guardCodes
        let count = pixels.count / 4
        func apply(_ i: UnsafeMutablePointer<Sample>, _ o: UnsafeMutablePointer<Sample>) {
            if Sample.self == UInt8.self {
                matrix.applyRGBA(UnsafeRawPointer(i).assumingMemoryBound(to: UInt8.self),
                                 UnsafeMutableRawPointer(o).assumingMemoryBound(to: UInt8.self), count: count)
            } else {
                matrix.applyRGBA(UnsafeRawPointer(i).assumingMemoryBound(to: UInt16.self),
                                 UnsafeMutableRawPointer(o).assumingMemoryBound(to: UInt16.self), count: count)
            }
        }
        input.withUnsafeMutableBufferPointer { i in
            if inPlace {
                apply(i.baseAddress!, i.baseAddress!)
            } else {
                output.withUnsafeMutableBufferPointer { o in apply(i.baseAddress!, o.baseAddress!) }
            }
        }
        if inPlace { output = input }
        return (Array(output.prefix(pixels.count)), Array(output.suffix(guardCodes.count)) == guardCodes)
    }

    /// Random codes with the extremes 0 and max among them.
    func randomCodes<Sample: FixedWidthInteger & UnsignedInteger>(_ count: Int, seed: UInt64) -> [Sample] {
        var rng = SeededRandom(seed: seed)
        return (0 ..< count * 4).map { k in
            switch rng.next() % 8 {
            case 0: return 0
            case 1: return .max
            default: return Sample(truncatingIfNeeded: rng.next())
            }
        }
    }

    /// The formula on codes k/max, clamped to 0…1 and rounded to the nearest code: every
    /// output within half a code of it (plus float rounding), alpha exact, at every count.
    func assertCodesMatchTheFormula<Sample: FixedWidthInteger & UnsignedInteger>(_: Sample.Type, seed: UInt64) {
        let max = Double(Sample.max)
        var rng = SeededRandom(seed: seed)
        var worst = 0.0
        for (n, count) in [0, 1, 2, 3, 4, 5, 7, 9, 1001].enumerated() {
            let az = Double.random(in: -180 ... 180, using: &rng)
            let alt = Double.random(in: 0 ... 90, using: &rng)
            let maxS = Double.random(in: 0 ... 16, using: &rng)
            let matrix = PencilHueSaturation(azimuth: az, altitude: alt, maxSaturation: maxS).matrix
            let pixels: [Sample] = randomCodes(count, seed: seed &+ UInt64(n))
            let (out, guarded) = runCodes(matrix, pixels)
            XCTAssertTrue(guarded, "\(count) pixels: nothing written past the last")
            XCTAssertEqual(runCodes(matrix, pixels, inPlace: true).out, out, "\(count) pixels in place")
            for p in stride(from: 0, to: pixels.count, by: 4) {
                let rgb = pixels[p ..< p + 3].map { Double($0) / max }
                let expected = PencilReference.apply(rgb, azimuth: az, altitude: alt, maxSaturation: maxS)
                for c in 0 ..< 3 {
                    let clamped = min(Swift.max(expected[c], 0), 1) * max
                    worst = Swift.max(worst, abs(Double(out[p + c]) - clamped))
                }
                XCTAssertEqual(out[p + 3], pixels[p + 3], "alpha is copied unchanged")
            }
        }
        // Half a code for the rounding, and the float matrix's own error (its coefficients
        // reach 13 at s = 16: a few 10⁻⁷ of the code range, as the float path has).
        XCTAssertLessThanOrEqual(worst, 0.5 + 4e-6 * max, "codes from the formula rounded to nearest (\(Sample.self))")
        XCTAssertGreaterThan(worst, 0.4, "the test sees rounding (\(Sample.self))")
    }

    func testSixteenBitCodesAreTheFormulaRoundedToTheNearestCode() {
        assertCodesMatchTheFormula(UInt16.self, seed: 5)
    }

    func testEightBitCodesAreTheFormulaRoundedToTheNearestCode() {
        assertCodesMatchTheFormula(UInt8.self, seed: 6)
    }

    func testCodesClampAtBothEnds() {
        // s = 16 pushes a saturated red far past both ends: R to max, G and B to 0.
        let matrix = PencilHueSaturation(azimuth: 180, altitude: 0, maxSaturation: 16).matrix
        XCTAssertEqual(runCodes(matrix, [65535, 0, 0, 1234] as [UInt16]).out, [65535, 0, 0, 1234])
        XCTAssertEqual(runCodes(matrix, [255, 0, 0, 17] as [UInt8]).out, [255, 0, 0, 17])
        // Grey stays grey at any saturation: the rows of both matrices sum to 1.
        XCTAssertEqual(runCodes(matrix, [40000, 40000, 40000, 65535] as [UInt16]).out, [40000, 40000, 40000, 65535])
        XCTAssertEqual(runCodes(matrix, [0, 0, 0, 0, 255, 255, 255, 255] as [UInt8]).out, [0, 0, 0, 0, 255, 255, 255, 255])
    }

    func testCodesAgreeWithTheFloatKernelRoundedToCodes() {
        // The integer kernels are the float kernel on k/max, clamped and rounded (as babl's
        // conversions to float and back do it): within one code, and mostly equal.
        let matrix = PencilHueSaturation(azimuth: -60, altitude: 45, maxSaturation: 4).matrix
        func check<Sample: FixedWidthInteger & UnsignedInteger>(_: Sample.Type) {
            let max = Float(Sample.max)
            let pixels: [Sample] = randomCodes(4099, seed: 7)
            var floats = pixels.map { Float($0) / max }
            floats.withUnsafeMutableBufferPointer { f in matrix.applyRGBA(f.baseAddress!, f.baseAddress!, count: 4099) }
            let viaFloat = floats.map { Sample((min(Swift.max($0, 0), 1) * max).rounded()) }
            let codes = runCodes(matrix, pixels).out
            let differences = zip(codes, viaFloat).map { abs(Int($0) - Int($1)) }
            XCTAssertLessThanOrEqual(differences.max() ?? 9, 1, "\(Sample.self)")
            XCTAssertLessThan(Double(differences.filter { $0 != 0 }.count) / Double(differences.count), 0.01,
                              "\(Sample.self): codes differing from the float path's")
        }
        check(UInt16.self)
        check(UInt8.self)
    }
}
