// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import ImpastoBrushFiles
import ImpastoTestSupport
import XCTest

/// Paint lit by its own relief (impasto:paint-relief), without GEGL: the height is the
/// paint's alpha.
final class PaintReliefTests: XCTestCase {
    /// RGBA of one linear colour with alpha `alpha(x, y)`.
    func paint(_ width: Int, _ height: Int, rgb: SIMD3<Float> = SIMD3(repeating: 0.4),
               alpha: (Int, Int) -> Float) -> [Float] {
        var rgba = [Float]()
        for y in 0 ..< height { for x in 0 ..< width { rgba += [rgb.x, rgb.y, rgb.z, alpha(x, y)] } }
        return rgba
    }

    func randomRGBA(count: Int, seed: UInt64) -> [Float] {
        var rng = SeededRandom(seed: seed)
        return (0 ..< count * 4).map { _ in Float.random(in: 0 ... 1, using: &rng) }
    }

    func brightness(_ rgba: [Float], _ x: Int, _ y: Int, width: Int) -> Float {
        let i = (y * width + x) * 4
        return (rgba[i] + rgba[i + 1] + rgba[i + 2]) / 3
    }

    func testFlatPaintKeepsItsColourAndAlpha() {
        // No slope, so no shading and no sheen: exactly what was painted (to the last bit or two
        // of ambient + (1 − ambient)), at any coverage and any light.
        let colour = randomRGBA(count: 31 * 17, seed: 71)
        for (alpha, elevation, specular) in [(Float(1), Float(45), Float(0.6)), (0.5, 20, 4), (0.25, 90, 1)] {
            var rgba = colour
            for i in stride(from: 3, to: rgba.count, by: 4) { rgba[i] = alpha }
            let relief = PaintRelief(lighting: NormalLighting(elevation: elevation, specular: specular))
            let out = relief.shade(rgba, width: 31, height: 17)
            for i in rgba.indices {
                XCTAssertEqual(out[i], rgba[i], accuracy: 1e-6, "alpha \(alpha), elevation \(elevation): sample \(i)")
            }
        }
    }

    func testAnEmptyCanvasStaysEmptyAndAlphaIsKept() {
        let empty = randomRGBA(count: 20 * 20, seed: 72).enumerated().map { $0.offset % 4 == 3 ? 0 : $0.element }
        let out = PaintRelief().shade(empty, width: 20, height: 20)
        XCTAssertTrue(stride(from: 3, to: out.count, by: 4).allSatisfy { out[$0] == 0 }, "nothing painted, nothing shown")
        let strokes = randomRGBA(count: 40 * 30, seed: 73)
        let lit = PaintRelief().shade(strokes, width: 40, height: 30)
        XCTAssertTrue(stride(from: 3, to: lit.count, by: 4).allSatisfy { lit[$0] == strokes[$0] }, "alpha is the input's")
        XCTAssertGreaterThan(zip(lit, strokes).map { abs($0 - $1) }.max() ?? 0, 0.1, "and the colour lit")
    }

