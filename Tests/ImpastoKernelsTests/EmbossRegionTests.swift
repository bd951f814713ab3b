// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// Every op is local (docs/contract.md): a region of the emboss, computed from the image
/// within `Emboss.margin` of it, is the whole image's render there to the bit; and the margin
/// is the stages' reach, no more (a change just beyond it changes nothing, one just within it
/// can).
final class EmbossRegionTests: XCTestCase {
    /// A layer as the kernel reads it (`pixels.floats` samples a pixel).
    struct Image {
        var width: Int, height: Int, pixels: NormalMap.BumpPixels, samples: [Float]

        var components: Int { pixels.floats }

        /// Soft discs and bars (antialiased edges, acute joints where they cross), a few specks,
        /// grey levels that vary across them, and a NaN and an out-of-range sample: alpha is the
        /// coverage (where the pixels have alpha), the grey the luminance.
        static func random(width: Int, height: Int, pixels: NormalMap.BumpPixels, _ random: inout SeededRandom) -> Image {
            var coverage = Plane(width: width, height: height)
            for _ in 0 ..< random.int(2 ..< 7) {
                let cx = random.unit() * Float(width), cy = random.unit() * Float(height)
                let radius = 2 + random.unit() * Float(min(width, height)) / 3
                let bar = random.int(0 ..< 2) == 1, angle = random.unit() * .pi, half = 1 + random.unit() * 6
                for y in 0 ..< height { for x in 0 ..< width {
                    let dx = Float(x) + 0.5 - cx, dy = Float(y) + 0.5 - cy
                    // Signed distance into the shape: a disc, or a bar of half-width `half`.
                    let inside = bar ? min(half - abs(dx * sin(angle) - dy * cos(angle)),
                                           radius - abs(dx * cos(angle) + dy * sin(angle)))
                                     : radius - (dx * dx + dy * dy).squareRoot()
                    coverage[x, y] = max(coverage[x, y], min(max(inside + 0.5, 0), 1))
                } }
            }
            for _ in 0 ..< random.int(0 ..< 12) {
                coverage[random.int(0 ..< width), random.int(0 ..< height)] = random.unit()
            }
            var samples = [Float]()
            let components = pixels.components
            for y in 0 ..< height { for x in 0 ..< width {
                let a = coverage[x, y], grey = 0.2 + 0.8 * a * (0.5 + 0.5 * sin(Float(x) * 0.3 + Float(y) * 0.17))
                switch components {
                case 2: samples += [grey, a]
                case 3: samples += [grey, grey * 0.9, min(grey * 1.1, 1)]
                default: samples += [grey, grey * 0.9, min(grey * 1.1, 1), a]
                }
            } }
            samples[random.int(0 ..< samples.count)] = .nan
            samples[random.int(0 ..< samples.count)] = 7
            return Image(width: width, height: height, pixels: pixels, samples: samples)
        }

        /// The sample at pixel (x, y), component k; 0 beyond the image (GEGL_ABYSS_NONE).
        func sample(_ x: Int, _ y: Int, _ k: Int) -> Float {
            x >= 0 && y >= 0 && x < width && y < height ? samples[(y * width + x) * components + k] : 0
        }
    }

