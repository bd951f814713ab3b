// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoFrontEnd
import ImpastoKernels

/// What `impasto-generate` writes from the one declaration of each op and parameter
/// (`operations`, `EffectParameter`), so that no C file or script spells them out again:
/// - `Sources/ImpastoGEGL/generated/<op>-properties.h`, each op's GEGL properties (the chant
///   file includes it in its GEGL_PROPERTIES part);
/// - `Sources/ImpastoGEGL/generated/impasto-ops.h`, the ops module.c registers;
/// - `Sources/CImpastoABI/include/impasto-abi-settings.h`, each op's settings as the ABI
///   passes them to the Swift kernels (`ParameterValues` reads them by the same declarations),
///   and `Sources/ImpastoGEGL/generated/impasto-settings.h`, which fills them from an op's
///   properties;
/// - the `ops=` line of `bundle/install.sh`, the ops an install checks GEGL sees.
/// OpPropertiesTests runs `impasto-generate --check`, which fails when what is checked in is not
/// what this writes.
public enum GeneratedSources {
    public struct File: Equatable {
        /// Relative to the package's folder.
        public let path: String
        public let text: String
    }

    static let header = "/* SPDX-License-Identifier: GPL-3.0-or-later */\n"
    static let notice = """
         * Written by impasto-generate from the Swift declarations: do not edit
         * (docs/architecture.md, "Add a parameter", "Add an op"). */
        """

    /// Every generated file, as it should read, for the package at `package` (install.sh's
    /// other lines are read from there).
    public static func files(package: String) throws -> [File] {
        let installer = "bundle/install.sh"
        let script = try String(contentsOfFile: package + "/" + installer, encoding: .utf8)
        return operations.map { File(path: propertiesPath($0), text: properties($0)) }
            + [File(path: "Sources/ImpastoGEGL/generated/impasto-ops.h", text: opList()),
               File(path: "Sources/CImpastoABI/include/impasto-abi-settings.h", text: abiSettings()),
               File(path: "Sources/ImpastoGEGL/generated/impasto-settings.h", text: settingsFromProperties()),
               File(path: installer, text: installScript(script))]
    }

    /// Where op's generated properties go.
    public static func propertiesPath(_ op: ImpastoOp) -> String {
        "Sources/ImpastoGEGL/generated/\(op.fileStem)-properties.h"
    }

    // MARK: - The chant

    /// op's properties in GEGL's chant, enums first. Titles and descriptions go through _() and the enum
    /// values' names through the enum chant, in the domain "impasto" (po/make-pot finds them).
    static func properties(_ op: ImpastoOp) -> String {
        var text = header + """
            /* \(op.fileStem)-properties.h — \(op.name)'s properties, included inside the
             * GEGL_PROPERTIES part of \(op.fileStem).c (no include guard: GEGL reads that part
             * several times).
            \(notice)

            """
        for p in op.parameters {
            guard case .choice(let choices, _) = p.kind else { continue }
            text += "\nenum_start (\(enumFunction(op, p)))\n"
            let names = choices.map { enumValue(op, p, $0.nick) }
            let width = names.map(\.count).max() ?? 0
            for (choice, name) in zip(choices, names) {
                let padded = (name + ",").padding(toLength: width + 1, withPad: " ", startingAt: 0)
                text += "  enum_value (\(padded) \(quoted(choice.nick)), \(quoted(choice.label)))\n"
            }
            text += "enum_end (\(enumType(op, p)))\n"
        }
        for p in op.parameters {
            let c = cIdentifier(p.name)
            let label = "_(\(quoted(p.title)))"
            switch p.kind {
            case .number(let range, let slider, let value):
                text += "\nproperty_double (\(c), \(label), \(number(value)))\n"
                text += "    description (_(\(quoted(p.description))))\n"
                text += "    value_range (\(number(range.lowerBound)), \(number(range.upperBound)))\n"
                if slider != range {
                    text += "    ui_range    (\(number(slider.lowerBound)), \(number(slider.upperBound)))\n"
                }
            case .integer(let range, let value):
                text += "\nproperty_int (\(c), \(label), \(value))\n"
                text += "    description (_(\(quoted(p.description))))\n"
                text += "    value_range (\(range.lowerBound), \(range.upperBound))\n"
            case .boolean(let value):
                text += "\nproperty_boolean (\(c), \(label), \(value ? "TRUE" : "FALSE"))\n"
                text += "    description (_(\(quoted(p.description))))\n"
            case .choice(_, let index):
                text += "\nproperty_enum (\(c), \(label), \(enumType(op, p)), \(enumFunction(op, p)),\n"
                text += "               \(enumValue(op, p, p.nick(at: index) ?? p.defaultNick)))\n"
                text += "    description (_(\(quoted(p.description))))\n"
            case .color(let value):
                let rgb = [value.x, value.y, value.z].map(number).joined(separator: ", ")
                text += "\nproperty_color (\(c), \(label), \"rgb(\(rgb))\")\n"
                text += "    description (_(\(quoted(p.description))))\n"
            }
            for pair in p.gegl.meta where pair.count == 2 {
                text += "    ui_meta     (\(quoted(pair[0])), \(quoted(pair[1])))\n"
            }
        }
        return text
    }

