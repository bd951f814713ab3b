// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels
import ImpastoTestSupport
import XCTest

final class HemisphereTests: XCTestCase {
    // MARK: Helpers

    /// A pure Lambertian white surface (shiny model, no specular, no ambient, no environment).
    static let lambertWhite = HemisphereMaterial(model: .shiny, baseColor: SIMD3(repeating: 1),
                                                 shininess: 1, specular: 0, metalness: 0, ambient: 0)

    func hemisphere(_ lights: [HemisphereLight], _ material: HemisphereMaterial = lambertWhite,
                    environment: StudioEnvironment = .none) -> Hemisphere {
        Hemisphere(lights: lights, material: material, environment: environment)
    }

    func rgba(_ image: ShadingImage, _ i: Int, _ j: Int) -> SIMD4<Float> {
        let p = (j * image.width + i) * 4
        return SIMD4(image.pixels[p], image.pixels[p + 1], image.pixels[p + 2], image.pixels[p + 3])
    }

    /// The normal (image axes) the pixel centred at (i + ½, j + ½) shows, from the formula.
    func normal(_ i: Int, _ j: Int, size: Int) -> SIMD3<Float> {
        let nx = 2 * (Float(i) + 0.5) / Float(size) - 1
        let ny = 2 * (Float(j) + 0.5) / Float(size) - 1
        return SIMD3(nx, ny, max(0, 1 - nx * nx - ny * ny).squareRoot())
    }

    func inside(_ i: Int, _ j: Int, size: Int) -> Bool {
        let n = normal(i, j, size: size)
        return n.x * n.x + n.y * n.y <= 1
    }

    func luminance(_ c: SIMD4<Float>) -> Float { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }

    /// Mean luminance of the disc pixels with centre x in `xs` and y in `ys` (fractions of the size).
    func meanLuminance(_ image: ShadingImage, x xs: Range<Float>, y ys: Range<Float>) -> Float {
        let n = image.width
        var sum: Float = 0, count = 0
        for j in 0 ..< n { for i in 0 ..< n where inside(i, j, size: n) {
            let fx = (Float(i) + 0.5) / Float(n), fy = (Float(j) + 0.5) / Float(n)
            guard xs.contains(fx), ys.contains(fy) else { continue }
            sum += luminance(rgba(image, i, j))
            count += 1
        }}
        return count > 0 ? sum / Float(count) : .nan
    }

    func assertClose(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ accuracy: Float = 1e-5,
                     file: StaticString = #filePath, line: UInt = #line) {
        for c in 0 ..< 3 { XCTAssertEqual(a[c], b[c], accuracy: accuracy, "channel \(c): \(a) vs \(b)", file: file, line: line) }
    }

    // MARK: Pixel ↔ normal mapping

    func testCentrePixelIsTheFacingNormal() {
        let h = Hemisphere.standard
        let image = h.render(size: 65)
        XCTAssertEqual(image.width, 65)
        XCTAssertEqual(image.height, 65)
        let c = rgba(image, 32, 32)
        XCTAssertEqual(c.w, 1)
        assertClose(SIMD3(c.x, c.y, c.z), h.shade(normal: SIMD3(0, 0, 1)), 1e-6)
        // And the sampled centre of an even-sized image (what emboss reads on flat areas).
        let even = h.render(size: 256)
        let s = even.sample(u: 128, v: 128)
        assertClose(SIMD3(s.x, s.y, s.z), h.shade(normal: SIMD3(0, 0, 1)), 2e-3)
    }

