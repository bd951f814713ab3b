// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoFrontEnd

/// Which of its own widgets each procedure's dialog has, the same in GIMP 2.10 and GIMP 3
/// (the toolkit glue is each plug-in's; this list is not): the pencil pad above the pencil's
/// parameters, the hemisphere editor in a column of its own beside emboss's, the brush's
/// stroke preview, and for the bristle stroke a preview that paints the bristles over the
/// drawable instead of a filter's.
public enum ProcedureWidgets {
    /// Adds `procedure`'s widgets to `dialog` (`side`: the box above its parameters) and
    /// returns the preview renderer it needs instead of its filter's, if any.
    public static func attach(_ procedure: ImpastoProcedure.Type, to dialog: any WidgetDialog,
                              side: Widget) -> ((any WidgetDialog) -> Void)? {
        switch procedure {
        case is PencilHueSaturationProcedure.Type: _ = PencilPadView(dialog: dialog, side: side)
        case is EmbossProcedure.Type: _ = HemisphereEditor(dialog: dialog, side: dialog.addColumn() ?? side)
        case is BristleBrushProcedure.Type: _ = BrushStrokePreview(dialog: dialog, side: side)
        case is BristleStrokeProcedure.Type: return BristleStrokePreview.render
        default: break
        }
        return nil
    }
}
