// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGEGL
import GeglKit
import ImpastoFrontEnd
import ImpastoKernels
@testable import ImpastoWidgets
import XCTest

/// A dialog without a toolkit: widgets are numbered tokens, controls keep their values, the
/// canvases' closures are kept to be called as a toolkit would, with synthetic events.
final class FakeDialog: WidgetDialog {
    var arguments: ProcedureArguments
    var onChange: [() -> Void] = []
    var onReset: [() -> Void] = []
    var retained: [AnyObject] = []
    var landmarks: [(name: String, widget: UnsafeMutableRawPointer)] = []
    let drawable: Int32 = -1
    var host: any GimpHost { fatalError("no GIMP in these tests") }
    var previewArea: GeglRectangle? { nil }
    var sets: [(String, ParameterValue)] = []

    /// A canvas as a glue makes it: its size and the handler whose C callbacks a C kit calls.
    struct Canvas {
        let size: (Int, Int)
        let handler: CanvasHandler
    }
    var canvases: [Widget: Canvas] = [:]
    var values: [Widget: Double] = [:]
    var changed: [Widget: () -> Void] = [:]
    var texts: [Widget: String] = [:]
    var tokens: [UnsafeMutablePointer<UInt8>] = []

    init(_ parameters: [ProcedureParameter]) { arguments = .defaults(for: parameters) }
    deinit { tokens.forEach { $0.deallocate() } }

    func token() -> Widget {
        tokens.append(.allocate(capacity: 1))
        return UnsafeMutableRawPointer(tokens[tokens.count - 1])
    }

    func set(_ name: String, _ value: ParameterValue) {
        guard let i = arguments.parameters.firstIndex(where: { $0.name == name }) else { return }
        arguments.values[i] = value
        sets.append((name, value))
        onChange.forEach { $0() }
    }
    func addColumn() -> Widget? { token() }
    var insensitiveParameters: Set<String> = []
    func setSensitive(parameter name: String, _ sensitive: Bool) {
        if sensitive { insensitiveParameters.remove(name) } else { insensitiveParameters.insert(name) }
    }
    func drawPreview(_ pixels: [UInt8], rowstride: Int) {}
    func box(vertical: Bool, spacing: Int) -> Widget? { token() }
    func pack(_ child: Widget?, into box: Widget?) {}
    func frame(_ title: String, around child: Widget?) -> Widget? { token() }
    func label(_ text: String) -> Widget? { let t = token(); texts[t] = text; return t }
    func setText(_ text: String, of label: Widget) { texts[label] = text }
    func setSensitive(_ widget: Widget, _ sensitive: Bool) {}
    func canvas(width: Int, height: Int, draw: @escaping (OpaquePointer, Double, Double) -> Void,
                pointer: ((CanvasPointer) -> Void)?) -> Widget? {
        let t = token()
        canvases[t] = Canvas(size: (width, height), handler: CanvasHandler(draw: draw, pointer: pointer))
        return t
    }
    func queueDraw(_ widget: Widget) {}
    func table(rows: Int) -> Widget? { token() }
    func slider(in table: Widget, row: Int, title: String, value: Double, slider: ClosedRange<Double>,
                range: ClosedRange<Double>, tooltip: String, changed: @escaping () -> Void) -> Widget? {
        let t = token(); values[t] = value; self.changed[t] = changed; return t
    }
    func value(ofSlider slider: Widget) -> Double { values[slider] ?? .nan }
    func setValue(_ value: Double, ofSlider slider: Widget) { values[slider] = value }
    func setSliderSensitive(_ slider: Widget, _ sensitive: Bool) {}
    func spinButton(ofSlider slider: Widget) -> Widget? { slider }
    func toggle(in table: Widget, row: Int, title: String, active: Bool, tooltip: String,
                changed: @escaping () -> Void) -> Widget? {
        let t = token(); values[t] = active ? 1 : 0; self.changed[t] = changed; return t
    }
    func isActive(_ toggle: Widget) -> Bool { values[toggle] == 1 }
    func setActive(_ active: Bool, _ toggle: Widget) { values[toggle] = active ? 1 : 0 }
    func combo(in table: Widget, row: Int, title: String, labels: [String], active: Int,
               changed: @escaping () -> Void) -> Widget? {
        let t = token(); values[t] = Double(active); self.changed[t] = changed; return t
    }
    func index(ofCombo combo: Widget) -> Int { Int(values[combo] ?? 0) }
    func setIndex(_ index: Int, ofCombo combo: Widget) { values[combo] = Double(index) }

