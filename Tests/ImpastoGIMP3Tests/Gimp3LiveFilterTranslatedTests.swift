// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoFrontEnd
import ImpastoTestSupport
import XCTest

/// GIMP 3.0 (trixie) and 3.2 (forky) started in German, and in French, on the root's virtual
/// display, with the module's catalogue where plugin-install.sh puts it (impasto-locale beside
/// the module): a hand opens Filters → Light and Shadow, finds Impasto's live filters there
/// under their translated menu labels, opens the emboss, and reads GIMP's generated dialog:
/// its title, every label and the chosen values in that language, none in English. GIMP draws
/// these itself (our geometry hook does not reach them), so the test reads them off the screen
/// (`ScreenText`: tesseract, with the language's data).
///
/// GIMP quits after the last batch command, so that command opens Impasto's own emboss dialog
/// (RUN-INTERACTIVE), which keeps GIMP up until the hand cancels it.
final class Gimp3LiveFilterTranslatedTests: XCTestCase {
    /// What the emboss's dialog shows at its defaults, in English: the labels of the settings
    /// not hidden behind the Custom look, and the values chosen.
    static let labels = ["Radius", "Depth", "Profile", "Liquify", "Mask", "Result", "Look"]
    static let values = ["Round", "Shape: cut out along transparency", "Shaded relief", "Mercury"]

    static let prelude = """
        (define image (car (gimp-image-new 400 300 RGB)))
        (define layer (car (gimp-layer-new image "shape" 400 300 RGBA-IMAGE 100 LAYER-MODE-NORMAL)))
        (gimp-image-insert-layer image layer 0 0)
        (gimp-image-select-ellipse image CHANNEL-OP-REPLACE 50 50 300 200)
        (gimp-context-set-foreground '(230 120 40))
        (gimp-drawable-edit-fill layer FILL-FOREGROUND)
        (gimp-selection-none image)
        (gimp-display-new image)
        """

    func check(_ suite: Gimp3Root.Suite, _ language: GimpLanguage) throws {
        try Gimp3Root.skipUnlessRequested(suite)
        if let missing = ScreenText.missing(language: language.code) { return XCTFail(missing) }
        let root = try Gimp3Root.prepare(suite).get()
        let plugIn = try root.buildPlugIn().get()
        let session = try Gimp3Session(root: root)
        defer { session.remove() }
        try session.installPlugIn(plugIn)
        try session.installCatalogue(language.code, in: "profile/plug-ins/impasto/locale")
        try session.installCatalogue(language.code, in: "data/gegl-0.4/plug-ins/impasto-locale")
        let locale = try session.makeLocale(language.locale)
        let catalogue = try GettextCatalogue(contentsOf: BuildProducts.packageRoot.appendingPathComponent("po/\(language.code).po").path)

        let gui = try Gimp3GUI(session: session)
        let notes = DriverNotes()
        var menu: ScreenText?, dialog: ScreenText?, title: String?
        let artifacts = "live-filter-\(suite)-\(language.code)"
        let emboss = "(catch #f (plug-in-impasto-emboss RUN-INTERACTIVE image (vector layer) 10 10 \"round\" 0 \"alpha\" -1 \"\"))"
        let result = gui.run([emboss], prelude: Self.prelude, environment: locale) { gui in
            guard let ours = gui.dialog("plug-in-impasto-emboss"), let cancel = ours["cancel"] else {
                return notes.add("no Impasto emboss dialog")
            }
            defer {
                // Whatever is still open (a menu, GIMP's dialog) goes with Escape; Impasto's
                // dialog with Cancel, or GIMP waits for it until the run's time-out.
                gui.xdotool(["mousemove", "\(cancel.centre.x)", "\(cancel.centre.y)"])
                for _ in 0 ..< 3 { gui.xdotool(["key", "Escape"]); gui.settle(0.3) }
                if !gui.waitForClosing(of: "plug-in-impasto-emboss", count: 1, timeout: 5) { gui.click(cancel.centre) }
            }
            // Impasto's dialog opened last, over the image window's menus; GIMP's filter dialog
            // will open over both.
            guard let image = gui.window(containing: "400x300") else { return notes.add("no image window") }
            gui.xdotool(["windowraise", image.id])
            gui.settle(1)
            guard let lightAndShadow = gui.lightAndShadowMenu(of: image, in: language, notes: notes, artifacts: artifacts) else { return }
            menu = lightAndShadow
            guard notes.step(gui.open(catalogue.translate("Impasto Emboss..."), in: lightAndShadow)) != nil else { return }
            guard let window = gui.window(containing: "(impasto:emboss)") else { return notes.add("no live filter dialog") }
            title = window.name
            gui.xdotool(["mousemove", "1", "\(GimpGUI.screen.height - 1)"])  // no tooltip over the labels
            gui.settle(1)
            dialog = notes.step(gui.read(window.frame, language: language.code, name: "\(artifacts)-dialog"))
            gui.xdotool(["mousemove", "\(window.frame.centre.x)", "\(window.frame.centre.y)", "key", "Escape"])
            gui.settle(1)
        }
        let context = "driver: \(notes.all)\nartifacts: \(GimpGUI.artifacts.path)/\(artifacts)-*.png\n\(result.log)"

        XCTAssertEqual(title, "\(catalogue.translate("Impasto Emboss")) (impasto:emboss)", context)
        guard let menu, let dialog else { return XCTFail(context) }
        for english in ["Impasto Emboss...", "Impasto Paint Relief..."] {
            XCTAssertNotNil(menu.find(catalogue.translate(english), item: true), "the menu label of \(english):\n\(menu.text)")
        }
        for english in Self.labels + Self.values {
            let translated = catalogue.translate(english)
            XCTAssertNotNil(catalogue.messages[english], "po/\(language.code).po translates \(english)")
            XCTAssertNotNil(dialog.find(translated), "\(english) as \"\(translated)\" in the dialog:\n\(dialog.text)")
            if translated != english {
                XCTAssertNil(dialog.find(english), "\"\(english)\" left in English:\n\(dialog.text)")
            }
        }
    }

    func testTrixieGerman() throws { try check(.trixie, .german) }
    func testTrixieFrench() throws { try check(.trixie, .french) }
    func testForkyGerman() throws { try check(.forky, .german) }
    func testForkyFrench() throws { try check(.forky, .french) }
}
