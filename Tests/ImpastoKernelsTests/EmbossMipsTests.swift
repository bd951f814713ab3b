// SPDX-License-Identifier: GPL-3.0-or-later
@testable import ImpastoKernels
import XCTest

/// The emboss's mip-map (`ShadingMipMap`): what beyond the disc's rim a wide lookup may
/// average is the rim itself, and each level is the 2 × 2 mean of the one below.
final class EmbossMipsTests: XCTestCase {
    /// A w × h picture whose pixel (x, y) is (x, y, b, 1): blue b is 0 inside the inscribed
    /// disc and 9 beyond it (a backdrop no normal looks at).
    func picture(_ w: Int, _ h: Int) -> ShadingImage {
        var p: [Float] = []
        for y in 0 ..< h { for x in 0 ..< w {
            let nx = (Float(x) + 0.5) / Float(w) * 2 - 1, ny = (Float(y) + 0.5) / Float(h) * 2 - 1
            p += [Float(x), Float(y), nx * nx + ny * ny <= 1 ? 0 : 9, 1]
        } }
        return ShadingImage(width: w, height: h, pixels: p)!
    }

    func testBeyondTheRimEveryPixelTakesTheRimOnItsRay() {
        for (w, h) in [(64, 64), (40, 24)] {
            let source = picture(w, h), clamped = ShadingMipMap.clampedToRim(source)
            let inset = ShadingImage.rimInset
            var replaced = 0
            for y in 0 ..< h { for x in 0 ..< w {
                let k = (y * w + x) * 4
                let nx = (Float(x) + 0.5) / Float(w) * 2 - 1, ny = (Float(y) + 0.5) / Float(h) * 2 - 1
                let rho = (nx * nx + ny * ny).squareRoot(), limit = 1 - 2 * inset / Float(min(w, h))
                let got = SIMD4(clamped[k], clamped[k + 1], clamped[k + 2], clamped[k + 3])
                if rho <= limit {
                    XCTAssertEqual(got, SIMD4(source.pixels[k ..< k + 4]), "(\(x), \(y)) inside: unchanged")
                    continue
                }
                replaced += 1
                // The picture sampled on the pixel's ray, `inset` px inside the rim: in the disc,
                // so no backdrop (blue 9) is left.
                let f = limit / rho
                let rim = source.sample(u: (1 + nx * f) * 0.5 * Float(w), v: (1 + ny * f) * 0.5 * Float(h))
                XCTAssertEqual(got, rim, "(\(x), \(y))")
                XCTAssertLessThan(got.z, 9 * 0.5, "(\(x), \(y)): the rim, not the backdrop")
            } }
            // Every corner pixel is beyond the rim; the ring the test covers is not empty.
            XCTAssertGreaterThan(replaced, w * h / 5)
        }
    }

    func testLevelsAreTheMeansOfTheClampedPicture() {
        let source = picture(37, 21)
        let mips = ShadingMipMap(source)
        let base = ShadingMipMap.clampedToRim(source)
        XCTAssertEqual(Array(mips.pixels.prefix(base.count)), base)
        XCTAssertEqual(mips.levels.first?.start, 0)
        XCTAssertEqual(mips.levels.last.map { [$0.width, $0.height] }, [1, 1])
        // Level 1 (19 × 11): each pixel the mean of its 2 × 2 (the last column and row repeat
        // the picture's).
        let (w1, start) = (mips.levels[1].width, mips.levels[1].start)
        for (x, y) in [(0, 0), (5, 3), (18, 10)] {
            var mean = SIMD4<Float>()
            for n in 0 ..< 4 {
                let sx = min(2 * x + n % 2, 36), sy = min(2 * y + n / 2, 20), k = (sy * 37 + sx) * 4
                mean += 0.25 * SIMD4(base[k], base[k + 1], base[k + 2], base[k + 3])
            }
            let k = start + (y * w1 + x) * 4
            XCTAssertEqual(SIMD4(mips.pixels[k], mips.pixels[k + 1], mips.pixels[k + 2], mips.pixels[k + 3]), mean)
        }
    }

    func testASampleIsEachLevelReadAsAPictureAndBlended() {
        // `Mips.sample` works out both levels' coordinates in lanes: the same bits as reading
        // each level with `ShadingImage.sample` (the picture's own bilinear lookup) and
        // blending them by t. Odd sides (37 × 21 → 19 × 11 → … → 1 × 1), a square 16², and a
        // column; lookups inside, on and beyond the border, NaN; footprints across every level.
        let coordinates: [Float] = [0, 0.5, 3.3, 10.75, 20.5, 36.9, 37, 80, -4, .nan, .infinity, -.infinity]
        let sizes: [Float] = [1.5, 2, 3.7, 6, 11, 30, 1000, .infinity]
        for source in [picture(37, 21), picture(16, 16), ShadingImage(width: 1, height: 3, pixels: (0 ..< 12).map(Float.init))!] {
            let mips = ShadingMipMap(source)
            func level(_ e: ShadingMipMap.Extent) -> ShadingImage {
                ShadingImage(width: e.width, height: e.height, pixels: Array(mips.pixels[e.start ..< e.start + e.width * e.height * 4]))!
            }
            for size in sizes {
                let chosen = mips.level(footprint: size)
                // The levels log₂ size falls between, found here from the sizes alone.
                let l = size.isFinite ? min(log2(size), Float(mips.levels.count - 1)) : 0
                let lower = mips.levels[Int(l)], upper = mips.levels[min(Int(l) + 1, mips.levels.count - 1)]
                let t = Int(l) < mips.levels.count - 1 ? l - Float(Int(l)) : 0
                XCTAssertEqual(chosen.t, t, "size \(size)")
                for u in coordinates { for v in coordinates.reversed() {
                    let got = mips.pixels.withUnsafeBufferPointer { ShadingMipMap.sample($0, chosen, u: u, v: v) }
                    let a = level(lower).sample(u: u * lower.toU, v: v * lower.toV)
                    let want = t > 0 ? a * (1 - t) + level(upper).sample(u: u * upper.toU, v: v * upper.toV) * t : a
                    XCTAssertEqual([got.x, got.y, got.z, got.w].map(\.bitPattern), [want.x, want.y, want.z, want.w].map(\.bitPattern),
                                   "\(source.width) × \(source.height), size \(size), at (\(u), \(v))")
                } }
            }
        }
        // A picture of no pixels reads as transparent black at every size.
        let none = ShadingMipMap(ShadingImage(width: 0, height: 0, pixels: [])!)
        for size: Float in [2, 50] {
            let got = none.pixels.withUnsafeBufferPointer { ShadingMipMap.sample($0, none.level(footprint: size), u: 1, v: 1) }
            XCTAssertEqual(got, .zero)
        }
    }

    func testEmptyAndTinyPicturesDoNotTrap() {
        XCTAssertEqual(ShadingMipMap.clampedToRim(ShadingImage(width: 0, height: 0, pixels: [])!), [])
        let thin = ShadingImage.thinTestPicture
        // One pixel across: the rim is its centre, so every pixel takes the centre's colour.
        let clamped = ShadingMipMap.clampedToRim(thin)
        XCTAssertEqual(clamped.count, 12)
        XCTAssertTrue(clamped.allSatisfy(\.isFinite))
        XCTAssertEqual(Array(clamped[0 ..< 4]), [0, 1, 0, 1])
        XCTAssertEqual(ShadingMipMap(thin).levels.count, 3)   // 1 × 3, 1 × 2, 1 × 1
    }
}
