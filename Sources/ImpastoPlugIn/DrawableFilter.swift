import CGIMP
import ImpastoGegl

/// Runs one GEGL operation over a drawable the way GIMP's own filters do: only the
/// selection's bounding box is rendered, into the shadow buffer, which GIMP then merges
/// through the selection mask (so partial selections blend) as one undo step. `aux`, a
/// drawable, feeds the op's aux pad; with `alignsAux` it is placed where it lies in the
/// image relative to the drawable (a bump layer under its painting), otherwise it comes as a
/// picture of its own. With `addsAlpha`, a layer without an alpha channel gets one first (in
/// the same undo group), for ops whose output alpha matters.
enum DrawableFilter {
    static func apply(_ operation: String, _ properties: [(String, GeglValue)], aux: Int32? = nil,
                      alignsAux: Bool = false, addsAlpha: Bool = false, to drawable: Int32,
                      progress message: String) throws(ProcedureFailure) {
        guard Gegl.hasOperation(operation) else {
            throw .execution("GEGL has no operation \(operation): the Impasto GEGL module is not installed "
                             + "where GEGL looks (run plugin-install.sh again)")
        }
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        guard gimp_drawable_mask_intersect(drawable, &x, &y, &width, &height) != 0, width > 0, height > 0 else {
            return  // the selection does not touch this drawable: nothing to change
        }
        if addsAlpha, gimp_item_is_layer(drawable) != 0, gimp_drawable_has_alpha(drawable) == 0,
           gimp_layer_add_alpha(drawable) == 0 {
            throw .execution("could not add an alpha channel to the layer")
        }
        let rect = GeglRectangle(x: x, y: y, width: width, height: height)
        gimp_progress_init(message)
        do {
            let source = GeglBufferRef(owning: gimp_drawable_get_buffer(drawable))
            let shadow = GeglBufferRef(owning: gimp_drawable_get_shadow_buffer(drawable))
            let graph = GeglGraph()
            let input = graph.node("gegl:buffer-source", [("buffer", .buffer(source))])
            let op = graph.node(operation, properties)
            let output = graph.node("gegl:write-buffer", [("buffer", .buffer(shadow))])
            graph.chain([input, op, output])
            if let aux {
                let picture = GeglBufferRef(owning: gimp_drawable_get_buffer(aux))
                var auxSource = graph.node("gegl:buffer-source", [("buffer", .buffer(picture))])
                if alignsAux {
                    var (ax, ay, dx, dy): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
                    gimp_drawable_offsets(aux, &ax, &ay)
                    gimp_drawable_offsets(drawable, &dx, &dy)
                    let shift = graph.node("gegl:translate", [("x", .double(Double(ax - dx))),
                                                              ("y", .double(Double(ay - dy)))])
                    graph.chain([auxSource, shift])
                    auxSource = shift
                }
                graph.connect(auxSource, to: op, pad: "aux")
            }
            graph.process(output, rect: rect) { done in
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
