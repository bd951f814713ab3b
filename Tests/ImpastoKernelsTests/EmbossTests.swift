import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The emboss pipeline in Swift, without GEGL: normals, lookups, row IO and the whole render.
final class EmbossTests: XCTestCase {
    /// Renders `mask` (coverage per pixel) through the kernel with in-memory row IO.
    func render(_ mask: Plane, _ settings: EmbossSettings = EmbossSettings(), shading: ShadingImage,
                parallel: ParallelFor = .serial) -> [Float] {
        let grayAlpha = mask.values.flatMap { [Float(0.5), $0] }
        var out = [Float](repeating: -1, count: mask.width * mask.height * 4)
        grayAlpha.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                let io = RowIO.memory(width: mask.width, height: mask.height, input: input.baseAddress!,
                                      inputComponents: 2, output: output.baseAddress!)
                Emboss.render(io, settings: settings, shading: shading, parallel: parallel)
            }
        }
        return out
    }

    func disc(size: Int = 48, radius: Double = 16, soft: Bool = false) -> Plane {
        var plane = Plane(width: size, height: size)
        for y in 0 ..< size { for x in 0 ..< size {
            let d = ((Double(x) + 0.5 - Double(size) / 2) * (Double(x) + 0.5 - Double(size) / 2)
                + (Double(y) + 0.5 - Double(size) / 2) * (Double(y) + 0.5 - Double(size) / 2)).squareRoot()
            plane[x, y] = soft ? Float(min(max(radius + 0.5 - d, 0), 1)) : (d <= radius ? 1 : 0)
        } }
        return plane
    }

    func testNormalOfARampFollowsTheFormula() {
        // h = a·x: ∂h/∂x = a, so n = normalize(−k·a, 0, 1).
        let a: Float = 0.05, k: Float = 10
        var ramp = Plane(width: 9, height: 5)
        for y in 0 ..< 5 { for x in 0 ..< 9 { ramp[x, y] = a * Float(x) } }
        let n = EmbossShading.normal(ramp, 4, 2, scale: k)
        let length = (k * a * k * a + 1).squareRoot()
        XCTAssertEqual(n.x, -k * a / length, accuracy: 1e-6)
        XCTAssertEqual(n.y, 0, accuracy: 1e-6)
        XCTAssertEqual(n.z, 1 / length, accuracy: 1e-6)
        // At the left edge the pixel repeats: a one-sided half difference.
        XCTAssertEqual(EmbossShading.normal(ramp, 0, 2, scale: k).x, -k * a / 2 / (k * a / 2 * k * a / 2 + 1).squareRoot(),
                       accuracy: 1e-6)
    }

    func testLookupTakesTheCentreForFlatAndTheUpLeftForAnUpLeftSlope() {
        let flat = EmbossShading.lookup(SIMD3(0, 0, 1), width: 64, height: 32)
        XCTAssertEqual(flat.u, 32)
        XCTAssertEqual(flat.v, 16)
        let upLeft = EmbossShading.lookup(SIMD3(-0.6, -0.6, 0.529), width: 64, height: 64)
        XCTAssertEqual(upLeft.u, 12.8, accuracy: 1e-4)
        XCTAssertEqual(upLeft.v, 12.8, accuracy: 1e-4)
    }

    func testASolidPictureColoursTheShapeAndCoverageBecomesAlpha() {
        let mask = disc(soft: true)
        let out = render(mask, shading: .solid(SIMD4(0.25, 0.5, 0.75, 1)))
        var worst: Float = 0
        for i in 0 ..< mask.values.count {
            worst = max(worst, abs(out[4 * i] - 0.25), abs(out[4 * i + 1] - 0.5), abs(out[4 * i + 2] - 0.75))
            XCTAssertEqual(out[4 * i + 3], mask.values[i])
        }
        XCTAssertLessThan(worst, 1e-6)
    }

    func testHeightAndNormalOutputs() {
        var settings = EmbossSettings()
        settings.radius = 8
        settings.output = .height
        let mask = disc()
        let heights = render(mask, settings, shading: .solid(.one))
        let expected = HeightField.heights(mask, radius: 8, profile: .round)
        for i in 0 ..< mask.values.count {
            XCTAssertEqual(heights[4 * i], expected.values[i])
            XCTAssertEqual(heights[4 * i + 3], 1, "the height map is opaque")
        }
        settings.output = .normals
        let normals = render(mask, settings, shading: .solid(.one))
        let centre = (24 * 48 + 24) * 4
        XCTAssertEqual(Array(normals[centre ..< centre + 4]), [0.5, 0.5, 1, 1], "flat: straight up")
        let top = (9 * 48 + 24) * 4
        XCTAssertGreaterThan(normals[top + 1], 0.6, "the top rim faces up: green above 0.5")
    }

    func testAnySplitOfTheWorkGivesTheSameBits() {
        var settings = EmbossSettings()
        settings.liquify = 2
        let mask = disc(size: 61, radius: 20, soft: true)
        let hemisphere = Hemisphere.standard.render(size: 64)
        let serial = render(mask, settings, shading: hemisphere)
        XCTAssertEqual(render(mask, settings, shading: hemisphere, parallel: .split(into: 3)), serial)
        XCTAssertEqual(render(mask, settings, shading: hemisphere, parallel: .split(into: 61)), serial)
    }

    func testEmptyAndTinyImagesAndWildSettingsDoNotTrap() {
        XCTAssertEqual(render(Plane(width: 0, height: 0), shading: .solid(.one)), [])
        var wild = EmbossSettings()
        wild.radius = .nan
        wild.scale = .infinity
        wild.liquify = -3
        let one = render(Plane(width: 1, height: 1, repeating: 1), wild, shading: ShadingImage(width: 0, height: 0, pixels: [])!)
        XCTAssertEqual(one.count, 4)
        XCTAssertTrue(one.allSatisfy(\.isFinite))
    }

    func testNonFiniteShadingSamplesCountAsZero() {
        // A float shading picture with NaN and ±∞ among its samples: those count as 0, as
        // non-finite input does in every kernel, so the relief has no NaN pixel.
        let wild: [Float] = [.nan, 0.5, 0.5, 1, 0.5, .infinity, 0.5, 1, 0.5, 0.5, -.infinity, 1, 0.5, 0.5, 0.5, .nan]
        let shading = ShadingImage(width: 2, height: 2, pixels: wild)!
        XCTAssertEqual(shading.pixels, wild.map { $0.isFinite ? $0 : 0 })
        XCTAssertEqual(ShadingImage.solid(SIMD4(.nan, 1, .infinity, 1)).pixels.prefix(4), [0, 1, 0, 1])
        let mask = disc(soft: true)
        let out = render(mask, shading: shading)
        XCTAssertTrue(out.allSatisfy(\.isFinite))
        XCTAssertTrue(out == render(mask, shading: ShadingImage(width: 2, height: 2, pixels: wild.map { $0.isFinite ? $0 : 0 })!))
    }

    func testProgressRisesToOneFromTheFirstShareOnly() {
        // Reading the mask, the heights and writing: reported by the share at row 0, rising,
        // ending at exactly 1 (GEGL's progress bar), whatever the split.
        for parallel in [ParallelFor.serial, .split(into: 3)] {
            var reported: [Double] = []
            let mask = disc(size: 120, radius: 40), grayAlpha = mask.values.flatMap { [Float(0.5), $0] }
            var out = [Float](repeating: 0, count: mask.width * mask.height * 4)
            grayAlpha.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    var io = RowIO.memory(width: mask.width, height: mask.height, input: input.baseAddress!,
                                          inputComponents: 2, output: output.baseAddress!)
                    io.progress = Progress { reported.append($0) }
                    Emboss.render(io, settings: EmbossSettings(), shading: .solid(.one), parallel: parallel)
                }
            }
            XCTAssertEqual(reported.first, 0)
            XCTAssertEqual(reported.last, 1)
            XCTAssertEqual(reported, reported.sorted(), "rising")
            XCTAssertGreaterThan(Set(reported.filter { $0 > 0 && $0 < 1 }).count, 4, "steps along the way")
        }
    }
}
