// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoBrushFiles
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The Brushes dialog's filter finds Impasto's brushes, as a user finds them: in GIMP 2.10's
/// user interface on a virtual display, with the brushes plugin-install.sh puts in the
/// profile's "Impasto" folders (GIMP tags a folder's data with the folder's name), a hand
/// clicks the Brushes dockable's tag filter and types "Impasto". GIMP does not say where its
/// own widgets are or what its grid shows, so a GTK module loaded into it
/// (Tests/Fixtures/tag-probe.c, compiled here) reports the filter's place and the number of
/// brushes the grid shows; the typing is xdotool's.
final class TagFilterGUITests: XCTestCase {
    static let session = PrivateGimp()
    static let gui = GimpGUI(session: session)
    static let probe = session.root.appendingPathComponent("tag-probe.so")
    static let counts = session.root.appendingPathComponent("tag-count.txt")
    static let done = session.root.appendingPathComponent("driver-done")

    /// What the grid showed: unfiltered, filtered by "Impasto", by a tag nothing has.
    nonisolated(unsafe) static var shown: (all: Int, impasto: Int, none: Int)?
    nonisolated(unsafe) static var notes: [String] = []

    static let built: String? = {
        let flags = runCommand("pkg-config", ["--cflags", "--libs", "gtk+-2.0"])
        guard flags.status == 0 else { return "pkg-config gtk+-2.0: \(flags.output)" }
        let cc = runCommand("cc", ["-shared", "-fPIC", "-o", probe.path, BuildProducts.fixture("tag-probe.c").path]
                                + flags.output.split(whereSeparator: \.isWhitespace).map(String.init))
        return cc.status == 0 ? nil : "cc: \(cc.output)"
    }()

    /// GIMP waits (Script-Fu asking for the driver's file) while the driver works.
    static let result: PrivateGimp.BatchResult? = gui.flatMap { gui in
        guard built == nil else { return nil }
        let wait = "(let loop () (if (= 0 (car (file-glob \"\(done.path)\" 0))) (loop)))"
        return gui.run([wait], prelude: "", environment: ["GTK_MODULES": probe.path, "IMPASTO_TAG_PROBE_COUNT": counts.path]) {
            drive($0)
            FileManager.default.createFile(atPath: done.path, contents: Data())
        }
    }

    /// The number of brushes the grid shows once it has held still for a second.
    static func settledCount() -> Int? {
        var last: Int?, stable = 0
        for _ in 0 ..< 40 {
            usleep(300_000)
            let now = (try? String(contentsOf: counts, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            stable = now != nil && now == last ? stable + 1 : 0
            last = now
            if stable >= 3 { return now }
        }
        return last
    }

    static func drive(_ gui: GimpGUI) {
        guard let d = gui.dialog("gimp-brush-grid", timeout: 180), let filter = d["filter"] else {
            notes.append("the Brushes dockable's filter was not found")
            return
        }
        let all = settledCount()
        gui.screenshot("tag-filter-all.png")
        gui.click(filter.centre)
        gui.xdotool(["type", "--delay", "60", "--", "Impasto"])
        gui.xdotool(["key", "Return"])
        let impasto = settledCount()
        gui.screenshot("tag-filter-impasto.png")
        gui.xdotool(["key", "ctrl+a"])
        gui.xdotool(["type", "--delay", "60", "--", "Impastoo"])
        gui.xdotool(["key", "Return"])
        let none = settledCount()
        if let all, let impasto, let none { shown = (all, impasto, none) } else { notes.append("no counts: \(String(describing: (all, impasto, none)))") }
    }

    override class func tearDown() {
        gui?.close()
        session.remove()
        super.tearDown()
    }

    func testTypingImpastoInTheBrushesFilterShowsImpastosBrushes() throws {
        if let problem = Self.built { throw XCTSkip("cannot build the GTK probe: \(problem)") }
        guard Self.result != nil else { throw GimpGUI.unavailable() }
        let ours = BristleBrush.profileFiles.filter { $0.hasPrefix("brushes/") }.count
        guard let shown = Self.shown else {
            return XCTFail("the driver saw no grid: \(Self.notes)\n\(Self.result?.log ?? "")")
        }
        XCTAssertEqual(ours, 2, "the round and the flat bristle brushes")
        XCTAssertGreaterThan(shown.all, ours, "unfiltered, the grid shows GIMP's brushes too")
        XCTAssertEqual(shown.impasto, ours, "the filter \"Impasto\" shows Impasto's brushes and nothing else")
        XCTAssertEqual(shown.none, 0, "a tag nothing has shows nothing: the filter filters")
    }
}
