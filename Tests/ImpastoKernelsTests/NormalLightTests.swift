// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// A colour lit through a bump's normals (impasto:normal-light),
/// without GEGL.
final class NormalLightTests: XCTestCase {
    /// The plane whose value at (x, y) is `h(x, y)`.
    func plane(_ width: Int, _ height: Int, _ h: (Int, Int) -> Float) -> Plane {
        var plane = Plane(width: width, height: height)
        for y in 0 ..< height { for x in 0 ..< width { plane[x, y] = h(x, y) } }
        return plane
    }

    /// BristlePaint's bump: a white disc at 10 % opacity, h = 0.1 inside.
    func bump(size: Int = 48, radius: Double = 14) -> Plane {
        plane(size, size) { x, y in
            let dx = Double(x) + 0.5 - Double(size) / 2, dy = Double(y) + 0.5 - Double(size) / 2
            return dx * dx + dy * dy <= radius * radius ? 0.1 : 0
        }
    }

    /// `count` pixels of one opaque colour.
    func solid(_ rgb: SIMD3<Float>, count: Int) -> [Float] {
        (0 ..< count).flatMap { _ in [rgb.x, rgb.y, rgb.z, 1] }
    }

    func randomRGBA(count: Int, seed: UInt64) -> [Float] {
        var rng = SeededRandom(seed: seed)
        return (0 ..< count * 4).map { _ in Float.random(in: 0 ... 1, using: &rng) }
    }

    func pixel(_ rgba: [Float], _ x: Int, _ y: Int, width: Int) -> SIMD3<Float> {
        let i = (y * width + x) * 4
        return SIMD3(rgba[i], rgba[i + 1], rgba[i + 2])
    }

    func brightness(_ rgb: SIMD3<Float>) -> Float { rgb.sum() / 3 }

    func testAFlatBumpLeavesTheColourPlusTheFlatSheen() {
        // n = (0, 0, 1): n·L / L_z = 1, so colour · light · 1 + specular · light · (n·H)^shininess,
        // where n·H for the flat normal is cos((90° − e) / 2).
        let light = SIMD3<Float>(1, 0.8, 0.5)
        let colour = randomRGBA(count: 23 * 11, seed: 41)
        for (elevation, tileable) in [(Float(30), false), (60, true), (90, false)] {
            let lighting = NormalLighting(azimuth: 135, elevation: elevation, ambient: 0.2, specular: 0.7,
                                          shininess: 25, lightColor: light)
            let settings = NormalLight(normalMap: NormalMap(tileable: tileable), lighting: lighting)
            let out = settings.shade(colour, bump: Plane(width: 23, height: 11, repeating: 0.4))
            let e = Double(elevation) * Double.pi / 180
            let sheen = 0.7 * pow(cos((Double.pi / 2 - e) / 2), 25)
            for i in stride(from: 0, to: out.count, by: 4) {
                for c in 0 ..< 3 {
                    let expected = Double(colour[i + c]) * Double(light[c]) + sheen * Double(light[c])
                    XCTAssertEqual(Double(out[i + c]), expected, accuracy: 1e-5, "elevation \(elevation) sample \(i + c)")
                }
                XCTAssertEqual(out[i + 3], colour[i + 3], "alpha is kept")
            }
        }
    }

