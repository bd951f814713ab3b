// SPDX-License-Identifier: GPL-3.0-or-later
// Named looks for the procedural shading image (impasto:emboss's `preset`; "" = `standard`).

extension Hemisphere {
    /// The `preset` value that means the custom look (`Look`) instead of a named preset.
    public static let customLook = "custom"

    /// impasto:emboss's custom look: four omni lights, as in MercurialText (position in scene
    /// space, hue, saturation, brightness — 0 is off), and the sphere's material. One set of
    /// defaults and clamps, read by the op's properties (a test compares them), the emboss
    /// dialog's hemisphere editor, its last values and `custom`.
    public enum Look {
        /// The lights' defaults (x, y, z, hue, saturation, brightness): a white key light up
        /// left in front, a dim blue fill from the right, a warm one from below, one off.
        static let lightDefaults: [(Double, Double, Double, Double, Double, Double)] = [
            (-2, 2, 3, 0, 0, 1), (3, -1, 2, 210, 0.3, 0.4), (0, -3, 1, 30, 0.3, 0.3), (0, 0, 4, 0, 0, 0),
        ]

        public static let lightCount = lightDefaults.count

        /// The light fields, in declaration order: the suffixes of "light<n>-<field>".
        public static let lightFields = ["x", "y", "z", "hue", "saturation", "brightness"]

        /// Light `n`'s (1 … 4) parameters: "light<n>-x" … "light<n>-brightness".
        public static func light(_ n: Int) -> [EffectParameter] {
            let d = lightDefaults[min(max(n, 1), lightCount) - 1]
            let lights: [EffectParameter] = [
                .number("light\(n)-x", localized("Light %s x", "\(n)"), -10 ... 10, default: d.0,
                        localized("Light %s position, right of the sphere's centre", "\(n)")),
                .number("light\(n)-y", localized("Light %s y", "\(n)"), -10 ... 10, default: d.1,
                        localized("Light %s position, above the sphere's centre", "\(n)")),
                .number("light\(n)-z", localized("Light %s z", "\(n)"), -10 ... 10, default: d.2,
                        localized("Light %s position, in front of the sphere's centre", "\(n)")),
                .number("light\(n)-hue", localized("Light %s hue", "\(n)"), 0 ... 360, default: d.3, localized("Light %s colour: hue in degrees", "\(n)")).unit("degree"),
                .number("light\(n)-saturation", localized("Light %s saturation", "\(n)"), 0 ... 1, default: d.4,
                        localized("Light %s colour: saturation (0 white)", "\(n)")),
                .number("light\(n)-brightness", localized("Light %s brightness", "\(n)"), 0 ... 2, default: d.5,
                        localized("Light %s brightness (0: off)", "\(n)")),
            ]
            return lights.map { $0.visible(customOnly) }
        }

        /// GEGL's dialogs show the custom look's settings only while Look is Custom.
        static let customOnly = "preset {\(customLook)}"

        public static let model = EffectParameter.choice(
            "model", localized("Material"),
            [.init("shiny", localized("Shiny (Blinn-Phong)")), .init("pbr", localized("Physically based (metalness, roughness)"))],
            default: "shiny", localized("Shading model of the custom material")).visible(customOnly)
        public static let color = EffectParameter.color(
            "color", localized("Material color"), default: SIMD3(repeating: 0.8), localized("Base colour of the custom material"))
            .visible(customOnly)
        public static let shininess = EffectParameter.number(
            "shininess", localized("Shininess"), 1 ... 256, default: 40,
            localized("Shiny model: the size of the highlights (higher is smaller and sharper)"))
            .visible(customOnly + " & model {shiny}")
        public static let metalness = EffectParameter.number(
            "metalness", localized("Metalness"), 0 ... 1, default: 0, localized("Physically based model: 0 plastic, 1 metal"))
            .visible(customOnly + " & model {pbr}")
        public static let roughness = EffectParameter.number(
            "roughness", localized("Roughness"), 0 ... 1, default: 0.3, localized("Physically based model: 0 mirror-smooth, 1 matte"))
            .visible(customOnly + " & model {pbr}")

        /// Every parameter of the custom look, as the op lists them: the material, then the lights.
        public static let parameters: [EffectParameter] =
            [color, model, shininess, metalness, roughness] + (1 ... lightCount).flatMap(light)

