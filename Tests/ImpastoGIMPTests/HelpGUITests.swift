// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoTestSupport
import XCTest

/// Help in an Impasto dialog of GIMP 2.10 started in German, on a virtual display: the Help
/// button opens Impasto's German page of that procedure. GIMP's help browser preference is the
/// web browser, which GTK starts through GIO's default application for the page: a desktop file
/// of a script that records the address. (The screenshot help-dialog-de.png shows the dialog in
/// German.)
final class HelpGUITests: XCTestCase {
    static let session = PrivateGimp()
    static let gui = GimpGUI(session: session)
    static let opened = session.path("opened.txt")
    nonisolated(unsafe) static var notes: [String] = []

    static let result: PrivateGimp.BatchResult? = gui.map { gui in
        try? HelpPageCalls.installRecorder(script: session.path("record-uri"), opened: opened,
                                           dataHome: session.environment["XDG_DATA_HOME"] ?? "",
                                           configHome: session.environment["XDG_CONFIG_HOME"] ?? "")
        try? "(help-browser web-browser)\n".write(toFile: session.path("profile/gimprc"), atomically: true, encoding: .utf8)
        let emboss = """
            (let* ((image (car (gimp-image-new 64 48 RGB)))
                   (layer (car (gimp-layer-new image 64 48 RGBA-IMAGE "shape" 100 LAYER-MODE-NORMAL))))
              (gimp-image-insert-layer image layer 0 0)
              (catch #f (plug-in-impasto-emboss RUN-INTERACTIVE image layer 10 10 0 0 0 -1 "")))
            """
        return gui.run([emboss], prelude: "", environment: ["LANGUAGE": "de", "LC_ALL": "C.UTF-8"]) { gui in
            guard let d = gui.dialog("plug-in-impasto-emboss"), let cancel = d["cancel"] else {
                return notes.append("no emboss dialog")
            }
            guard let help = d["help"] else {
                notes.append("the emboss dialog has no Help button")
                return gui.click(cancel.centre)
            }
            _ = gui.screenshot("help-dialog-de.png", of: d["dialog"])
            gui.click(help.centre)
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline && !FileManager.default.fileExists(atPath: opened) { usleep(200_000) }
            if !FileManager.default.fileExists(atPath: opened) {
                notes.append("nothing opened within 60 s")
                _ = gui.screenshot("help-nothing-opened.png")
            }
            // A message GIMP may have shown (on top of the dialog) goes with Escape, then Cancel.
            gui.xdotool(["key", "Escape"])
            gui.settle(1)
            gui.click(cancel.centre)
        }
    }

    override class func tearDown() {
        gui?.close()
        session.remove()
        super.tearDown()
    }

    func testHelpOpensTheProceduresPageInGIMPsLanguage() throws {
        guard let result = Self.result else { throw GimpGUI.unavailable() }
        // GIO hands a local page over as its path (a desktop file's %u).
        let opened = ((try? String(contentsOfFile: Self.opened, encoding: .utf8)) ?? "").replacingOccurrences(of: "file://", with: "")
        XCTAssertEqual(opened, Self.session.path("profile/plug-ins/impasto/help/de/plug-in-impasto-emboss.html") + "\n")
        XCTAssertEqual(Self.notes, [], result.log)
    }
}