    func testABumpLitFromTheTopLeftIsBrighterOnItsTopLeftEdge() {
        // light-azimuth 135 is the top-left. The disc (centre 24, radius 14) has its
        // top-left edge at about (14, 14) and its bottom-right edge at (33, 33).
        let grey = solid(SIMD3(repeating: 0.5), count: 48 * 48)
        for specular: Float in [0, 0.6] {
            let topLeft = NormalLight(lighting: NormalLighting(azimuth: 135, specular: specular)).shade(grey, bump: bump())
            let flat = brightness(pixel(topLeft, 24, 24, width: 48))
            let upperLeftEdge = brightness(pixel(topLeft, 14, 14, width: 48))
            let lowerRightEdge = brightness(pixel(topLeft, 33, 33, width: 48))
            XCTAssertGreaterThan(upperLeftEdge, lowerRightEdge + 0.02, "specular \(specular): the key assertion")
            XCTAssertGreaterThan(upperLeftEdge, flat, "the edge facing the light is brighter than the flat top")
            XCTAssertLessThan(lowerRightEdge, flat, "the edge facing away is darker")
            XCTAssertGreaterThan(brightness(pixel(topLeft, 24, 10, width: 48)), brightness(pixel(topLeft, 24, 37, width: 48)),
                                 "top edge brighter than bottom edge")
            XCTAssertGreaterThan(brightness(pixel(topLeft, 10, 24, width: 48)), brightness(pixel(topLeft, 37, 24, width: 48)),
                                 "left edge brighter than right edge")

            // From the bottom-right (−45°) it is the other way round, mirror for mirror.
            let bottomRight = NormalLight(lighting: NormalLighting(azimuth: -45, specular: specular)).shade(grey, bump: bump())
            XCTAssertGreaterThan(brightness(pixel(bottomRight, 33, 33, width: 48)),
                                 brightness(pixel(bottomRight, 14, 14, width: 48)) + 0.02)
            XCTAssertEqual(brightness(pixel(bottomRight, 33, 33, width: 48)), upperLeftEdge, accuracy: 1e-5)
            XCTAssertEqual(brightness(pixel(bottomRight, 14, 14, width: 48)), lowerRightEdge, accuracy: 1e-5)
        }
    }

    func testItIsNormalMapsNormalsShadedByNormalLighting() {
        // No maths of its own: exactly NormalMap's normals through NormalLighting, pixel by pixel.
        var rng = SeededRandom(seed: 42)
        let heights = plane(37, 29) { _, _ in Float.random(in: 0 ... 0.3, using: &rng) }
        let colour = randomRGBA(count: 37 * 29, seed: 43)
        for tileable in [false, true] {
            let normalMap = NormalMap(smoothness: 0.5, contrast: 4, tileable: tileable)
            let lighting = NormalLighting(azimuth: 200, elevation: 30, ambient: 0.1, specular: 1.5, shininess: 12,
                                          lightColor: SIMD3(0.9, 1, 1.2))
            var expected = colour
            let prepared = lighting.prepared
            normalMap.normals(of: heights) { y, row in
                for (x, n) in row.enumerated() {
                    let i = (y * 37 + x) * 4
                    let lit = prepared.shade(SIMD3(colour[i], colour[i + 1], colour[i + 2]), normal: n)
                    expected[i] = lit.x
                    expected[i + 1] = lit.y
                    expected[i + 2] = lit.z
                }
            }
            XCTAssertTrue(NormalLight(normalMap: normalMap, lighting: lighting).shade(colour, bump: heights) == expected,
                          "tileable \(tileable)")
        }
    }

    /// Alpha passes as it is, out-of-range values too, but for one that is not a number (0).
    func testAlphaIsUntouchedButForNaN() {
        var colour = randomRGBA(count: 30 * 30, seed: 44)
        colour[3] = .nan
        colour[7] = 0
        colour[11] = -2
        colour[15] = 3
        let out = NormalLight().shade(colour, bump: bump(size: 30, radius: 8))
        XCTAssertNotEqual(out, colour, "the colour is lit")
        XCTAssertEqual(out[3], 0)
        for i in stride(from: 7, to: colour.count, by: 4) {
            XCTAssertEqual(out[i].bitPattern, colour[i].bitPattern, "alpha of pixel \(i / 4)")
        }
    }

    func testAnySplitOfTheWorkAndAnyPieceGiveTheSameBits() {
        var rng = SeededRandom(seed: 45)
        let heights = plane(61, 47) { _, _ in Float.random(in: 0 ... 1, using: &rng) }
        let colour = randomRGBA(count: 61 * 47, seed: 46)
        for tileable in [false, true] {
            let settings = NormalLight(normalMap: NormalMap(smoothness: 0.75, tileable: tileable))
            let whole = settings.shade(colour, bump: heights)
            XCTAssertTrue(whole == settings.shade(colour, bump: heights, parallel: .split(into: 7)), "tileable \(tileable)")
            // What GEGL does: a piece lit from the bump around it, padded by the margin.
            let m = settings.margin, padded = heights.padded(by: m, wrapping: tileable)
            for (x0, y0, w, h) in [(0, 0, 17, 9), (30, 20, 31, 27), (60, 46, 1, 1)] {
                let window = plane(w + 2 * m, h + 2 * m) { x, y in padded[x0 + x, y0 + y] }
                var piece = [Float]()
                for y in y0 ..< y0 + h { piece += colour[(y * 61 + x0) * 4 ..< (y * 61 + x0 + w) * 4] }
                piece.withUnsafeMutableBufferPointer { settings.shade(window: window, margin: m, rgba: $0.baseAddress!) }
                for y in 0 ..< h {
                    XCTAssertEqual(Array(piece[y * w * 4 ..< (y + 1) * w * 4]),
                                   Array(whole[((y0 + y) * 61 + x0) * 4 ..< ((y0 + y) * 61 + x0 + w) * 4]),
                                   "tileable \(tileable) piece at (\(x0), \(y0)) row \(y)")
                }
            }
        }
    }