    func testEveryPixelShowsTheNormalOfTheFormula() {
        let h = hemisphere([HemisphereLight(x: -2, y: 2, z: 2, hue: 30, saturation: 0.5, brightness: 1),
                            HemisphereLight(x: 3, y: -1, z: 1, brightness: 0.5)],
                           HemisphereMaterial(model: .pbr, baseColor: SIMD3(0.6, 0.5, 0.4), metalness: 0.3,
                                              roughness: 0.4, ambient: 0.05), environment: .studio)
        let size = 40
        let image = h.render(size: size)
        // The ring within `rimInset` of the rim (1.2 px of the 40 a unit) shows the normal that
        // far inside the rim on its ray, the disc's own colour, as does everything beyond it.
        let limit: Float = 1 - 2 * ShadingImage.rimInset / Float(size)
        XCTAssertEqual(limit, 0.97, accuracy: 1e-6)
        var checkedInside = 0, checkedRing = 0, checkedOutside = 0
        for j in 0 ..< size { for i in 0 ..< size {
            let p = rgba(image, i, j)
            let n = normal(i, j, size: size)
            let r = (n.x * n.x + n.y * n.y).squareRoot()
            XCTAssertEqual(p.w, inside(i, j, size: size) ? 1 : 0, "(\(i), \(j)): alpha is the disc")
            if r <= limit {
                assertClose(SIMD3(p.x, p.y, p.z), h.shade(normal: n))
                checkedInside += 1
            } else {
                let f = limit / r
                assertClose(SIMD3(p.x, p.y, p.z), h.shade(normal: SIMD3(n.x * f, n.y * f, (1 - limit * limit).squareRoot())))
                if inside(i, j, size: size) { checkedRing += 1 } else { checkedOutside += 1 }
            }
        } }
        XCTAssertGreaterThan(checkedInside, 1000)
        XCTAssertGreaterThan(checkedRing, 8)
        XCTAssertGreaterThan(checkedOutside, 300)
    }

    func testLambertValueMatchesTheFormula() {
        // n = (0, 0, 1); light (−2, 2, 2): l = normalize((−2, 2, 1)) = (−2, 2, 1)/3, n·l = 1/3.
        let h = hemisphere([HemisphereLight(x: -2, y: 2, z: 2)])
        assertClose(h.shade(normal: SIMD3(0, 0, 1)), SIMD3(repeating: 1.0 / 3), 1e-6)
        // Image normal (0, −0.6, 0.8) points UP: scene (0, 0.6, 0.8). Light at scene (0, 5, 0):
        // l = normalize((0, 4.4, −0.8)), n·l = (0.6·4.4 − 0.8·0.8)/|(0, 4.4, −0.8)|.
        let up = hemisphere([HemisphereLight(x: 0, y: 5, z: 0)])
        let lengthL: Double = (4.4 * 4.4 + 0.8 * 0.8).squareRoot()
        let expected = Float((0.6 * 4.4 - 0.8 * 0.8) / lengthL)
        assertClose(up.shade(normal: SIMD3(0, -0.6, 0.8)), SIMD3(repeating: expected), 1e-6)
        // The mirror normal (pointing down in the image) faces away from that light: black.
        assertClose(up.shade(normal: SIMD3(0, 0.6, 0.8)), .zero, 0)
        // Normals are normalised first.
        assertClose(h.shade(normal: SIMD3(0, 0, 7)), SIMD3(repeating: 1.0 / 3), 1e-6)
    }

    // MARK: Light direction

    func testLightUpLeftInFrontLightsTheUpperLeft() {
        let image = hemisphere([HemisphereLight(x: -2, y: 2, z: 2)]).render(size: 64)
        let upLeft = meanLuminance(image, x: 0 ..< 0.5, y: 0 ..< 0.5)
        let bottomRight = meanLuminance(image, x: 0.5 ..< 1, y: 0.5 ..< 1)
        XCTAssertGreaterThan(upLeft, 0.5)
        XCTAssertGreaterThan(upLeft, bottomRight + 0.3)
    }

    func testLightOnTheRightLightsTheRight() {
        let image = hemisphere([HemisphereLight(x: 5, y: 0, z: 1)]).render(size: 64)
        let left = meanLuminance(image, x: 0 ..< 0.5, y: 0 ..< 1)
        let right = meanLuminance(image, x: 0.5 ..< 1, y: 0 ..< 1)
        XCTAssertGreaterThan(right, left + 0.3)
    }

    func testLightAboveInTheSceneLightsTheTopOfTheImage() {
        // Scene +y is up; image rows grow downwards.
        let image = hemisphere([HemisphereLight(x: 0, y: 5, z: 1)]).render(size: 64)
        let top = meanLuminance(image, x: 0 ..< 1, y: 0 ..< 0.5)
        let bottom = meanLuminance(image, x: 0 ..< 1, y: 0.5 ..< 1)
        XCTAssertGreaterThan(top, bottom + 0.3)
        // The topmost disc pixel faces the light; the bottommost does not.
        XCTAssertGreaterThan(luminance(rgba(image, 32, 0)), 0.5)
        XCTAssertEqual(luminance(rgba(image, 32, 63)), 0)
    }

