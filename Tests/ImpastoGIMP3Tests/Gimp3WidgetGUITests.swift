// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// Impasto's own widgets in GIMP 3.0 (trixie) and 3.2 (forky) — the pencil pad, the hemisphere
/// editor, the bristle-stroke and brush previews, drawn and mapped by the same code as in GIMP
/// 2.10 over GTK 3 — driven as the 2.10 dialog tests drive them: each dialog opened from
/// Script-Fu in RUN-INTERACTIVE on the root's Xvfb (Gimp3GUI), operated with xdotool where the
/// plug-in reported its widgets, confirmed with OK, and judged by the pixels it leaves. The
/// plug-in's snapshots of each dialog are kept as artifacts (gimp3-widgets-dialog-<name>-<suite>.png),
/// and its widgets cut from them (gimp3-widget-<widget>-<suite>.png).
/// (Gimp3DialogTests covers what every dialog does; this is the widgets' own behaviour.)
final class Gimp3WidgetGUITests: XCTestCase {
    /// A 200 × 140 image: a grey canvas and above it a transparent layer with a white disc (as
    /// the 2.10 dialog tests' impasto-disc), in GIMP 3's calls.
    static let helpers = """
        (define (impasto-disc opacity)
          (let* ((image (car (gimp-image-new 200 140 RGB)))
                 (paint (car (gimp-layer-new image "paint" 200 140 RGB-IMAGE 100 LAYER-MODE-NORMAL)))
                 (shape (car (gimp-layer-new image "shape" 200 140 RGBA-IMAGE 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image paint 0 0)
            (gimp-image-insert-layer image shape 0 0)
            (gimp-context-set-foreground '(128 128 128))
            (gimp-drawable-fill paint FILL-FOREGROUND)
            (gimp-drawable-fill shape FILL-TRANSPARENT)
            (gimp-image-select-ellipse image CHANNEL-OP-REPLACE 50 20 100 100)
            (gimp-context-set-foreground '(255 255 255))
            (gimp-context-set-opacity opacity)
            (gimp-drawable-edit-fill shape FILL-FOREGROUND)
            (gimp-context-set-opacity 100)
            (gimp-selection-none image)
            (list image paint shape)))
        """

