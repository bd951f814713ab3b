import ImpastoFrontEnd
import ImpastoWidgets

// The procedures' own widgets in their GIMP 3 dialogs (ImpastoWidgets, the same as in GIMP
// 2.10's; WidgetGlue3.swift is their toolkit).

/// The pencil pad above the parameters.
extension PencilHueSaturationProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        PencilPadView(dialog: dialog, side: side)
    }
}

/// The parameters and, in a column of its own, the hemisphere editor (it writes the custom
/// look's aux arguments, so GIMP 3's presets and last values carry it).
extension EmbossProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        HemisphereEditor(dialog: dialog, side: dialog.addColumn() ?? side)
    }
}

/// The path and bump choosers and the stroke settings, previewed on the drawable with the
/// bristles painted over it.
extension BristleStrokeProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        dialog.render = { BristleStrokePreview.render($0) }
    }
}

/// The brush's settings and a stroke painted with the brush they make.
extension BristleBrushProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        BrushStrokePreview(dialog: dialog, side: side)
    }
}
