// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// BristlePaint's normal map in Swift, without GEGL: the op's formula, conventions and borders.
final class NormalMapTests: XCTestCase {
    /// The plane whose value at (x, y) is `h(x, y)`.
    func plane(_ width: Int, _ height: Int, _ h: (Int, Int) -> Float) -> Plane {
        var plane = Plane(width: width, height: height)
        for y in 0 ..< height { for x in 0 ..< width { plane[x, y] = h(x, y) } }
        return plane
    }

    /// The normals of a whole plane, row-major.
    func normals(_ settings: NormalMap, _ heights: Plane, parallel: ParallelFor = .serial) -> [SIMD3<Float>] {
        var out = [SIMD3<Float>](repeating: SIMD3(.nan, .nan, .nan), count: heights.width * heights.height)
        out.withUnsafeMutableBufferPointer { out in
            settings.normals(of: heights, parallel: parallel) { y, row in
                for x in row.indices { out[y * heights.width + x] = row[x] }
            }
        }
        return out
    }

    /// A bump as BristlePaint paints it: a white disc at 10 % opacity, h = 0.1 inside.
    func bump(size: Int = 48, radius: Double = 14) -> Plane {
        plane(size, size) { x, y in
            let dx = Double(x) + 0.5 - Double(size) / 2, dy = Double(y) + 0.5 - Double(size) / 2
            return dx * dx + dy * dy <= radius * radius ? 0.1 : 0
        }
    }

    /// normalize(−c·a, b, 1) in Double: the normal for ∂h/∂x = a, c·∂h/∂y = b.
    func expectedNormal(_ cx: Double, _ cy: Double) -> [Double] {
        let length = (cx * cx + cy * cy + 1).squareRoot()
        return [-cx / length, cy / length, 1 / length]
    }

    func testFlatHeightsGiveTheFlatColourEverywhere() {
        for smoothness: Float in [0, 0.75, 1] {
            for tileable in [false, true] {
                let rgba = NormalMap(smoothness: smoothness, tileable: tileable).render(Plane(width: 19, height: 7, repeating: 0.3))
                XCTAssertEqual(rgba.count, 19 * 7 * 4)
                for i in stride(from: 0, to: rgba.count, by: 4) {
                    XCTAssertEqual(Array(rgba[i ..< i + 4]), [0.5, 0.5, 1, 1], "smoothness \(smoothness) tileable \(tileable)")
                }
            }
        }
    }

    func testARampFollowsTheFormulaInTheInterior() {
        // h = a·x (a power of two: exact heights and differences), ∂h/∂x = a; heights count
        // `heightScale` times.
        let a: Float = 1.0 / 64, c: Float = 3, s = Double(NormalMap.heightScale)
        let ramp = plane(40, 30) { x, _ in a * Float(x) }
        let expected = expectedNormal(Double(c) * s * Double(a), 0)
        for smoothness: Float in [0, 0.5, 1] {
            let settings = NormalMap(smoothness: smoothness, contrast: c)
            let n = normals(settings, ramp), m = settings.margin
            // A blurred ramp is the same ramp wherever the blur does not reach a border.
            let inner = smoothness == 0 ? 1 : m
            for y in 0 ..< 30 { for x in inner ..< 40 - inner {
                for k in 0 ..< 3 {
                    XCTAssertEqual(Double(n[y * 40 + x][k]), expected[k], accuracy: 1e-6, "smoothness \(smoothness) (\(x), \(y))")
                }
            } }
            XCTAssertLessThan(n[0].x, 0, "clamped at the border the ramp still rises to the right")
        }
        // The encoded colour: R = 0.5 + 0.5·nₓ < 0.5, G = 0.5, B = 0.5 + 0.5·n_z.
        let rgba = NormalMap(smoothness: 0, contrast: c).render(ramp)
        let p = (10 * 40 + 20) * 4
        XCTAssertEqual(Double(rgba[p]), 0.5 + 0.5 * expected[0], accuracy: 1e-6)
        XCTAssertEqual(rgba[p + 1], 0.5)
        XCTAssertEqual(Double(rgba[p + 2]), 0.5 + 0.5 * expected[2], accuracy: 1e-6)
        XCTAssertEqual(rgba[p + 3], 1)
    }