    func landmark(_ name: String) -> Widget? { landmarks.first { $0.name == name }?.widget }

    /// Sends a canvas a button-1 event as a C kit does: raw values through its pointer callback.
    func send(_ canvas: Widget, kind: Int32, x: Double, y: Double, pressure: Double? = nil, tilt: (Double, Double)? = nil) {
        guard let c = canvases[canvas], let callback = c.handler.pointerCallback else { return }
        callback(kind, x, y, pressure ?? 1, pressure == nil ? 0 : 1, tilt?.0 ?? 0, tilt?.1 ?? 0, tilt == nil ? 0 : 1, c.handler.data)
    }

    /// Draws a canvas into a new image surface of its size and returns the pixel at (x, y) as R, G, B (0 … 255).
    func paint(_ canvas: Widget, at points: [(Int, Int)]) -> [[Int]] {
        guard let c = canvases[canvas],
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(c.size.0), Int32(c.size.1)) else { return [] }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        CanvasHandler.drawCallback(UnsafeMutableRawPointer(cr), Int32(c.size.0), Int32(c.size.1), c.handler.data)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        return points.map { x, y in
            let p = data + y * stride + x * 4
            return [Int(p[2]), Int(p[1]), Int(p[0])]
        }
    }
}

final class WidgetTests: XCTestCase {
    /// GTK 3's axes (gdk_event_get_axis: tilt −1 … 1, pressure 0 … 1) go through the same
    /// `CanvasPointer` the C kits' callbacks build and the pad's mapping: `PenOrientation`.
    func testAPensGTK3AxesBecomeThePadsOrientation() throws {
        let event = try XCTUnwrap(CanvasPointer(kind: 1, x: 3, y: 200, pressure: 0.7, hasPressure: true,
                                                xtilt: -0.45, ytilt: 0.6, hasTilt: true))
        XCTAssertEqual(event.kind, .drag)
        XCTAssertEqual(event.pressure, 0.7)
        let o = PencilPadView.orientation(event, width: 216, height: 216)
        XCTAssertEqual(o.azimuth, atan2(0.6, -0.45) * 180 / .pi, accuracy: 1e-9)
        XCTAssertEqual(o.altitude, 90 - 60 * (0.45 * 0.45 + 0.6 * 0.6).squareRoot(), accuracy: 1e-9)
        // A pen past the axes' range counts as fully tilted; a NaN axis as 0 (as the helper).
        let steep = try XCTUnwrap(CanvasPointer(kind: 0, x: 0, y: 0, pressure: 2, hasPressure: true,
                                                xtilt: 3, ytilt: .nan, hasTilt: true))
        XCTAssertEqual(steep.pressure, 1)
        XCTAssertEqual(PencilPadView.orientation(steep, width: 216, height: 216), PenOrientation(azimuth: 0, altitude: 30))
    }

    /// A device without tilt (a mouse, or a tablet that sent no axes) falls back to the place.
    func testWithoutBothTiltAxesThePlaceDecides() throws {
        // (The C kits report has_tilt only when both axes were read; the values are then whatever GDK left.)
        let event = try XCTUnwrap(CanvasPointer(kind: 2, x: 158, y: 108, pressure: .nan, hasPressure: true,
                                                xtilt: 0.9, ytilt: 0.9, hasTilt: false))
        XCTAssertEqual(event.kind, .release)
        XCTAssertNil(event.reading.tilt)
        XCTAssertNil(event.pressure, "a NaN pressure is no pressure")
        let o = PencilPadView.orientation(event, width: 216, height: 216)
        XCTAssertEqual(o.azimuth, 0, accuracy: 1e-9)
        XCTAssertEqual(o.altitude, 60, accuracy: 1e-9, "50 px of a 100 px radius: half of 60° of tilt")
        XCTAssertNil(CanvasPointer(kind: 3, x: 0, y: 0, pressure: 1, hasPressure: false, xtilt: 0, ytilt: 0, hasTilt: false))
        XCTAssertNil(CanvasPointer(kind: 0, x: .infinity, y: 0, pressure: 1, hasPressure: false, xtilt: 0, ytilt: 0, hasTilt: false))
    }

