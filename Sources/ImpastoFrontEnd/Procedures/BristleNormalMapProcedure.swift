// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels

/// plug-in-impasto-bristle-normal-map: impasto:bristle-normal-map on a drawable —
/// a bump layer painted white at low opacity becomes a normal map.
public enum BristleNormalMapProcedure: FilterProcedure {
    public static let name = "plug-in-impasto-bristle-normal-map"
    public static let blurb = localized("Turn a bump layer into a normal map for lighting")
    public static let help = localized("""
        The height is luminance × alpha of the drawable (a bump layer painted white at low \
        opacity). smoothness blurs it first (σ = smoothness / (4 (1 − smoothness)) px); contrast scales the \
        slopes. The result is an opaque normal map in the OpenGL convention (green up); \
        flip-y = 1 gives the DirectX convention. tileable = 1 wraps around the borders, for \
        seamless textures.
        """)
    public static let menuLabel = localized("Impasto _Bristle Normal Map...")
    public static let menuPath = "<Image>/Filters/Map"
    public static let menuOperation: String? = "impasto:bristle-normal-map"

    public static let parameters = NormalMap.parameters.map(ProcedureParameter.init)

    public static let progressMessage = localized("Impasto Bristle Normal Map")

    public static func filter(for arguments: ProcedureArguments, in host: any GimpHost) -> DrawableFilter {
        DrawableFilter(operation: "impasto:bristle-normal-map", properties: arguments.geglProperties(NormalMap.parameters))
    }
}
