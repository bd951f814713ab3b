import CGIMP
import ImpastoKernels

/// plug-in-impasto-emboss (SPEC.md): impasto:emboss on a drawable — text, a logo or any
/// shape becomes a shaded relief.
enum EmbossProcedure: FilterProcedure {
    static let name = "plug-in-impasto-emboss"
    static let blurb = "Emboss the layer's shape into a rounded relief lit like polished metal"
    static let help = """
        MercurialText's effect (CIHeightFieldFromMask + CIShadedMaterial): the layer's alpha \
        (or luminance × alpha) becomes a height field that rises over radius pixels from the \
        edge with the chosen profile; its normals, scaled by scale, look up the colour in a \
        picture of a lit hemisphere: shading-drawable (any picture of a lit sphere), or with \
        -1 a procedural one in the look named by preset ("" = mercury). liquify > 0 first \
        blurs the mask by that many pixels and thresholds it, so nearby shapes flow together. \
        The result keeps the shape's antialiased coverage as alpha.
        """
    static let menuLabel = "Impasto _Emboss..."
    static let menuPath = "<Image>/Filters/Light and Shadow"

    static let parameters: [ProcedureParameter] = [
        .float("radius", Double(EmbossSettings.radiusRange.lowerBound) ... Double(EmbossSettings.radiusRange.upperBound),
               default: 10, "Height-field radius in pixels: how far in from the edge the relief rises (0..1000)"),
        .float("scale", Double(EmbossSettings.scaleRange.lowerBound) ... Double(EmbossSettings.scaleRange.upperBound),
               default: 10, "Depth: how steep the relief looks to the lighting (0..1000)"),
        .choice("profile", ["round", "linear", "smooth"], "Edge profile"),
        .float("liquify", Double(EmbossSettings.liquifyRange.lowerBound) ... Double(EmbossSettings.liquifyRange.upperBound),
               default: 0, "Metaball blur in pixels before thresholding at 50% (0: off)"),
        .choice("mask-source", ["alpha", "luminance"], "What is embossed: alpha, or luminance x alpha"),
        .drawable("shading-drawable", optional: true,
                  "A picture of a lit sphere to shade from, or -1 for the procedural hemisphere").fromAnyImageInDialog(),
        .name("preset", Hemisphere.presetNames, "The procedural hemisphere's look (used when shading-drawable is -1)"),
    ] + HemisphereEditor.parameters

    static let progressMessage = "Impasto Emboss"

    static func filter(for arguments: ProcedureArguments) throws(ProcedureFailure) -> DrawableFilter {
        let shading = arguments.drawable("shading-drawable")
        if let shading, gimp_drawable_is_indexed(shading) != 0 {
            throw .execution("\(name): the shading drawable is indexed; convert its image to RGB first.")
        }
        return DrawableFilter(
            operation: "impasto:emboss",
            properties: HemisphereEditor.look(arguments) + [("radius", .double(arguments.double("radius"))),
             ("scale", .double(arguments.double("scale"))),
             ("profile", .int(Int(arguments.int("profile")))),
             ("liquify", .double(arguments.double("liquify"))),
             ("mask-source", .int(Int(arguments.int("mask-source")))),
            ],
            // The relief's coverage becomes the layer's alpha: a layer needs an alpha channel for it.
            aux: shading, addsAlpha: true)
    }
}