    // MARK: Light colour

    func testLightColourIsHSB() {
        func color(_ hue: Float, _ s: Float, _ b: Float) -> SIMD3<Float> {
            HemisphereLight(x: 0, y: 0, z: 1, hue: hue, saturation: s, brightness: b).color
        }
        assertClose(color(0, 1, 1), SIMD3(1, 0, 0), 0)
        assertClose(color(120, 1, 1), SIMD3(0, 1, 0), 0)
        assertClose(color(240, 1, 1), SIMD3(0, 0, 1), 0)
        assertClose(color(60, 1, 1), SIMD3(1, 1, 0), 0)
        assertClose(color(30, 1, 0.5), SIMD3(0.5, 0.25, 0), 1e-6)
        assertClose(color(-120, 1, 1), SIMD3(0, 0, 1), 0)        // wraps
        assertClose(color(480, 1, 1), SIMD3(0, 1, 0), 0)
        assertClose(color(200, 0, 2), SIMD3(2, 2, 2), 0)          // white, brightness up to 2
        assertClose(color(0, 0.5, 1), SIMD3(1, 0.5, 0.5), 0)
        assertClose(color(0, 1, 5), SIMD3(2, 0, 0), 0)            // brightness clamps to 2
        assertClose(color(.nan, .nan, 1), SIMD3(1, 1, 1), 0)      // NaN hue/saturation: white
        assertClose(color(0, 1, .nan), .zero, 0)                  // NaN brightness: off
        assertClose(color(0, 1, -1), .zero, 0)
    }

    func testSaturatedRedAndGreenLightsTintAWhiteSurface() {
        let red = hemisphere([HemisphereLight(x: 0, y: 0, z: 10, hue: 0, saturation: 1)]).render(size: 33)
        let c = rgba(red, 16, 16)
        XCTAssertGreaterThan(c.x, 0.9)
        XCTAssertEqual(c.y, 0)
        XCTAssertEqual(c.z, 0)
        let green = hemisphere([HemisphereLight(x: 0, y: 0, z: 10, hue: 120, saturation: 1)]).render(size: 33)
        let lit = meanLuminance(green, x: 0 ..< 1, y: 0 ..< 1)
        XCTAssertGreaterThan(lit, 0.3)
        for j in 0 ..< 33 { for i in 0 ..< 33 where inside(i, j, size: 33) {
            let g = rgba(green, i, j)
            XCTAssertEqual(g.x, 0)
            XCTAssertEqual(g.z, 0)
        }}
        // Half saturation: still red-dominated but with some white.
        let pink = hemisphere([HemisphereLight(x: 0, y: 0, z: 10, hue: 0, saturation: 0.5)])
            .shade(normal: SIMD3(0, 0, 1))
        XCTAssertGreaterThan(pink.x, pink.y)
        XCTAssertEqual(pink.y, pink.z)
        XCTAssertEqual(pink.y / pink.x, 0.5, accuracy: 1e-6)
    }

    // MARK: No light

    func testNoLightNoAmbientNoEnvironmentIsBlack() {
        for model in [MaterialModel.shiny, .pbr] {
            let material = HemisphereMaterial(model: model, baseColor: SIMD3(0.9, 0.7, 0.5), metalness: 0.5,
                                              roughness: 0.3, ambient: 0)
            let off = (0 ..< 4).map { HemisphereLight(x: Float($0) - 2, y: 1, z: 2, hue: 90, saturation: 1, brightness: 0) }
            let image = hemisphere(off, material).render(size: 24)
            for p in stride(from: 0, to: image.pixels.count, by: 4) {
                XCTAssertEqual(Array(image.pixels[p ..< p + 3]), [0, 0, 0])
            }
            // Ambient alone: exactly ambient · (1 − metalness) · base everywhere.
            var ambient = material
            ambient.ambient = 0.4
            let lit = hemisphere(off, ambient).render(size: 24)
            for p in stride(from: 0, to: lit.pixels.count, by: 4) {
                assertClose(SIMD3(lit.pixels[p], lit.pixels[p + 1], lit.pixels[p + 2]),
                            0.4 * 0.5 * SIMD3(0.9, 0.7, 0.5), 1e-6)
            }
        }
        // No lights at all.
        XCTAssertEqual(hemisphere([]).shade(normal: SIMD3(0.3, 0.2, 0.9)), .zero)
    }

