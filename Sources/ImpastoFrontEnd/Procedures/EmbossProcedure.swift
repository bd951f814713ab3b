// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels

/// plug-in-impasto-emboss: impasto:emboss on a drawable — text, a logo or any
/// shape becomes a shaded relief.
public enum EmbossProcedure: FilterProcedure {
    public static let name = "plug-in-impasto-emboss"
    public static let blurb = localized("Emboss the layer's shape into a rounded relief lit like polished metal")
    public static let help = localized("""
        The layer's shape (mask-source 0: its alpha) or its brightness (1: luminance × alpha, \
        the layer keeping its own alpha) becomes a relief that rises over radius pixels from the \
        edge with the chosen profile; its normals, scaled by scale, look up the colour in a \
        picture of a lit hemisphere: shading-drawable (any picture of a lit sphere), or with \
        -1 a procedural one in the look named by preset ("" = mercury). liquify > 0 first \
        blurs the mask by that many pixels and thresholds it, so nearby shapes flow together. \
        With the shape mask the result keeps the shape's antialiased coverage as alpha.
        """)
    public static let menuLabel = localized("Impasto _Emboss...")
    public static let menuPath = "<Image>/Filters/Light and Shadow"
    public static let menuOperation: String? = "impasto:emboss"
    public static let dialogMenuLabel: String? = localized("Impasto Emboss with _Light Editor...")

    public static let parameters: [ProcedureParameter] = [
        ProcedureParameter(EmbossSettings.Parameters.radius),
        ProcedureParameter(EmbossSettings.Parameters.scale),
        ProcedureParameter(EmbossSettings.Parameters.profile),
        ProcedureParameter(EmbossSettings.Parameters.liquify),
        ProcedureParameter(EmbossSettings.Parameters.maskSource),
        .drawable("shading-drawable", optional: true,
                  localized("A picture of a lit sphere to shade from, or -1 for the procedural hemisphere")).fromAnyImageInDialog(),
        .name(EmbossSettings.Parameters.preset, except: Hemisphere.customLook),
    ] + CustomLook.parameters

    public static let progressMessage = localized("Impasto Emboss")

    public static func filter(for arguments: ProcedureArguments, in host: any GimpHost) throws(ProcedureFailure) -> DrawableFilter {
        let shading = arguments.drawable("shading-drawable")
        if let shading, host.isIndexed(shading) {
            throw .execution(localized("%s: the shading drawable is indexed; convert its image to RGB first.", name))
        }
        // The relief's coverage becomes the layer's alpha: a layer needs an alpha channel for it.
        let relief = arguments.geglProperties(EmbossSettings.reliefParameters)
        // Radius, depth (per-pixel slopes) and liquify are lengths in the layer's pixels.
        let lengths = [EmbossSettings.Parameters.radius, EmbossSettings.Parameters.scale, EmbossSettings.Parameters.liquify].map(\.name)
        guard let shading else {
            return DrawableFilter(operation: "impasto:emboss", properties: relief + CustomLook.properties(arguments),
                                  addsAlpha: true, lengths: lengths)
        }
        // A picture of a sphere comes on an aux pad: impasto:emboss has none (GIMP 3 keeps it live).
        return DrawableFilter(operation: "impasto:emboss-matcap", properties: relief, aux: shading, addsAlpha: true,
                              lengths: lengths)
    }
}