    func testItIsTheReliefOfItsAlphaLitAsTheFormulaSays() {
        // Without the blur: n = normalize(−k·∂h/∂x, +k·∂h/∂y, 1) with central differences
        // (edge pixels repeated), k = contrast · NormalMap.heightScale, h = alpha (∂h/∂y down
        // the image: where paint rises downwards, its top edge, n faces up); colour · light · (ambient + (1 − ambient) ·
        // max(0, n·L) / L_z) + light · specular · max(0, (n·H)^s − H_z^s) + the ring: light ·
        // sheen · max(0, (0.7 + cos φ)/1.7) · max(0, cos(θ − θ_h)^s − cos(θ_h)^s), θ the normal's tilt, φ
        // its azimuth from the light's, θ_h = (90° − e)/2.
        let (width, height) = (23, 19)
        let rgba = randomRGBA(count: width * height, seed: 74)
        let light = SIMD3<Double>(1, 0.9, 0.7)
        let (azimuth, elevation, ambient, specular, shininess, contrast, sheen) = (120.0, 35.0, 0.3, 1.5, 12.0, 0.8, 0.7)
        let relief = PaintRelief(smoothness: 0, contrast: Float(contrast),
                                 lighting: NormalLighting(azimuth: Float(azimuth), elevation: Float(elevation),
                                                          ambient: Float(ambient), specular: Float(specular),
                                                          shininess: Float(shininess), lightColor: SIMD3<Float>(light)),
                                 sheen: Float(sheen))
        let out = relief.shade(rgba, width: width, height: height)
        func h(_ x: Int, _ y: Int) -> Double {
            Double(rgba[(min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 4 + 3])
        }
        let a = azimuth * .pi / 180, e = elevation * .pi / 180
        let l = SIMD3(cos(e) * cos(a), cos(e) * sin(a), sin(e))
        let half = (l + SIMD3(0, 0, 1)) / ((l + SIMD3(0, 0, 1)) * (l + SIMD3(0, 0, 1))).sum().squareRoot()
        let k = contrast * Double(NormalMap.heightScale)
        for y in 0 ..< height { for x in 0 ..< width {
            let v = SIMD3(-k * (h(x + 1, y) - h(x - 1, y)) / 2, k * (h(x, y + 1) - h(x, y - 1)) / 2, 1)
            let n = v / (v * v).sum().squareRoot()
            let diffuse = ambient + (1 - ambient) * max(0, (n * l).sum()) / l.z
            let tilt = acos(min(n.z, 1)), tiltH = (90 - elevation) / 2 * .pi / 180
            let across = (n.x * n.x + n.y * n.y).squareRoot()
            let facing = across > 0 ? (n.x * l.x + n.y * l.y) / (across * (l.x * l.x + l.y * l.y).squareRoot()) : 0
            let ring = sheen * max(0, (0.7 + facing) / 1.7) * max(0, pow(max(0, cos(tilt - tiltH)), shininess) - pow(cos(tiltH), shininess))
            let highlight = specular * max(0, pow(max(0, (n * half).sum()), shininess) - pow(half.z, shininess)) + ring
            let i = (y * width + x) * 4
            for c in 0 ..< 3 {
                let expected = Double(rgba[i + c]) * light[c] * diffuse + light[c] * highlight
                XCTAssertEqual(Double(out[i + c]), expected, accuracy: 2e-5, "(\(x), \(y)) channel \(c)")
            }
        } }
    }

    /// Bristles as the Impasto Bristle brush leaves them: horizontal streaks of paint `width`
    /// px wide every `period` px on a transparent layer (the first at row `top`).
    func bristles(count: Int, width: Int = 2, period: Int = 4, top: Int = 6, size: (Int, Int) = (40, 40)) -> [Float] {
        paint(size.0, size.1) { _, y in
            let k = (y - top) / period, inStreak = (y - top) % period < width
            return y >= top && k < count && inStreak ? 1 : 0
        }
    }

    func testDefaultsGiveEachBristleAGlossyRidge() {
        // Lit from the top-left, each streak's top row faces the light (brighter than the
        // paint, with a highlight: glossy) and its bottom row faces away (darker): one ridge per
        // bristle, none lost to the blur.
        let count = 7, flat: Float = 0.4
        let out = PaintRelief().shade(bristles(count: count), width: 40, height: 40)
        for k in 0 ..< count {
            let top = 6 + 4 * k, bottom = top + 1
            let lit = brightness(out, 20, top, width: 40), shaded = brightness(out, 20, bottom, width: 40)
            XCTAssertGreaterThan(lit, flat + 0.08, "bristle \(k): its top flank catches the light and a highlight")
            XCTAssertLessThan(shaded, flat - 0.08, "bristle \(k): its bottom flank faces away")
        }
    }

    /// Impasto Bristle strokes in 16 directions, each in a cell of `cell` px, painted as GIMP's
    /// paint core paints them (`PaintCoreModel`) in `rgb` at coverage `opacity`.
    static func fan(cell: Int = 90, rgb: SIMD3<Float>, opacity: Double = 1) -> (rgba: [Float], width: Int, height: Int) {
        // The cell GIMP picks for full pressure and no tilt: the upright tuft.
        let brush = BristleBrush.standard, mask = brush.dab(pressure: 1, pen: nil)
        let (width, height) = (8 * cell, 2 * cell)
        var model = PaintCoreModel(width: width, height: height)
        let step = Double(brush.spacing * brush.cellSize) / 100
        for k in 0 ..< 16 {
            let angle = -Double(k) * .pi / 8
            let (cx, cy) = (Double((k % 8) * cell + cell / 2), Double((k / 8) * cell + cell / 2))
            for s in stride(from: -30.0, through: 30, by: step) {
                model.dab(mask, size: brush.cellSize, x: cx + s * cos(angle), y: cy + s * sin(angle), opacity: opacity)
            }
        }
        var rgba = [Float]()
        for a in model.canvas { rgba += [rgb.x, rgb.y, rgb.z, Float(a)] }
        return (rgba, width, height)
    }

    /// Gloss at the defaults in every direction: of each stroke's bristle pixels (at least half
    /// as covered as the stroke's coat), the share that shows brighter than flat paint by 0.15
    /// or more (perceptual R'G'B', the channels' mean) is at least half the best direction's.
    /// So for strokes of full paint, and for the coat the Impasto Bristle dynamics lay at full
    /// pressure with Thick paint and without (Thick paint is for coats: full paint is a
    /// plateau of the thickest coverage; a light touch's quarter coat is faint paint, low by
    /// design). One light alone cannot light a ridge that runs towards it: the ring of light
    /// (sheen) does.
    func testDefaultStrokesShineInEveryDirection() {
        let paint = SRGB.linear(codes: SIMD4(180, 60, 40, 0) / 255, table: SRGB.decodeUnit)
        let flat = (SRGB.perceptual(SIMD4(paint[0], paint[1], paint[2], 0)) * SIMD4(1, 1, 1, 0)).sum() / 3
        let cell = 90
        for coat in [1, BristleBrush.coat.upperBound] {
            let (rgba, width, height) = Self.fan(cell: cell, rgb: SIMD3(paint[0], paint[1], paint[2]), opacity: coat)
            func shares(_ relief: PaintRelief) -> [Double] {
                let out = relief.shade(rgba, width: width, height: height)
                func seen(_ i: Int) -> Float {
                    let p = SRGB.perceptual(SIMD4(out[4 * i], out[4 * i + 1], out[4 * i + 2], 0))
                    return (p[0] + p[1] + p[2]) / 3
                }
                return (0 ..< 16).map { k in
                    var bristle = 0, shining = 0
                    for y in (k / 8) * cell ..< (k / 8 + 1) * cell {
                        for x in (k % 8) * cell ..< (k % 8 + 1) * cell where Double(rgba[4 * (y * width + x) + 3]) >= coat / 2 {
                            bristle += 1
                            if seen(y * width + x) >= flat + 0.15 { shining += 1 }
                        }
                    }
                    return Double(shining) / Double(max(bristle, 1))
                }
            }
            for thick in coat < 1 ? [false, true] : [false] {
                let glossy = shares(PaintRelief(thick: thick)), oneLight = shares(PaintRelief(sheen: 0, thick: thick))
                let name = "coat \(coat)\(thick ? ", thick paint" : "")"
                print("PaintReliefTests: \(name): shining share per direction (0°, 22.5°, …) at the defaults "
                      + "\(glossy.map { ($0 * 100).rounded() / 100 }), with the light alone \(oneLight.map { ($0 * 100).rounded() / 100 })")
                XCTAssertGreaterThanOrEqual(glossy.min() ?? 0, (glossy.max() ?? 0) / 2, "\(name): \(glossy)")
                XCTAssertGreaterThan(glossy.min() ?? 0, 0.1, "\(name): \(glossy)")
                XCTAssertLessThan(oneLight.min() ?? 1, (oneLight.max() ?? 0) / 2, "\(name): the light alone leaves strokes along it dull")
            }
        }
    }

    /// Thick paint: a thin coat shows opaque, in its own colour where it lies alone; coats laid
    /// over coats (GIMP's normal mode) add their thicknesses, so a stroke crossing another stands
    /// on it by its own thickness: across the crossing its two edges are as bright and as dark
    /// as across bare canvas, and three coats stand three times as high as one. With the
    /// opacity as the height (not thick) the crossing edges are weaker.
    func testThickPaintShowsOpaqueAndItsLayersAddUp() {
        let size = 80, coat: Float = 0.3, colour = SIMD3<Float>(0.5, 0.25, 0.1)
        // A horizontal stroke (rows 25 ..< 45), then a vertical one over it (columns 25 ..< 45).
        let alpha = { (x: Int, y: Int) -> Float in
            let a = (25 ..< 45).contains(y) ? coat : 0, b = (25 ..< 45).contains(x) ? coat : 0
            return 1 - (1 - a) * (1 - b)
        }
        let painted = paint(size, size, rgb: colour, alpha: alpha)
        func rim(_ out: [Float], row y: Int) -> Float {
            brightness(out, 25, y, width: size) - brightness(out, 44, y, width: size)
        }
        let thick = PaintRelief(thick: true).shade(painted, width: size, height: size)
        let (crossing, bare) = (rim(thick, row: 35), rim(thick, row: 65))
        XCTAssertGreaterThan(bare, 0.05, "the stroke's left edge faces the light, its right edge away")
        XCTAssertEqual(crossing, bare, accuracy: 0.1 * bare, "the second stroke stands on the first as on bare canvas")
        let thin = PaintRelief().shade(painted, width: size, height: size)
        XCTAssertLessThan(rim(thin, row: 35), 0.85 * rim(thin, row: 65), "opacity as height: the crossing is flatter")
        // Opaque, in the colour painted, where a coat lies alone and flat.
        let i = 4 * (65 * size + 35)
        XCTAssertGreaterThanOrEqual(thick[i + 3], 0.99)
        for c in 0 ..< 3 { XCTAssertEqual(thick[i + c], colour[c], accuracy: 1e-4) }
        XCTAssertEqual(thick[3], 0, "bare canvas stays bare")
        // The rim stays soft: a coat of 1 % shows partly covered, not full.
        let faint = PaintRelief(thick: true).shade(paint(3, 3) { _, _ in 0.01 }, width: 3, height: 3)
        XCTAssertEqual(faint[3], 1 - pow(0.99, Float(NormalLight.coveringLayers)), accuracy: 1e-5)
        XCTAssertLessThan(faint[3], 0.2)
        // Thickness adds: three coats of 0.3 are three times one.
        let one = NormalMap.BumpPixels.thickness(coat), three = NormalMap.BumpPixels.thickness(1 - (1 - coat) * (1 - coat) * (1 - coat))
        XCTAssertEqual(three, 3 * one, accuracy: 1e-5)
    }

    func testAnySplitIntoPiecesGivesTheWholeImagesBits() {
        // Pieces read through windows of the painting itself (alpha the height, as the op reads
        // it), in any rows and with any thread split: the whole image's bits.
        let (width, height) = (57, 43)
        let rgba = randomRGBA(count: width * height, seed: 75)
        let relief = PaintRelief(smoothness: 0.8, contrast: 2)
        let whole = relief.shade(rgba, width: width, height: height)
        let m = relief.margin
        var rng = SeededRandom(seed: 76)
        for _ in 0 ..< 12 {
            let x0 = Int.random(in: 0 ..< width, using: &rng), y0 = Int.random(in: 0 ..< height, using: &rng)
            let w = Int.random(in: 1 ... width - x0, using: &rng), h = Int.random(in: 1 ... height - y0, using: &rng)
            // The window: the piece and the margin around it, the layer's edge pixels repeated.
            let ww = w + 2 * m
            var window = [Float]()
            for y in 0 ..< h + 2 * m { for x in 0 ..< ww {
                let sx = min(max(x0 + x - m, 0), width - 1), sy = min(max(y0 + y - m, 0), height - 1)
                window += rgba[(sy * width + sx) * 4 ..< (sy * width + sx) * 4 + 4]
            } }
            let piece = NormalMap.Window(width: ww, height: h + 2 * m, margin: m, pixels: .alpha) { rows, into in
                window.withUnsafeBufferPointer { into.update(from: $0.baseAddress! + rows.lowerBound * ww * 4, count: rows.count * ww * 4) }
            }
            var out = [Float](repeating: .nan, count: w * h * 4)
            let parallel = ParallelFor { count, body in
                for share in [0 ..< count / 2, count / 2 ..< count] where !share.isEmpty { body(share) }
            }
            relief.light.render(piece, scratches: ScratchPool(), parallel: parallel, color: { rows, into in
                for (i, y) in rows.enumerated() {
                    let start = ((y0 + y) * width + x0) * 4
                    (into + i * w * 4).update(from: Array(rgba[start ..< start + w * 4]), count: w * 4)
                }
            }, write: { rows, lit in
                for i in 0 ..< rows.count * w * 4 { out[rows.lowerBound * w * 4 + i] = lit[i] }
            })
            var expected = [Float]()
            for y in y0 ..< y0 + h { expected += whole[(y * width + x0) * 4 ..< (y * width + x0 + w) * 4] }
            XCTAssertTrue(out == expected, "piece \(w)×\(h) at (\(x0), \(y0))")
        }
    }

    /// Paint whose colour or alpha is not a number or infinite (a 32-bit float layer can hold
    /// them) is lit as `NormalLight` takes it: every output finite.
    func testNonFinitePaintGivesFiniteOutputAtAnyParametersAndSize() {
        let wild: [Float] = [.nan, .infinity, -.infinity, 1e30, -1e30, 0.2, 0.7, 1]
        for (width, height) in [(1, 1), (2, 1), (1, 3), (5, 4), (9, 9)] {
            let rgba = (0 ..< width * height * 4).map { wild[($0 * 5) % wild.count] }
            for relief in [PaintRelief(), PaintRelief(smoothness: 1, contrast: 100,
                                                      lighting: NormalLighting(azimuth: .nan, elevation: 0, ambient: 0,
                                                                               specular: 4, shininess: 1000)),
                           PaintRelief(smoothness: .nan, contrast: .infinity)] {
                let out = relief.shade(rgba, width: width, height: height)
                XCTAssertEqual(out.count, rgba.count)
                XCTAssertTrue(out.allSatisfy(\.isFinite), "\(width)×\(height): every output finite")
                var finite = rgba
                for i in finite.indices where i % 4 != 3 { finite[i] = 0.5 }
                XCTAssertTrue(relief.shade(finite, width: width, height: height).enumerated()
                    .allSatisfy { $0.offset % 4 == 3 || $0.element.isFinite }, "finite paint is lit finitely whatever its alpha")
            }
        }
        XCTAssertEqual(PaintRelief().shade([], width: 0, height: 0), [])
        XCTAssertEqual(PaintRelief().shade([1, 2, 3], width: 5, height: 5), [1, 2, 3], "a size that does not match")
    }
}