    // MARK: Highlights

    /// Pixels whose luminance exceeds `threshold`.
    func count(_ image: ShadingImage, above threshold: Float) -> Int {
        var n = 0
        for p in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[p + 3] == 1 {
            if luminance(SIMD4(image.pixels[p], image.pixels[p + 1], image.pixels[p + 2], 1)) > threshold { n += 1 }
        }
        return n
    }

    func maxLuminance(_ image: ShadingImage) -> Float {
        stride(from: 0, to: image.pixels.count, by: 4).map {
            luminance(SIMD4(image.pixels[$0], image.pixels[$0 + 1], image.pixels[$0 + 2], 1))
        }.max() ?? 0
    }

    func testHigherShininessGivesASmallerHighlight() {
        func highlight(_ s: Float) -> ShadingImage {
            hemisphere([HemisphereLight(x: 0, y: 0, z: 10)],
                       HemisphereMaterial(model: .shiny, baseColor: .zero, shininess: s, specular: 1)).render(size: 65)
        }
        let counts = [4, 16, 64, 256].map { count(highlight(Float($0)), above: 0.5) }
        XCTAssertEqual(counts, counts.sorted(by: >))
        XCTAssertEqual(Set(counts).count, 4)
        XCTAssertGreaterThan(counts[0], 4 * counts[2])
        // The Blinn peak: the centre faces the light exactly: (n·h)^s = 1.
        assertClose(SIMD3(rgba(highlight(64), 32, 32).x, 0, 0), SIMD3(1, 0, 0), 1e-5)
        // specular · (n·h)^s off the peak: n at 30° from the light (far away along +z), h halfway.
        let cos30 = Float(0.75).squareRoot()
        let n = SIMD3<Float>(0.5, 0, cos30)
        let shade = hemisphere([HemisphereLight(x: 0, y: 0, z: 1e6)],
                               HemisphereMaterial(model: .shiny, baseColor: .zero, shininess: 10, specular: 1))
            .shade(normal: n)
        XCTAssertEqual(shade.x, powf(cos30, 10), accuracy: 1e-4)
    }

    func testHigherRoughnessGivesAWiderDimmerHighlight() {
        func highlight(_ r: Float) -> ShadingImage {
            hemisphere([HemisphereLight(x: 0, y: 0, z: 10, brightness: 0.05)],
                       HemisphereMaterial(model: .pbr, baseColor: .zero, metalness: 0, roughness: r)).render(size: 65)
        }
        var lastPeak = Float.infinity, lastWidth = 0
        for r: Float in [0.2, 0.35, 0.5, 0.7] {
            let image = highlight(r)
            let peak = maxLuminance(image)
            let width = count(image, above: peak / 2)
            XCTAssertLessThan(peak, 0.99)        // unclipped
            XCTAssertLessThan(peak, lastPeak)
            XCTAssertGreaterThan(width, lastWidth)
            lastPeak = peak
            lastWidth = width
        }
    }

    func testMetalnessTintsTheHighlightWithTheBaseColour() {
        func centre(_ base: SIMD3<Float>, metalness: Float, roughness: Float = 0.5, brightness: Float = 1) -> SIMD4<Float> {
            rgba(hemisphere([HemisphereLight(x: 0, y: 0, z: 10, brightness: brightness)],
                            HemisphereMaterial(model: .pbr, baseColor: base, metalness: metalness, roughness: roughness))
                    .render(size: 33), 16, 16)
        }
        // Pure blue: a dielectric's highlight is white (red and green appear), a metal's is blue.
        let dielectric = centre(SIMD3(0, 0, 1), metalness: 0)
        XCTAssertGreaterThan(dielectric.x, 0.01)
        XCTAssertEqual(dielectric.x, dielectric.y)
        let metal = centre(SIMD3(0, 0, 1), metalness: 1)
        XCTAssertEqual(metal.x, 0)
        XCTAssertEqual(metal.y, 0)
        XCTAssertGreaterThan(metal.z, 0.3)
        // Gold: at the peak F = F0 = base exactly, so the highlight has gold's proportions.
        let gold = centre(SIMD3(1.0, 0.766, 0.336), metalness: 1, roughness: 0.6, brightness: 0.3)
        XCTAssertLessThan(gold.x, 0.99)
        XCTAssertGreaterThan(gold.x, 0.1)
        XCTAssertEqual(gold.y / gold.x, 0.766, accuracy: 1e-4)
        XCTAssertEqual(gold.z / gold.x, 0.336, accuracy: 1e-4)
        // The shiny model tints the same way: specular · mix(1, base, metalness).
        let shinyGold = hemisphere([HemisphereLight(x: 0, y: 0, z: 10)],
                                   HemisphereMaterial(model: .shiny, baseColor: SIMD3(1, 0.766, 0.336), shininess: 50,
                                                      specular: 1, metalness: 1)).shade(normal: SIMD3(0, 0, 1))
        assertClose(shinyGold, SIMD3(1, 0.766, 0.336), 1e-5)
    }