    static let scenarios: [(String, String)] = [
        ("pencil", """
            (let* ((image (impasto-open)) (layer (impasto-drawable image)))
              (plug-in-impasto-pencil-hue-saturation RUN-INTERACTIVE image (vector layer) 0 0 0 FALSE)
              (impasto-save image layer "pencil.png"))
            """),
        ("emboss-mercury", """
            (let* ((d (impasto-disc 100)) (image (car d)) (shape (caddr d)))
              (plug-in-impasto-emboss RUN-NONINTERACTIVE image (vector shape) 10 10 "round" 0 "alpha" -1 "")
              (impasto-save image shape "emboss-mercury.png"))
            """),
        ("emboss", """
            (let* ((d (impasto-disc 100)) (image (car d)) (shape (caddr d)))
              (plug-in-impasto-emboss RUN-INTERACTIVE image (vector shape) 10 10 "round" 0 "alpha" -1 "")
              (impasto-save image shape "emboss.png"))
            """),
        ("bristle-stroke", """
            (let* ((d (impasto-disc 0)) (image (car d)) (paint (cadr d))
                   (v (impasto-path image '(20 70 20 70 20 70 180 70 180 70 180 70))))
              (gimp-image-set-selected-paths image (vector v))
              (gimp-context-set-foreground '(20 40 160))
              (plug-in-impasto-bristle-stroke RUN-INTERACTIVE image (vector paint) -1 v 20 0.3 1 0 2 16)
              (impasto-save image paint "bristle-stroke.png"))
            """),
        ("bristle-brush", #"(plug-in-impasto-bristle-brush RUN-INTERACTIVE 8 10 2 4 8 "direction" 1)"#),
    ]

    /// What the driver saw, per suite: the pad and where the pen was let go, the widgets'
    /// places in their dialogs, and anything that did not turn up.
    struct Driven {
        var padPoint: (x: Double, y: Double, pad: GimpGUI.Rect)?
        var dialogs: [String: GimpGUI.Dialog] = [:]
        var notes: [String] = []
    }

    struct Run {
        let session: Gimp3Session
        let gui: Gimp3GUI
        let result: PrivateGimp.BatchResult
        let driven: Driven

        var log: String { result.log + "\ndriver: \(driven.notes)" }

        func outcome(_ name: String) -> PrivateGimp.Outcome? {
            guard let i = Gimp3WidgetGUITests.scenarios.firstIndex(where: { $0.0 == name }), i < result.outcomes.count
            else { return nil }
            return result.outcomes[i]
        }

        func image(_ name: String) throws -> FloatImage {
            Gegl.initialize()
            return try XCTUnwrap(FloatImage.load(session.hostFolder.appendingPathComponent(name)), "\(name) was not written:\n\(log)")
        }
    }

    nonisolated(unsafe) static let runs = Gimp3Runs<Run>()

    func run(_ suite: Gimp3Root.Suite) throws -> Run {
        try Self.runs.run(suite) { _, session in
            let gui = try Gimp3GUI(session: session)
            var driven = Driven()
            let prelude = Gimp3ProceduresTests.gimp3Helpers(session.folder) + Self.helpers
            let result = gui.run(Self.scenarios.map(\.1), prelude: prelude) { gui in
                driven = Self.drive(gui)
            }
            Self.keepSnapshots(gui, suite: suite)
            Self.keepWidgetShots(driven, suite: suite)
            return Run(session: session, gui: gui, result: result, driven: driven)
        }
    }

    /// Operates the dialogs in the order the scenarios open them, as DialogGUITests does in 2.10.
    static func drive(_ gui: Gimp3GUI) -> Driven {
        var driven = Driven()
        // Pencil: max saturation 4 by typing, then the pen (the mouse) dragged on the pad.
        if let d = gui.dialog("plug-in-impasto-pencil-hue-saturation"), let pad = d["pencil-pad"],
           let spin = d["spin:max-saturation"], let ok = d["ok"] {
            driven.dialogs["pencil"] = d
            gui.type("4", into: spin)
            gui.settle(0.5)
            let end = (x: pad.x + pad.width / 2 - 40, y: pad.y + pad.height / 2 + 30)
            gui.drag(from: pad.centre, to: end)
            driven.padPoint = (Double(end.x - pad.x), Double(end.y - pad.y), pad)
            gui.settle()
            gui.click(ok.centre)
            if !gui.waitForClosing(of: "plug-in-impasto-pencil-hue-saturation", count: 1) { driven.notes.append("pencil did not close") }
        } else { driven.notes.append("no pencil dialog") }
        // Emboss: the custom look on, light 1 dragged to the lower right, brighter and rougher.
        if let d = gui.dialog("plug-in-impasto-emboss"), let custom = d["custom-look"], let sphere = d["hemisphere"],
           let ok = d["ok"] {
            driven.dialogs["emboss"] = d
            gui.click(custom.centre)
            gui.settle(1)
            // Light 1 (mercury's key light, at (−2, 2.5, 3)) has its highlight up-left; grab its
            // handle and drag it down-right.
            let handles = HemisphereHandles(width: Double(sphere.width), height: Double(sphere.height), margin: 6)
            let key = handles.handle(of: SIMD3(-2, 2.5, 3)), r = handles.radius
            let grab = (x: sphere.x + Int(key.x), y: sphere.y + Int(key.y))
            gui.drag(from: grab, to: (sphere.x + sphere.width / 2 + Int(0.5 * r), sphere.y + sphere.height / 2 + Int(0.5 * r)))
            gui.settle(1)
            if let brightness = d["spin:editor-brightness"], let roughness = d["spin:editor-roughness"] {
                gui.type("2", into: brightness)
                gui.type("0.5", into: roughness)
            } else { driven.notes.append("no editor spin buttons") }
            gui.settle(2)
            // GIMP 3's settings carry the custom look (aux arguments the editor writes): saved,
            // then the look switched off and on again (back to mercury's lights), then loaded.
            if let save = d["save-settings"], let load = d["load-settings"] {
                gui.click(save.centre)
                gui.settle(1)
                gui.click(custom.centre)
                gui.settle(0.5)
                gui.click(custom.centre)
                gui.settle(1)
                gui.click(load.centre)
                gui.settle(2)
            } else { driven.notes.append("no settings buttons in the emboss dialog") }
            gui.click(ok.centre)
            if !gui.waitForClosing(of: "plug-in-impasto-emboss", count: 1) { driven.notes.append("emboss did not close") }
        } else { driven.notes.append("no emboss dialog") }
        for (name, procedure) in [("bristle-stroke", "plug-in-impasto-bristle-stroke"), ("bristle-brush", "plug-in-impasto-bristle-brush")] {
            guard let d = gui.dialog(procedure), let ok = d["ok"] else {
                driven.notes.append("no dialog for \(procedure)")
                continue
            }
            driven.dialogs[name] = d
            gui.settle()
            gui.click(ok.centre)
            if !gui.waitForClosing(of: procedure, count: 1) { driven.notes.append("\(procedure) did not close") }
        }
        return driven
    }

    /// The plug-in's snapshots of the dialogs (taken as OK closed them) as test artifacts.
    static func keepSnapshots(_ gui: Gimp3GUI, suite: Gimp3Root.Suite) {
        for (name, procedure) in [("pencil", "plug-in-impasto-pencil-hue-saturation"), ("emboss", "plug-in-impasto-emboss"),
                                  ("bristle-stroke", "plug-in-impasto-bristle-stroke"),
                                  ("bristle-brush", "plug-in-impasto-bristle-brush")] {
            guard let shot = gui.closings(of: procedure).first?.dialog else { continue }
            let kept = GimpGUI.artifacts.appendingPathComponent("gimp3-widgets-dialog-\(name)-\(suite.rawValue).png")
            try? FileManager.default.removeItem(at: kept)
            try? FileManager.default.copyItem(at: shot, to: kept)
        }
    }

    override class func tearDown() {
        runs.removeSessions()
        super.tearDown()
    }

    /// What a dialog's snapshot shows of one of its widgets (the widget's rectangle taken
    /// relative to the dialog's); nil if either was not reported or it is not inside the snapshot.
    static func widgetShot(_ widget: String, in name: String, _ driven: Driven, suite: Gimp3Root.Suite) -> FloatImage? {
        Gegl.initialize()
        guard let d = driven.dialogs[name], let dialog = d["dialog"], let rect = d[widget],
              let shot = FloatImage.load(GimpGUI.artifacts.appendingPathComponent("gimp3-widgets-dialog-\(name)-\(suite.rawValue).png"))
        else { return nil }
        let (left, top) = (rect.x - dialog.x, rect.y - dialog.y)
        guard left >= 0, top >= 0, rect.width > 0, rect.height > 0,
              left + rect.width <= shot.width, top + rect.height <= shot.height else { return nil }
        let samples = (top ..< top + rect.height).flatMap { y in (left ..< left + rect.width).flatMap { x in shot.pixel(x, y) } }
        return FloatImage(width: rect.width, height: rect.height, components: 4, samples: samples)
    }

    /// The widgets themselves as artifacts, cut from the dialogs' snapshots
    /// (gimp3-widget-pencil-pad-<suite>.png, …-hemisphere-…, …-brush-stroke-…).
    static func keepWidgetShots(_ driven: Driven, suite: Gimp3Root.Suite) {
        for (name, widget) in [("pencil", "pencil-pad"), ("emboss", "hemisphere"), ("bristle-brush", "brush-stroke")] {
            guard let shot = widgetShot(widget, in: name, driven, suite: suite) else { continue }
            let buffer = GeglBufferRef(width: shot.width, height: shot.height, format: "R'G'B'A float")
            buffer.set(shot.samples, format: "R'G'B'A float")
            let path = GimpGUI.artifacts.appendingPathComponent("gimp3-widget-\(widget)-\(suite.rawValue).png").path
            try? FileManager.default.removeItem(atPath: path)
            GeglGraph.save(buffer, to: path)
        }
    }

    /// The pixels of a widget as its dialog's snapshot shows it, `inset` pixels in from its
    /// edges (against rounding there).
    func pixels(of widget: String, in name: String, _ run: Run, suite: Gimp3Root.Suite, inset: Int = 2) throws -> [[Float]] {
        let shot = try XCTUnwrap(Self.widgetShot(widget, in: name, run.driven, suite: suite),
                                 "\(widget) was not reported or not in the snapshot of the \(name) dialog:\n\(run.log)")
        return (inset ..< max(inset, shot.height - inset)).flatMap { y in
            (inset ..< max(inset, shot.width - inset)).map { x in Array(shot.pixel(x, y)) }
        }
    }

    // MARK: - The pencil pad

    func padDrag(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("pencil"), .success, run.log)
        XCTAssertEqual(run.driven.notes, [], "every dialog was found and driven")
        let point = try XCTUnwrap(run.driven.padPoint, run.log)
        // The mouse on the pad: azimuth = its angle around the centre, altitude from its
        // distance (the rim, min(w, h)/2 − 8 px out, is 30°) — PencilPad's mapping.
        let dx = point.x - Double(point.pad.width) / 2, dy = point.y - Double(point.pad.height) / 2
        let r = Double(min(point.pad.width, point.pad.height)) / 2 - 8
        let azimuth = atan2(dy, dx) * 180 / .pi
        let altitude = 90 - 60 * min(1, (dx * dx + dy * dy).squareRoot() / r)
        let original = try XCTUnwrap(FloatImage.load(BuildProducts.fixture("astronaut.png"))), made = try run.image("pencil.png")
        let worst = made.worstRGBDifference(from: original) {
            PencilReference.apply($0, azimuth: azimuth, altitude: altitude, maxSaturation: 4)
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / 255 + 1e-6, "azimuth \(azimuth), altitude \(altitude), max-saturation 4")
        // The pad as GTK 3 showed it: the pencil's yellow body and the hue rim's colours.
        let pad = try pixels(of: "pencil-pad", in: "pencil", run, suite: suite)
        let yellow = pad.filter { abs($0[0] - 0.96) < 0.03 && abs($0[1] - 0.74) < 0.03 && abs($0[2] - 0.16) < 0.03 }
        XCTAssertGreaterThan(yellow.count, 100, "the drawn pencil")
        let hues = Set(pad.filter { ($0.prefix(3).max()! - $0.prefix(3).min()!) > 0.3 }.map { Int($0[0] * 4) * 25 + Int($0[1] * 4) * 5 + Int($0[2] * 4) })
        XCTAssertGreaterThan(hues.count, 6, "the hue rim's many colours")
    }

