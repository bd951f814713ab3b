// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels

/// plug-in-impasto-paint-relief: impasto:paint-relief — a painting lit by its own
/// relief (its alpha the height), for a glossy impasto look without a bump layer.
public enum PaintReliefProcedure: FilterProcedure {
    public static let name = "plug-in-impasto-paint-relief"
    public static let blurb = localized("Light a painting by its own relief, for a glossy impasto look")
    public static let help = localized("""
        The drawable's opacity is the height of its paint: brush strokes on a transparent \
        layer stand out as ridges (smoothness blurs the relief first, contrast makes it \
        steeper). A white light from light-azimuth (degrees counter-clockwise from the right: \
        135 is the top-left) and light-elevation (degrees above the canvas) lights it: flat \
        paint keeps its colour, slopes towards the light brighten, slopes away darken down to \
        ambient, and specular with shininess adds the gloss. Transparent parts stay transparent. \
        In GIMP 3 keep it as a live filter on the layer you paint on.
        """)
    public static let menuLabel = localized("Impasto Paint _Relief...")
    public static let menuPath = "<Image>/Filters/Light and Shadow"
    public static let menuOperation: String? = "impasto:paint-relief"

    /// The fixed signature (docs/contract.md): the relief's smoothness and contrast, then the
    /// light (the op's light colour keeps its default, white).
    public static let parameters = PaintRelief.parameters.filter { $0 != NormalLighting.Parameters.lightColor }
        .map(ProcedureParameter.init)

    public static let progressMessage = localized("Impasto Paint Relief")

    public static func filter(for arguments: ProcedureArguments, in host: any GimpHost) -> DrawableFilter {
        DrawableFilter(operation: "impasto:paint-relief", properties: arguments.geglProperties(PaintRelief.parameters))
    }
}
