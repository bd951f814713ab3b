// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoBrushFiles
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The Brushes dialog's filter finds Impasto's brushes in GIMP 3.0 and 3.2 (where a new user
/// first found nothing), as TagFilterGUITests finds them in GIMP 2.10: the brushes written into
/// the profile's "Impasto" folders as an install writes them, GIMP 3's user interface on an
/// Xvfb in its root, the root's xdotool typing "Impasto" into the Brushes dockable's tag filter,
/// and the probe (`TagFilterProbe`, built in the root against its GTK 3) reporting the grid.
final class Gimp3TagFilterGUITests: XCTestCase {
    struct Run {
        let shown: Result<TagFilterProbe.Shown, TagFilterProbe.Problem>?
        let log: String
    }

    nonisolated(unsafe) static let runs = Gimp3Runs<Run>()

    override class func tearDown() {
        runs.removeSessions()
        super.tearDown()
    }

    func run(_ suite: Gimp3Root.Suite) throws -> Run {
        try Self.runs.run(suite, brush: true) { root, session in
            let source = session.hostFolder.appendingPathComponent("tag-probe.c")
            try FileManager.default.copyItem(at: TagFilterProbe.source, to: source)
            let built = root.run(["sh", "-c", "cc -shared -fPIC -o \(session.path("tag-probe.so")) \(session.path("tag-probe.c")) "
                                        + "$(pkg-config --cflags --libs gtk+-3.0)"])
            guard built.status == 0 else { throw Gimp3Root.Problem(description: "the probe did not build:\n\(built.output)") }
            let gui = try Gimp3GUI(session: session)
            let counts = session.hostFolder.appendingPathComponent("tag-count.txt")
            let done = session.hostFolder.appendingPathComponent("driver-done")
            var shown: Result<TagFilterProbe.Shown, TagFilterProbe.Problem>?
            let result = gui.run([TagFilterProbe.waitFor(session.path("driver-done"), gimp3: true)], prelude: "",
                                 environment: TagFilterProbe.environment(module: session.path("tag-probe.so"),
                                                                         counts: session.path("tag-count.txt"))) { gui in
                shown = TagFilterProbe.drive(gui, counts: counts)
                FileManager.default.createFile(atPath: done.path, contents: Data())
            }
            return Run(shown: shown, log: result.log)
        }
    }

    func check(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        let ours = BristleBrush.profileFiles.filter { $0.hasPrefix("brushes/") }.count
        switch run.shown {
        case .success(let shown):
            XCTAssertGreaterThan(shown.all, ours, "unfiltered, the grid shows GIMP's brushes too")
            XCTAssertEqual(shown.impasto, ours, "the filter \"Impasto\" shows Impasto's brushes and nothing else")
            XCTAssertEqual(shown.none, 0, "a tag nothing has shows nothing: the filter filters")
        case .failure(let problem): XCTFail("\(problem)\n\(run.log)")
        case nil: XCTFail("the driver did not run\n\(run.log)")
        }
    }

    func testTypingImpastoInTheBrushesFilterShowsImpastosBrushesInGIMP30() throws { try check(.trixie) }
    func testTypingImpastoInTheBrushesFilterShowsImpastosBrushesInGIMP32() throws { try check(.forky) }
}
