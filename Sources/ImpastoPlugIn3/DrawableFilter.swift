import CGIMP3
import GeglKit

/// One GEGL operation over a drawable, the way the GIMP 2.10 plug-in and GIMP's own filters
/// run it: only the selection's bounding box is rendered, into the shadow buffer, which GIMP
/// then merges through the selection mask (so partial selections blend) as one undo step.
struct DrawableFilter {
    var operation: String
    var properties: [(String, GeglValue)]

    func apply(to drawable: UnsafeMutablePointer<GimpDrawable>, progress message: String) throws(ProcedureFailure) {
        guard Gegl.hasOperation(operation) else {
            throw .execution("GEGL has no operation \(operation): the Impasto GEGL module is not installed "
                             + "where GEGL looks (run plugin-install.sh again)")
        }
        var x: gint = 0, y: gint = 0, width: gint = 0, height: gint = 0
        guard gimp_drawable_mask_intersect(drawable, &x, &y, &width, &height) != 0, width > 0, height > 0 else {
            return  // the selection does not touch this drawable: nothing to change
        }
        gimp_progress_init(message)
        do {
            let graph = GeglGraph()
            let source = GeglBufferRef(owning: gimp_drawable_get_buffer(drawable))
            let shadow = GeglBufferRef(owning: gimp_drawable_get_shadow_buffer(drawable))
            let input = graph.node("gegl:buffer-source", [("buffer", .buffer(source))])
            let op = graph.node(operation, properties)
            let output = graph.node("gegl:write-buffer", [("buffer", .buffer(shadow))])
            graph.chain([input, op, output])
            graph.process(output, rect: GeglRectangle(x: x, y: y, width: width, height: height)) { done in
                gimp_progress_update(done)
                return true
            }
            shadow.flush()
        }
        gimp_progress_update(1)
        guard gimp_drawable_merge_shadow(drawable, 1) != 0 else {
            throw .execution("GIMP did not accept the result (is the layer or a group it is in locked?)")
        }
        gimp_drawable_update(drawable, x, y, width, height)
    }
}

/// A procedure that is one GEGL op over its drawable, given the op's declared properties.
protocol FilterProcedure: ImageProcedure {
    static var operation: String { get }
    static var progressMessage: String { get }
}

extension FilterProcedure {
    static func apply(to drawable: UnsafeMutablePointer<GimpDrawable>, values: [String: ArgumentValue]) throws(ProcedureFailure) {
        // In the arguments' order, as the op declares them (same names).
        let properties = arguments.compactMap { argument in values[argument.name].map { (argument.name, $0.gegl) } }
        try DrawableFilter(operation: operation, properties: properties).apply(to: drawable, progress: progressMessage)
    }
}
