import ImpastoKernels

/// plug-in-impasto-pencil-hue-saturation (SPEC.md): impasto:pencil-hue-saturation on a drawable.
enum PencilHueSaturationProcedure: FilterProcedure {
    static let name = "plug-in-impasto-pencil-hue-saturation"
    static let blurb = "Rotate hue and set saturation the way a pen's azimuth and altitude would"
    static let help = """
        PencilController's effect: the hue rotates by 180° + azimuth and the saturation is \
        max-saturation × (90 − altitude) / 90 (W3C hueRotate, then saturate). The defaults \
        leave the image unchanged. With \
        linear = 1 the matrices act on linear RGB instead of perceptual R'G'B'.
        """
    static let menuLabel = "_Pencil Hue/Saturation..."
    static let menuPath = "<Image>/Colors"

    static let parameters = PencilHueSaturation.parameters.map(ProcedureParameter.init)

    static let progressMessage = "Pencil Hue/Saturation"

    static func filter(for arguments: ProcedureArguments) -> DrawableFilter {
        DrawableFilter(operation: "impasto:pencil-hue-saturation",
                       properties: arguments.geglProperties(PencilHueSaturation.parameters))
    }
}

/// The dialog: the pencil pad above the parameters.
extension PencilHueSaturationProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        _ = PencilPadView(dialog: dialog, side: side)
    }
}