    /// What `render` makes of `codes` (R'G'B'A floats the size of `heights`, or for `bytes8`
    /// its bytes, arriving as `colour` says) lit through `heights`: four pixels in lanes, a
    /// row's last ones alone.
    func lit(_ codes: [Float], _ colour: NormalLight.Colour, heights: Plane, settings: NormalLight) -> [Float] {
        let (w, h) = (heights.width, heights.height)
        let m = settings.margin, padded = heights.padded(by: m, wrapping: false)
        var out = [Float](repeating: .nan, count: w * h * 4)
        padded.values.withUnsafeBufferPointer { values in
            let window = NormalMap.Window(width: w + 2 * m, height: h + 2 * m, margin: m, pixels: .heights) { rows, into in
                into.update(from: values.baseAddress! + rows.lowerBound * (w + 2 * m), count: rows.count * (w + 2 * m))
            }
            settings.render(window, scratch: Scratch(), colour: colour, color: { rows, rgba in
                if colour == .bytes8 {   // 4 bytes a pixel, from the band's first row on
                    codes.withUnsafeBytes { raw in
                        UnsafeMutableRawPointer(rgba).copyMemory(from: raw.baseAddress! + rows.lowerBound * w * 4,
                                                                 byteCount: rows.count * w * 4)
                    }
                } else {
                    for i in 0 ..< rows.count * w * 4 { rgba[i] = codes[rows.lowerBound * w * 4 + i] }
                }
            }, write: { rows, rgba in
                for i in 0 ..< rows.count * w * 4 { out[rows.lowerBound * w * 4 + i] = rgba[i] }
            })
        }
        return out
    }

    func testEightBitPaintingsAreLitAsTheColoursTheirBytesStandFor() {
        // bytes8: R'G'B'A u8, four bytes to a Float of each band, widened and decoded by
        // SRGB.decode8 as the band arrives: the same bits as the decoded colours lit.
        var rng = SeededRandom(seed: 47)
        let settings = NormalLight(), heights = plane(61, 23) { _, _ in Float.random(in: 0 ... 1, using: &rng) }
        var bytes = [UInt8](), decoded = [Float]()
        for _ in 0 ..< 61 * 23 {
            let k = (0 ..< 4).map { _ in UInt8.random(in: 0 ... 255, using: &rng) }
            bytes += k
            decoded += k[0 ..< 3].map { SRGB.decode8.linear(Float($0) / 255) } + [Float(k[3]) / 255]
        }
        // The band buffer holds 4 Floats a pixel; the bytes fill its first quarter.
        var samples = [Float](repeating: 0, count: 61 * 23 * 4)
        samples.withUnsafeMutableBytes { raw in for i in bytes.indices { raw[i] = bytes[i] } }
        XCTAssertTrue(lit(samples, .bytes8, heights: heights, settings: settings) == settings.shade(decoded, bump: heights))
    }

