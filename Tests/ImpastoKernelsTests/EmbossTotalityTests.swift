// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The whole emboss on random cases: the op runs inside GIMP's process, so no size, mask,
/// setting or split may trap (a debug build checks bounds and overflow) or write a sample that
/// is not finite, and the output may not depend on how the bands are shared out (the same
/// output at any thread count) — which catches a band's rows taken over from the wrong band
/// or shared state between threads (taking over one row too many fails here).
final class EmbossTotalityTests: XCTestCase {
    /// Sizes around the marks' 16-column groups and 64-group words and the bands' 32 rows;
    /// masks empty, full, noisy, salt and pepper or soft discs, with NaN, ±∞ and out-of-range
    /// coverage here and there; every profile, output and mask source; liquify; radii and
    /// scales from 0 to beyond their ranges (NaN, ∞); pictures from 0 × 0 up. Each case is
    /// rendered serially and on a random split (pieces in turn, or two real threads) and the
    /// two compared bit for bit. IMPASTO_TOTALITY_CASES=n and IMPASTO_TOTALITY_SEED=s run more
    /// or other cases (with ASan or TSan builds: `swift build --build-tests --sanitize=…`).
    func testRandomCasesWriteEveryPixelFiniteAndTheSameOnAnySplit() {
        let env = ProcessInfo.processInfo.environment
        let cases = env["IMPASTO_TOTALITY_CASES"].flatMap(Int.init) ?? 60
        var random = SeededRandom(seed: env["IMPASTO_TOTALITY_SEED"].flatMap(UInt64.init) ?? 12)
        func pick<T>(_ a: [T]) -> T { a[Int(random.next() % UInt64(a.count))] }
        func unit() -> Float { Float.random(in: 0 ..< 1, using: &random) }
        let pictures = [Hemisphere.standard.render(size: 33), Hemisphere.preset(named: "obsidian")!.render(size: 64),
                        .thinTestPicture,
                        ShadingImage(width: 0, height: 0, pixels: [])!]
        let splits: [(name: String, parallel: ParallelFor)] = [("2 pieces", .split(into: 2)), ("3 pieces", .split(into: 3)),
                                                               ("7 pieces", .split(into: 7)), ("2 threads", RowIOTests.twoThreads)]
        for n in 0 ..< cases {
            let width = pick([0, 1, 2, 3, 5, 15, 16, 17, 33, 63, 64, 65, 1023, 1024, 1025, 1041, Int.random(in: 1 ... 300, using: &random)])
            let height = pick([0, 1, 2, 3, 5, 31, 32, 33, 65, Int.random(in: 1 ... 100, using: &random)])
            let rgba = random.next() % 2 == 0
            let components = rgba ? 4 : 2
            let kind = random.next() % 6
            let discs = (0 ..< Int.random(in: 1 ... 5, using: &random)).map { _ in
                (x: unit() * Float(width), y: unit() * Float(height), r: unit() * Float(max(width, height)) / 2 + 0.3)
            }
            var input = [Float](repeating: 0, count: max(width * height * components, 1))
            for y in 0 ..< height { for x in 0 ..< width {
                var coverage: Float
                switch kind {
                case 0: coverage = 0
                case 1: coverage = 1
                case 2: coverage = unit()
                case 3: coverage = random.next() % 2 == 0 ? 1 : 0
                default:
                    coverage = discs.map { d in
                        let dx = Float(x) + 0.5 - d.x, dy = Float(y) + 0.5 - d.y
                        return min(max(d.r + 0.5 - (dx * dx + dy * dy).squareRoot(), 0), 1)
                    }.max() ?? 0
                }
                if random.next() % 50 == 0 { coverage = pick([.nan, .infinity, -.infinity, -3, 9, -0.0]) }
                let i = (y * width + x) * components
                for k in 0 ..< components - 1 { input[i + k] = random.next() % 100 == 0 ? .nan : unit() }
                input[i + components - 1] = coverage
            } }
            var settings = EmbossSettings()
            settings.radius = pick([0, 0.4, 1, 2, 3.3, 10, 40, 100, 200, 1000, .nan])
            settings.scale = pick([0, 1, 5, 10, 50, 200, .infinity])
            settings.profile = HeightProfile(rawValue: Int32(random.next() % 4)) ?? .round
            settings.liquify = pick([0, 0, 0, 1, 5, 30])
            settings.maskSource = random.next() % 4 == 0 ? .luminance : .alpha
            settings.output = EmbossSettings.Output(rawValue: Int32(random.next() % 4)) ?? .shaded
            let pixels: NormalMap.BumpPixels = rgba ? .rgba(luma: SIMD3(0.2126, 0.7152, 0.0722))
                : random.next() % 2 == 0 ? .grayAlpha : .linearGrayAlpha
            let perceptual = random.next() % 2 == 0
            let picture = pick(pictures)
            let split = pick(splits)
            func render(_ parallel: ParallelFor) -> [Float] {
                var out = [Float](repeating: -7, count: max(width * height * 4, 1))
                input.withUnsafeBufferPointer { i in out.withUnsafeMutableBufferPointer { o in
                    let io = RowIO.memory(width: width, height: height, input: i.baseAddress!, inputComponents: components,
                                          output: o.baseAddress!)
                    Emboss.render(io, pixels: pixels, settings: settings, shading: picture, perceptual: perceptual, parallel: parallel)
                } }
                return out
            }
            let serial = render(.serial), parallel = render(split.parallel)
            let what = "case \(n): \(width) × \(height), \(components) components, mask kind \(kind), \(settings), perceptual \(perceptual), picture \(picture.width) × \(picture.height)"
            let bad = (0 ..< width * height * 4).first { !serial[$0].isFinite || serial[$0] == -7 }
            XCTAssertNil(bad, "\(what): sample \(bad ?? 0) is \(bad.map { serial[$0] } ?? 0)")
            let differs = (0 ..< width * height * 4).first { serial[$0].bitPattern != parallel[$0].bitPattern }
            XCTAssertNil(differs, "\(what): \(split.name) differ from serial first at sample \(differs ?? 0)")
        }
    }