        /// The default lights.
        public static var lights: [HemisphereLight] {
            (1 ... lightCount).map { n in
                let p = light(n).map { Float($0.defaultValue) }
                return HemisphereLight(x: p[0], y: p[1], z: p[2], hue: p[3], saturation: p[4], brightness: p[5])
            }
        }
    }

    /// impasto:emboss's "custom" look: these lights and a material of `model` with these
    /// values (its other values the material's defaults), in the standard studio whose soft
    /// box is light 1's: in its direction and its colour, `keyPerBrightness` × its colour
    /// (the presets' key light, brightness 1.2, gives the studio's own 3). So every highlight
    /// the editor shows moves with a handle, and light 1 at brightness 0 leaves no soft box.
    /// The op and the emboss dialog's hemisphere editor both build it here, so they show the
    /// same sphere; every value is clamped as `Look` declares.
    public static func custom(lights: [HemisphereLight], model: MaterialModel, baseColor: SIMD3<Float>,
                              shininess: Float, metalness: Float, roughness: Float) -> Hemisphere {
        let clamped = lights.prefix(Look.lightCount).enumerated().map { i, l in
            let p = Look.light(i + 1)
            return HemisphereLight(x: p[0].clamp(l.x), y: p[1].clamp(l.y), z: p[2].clamp(l.z), hue: p[3].clamp(l.hue),
                                   saturation: p[4].clamp(l.saturation), brightness: p[5].clamp(l.brightness))
        }
        let colour = SIMD3(Look.color.clamp(baseColor.x), Look.color.clamp(baseColor.y), Look.color.clamp(baseColor.z))
        var studio = StudioEnvironment.studio
        if let key = clamped.first {
            studio.key = 1
            studio.keyColor = keyPerBrightness * key.color
            studio.keyDirection = key.position
        } else {
            studio.key = 0
        }
        return Hemisphere(lights: clamped,
                          material: HemisphereMaterial(model: model, baseColor: colour,
                                                       shininess: Look.shininess.clamp(shininess),
                                                       metalness: Look.metalness.clamp(metalness),
                                                       roughness: Look.roughness.clamp(roughness)),
                          environment: studio)
    }

    /// The look `values` hold (impasto:emboss's `preset`, and for "custom" the lights and
    /// material of `Look`): an unknown preset is the standard one.
    public static func look(_ values: ParameterValues) -> Hemisphere {
        let name = values.nick(EmbossSettings.Parameters.preset)
        guard name == customLook else { return preset(named: name) ?? standard }
        let lights = (1 ... Look.lightCount).map { n in
            let p = Look.light(n).map { Float(values[$0]) }
            return HemisphereLight(x: p[0], y: p[1], z: p[2], hue: p[3], saturation: p[4], brightness: p[5])
        }
        return custom(lights: lights, model: MaterialModel(rawValue: Int32(values.choice(Look.model))) ?? .shiny,
                      baseColor: SIMD3<Float>(values.color(Look.color)), shininess: Float(values[Look.shininess]),
                      metalness: Float(values[Look.metalness]), roughness: Float(values[Look.roughness]))
    }

    /// The custom look's soft box radiance per unit of light 1's colour (HemisphereTests
    /// testTheCustomLooksSoftBoxFollowsLightOne).
    static let keyPerBrightness: Float = 2.5

    /// The preset names, in menu order; the first is the default.
    public static let presetNames: [String] = ["mercury", "gold", "chrome", "copper", "plastic", "pearl", "obsidian"]

    /// The preset called `name` (case-insensitive, surrounding spaces ignored); "" is the
    /// default (`standard`, as the PDB's preset "" means); an unknown name gives nil.
    public static func preset(named name: String) -> Hemisphere? {
        switch name.trimmingSpaces.lowercased() {
        case "": return standard
        case "mercury": return mercury
        case "gold": return gold
        case "chrome": return chrome
        case "copper": return copper
        case "plastic": return plastic
        case "pearl": return pearl
        case "obsidian": return obsidian
        default: return nil
        }
    }

    /// The default look: "mercury".
    public static let standard: Hemisphere = mercury

    /// Liquid silver, MercurialText's look: a near-mirror neutral metal (F0 ≈ 0.8) in the
    /// studio, a white key light up-left and tinted glints from three coloured lights.
    static let mercury = Hemisphere(
        lights: [
            HemisphereLight(x: -2, y: 2.5, z: 3, brightness: 1.2),
            HemisphereLight(x: 3, y: -1, z: 2, hue: 210, saturation: 0.5, brightness: 0.6),
            HemisphereLight(x: 2.5, y: 2.5, z: 1, hue: 30, saturation: 0.4, brightness: 0.5),
            HemisphereLight(x: -1, y: -3, z: 1, hue: 280, saturation: 0.4, brightness: 0.4),
        ],
        material: HemisphereMaterial(model: .pbr, baseColor: SIMD3(0.80, 0.81, 0.83),
                                     metalness: 1, roughness: 0.08),
        environment: .studio)

