// SPDX-License-Identifier: GPL-3.0-or-later
import CGIMP
import CImpastoUI
import ImpastoFrontEnd
import ImpastoWidgets

/// GIMP 2.10's glue for Impasto's own widgets (ImpastoWidgets draws and maps them): the
/// dialog as `WidgetDialog`, its toolkit calls going to the C kit over GTK 2 (CImpastoUI).
extension ProcedureDialog: WidgetDialog {
    var host: any GimpHost { ProcedureRunner.host }

    func canvas(width: Int, height: Int, draw: @escaping (OpaquePointer, Double, Double) -> Void,
                pointer: ((CanvasPointer) -> Void)?) -> Widget? {
        let handler = CanvasHandler(draw: draw, pointer: pointer)
        retained.append(handler)
        return impasto_ui_canvas(Int32(width), Int32(height), CanvasHandler.drawCallback, handler.pointerCallback, handler.data)
    }

    func box(vertical: Bool, spacing: Int) -> Widget? { impasto_ui_box(vertical ? 1 : 0, Int32(spacing)) }
    func pack(_ child: Widget?, into box: Widget?) {
        guard let child, let box else { return }
        impasto_ui_pack(box, child, 0)
    }
    func frame(_ title: String, around child: Widget?) -> Widget? { child.flatMap { impasto_ui_frame(title, $0) } }
    func label(_ text: String) -> Widget? { impasto_ui_label(text) }
    func setText(_ text: String, of label: Widget) { impasto_ui_label_set(label, text) }
    func setSensitive(_ widget: Widget, _ sensitive: Bool) { impasto_ui_set_sensitive(widget, sensitive ? 1 : 0) }
    func queueDraw(_ widget: Widget) { impasto_ui_queue_draw(widget) }
    func table(rows: Int) -> Widget? { impasto_ui_table(Int32(rows)) }

    /// A slider's handle is its GtkAdjustment (gimp_scale_entry_new's).
    func slider(in table: Widget, row: Int, title: String, value: Double, slider: ClosedRange<Double>,
                range: ClosedRange<Double>, tooltip: String, changed: @escaping () -> Void) -> Widget? {
        let (step, digits) = ProcedureParameter.steps(for: range.upperBound - range.lowerBound)
        return impasto_ui_scale(table, Int32(row), title, value, slider.lowerBound, slider.upperBound, range.lowerBound,
                                range.upperBound, step, digits, tooltip, ActionHandler.fire, callback(changed))
    }
    func value(ofSlider slider: Widget) -> Double { impasto_ui_adjustment_get(slider) }
    func setValue(_ value: Double, ofSlider slider: Widget) { impasto_ui_adjustment_set(slider, value) }
    func setSliderSensitive(_ slider: Widget, _ sensitive: Bool) { impasto_ui_scale_set_sensitive(slider, sensitive ? 1 : 0) }
    func spinButton(ofSlider slider: Widget) -> Widget? { impasto_ui_scale_spin(slider) }

    func toggle(in table: Widget, row: Int, title: String, active: Bool, tooltip: String,
                changed: @escaping () -> Void) -> Widget? {
        impasto_ui_toggle(table, Int32(row), title, active ? 1 : 0, tooltip, ActionHandler.fire, callback(changed))
    }
    func isActive(_ toggle: Widget) -> Bool { impasto_ui_toggle_get(toggle) != 0 }
    func setActive(_ active: Bool, _ toggle: Widget) { impasto_ui_toggle_set(toggle, active ? 1 : 0) }

    func combo(in table: Widget, row: Int, title: String, labels: [String], active: Int,
               changed: @escaping () -> Void) -> Widget? {
        combo(table, row: Int32(row), title: title, labels: labels, active: Int32(active), changed: callback(changed))
    }
    func index(ofCombo combo: Widget) -> Int { Int(impasto_ui_combo_get(combo)) }
    func setIndex(_ index: Int, ofCombo combo: Widget) { impasto_ui_combo_set(combo, Int32(index)) }

    /// A combo of `labels` (values 0 …) in row `row` of `table`; `changed` is a `callback`.
    func combo(_ table: UnsafeMutableRawPointer, row: Int32, title: String, labels: [String], active: Int32,
               changed: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        let strings: [UnsafeMutablePointer<CChar>?] = labels.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = strings.map { $0.map { UnsafePointer($0) } }
        return pointers.withUnsafeMutableBufferPointer {
            impasto_ui_combo(table, row, title, $0.baseAddress, Int32(labels.count), active, ActionHandler.fire, changed)
        }
    }
}
