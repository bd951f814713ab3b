import ImpastoKernels

/// plug-in-impasto-pencil-hue-saturation (SPEC.md, GIMP 3.x): impasto:pencil-hue-saturation on
/// the selected drawable, `(run-mode, image, drawables, azimuth, altitude, max-saturation, linear)`.
/// (Its words are the GIMP 2.10 procedure's, until both front-ends read one procedure table.)
enum PencilHueSaturationProcedure: FilterProcedure {
    static let name = "plug-in-impasto-pencil-hue-saturation"
    static let blurb = "Rotate hue and set saturation the way a pen's azimuth and altitude would"
    static let help = """
        PencilController's effect: the hue rotates by 180° + azimuth and the saturation is \
        max-saturation × (90 − altitude) / 90 (W3C hueRotate, then saturate). The defaults \
        leave the image unchanged. With linear = TRUE the matrices act on linear RGB instead \
        of perceptual R'G'B'.
        """
    static let menuLabel = "_Pencil Hue/Saturation..."
    static let menuPath = "<Image>/Colors"
    static let arguments = [ProcedureArgument](declared: PencilHueSaturation.parameters)
    static let operation = "impasto:pencil-hue-saturation"
    static let progressMessage = "Pencil Hue/Saturation"
}