    /// Polished yellow gold (F0 of gold), slightly soft reflections in a warm studio.
    static let gold = Hemisphere(
        lights: [
            HemisphereLight(x: -2, y: 2.5, z: 3, hue: 40, saturation: 0.15, brightness: 1.2),
            HemisphereLight(x: 3, y: -1, z: 2, brightness: 0.5),
        ],
        material: HemisphereMaterial(model: .pbr, baseColor: SIMD3(1.0, 0.766, 0.336),
                                     metalness: 1, roughness: 0.22),
        environment: StudioEnvironment(horizon: SIMD3(1, 0.93, 0.8), cameraShade: 0.35))

    /// Mirror chrome: the sharpest reflections, classic blue sky over a brown floor.
    static let chrome = Hemisphere(
        lights: [
            HemisphereLight(x: -2, y: 2.5, z: 3, brightness: 1.5),
            HemisphereLight(x: 3, y: 1, z: 2, brightness: 0.8),
        ],
        material: HemisphereMaterial(model: .pbr, baseColor: SIMD3(0.55, 0.556, 0.554),
                                     metalness: 1, roughness: 0.04),
        environment: StudioEnvironment(zenith: SIMD3(0.25, 0.45, 0.85), horizon: SIMD3(1, 1, 1),
                                       ground: SIMD3(0.12, 0.07, 0.035)))

    /// Satin copper: warm, orange-pink, blurrier reflections.
    static let copper = Hemisphere(
        lights: [
            HemisphereLight(x: -2, y: 2.5, z: 3, brightness: 1.2),
            HemisphereLight(x: 3, y: -1, z: 2, hue: 20, saturation: 0.3, brightness: 0.6),
        ],
        material: HemisphereMaterial(model: .pbr, baseColor: SIMD3(0.955, 0.60, 0.42),
                                     metalness: 1, roughness: 0.32),
        environment: StudioEnvironment(horizon: SIMD3(1, 0.9, 0.8), cameraShade: 0.4))

    /// Glossy red plastic: Blinn–Phong, white highlights, a faint Fresnel sheen.
    static let plastic = Hemisphere(
        lights: [
            HemisphereLight(x: -2, y: 2.5, z: 3, brightness: 1.0),
            HemisphereLight(x: 3, y: -1, z: 2, brightness: 0.4),
        ],
        material: HemisphereMaterial(model: .shiny, baseColor: SIMD3(0.75, 0.04, 0.03),
                                     shininess: 80, specular: 1, metalness: 0, ambient: 0.05),
        environment: StudioEnvironment(intensity: 0.6))

    /// Pearl: a soft white dielectric with pastel (pink, cyan, gold) lights.
    static let pearl = Hemisphere(
        lights: [
            HemisphereLight(x: -2, y: 2.5, z: 3, hue: 330, saturation: 0.35, brightness: 0.8),
            HemisphereLight(x: 3, y: -1, z: 2, hue: 185, saturation: 0.5, brightness: 0.6),
            HemisphereLight(x: 0, y: -3, z: 1.5, hue: 50, saturation: 0.5, brightness: 0.4),
        ],
        material: HemisphereMaterial(model: .pbr, baseColor: SIMD3(0.72, 0.68, 0.66),
                                     metalness: 0, roughness: 0.25),
        environment: StudioEnvironment(intensity: 0.5))

    /// Black volcanic glass: a glossy black dielectric, the studio only at grazing angles.
    static let obsidian = Hemisphere(
        lights: [
            HemisphereLight(x: -2, y: 2.5, z: 3, brightness: 1.2),
            HemisphereLight(x: 3, y: 0, z: 2, hue: 200, saturation: 0.3, brightness: 0.8),
        ],
        material: HemisphereMaterial(model: .pbr, baseColor: SIMD3(0.015, 0.015, 0.02),
                                     metalness: 0, roughness: 0.06),
        environment: StudioEnvironment(intensity: 1.5, cameraShade: 0.85))
}

private extension String {
    var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return Substring(scalars[first ... last])
    }
}