    func testTheEnvironmentMakesPolishedMetalVisible() {
        var mercury = Hemisphere.standard
        let withStudio = mercury.shade(normal: SIMD3(0, 0, 1))
        XCTAssertGreaterThan(luminance(SIMD4(withStudio, 1)), 0.15)
        mercury.environment = .none
        let pointLightsOnly = mercury.shade(normal: SIMD3(0, 0, 1))
        XCTAssertLessThan(luminance(SIMD4(pointLightsOnly, 1)), 0.02)
        // The studio's sky is above, its floor below: the top of a mirror ball is brighter.
        let image = Hemisphere.standard.render(size: 64)
        XCTAssertGreaterThan(meanLuminance(image, x: 0 ..< 1, y: 0 ..< 0.4),
                             meanLuminance(image, x: 0 ..< 1, y: 0.6 ..< 1) + 0.2)
    }

    /// The custom look's soft box is light 1's: the biggest highlight of a mirror ball moves
    /// with light 1's handle (the editor's complaint: dragging a light left the preset's big
    /// highlight where it was), takes its colour, and goes with its brightness.
    func testTheCustomLooksSoftBoxFollowsLightOne() {
        func mirror(_ key: HemisphereLight) -> ShadingImage {
            let others = Array(Hemisphere.Look.lights.dropFirst()).map { light -> HemisphereLight in
                var off = light
                off.brightness = 0
                return off
            }
            return Hemisphere.custom(lights: [key] + others, model: .pbr, baseColor: SIMD3(0.8, 0.8, 0.8),
                                     shininess: 40, metalness: 1, roughness: 0.08).render(size: 64)
        }
        let off = mirror(HemisphereLight(x: -2, y: 2.5, z: 3, brightness: 0))
        /// Where light 1 adds light to the ball (its soft box and its highlight), as a fraction
        /// of the picture (x right, y down): the centroid of what it adds to the ball without it.
        func added(_ image: ShadingImage) -> SIMD2<Float> {
            var sum = SIMD2<Float>(0, 0), weight: Float = 0
            for j in 0 ..< 64 { for i in 0 ..< 64 where inside(i, j, size: 64) {
                let w = max(luminance(rgba(image, i, j)) - luminance(rgba(off, i, j)), 0)
                sum += w * SIMD2(Float(i) + 0.5, Float(j) + 0.5)
                weight += w
            }}
            return weight > 0 ? sum / weight / 64 : SIMD2(0.5, 0.5)
        }
        let upLeftBall = mirror(HemisphereLight(x: -2, y: 2.5, z: 3, brightness: 1.2))
        let upLeft = added(upLeftBall)
        XCTAssertLessThan(upLeft.x, 0.4, "\(upLeft)")
        XCTAssertLessThan(upLeft.y, 0.4, "\(upLeft)")
        let rightBall = mirror(HemisphereLight(x: 3, y: -0.5, z: 2, brightness: 1.2))
        let right = added(rightBall)
        XCTAssertGreaterThan(right.x, 0.6, "\(right)")
        // The big highlight up-left goes with the light: not left behind.
        XCTAssertGreaterThan(meanLuminance(upLeftBall, x: 0.15 ..< 0.5, y: 0.15 ..< 0.5),
                             meanLuminance(rightBall, x: 0.15 ..< 0.5, y: 0.15 ..< 0.5) + 0.15)
        // Its colour: a red light 1 in front makes a red soft box in the middle of a neutral mirror.
        let red = rgba(mirror(HemisphereLight(x: 0, y: 0, z: 5, hue: 0, saturation: 1, brightness: 1.2)), 32, 32)
        let plain = rgba(off, 32, 32)
        XCTAssertGreaterThan(red.x - plain.x, red.y - plain.y + 0.2, "\(red) over \(plain)")
        // Off: no soft box; on, it brightens the ball.
        XCTAssertGreaterThan(meanLuminance(upLeftBall, x: 0 ..< 1, y: 0 ..< 1), meanLuminance(off, x: 0 ..< 1, y: 0 ..< 1) + 0.03)
    }