    /// The pad as a dialog holds it: a pen's drag sets azimuth and altitude through `set`, the
    /// label reads PencilController's text, and the drawn pencil's tip is where the pen leans.
    func testThePencilPadSetsTheDialogsValuesAndDrawsThePencil() throws {
        let dialog = FakeDialog(PencilHueSaturationProcedure.parameters)
        PencilPadView(dialog: dialog, side: dialog.token())  // the dialog keeps it (retained)
        let canvas = try XCTUnwrap(dialog.landmark("pencil-pad"))
        XCTAssertNotNil(dialog.canvases[canvas]?.handler.pointerCallback)
        // GTK 3's axes for a pen leaning up by half, through the callback the C kit calls.
        dialog.send(canvas, kind: 0, x: 1, y: 1, pressure: 0.5, tilt: (0, -0.5))
        XCTAssertEqual(dialog.arguments.double("azimuth"), -90, accuracy: 1e-9)
        XCTAssertEqual(dialog.arguments.double("altitude"), 60, accuracy: 1e-9)
        let label = try XCTUnwrap(dialog.texts.values.first)
        XCTAssertEqual(label, PencilPadLayout.label(PencilHueSaturation(azimuth: -90, altitude: 60,
                                                                        maxSaturation: dialog.arguments.double("max-saturation"))))
        XCTAssertTrue(label.hasPrefix("Hue: 90.00°"), label)
        // A mouse (no axes) let go 50 px right of the centre: the place decides.
        dialog.send(canvas, kind: 2, x: 158, y: 108)
        XCTAssertEqual(dialog.arguments.double("azimuth"), 0, accuracy: 1e-9)
        XCTAssertEqual(dialog.arguments.double("altitude"), 60, accuracy: 1e-9)
        // An event GDK could not place (NaN) changes nothing.
        let before = dialog.sets.count
        dialog.send(canvas, kind: 1, x: .nan, y: 3, tilt: (0.5, 0.5))
        XCTAssertEqual(dialog.sets.count, before)
        // Back to the tilted pen, for the drawing below.
        dialog.send(canvas, kind: 0, x: 1, y: 1, tilt: (0, -0.5))
        // Radius 100 around (108, 108); the pen leans up by half: the tip at (108, 58), the
        // pencil's yellow body between; the opposite side is the pad's light disc.
        let pixels = dialog.paint(canvas, at: [(108, 70), (130, 150), (108, 2)])
        func near(_ got: [Int], _ want: [Double]) -> Bool { zip(got, want).allSatisfy { abs(Double($0) - $1 * 255) <= 1 } }
        XCTAssertTrue(near(pixels[0], [0.96, 0.74, 0.16]), "the pencil: \(pixels[0])")
        XCTAssertTrue(near(pixels[1], [0.93, 0.92, 0.9]), "the pad: \(pixels[1])")
        XCTAssertFalse(near(pixels[2], [0.16, 0.16, 0.17]), "the hue rim, not the background: \(pixels[2])")
    }

    /// The hemisphere editor: with the custom look on, pressing near light 1's handle and
    /// dragging moves light 1 so that its highlight is under the pointer, at its distance.
    func testDraggingAHandleMovesThatLightThroughSet() throws {
        let dialog = FakeDialog(EmbossProcedure.parameters)
        HemisphereEditor(dialog: dialog, side: dialog.token())
        let canvas = try XCTUnwrap(dialog.landmark("hemisphere")), custom = try XCTUnwrap(dialog.landmark("custom-look"))
        dialog.send(canvas, kind: 0, x: 200, y: 200)
        XCTAssertTrue(dialog.sets.isEmpty, "without the custom look the handles do nothing")
        XCTAssertEqual(dialog.insensitiveParameters, [], "Look is the look while the custom one is off")
        dialog.setActive(true, custom)
        dialog.changed[custom]?()
        XCTAssertTrue(dialog.arguments.bool("custom-look"))
        XCTAssertEqual(dialog.insensitiveParameters, ["preset"], "the custom look replaces Look: its menu greys out")
        let handles = HemisphereHandles(width: 220, height: 220, margin: 6)
        let light1 = CustomLook.position(1, dialog.arguments)
        let grab = handles.handle(of: light1), target = SIMD2(160.0, 150.0)
        dialog.send(canvas, kind: 0, x: grab.x + 1, y: grab.y - 1)
        dialog.send(canvas, kind: 1, x: target.x, y: target.y)
        let moved = CustomLook.position(1, dialog.arguments)
        let distance = (light1 * light1).sum().squareRoot()
        XCTAssertEqual((moved * moved).sum().squareRoot(), distance, accuracy: 1e-6, "the light keeps its distance")
        let want = handles.position(forHandle: target, distance: distance)
        XCTAssertEqual(moved.x, want.x, accuracy: 1e-6)
        XCTAssertEqual(moved.y, want.y, accuracy: 1e-6)
        XCTAssertEqual(moved.z, want.z, accuracy: 1e-6)
        XCTAssertLessThan(simd_distance(handles.handle(of: moved), target), 1e-5)
        let depth = try XCTUnwrap(dialog.landmark("spin:editor-z"))
        XCTAssertEqual(dialog.value(ofSlider: depth), moved.z, accuracy: 1e-6, "the depth slider shows the moved light's z")
        // The drawn hemisphere: the editor's ring around the selected handle is on the canvas.
        let around = (-9 ... 9).flatMap { dy in (-9 ... 9).map { dx in (Int(target.x) + dx, Int(target.y) + dy) } }
        let ring = dialog.paint(canvas, at: around).filter { $0[0] >= 250 && abs($0[1] - 204) <= 12 && $0[2] <= 70 }
        XCTAssertGreaterThan(ring.count, 5, "the selected handle's ring (1, 0.8, 0.2) around the pointer")
        let far = dialog.paint(canvas, at: [(20, 20)])
        XCTAssertTrue(far[0] == [41, 41, 43] || far[0] == [40, 40, 43], "the background outside the sphere: \(far[0])")
    }
}

