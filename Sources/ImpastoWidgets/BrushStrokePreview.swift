// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import ImpastoBrushFiles
import ImpastoFrontEnd
import ImpastoKernels

/// The brush dialog's preview, in GIMP 2.10 and 3 alike: a stroke painted as GIMP's
/// paintbrush would with the brush these values make — a wave drawn left to right, pressing
/// harder as it goes, each dab the cell GIMP picks for its pressure and direction, the dabs
/// combined by maximum as in a non-incremental paint stroke.
public final class BrushStrokePreview {
    static let (width, height) = (360, 140)
    unowned let dialog: any WidgetDialog
    private var canvas: Widget?
    private var surface: OpaquePointer?
    private var stale = true

    @discardableResult
    public init(dialog: any WidgetDialog, side: Widget) {
        self.dialog = dialog
        canvas = dialog.canvas(width: Self.width, height: Self.height, draw: { [unowned self] cairo, _, _ in draw(cairo) },
                               pointer: nil)
        dialog.pack(dialog.frame(localized("A stroke with this brush (light to full pressure)"), around: canvas), into: side)
        if let canvas { dialog.landmarks.append(("brush-stroke", canvas)) }
        dialog.onChange.append { [unowned self] in
            stale = true
            if let canvas { dialog.queueDraw(canvas) }
        }
        dialog.retained.append(self)
    }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    private func draw(_ cr: OpaquePointer) {
        if stale || surface == nil { render() }
        cairo_set_source_rgb(cr, 0.96, 0.96, 0.96)
        cairo_paint(cr)
        if let surface {
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_paint(cr)
        }
    }

    /// The stroke's coverage as a grey picture (dark paint on light).
    private func render() {
        stale = false
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        let (width, height) = (Self.width, Self.height)
        let brush = BristleBrushProcedure.brush(dialog.arguments)
        guard brush.problem == nil else { return }
        let coverage = brush.previewStroke(width: width, height: height)
        guard coverage.count >= width * height else { return }
        surface = cairoPicture(width: width, height: height) { x, y in
            let shade = UInt8(245 - Int(coverage[y * width + x]) * 215 / 255)
            return SIMD4(shade, shade, shade, 255)
        }
    }
}
