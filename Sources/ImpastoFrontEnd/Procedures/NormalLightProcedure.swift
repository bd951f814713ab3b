// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels

/// plug-in-impasto-normal-light: impasto:normal-light — the drawable (a painting)
/// lit through the normals of a bump drawable, for BristlePaint's glossy impasto look.
public enum NormalLightProcedure: FilterProcedure {
    public static let name = "plug-in-impasto-normal-light"
    public static let blurb = localized("Light a painting through the normals of a bump layer, for a glossy impasto look")
    public static let help = localized("""
        The bump drawable's luminance × alpha is the height (as in \
        plug-in-impasto-bristle-normal-map, with smoothness and contrast); a white light from \
        light-azimuth (degrees counter-clockwise from the right: 135 is the top-left) and \
        light-elevation (degrees above the canvas) lights the drawable through its normals: \
        flat paint keeps its colour, slopes towards the light brighten, slopes away darken \
        down to ambient, and specular with shininess adds the gloss.
        """)
    public static let menuLabel = localized("Impasto _Normal Light...")
    public static let menuPath = "<Image>/Filters/Light and Shadow"

    /// The fixed signature (docs/contract.md): the bump drawable, then the bump's smoothness
    /// and contrast and the light (the op's tileable and light colour keep their defaults).
    public static let parameters: [ProcedureParameter] = [
        .drawable("bump-drawable", optional: false, localized("The bump layer (white strokes at low opacity)")),
        ProcedureParameter(NormalMap.Parameters.smoothness),
        ProcedureParameter(NormalMap.Parameters.contrast),
        ProcedureParameter(NormalLighting.Parameters.azimuth),
        ProcedureParameter(NormalLighting.Parameters.elevation),
        ProcedureParameter(NormalLighting.Parameters.ambient),
        ProcedureParameter(NormalLighting.Parameters.specular),
        ProcedureParameter(NormalLighting.Parameters.shininess),
    ]

    public static let progressMessage = localized("Impasto Normal Light")

    public static func filter(for arguments: ProcedureArguments, in host: any GimpHost) throws(ProcedureFailure) -> DrawableFilter {
        let bump = arguments.drawable("bump-drawable")
        if let bump, host.isIndexed(bump) {
            throw .execution(localized("%s: the bump drawable is indexed; convert its image to RGB or grayscale first.", name))
        }
        return DrawableFilter(
            operation: "impasto:normal-light",
            properties: arguments.geglProperties(NormalLight.parameters),
            aux: bump, alignsAux: true)
    }
}
