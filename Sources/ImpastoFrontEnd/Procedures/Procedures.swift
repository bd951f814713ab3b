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
