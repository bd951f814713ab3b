// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// Every Impasto dialog in GIMP 2.10's user interface, on a virtual display (Xvfb): each is
/// opened from Script-Fu in RUN-INTERACTIVE, driven with xdotool (the pencil pad, a spin
/// button, a hemisphere light, the choosers), photographed (screenshots are test artifacts in
/// .build/test-artifacts), confirmed with OK, and judged by the pixels it leaves.
final class DialogGUITests: XCTestCase {
    static let photo = BuildProducts.fixture("astronaut.png")

    static let helpers = """
        (define (impasto-path name) (string-append "\(session.root.path)/" name))
        (define (impasto-save image drawable name)
          (gimp-file-save RUN-NONINTERACTIVE image drawable (impasto-path name) name))
        (define (impasto-photo) (car (gimp-file-load RUN-NONINTERACTIVE "\(photo.path)" "photo")))
        (define (impasto-layer image) (car (gimp-image-get-active-drawable image)))
        ; A 200 × 140 image: a grey canvas and above it a transparent layer with a white disc.
        (define (impasto-disc opacity)
          (let* ((image (car (gimp-image-new 200 140 RGB)))
                 (paint (car (gimp-layer-new image 200 140 RGB-IMAGE "paint" 100 LAYER-MODE-NORMAL)))
                 (shape (car (gimp-layer-new image 200 140 RGBA-IMAGE "shape" 100 LAYER-MODE-NORMAL))))
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
            (let* ((image (impasto-photo)) (layer (impasto-layer image)))
              (plug-in-impasto-pencil-hue-saturation RUN-INTERACTIVE image layer 0 0 0 0)
              (impasto-save image layer "pencil.png"))
            """),
        ("emboss", """
            (let* ((d (impasto-disc 100)) (image (car d)) (shape (caddr d)))
              (plug-in-impasto-emboss RUN-INTERACTIVE image shape 0 0 0 0 0 -1 "")
              (impasto-save image shape "emboss.png"))
            """),
        ("emboss-mercury", """
            (let* ((d (impasto-disc 100)) (image (car d)) (shape (caddr d)))
              (plug-in-impasto-emboss RUN-NONINTERACTIVE image shape 10 10 0 0 0 -1 "")
              (impasto-save image shape "emboss-mercury.png"))
            """),
        ("normal-map", """
            (let* ((d (impasto-disc 30)) (image (car d)) (shape (caddr d)))
              (plug-in-impasto-bristle-normal-map RUN-INTERACTIVE image shape 0 0 0 0)
              (impasto-save image shape "normal-map.png"))
            """),
        ("normal-light", """
            (let* ((d (impasto-disc 30)) (image (car d)) (paint (cadr d)))
              (plug-in-impasto-normal-light RUN-INTERACTIVE image paint -1 0 0 0 0 0 0 0)
              (impasto-save image paint "normal-light.png"))
            """),
        ("paint-relief", """
            (let* ((d (impasto-disc 100)) (image (car d)) (shape (caddr d)))
              ; the white disc grey, on the transparent layer
              (gimp-context-set-foreground '(128 128 128))
              (gimp-drawable-edit-clear shape)
              (gimp-image-select-ellipse image CHANNEL-OP-REPLACE 50 20 100 100)
              (gimp-drawable-edit-fill shape FILL-FOREGROUND)
              (gimp-selection-none image)
              (plug-in-impasto-paint-relief RUN-INTERACTIVE image shape 0 0 0 0 0 0 0)
              (impasto-save image shape "paint-relief.png"))
            """),
        ("bristle-stroke", """
            (let* ((d (impasto-disc 0)) (image (car d)) (paint (cadr d))
                   (v (car (gimp-vectors-new image "stroke"))))
              (gimp-image-insert-vectors image v 0 0)
              (gimp-vectors-stroke-new-from-points v 0 12 (vector 20 70 20 70 20 70 180 70 180 70 180 70) FALSE)
              (gimp-image-set-active-vectors image v)
              (gimp-context-set-foreground '(20 40 160))
              (plug-in-impasto-bristle-stroke RUN-INTERACTIVE image paint -1 v 0 0 0 0 0 0)
              (impasto-save image paint "bristle-stroke.png"))
            """),
        ("bristle-brush", "(plug-in-impasto-bristle-brush RUN-INTERACTIVE 0 0 0 0 0 0 0)"),
        ("cancel", """
            (let* ((image (impasto-photo)) (layer (impasto-layer image)))
              (catch #f (plug-in-impasto-pencil-hue-saturation RUN-INTERACTIVE image layer 0 0 0 0))
              (impasto-save image layer "cancelled.png"))
            """),
    ]

    static let session = PrivateGimp()
    static let gui = GimpGUI(session: session)
    /// What the driver did: the pad's pointer positions, per dialog, for the checks.
    nonisolated(unsafe) static var padPoint: (x: Double, y: Double, pad: GimpGUI.Rect)?
    nonisolated(unsafe) static var notes: [String] = []
    nonisolated(unsafe) static var previewPosition: GimpGUI.Rect?

    static let result: PrivateGimp.BatchResult? = gui.map { gui in
        gui.run(scenarios.map(\.1), prelude: helpers) { gui in drive(gui) }
    }

    /// Operates the dialogs in the order the scenarios open them.
    static func drive(_ gui: GimpGUI) {
        // Pencil: max saturation 4 by typing, then the pen (the mouse) dragged on the pad.
        if let d = gui.dialog("plug-in-impasto-pencil-hue-saturation"), let pad = d["pencil-pad"],
           let spin = d["spin:max-saturation"], let ok = d["ok"] {
            gui.type("4", into: spin)
            let end = (x: pad.x + pad.width / 2 - 40, y: pad.y + pad.height / 2 + 30)
            gui.drag(from: pad.centre, to: end)
            padPoint = (Double(end.x - pad.x), Double(end.y - pad.y), pad)
            gui.settle()
            gui.screenshot("dialog-pencil.png", of: d["dialog"])
            if let area = d["preview"] { gui.screenshot("pencil-preview.png", of: area) }
            previewPosition = d["preview-position"]
            gui.click(ok.centre)
        } else { notes.append("no pencil dialog") }
        // Emboss: the custom look on, light 1 dragged to the lower right.
        if let d = gui.dialog("plug-in-impasto-emboss"), let custom = d["custom-look"], let sphere = d["hemisphere"],
           let ok = d["ok"] {
            gui.click(custom.centre)
            gui.settle(1)
            // Light 1 (mercury's key light, at (−2, 2.5, 3)) has its highlight up-left; grab its
            // handle and drag it down-right.
            let handles = HemisphereHandles(width: Double(sphere.width), height: Double(sphere.height), margin: 6)
            let key = handles.handle(of: SIMD3(-2, 2.5, 3)), r = handles.radius
            let grab = (x: sphere.x + Int(key.x), y: sphere.y + Int(key.y))
            gui.drag(from: grab, to: (sphere.x + sphere.width / 2 + Int(0.5 * r), sphere.y + sphere.height / 2 + Int(0.5 * r)))
            gui.settle(1)
            // A brighter light 1 and a rougher material: a broad highlight where it now is.
            if let brightness = d["spin:editor-brightness"], let roughness = d["spin:editor-roughness"] {
                gui.type("2", into: brightness)
                gui.type("0.5", into: roughness)
            } else { notes.append("no editor spin buttons") }
            gui.settle(2)
            gui.screenshot("dialog-emboss.png", of: d["dialog"])
            gui.click(ok.centre)
        } else { notes.append("no emboss dialog") }
        for procedure in ["plug-in-impasto-bristle-normal-map", "plug-in-impasto-normal-light",
                          "plug-in-impasto-paint-relief", "plug-in-impasto-bristle-stroke",
                          "plug-in-impasto-bristle-brush"] {
            guard let d = gui.dialog(procedure), let ok = d["ok"] else {
                notes.append("no dialog for \(procedure)")
                continue
            }
            gui.settle()
            gui.screenshot("dialog-\(procedure.dropFirst("plug-in-impasto-".count)).png", of: d["dialog"])
            gui.click(ok.centre)
        }
        if let d = gui.dialog("plug-in-impasto-pencil-hue-saturation"), let pad = d["pencil-pad"], let cancel = d["cancel"] {
            gui.drag(from: pad.centre, to: (pad.x + 10, pad.y + 10))
            gui.settle(0.5)
            gui.click(cancel.centre)
        } else { notes.append("no second pencil dialog") }
    }

    override class func tearDown() {
        gui?.close()
        session.remove()
        super.tearDown()
    }

    func outcome(_ name: String) throws -> PrivateGimp.Outcome? {
        XCTAssertTrue(ImpastoModule.load(), "GEGL and the module, to read the results")
        guard let result = Self.result else {
            let reason = "the dialog tests need Xvfb, xdotool and scrot (apt-get install xvfb xdotool scrot): \(GimpGUI.problem)"
            if ProcessInfo.processInfo.environment["IMPASTO_REQUIRE_GUI"] != nil { XCTFail(reason); return nil }
            throw XCTSkip(reason)
        }
        guard let i = Self.scenarios.firstIndex(where: { $0.0 == name }), i < result.outcomes.count else { return nil }
        return result.outcomes[i]
    }

    var log: String { (Self.result?.log ?? "") + "\ndriver: \(Self.notes)" }

    func image(_ name: String) throws -> FloatImage {
        guard ImpastoModule.load(), let image = FloatImage.load(URL(fileURLWithPath: Self.session.path(name))) else {
            throw GimpBatch.MissingImage(description: "\(name) was not written; GIMP said:\n\(log)")
        }
        return image
    }

    func testThePencilPadAndASpinButtonSetHueAndSaturation() throws {
        XCTAssertEqual(try outcome("pencil"), .success, log)
        let point = try XCTUnwrap(Self.padPoint, log)
        // The mouse on the pad: azimuth = its angle around the centre, altitude from its
        // distance (the rim, min(w, h)/2 − 8 px out, is 30°).
        let dx = point.x - Double(point.pad.width) / 2, dy = point.y - Double(point.pad.height) / 2
        let r = Double(min(point.pad.width, point.pad.height)) / 2 - 8
        let azimuth = atan2(dy, dx) * 180 / .pi
        let altitude = 90 - 60 * min(1, (dx * dx + dy * dy).squareRoot() / r)
        let original = try XCTUnwrap(FloatImage.load(Self.photo)), made = try image("pencil.png")
        var worst = 0.0
        for y in stride(from: 0, to: original.height, by: 3) {
            for x in stride(from: 0, to: original.width, by: 3) {
                let rgb = original.pixel(x, y).prefix(3).map(Double.init)
                let e = PencilReference.apply(rgb, azimuth: azimuth, altitude: altitude, maxSaturation: 4)
                let o = made.pixel(x, y)
                for c in 0 ..< 3 { worst = max(worst, abs(Double(o[o.startIndex + c]) - min(max(e[c], 0), 1))) }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / 255 + 1e-6, "azimuth \(azimuth), altitude \(altitude), max-saturation 4")
        XCTAssertTrue(FileManager.default.fileExists(atPath: GimpGUI.artifacts.appendingPathComponent("dialog-pencil.png").path))
    }

    /// OK applies exactly what the preview showed: the preview's pixels on the screen are the
    /// result's pixels where the preview looked.
    func testOKAppliesWhatThePreviewShowed() throws {
        XCTAssertEqual(try outcome("pencil"), .success, log)
        let position = try XCTUnwrap(Self.previewPosition, log)
        let shown = try XCTUnwrap(FloatImage.load(GimpGUI.artifacts.appendingPathComponent("pencil-preview.png")))
        let made = try image("pencil.png")
        XCTAssertEqual([shown.width, shown.height], [position.width, position.height])
        var worst: Float = 0
        for y in 0 ..< min(shown.height, position.height) {
            for x in 0 ..< min(shown.width, position.width) {
                let a = Array(shown.pixel(x, y)), b = Array(made.pixel(position.x + x, position.y + y))
                for c in 0 ..< 3 { worst = max(worst, abs(a[c] - b[c])) }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / 255 + 1e-6, "preview at \(position)")
    }

    func testCancelLeavesTheImageAlone() throws {
        guard case .error = try outcome("cancel") ?? .success else {
            // The cancelled call is caught inside the scenario, which then saves the image.
            let original = try XCTUnwrap(FloatImage.load(Self.photo)), after = try image("cancelled.png")
            XCTAssertEqual(original.samples, after.samples)
            return
        }
        XCTFail("the scenario must go on after the cancelled call:\n\(log)")
    }

    func testDraggingALightReshadesTheEmbossAndOKAppliesIt() throws {
        XCTAssertEqual(try outcome("emboss"), .success, log)
        XCTAssertEqual(try outcome("emboss-mercury"), .success, log)
        let custom = try image("emboss.png"), preset = try image("emboss-mercury.png")
        // The custom look starts from mercury's lights with the key light moved from the
        // upper left to the lower right, brighter, on a rougher material: over the relief's
        // slopes (the 10 px band inside the disc's rim), the lower-right quarter gains light
        // against mercury, more than the upper-left quarter does.
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
        XCTAssertNotEqual(custom.samples, preset.samples)
        XCTAssertEqual(Array(custom.pixel(5, 5))[3], 0, "outside the disc stays transparent")
    }

    func testTheOtherDialogsApplyTheirDefaults() throws {
        for name in ["normal-map", "normal-light", "paint-relief", "bristle-stroke"] {
            XCTAssertEqual(try outcome(name), .success, "\(name): \(log)")
        }
        XCTAssertEqual(try outcome("bristle-brush"), .success, log)
        // The normal map of the disc: flat inside (0.5, 0.5, 1), the top edge green-up.
        let normals = try image("normal-map.png")
        for (got, want) in zip(Array(normals.pixel(100, 70)), [Float(0.5), 0.5, 1, 1]) {
            XCTAssertEqual(got, want, accuracy: 1.0 / 255)
        }
        XCTAssertGreaterThan(Array(normals.pixel(100, 21))[1], 0.55)
        // Normal light chose the disc layer as the bump: the disc's top-left rim is lit.
        let lit = try image("normal-light.png")
        XCTAssertGreaterThan(Array(lit.pixel(66, 36))[0], Array(lit.pixel(134, 104))[0] + 0.02)
        // Paint relief lit the grey disc by its own edge: the top-left rim brighter, the flat
        // middle its grey, the canvas around still transparent.
        let relief = try image("paint-relief.png")
        XCTAssertGreaterThan(Array(relief.pixel(66, 36))[0], Array(relief.pixel(134, 104))[0] + 0.05)
        XCTAssertEqual(Array(relief.pixel(100, 70))[0], 128.0 / 255, accuracy: 1.0 / 255)
        XCTAssertEqual(Array(relief.pixel(5, 5))[3], 0)
        // The bristle stroke used the image's active path and the foreground colour.
        let stroke = try image("bristle-stroke.png")
        let blue = (0 ..< 140).filter { Array(stroke.pixel(100, $0))[2] > Array(stroke.pixel(100, $0))[0] + 0.3 }
        XCTAssertFalse(blue.isEmpty, "blue bristles across x = 100")
        XCTAssertTrue(blue.allSatisfy { abs($0 - 70) <= 18 }, "\(blue)")
        for name in ["dialog-bristle-normal-map.png", "dialog-normal-light.png", "dialog-paint-relief.png",
                     "dialog-bristle-stroke.png", "dialog-bristle-brush.png", "dialog-emboss.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: GimpGUI.artifacts.appendingPathComponent(name).path), name)
        }
    }
}