    // MARK: Presets

    func testPresetsRenderCleanlyAndDiffer() {
        XCTAssertEqual(Hemisphere.presetNames, ["mercury", "gold", "chrome", "copper", "plastic", "pearl", "obsidian"])
        let size = 48
        var images: [String: ShadingImage] = [:]
        for name in Hemisphere.presetNames {
            guard let h = Hemisphere.preset(named: name) else { return XCTFail("no preset \(name)") }
            let image = h.render(size: size)
            XCTAssertEqual(image.pixels.count, size * size * 4)
            for j in 0 ..< size { for i in 0 ..< size {
                let p = rgba(image, i, j)
                XCTAssertEqual(p.w, inside(i, j, size: size) ? 1 : 0, "\(name) alpha at \(i),\(j)")
                for c in 0 ..< 3 {
                    XCTAssertTrue(p[c].isFinite && p[c] >= 0 && p[c] <= 1, "\(name) \(p)")
                }
            }}
            // Not flat: each look has light and shade.
            XCTAssertGreaterThan(maxLuminance(image) - meanLuminance(image, x: 0 ..< 1, y: 0 ..< 1), 0.2, name)
            images[name] = image
        }
        let names = Hemisphere.presetNames
        for a in 0 ..< names.count { for b in a + 1 ..< names.count {
            let x = images[names[a]]!.pixels, y = images[names[b]]!.pixels
            let meanDifference = zip(x, y).map { abs($0 - $1) }.reduce(0, +) / Float(x.count)
            XCTAssertGreaterThan(meanDifference, 0.02, "\(names[a]) vs \(names[b])")
        }}
    }

    func testPresetLookup() {
        XCTAssertEqual(Hemisphere.preset(named: "GOLD"), Hemisphere.preset(named: "gold"))
        XCTAssertEqual(Hemisphere.preset(named: " Chrome "), Hemisphere.preset(named: "chrome"))
        XCTAssertNotEqual(Hemisphere.preset(named: "gold"), Hemisphere.preset(named: "chrome"))
        XCTAssertNil(Hemisphere.preset(named: "unobtainium"))
        XCTAssertNil(Hemisphere.preset(named: "gold2"))
        XCTAssertEqual(Hemisphere.preset(named: "mercury"), Hemisphere.standard)
        XCTAssertEqual(Hemisphere.preset(named: ""), Hemisphere.standard)
        // Gold is gold: its flat centre is yellow.
        let c = Hemisphere.preset(named: "gold")!.shade(normal: SIMD3(0, 0, 1))
        XCTAssertGreaterThan(c.x, c.z * 1.8)
        XCTAssertGreaterThan(c.y, c.z * 1.3)
        // Mercury is neutral silver.
        let m = Hemisphere.standard.shade(normal: SIMD3(0, 0, 1))
        XCTAssertEqual(m.x / m.z, 1, accuracy: 0.1)
    }

    // MARK: Totality