    /// Regions of any size and place: margins too small, too large or not matching the rows,
    /// images smaller than the region, at the far end of Int or empty, regions beyond them. None
    /// may trap; a region within its image, read with its margin, has every sample written
    /// and finite.
    func testRegionsOfAnyGeometryDoNotTrap() {
        var random = SeededRandom(seed: 21)
        func pick<T>(_ a: [T]) -> T { a[Int(random.next() % UInt64(a.count))] }
        let picture = Hemisphere.standard.render(size: 33)
        for n in 0 ..< 150 {
            let (w, h) = (Int.random(in: 0 ... 40, using: &random), Int.random(in: 0 ... 40, using: &random))
            var settings = EmbossSettings()
            settings.radius = pick([0, 2, 10, 30])
            settings.liquify = pick([0, 1, 3.5])   // (3.5: the recursive blur, in blocks)
            settings.maskSource = random.next() % 3 == 0 ? .luminance : .alpha
            settings.output = EmbossSettings.Output(rawValue: Int32(random.next() % 4)) ?? .shaded
            let margin = Emboss.margin(settings)
            let m = pick([margin, margin, 0, 1, margin + 7])
            let (inputWidth, inputHeight) = pick([(w + 2 * m, h + 2 * m), (w + 2 * m, h + 2 * m), (w + 2 * m + 1, h + 2 * m), (w, h)])
            let imageWidth = pick([w, w + Int.random(in: 1 ... 200, using: &random), 0, -3, Int.max, Int(Int32.max)])
            let imageHeight = pick([h, h + Int.random(in: 1 ... 200, using: &random), 0, Int.max])
            let x = pick([0, 3, -5, max(0, imageWidth - w), Int.max - 10])
            let y = pick([0, 7, max(0, imageHeight - h), Int.max - 3])
            let region = Emboss.Region(x: x, y: y, imageWidth: imageWidth, imageHeight: imageHeight)
            let seed = random.next()
            let input = RowIO(width: inputWidth, height: inputHeight, inputComponents: 2, read: { rows, into in
                for i in 0 ..< rows.count * max(inputWidth, 0) * 2 {
                    let k = UInt64(rows.lowerBound * max(inputWidth, 0) * 2 + i) &* 0x9E37_79B9_7F4A_7C15 ^ seed
                    into[i] = k % 97 == 0 ? .nan : Float(k >> 40) / Float(1 << 24)
                }
            }, write: { _, _ in })
            var out = [Float](repeating: -7, count: max(w * h * 4, 1))
            out.withUnsafeMutableBufferPointer { buffer in
                let o = buffer.baseAddress!
                let output = RowIO(width: w, height: h, inputComponents: 4, read: { _, _ in }, write: { rows, from in
                    (o + rows.lowerBound * w * 4).update(from: from, count: rows.count * w * 4)
                })
                Emboss.render(input, to: output, region: region, settings: settings, shading: picture)
            }
            let valid = w > 0 && h > 0 && inputWidth == w + 2 * m && inputHeight == h + 2 * m
                && x >= 0 && y >= 0 && w <= imageWidth - x && h <= imageHeight - y
            if valid {
                let bad = (0 ..< w * h * 4).first { !out[$0].isFinite || out[$0] == -7 }
                XCTAssertNil(bad, "case \(n): \(w) × \(h) at (\(x), \(y)) of \(imageWidth) × \(imageHeight), margin \(m), \(settings)")
            }
        }
    }
}
