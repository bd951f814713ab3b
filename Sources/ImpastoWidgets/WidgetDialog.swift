// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import GeglKit
import ImpastoFrontEnd

/// A widget of the dialog's toolkit (a GtkWidget of GTK 2 or GTK 3), or a handle the toolkit
/// gave for a control (a slider, a toggle, a combo); the widgets only pass it back.
public typealias Widget = UnsafeMutableRawPointer

/// What Impasto's own widgets (the pencil pad, the hemisphere editor, the stroke and brush
/// previews) need of the dialog they sit in and of its toolkit. GIMP 2.10's dialog (GTK 2,
/// CImpastoUI) and GIMP 3's (GTK 3, CImpastoWidgets3) each conform once, in their plug-in;
/// the widgets' drawing and mapping are written once, against this.
public protocol WidgetDialog: AnyObject {
    // The dialog's values.

    /// The procedure's arguments as the dialog holds them now.
    var arguments: ProcedureArguments { get }
    /// Sets a parameter, moving its control to match, and calls `onChange`.
    func set(_ name: String, _ value: ParameterValue)
    /// Called after any value changed (by a control or by `set`).
    var onChange: [() -> Void] { get set }
    /// Called by Reset after the values went back to their defaults (and by Load Saved
    /// Settings), and once when the dialog is complete: a widget built before the dialog's
    /// own controls shows the values and sets their sensitivity there.
    var onReset: [() -> Void] { get set }
    /// Objects that live as long as the dialog (the widgets themselves).
    var retained: [AnyObject] { get set }
    /// Named widgets whose place on screen the GUI tests ask for.
    var landmarks: [(name: String, widget: UnsafeMutableRawPointer)] { get set }
    /// A new column on the right of the dialog, for a large editor.
    func addColumn() -> Widget?
    /// Greys out (or back in) the dialog's own control of parameter `name`, if it has one
    /// that is a menu or a chooser (e.g. Look while the editor's custom look replaces it).
    func setSensitive(parameter name: String, _ sensitive: Bool)

    // The preview (of a procedure with a drawable).

    var drawable: Int32 { get }
    /// The GIMP the dialog runs in.
    var host: any GimpHost { get }
    /// The preview's visible area, in the drawable's coordinates.
    var previewArea: GeglRectangle? { get }
    /// Shows 8-bit pixels in the drawable's channel layout for `previewArea`.
    func drawPreview(_ pixels: [UInt8], rowstride: Int)

    // The toolkit. Callbacks are Swift closures the glue keeps alive with the dialog.

    func box(vertical: Bool, spacing: Int) -> Widget?
    /// Adds `child` at the end of `box` (not expanding).
    func pack(_ child: Widget?, into box: Widget?)
    func frame(_ title: String, around child: Widget?) -> Widget?
    func label(_ text: String) -> Widget?
    func setText(_ text: String, of label: Widget)
    func setSensitive(_ widget: Widget, _ sensitive: Bool)
    /// A drawing area of width × height: `draw` gets a cairo_t and the area's size, `pointer`
    /// button 1's presses, drags and releases with the device's axes.
    func canvas(width: Int, height: Int, draw: @escaping (OpaquePointer, Double, Double) -> Void,
                pointer: ((CanvasPointer) -> Void)?) -> Widget?
    func queueDraw(_ widget: Widget)
    /// A table of labelled controls (label, slider, spin button), `rows` rows.
    func table(rows: Int) -> Widget?
    /// A slider with a spin button in row `row` of `table`: the slider spans `slider`, the
    /// spin button accepts `range`. Returns a handle for the calls below.
    func slider(in table: Widget, row: Int, title: String, value: Double, slider: ClosedRange<Double>,
                range: ClosedRange<Double>, tooltip: String, changed: @escaping () -> Void) -> Widget?
    func value(ofSlider slider: Widget) -> Double
    func setValue(_ value: Double, ofSlider slider: Widget)
    func setSliderSensitive(_ slider: Widget, _ sensitive: Bool)
    /// The slider's spin button (a landmark for the tests).
    func spinButton(ofSlider slider: Widget) -> Widget?
    func toggle(in table: Widget, row: Int, title: String, active: Bool, tooltip: String,
                changed: @escaping () -> Void) -> Widget?
    func isActive(_ toggle: Widget) -> Bool
    func setActive(_ active: Bool, _ toggle: Widget)
    /// A combo of `labels` (indices 0 …).
    func combo(in table: Widget, row: Int, title: String, labels: [String], active: Int,
               changed: @escaping () -> Void) -> Widget?
    func index(ofCombo combo: Widget) -> Int
    func setIndex(_ index: Int, ofCombo combo: Widget)
}
