// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoFrontEnd
import ImpastoTestSupport
import XCTest

/// Every Impasto dialog in GIMP 3.0.x (trixie) and 3.2.x (forky), in GIMP's own user interface
/// on a virtual display inside each root (`Gimp3GUI`), driven as GIMP 2.10's DialogGUITests
/// are: Script-Fu batch commands call each procedure RUN-INTERACTIVE, xdotool operates the
/// dialog where the plug-in reported its widgets, and the results are read back from the files
/// the scenarios save. Each dialog is judged against the same procedure called
/// RUN-NONINTERACTIVE with the values the dialog should have applied; the preview the screen
/// showed when OK was pressed against the result; Cancel against the untouched image; a
/// value typed into a slider's entry against PencilReference's formula; and GimpProcedureDialog's
/// settings buttons (its presets) through its own UI: Save Settings, a change, Load Saved
/// Settings, OK; and one Ctrl+Z in the image's window against each apply (one undo step).
/// Screenshots of the dialogs are test artifacts (gimp3-dialog-NAME-SUITE.png).
///
/// One GIMP process per suite. Runs for the suites IMPASTO_GIMP3_ROOTS lists; skipped otherwise.
final class Gimp3DialogTests: XCTestCase {
    static let photo = BuildProducts.fixture("astronaut.png")

