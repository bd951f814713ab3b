// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels

/// One GEGL op of Impasto's module: its name and its properties, in the order GEGL lists them.
/// Its chant file is `Sources/ImpastoGEGL/<name without "impasto:">.c` with GEGL_OP_NAME
/// `cName`; the properties' chant is generated from `parameters` (impasto-generate).
public struct ImpastoOp: Sendable {
    public let name: String
    public let parameters: [EffectParameter]

    public init(_ name: String, _ parameters: [EffectParameter]) {
        self.name = name
        self.parameters = parameters
    }

    /// GEGL_OP_NAME: "impasto:emboss-matcap" → "impasto_emboss_matcap".
    public var cName: String { String(name.map { $0 == ":" || $0 == "-" ? "_" : $0 }) }

    /// The file stem of its chant file and generated header: "impasto-emboss-matcap".
    public var fileStem: String { String(name.map { $0 == ":" ? "-" : $0 }) }

    /// The prefix of its C type names (its enums'): "ImpastoEmbossMatcap".
    public var typePrefix: String { Self.camelCase(fileStem) }

    /// "impasto-emboss-matcap" → "ImpastoEmbossMatcap".
    public static func camelCase(_ name: String) -> String {
        name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

/// Every op the module registers, once: module.c registers these (the generated
/// impasto-ops.h), the installer checks GEGL sees them, the tests go through them, and each
/// op's properties are generated from its parameters (docs/architecture.md, "Add an op").
public let operations: [ImpastoOp] = [
    ImpastoOp("impasto:pencil-hue-saturation", PencilHueSaturation.parameters),
    ImpastoOp("impasto:emboss", EmbossSettings.operationParameters),
    ImpastoOp("impasto:emboss-matcap", EmbossSettings.reliefParameters),
    ImpastoOp("impasto:bristle-normal-map", NormalMap.parameters),
    ImpastoOp("impasto:normal-light", NormalLight.parameters),
    ImpastoOp("impasto:paint-relief", PaintRelief.operationParameters),
]

/// Each op's properties by its name: what a script passes to `gimp-drawable-append-new-filter`,
/// what the help pages list for a live filter.
public let operationParameters: [String: [EffectParameter]] =
    Dictionary(uniqueKeysWithValues: operations.map { ($0.name, $0.parameters) })