    func testThePencilPadDragSetsHueAndSaturationInGIMP30() throws { try padDrag(.trixie) }
    func testThePencilPadDragSetsHueAndSaturationInGIMP32() throws { try padDrag(.forky) }

    // MARK: - The hemisphere editor

    func lightDrag(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("emboss"), .success, run.log)
        XCTAssertEqual(run.driven.notes, [], "every dialog was found and driven")
        XCTAssertEqual(run.outcome("emboss-mercury"), .success, run.log)
        let custom = try run.image("emboss.png"), preset = try run.image("emboss-mercury.png")
        // As in 2.10: the key light moved from the upper left to the lower right, brighter, on
        // a rougher material: over the relief's slopes (the 10 px band inside the disc's rim),
        // the lower-right quarter gains light against mercury, more than the upper-left does.
        // (Between the editing and OK the look went back to mercury's and came back with Load
        // Saved Settings: what OK applied is the loaded look.)
        func luma(_ image: FloatImage, _ x: Int, _ y: Int) -> Double {
            let p = Array(image.pixel(x, y))
            return 0.2126 * Double(p[0]) + 0.7152 * Double(p[1]) + 0.0722 * Double(p[2])
        }
        var gain = (lowerRight: 0.0, upperLeft: 0.0)
        for y in 20 ..< 120 {
            for x in 50 ..< 150 {
                let dx = Double(x) + 0.5 - 100, dy = Double(y) + 0.5 - 70, d = (dx * dx + dy * dy).squareRoot()
                guard d > 40, d < 49 else { continue }
                let change = luma(custom, x, y) - luma(preset, x, y)
                if dx > 0 && dy > 0 { gain.lowerRight += change }
                if dx < 0 && dy < 0 { gain.upperLeft += change }
            }
        }
        XCTAssertGreaterThan(gain.lowerRight, 0, "\(gain)")
        XCTAssertGreaterThan(gain.lowerRight, gain.upperLeft + 1, "\(gain)")
        XCTAssertEqual(Array(custom.pixel(5, 5))[3], 0, "outside the disc stays transparent")
        // The editor as GTK 3 showed it: the shaded sphere and the chosen light's ring.
        let sphere = try pixels(of: "hemisphere", in: "emboss", run, suite: suite)
        func isRing(_ p: [Float]) -> Bool { p[0] > 0.95 && abs(p[1] - 0.8) < 0.06 && p[2] < 0.3 }   // (1, 0.8, 0.2)
        let ring = sphere.filter(isRing)
        XCTAssertGreaterThan(ring.count, 5, "the selected handle's ring: the editor shows the loaded custom look")
        // The highlight sits under the handle: the sphere within 3 px of the ring's centre is
        // as bright as the brightest 10 % of the sphere.
        let shot = try XCTUnwrap(Self.widgetShot("hemisphere", in: "emboss", run.driven, suite: suite))
        var ringSum = SIMD2<Double>.zero, ringCount = 0.0
        var lumas: [Double] = []
        for y in 0 ..< shot.height {
            for x in 0 ..< shot.width {
                if isRing(Array(shot.pixel(x, y))) {
                    ringSum += SIMD2(Double(x), Double(y))
                    ringCount += 1
                }
                let l = luma(shot, x, y)
                if l > 0.25 { lumas.append(l) }   // the sphere, not the background (0.16)
            }
        }
        let centre = ringSum / max(ringCount, 1)
        var inside: [Double] = []
        for y in Int(centre.y) - 3 ... Int(centre.y) + 3 {
            for x in Int(centre.x) - 3 ... Int(centre.x) + 3 where x >= 0 && y >= 0 && x < shot.width && y < shot.height {
                inside.append(luma(shot, x, y))
            }
        }
        // The whole-layer view beside the parameters: the layer (smaller than the view, so at
        // its size) centred, each opaque pixel as OK applied it.
        let view = try XCTUnwrap(Self.widgetShot("whole-layer", in: "emboss", run.driven, suite: suite))
        let (left, top) = ((view.width - custom.width) / 2, (view.height - custom.height) / 2)
        XCTAssertGreaterThanOrEqual(min(left, top), 0, "the layer fits the view")
        var compared = 0, worst = 0.0
        for y in 0 ..< custom.height {
            for x in 0 ..< custom.width where Array(custom.pixel(x, y))[3] > 0.999 {
                guard left + x < view.width, top + y < view.height else { continue }
                let (a, b) = (Array(custom.pixel(x, y)), Array(view.pixel(left + x, top + y)))
                worst = max(worst, (0 ..< 3).map { abs(Double(a[$0]) - Double(b[$0])) }.max() ?? 0)
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 1000, "the disc's opaque pixels")
        XCTAssertLessThanOrEqual(worst, 0.03, "the view shows what OK applied")
        let brightest = lumas.sorted()[Int(Double(lumas.count) * 0.9)]
        XCTAssertGreaterThanOrEqual(inside.reduce(0, +) / Double(max(inside.count, 1)), brightest - 0.01,
                                    "under the handle at \(centre): the light's highlight")
    }

