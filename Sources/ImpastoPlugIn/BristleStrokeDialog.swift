import ImpastoFrontEnd
import ImpastoWidgets

/// The dialog: the path and bump choosers and the stroke settings, previewed on the drawable
/// with the bristles painted over it.
extension BristleStrokeProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        dialog.render = { BristleStrokePreview.render($0) }
    }
}
