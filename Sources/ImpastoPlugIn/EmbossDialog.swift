import ImpastoFrontEnd
import ImpastoWidgets

/// The dialog: the parameters and, in a column of its own, the hemisphere editor.
extension EmbossProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        HemisphereEditor(dialog: dialog, side: dialog.addColumn() ?? side)
    }
}
