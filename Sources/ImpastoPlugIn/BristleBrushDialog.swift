import CGIMP
import CImpastoUI
import ImpastoBrushFiles
import ImpastoFrontEnd
import ImpastoKernels

extension BristleBrushProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        BrushStrokePreview(dialog: dialog, side: side)
    }
}

/// The brush dialog's preview: a stroke painted as GIMP's paintbrush would with the brush
/// these values make — a wave drawn left to right, pressing harder as it goes, each dab the
/// cell GIMP picks for its pressure and direction, the dabs combined by maximum as in a
/// non-incremental paint stroke.
final class BrushStrokePreview {
    static let (width, height) = (360, 140)
    unowned let dialog: ProcedureDialog
    private var canvas: UnsafeMutableRawPointer?
    private var surface: OpaquePointer?
    private var stale = true

    @discardableResult
    init(dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        self.dialog = dialog
        canvas = dialog.canvas(width: Self.width, height: Self.height) { [unowned self] cairo, _, _ in draw(cairo) }
        impasto_ui_pack(side, impasto_ui_frame("A stroke with this brush (light to full pressure)", canvas), 0)
        dialog.onChange.append { [unowned self] in
            stale = true
            if let canvas { impasto_ui_queue_draw(canvas) }
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
        surface = cairoPicture(width: width, height: height) { x, y in
            let shade = UInt8(245 - Int(coverage[y * width + x]) * 215 / 255)
            return SIMD4(shade, shade, shade, 255)
        }
    }
}