    func testARampDownTheImageTiltsTheNormalUp() {
        // h = a·y rises downwards: ∂h/∂y = a, n_y = +c·a / |…| > 0 (green up, OpenGL).
        let a: Float = 1.0 / 32, c: Float = 2
        let n = normals(NormalMap(smoothness: 0, contrast: c), plane(9, 12) { _, y in a * Float(y) })
        let expected = expectedNormal(0, Double(c * NormalMap.heightScale) * Double(a))
        for k in 0 ..< 3 { XCTAssertEqual(Double(n[5 * 9 + 4][k]), expected[k], accuracy: 1e-6) }
    }

    func testTheTopEdgeOfABumpIsGreenAndFlipYInvertsIt() {
        let opengl = NormalMap().render(bump()), directX = NormalMap(flipY: true).render(bump())
        func channel(_ rgba: [Float], _ x: Int, _ y: Int, _ c: Int) -> Float { rgba[(y * 48 + x) * 4 + c] }
        // The disc spans rows 10 … 37 through the centre column 24.
        XCTAssertGreaterThan(channel(opengl, 24, 10, 1), 0.52, "top edge faces up: G > 0.5")
        XCTAssertLessThan(channel(opengl, 24, 37, 1), 0.48, "bottom edge faces down: G < 0.5")
        XCTAssertLessThan(channel(directX, 24, 10, 1), 0.48, "DirectX: the top edge has G < 0.5")
        for i in 0 ..< 48 * 48 {
            XCTAssertEqual(opengl[4 * i + 1] + directX[4 * i + 1], 1, accuracy: 1e-7, "flip-y mirrors green")
            for c in [0, 2, 3] { XCTAssertEqual(opengl[4 * i + c], directX[4 * i + c]) }
        }
    }

    func testTheLeftEdgeOfABumpIsDarkRed() {
        let rgba = NormalMap().render(bump())
        XCTAssertLessThan(rgba[(24 * 48 + 10) * 4], 0.48, "left edge faces left: R < 0.5")
        XCTAssertGreaterThan(rgba[(24 * 48 + 37) * 4], 0.52, "right edge faces right: R > 0.5")
        XCTAssertEqual(Array(rgba[(24 * 48 + 24) * 4 ..< (24 * 48 + 24) * 4 + 4]), [0.5, 0.5, 1, 1],
                       "the middle of the bump is flat")
    }

    func testContrastScalesTheSlope() {
        // −nₓ / n_z = c·s·∂h/∂x: proportional to c; c = 0 is flat.
        let a: Float = 1.0 / 16
        let ramp = plane(12, 3) { x, _ in a * Float(x) }
        for c: Float in [0, 0.5, 1, 3, 10, 100] {
            let n = normals(NormalMap(smoothness: 0, contrast: c), ramp)[1 * 12 + 6]
            let expected = c * NormalMap.heightScale * a
            XCTAssertEqual(-n.x / n.z, expected, accuracy: 1e-5 * max(1, expected), "contrast \(c)")
        }
    }

    func testSmoothnessSoftensAStep() {
        // A vertical step edge: the steepest slope falls as the blur widens.
        let step = plane(60, 8) { x, _ in x < 30 ? 0 : 1 }
        var previous = Float.infinity
        for smoothness: Float in [0, 0.5, 0.75, 0.9, 1] {
            let n = normals(NormalMap(smoothness: smoothness, contrast: 1), step)
            let steepest = n.map { abs($0.x / $0.z) }.max() ?? 0
            XCTAssertLessThan(steepest, previous, "smoothness \(smoothness)")
            previous = steepest
        }
        XCTAssertEqual(normals(NormalMap(smoothness: 0, contrast: 1), step).map { abs($0.x / $0.z) }.max() ?? 0,
                       0.5 * NormalMap.heightScale, accuracy: 1e-6,
                       "unsmoothed: the central difference of a unit step is 1/2, the heights ×heightScale")
    }