    /// The enum's registered type name: the op's prefix and the choice's ("ImpastoEmbossProfile").
    static func enumType(_ op: ImpastoOp, _ p: EffectParameter) -> String {
        op.typePrefix + (p.gegl.enumType ?? ImpastoOp.camelCase(p.name))
    }

    /// The enum chant's name, whose `_get_type ()` the property calls ("impasto_emboss_profile").
    static func enumFunction(_ op: ImpastoOp, _ p: EffectParameter) -> String {
        op.cName + "_" + cIdentifier(p.name)
    }

    /// A choice's C constant ("IMPASTO_EMBOSS_RESULT_HEIGHT"), which the op's C code compares with.
    static func enumValue(_ op: ImpastoOp, _ p: EffectParameter, _ nick: String) -> String {
        (enumFunction(op, p) + "_" + cIdentifier(nick)).uppercased()
    }

    // MARK: - The settings

    /// Each op's settings struct: a double per parameter in declaration order (a boolean 0 or
    /// 1, a choice its index, a colour its linear R, G, B), so that the Swift side reads them
    /// as `ParameterValues` of the same declarations; and its defaults, as an initializer.
    static func abiSettings() -> String {
        var text = header + """
            /* impasto-abi-settings.h — every op's settings as impasto-abi.h passes them: one double
             * per property, in the order the op declares them (a boolean 0 or 1, a choice the index
             * of its value, a colour three: linear R, G, B of the image's space). The Swift side
             * reads them as ParameterValues of the same declarations (ImpastoKernels).
            \(notice)
            #ifndef IMPASTO_ABI_SETTINGS_H
            #define IMPASTO_ABI_SETTINGS_H

            """
        for op in operations {
            let width = op.parameters.map { cIdentifier($0.name).count }.max() ?? 0
            text += "\n/* \(op.name) */\ntypedef struct\n{\n"
            var defaults: [String] = []
            for p in op.parameters {
                let c = cIdentifier(p.name)
                let field = "double " + c + (isColor(p) ? "[3];" : ";")
                let names = p.nicks.isEmpty ? "" : " (" + p.nicks.enumerated().map { "\($0) \($1)" }.joined(separator: ", ") + ")"
                text += "  " + field.padding(toLength: width + 12, withPad: " ", startingAt: 0) + "/* " + p.title + names + " */\n"
                if case .color(let v) = p.kind {
                    defaults.append("{ " + [v.x, v.y, v.z].map(number).joined(separator: ", ") + " }")
                } else {
                    defaults.append(number(p.defaultValue))
                }
            }
            text += "} \(op.typePrefix)Settings;\n\n"
            text += "#define \(op.cName.uppercased())_SETTINGS_DEFAULTS \\\n  { " + defaults.joined(separator: ", ") + " }\n"
        }
        return text + "\n#endif\n"
    }

    /// For each op, IMPASTO_<OP>_SETTINGS (o, space, settings): the settings from its
    /// GeglProperties `o`, colours as linear RGB of the Babl `space` (the input's).
    static func settingsFromProperties() -> String {
        var text = header + """
            /* impasto-settings.h — each op's ImpastoXSettings (impasto-abi-settings.h) from its
             * properties: IMPASTO_<OP>_SETTINGS (o, space, settings), o the op's GeglProperties,
             * colours in linear RGB of the Babl space `space` (impasto_gegl_rgb). A macro fills
             * any struct with the fields it names, so an op whose properties are a part of another
             * op's fills that op's settings too (impasto:emboss-matcap).
            \(notice)

            """
        for op in operations {
            text += "\n#define \(op.cName.uppercased())_SETTINGS(o, space, settings) \\\n  do { \\\n"
            for p in op.parameters {
                let c = cIdentifier(p.name)
                text += isColor(p)
                    ? "    impasto_gegl_rgb ((o)->\(c), (space), (settings).\(c)); \\\n"
                    : "    (settings).\(c) = (double) (o)->\(c); \\\n"
            }
            text += "  } while (0)\n"
        }
        return text
    }

    static func isColor(_ p: EffectParameter) -> Bool {
        if case .color = p.kind { return true }
        return false
    }

    // MARK: - The op list

    static func opList() -> String {
        header + """
            /* impasto-ops.h — every op of the module, IMPASTO_OP (GEGL_OP_NAME) for each, in the
             * order module.c registers them.
            \(notice)

            """ + operations.map { "IMPASTO_OP (\($0.cName))\n" }.joined()
    }

    /// `script` with its `ops=` line listing `operations`.
    static func installScript(_ script: String) -> String {
        let line = "ops=\"" + operations.map(\.name).joined(separator: " ") + "\""
        var lines = script.components(separatedBy: "\n")
        if let i = lines.firstIndex(where: { $0.hasPrefix("ops=") }) { lines[i] = line }
        return lines.joined(separator: "\n")
    }

    // MARK: - Spelling

    /// "mask-source" → "mask_source".
    static func cIdentifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// A C double literal that reads back as `value` (Swift prints the shortest such digits).
    static func number(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// A C string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}
