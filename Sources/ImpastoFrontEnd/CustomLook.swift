// SPDX-License-Identifier: GPL-3.0-or-later
import GeglKit
import ImpastoKernels

/// plug-in-impasto-emboss's custom look (MercurialText's light editor): `Hemisphere.Look`'s
/// lights and material as dialog-only parameters (kept with the last values; scripts choose
/// looks by preset), and what they make: the op's properties and the hemisphere the editor shows.
public enum CustomLook {
    typealias Look = Hemisphere.Look

    /// The custom look's parameters (dialog-only), as `Hemisphere.Look` declares them: the
    /// switch, the lights, the material (its colour as three channels).
    public static let parameters: [ProcedureParameter] =
        [ProcedureParameter.boolean("custom-look", default: false,
                                    localized("Use the lights and material of the hemisphere editor")).onlyInDialog()]
        + Look.parameters.flatMap { declared -> [ProcedureParameter] in
            if case .color = declared.kind { return ProcedureParameter.channels(of: declared) }
            return [ProcedureParameter(declared)]
        }.map { $0.onlyInDialog() }

    /// impasto:emboss's look properties for these arguments: the preset, or the custom look.
    public static func properties(_ arguments: ProcedureArguments) -> [(String, GeglValue)] {
        guard arguments.bool("custom-look") else {
            return [(EmbossSettings.Parameters.preset.name, .enumNick(arguments.name(EmbossSettings.Parameters.preset.name)))]
        }
        return [(EmbossSettings.Parameters.preset.name, .enumNick(Hemisphere.customLook))]
            + arguments.geglProperties(Look.parameters)
    }

    /// Light n's position in the arguments.
    public static func position(_ n: Int, _ arguments: ProcedureArguments) -> SIMD3<Double> {
        let p = Look.light(n)
        return SIMD3(arguments.double(p[0].name), arguments.double(p[1].name), arguments.double(p[2].name))
    }

    /// The hemisphere the op will use (`Hemisphere.custom`, as the op builds its custom preset).
    public static func hemisphere(_ arguments: ProcedureArguments) -> Hemisphere {
        guard arguments.bool("custom-look") else {
            return Hemisphere.preset(named: arguments.name(EmbossSettings.Parameters.preset.name)) ?? .standard
        }
        let lights = (1 ... Look.lightCount).map { n in
            let v = Look.light(n).map { Float(arguments.double($0.name)) }
            return HemisphereLight(x: v[0], y: v[1], z: v[2], hue: v[3], saturation: v[4], brightness: v[5])
        }
        let colour = SIMD3<Float>(Float(arguments.double("\(Look.color.name)-red")),
                                  Float(arguments.double("\(Look.color.name)-green")),
                                  Float(arguments.double("\(Look.color.name)-blue")))
        return .custom(lights: lights, model: MaterialModel(rawValue: arguments.int(Look.model.name)) ?? .shiny,
                       baseColor: colour, shininess: Float(arguments.double(Look.shininess.name)),
                       metalness: Float(arguments.double(Look.metalness.name)),
                       roughness: Float(arguments.double(Look.roughness.name)))
    }
}
