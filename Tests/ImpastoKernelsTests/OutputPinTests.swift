// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// Every output bit of the effects, pinned: hashes of the emboss over the quality matrix's two
/// shapes (every preset, radius and scale, at 1×) and of its variants (profiles, liquify by FIR
/// and by blocks, luminance masks, the other outputs, perceptual input, procedural looks), and
/// of the bristle normal map, normal light, paint relief and the pencil on a seeded picture,
/// against Tests/Fixtures/output-hashes.txt. A change that moves any bit of any of them fails
/// here; a change meant to alter an output writes the file anew (IMPASTO_WRITE_HASHES=1) and
/// says so in its commit message. The inputs are made in Swift or snapped to k / 255, so no babl
/// conversion (whose paths vary by machine) comes between them and the kernels.
final class OutputPinTests: XCTestCase {
    static let file = BuildProducts.fixture("output-hashes.txt")

    /// FNV-1a over the samples' bit patterns.
    static func hash(_ samples: [Float]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for sample in samples {
            var bits = sample.bitPattern
            for _ in 0 ..< 4 {
                h = (h ^ UInt64(bits & 0xff)) &* 0x0000_0100_0000_01b3
                bits >>= 8
            }
        }
        return String(h, radix: 16)
    }

    /// Every pinned case: a name and its output's hash.
    static func cases() -> [(String, String)] {
        var found: [(String, String)] = []
        let shadings = Hemisphere.presetNames.map { ($0, Hemisphere.preset(named: $0)!.render(size: 256)) }
        for shape in [EmbossQuality.logo, EmbossQuality.text] {
            for radius in EmbossQuality.radii { for scale in EmbossQuality.scales { for (name, shading) in shadings {
                var settings = EmbossSettings()
                settings.radius = radius
                settings.scale = scale
                found.append(("emboss \(shape.name) \(name) r \(radius) k \(scale)",
                              hash(EmbossQuality.render(shape.coarse, settings, shading: shading))))
            } } }
        }

        // The emboss's other settings, on a seeded picture of each format the op reads.
        var random = SeededRandom(seed: 2026)
        let gold = Hemisphere.preset(named: "gold")!.render(size: 256)
        for (format, pixels) in [("Y'A", NormalMap.BumpPixels.grayAlpha), ("R'G'B'", .rgb(luma: NormalMap.rec709Luma)),
                                 ("R'G'B'A", .rgba(luma: NormalMap.rec709Luma))] {
            let image = EmbossRegionTests.Image.random(width: 150, height: 110, pixels: pixels, &random)
            for profile in HeightProfile.allCases { for liquify: Float in [0, 4, 15] {
                for source in [EmbossSettings.MaskSource.alpha, .luminance] {
                    for output in [EmbossSettings.Output.shaded, .height, .normals, .hemisphere] {
                        var settings = EmbossSettings()
                        settings.radius = 12
                        settings.scale = 8
                        settings.profile = profile
                        settings.liquify = liquify
                        settings.maskSource = source
                        settings.output = output
                        found.append(("emboss \(format) \(profile) liquify \(liquify) \(source) \(output)",
                                      hash(EmbossRegionTests.whole(image, settings, shading: gold))))
                    }
                }
            } }
            var settings = EmbossSettings()
            settings.liquify = 4
            found.append(("emboss \(format) perceptual", hash(EmbossRegionTests.whole(image, settings, shading: gold, perceptual: true))))
        }
        // Procedural looks: coloured lights on each material model.
        let lights = [HemisphereLight(x: -2, y: 2, z: 3, hue: 200, saturation: 0.4, brightness: 1.1),
                      HemisphereLight(x: 3, y: -1, z: 2, hue: 20, saturation: 0.9, brightness: 0.7)]
        for (model, name) in [(MaterialModel.shiny, "shiny"), (.pbr, "pbr")] {
            let look = Hemisphere.custom(lights: lights, model: model, baseColor: SIMD3(0.8, 0.5, 0.3),
                                         shininess: 30, metalness: 0.6, roughness: 0.3)
            var settings = EmbossSettings()
            settings.radius = 8
            found.append(("emboss look \(name)", hash(EmbossQuality.render(EmbossQuality.logo.coarse, settings,
                                                                           shading: look.render(size: 256)))))
        }

        // The other effects on a seeded painting and bump.
        let (width, height) = (97, 71)
        var rgba = [Float](), heights = Plane(width: width, height: height)
        for y in 0 ..< height { for x in 0 ..< width {
            let a: Float = x < 6 || y < 5 ? 0 : min(1, random.unit() * 3)
            rgba += [random.unit(), random.unit(), random.unit(), a]
            heights[x, y] = 0.5 + 0.5 * sin(Float(x) * 0.37) * cos(Float(y) * 0.21) + 0.05 * random.unit()
        } }
        for smoothness: Float in [0, 0.75, 1] { for contrast: Float in [0.5, 3] {
            let map = NormalMap(smoothness: smoothness, contrast: contrast)
            found.append(("normal map s \(smoothness) c \(contrast)", hash(map.render(heights))))
            let light = NormalLight(normalMap: map, lighting: NormalLighting(azimuth: 135, elevation: 30))
            found.append(("normal light s \(smoothness) c \(contrast)", hash(light.shade(rgba, bump: heights))))
            var relief = PaintRelief()
            relief.smoothness = smoothness
            relief.contrast = contrast
            found.append(("paint relief s \(smoothness) c \(contrast)", hash(relief.shade(rgba, width: width, height: height))))
            relief.thick = true
            found.append(("paint relief thick s \(smoothness) c \(contrast)", hash(relief.shade(rgba, width: width, height: height))))
        } }
        for (azimuth, altitude) in [(-60, 45), (0, 90), (135, 10), (-180, 0)] as [(Double, Double)] {
            let effect = PencilHueSaturation(azimuth: azimuth, altitude: altitude, maxSaturation: 8)
            var out = [Float](repeating: 0, count: rgba.count)
            rgba.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { effect.apply(input.baseAddress!, $0.baseAddress!, count: width * height) }
            }
            found.append(("pencil az \(azimuth) alt \(altitude)", hash(out)))
        }
        return found
    }

    func testEveryOutputBitIsAsPinned() throws {
        let found = Self.cases()
        let text = found.map { "\($0.0): \($0.1)" }.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["IMPASTO_WRITE_HASHES"] != nil {
            try text.write(to: Self.file, atomically: true, encoding: .utf8)
            throw XCTSkip("wrote \(found.count) hashes to \(Self.file.path)")
        }
        let pinned = try String(contentsOf: Self.file, encoding: .utf8)
        let expected = Dictionary(pinned.split(separator: "\n").map { line -> (String, String) in
            let parts = line.components(separatedBy: ": ")
            return (parts.dropLast().joined(separator: ": "), parts.last ?? "")
        }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(found.count, expected.count, "the cases changed: write the file anew")
        var differing = 0
        for (name, hash) in found where expected[name] != hash {
            differing += 1
            if differing <= 20 { XCTFail("\(name): \(hash), pinned \(expected[name] ?? "none")") }
        }
        XCTAssertEqual(differing, 0, "of \(found.count) outputs")
    }
}