    func testBadParametersNeverTrapAndStayInRange() {
        let nan = Float.nan, inf = Float.infinity
        let lights = [
            HemisphereLight(x: nan, y: 0, z: 1),
            HemisphereLight(x: inf, y: -inf, z: 1, hue: inf, saturation: -inf, brightness: inf),
            HemisphereLight(x: 0, y: 0, z: 1, hue: nan, saturation: nan, brightness: nan),
            HemisphereLight(x: 0, y: 0, z: 0, brightness: 2),       // at the centre of the sphere
            HemisphereLight(x: 0, y: 0, z: 1, brightness: 2),       // on the surface
            HemisphereLight(x: 1e30, y: 1e30, z: -1e30, brightness: 1),
        ]
        let materials = [
            HemisphereMaterial(model: .shiny, baseColor: SIMD3(nan, inf, -1), shininess: 0, specular: nan,
                               metalness: nan, roughness: nan, ambient: inf),
            HemisphereMaterial(model: .shiny, shininess: inf, specular: inf),
            HemisphereMaterial(model: .shiny, shininess: -5, specular: -1),
            HemisphereMaterial(model: .pbr, baseColor: SIMD3(1, 1, 1), metalness: 1, roughness: 0),
            HemisphereMaterial(model: .pbr, baseColor: SIMD3(nan, nan, nan), metalness: inf, roughness: -inf,
                               ambient: nan),
        ]
        let environments = [
            StudioEnvironment.studio, .none,
            StudioEnvironment(intensity: nan, zenith: SIMD3(nan, inf, -inf), horizon: SIMD3(repeating: inf),
                              ground: SIMD3(repeating: nan), key: nan, strip: inf, cameraShade: nan),
            StudioEnvironment(intensity: inf, key: -1, strip: 1e30, cameraShade: 5),
        ]
        let normals: [SIMD3<Float>] = [.zero, SIMD3(nan, 0, 1), SIMD3(inf, 0, 0), SIMD3(0, 0, -1), SIMD3(1e-30, 0, 0),
                                       SIMD3(1e30, 1e30, 1e30), SIMD3(1, 0, 0), SIMD3(0, 1, 0)]
        for material in materials { for environment in environments {
            let h = Hemisphere(lights: lights, material: material, environment: environment)
            for size in [-3, 0, 1, 2, 3] {
                let image = h.render(size: size)
                XCTAssertEqual(image.width, max(size, 0))
                XCTAssertEqual(image.pixels.count, max(size, 0) * max(size, 0) * 4)
                XCTAssertTrue(image.pixels.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 })
            }
            for n in normals {
                let c = h.shade(normal: n)
                XCTAssertTrue(c.x.isFinite && c.y.isFinite && c.z.isFinite && c.min() >= 0 && c.max() <= 1, "\(n) → \(c)")
            }
            // A non-finite or zero normal counts as (0, 0, 1).
            let facing = h.shade(normal: SIMD3(0, 0, 1))
            XCTAssertEqual(h.shade(normal: .zero), facing)
            XCTAssertEqual(h.shade(normal: SIMD3(nan, 0.5, 0.5)), facing)
            XCTAssertEqual(h.shade(normal: SIMD3(0, inf, 1)), facing)
        }}
        // Size 1: the one pixel is the centre (inside); size 2: all four pixel centres are inside.
        let one = Hemisphere.standard.render(size: 1)
        XCTAssertEqual(one.pixels[3], 1)
        assertClose(SIMD3(one.pixels[0], one.pixels[1], one.pixels[2]), Hemisphere.standard.shade(normal: SIMD3(0, 0, 1)), 1e-6)
        XCTAssertEqual(Hemisphere.standard.render(size: 2).pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element),
                       [1, 1, 1, 1])
    }

    func testOnlyTheFirstFourLightsCount() {
        let four = (0 ..< 4).map { HemisphereLight(x: Float($0) - 1.5, y: 1, z: 2, hue: Float($0) * 90, saturation: 1, brightness: 0.5) }
        let five = four + [HemisphereLight(x: 0, y: 0, z: 5, brightness: 2)]
        XCTAssertEqual(hemisphere(four).render(size: 16), hemisphere(five).render(size: 16))
        XCTAssertNotEqual(hemisphere(Array(four.prefix(3))).render(size: 16), hemisphere(four).render(size: 16))
    }

    // MARK: Parallel

    func testParallelSplitIsBitIdentical() {
        for h in [Hemisphere.standard, Hemisphere.preset(named: "plastic")!] {
            for size in [1, 7, 37, 64] {
                let serial = h.render(size: size, parallel: .serial)
                let split = h.render(size: size, parallel: .split(into: 5))
                XCTAssertEqual(serial.pixels.count, split.pixels.count)
                XCTAssertTrue(zip(serial.pixels, split.pixels).allSatisfy { $0.bitPattern == $1.bitPattern }, "size \(size)")
            }
        }
    }
}