    /// A pattern that tiles: periodic in x (period 24) and in y (period 20).
    func periodic(_ x: Int, _ y: Int) -> Float {
        Float(0.5 + 0.25 * cos(2 * Double.pi * Double(x) / 24) + 0.25 * sin(2 * Double.pi * Double(y) / 20))
    }

    func testTileableWrapsAndMatchesThePatternRepeated() {
        let tile = plane(24, 20, periodic)
        let tiled = plane(72, 60) { x, y in tile[x % 24, y % 20] }
        for smoothness: Float in [0, 0.75] {
            let wrapped = normals(NormalMap(smoothness: smoothness, tileable: true), tile)
            let repeated = normals(NormalMap(smoothness: smoothness), tiled)
            for y in 0 ..< 20 { for x in 0 ..< 24 {
                XCTAssertEqual(wrapped[y * 24 + x], repeated[(y + 20) * 72 + x + 24],
                               "tileable = the middle copy of the pattern repeated (\(x), \(y))")
            } }
        }
    }

    func testTileableHasNoSpuriousSlopeAtTheBordersButClampDoes() {
        // h = cos(2πx/24) peaks at x = 0: the true slope there is 0 (its neighbours, x = 1 and
        // the wrapped-around x = 23, are equal). Clamped, the border sees a one-sided slope.
        let tile = plane(24, 6) { x, _ in Float(cos(2 * Double.pi * Double(x) / 24)) }
        let wrapped = normals(NormalMap(smoothness: 0, tileable: true), tile)
        let clamped = normals(NormalMap(smoothness: 0), tile)
        XCTAssertEqual(wrapped[3 * 24].x, 0, accuracy: 1e-6, "tileable: flat at the crest on the border")
        XCTAssertGreaterThan(clamped[3 * 24].x, 0.05, "clamped: the edge pixel repeats, a false slope")
        // At the right border (x = 23) the wrapped slope equals the true one, mirrored from x = 1.
        XCTAssertEqual(wrapped[3 * 24 + 23].x, -wrapped[3 * 24 + 1].x, accuracy: 1e-6)
    }

    func testPiecesFromPaddedWindowsAreTheWholeBitForBit() {
        // What GEGL does: a piece of the output from the input around it, padded by `margin`
        // (clamped beyond the image), is exactly that part of the whole.
        var rng = SeededRandom(seed: 21)
        let heights = plane(53, 41) { _, _ in Float.random(in: 0 ... 1, using: &rng) }
        for tileable in [false, true] {
            let settings = NormalMap(smoothness: 0.75, tileable: tileable)
            let whole = settings.render(heights), m = settings.margin
            let padded = heights.padded(by: m, wrapping: tileable)
            for (x0, y0, w, h) in [(0, 0, 17, 9), (30, 20, 23, 21), (5, 33, 40, 8), (52, 40, 1, 1)] {
                let window = plane(w + 2 * m, h + 2 * m) { x, y in padded[x0 + x, y0 + y] }
                var piece = [Float](repeating: -1, count: w * h * 4)
                piece.withUnsafeMutableBufferPointer { settings.render(window: window, margin: m, into: $0.baseAddress!) }
                for y in 0 ..< h {
                    let row = Array(whole[((y0 + y) * 53 + x0) * 4 ..< ((y0 + y) * 53 + x0 + w) * 4])
                    XCTAssertEqual(Array(piece[y * w * 4 ..< (y + 1) * w * 4]), row, "tileable \(tileable) piece at (\(x0), \(y0)) row \(y)")
                }
            }
        }
    }