extension WidgetTests {
    /// A hue given to a white light (mercury's key light has saturation 0) shows: the light
    /// takes on full saturation, its slider says so, and the hemisphere's highlight turns that
    /// hue; a hue for a coloured light leaves its saturation alone.
    func testAHueGivenToAWhiteLightTintsItsHighlight() throws {
        let dialog = FakeDialog(EmbossProcedure.parameters)
        HemisphereEditor(dialog: dialog, side: dialog.token())
        let custom = try XCTUnwrap(dialog.landmark("custom-look"))
        dialog.setActive(true, custom)
        dialog.changed[custom]?()
        XCTAssertEqual(dialog.arguments.double("light1-saturation"), 0, "mercury's key light is white")
        let white = CustomLook.hemisphere(dialog.arguments)
        let hue = try XCTUnwrap(dialog.landmark("spin:editor-hue")), saturation = try XCTUnwrap(dialog.landmark("spin:editor-saturation"))
        dialog.setValue(183.5, ofSlider: hue)
        dialog.changed[hue]?()
        XCTAssertEqual(dialog.arguments.double("light1-hue"), 183.5)
        XCTAssertEqual(dialog.arguments.double("light1-saturation"), 1)
        XCTAssertEqual(dialog.value(ofSlider: saturation), 1, "the saturation slider shows it")
        XCTAssertEqual(HemisphereEditor.saturationForAHue, 1)
        // Light 1's highlight (around its handle, 12 px) on the rendered hemisphere: cyan now
        // (hue 183.5: green and blue above red), neutral before.
        let handles = HemisphereHandles(width: 208, height: 208, margin: 0)
        let at = handles.handle(of: CustomLook.position(1, dialog.arguments))
        func colour(_ h: Hemisphere) -> SIMD3<Float> {
            let picture = h.render(size: 208)
            var sum = SIMD3<Float>.zero, count: Float = 0
            for y in Int(at.y) - 12 ... Int(at.y) + 12 {
                for x in Int(at.x) - 12 ... Int(at.x) + 12 where (x - Int(at.x)) * (x - Int(at.x)) + (y - Int(at.y)) * (y - Int(at.y)) <= 144 {
                    let p = (y * 208 + x) * 4
                    sum += SIMD3(picture.pixels[p], picture.pixels[p + 1], picture.pixels[p + 2])
                    count += 1
                }
            }
            return sum / count
        }
        let before = colour(white), after = colour(CustomLook.hemisphere(dialog.arguments))
        XCTAssertLessThan(abs(before.z - before.x), 0.03, "white light: a neutral highlight \(before)")
        XCTAssertGreaterThan(after.y - after.x, 0.1, "a cyan highlight \(after)")
        XCTAssertGreaterThan(after.z - after.x, 0.1, "a cyan highlight \(after)")
        // A coloured light keeps its saturation when its hue moves.
        dialog.setValue(0.8, ofSlider: saturation)
        dialog.changed[saturation]?()
        dialog.setValue(20, ofSlider: hue)
        dialog.changed[hue]?()
        XCTAssertEqual(dialog.arguments.double("light1-saturation"), 0.8)
    }
}

private func simd_distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
