// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels

/// Every procedure Impasto registers, in GIMP 2.10 and in GIMP 3 alike.
public let procedures: [ImpastoProcedure.Type] = [
    PencilHueSaturationProcedure.self,
    EmbossProcedure.self,
    BristleNormalMapProcedure.self,
    NormalLightProcedure.self,
    PaintReliefProcedure.self,
    BristleStrokeProcedure.self,
    BristleBrushProcedure.self,
]

/// Each op's properties, as its chant file declares them (OpPropertiesTests holds every chant
/// file to this): what a script passes to `gimp-drawable-append-new-filter`, what the help
/// pages list for a live filter.
public let operationParameters: [String: [EffectParameter]] = [
    "impasto:pencil-hue-saturation": PencilHueSaturation.parameters,
    "impasto:emboss": EmbossSettings.parameters + Hemisphere.Look.parameters,
    "impasto:emboss-matcap": EmbossSettings.parameters.filter { $0 != EmbossSettings.Parameters.preset },
    "impasto:bristle-normal-map": NormalMap.parameters,
    "impasto:normal-light": NormalLight.parameters,
    "impasto:paint-relief": PaintRelief.operationParameters,
]