    func testAnySplitOfTheWorkGivesTheSameBits() {
        var rng = SeededRandom(seed: 22)
        let heights = plane(70, 53) { _, _ in Float.random(in: 0 ... 1, using: &rng) }
        for tileable in [false, true] {
            let settings = NormalMap(smoothness: 0.75, tileable: tileable)
            XCTAssertTrue(settings.render(heights, parallel: .serial) == settings.render(heights, parallel: .split(into: 5)))
        }
    }

    /// The normal map the straightforward way: the whole padded plane blurred, then each
    /// pixel's central differences (edge pixels repeated), normalize(−c·s·dx, +c·s·dy, 1), encoded.
    func straightforward(_ settings: NormalMap, _ heights: Plane) -> [Float] {
        let m = settings.margin, c = settings.sanitized.contrast * NormalMap.heightScale
        var padded = heights.padded(by: m, wrapping: settings.tileable)
        for i in padded.values.indices {
            let h = padded.values[i]
            padded.values[i] = h.isFinite ? min(max(h, -NormalMap.largestHeight), NormalMap.largestHeight) : 0
        }
        let smooth = GaussianBlur.blur(padded, sigma: settings.sigma)
        var rgba = [Float]()
        for y in 0 ..< heights.height { for x in 0 ..< heights.width {
            let dx = (smooth.clamped(x + m + 1, y + m) - smooth.clamped(x + m - 1, y + m)) * 0.5
            let dy = (smooth.clamped(x + m, y + m + 1) - smooth.clamped(x + m, y + m - 1)) * 0.5
            let v = SIMD3<Float>(-c * dx, -c * -dy, 1), length = (v * v).sum().squareRoot()
            let n = length.isFinite && length > 0 ? v / length : SIMD3(0, 0, 1)
            rgba += [0.5 + 0.5 * n.x, 0.5 + 0.5 * (settings.flipY ? -n.y : n.y), 0.5 + 0.5 * n.z, 1]
        } }
        return rgba
    }

    func testTheStreamedKernelIsTheStraightforwardFormulaBitForBit() {
        // 2100 px wide: a band of the streamed kernel is then a few dozen rows, so pieces span
        // several bands, each reading on from the rows the last one kept.
        var rng = SeededRandom(seed: 23)
        let heights = plane(2100, 45) { _, _ in Float.random(in: 0 ... 1, using: &rng) }
        for settings in [NormalMap(smoothness: 0), NormalMap(smoothness: 0.75, contrast: 7, flipY: true),
                         NormalMap(smoothness: 1, tileable: true)] {
            let expected = straightforward(settings, heights)
            XCTAssertTrue(settings.render(heights) == expected, "\(settings)")
            XCTAssertTrue(settings.render(heights, parallel: .split(into: 4)) == expected, "\(settings), split")
        }
    }

    /// A window over interleaved samples in memory, as the GEGL op reads one.
    func window(_ samples: [Float], width: Int, height: Int, margin: Int, _ pixels: NormalMap.BumpPixels,
                _ body: (NormalMap.Window) -> Void) {
        let components = samples.count / max(1, width * height)
        samples.withUnsafeBufferPointer { samples in
            body(NormalMap.Window(width: width, height: height, margin: margin, pixels: pixels) { rows, into in
                into.update(from: samples.baseAddress! + rows.lowerBound * width * components,
                            count: rows.count * width * components)
            })
        }
    }

    /// What `render(_:rows:scratch:write:)` writes, gathered.
    func rendered(_ settings: NormalMap, _ window: NormalMap.Window, scratch: Scratch = Scratch(),
                  linear: Bool = false) -> [Float] {
        let width = window.width - 2 * window.margin, height = window.height - 2 * window.margin
        var out = [Float](repeating: .nan, count: width * height * 4), next = 0
        settings.render(window, scratch: scratch, linear: linear) { rows, rgba in
            XCTAssertEqual(rows.lowerBound, next, "bands come in order from the top")
            next = rows.upperBound
            for i in 0 ..< rows.count * width * 4 { out[rows.lowerBound * width * 4 + i] = rgba[i] }
        }
        XCTAssertEqual(next, height)
        return out
    }

