// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoFrontEnd

/// Which of its own widgets each procedure's dialog has, the same in GIMP 2.10 and GIMP 3
/// (the toolkit glue is each plug-in's; this list is not): the pencil pad above the pencil's
/// parameters, the hemisphere editor in a column of its own beside emboss's and the whole
/// layer above them (the Light Editor: a look is judged on the whole word), the brush's
/// stroke preview, and for the bristle stroke a preview that paints the bristles over the
/// drawable instead of a filter's.
public enum ProcedureWidgets {
    /// Adds `procedure`'s widgets to `dialog` (`side`: the box above its parameters) and
    /// returns how its preview is rendered: the bristles painted over the drawable for the
    /// stroke, the procedure's own filter for a filter (what OK applies), nothing otherwise.
    public static func attach(_ procedure: ImpastoProcedure.Type, to dialog: any WidgetDialog,
                              side: Widget) -> ((any WidgetDialog) -> Void)? {
        switch procedure {
        case is PencilHueSaturationProcedure.Type: _ = PencilPadView(dialog: dialog, side: side)
        case is EmbossProcedure.Type:
            _ = HemisphereEditor(dialog: dialog, side: dialog.addColumn() ?? side)
            WholeLayerView(dialog: dialog, filter: EmbossProcedure.self, side: side)
        case is BristleBrushProcedure.Type: _ = BrushStrokePreview(dialog: dialog, side: side)
        case is BristleStrokeProcedure.Type: return BristleStrokePreview.render
        default: break
        }
        guard let filter = procedure as? FilterProcedure.Type else { return nil }
        return { dialog in
            guard let area = dialog.previewArea,
                  let result = filter.preview(of: dialog.drawable, in: dialog.host, arguments: dialog.arguments, rect: area)
            else { return }
            dialog.drawPreview(result.pixels, rowstride: result.rowstride)
        }
    }
}
