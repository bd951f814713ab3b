import ImpastoFrontEnd

/// The dialog: the pencil pad above the parameters.
extension PencilHueSaturationProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        _ = PencilPadView(dialog: dialog, side: side)
    }
}
