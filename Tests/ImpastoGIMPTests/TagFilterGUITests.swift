// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoBrushFiles
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The Brushes dialog's filter finds Impasto's brushes, as a user finds them: in GIMP 2.10's
/// user interface on a virtual display, with the brushes plugin-install.sh puts in the
/// profile's "Impasto" folders (GIMP tags a folder's data with the folder's name), a hand
/// clicks the Brushes dockable's tag filter and types "Impasto" (`TagFilterProbe`).
final class TagFilterGUITests: XCTestCase {
    static let session = PrivateGimp()
    static let gui = GimpGUI(session: session)
    static let probe = session.root.appendingPathComponent("tag-probe.so")
    static let counts = session.root.appendingPathComponent("tag-count.txt")
    static let done = session.root.appendingPathComponent("driver-done")

    static let built: String? = {
        let flags = runCommand("pkg-config", ["--cflags", "--libs", "gtk+-2.0"])
        guard flags.status == 0 else { return "pkg-config gtk+-2.0: \(flags.output)" }
        let cc = runCommand("cc", ["-shared", "-fPIC", "-o", probe.path, TagFilterProbe.source.path]
                                + flags.output.split(whereSeparator: \.isWhitespace).map(String.init))
        return cc.status == 0 ? nil : "cc: \(cc.output)"
    }()

    /// GIMP waits (Script-Fu asking for the driver's file) while the driver works.
    nonisolated(unsafe) static var shown: Result<TagFilterProbe.Shown, TagFilterProbe.Problem>?
    static let result: PrivateGimp.BatchResult? = gui.flatMap { gui in
        guard built == nil else { return nil }
        return gui.run([TagFilterProbe.waitFor(done.path)], prelude: "",
                       environment: TagFilterProbe.environment(module: probe.path, counts: counts.path)) { gui in
            shown = TagFilterProbe.drive(gui, counts: counts) { gui.screenshot($0) }
            FileManager.default.createFile(atPath: done.path, contents: Data())
        }
    }

    override class func tearDown() {
        gui?.close()
        session.remove()
        super.tearDown()
    }

    func testTypingImpastoInTheBrushesFilterShowsImpastosBrushes() throws {
        if let problem = Self.built { throw XCTSkip("cannot build the GTK probe: \(problem)") }
        guard let result = Self.result else { throw GimpGUI.unavailable() }
        let ours = BristleBrush.profileFiles.filter { $0.hasPrefix("brushes/") }.count
        XCTAssertEqual(ours, 2, "the round and the flat bristle brushes")
        switch Self.shown {
        case .success(let shown):
            XCTAssertGreaterThan(shown.all, ours, "unfiltered, the grid shows GIMP's brushes too")
            XCTAssertEqual(shown.impasto, ours, "the filter \"Impasto\" shows Impasto's brushes and nothing else")
            XCTAssertEqual(shown.none, 0, "a tag nothing has shows nothing: the filter filters")
        case .failure(let problem): XCTFail("\(problem)\n\(result.log)")
        case nil: XCTFail("the driver did not run\n\(result.log)")
        }
    }
}
