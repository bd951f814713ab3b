// SPDX-License-Identifier: GPL-3.0-or-later
import CImpastoWidgets3
import ImpastoFrontEnd
import ImpastoWidgets

/// GIMP 3's glue for Impasto's own widgets (ImpastoWidgets draws and maps them, as in GIMP
/// 2.10): the dialog as `WidgetDialog`, its toolkit calls going to the C kit over GTK 3
/// (CImpastoWidgets3).
extension ProcedureDialog: WidgetDialog {
    var host: any GimpHost { ProcedureRunner.host }

    func canvas(width: Int, height: Int, draw: @escaping (OpaquePointer, Double, Double) -> Void,
                pointer: ((CanvasPointer) -> Void)?) -> Widget? {
        let handler = CanvasHandler(draw: draw, pointer: pointer)
        retained.append(handler)
        return impasto_widgets3_canvas(Int32(width), Int32(height), CanvasHandler.drawCallback, handler.pointerCallback, handler.data)
    }

    func box(vertical: Bool, spacing: Int) -> Widget? { impasto_widgets3_box(vertical ? 1 : 0, Int32(spacing)) }
    func pack(_ child: Widget?, into box: Widget?) {
        guard let child, let box else { return }
        impasto_widgets3_pack(box, child)
    }
    func frame(_ title: String, around child: Widget?) -> Widget? { child.flatMap { impasto_widgets3_frame(title, $0) } }
    func label(_ text: String) -> Widget? { impasto_widgets3_label(text) }
    func setText(_ text: String, of label: Widget) { impasto_widgets3_label_set(label, text) }
    func setSensitive(_ widget: Widget, _ sensitive: Bool) { impasto_widgets3_set_sensitive(widget, sensitive ? 1 : 0) }
    func queueDraw(_ widget: Widget) { impasto_widgets3_queue_draw(widget) }
    /// GIMP 3's scale entries lay out their own label: the table is a column, `rows` a hint only.
    func table(rows: Int) -> Widget? { impasto_widgets3_table() }

    /// A slider's handle is its GimpScaleEntry.
    func slider(in table: Widget, row: Int, title: String, value: Double, slider: ClosedRange<Double>,
                range: ClosedRange<Double>, tooltip: String, changed: @escaping () -> Void) -> Widget? {
        let (step, digits) = ProcedureParameter.steps(for: range.upperBound - range.lowerBound)
        return impasto_widgets3_scale(table, title, value, slider.lowerBound, slider.upperBound, range.lowerBound,
                                      range.upperBound, step, digits, tooltip, ActionHandler.fire, callback(changed))
    }
    func value(ofSlider slider: Widget) -> Double { impasto_widgets3_scale_get(slider) }
    func setValue(_ value: Double, ofSlider slider: Widget) { impasto_widgets3_scale_set(slider, value) }
    func setSliderSensitive(_ slider: Widget, _ sensitive: Bool) { impasto_widgets3_set_sensitive(slider, sensitive ? 1 : 0) }
    func spinButton(ofSlider slider: Widget) -> Widget? { impasto_widgets3_scale_spin(slider) }

    func toggle(in table: Widget, row: Int, title: String, active: Bool, tooltip: String,
                changed: @escaping () -> Void) -> Widget? {
        impasto_widgets3_toggle(table, title, active ? 1 : 0, tooltip, ActionHandler.fire, callback(changed))
    }
    func isActive(_ toggle: Widget) -> Bool { impasto_widgets3_toggle_get(toggle) != 0 }
    func setActive(_ active: Bool, _ toggle: Widget) { impasto_widgets3_toggle_set(toggle, active ? 1 : 0) }

    func combo(in table: Widget, row: Int, title: String, labels: [String], active: Int,
               changed: @escaping () -> Void) -> Widget? {
        let data = callback(changed)
        return labels.withCStrings {
            impasto_widgets3_combo(table, title, $0, Int32(labels.count), Int32(active), ActionHandler.fire, data)
        }
    }
    func index(ofCombo combo: Widget) -> Int { Int(impasto_widgets3_combo_get(combo)) }
    func setIndex(_ index: Int, ofCombo combo: Widget) { impasto_widgets3_combo_set(combo, Int32(index)) }
}