    /// The scenarios, in the order their dialogs open. A reference call (RUN-NONINTERACTIVE)
    /// comes before the dialog it judges: its values become the last values the dialog opens
    /// with, so OK must give its pixels.
    static let scenarios: [(name: String, script: String)] = [
        // Every value typed: max saturation 3 at azimuth −60°, altitude 45°.
        ("pencil", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (plug-in-impasto-pencil-hue-saturation RUN-INTERACTIVE i (vector d) 0 90 0 FALSE)
              (impasto-save i d "pencil.png"))
            """),
        ("pencil-reference", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (plug-in-impasto-pencil-hue-saturation RUN-NONINTERACTIVE i (vector d) -60 45 3 FALSE)
              (impasto-save i d "pencil-reference.png"))
            """),
        // A value typed, then Cancel: the script goes on with the image as it was.
        ("cancel", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (impasto-report "cancel" (lambda ()
                (plug-in-impasto-pencil-hue-saturation RUN-INTERACTIVE i (vector d) 0 90 0 FALSE)))
              (impasto-save i d "cancelled.png"))
            """),
        // Save Settings with (100°, 45°, 2), other values typed, Load Saved Settings, OK.
        ("preset", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (plug-in-impasto-pencil-hue-saturation RUN-INTERACTIVE i (vector d) 0 90 0 FALSE)
              (impasto-save i d "preset.png"))
            """),
        // Reset → Reset to Factory Defaults, OK: the declared defaults, which leave the image as it was.
        ("factory", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (plug-in-impasto-pencil-hue-saturation RUN-INTERACTIVE i (vector d) 0 90 0 FALSE)
              (impasto-save i d "factory.png"))
            """),
        ("preset-reference", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (plug-in-impasto-pencil-hue-saturation RUN-NONINTERACTIVE i (vector d) 100 45 2 FALSE)
              (impasto-save i d "preset-reference.png"))
            """),
        ("emboss-reference", """
            (let* ((s (impasto-shape)) (i (car s)) (d (cadr s)))
              (plug-in-impasto-emboss RUN-NONINTERACTIVE i (vector d) 10 10 "round" 0 "alpha" -1 "gold")
              (impasto-save i d "emboss-reference.png"))
            """),
        // Save Settings (the custom look's aux arguments too), radius typed, Load Saved Settings, OK.
        ("emboss", """
            (let* ((s (impasto-shape)) (i (car s)) (d (cadr s)))
              (plug-in-impasto-emboss RUN-INTERACTIVE i (vector d) 3 3 "linear" 0 "alpha" -1 "")
              (impasto-save i d "emboss.png"))
            """),
        // A photo embossed by its brightness, the last values a script's: the preview must be
        // what OK gives (it stays opaque), and the dialog must open with the script's mask.
        ("emboss-photo-reference", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (plug-in-impasto-emboss RUN-NONINTERACTIVE i (vector d) 6 8 "smooth" 0 "luminance" -1 "chrome")
              (impasto-save i d "emboss-photo-reference.png"))
            """),
        ("emboss-photo", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (plug-in-impasto-emboss RUN-INTERACTIVE i (vector d) 3 3 "linear" 0 "alpha" -1 "")
              (impasto-save i d "emboss-photo.png"))
            """),
        ("normal-map-reference", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (plug-in-impasto-bristle-normal-map RUN-NONINTERACTIVE i (vector d) 1 2 TRUE FALSE)
              (impasto-save i d "normal-map-reference.png"))
            """),
        ("normal-map", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (plug-in-impasto-bristle-normal-map RUN-INTERACTIVE i (vector d) 0 1 FALSE FALSE)
              (impasto-save i d "normal-map.png"))
            """),
        ("normal-light-reference", """
            (let* ((s (impasto-painting)) (i (car s)) (d (cadr s)) (bump (caddr s)))
              (plug-in-impasto-normal-light RUN-NONINTERACTIVE i (vector d) bump 0.75 3 135 45 0.3 0.5 20)
              (impasto-save i d "normal-light-reference.png")
              (gimp-image-delete i))
            """),
        // The reference's bump went with its image: GIMP does not bring back a last value
        // whose item is gone, and the dialog works with this image's bump, the one passed.
        ("normal-light", """
            (let* ((s (impasto-painting)) (i (car s)) (d (cadr s)) (bump (caddr s)))
              (plug-in-impasto-normal-light RUN-INTERACTIVE i (vector d) bump 0 1 0 10 0 0 1)
              (impasto-save i d "normal-light.png"))
            """),
        // The chooser's fallback: the bump passed and the last values' (a call on another
        // image) is another open image's photo, which the chooser (this image's layers) does
        // not offer: it settles on its first entry, this image's bump, and OK lights with it.
        ("normal-light-elsewhere", """
            (let* ((a (impasto-painting)) (photo (cadr a)) (s (impasto-painting)) (i (car s)) (d (cadr s)))
              (plug-in-impasto-normal-light RUN-NONINTERACTIVE (car a) (vector (caddr a)) photo 0.75 3 135 45 0.3 0.5 20)
              (plug-in-impasto-normal-light RUN-INTERACTIVE i (vector d) photo 0 1 0 10 0 0 1)
              (impasto-save i d "normal-light-elsewhere.png"))
            """),
        ("stroke-reference", """
            (let* ((s (impasto-painting)) (i (car s)) (d (cadr s)) (v (impasto-curve i)))
              (gimp-context-set-foreground '(200 30 60))
              (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE i (vector d) -1 v 12 0.5 1 0 3 20)
              (impasto-save i d "stroke-reference.png"))
            """),
        // The last values' path is the reference's image's: the dialog takes this image's.
        ("stroke", """
            (let* ((s (impasto-painting)) (i (car s)) (d (cadr s)) (v (impasto-curve i)))
              (gimp-image-set-selected-paths i (vector v))
              (gimp-context-set-foreground '(200 30 60))
              (plug-in-impasto-bristle-stroke RUN-INTERACTIVE i (vector d) -1 v 20 1 0.3 30 2 16)
              (impasto-save i d "stroke.png"))
            """),
        ("brush", """
            (begin
              (plug-in-impasto-bristle-brush RUN-NONINTERACTIVE 8 10 2 4 8 "direction" 1)
              (impasto-write "brush-reference.txt" (impasto-brush-info))
              (plug-in-impasto-bristle-brush RUN-INTERACTIVE 16 30 1 2 2 "tilt" 1)
              (impasto-write "brush.txt" (impasto-brush-info)))
            """),
        // One undo step each: the pencil dialog's OK (the preset reference's last values),
        // then a script call, on a displayed photo. GIMP 3's PDB can open and close undo
        // groups but neither count nor undo steps: the driver presses Ctrl+Z once in the
        // image's window while a brush dialog holds the script (then cancels it). The script
        // flushes the displays after its call, as scripts do (a non-interactive call leaves
        // that to its caller), and only then does GIMP's Undo action see the new step.
        ("undo", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)) (shown (car (gimp-display-new i))))
              (plug-in-impasto-pencil-hue-saturation RUN-INTERACTIVE i (vector d) 0 90 0 FALSE)
              (impasto-save i d "undo-dialog-applied.png")
              (plug-in-impasto-bristle-brush RUN-INTERACTIVE 8 10 2 4 8 "direction" 1)
              (impasto-save i d "undo-dialog-undone.png")
              (plug-in-impasto-bristle-normal-map RUN-NONINTERACTIVE i (vector d) 1 2 TRUE FALSE)
              (gimp-displays-flush)
              (impasto-save i d "undo-script-applied.png")
              (plug-in-impasto-bristle-brush RUN-INTERACTIVE 8 10 2 4 8 "direction" 1)
              (impasto-save i d "undo-script-undone.png")
              (gimp-display-delete shown))
            """),
    ]

    /// The active brush's name and its cells' width height mask-bpp color-bpp.
    static let brushInfo = """
        (define (impasto-brush-info)
          (apply string-append (car (gimp-resource-get-name (car (gimp-context-get-brush))))
                 (map (lambda (n) (string-append " " (number->string n)))
                      (gimp-brush-get-info (car (gimp-brush-get-by-name "Impasto Bristle"))))))
        """

    // MARK: - The driver

    /// What the driver saw and did, per suite.
    final class Drive {
        var notes: [String] = []
        var screenshots: [String] = []
    }

    static func drive(_ gui: Gimp3GUI, _ drive: Drive, suite: Gimp3Root.Suite) {
        let pencil = "plug-in-impasto-pencil-hue-saturation"
        var closed: [String: Int] = [:]
        /// Confirms (or cancels) the dialog, waits until it has gone and keeps its screenshot.
        func finish(_ d: GimpGUI.Dialog, _ button: String, screenshot name: String?) {
            guard let target = d[button] else { return drive.notes.append("\(d.procedure): no \(button) button") }
            gui.settle(2)
            gui.click(target.centre)
            closed[d.procedure, default: 0] += 1
            guard gui.waitForClosing(of: d.procedure, count: closed[d.procedure]!) else {
                return drive.notes.append("\(d.procedure) did not close")
            }
            guard let name, let shot = gui.closings(of: d.procedure).last?.dialog else { return }
            let artifact = GimpGUI.artifacts.appendingPathComponent("gimp3-dialog-\(name)-\(suite).png")
            try? FileManager.default.removeItem(at: artifact)
            if (try? FileManager.default.copyItem(at: shot, to: artifact)) != nil { drive.screenshots.append(artifact.lastPathComponent) }
        }
        func type(_ values: [(String, String)], in d: GimpGUI.Dialog) {
            for (name, text) in values {
                guard let spin = d["spin:\(name)"] else { drive.notes.append("\(d.procedure): no spin:\(name)"); continue }
                gui.type(text, into: spin)
            }
        }
        // Pencil: every value typed into the sliders' entries.
        if let d = gui.dialog(pencil) {
            type([("azimuth", "-60"), ("altitude", "45"), ("max-saturation", "3")], in: d)
            finish(d, "ok", screenshot: "pencil")
        } else { drive.notes.append("no pencil dialog") }
        // Cancel after a change.
        if let d = gui.dialog(pencil) {
            type([("max-saturation", "1")], in: d)
            finish(d, "cancel", screenshot: nil)
        } else { drive.notes.append("no second pencil dialog") }
        // Presets through GimpProcedureDialog's own buttons.
        if let d = gui.dialog(pencil), let save = d["save-settings"], let load = d["load-settings"] {
            type([("azimuth", "100"), ("altitude", "45"), ("max-saturation", "2")], in: d)
            gui.settle(0.5)
            gui.click(save.centre)
            gui.settle(0.5)
            type([("azimuth", "10"), ("max-saturation", "0.5")], in: d)
            gui.settle(0.5)
            gui.click(load.centre)
            finish(d, "ok", screenshot: "pencil-settings")
        } else { drive.notes.append("no third pencil dialog with settings buttons") }
        // Factory defaults: GimpProcedureDialog's Reset pops up its two choices over the
        // button; Alt+F is the mnemonic of "Reset to _Factory Defaults".
        if let d = gui.dialog(pencil), let reset = d["reset"] {
            gui.click(reset.centre)
            gui.settle(0.5)
            gui.xdotool(["key", "alt+f"])
            finish(d, "ok", screenshot: nil)
        } else { drive.notes.append("no fourth pencil dialog") }
        // Emboss: the last values (gold); Save Settings, radius 4, Load Saved Settings, OK.
        if let d = gui.dialog("plug-in-impasto-emboss"), let save = d["save-settings"], let load = d["load-settings"] {
            gui.click(save.centre)
            gui.settle(0.5)
            type([("radius", "4")], in: d)
            gui.settle(1)
            gui.click(load.centre)
            finish(d, "ok", screenshot: "emboss")
        } else { drive.notes.append("no emboss dialog with settings buttons") }
        // Emboss on the photo by its brightness: OK as it opens.
        if let d = gui.dialog("plug-in-impasto-emboss") {
            finish(d, "ok", screenshot: "emboss-photo")
        } else { drive.notes.append("no second emboss dialog") }
        // Normal map: the preview panned (dragged towards the upper left) before OK.
        if let d = gui.dialog("plug-in-impasto-bristle-normal-map"), let preview = d["preview"] {
            gui.drag(from: preview.centre, to: (preview.centre.x - 50, preview.centre.y - 50))
            finish(d, "ok", screenshot: "bristle-normal-map")
        } else { drive.notes.append("no normal map dialog with a preview") }
        let rest: [(String, String?)] = [("plug-in-impasto-normal-light", "normal-light"),
                                         ("plug-in-impasto-normal-light", nil),  // the chooser's fallback
                                         ("plug-in-impasto-bristle-stroke", "bristle-stroke"),
                                         ("plug-in-impasto-bristle-brush", "bristle-brush")]
        for (procedure, name) in rest {
            guard let d = gui.dialog(procedure) else {
                drive.notes.append("no dialog for \(procedure)")
                continue
            }
            finish(d, "ok", screenshot: name)
        }
        // Undo: OK in the pencil dialog; then, twice, Ctrl+Z in the image's window while a
        // brush dialog waits, and Cancel.
        if let d = gui.dialog(pencil) { finish(d, "ok", screenshot: nil) } else { drive.notes.append("no pencil dialog to undo") }
        for step in ["dialog", "script"] {
            guard let d = gui.dialog("plug-in-impasto-bristle-brush") else {
                drive.notes.append("no brush dialog to undo the \(step)'s step behind")
                continue
            }
            if let problem = undoOnce(gui) { drive.notes.append("undoing the \(step)'s step: \(problem)") }
            finish(d, "cancel", screenshot: nil)
        }
    }

    /// Ctrl+Z in the window of the image on display, focused directly: no window manager
    /// runs, and a dialog being presented may take the focus itself (GDK's fallback without
    /// one), so the focus is set a moment after the dialog reported itself ready, and checked.
    /// The window is found by the photo's size in its title (GIMP's title format has it; 3.0
    /// calls an image a script loaded "Untitled", 3.2 by its file). Nil, or what went wrong.
    static func undoOnce(_ gui: Gimp3GUI) -> String? {
        func ids(_ result: CommandResult) -> [String] {
            result.output.split(whereSeparator: \.isNewline).map(String.init).filter { $0.allSatisfy(\.isNumber) }
        }
        guard let window = ids(gui.xdotool(["search", "--onlyvisible", "--name", "256x256"])).last else {
            let shown = ids(gui.xdotool(["search", "--onlyvisible", "--name", "."])).map { gui.xdotool(["getwindowname", $0]).output }
            return "no image window among \(shown)"
        }
        gui.settle(1)
        for _ in 0 ..< 5 {
            gui.xdotool(["windowfocus", window])
            gui.settle(0.5)
            if ids(gui.xdotool(["getwindowfocus", "-f"])).first == window { break }
        }
        gui.xdotool(["key", "--clearmodifiers", "ctrl+z"])
        gui.settle(1)
        return nil
    }

    // MARK: - Running it

    struct Run {
        let gui: Gimp3GUI
        let result: PrivateGimp.BatchResult
        let drive: Drive

        var log: String { result.log + "\ndriver: \(drive.notes)" }
        var folder: URL { gui.session.hostFolder }

        func outcome(_ name: String) -> PrivateGimp.Outcome? {
            guard let i = Gimp3DialogTests.scenarios.firstIndex(where: { $0.name == name }), i < result.outcomes.count else {
                return nil
            }
            return result.outcomes[i]
        }

        func image(_ name: String) throws -> FloatImage {
            Gegl.initialize()
            return try XCTUnwrap(FloatImage.load(folder.appendingPathComponent(name)), "\(name) was not written:\n\(log)")
        }

        /// An 8-bit image the scenario saved, as its codes.
        func codes(_ name: String) throws -> ImageCodes {
            Gegl.initialize()
            return try XCTUnwrap(ImageCodes.load(folder.appendingPathComponent(name)), "\(name) was not written:\n\(log)")
        }

        func text(_ name: String) -> String? {
            try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
    }

    static let runs = Gimp3Runs<Run>()

    func run(_ suite: Gimp3Root.Suite) throws -> Run {
        Gegl.initialize()  // GEGL reads the PNGs
        return try Self.runs.run(suite) { _, session in
            let gui = try Gimp3GUI(session: session)
            let drive = Drive()
            let prelude = Gimp3ProceduresTests.gimp3Helpers(session.folder) + Self.brushInfo
            let result = gui.run(Self.scenarios.map(\.script), prelude: prelude) { Self.drive($0, drive, suite: suite) }
            return Run(gui: gui, result: result, drive: drive)
        }
    }

    override class func tearDown() {
        runs.removeSessions()
        super.tearDown()
    }

    // MARK: - Checks, for one suite

    /// Each dialog opened and OK applied what it showed: the values typed (pencil), the last
    /// values of the reference call (the others): the reference's pixels (≤ 1/255).
    func checkEveryDialogOpensAndOKAppliesItsValues(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.drive.notes, [], run.log)
        for name in ["pencil", "emboss", "normal-map", "normal-light", "stroke"] {
            XCTAssertEqual(run.outcome(name), .success, "\(name):\n\(run.log)")
            XCTAssertEqual(run.outcome("\(name)-reference"), .success, "\(name)-reference:\n\(run.log)")
            let (made, reference) = (try run.image("\(name).png"), try run.image("\(name)-reference.png"))
            XCTAssertLessThanOrEqual(worstDifference(made, reference), 1.0 / 255, "\(name): OK gave other pixels than the reference call")
        }
        // A bump the chooser does not offer (another image's photo): it settled on this image's.
        XCTAssertEqual(run.outcome("normal-light-elsewhere"), .success, run.log)
        XCTAssertLessThanOrEqual(worstDifference(try run.image("normal-light-elsewhere.png"), try run.image("normal-light-reference.png")),
                                 1.0 / 255, "the chooser did not settle on this image's bump")
        // Each did something (a dialog that applied nothing would match only a reference that did nothing).
        let photo = try XCTUnwrap(FloatImage.load(Self.photo))
        for name in ["pencil", "normal-map", "normal-light", "stroke"] {
            XCTAssertGreaterThan(worstDifference(try run.image("\(name).png"), photo), 0.2, name)
        }
        // The brush dialog wrote the brush of its last values (the reference's) and GIMP selected it.
        XCTAssertEqual(run.outcome("brush"), .success, run.log)
        let brush = try XCTUnwrap(run.text("brush.txt"), run.log)
        XCTAssertTrue(brush.hasPrefix("Impasto Bristle "), brush)
        XCTAssertEqual(brush, run.text("brush-reference.txt"))
        for name in ["pencil", "pencil-settings", "emboss", "bristle-normal-map", "normal-light", "bristle-stroke", "bristle-brush"] {
            let file = "gimp3-dialog-\(name)-\(suite).png"
            XCTAssertTrue(run.drive.screenshots.contains(file), "no screenshot \(file):\n\(run.log)")
        }
    }

    /// A value typed into a slider's entry changes the result as the formula says: the
    /// pencil's hue rotation and saturation (PencilReference) for azimuth −60°, altitude 45°
    /// and max saturation 3, all typed.
    func checkTypedValuesGiveThePencilFormula(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("pencil"), .success, run.log)
        let original = try XCTUnwrap(FloatImage.load(Self.photo)), made = try run.image("pencil.png")
        let worst = made.worstRGBDifference(from: original) {
            PencilReference.apply($0, azimuth: -60, altitude: 45, maxSaturation: 3)
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / 255 + 1e-6)
    }

    /// OK applies exactly what the preview showed: the preview's pixels on the screen when OK
    /// was pressed are the result's pixels where the preview looked (≤ 1/255; opaque pixels,
    /// since the preview shows transparency over a checkerboard), also after it was scrolled.
    /// The stroke's preview is the layer with the bristles painted over it (BristleStrokePreview,
    /// not a filter): the same polylines, width and colour as OK paints; the bump layer OK also
    /// paints is not shown, and its result is another file (the scenario saves the painted layer).
    func checkOKAppliesWhatThePreviewShowed(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        Gegl.initialize()
        let photo = try XCTUnwrap(FloatImage.load(Self.photo))
        // (procedure, its result, which of its dialogs, whether it worked on the photo)
        let closings: [(String, String, Int, Bool)] = [
            ("plug-in-impasto-pencil-hue-saturation", "pencil.png", 0, true),
            ("plug-in-impasto-pencil-hue-saturation", "preset.png", 2, true),
            ("plug-in-impasto-emboss", "emboss.png", 0, false),
            ("plug-in-impasto-emboss", "emboss-photo.png", 1, true),
            ("plug-in-impasto-bristle-normal-map", "normal-map.png", 0, true),
            ("plug-in-impasto-normal-light", "normal-light.png", 0, false),
            ("plug-in-impasto-bristle-stroke", "stroke.png", 0, true),
        ]
        for (procedure, result, index, onPhoto) in closings {
            let all = run.gui.closings(of: procedure)
            guard all.indices.contains(index) else {
                XCTFail("\(procedure): dialog \(index + 1) did not close:\n\(run.log)")
                continue
            }
            let closing = all[index]
            XCTAssertTrue(closing.ok, procedure)
            let area = try XCTUnwrap(closing.previewArea, "\(procedure): no preview area")
            let shownURL = try XCTUnwrap(closing.preview, "\(procedure): no preview snapshot")
            let shown = try XCTUnwrap(FloatImage.load(shownURL)), made = try run.image(result)
            XCTAssertEqual([shown.width, shown.height], [area.width, area.height], procedure)
            var worst: Float = 0, fromPhoto: Float = 0, compared = 0
            for y in 0 ..< min(shown.height, area.height) {
                for x in 0 ..< min(shown.width, area.width) where area.x + x < made.width && area.y + y < made.height {
                    let a = Array(shown.pixel(x, y)), b = Array(made.pixel(area.x + x, area.y + y))
                    let p = Array(photo.pixel(min(area.x + x, photo.width - 1), min(area.y + y, photo.height - 1)))
                    guard b[3] == 1 else { continue }
                    compared += 1
                    for c in 0 ..< 3 {
                        worst = max(worst, abs(a[c] - b[c]))
                        fromPhoto = max(fromPhoto, abs(a[c] - p[c]))
                    }
                }
            }
            // The preview showed the effect, not the layer as it was.
            if onPhoto { XCTAssertGreaterThan(fromPhoto, 0.2, "\(procedure): the preview shows the untouched photo") }
            XCTAssertGreaterThan(compared, area.width * area.height / 8, "\(procedure): too few opaque pixels to compare")
            XCTAssertLessThanOrEqual(worst, 1.0 / 255 + 1e-6, "\(procedure) (\(result)): the preview at \(area) is not the result")
        }
        // The normal map's preview was panned: it rendered the part it scrolled to (compared above).
        let panned = try XCTUnwrap(run.gui.closings(of: "plug-in-impasto-bristle-normal-map").first?.previewArea)
        XCTAssertTrue(panned.x > 0 && panned.y > 0, "the preview did not scroll: \(panned)")
    }

    /// Cancel leaves the image alone (after a value was changed in the dialog).
    func checkCancelLeavesTheImageAlone(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("cancel"), .success, "the scenario goes on after the cancelled call:\n\(run.log)")
        XCTAssertEqual(run.gui.closings(of: "plug-in-impasto-pencil-hue-saturation").dropFirst().first?.ok, false, run.log)
        let original = try XCTUnwrap(FloatImage.load(Self.photo)), after = try run.image("cancelled.png")
        XCTAssertEqual(original.samples, after.samples)
    }

    /// Reset → Reset to Factory Defaults gives the declared defaults (the parameter table's),
    /// which leave the photo as it was, though the dialog opened with other last values.
    func checkFactoryDefaultsLeaveThePhotoAlone(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("factory"), .success, run.log)
        let original = try XCTUnwrap(FloatImage.load(Self.photo)), made = try run.image("factory.png")
        XCTAssertLessThanOrEqual(made.worstRGBDifference(from: original) { $0 }, 1.0 / 255 + 1e-6)
        // The last values it opened with (the preset scenario's, 100°, 45°, 2) would have changed it.
        XCTAssertGreaterThan(worstDifference(try run.image("preset.png"), original), 0.2)
    }

    /// GimpProcedureDialog's presets, through its own buttons: Save Settings keeps the values,
    /// Load Saved Settings brings them back over later changes, and OK applies them (pencil:
    /// the reference call with the saved values; emboss: its last values, after a radius
    /// typed and undone by loading). The saved settings hold emboss's custom look (its
    /// aux arguments) with the rest.
    func checkSavedSettingsLoadBackAndHoldTheCustomLook(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("preset"), .success, run.log)
        XCTAssertLessThanOrEqual(worstDifference(try run.image("preset.png"), try run.image("preset-reference.png")), 1.0 / 255,
                                 "the loaded settings are not the saved ones")
        XCTAssertLessThanOrEqual(worstDifference(try run.image("emboss.png"), try run.image("emboss-reference.png")), 1.0 / 255)
        // libgimp writes them to <profile>/plug-in-settings/<procedure>.default (GimpConfig text).
        let folder = run.gui.session.hostProfile.appendingPathComponent("plug-in-settings")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let saved = try XCTUnwrap(files.first { $0.contains("plug-in-impasto-emboss") && $0.hasSuffix(".default") },
                                  "no saved emboss settings in \(files)")
        let text = try String(contentsOf: folder.appendingPathComponent(saved), encoding: .utf8)
        for parameter in CustomLook.parameters {
            XCTAssertTrue(text.contains("(\(parameter.name) "), "\(parameter.name) is not in the saved settings:\n\(text)")
        }
        XCTAssertTrue(text.contains("(radius 10"), text)
    }

    /// An interactive apply (the dialog's OK) and a script call each add exactly one undo
    /// step: each changed the photo, and one Ctrl+Z gave it back exactly (two steps would
    /// leave one of them, none would leave it all).
    /// The emboss dialog on a photo, opened with a script's brightness mask: OK gives the
    /// script's pixels, and the photo stays opaque (no holes where it is dark).
    func checkAPhotoEmbossedByItsBrightnessStaysOpaque(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("emboss-photo"), .success, run.log)
        let made = try run.image("emboss-photo.png"), reference = try run.image("emboss-photo-reference.png")
        XCTAssertTrue(stride(from: 3, to: made.samples.count, by: 4).allSatisfy { made.samples[$0] == 1 }, "the photo stays opaque")
        XCTAssertLessThanOrEqual(worstDifference(made, reference), 1.0 / 255 + 1e-6, "OK applies the script's values")
    }

    /// GIMP's stderr holds nothing about Impasto: no CRITICAL or warning from GIMP's dialogs
    /// or libgimp about our procedures, ops or properties (a label without a mnemonic, an
    /// argument that cannot be saved with the last values, a property named like a pad).
    func checkNothingOfOursOnStderr(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        let complaints = ["CRITICAL", "WARNING", "Warning", "warning", "no mnemonic", "couldn't", "duplicate mnemonic"]
        // libgimp 3.0.4 warns "impasto: gimp_flush(): error: Broken pipe" when the plug-in's
        // last message, after its call has returned, finds GIMP's end of the pipe closed
        // (GIMP 3.2 does not); the call and its result are complete by then.
        let afterTheCall = "gimp_flush(): error: Broken pipe"
        let ours = run.result.log.split(separator: "\n").filter { line in
            line.lowercased().contains("impasto") && !line.hasPrefix("impasto-") && !line.contains(afterTheCall)
                && complaints.contains { line.contains($0) }
        }
        XCTAssertEqual(ours, [], "GIMP complained of Impasto")
    }

    func checkEachApplyIsOneUndoStep(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("undo"), .success, run.log)
        XCTAssertEqual(run.drive.notes, [], run.log)
        let photo = try XCTUnwrap(FloatImage.load(Self.photo))
        for step in ["dialog", "script"] {
            XCTAssertGreaterThan(worstDifference(try run.image("undo-\(step)-applied.png"), photo), 0.2, "\(step): nothing to undo")
            XCTAssertEqual(try run.codes("undo-\(step)-undone.png").differingPixels(from: XCTUnwrap(ImageCodes.load(Self.photo))), 0,
                           "\(step): one undo did not restore the photo")
        }
    }

    // MARK: - GIMP 3.0 (trixie)

    func testTrixieEveryDialogOpensAndOKAppliesItsValues() throws { try checkEveryDialogOpensAndOKAppliesItsValues(.trixie) }
    func testTrixieTypedValuesGiveThePencilFormula() throws { try checkTypedValuesGiveThePencilFormula(.trixie) }
    func testTrixieOKAppliesWhatThePreviewShowed() throws { try checkOKAppliesWhatThePreviewShowed(.trixie) }
    func testTrixieCancelLeavesTheImageAlone() throws { try checkCancelLeavesTheImageAlone(.trixie) }
    func testTrixieSavedSettingsLoadBackAndHoldTheCustomLook() throws { try checkSavedSettingsLoadBackAndHoldTheCustomLook(.trixie) }
    func testTrixieFactoryDefaultsLeaveThePhotoAlone() throws { try checkFactoryDefaultsLeaveThePhotoAlone(.trixie) }
    func testTrixieEachApplyIsOneUndoStep() throws { try checkEachApplyIsOneUndoStep(.trixie) }
    func testTrixieAPhotoEmbossedByItsBrightnessStaysOpaque() throws { try checkAPhotoEmbossedByItsBrightnessStaysOpaque(.trixie) }
    func testTrixieNothingOfOursOnStderr() throws { try checkNothingOfOursOnStderr(.trixie) }

    // MARK: - GIMP 3.2 (forky)

    func testForkyEveryDialogOpensAndOKAppliesItsValues() throws { try checkEveryDialogOpensAndOKAppliesItsValues(.forky) }
    func testForkyTypedValuesGiveThePencilFormula() throws { try checkTypedValuesGiveThePencilFormula(.forky) }
    func testForkyOKAppliesWhatThePreviewShowed() throws { try checkOKAppliesWhatThePreviewShowed(.forky) }
    func testForkyCancelLeavesTheImageAlone() throws { try checkCancelLeavesTheImageAlone(.forky) }
    func testForkySavedSettingsLoadBackAndHoldTheCustomLook() throws { try checkSavedSettingsLoadBackAndHoldTheCustomLook(.forky) }
    func testForkyFactoryDefaultsLeaveThePhotoAlone() throws { try checkFactoryDefaultsLeaveThePhotoAlone(.forky) }
    func testForkyEachApplyIsOneUndoStep() throws { try checkEachApplyIsOneUndoStep(.forky) }
    func testForkyAPhotoEmbossedByItsBrightnessStaysOpaque() throws { try checkAPhotoEmbossedByItsBrightnessStaysOpaque(.forky) }
    func testForkyNothingOfOursOnStderr() throws { try checkNothingOfOursOnStderr(.forky) }
}