    func testYAAndRGBAPixelsGiveTheirHeights() {
        // Y'A: h = Y'·alpha. R'G'B'A: grey pixels h = R'·alpha, the others the luma
        // Y' = 0.2126 R' + 0.7152 G' + 0.0722 B' (Rec. 709's weights) times alpha.
        var rng = SeededRandom(seed: 24)
        let (w, h, m) = (700, 60, NormalMap.bristlePaint.margin)
        var grayAlpha = [Float](), rgba = [Float](), heights = Plane(width: w, height: h)
        for y in 0 ..< h { for x in 0 ..< w {
            let v = Float.random(in: 0 ... 1, using: &rng), a = Float.random(in: 0 ... 1, using: &rng)
            grayAlpha += [v, a]
            if y % 7 == 3 && x % 5 == 0 {
                rgba += [v, 0.25, 0.75, a]
                heights[x, y] = ((0.2126 * v + 0.7152 * 0.25) + 0.0722 * 0.75) * a
            } else {
                rgba += [v, v, v, a]
                heights[x, y] = v * a
            }
        } }
        var yaHeights = Plane(width: w, height: h)
        for i in yaHeights.values.indices { yaHeights.values[i] = grayAlpha[2 * i] * grayAlpha[2 * i + 1] }
        let settings = NormalMap.bristlePaint
        var expected = [Float](repeating: 0, count: (w - 2 * m) * (h - 2 * m) * 4)
        expected.withUnsafeMutableBufferPointer { settings.render(window: yaHeights, margin: m, into: $0.baseAddress!) }
        window(grayAlpha, width: w, height: h, margin: m, .grayAlpha) { window in
            XCTAssertTrue(rendered(settings, window) == expected, "Y'A")
        }
        expected.withUnsafeMutableBufferPointer { settings.render(window: heights, margin: m, into: $0.baseAddress!) }
        window(rgba, width: w, height: h, margin: m, .rgba(luma: NormalMap.rec709Luma)) { window in
            XCTAssertTrue(rendered(settings, window) == expected, "R'G'B'A")
        }
    }

    func testALinearOutputIsTheCodesUndone() {
        // `linear`: the same map as linear RGBA, each code c of R', G' and B' undone by sRGB's
        // curve (IEC 61966-2-1, in Double here) to the table's 4·10⁻⁷; alpha stays 1. Widths
        // that leave a partial group of four pixels at the row's end.
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        var rng = SeededRandom(seed: 26)
        for (w, h) in [(203, 31), (6, 9)] {
            for settings in [NormalMap(smoothness: 0, contrast: 40), NormalMap(smoothness: 0.75, flipY: true)] {
                let m = settings.margin
                let samples = (0 ..< (w + 2 * m) * (h + 2 * m)).map { _ in Float.random(in: 0 ... 1, using: &rng) }
                window(samples, width: w + 2 * m, height: h + 2 * m, margin: m, .heights) { window in
                    let codes = rendered(settings, window), out = rendered(settings, window, linear: true)
                    XCTAssertEqual(out.count, w * h * 4)
                    var worst = 0.0
                    for i in out.indices {
                        if i % 4 == 3 { XCTAssertEqual(out[i], 1) } else {
                            worst = max(worst, abs(Double(out[i]) - linear(Double(codes[i]))))
                        }
                    }
                    XCTAssertLessThan(worst, 4e-7, "\(w)×\(h) \(settings)")
                    XCTAssertGreaterThan(Set(codes).count, w * h / 2, "a map with many colours")
                }
            }
        }
    }

