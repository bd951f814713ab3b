// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels

/// plug-in-impasto-pencil-hue-saturation: impasto:pencil-hue-saturation on a drawable.
public enum PencilHueSaturationProcedure: FilterProcedure {
    public static let name = "plug-in-impasto-pencil-hue-saturation"
    public static let blurb = localized("Rotate hue and set saturation the way a pen's azimuth and altitude would")
    public static let help = localized("""
        The hue rotates by 180° + azimuth (the way a pen points) and the saturation is \
        max-saturation × (90 − altitude) / 90 (W3C hueRotate, then saturate). The defaults \
        leave the image unchanged. With \
        linear = 1 the matrices act on linear RGB instead of perceptual R'G'B'.
        """)
    public static let menuLabel = localized("Impasto _Pencil Hue/Saturation...")
    public static let menuPath = "<Image>/Colors"
    public static let menuOperation: String? = "impasto:pencil-hue-saturation"
    public static let dialogMenuLabel: String? = localized("Impasto Pencil Hue/Saturation with Pen _Pad...")

    public static let parameters = PencilHueSaturation.parameters.map(ProcedureParameter.init)

    public static let progressMessage = localized("Impasto Pencil Hue/Saturation")

    public static func filter(for arguments: ProcedureArguments, in host: any GimpHost) -> DrawableFilter {
        DrawableFilter(operation: "impasto:pencil-hue-saturation",
                       properties: arguments.geglProperties(PencilHueSaturation.parameters))
    }
}
