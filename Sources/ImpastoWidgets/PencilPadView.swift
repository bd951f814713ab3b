// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import ImpastoFrontEnd
import ImpastoKernels

/// The pencil pad in the Pencil Hue/Saturation dialog (PencilController's live control), in
/// GIMP 2.10 and 3 alike: a pen on the pad sets azimuth and altitude from its tilt, a mouse
/// from where it is (see `PencilPad`); the pad draws the pencil as seen from above, and the
/// label below reads "Hue: …°  Saturation: …" as the seed's did. The sliders and the preview
/// follow.
public final class PencilPadView {
    static let size = 216
    unowned let dialog: any WidgetDialog
    private var canvas: Widget?
    private var label: Widget?
    /// The pad's size as last drawn (the toolkit may give it more room than asked for).
    private var drawn = (width: Double(size), height: Double(size))

    @discardableResult
    public init(dialog: any WidgetDialog, side: Widget) {
        self.dialog = dialog
        let box = dialog.box(vertical: true, spacing: 6)
        canvas = dialog.canvas(width: Self.size, height: Self.size, draw: { [unowned self] in draw($0, width: $1, height: $2) },
                               pointer: { [unowned self] in pointer($0) })
        label = dialog.label(labelText)
        dialog.pack(canvas, into: box)
        dialog.pack(label, into: box)
        dialog.pack(dialog.frame(localized("Pencil: drag the pen (or the mouse) here"), around: box), into: side)
        if let canvas { dialog.landmarks.append(("pencil-pad", canvas)) }
        dialog.onChange.append { [unowned self] in
            if let label { dialog.setText(labelText, of: label) }
            if let canvas { dialog.queueDraw(canvas) }
        }
        dialog.retained.append(self)
    }

    /// The pen's orientation for a pointer event on a pad of width × height: the path every
    /// event takes, a pen's tilt axes or the mouse's place.
    public static func orientation(_ pointer: CanvasPointer, width: Double, height: Double) -> PenOrientation {
        PencilPadLayout(width: width, height: height).orientation(pointer.reading)
    }

    private var orientation: PenOrientation {
        PenOrientation(azimuth: values.azimuth, altitude: values.altitude)
    }

    private var labelText: String {
        PencilPadLayout.label(values)
    }

    /// The dialog's pencil values.
    private var values: PencilHueSaturation {
        let p = PencilHueSaturation.Parameters.self
        return PencilHueSaturation(azimuth: dialog.arguments.double(p.azimuth.name),
                                   altitude: dialog.arguments.double(p.altitude.name),
                                   maxSaturation: dialog.arguments.double(p.maxSaturation.name))
    }

    private func pointer(_ event: CanvasPointer) {
        let o = Self.orientation(event, width: drawn.width, height: drawn.height)
        dialog.set(PencilHueSaturation.Parameters.azimuth.name, .float(o.azimuth))
        dialog.set(PencilHueSaturation.Parameters.altitude.name, .float(o.altitude))
    }

    /// The pad: a disc whose rim shows the hue each direction gives, circles of equal tilt,
    /// and the pencil from the centre (where the pen stands) to its tip.
    private func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        drawn = (width, height)
        let layout = PencilPadLayout(width: width, height: height)
        let (cx, cy, r) = (layout.centre.x, layout.centre.y, layout.radius)
        cairo_set_source_rgb(cr, 0.16, 0.16, 0.17)
        cairo_paint(cr)
        // The rim: the hue rotation the azimuth in that direction gives (θ = 180° + azimuth),
        // shown on a red swatch, so the pad reads like a colour wheel.
        let steps = 72
        for i in 0 ..< steps {
            let a0 = Double(i) / Double(steps) * 2 * .pi - .pi, a1 = Double(i + 1) / Double(steps) * 2 * .pi - .pi
            let hue = (180 + (a0 + a1) / 2 * 180 / .pi).truncatingRemainder(dividingBy: 360)
            let red: [Float] = [0.85, 0.2, 0.2, 1]
            var colour: [Float] = [0, 0, 0, 0]
            var rotated = PencilHueSaturation.identity
            rotated.azimuth = hue - 180
            rotated.apply(red, &colour, count: 1)
            cairo_set_source_rgb(cr, Double(min(max(colour[0], 0), 1)), Double(min(max(colour[1], 0), 1)),
                                 Double(min(max(colour[2], 0), 1)))
            cairo_new_path(cr)
            cairo_arc(cr, cx, cy, r + 6, a0, a1 + 0.01)
            cairo_arc_negative(cr, cx, cy, r, a1 + 0.01, a0)
            cairo_close_path(cr)
            cairo_fill(cr)
        }
        cairo_set_source_rgb(cr, 0.93, 0.92, 0.9)
        cairo_arc(cr, cx, cy, r, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_set_line_width(cr, 1)
        cairo_set_source_rgb(cr, 0.75, 0.74, 0.72)
        for fraction in [0.25, 0.5, 0.75] {
            cairo_new_path(cr)
            cairo_arc(cr, cx, cy, r * fraction, 0, 2 * .pi)
            cairo_stroke(cr)
        }
        cairo_move_to(cr, cx - r, cy)
        cairo_line_to(cr, cx + r, cy)
        cairo_move_to(cr, cx, cy - r)
        cairo_line_to(cr, cx, cy + r)
        cairo_stroke(cr)
        // The pencil seen from above: the body from where it stands towards where it leans.
        let tip = layout.point(for: orientation)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.25)
        cairo_set_line_width(cr, 12)
        cairo_move_to(cr, cx + 2, cy + 3)
        cairo_line_to(cr, tip.x + 2, tip.y + 3)
        cairo_stroke(cr)
        cairo_set_source_rgb(cr, 0.96, 0.74, 0.16)
        cairo_set_line_width(cr, 10)
        cairo_move_to(cr, cx, cy)
        cairo_line_to(cr, tip.x, tip.y)
        cairo_stroke(cr)
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.22)
        cairo_arc(cr, tip.x, tip.y, 4, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0.55, 0.4, 0.2)
        cairo_arc(cr, cx, cy, 3, 0, 2 * .pi)
        cairo_fill(cr)
    }
}
