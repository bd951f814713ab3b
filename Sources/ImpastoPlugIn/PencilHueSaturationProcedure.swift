import ImpastoKernels

/// plug-in-impasto-pencil-hue-saturation (SPEC.md): impasto:pencil-hue-saturation on a drawable.
enum PencilHueSaturationProcedure: FilterProcedure {
    static let name = "plug-in-impasto-pencil-hue-saturation"
    static let blurb = "Rotate hue and set saturation the way a pen's azimuth and altitude would"
    static let help = """
        PencilController's effect: the hue rotates by 180° + azimuth and the saturation is \
        max-saturation × (90 − altitude) / 90 (W3C hueRotate, then saturate). The defaults \
        (azimuth 180, altitude 78.75, max-saturation 8) leave the image unchanged. With \
        linear = 1 the matrices act on linear RGB instead of perceptual R'G'B'.
        """
    static let menuLabel = "_Pencil Hue/Saturation..."
    static let menuPath = "<Image>/Colors"

    static let parameters: [ProcedureParameter] = [
        .float("azimuth", PencilHueSaturation.azimuthRange, default: PencilHueSaturation.identity.azimuth,
               "Pen azimuth in degrees (-180..180): hue rotation = 180 + azimuth"),
        .float("altitude", PencilHueSaturation.altitudeRange, default: PencilHueSaturation.identity.altitude,
               "Pen altitude in degrees (0..90): saturation = max-saturation * (90 - altitude) / 90"),
        .float("max-saturation", PencilHueSaturation.maxSaturationRange,
               default: PencilHueSaturation.identity.maxSaturation,
               "Saturation when the pen lies flat (0..16)"),
        .boolean("linear", default: false, "Work on linear RGB instead of perceptual R'G'B' (0/1)"),
    ]

    static let progressMessage = "Pencil Hue/Saturation"

    static func filter(for arguments: ProcedureArguments) -> DrawableFilter {
        DrawableFilter(operation: "impasto:pencil-hue-saturation",
                       properties: [("azimuth", .double(arguments.double("azimuth"))),
                                    ("altitude", .double(arguments.double("altitude"))),
                                    ("max-saturation", .double(arguments.double("max-saturation"))),
                                    ("linear", .bool(arguments.bool("linear")))])
    }
}