    func testEightBitRGBAIsReadAsItsCodes() {
        // rgba8: R'G'B'A u8 bytes, four to a Float of the samples, widened to k/255 by the
        // kernel: the same bits as the R'G'B'A floats k/255 (grey and coloured pixels, and
        // widths that leave a partial group of four).
        var rng = SeededRandom(seed: 27)
        let settings = NormalMap.bristlePaint, m = settings.margin
        for (w, h) in [(203, 31), (6, 9)] {
            let (ww, wh) = (w + 2 * m, h + 2 * m)
            var bytes = [UInt8](), floats = [Float]()
            for i in 0 ..< ww * wh {
                let v = UInt8.random(in: 0 ... 255, using: &rng), a = UInt8.random(in: 0 ... 255, using: &rng)
                let pixel: [UInt8] = i % 3 == 0 ? [v, UInt8.random(in: 0 ... 255, using: &rng), 200, a] : [v, v, v, a]
                bytes += pixel
                floats += pixel.map { Float($0) / 255 }
            }
            let packed = bytes.withUnsafeBytes { raw in
                (0 ..< ww * wh).map { raw.loadUnaligned(fromByteOffset: 4 * $0, as: Float.self) }
            }
            var fromFloats = [Float](), fromBytes = [Float]()
            let w709 = NormalMap.rec709Luma
            window(floats, width: ww, height: wh, margin: m, .rgba(luma: w709)) { fromFloats = rendered(settings, $0) }
            window(packed, width: ww, height: wh, margin: m, .rgba8(luma: w709)) { fromBytes = rendered(settings, $0) }
            XCTAssertEqual(fromBytes.count, w * h * 4)
            XCTAssertTrue(fromBytes == fromFloats, "\(w)×\(h)")
        }
    }

    func testAScratchServesPiecesOfAnySizeInTurn() {
        var rng = SeededRandom(seed: 25)
        let scratch = Scratch(), settings = NormalMap(smoothness: 0.5)
        for (w, h) in [(300, 90), (20, 17), (1500, 40), (15, 15), (300, 90)] {
            let samples = (0 ..< w * h * 2).map { _ in Float.random(in: 0 ... 1, using: &rng) }
            window(samples, width: w, height: h, margin: settings.margin, .grayAlpha) { window in
                XCTAssertTrue(rendered(settings, window, scratch: scratch) == rendered(settings, window), "\(w)×\(h)")
            }
        }
    }

    func testWildRGBAPixelsAndEmptyWindowsDoNotTrap() {
        let wild: [Float] = [.nan, .nan, .nan, 1, .infinity, .infinity, .infinity, 1, 1e30, 1e30, 1e30, 1e30,
                             -.infinity, 0, 1, 0.5, 0.2, 0.2, 0.2, .nan, 1, 1, 1, -.infinity]
        let settings = NormalMap(smoothness: 1, contrast: 100)
        for margin in [0, 1] {
            window(wild, width: 3, height: 2, margin: margin, .rgba(luma: NormalMap.rec709Luma)) { window in
                XCTAssertTrue(rendered(settings, window).allSatisfy(\.isFinite), "margin \(margin)")
            }
        }
        for (w, h, m) in [(0, 0, 0), (0, 5, 1), (4, 4, 2), (5, 1, 1), (3, 3, Int.max)] {
            window([], width: w, height: h, margin: m, .grayAlpha) { window in
                settings.render(window, scratch: Scratch()) { _, _ in XCTFail("no output for \(w)×\(h), margin \(m)") }
            }
        }
    }

    func testMarginIsTheBlurReachPlusOne() {
        XCTAssertEqual(NormalMap(smoothness: 0).margin, 1)
        XCTAssertEqual(NormalMap(smoothness: 0.75).margin, 4, "σ = 0.75: ⌊4σ⌋ = 3 taps each side, + 1")
        XCTAssertEqual(NormalMap(smoothness: 0.5).sigma, 0.25)
        XCTAssertEqual(NormalMap(smoothness: 0.9).sigma, 2.25, accuracy: 1e-5)
        XCTAssertEqual(NormalMap(smoothness: 1).margin, 13)
        XCTAssertEqual(NormalMap(smoothness: 5).margin, 13, "clamped to smoothness 1")
        XCTAssertEqual(NormalMap(smoothness: .nan).margin, 4, "NaN: the default")
        XCTAssertEqual(NormalMap(smoothness: -1).margin, 1)
    }

