import CGIMP
import ImpastoKernels

/// plug-in-impasto-normal-light (SPEC.md): impasto:normal-light — the drawable (a painting)
/// lit through the normals of a bump drawable, for BristlePaint's glossy impasto look.
enum NormalLightProcedure: FilterProcedure {
    static let name = "plug-in-impasto-normal-light"
    static let blurb = "Light a painting through the normals of a bump layer, for a glossy impasto look"
    static let help = """
        The bump drawable's luminance × alpha is the height (as in \
        plug-in-impasto-bristle-normal-map, with smoothness and contrast); a white light from \
        light-azimuth (degrees counter-clockwise from the right: 135 is the top-left) and \
        light-elevation (degrees above the canvas) lights the drawable through its normals: \
        flat paint keeps its colour, slopes towards the light brighten, slopes away darken \
        down to ambient, and specular with shininess adds the gloss.
        """
    static let menuLabel = "Impasto _Normal Light..."
    static let menuPath = "<Image>/Filters/Light and Shadow"

    static let parameters: [ProcedureParameter] = [
        .drawable("bump-drawable", optional: false, "The bump layer (white strokes at low opacity)"),
        .float("smoothness", Double(NormalMap.smoothnessRange.lowerBound) ... Double(NormalMap.smoothnessRange.upperBound),
               default: Double(NormalMap.bristlePaint.smoothness), "Blur of the bump before the slopes are taken, 0..1"),
        .float("contrast", Double(NormalMap.contrastRange.lowerBound) ... Double(NormalMap.contrastRange.upperBound),
               default: Double(NormalMap.bristlePaint.contrast), "How steep the bump's slopes are, 0..100"),
        .float("light-azimuth", range(NormalLighting.azimuthRange), default: Double(NormalLighting().azimuth),
               "Light direction in degrees counter-clockwise from the right (135: top-left)"),
        .float("light-elevation", range(NormalLighting.elevationRange), default: Double(NormalLighting().elevation),
               "Light height in degrees above the canvas (90: straight above)"),
        .float("ambient", range(NormalLighting.ambientRange), default: Double(NormalLighting().ambient),
               "Light every slope gets whatever its direction, 0..1"),
        .float("specular", range(NormalLighting.specularRange), default: Double(NormalLighting().specular),
               "Strength of the gloss, 0..4"),
        .float("shininess", range(NormalLighting.shininessRange), default: Double(NormalLighting().shininess),
               "Size of the gloss: higher is smaller and sharper, 1..1000"),
    ]

    static func range(_ r: ClosedRange<Float>) -> ClosedRange<Double> { Double(r.lowerBound) ... Double(r.upperBound) }

    static let progressMessage = "Impasto Normal Light"

    static func filter(for arguments: ProcedureArguments) throws(ProcedureFailure) -> DrawableFilter {
        let bump = arguments.drawable("bump-drawable")
        if let bump, gimp_drawable_is_indexed(bump) != 0 {
            throw .execution("\(name): the bump drawable is indexed; convert its image to RGB or grayscale first.")
        }
        return DrawableFilter(
            operation: "impasto:normal-light",
            properties: [("smoothness", .double(arguments.double("smoothness"))),
             ("contrast", .double(arguments.double("contrast"))),
             ("light-azimuth", .double(arguments.double("light-azimuth"))),
             ("light-elevation", .double(arguments.double("light-elevation"))),
             ("ambient", .double(arguments.double("ambient"))),
             ("specular", .double(arguments.double("specular"))),
             ("shininess", .double(arguments.double("shininess")))],
            aux: bump, alignsAux: true)
    }
}