    /// The whole image's render, RGBA.
    static func whole(_ image: Image, _ settings: EmbossSettings, shading: ShadingImage, perceptual: Bool = false,
                      parallel: ParallelFor = .serial) -> [Float] {
        var out = [Float](repeating: -1, count: image.width * image.height * 4)
        image.samples.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                let io = RowIO.memory(width: image.width, height: image.height, input: input.baseAddress!,
                                      inputComponents: image.components, output: output.baseAddress!)
                Emboss.render(io, pixels: image.pixels, settings: settings, shading: shading, perceptual: perceptual,
                              parallel: parallel)
            }
        }
        return out
    }

    /// A region's render, as the GEGL op asks for one: the input read `margin` pixels beyond
    /// the region on each side (zeros beyond the image), RGBA of the region.
    static func region(_ image: Image, x: Int, y: Int, width: Int, height: Int, margin: Int,
                       _ settings: EmbossSettings, shading: ShadingImage, perceptual: Bool = false,
                       parallel: ParallelFor = .serial) -> [Float] {
        let c = image.components, inputWidth = width + 2 * margin
        let input = RowIO(width: inputWidth, height: height + 2 * margin, inputComponents: c, read: { rows, into in
            for (k, row) in rows.enumerated() {
                for i in 0 ..< inputWidth { for j in 0 ..< c {
                    into[(k * inputWidth + i) * c + j] = image.sample(x - margin + i, y - margin + row, j)
                } }
            }
        }, write: { _, _ in })
        var out = [Float](repeating: -1, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { buffer in
            let o = buffer.baseAddress!
            let output = RowIO(width: width, height: height, inputComponents: 4, read: { _, _ in }, write: { rows, from in
                (o + rows.lowerBound * width * 4).update(from: from, count: rows.count * width * 4)
            })
            Emboss.render(input, to: output, region: Emboss.Region(x: x, y: y, imageWidth: image.width, imageHeight: image.height),
                          pixels: image.pixels, settings: settings, shading: shading, perceptual: perceptual, parallel: parallel)
        }
        return out
    }

    /// The whole render's pixels of a region.
    static func crop(_ rgba: [Float], imageWidth: Int, x: Int, y: Int, width: Int, height: Int) -> [Float] {
        var out = [Float]()
        for row in y ..< y + height {
            let start = (row * imageWidth + x) * 4
            out += rgba[start ..< start + width * 4]
        }
        return out
    }

    /// Index of the first sample whose bits differ, if any (NaN compared by its bits too).
    static func firstDifference(_ a: [Float], _ b: [Float]) -> Int? {
        guard a.count == b.count else { return 0 }
        return a.indices.first { a[$0].bitPattern != b[$0].bitPattern }
    }

    static let shading = Hemisphere.standard.render(size: 48)

    func testEveryRegionIsTheWholeImagesRenderToTheBit() {
        var random = SeededRandom(seed: 34)
        let formats: [NormalMap.BumpPixels] = [.grayAlpha, .linearGrayAlpha, .rgba(luma: NormalMap.rec709Luma),
                                               .rgb(luma: NormalMap.rec709Luma)]
        var regions = 0
        for trial in 0 ..< 48 {
            var settings = EmbossSettings()
            settings.radius = random.pick([0, 0.7, 3, 8.5, 17, 40])
            settings.scale = random.pick([2, 10, 35])
            settings.profile = random.pick(HeightProfile.allCases)
            // Up to 12 the blur is the FIR, beyond the blocked recursive filter (every 8th
            // trial, on an image large enough for its regions to see cuts inside it).
            settings.liquify = trial % 8 == 0 ? 12.5 : random.pick([0, 0, 0, 1.5, 5, 12, 12.5])
            settings.maskSource = random.pick([.alpha, .alpha, .luminance])
            settings.output = random.pick([.shaded, .shaded, .shaded, .height, .normals, .hemisphere])
            let perceptual = random.int(0 ..< 2) == 1
            // Large enough, for a wide liquify, that regions see cuts inside the image.
            let big = settings.liquify > 12 && trial % 2 == 0
            let width = big ? random.int(420 ..< 520) : random.int(24 ..< 130)
            let height = big ? random.int(380 ..< 440) : random.int(16 ..< 110)
            let image = Image.random(width: width, height: height, pixels: random.pick(formats), &random)
            let whole = Self.whole(image, settings, shading: Self.shading, perceptual: perceptual)
            let margin = Emboss.margin(settings)
            for piece in 0 ..< 5 {
                // Any region: a pixel, strips, blocks at the borders and inside, all of it.
                let w = piece == 0 ? 1 : piece == 4 ? width : random.int(1 ..< width + 1)
                let h = piece == 0 ? 1 : random.int(1 ..< height + 1)
                let x = random.int(0 ..< width - w + 1), y = random.int(0 ..< height - h + 1)
                let parallel: ParallelFor = piece % 2 == 0 ? .serial : .split(into: 3)
                let got = Self.region(image, x: x, y: y, width: w, height: h, margin: margin, settings,
                                      shading: Self.shading, perceptual: perceptual, parallel: parallel)
                let want = Self.crop(whole, imageWidth: width, x: x, y: y, width: w, height: h)
                if let i = Self.firstDifference(got, want) {
                    XCTFail("trial \(trial) \(width)×\(height) \(image.pixels) r \(settings.radius) \(settings.profile) "
                            + "liquify \(settings.liquify) \(settings.maskSource) \(settings.output): region (\(x), \(y)) "
                            + "\(w)×\(h), margin \(margin): pixel (\(i / 4 % w), \(i / 4 / w)) sample \(i % 4) "
                            + "\(got[i]) against \(want[i])")
                }
                regions += 1
            }
        }
        XCTAssertEqual(regions, 240)
    }

    func testTheMarginIsEachStagesReachSummed() {
        var settings = EmbossSettings()
        settings.radius = 10
        XCTAssertEqual(HeightField.reach(radius: 10), 11 + 1 + 5 + 2)
        XCTAssertEqual(Emboss.margin(settings), 19 + 1, "shaded: the footprint reads the neighbours")
        settings.output = .height
        XCTAssertEqual(Emboss.margin(settings), 19)
        settings.output = .hemisphere
        XCTAssertEqual(Emboss.margin(settings), 0, "the hemisphere reads no input")
        settings.output = .shaded
        settings.radius = 40.2
        settings.liquify = 2   // FIR: ⌊4σ⌋ = 8 taps either way, and the gradient's pixel
        XCTAssertEqual(Emboss.margin(settings), 42 + 1 + 5 + 2 + 1 + 9)
        XCTAssertEqual(Liquify.reach(sigma: 12), 48 + 1, "the FIR's taps up to σ 12")
        XCTAssertEqual(Liquify.reach(sigma: 12.5), 2 * 50 + 50 - 1 + 1, "recursive: warm-up ⌈4σ⌉ = 50, blocks of 100")
        settings.radius = .nan   // sanitized: the default
        settings.liquify = .infinity   // the largest σ, 200
        XCTAssertEqual(Emboss.margin(settings), HeightField.reach(radius: 10) + Liquify.reach(sigma: 200) + 1)
        XCTAssertEqual(Liquify.reach(sigma: 200), 3 * 800)
        XCTAssertEqual(Liquify.reach(sigma: 0), 0)
        XCTAssertEqual(Liquify.reach(sigma: .nan), 0)
    }

    func testLiquifyReachesTheBlursTapsAndAPixelMoreExactly() {
        // A step edge whose middle column is 0.6 covered: g crosses 0.5 near it, so its
        // coverage 0.5 + (g − 0.5)/|∇g| is unclamped and shows any change of g beside it. The
        // FIR at σ 2 has taps out to ⌊4σ⌋ = 8, the gradient reads a pixel either side.
        let sigma: Float = 2, reach = Liquify.reach(sigma: sigma), (width, height, edge) = (60, 41, 20)
        XCTAssertEqual(reach, 9)
        var mask = Plane(width: width, height: height)
        for y in 0 ..< height { for x in 0 ..< width { mask[x, y] = x < edge ? 1 : x == edge ? 0.6 : 0 } }
        let before = Liquify.apply(mask, sigma: sigma)[edge, 20]
        XCTAssertGreaterThan(before, 0.2)
        XCTAssertLessThan(before, 0.8)
        for (d, changes) in [(reach, true), (reach + 1, false)] {
            var changed = mask
            changed[edge + d, 20] = 1
            XCTAssertEqual(Liquify.apply(changed, sigma: sigma)[edge, 20] != before, changes, "a speck \(d) px away")
        }
    }

    func testAPixelSlopesFromAnOutsidePixelWithinTheSiteReachAlone() {
        // A covered plane whose right part is outside, its edge column half covered (the edge
        // through its centres): a pixel d px from the first outside column measures from it,
        // the edge 1 px nearer, and slopes while that is within r + ½ (its slope's reach),
        // so for a whole r up to d = r + 1 = ⌈r + 2⌉ − 1; beyond, it is on the plateau.
        for radius in [Float(6), 2] {
            let reach = HeightField.reach(radius: radius) - 1 - 5 - 2   // the site's part
            XCTAssertEqual(reach, Int(radius) + 1)
            for (d, slopes) in [(reach, true), (reach + 1, false)] {
                var mask = Plane(width: 60, height: 60, repeating: 1)
                for y in 0 ..< 60 { for x in 30 + d - 1 ..< 60 { mask[x, y] = x == 30 + d - 1 ? 0.5 : 0 } }
                let relief = HeightField.relief(mask, radius: radius, profile: .round)
                XCTAssertEqual(relief.slopeX[30, 30] != 0, slopes, "r \(radius), outside from \(d) px away")
            }
        }
    }

    /// The farthest apart a pixel whose coverage changed and an output pixel that changed
    /// with it, over changes of pixels on the edges of random shapes.
    static func farthestChange(_ settings: EmbossSettings, size: Int, trials: Int, seed: UInt64) -> Int {
        var random = SeededRandom(seed: seed), farthest = 0
        for _ in 0 ..< trials {
            let image = Image.random(width: size, height: size, pixels: .grayAlpha, &random)
            let before = whole(image, settings, shading: shading)
            for _ in 0 ..< 60 {
                var (qx, qy) = (0, 0)
                for _ in 0 ..< 200 {
                    (qx, qy) = (random.int(0 ..< size), random.int(0 ..< size))
                    let a = image.samples[(qy * size + qx) * 2 + 1]
                    if a > 0.02 && a < 0.98 { break }
                }
                var changed = image
                changed.samples[(qy * size + qx) * 2 + 1] = random.unit()
                let after = whole(changed, settings, shading: shading)
                for i in 0 ..< size * size
                where (0 ..< 4).contains(where: { before[4 * i + $0].bitPattern != after[4 * i + $0].bitPattern }) {
                    farthest = max(farthest, max(abs(i % size - qx), abs(i / size - qy)))
                }
            }
        }
        return farthest
    }

    func testNoChangeReachesBeyondTheMarginAndOneReachesWithin3PxOfIt() {
        // Beyond the margin nothing changes (the region test shows it for every region). On
        // these random shapes a change reaches 13 px at r 6, whose margin is 16: past the
        // site's 7 px by the stages after it (a neighbour's site, a piece of edge's reads, the
        // smoothing, the footprint), to within 3 px of the bound their reaches add up to.
        var settings = EmbossSettings()
        settings.radius = 6
        let farthest = Self.farthestChange(settings, size: 48, trials: 4, seed: 1007)
        XCTAssertLessThanOrEqual(farthest, Emboss.margin(settings))
        XCTAssertGreaterThanOrEqual(farthest, Emboss.margin(settings) - 3)
    }
}

extension SeededRandom {
    mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func unit() -> Float { Float.random(in: 0 ..< 1, using: &self) }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0 ..< values.count)] }
}
