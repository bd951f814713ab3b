import ImpastoFrontEnd
import ImpastoWidgets

/// The dialog: the brush's settings and a stroke painted with the brush they make.
extension BristleBrushProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        BrushStrokePreview(dialog: dialog, side: side)
    }
}
