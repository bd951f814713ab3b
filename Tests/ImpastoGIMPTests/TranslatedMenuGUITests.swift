// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoFrontEnd
import ImpastoTestSupport
import XCTest

/// GIMP 2.10 started in German, and in French, on a virtual display, with the plug-in and its
/// catalogues as plugin-install.sh installs them: a hand opens Filters → Light and Shadow and
/// reads Impasto's entries there, each under its translated menu label. GIMP 2.10 keeps what
/// the plug-in registered in English and translates it itself, in the domain the plug-in
/// registered, as it draws the menu; so the menu is read off the screen (`ScreenText`).
///
/// GIMP quits after the last batch command, so that command opens Impasto's own emboss dialog
/// (RUN-INTERACTIVE), which keeps GIMP up until the hand cancels it; the image is clean, or
/// GIMP 2.10 would ask before it quits.
final class TranslatedMenuGUITests: XCTestCase {
    static let prelude = """
        (define image (car (gimp-image-new 400 300 RGB)))
        (define layer (car (gimp-layer-new image 400 300 RGBA-IMAGE "shape" 100 LAYER-MODE-NORMAL)))
        (gimp-image-insert-layer image layer 0 0)
        (gimp-display-new image)
        (gimp-image-clean-all image)
        """

    /// The procedures GIMP 2.10 lists under Filters → Light and Shadow.
    static let lightAndShadow = procedures.filter { $0.menuPath == "<Image>/Filters/Light and Shadow" }

    func check(_ language: GimpLanguage) throws {
        let session = PrivateGimp()
        defer { session.remove() }
        guard let gui = GimpGUI(session: session) else { throw GimpGUI.unavailable() }
        defer { gui.close() }
        if let missing = ScreenText.missing(language: language.code) { throw GimpGUI.unavailable(missing) }
        let catalogue = try GettextCatalogue(contentsOf: BuildProducts.packageRoot.appendingPathComponent("po/\(language.code).po").path)

        let notes = DriverNotes()
        var menu: ScreenText?
        let artifacts = "menu-gimp-2.10-\(language.code)"
        let emboss = "(catch #f (plug-in-impasto-emboss RUN-INTERACTIVE image layer 10 10 0 0 0 -1 \"\"))"
        let result = gui.run([emboss], prelude: Self.prelude, environment: ["LANGUAGE": language.code, "LC_ALL": "C.UTF-8"]) { gui in
            guard let ours = gui.dialog("plug-in-impasto-emboss"), let cancel = ours["cancel"] else {
                return notes.add("no Impasto emboss dialog")
            }
            defer {
                // An open menu goes with Escape; Impasto's dialog with Cancel.
                gui.xdotool(["mousemove", "\(cancel.centre.x)", "\(cancel.centre.y)"])
                for _ in 0 ..< 3 { gui.xdotool(["key", "Escape"]); gui.settle(0.3) }
                gui.click(cancel.centre)
            }
            // Impasto's dialog opened last, over the image window's menus.
            guard let image = gui.window(containing: "400x300") else { return notes.add("no image window") }
            gui.xdotool(["windowraise", image.id])
            gui.settle(1)
            menu = gui.lightAndShadowMenu(of: image, in: language, notes: notes, artifacts: artifacts)
        }
        guard let menu else {
            return XCTFail("driver: \(notes.all)\nartifacts: \(GimpGUI.artifacts.path)/\(artifacts)-*.png\n\(result.log)")
        }
        XCTAssertEqual(Self.lightAndShadow.count, 3)
        for procedure in Self.lightAndShadow {
            XCTAssertNotNil(catalogue.messages[procedure.menuLabel], "po/\(language.code).po translates \(procedure.menuLabel)")
            let label = catalogue.translate(procedure.menuLabel).filter { $0 != "_" }
            XCTAssertNotNil(menu.find(label, item: true), "\(procedure.name)'s menu label \"\(label)\":\n\(menu.text)")
            XCTAssertNil(menu.find(procedure.menuLabel.filter { $0 != "_" }, item: true), "\(procedure.name) left in English")
        }
    }

    func testTheMenuIsGerman() throws { try check(.german) }
    func testTheMenuIsFrench() throws { try check(.french) }
}