    func testFloatCodesAreLitAsTheColoursTheyStandFor() {
        // codes: R'G'B'A floats of any value (beyond 0 … 1 too), decoded by SRGB.linear(codes:)
        // as they are lit: the same bits as the decoded colours lit, and those colours the
        // curve's (IEC 61966-2-1, in Double) to 10⁻⁶ relative.
        var rng = SeededRandom(seed: 48)
        let settings = NormalLight(), heights = plane(61, 23) { _, _ in Float.random(in: 0 ... 1, using: &rng) }
        var codes = [Float](), decoded = [Float]()
        for i in 0 ..< 61 * 23 {
            // Every 17th pixel beyond 0 … 1 (negative, and above the table's 3.9).
            let range: ClosedRange<Float> = i % 17 == 0 ? -1 ... 6 : 0 ... 1
            let rgb = (0 ..< 3).map { _ in Float.random(in: range, using: &rng) }
            let a = Float.random(in: 0 ... 1, using: &rng)
            codes += rgb + [a]
            let linear = SRGB.linear(codes: SIMD4(rgb[0], rgb[1], rgb[2], 0), table: SRGB.decodeUnit)
            decoded += [linear[0], linear[1], linear[2], a]
            for c in 0 ..< 3 {
                let v = Double(rgb[c]), exact = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
                XCTAssertEqual(Double(linear[c]), exact, accuracy: 1e-6 * max(1, abs(exact)), "code \(v)")
            }
        }
        XCTAssertTrue(lit(codes, .codes, heights: heights, settings: settings) == settings.shade(decoded, bump: heights))
        let nan = SRGB.linear(codes: SIMD4(.nan, 0.5, .infinity, -.infinity), table: SRGB.decodeUnit)
        XCTAssertTrue(nan[0].isNaN, "NaN stays NaN")
    }

    func testNonFiniteValuesAnyParametersAndTinySizesDoNotTrap() {
        let wildBump = plane(5, 4) { x, y in [Float.nan, .infinity, -.infinity, 1e30, -1e30, 0.5][(x + y) % 6] }
        let colour = solid(SIMD3(0.5, 0.2, 0.9), count: 20)
        for settings in [NormalLight(),
                         NormalLight(normalMap: NormalMap(smoothness: 1, contrast: 100, tileable: true),
                                     lighting: NormalLighting(azimuth: 1e9, elevation: -5, ambient: 7, specular: 4, shininess: 1000)),
                         NormalLight(normalMap: NormalMap(smoothness: .nan, contrast: .nan),
                                     lighting: NormalLighting(azimuth: .nan, elevation: .nan, ambient: .nan, specular: .infinity,
                                                              shininess: .nan, lightColor: SIMD3(.nan, .infinity, -1)))] {
            XCTAssertTrue(settings.shade(colour, bump: wildBump).allSatisfy(\.isFinite), "\(settings)")
            for (w, h) in [(0, 0), (0, 5), (1, 1), (1, 7), (2, 2), (3, 1)] {
                let out = settings.shade(solid(SIMD3(0.3, 0.3, 0.3), count: w * h), bump: plane(w, h) { x, _ in Float(x) })
                XCTAssertEqual(out.count, w * h * 4)
                XCTAssertTrue(out.allSatisfy(\.isFinite))
            }
        }
        // A colour that is not a number is lit as 0, an infinite one as ±65504 (a half float's
        // largest), an alpha NaN or −∞ as 0 and +∞ as 1: every output finite, the other pixels
        // as they were.
        let bump = plane(3, 3) { x, y in Float(x * y) / 4 }
        var spotted = solid(SIMD3(repeating: 0.5), count: 9)
        let plain = NormalLight().shade(spotted, bump: bump)
        (spotted[16], spotted[17], spotted[19], spotted[23], spotted[27]) = (.nan, .infinity, .nan, -.infinity, .infinity)
        var tamed = spotted
        (tamed[16], tamed[17], tamed[19], tamed[23], tamed[27]) = (0, 65504, 0, 0, 1)
        let out = NormalLight().shade(spotted, bump: bump)
        XCTAssertTrue(out.allSatisfy(\.isFinite))
        XCTAssertEqual(out, NormalLight().shade(tamed, bump: bump))
        XCTAssertEqual(Array(out[0 ..< 16]), Array(plain[0 ..< 16]))
        XCTAssertEqual(Array(out[28...]), Array(plain[28...]))
        // A colour that does not match the bump, a window too small for its margin: unlit, no trap.
        XCTAssertEqual(NormalLight().shade(colour, bump: wildBump.padded(by: 1, wrapping: false)), colour)
        var small = solid(SIMD3(repeating: 0.25), count: 16)
        small.withUnsafeMutableBufferPointer { rgba in
            for margin in [2, 3, Int.max] {
                NormalLight().shade(window: Plane(width: 4, height: 4, repeating: 1), margin: margin, rgba: rgba.baseAddress!)
            }
        }
        XCTAssertEqual(small, solid(SIMD3(repeating: 0.25), count: 16))
    }
}
