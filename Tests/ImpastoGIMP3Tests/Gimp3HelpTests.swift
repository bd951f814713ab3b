// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoFrontEnd
import ImpastoTestSupport
import XCTest

/// The help pages in GIMP 3.0 (trixie) and 3.2 (forky), installed beside the plug-in as
/// plugin-install.sh puts them: the plug-in registers them as its help domain; every page's
/// GIMP 3 call and live-filter call runs as a reader would copy it; and in GIMP started in
/// German, on the root's virtual display, the Help button of Impasto's emboss dialog opens the
/// German page. GIMP's help browser preference is the web browser, which GTK starts through
/// GIO's default handler for the page: a desktop file of a script that records the address.
///
/// Live filters (the ops GIMP 3 lists in its menus) get GIMP's own help ID for every
/// third-party op ("gimp-tool-gegl", app/actions/filters-actions.c) and GIMP's manual: no op
/// key changes that, so their Help is not Impasto's (the README says where the pages are).
final class Gimp3HelpTests: XCTestCase {
    /// image, drawable (a layer with an orange disc), bump (a layer below it), path (one stroke).
    static let prelude = """
        (define image (car (gimp-image-new 64 48 RGB)))
        (define bump (car (gimp-layer-new image "bump" 64 48 RGBA-IMAGE 100 LAYER-MODE-NORMAL)))
        (define drawable (car (gimp-layer-new image "paint" 64 48 RGBA-IMAGE 100 LAYER-MODE-NORMAL)))
        (define path (car (gimp-path-new image "stroke")))
        (gimp-image-insert-layer image bump 0 0)
        (gimp-image-insert-layer image drawable 0 0)
        (gimp-image-select-ellipse image CHANNEL-OP-REPLACE 8 8 48 32)
        (gimp-context-set-foreground '(230 120 40))
        (gimp-drawable-edit-fill drawable FILL-FOREGROUND)
        (gimp-selection-none image)
        (gimp-image-insert-path image path 0 0)
        (gimp-path-stroke-new-from-points path 0 (vector 8 24 8 24 8 24 56 24 56 24 56 24) FALSE)
        """

    func check(_ suite: Gimp3Root.Suite) throws {
        try Gimp3Root.skipUnlessRequested(suite)
        let root = try Gimp3Root.prepare(suite).get()
        let plugIn = try root.buildPlugIn().get()
        let session = try Gimp3Session(root: root)
        defer { session.remove() }
        try session.installPlugIn(plugIn)
        let help = session.hostProfile.appendingPathComponent("plug-ins/impasto/help")
        try HelpPages.write(into: help.path, package: BuildProducts.packageRoot.path)

        // Every page's calls, GIMP 3's and the live filter's.
        let calls: [(String, String)] = procedures.flatMap { procedure in
            let page = help.appendingPathComponent("en/\(procedure.name).html")
            return (HelpPageCalls.calls(in: page, kind: "gimp-3") + HelpPageCalls.calls(in: page, kind: "gimp-3-filter"))
                .map { (procedure.name, $0) }
        }
        XCTAssertEqual(calls.count, procedures.count + procedures.filter { $0.menuOperation != nil }.count)
        let batch = session.batch(calls.map(\.1), prelude: Self.prelude)
        for (i, (procedure, call)) in calls.enumerated() {
            XCTAssertEqual(i < batch.outcomes.count ? batch.outcomes[i] : nil, .success, "\(procedure): \(call)\n\(batch.log)")
        }
        let pluginrc = String(decoding: try Data(contentsOf: session.hostProfile.appendingPathComponent("pluginrc")), as: UTF8.self)
        XCTAssertTrue(pluginrc.contains("(help-def \"\(HelpPages.domain)\" \"file://\(session.path("profile/plug-ins/impasto/help"))\")"),
                      pluginrc)

        // Help in the emboss dialog, GIMP in German.
        let files = FileManager.default
        let opened = session.hostFolder.appendingPathComponent("opened.txt")
        try HelpPageCalls.installRecorder(script: session.path("record-uri"), opened: session.path("opened.txt"),
                                          dataHome: session.path("data"), configHome: session.path("config")) {
            session.hostFolder.path + $0.dropFirst(session.folder.count)
        }
        try "(help-browser web-browser)\n".write(to: session.hostProfile.appendingPathComponent("gimprc"), atomically: true, encoding: .utf8)

        let gui = try Gimp3GUI(session: session)
        var notes: [String] = []
        let emboss = """
            (let* ((image (car (gimp-image-new 64 48 RGB)))
                   (layer (car (gimp-layer-new image "shape" 64 48 RGBA-IMAGE 100 LAYER-MODE-NORMAL))))
              (gimp-image-insert-layer image layer 0 0)
              (catch #f (plug-in-impasto-emboss RUN-INTERACTIVE image (vector layer) 10 10 "round" 0 "alpha" -1 "")))
            """
        let result = gui.run([emboss], prelude: "", environment: ["LANGUAGE": "de"]) { gui in
            guard let d = gui.dialog("plug-in-impasto-emboss"), let cancel = d["cancel"] else {
                return notes.append("no emboss dialog")
            }
            guard let help = d["help"] else {
                notes.append("the emboss dialog has no Help button")
                return gui.click(cancel.centre)
            }
            gui.click(help.centre)
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline && !files.fileExists(atPath: opened.path) { usleep(200_000) }
            if !files.fileExists(atPath: opened.path) { notes.append("nothing opened within 60 s") }
            // A message GIMP may have shown (on top of the dialog) goes with Escape, then Cancel.
            gui.xdotool(["key", "Escape"])
            gui.settle(1)
            gui.click(cancel.centre)
        }
        // GIO hands a local page over as its path (a desktop file's %u).
        let address = ((try? String(contentsOf: opened, encoding: .utf8)) ?? "").replacingOccurrences(of: "file://", with: "")
        XCTAssertEqual(address, session.path("profile/plug-ins/impasto/help/de/plug-in-impasto-emboss.html") + "\n",
                       "driver: \(notes)\n\(result.log)")
    }

    func testTrixie() throws { try check(.trixie) }
    func testForky() throws { try check(.forky) }
}
