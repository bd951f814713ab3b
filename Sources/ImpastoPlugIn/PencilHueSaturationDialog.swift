import ImpastoFrontEnd
import ImpastoWidgets

/// The dialog: the pencil pad above the parameters.
extension PencilHueSaturationProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        PencilPadView(dialog: dialog, side: side)
    }
}