    func testDraggingALightReshadesTheEmbossInGIMP30() throws { try lightDrag(.trixie) }
    func testDraggingALightReshadesTheEmbossInGIMP32() throws { try lightDrag(.forky) }

    // MARK: - The previews

    func previews(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("bristle-stroke"), .success, run.log)
        XCTAssertEqual(run.driven.notes, [], "every dialog was found and driven")
        XCTAssertEqual(run.outcome("bristle-brush"), .success, run.log)
        // OK painted the bristles along the image's path in the foreground colour.
        let stroke = try run.image("bristle-stroke.png")
        let blue = (0 ..< 140).filter { Array(stroke.pixel(100, $0))[2] > Array(stroke.pixel(100, $0))[0] + 0.3 }
        XCTAssertFalse(blue.isEmpty, "blue bristles across x = 100")
        XCTAssertTrue(blue.allSatisfy { abs($0 - 70) <= 18 }, "\(blue)")
        // The stroke preview showed the bristles: blue in the preview.
        let preview = try pixels(of: "preview", in: "bristle-stroke", run, suite: suite)
        XCTAssertGreaterThan(preview.filter { $0[2] > $0[0] + 0.3 }.count, 50, "bristles over the preview")
        // The brush preview: a dark stroke on light paper.
        let brush = try pixels(of: "brush-stroke", in: "bristle-brush", run, suite: suite)
        XCTAssertGreaterThan(brush.filter { $0[0] < 0.5 }.count, 200, "the simulated stroke")
        XCTAssertGreaterThan(brush.filter { $0[0] > 0.9 }.count, brush.count / 2, "the paper")
    }

    func testTheStrokeAndBrushDialogsPreviewAndApplyInGIMP30() throws { try previews(.trixie) }
    func testTheStrokeAndBrushDialogsPreviewAndApplyInGIMP32() throws { try previews(.forky) }
}
