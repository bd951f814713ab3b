// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The emboss pipeline in Swift, without GEGL: normals, lookups, row IO and the whole render.
final class EmbossTests: XCTestCase {
    /// Renders `mask` (coverage per pixel) through the kernel with in-memory row IO.
    func render(_ mask: Plane, _ settings: EmbossSettings = EmbossSettings(), shading: ShadingImage,
                parallel: ParallelFor = .serial) -> [Float] {
        EmbossQuality.render(mask, settings, shading: shading, parallel: parallel)
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

    func testNormalOfASlopeFollowsTheFormula() {
        // ∂h/∂x = a: n = normalize(−k·a, 0, 1); a slope down and to the right faces up-left.
        let a: Float = 0.05, k: Float = 10
        let n = EmbossShading.normal(dx: a, dy: 0, scale: k)
        let length = (k * a * k * a + 1).squareRoot()
        XCTAssertEqual(n.x, -k * a / length, accuracy: 1e-6)
        XCTAssertEqual(n.y, 0, accuracy: 1e-6)
        XCTAssertEqual(n.z, 1 / length, accuracy: 1e-6)
        let upLeft = EmbossShading.normal(dx: 0.1, dy: 0.1, scale: k)
        XCTAssertLessThan(upLeft.x, 0)
        XCTAssertLessThan(upLeft.y, 0)
        XCTAssertEqual(EmbossShading.normal(dx: .nan, dy: 0, scale: k), SIMD3(0, 0, 1))
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
        // The op makes its relief a band of rows at a time: the same as the whole relief's.
        let relief = HeightField.relief(mask, radius: 8, profile: .round)
        for i in 0 ..< mask.values.count {
            let n = EmbossShading.normal(dx: relief.slopeX.values[i], dy: relief.slopeY.values[i], scale: settings.scale)
            XCTAssertEqual(Array(normals[4 * i ..< 4 * i + 3]), [0.5 + 0.5 * n.x, 0.5 - 0.5 * n.y, 0.5 + 0.5 * n.z])
        }
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

    func testBandsThatTakeOverTheRowsAboveGiveTheWholeReliefsBits() {
        // The render makes its relief band by band, each band taking over the rows the band
        // above it bevelled (its halo) from the scratch both used. Its height and normal map
        // outputs must be the relief made in one piece, to the bit: on the text (many bands,
        // letters across their edges) at r = 10 and 40, at r = 0, and split among 3 threads'
        // pieces, whose first bands take over nothing. The text three times over, 7 bands.
        let text = EmbossQuality.text.coarse
        var mask = Plane(width: text.width, height: 3 * text.height)
        for y in 0 ..< mask.height { for x in 0 ..< mask.width { mask[x, y] = text[x, y % text.height] } }
        let hemisphere = Hemisphere.standard.render(size: 32)
        for (radius, parallel, name) in [(Float(10), ParallelFor.serial, "serial"), (40, .serial, "serial"), (0, .serial, "serial"),
                                         (10, .split(into: 3), "in 3 pieces")] {
            let relief = HeightField.relief(mask, radius: radius, profile: .round)
            var settings = EmbossSettings()
            settings.radius = radius
            settings.output = .height
            let heights = render(mask, settings, shading: hemisphere, parallel: parallel)
            settings.output = .normals
            let normals = render(mask, settings, shading: hemisphere, parallel: parallel)
            var differ = 0
            for i in 0 ..< mask.width * mask.height {
                let n = EmbossShading.normal(dx: relief.slopeX.values[i], dy: relief.slopeY.values[i], scale: settings.scale)
                let want = [relief.heights.values[i], 0.5 + 0.5 * n.x, 0.5 - 0.5 * n.y, 0.5 + 0.5 * n.z]
                let got = [heights[4 * i], normals[4 * i], normals[4 * i + 1], normals[4 * i + 2]]
                if want.map(\.bitPattern) != got.map(\.bitPattern) { differ += 1 }
            }
            XCTAssertGreaterThan(mask.height, 6 * 32, "several bands")
            XCTAssertEqual(differ, 0, "r \(radius), \(name)")
        }
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
        // The antialiased relief and its footprint lookups on odd masks, radii and pictures: a
        // soft disc with NaN and out-of-range coverage, a 1 × 3 picture, the steepest scale.
        var mask = disc(size: 31, radius: 9, soft: true)
        mask[15, 15] = .nan
        mask[3, 15] = 7
        mask[15, 3] = -2
        let thin = ShadingImage.thinTestPicture
        for radius: Float in [0, 1e-30, 0.5, 3, 1000] { for scale: Float in [0, 1, 1000] {
            var settings = EmbossSettings()
            settings.radius = radius
            settings.scale = scale
            for shading in [thin, Hemisphere.standard.render(size: 33)] {
                XCTAssertTrue(render(mask, settings, shading: shading).allSatisfy(\.isFinite), "r \(radius) k \(scale)")
            }
        } }
    }

    func testTheMaskIsTheAlphaClampedWithNaNAsZero() {
        // Rows of 7 and 9 pixels (four at a time, then the rest): alpha of each, clamped into
        // 0 … 1, NaN and −∞ to 0, +∞ to 1, −0 to +0; RGBA and grey + alpha.
        let alphas: [Float] = [0.25, .nan, -2, 7, -0.0, .infinity, -.infinity, 1, 0.5]
        let rgba = NormalMap.BumpPixels.rgba(luma: NormalMap.rec709Luma)
        let cases: [(Int, Int, NormalMap.BumpPixels)] = [(7, 4, rgba), (9, 4, rgba), (9, 2, .grayAlpha)]
        for (width, components, pixels) in cases {
            let height = 2
            var input = [Float](repeating: 0.5, count: width * height * components)
            for i in 0 ..< width * height { input[i * components + components - 1] = alphas[i % alphas.count] }
            var output = [Float](repeating: 0, count: width * height * 4)
            let mask = input.withUnsafeBufferPointer { i in
                output.withUnsafeMutableBufferPointer { o in
                    Emboss.mask(.memory(width: width, height: height, input: i.baseAddress!, inputComponents: components,
                                        output: o.baseAddress!), pixels: pixels, source: .alpha)
                }
            }
            let want = (0 ..< width * height).map { i -> Float in
                let a = alphas[i % alphas.count]
                return a.isNaN ? 0 : a < 0 ? 0 : a > 1 ? 1 : a
            }
            XCTAssertEqual(mask.values, want, "\(width) × \(components)")
            XCTAssertTrue(mask.values.allSatisfy { $0.sign == .plus }, "−0 becomes +0")
        }
    }

    func testEightBitRGBAIsMaskedByItsAlphaCodesAndLuma() {
        // R'G'B'A u8 as its bytes, four to a Float (`rgba8`): alpha's code k is k/255; luminance
        // × alpha is the luma of the codes k/255 times it, as for R'G'B'A float of those codes.
        let (width, height) = (9, 3)
        var bytes = [UInt8](), floats = [Float]()
        for i in 0 ..< width * height {
            let pixel: [UInt8] = [UInt8(i * 37 % 256), UInt8(i * 91 % 256), UInt8(i * 13 % 256), UInt8(i * 53 % 256)]
            bytes += pixel
            floats += pixel.map { Float($0) / 255 }
        }
        let alphaCodes = stride(from: 3, to: bytes.count, by: 4).map { bytes[$0] }
        XCTAssertTrue(alphaCodes.contains(0) && alphaCodes.contains { $0 > 200 }, "alpha codes across the range")
        let luma = NormalMap.rec709Luma
        for source in [EmbossSettings.MaskSource.alpha, .luminance] {
            var output = [Float](repeating: 0, count: width * height * 4)
            let fromBytes = bytes.withUnsafeBytes { b in
                output.withUnsafeMutableBufferPointer { o in
                    Emboss.mask(.memory(width: width, height: height, input: b.baseAddress!.assumingMemoryBound(to: Float.self),
                                        inputComponents: 1, output: o.baseAddress!), pixels: .rgba8(luma: luma), source: source)
                }
            }
            let fromFloats = floats.withUnsafeBufferPointer { f in
                output.withUnsafeMutableBufferPointer { o in
                    Emboss.mask(.memory(width: width, height: height, input: f.baseAddress!, inputComponents: 4,
                                        output: o.baseAddress!), pixels: .rgba(luma: luma), source: source)
                }
            }
            XCTAssertEqual(fromBytes.values, fromFloats.values, "\(source)")
            if source == .alpha {
                XCTAssertEqual(fromBytes.values, (0 ..< width * height).map { Float(bytes[4 * $0 + 3]) / 255 })
            }
        }
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
