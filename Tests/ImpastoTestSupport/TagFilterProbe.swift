// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The Brushes dockable's tag filter, typed into by a hand (xdotool). GIMP
/// does not say where its own widgets are or what its grid shows, so a GTK module loaded into
/// it (`GTK_MODULES`, Tests/Fixtures/tag-probe.c, compiled against the GIMP's own GTK) writes
/// the filter's place into the geometry file ("gimp-brush-grid filter X Y W H", then
/// "gimp-brush-grid ready") and the number of brushes the grid shows into `counts`.
public enum TagFilterProbe {
    /// What the grid showed: unfiltered, filtered by "Impasto", and by a tag nothing has.
    public struct Shown: Equatable {
        public let all: Int, impasto: Int, none: Int
    }

    /// The probe's source.
    public static let source = BuildProducts.fixture("tag-probe.c")

    /// The environment that loads the probe (`module`, `counts`: paths as GIMP sees them).
    public static func environment(module: String, counts: String) -> [String: String] {
        ["GTK_MODULES": module, "IMPASTO_TAG_PROBE_COUNT": counts]
    }

    /// A Script-Fu command that keeps GIMP 2.10 running until the file `done` exists.
    public static func waitFor(_ done: String) -> String {
        "(let loop () (if (= 0 (car (file-glob \"\(done)\" 0))) (loop)))"
    }

    /// Clicks the filter, types "Impasto", then a tag nothing has; what the grid showed, or why not.
    public static func drive(_ gui: DialogDriver, counts: URL, screenshot: (String) -> Void = { _ in }) -> Result<Shown, Problem> {
        guard let d = gui.dialog("gimp-brush-grid", timeout: 180), let filter = d["filter"] else {
            return .failure(Problem(description: "the Brushes dockable's filter was not found"))
        }
        let all = settledCount(counts)
        screenshot("tag-filter-all.png")
        gui.click(filter.centre)
        gui.xdotool(["type", "--delay", "60", "--", "Impasto"])
        gui.xdotool(["key", "Return"])
        let impasto = settledCount(counts)
        screenshot("tag-filter-impasto.png")
        gui.xdotool(["key", "ctrl+a"])
        gui.xdotool(["type", "--delay", "60", "--", "Impastoo"])
        gui.xdotool(["key", "Return"])
        let none = settledCount(counts)
        guard let all, let impasto, let none else {
            return .failure(Problem(description: "the grid's counts: \(String(describing: (all, impasto, none)))"))
        }
        return .success(Shown(all: all, impasto: impasto, none: none))
    }

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The number of brushes the grid shows once it has held still for a second.
    static func settledCount(_ counts: URL) -> Int? {
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
}