    func testHeightsAreLumaTimesAlpha() {
        func heights(_ samples: [Float], _ pixels: NormalMap.BumpPixels) -> [Float] {
            let n = samples.count / pixels.components
            var h = [Float](repeating: .nan, count: n)
            samples.withUnsafeBufferPointer { s in
                h.withUnsafeMutableBufferPointer { NormalMap.heights(from: s.baseAddress!, pixels: pixels, count: n, into: $0.baseAddress!) }
            }
            return h
        }
        XCTAssertEqual(heights([1, 0.1, 0.5, 1, 0.8, 0], .grayAlpha), [0.1, 0.5, 0])
        // R'G'B'A, five pixels (four at once, one alone): the luma w·(R', G', B') with the
        // space's weights, a fixed formula (no babl fish); grey pixels exactly R'.
        let w = SIMD3<Float>(0.2225, 0.7169, 0.0606)  // babl's sRGB weights (D50)
        let rgba: [Float] = [0.9, 0.1, 0.3, 0.5, 0.4, 0.4, 0.4, 1, 0, 1, 0, 1, 1, 0, 0, 0.25, 0.2, 0.6, 1, 2]
        let expected = stride(from: 0, to: rgba.count, by: 4).map { i -> Float in
            let (r, g, b, a) = (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
            return (r == g && g == b ? r : (w.x * r + w.y * g) + w.z * b) * a
        }
        XCTAssertEqual(heights(rgba, .rgba(luma: w)), expected)
        // R'G'B' (no alpha): the same luma, alpha 1.
        let rgb = stride(from: 0, to: rgba.count, by: 4).flatMap { rgba[$0 ..< $0 + 3] }
        let opaque = stride(from: 0, to: rgba.count, by: 4).map { i -> Float in
            let (r, g, b) = (rgba[i], rgba[i + 1], rgba[i + 2])
            return r == g && g == b ? r : (w.x * r + w.y * g) + w.z * b
        }
        XCTAssertEqual(heights(rgb, .rgb(luma: w)), opaque)
        XCTAssertEqual(expected[1], 0.4, "grey")
        XCTAssertEqual(Double(expected[2]), 0.7169, accuracy: 1e-7, "pure green: its weight")

        // Wild samples, four pixels at a time and the rest alone: each height the formula's,
        // then cleaned (non-finite → 0, clamped to ±largestHeight), in any lane of a group.
        let values: [Float] = [.nan, .infinity, -.infinity, 1e30, -1e30, 0.5, 2e6, -0.25, 0.5]
        var rng = SeededRandom(seed: 31)
        let wild = (0 ..< 11 * 3).map { i -> Float in
            i % 7 == 0 ? values[i % values.count] : Float.random(in: -2 ... 2, using: &rng)
        }
        let greyWild = wild.enumerated().map { i, v in i % 9 < 3 ? wild[i - i % 3] : v }  // some grey pixels
        func cleaned(_ h: Float) -> Float { h.isFinite ? min(max(h, -1e6), 1e6) : 0 }
        for samples in [wild, greyWild] {
            let formula = stride(from: 0, to: samples.count, by: 3).map { i -> Float in
                let (r, g, b) = (samples[i], samples[i + 1], samples[i + 2])
                return cleaned(r == g && g == b ? r : (w.x * r + w.y * g) + w.z * b)
            }
            XCTAssertEqual(heights(samples, .rgb(luma: w)), formula, "R'G'B'")
            let withAlpha = stride(from: 0, to: samples.count, by: 3).flatMap { samples[$0 ..< $0 + 3] + [1] }
            XCTAssertEqual(heights(withAlpha, .rgba(luma: w)), formula, "R'G'B'A, alpha 1")
        }
    }

    func testLinearYAPixelsGiveTheSRGBCurveOfYTimesAlpha() {
        // The emboss reads a linear RGBA layer as YA float: h = Y'·alpha with Y' sRGB's curve
        // of Y (IEC 61966-2-1, in Double here), continued beyond 0 … 1; cleaned as every height.
        // Nine pixels: two groups of four at once and one alone.
        let ys: [Float] = [0, 0.001, 0.0031308, 0.0032, 0.18, 0.5, 1, 1.7, -0.01]
        let alphas: [Float] = [1, 0.5, 1, 0.25, 1, 0.75, 1, 1, 1]
        let samples = zip(ys, alphas).flatMap { [$0, $1] }
        var h = [Float](repeating: .nan, count: ys.count)
        samples.withUnsafeBufferPointer { s in
            h.withUnsafeMutableBufferPointer {
                NormalMap.heights(from: s.baseAddress!, pixels: .linearGrayAlpha, count: ys.count, into: $0.baseAddress!)
            }
        }
        for (i, (y, a)) in zip(ys, alphas).enumerated() {
            let c = Double(y)
            let curve = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
            XCTAssertEqual(Double(h[i]), curve * Double(a), accuracy: 1e-6 * max(1, abs(curve)), "Y \(y), alpha \(a)")
        }
        XCTAssertEqual(Double(h[4]), 0.46135612950044164, accuracy: 1e-6, "18 % grey is 46 % in sRGB")
        XCTAssertEqual(NormalMap.BumpPixels.linearGrayAlpha.components, 2)
        // Non-finite samples, in a group and alone: 0 (cleaned), never NaN.
        let wild: [Float] = [.nan, 1, .infinity, 1, 0.5, .nan, -.infinity, 1, .nan, 1]
        var w = [Float](repeating: 7, count: 5)
        wild.withUnsafeBufferPointer { s in
            w.withUnsafeMutableBufferPointer {
                NormalMap.heights(from: s.baseAddress!, pixels: .linearGrayAlpha, count: 5, into: $0.baseAddress!)
            }
        }
        XCTAssertEqual(w, [0, 0, 0, 0, 0])
    }

    func testParametersAreSanitized() {
        let bad = NormalMap(smoothness: .nan, contrast: .infinity).sanitized
        XCTAssertEqual(bad.smoothness, 0.75)
        XCTAssertEqual(bad.contrast, Float(NormalMap.Parameters.contrast.range.upperBound))
        XCTAssertEqual(NormalMap(smoothness: 2, contrast: -3).sanitized, NormalMap(smoothness: 1, contrast: 0))
        XCTAssertEqual(NormalMap(contrast: .nan).sanitized.contrast, 3)
    }

    func testNonFiniteHeightsAndTinySizesDoNotTrap() {
        let wild = plane(5, 4) { x, y in [Float.nan, .infinity, -.infinity, 1e30, -1e30, 0.5][(x + y) % 6] }
        for settings in [NormalMap(), NormalMap(smoothness: 1, contrast: 100, tileable: true),
                         NormalMap(smoothness: .nan, contrast: .nan, flipY: true)] {
            let rgba = settings.render(wild)
            XCTAssertTrue(rgba.allSatisfy(\.isFinite), "\(settings)")
            for (w, h) in [(0, 0), (0, 5), (1, 1), (1, 7), (2, 2), (3, 1)] {
                let out = settings.render(plane(w, h) { x, _ in Float(x) })
                XCTAssertEqual(out.count, w * h * 4)
                XCTAssertTrue(out.allSatisfy(\.isFinite))
            }
        }
        // A window too small for its margin, or a negative or huge margin: nothing, no trap.
        var out = [Float](repeating: -1, count: 4 * 4 * 4)
        out.withUnsafeMutableBufferPointer { out in
            for margin in [-5, 2, 3, Int.max] {
                NormalMap().render(window: Plane(width: 4, height: 4), margin: margin, into: out.baseAddress!)
            }
        }
        XCTAssertEqual(Array(out[0 ..< 4]), [0.5, 0.5, 1, 1], "margin −5 counts as 0: the whole window")
    }
}
