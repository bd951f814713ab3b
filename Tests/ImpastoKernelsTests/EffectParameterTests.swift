// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels
import XCTest

/// The effects' parameter declarations: consistent in themselves, and the one source the
/// kernels clamp by.
final class EffectParameterTests: XCTestCase {
    static let all: [(String, [EffectParameter])] = [
        ("pencil", PencilHueSaturation.parameters), ("emboss", EmbossSettings.parameters),
        ("custom look", Hemisphere.Look.parameters), ("normal map", NormalMap.parameters),
        ("normal light", NormalLight.parameters), ("bristle stroke", BristleStroke.parameters),
        ("bristle brush", BristleBrush.parameters),
    ]

    func testEveryDeclarationIsConsistent() {
        for (effect, parameters) in Self.all {
            XCTAssertEqual(Set(parameters.map(\.name)).count, parameters.count, "\(effect): names are unique")
            for p in parameters {
                let what = "\(effect) \(p.name)"
                XCTAssertFalse(p.title.isEmpty, what)
                XCTAssertFalse(p.description.isEmpty, what)
                XCTAssertFalse(p.description.contains("\n"), "\(what): one line")
                XCTAssertTrue(p.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(what): a GEGL/PDB name")
                XCTAssertTrue(p.range.contains(p.defaultValue), "\(what): the default is in range")
                XCTAssertTrue(p.range.contains(p.slider.lowerBound) && p.range.contains(p.slider.upperBound),
                              "\(what): the slider is within the range")
                XCTAssertLessThan(p.slider.lowerBound, p.slider.upperBound, what)
                if case .choice(let choices, _) = p.kind {
                    XCTAssertEqual(Set(choices.map(\.nick)).count, choices.count, "\(what): nicks are unique")
                    XCTAssertTrue(choices.map(\.nick).contains(p.defaultNick), what)
                }
            }
        }
    }

    /// docs/contract.md fixes these.
    func testTheContractsRangesAndDefaults() {
        let pencil = PencilHueSaturation.Parameters.self
        XCTAssertEqual([pencil.azimuth.range, pencil.altitude.range, pencil.maxSaturation.range], [-180 ... 180, 0 ... 90, 0 ... 16])
        XCTAssertEqual([pencil.azimuth.defaultValue, pencil.altitude.defaultValue, pencil.maxSaturation.defaultValue],
                       [180, 78.75, 8])
        let identity = PencilHueSaturation.identity
        XCTAssertEqual(identity.saturation, 1)
        XCTAssertEqual(identity.hueAngle.truncatingRemainder(dividingBy: 360), 0)
        XCTAssertEqual(EmbossSettings.Parameters.radius.defaultValue, 10)
        XCTAssertEqual(EmbossSettings.Parameters.scale.defaultValue, 10)
        XCTAssertEqual(EmbossSettings.Parameters.profile.nicks, ["round", "linear", "smooth"])
        XCTAssertEqual(EmbossSettings.Parameters.profile.defaultNick, "round")
        XCTAssertEqual(EmbossSettings.Parameters.maskSource.nicks, ["alpha", "luminance"])
        XCTAssertEqual(EmbossSettings.Parameters.preset.nicks, [Hemisphere.customLook] + Hemisphere.presetNames)
        XCTAssertEqual(NormalMap.Parameters.smoothness.defaultValue, 0.75)
        XCTAssertEqual(NormalMap.Parameters.contrast.defaultValue, 3)
        XCTAssertEqual(NormalLighting.Parameters.azimuth.name, "light-azimuth")
        XCTAssertEqual(BristleStroke.parameters.map(\.name),
                       ["bristles", "pressure-start", "pressure-end", "azimuth", "line-width", "max-radius"])
    }

    func testDefaultsAreWhatTheSettingsTypesStartFrom() {
        let emboss = EmbossSettings()
        XCTAssertEqual(emboss.radius, Float(EmbossSettings.Parameters.radius.defaultValue))
        XCTAssertEqual(emboss.profile, .round)
        XCTAssertEqual(emboss.maskSource, .alpha)
        XCTAssertEqual(emboss.output, .shaded)
        XCTAssertEqual(NormalMap(), NormalMap(smoothness: 0.75, contrast: 3, flipY: false, tileable: false))
        XCTAssertEqual(NormalLighting().shininess, 40)
        XCTAssertEqual(BristleBrush.standard, BristleBrush(bristles: 12, maxRadius: 18, lineWidth: 2, pressureLevels: 8,
                                                           angleLevels: 8, angle: .tilt, load: 1))
        let stroke = BristleStroke()
        XCTAssertEqual([Double(stroke.bristles), stroke.pressureStart, stroke.pressureEnd, stroke.maxRadius], [20, 0.3, 1, 16])
        let material = HemisphereMaterial()
        XCTAssertEqual(material.model, .shiny, "the custom look's material")
        XCTAssertEqual(material.shininess, 40)
        XCTAssertEqual(material.roughness, 0.3)
        XCTAssertEqual(Hemisphere.Look.lights.count, 4)
        XCTAssertEqual(Hemisphere.Look.lights[0], HemisphereLight(x: -2, y: 2, z: 3, hue: 0, saturation: 0, brightness: 1))
    }

    func testClampingFollowsTheDeclarations() {
        let radius = EmbossSettings.Parameters.radius
        XCTAssertEqual(radius.clamp(-5.0), 0)
        XCTAssertEqual(radius.clamp(5000.0), 1000)
        XCTAssertEqual(radius.clamp(Double.nan), 10)
        XCTAssertEqual(radius.clamp(Float.infinity), 1000)
        var wild = EmbossSettings()
        (wild.radius, wild.scale, wild.liquify) = (.nan, 1e9, -1)
        XCTAssertEqual([wild.sanitized.radius, wild.sanitized.scale, wild.sanitized.liquify], [10, 1000, 0])
        XCTAssertEqual(radius.problem(with: 1001), "radius must be between 0 and 1000, not 1001")
        XCTAssertNil(radius.problem(with: 1000))
        XCTAssertNotNil(radius.problem(with: .nan))
        XCTAssertEqual(BristleBrush(bristles: 300, maxRadius: 16, lineWidth: 2, pressureLevels: 8, angleLevels: 24,
                                    angle: .direction, load: 1).problem, "bristles must be between 1 and 256, not 300")
        XCTAssertEqual(BristleBrush(bristles: 20, maxRadius: 16, lineWidth: 2, pressureLevels: 8, angleLevels: 24,
                                    angle: .tilt, load: 1).problem, "with tilt, angle-levels must be at most 16 (per axis), not 24")
    }

    /// The custom look has one set of clamps: the op's, the dialog's and the kernel's.
    func testTheCustomLookIsClampedAsDeclared() {
        let wild = Hemisphere.custom(lights: [HemisphereLight(x: 50, y: -50, z: .nan, hue: 400, saturation: 2, brightness: 9)],
                                     model: .shiny, baseColor: SIMD3(2, -1, 0.5), shininess: 1000, metalness: -1,
                                     roughness: 7)
        XCTAssertEqual(wild.lights[0], HemisphereLight(x: 10, y: -10, z: 3, hue: 360, saturation: 1, brightness: 2))
        XCTAssertEqual(wild.material.shininess, 256)
        XCTAssertEqual(wild.material.metalness, 0)
        XCTAssertEqual(wild.material.roughness, 1)
        XCTAssertEqual(wild.material.baseColor, SIMD3(1, 0, 0.5))
        // Within range, nothing changes: the editor's sphere is the op's.
        let look = Hemisphere.custom(lights: Hemisphere.Look.lights, model: .pbr, baseColor: SIMD3(0.8, 0.8, 0.8),
                                     shininess: 40, metalness: 0.5, roughness: 0.3)
        XCTAssertEqual(look.lights, Hemisphere.Look.lights)
        XCTAssertEqual(look.material, HemisphereMaterial(model: .pbr, metalness: 0.5))
    }
}
