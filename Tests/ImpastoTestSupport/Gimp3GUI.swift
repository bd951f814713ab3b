// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// GIMP 3's user interface inside a `Gimp3Root`, on a virtual X display (the root's Xvfb), on a
/// `Gimp3Session`'s private profile, for the GIMP 3 dialog tests: Script-Fu batch commands open
/// Impasto dialogs in RUN-INTERACTIVE, a driver on this thread operates them with the root's
/// xdotool where the plug-in reported their widgets (IMPASTO_UI_GEOMETRY), and the plug-in saves
/// what the screen showed of each dialog and its preview when it closes (IMPASTO_UI_SNAPSHOTS;
/// the roots have no screenshot tool). What GIMP draws itself is read with the host's
/// (`GimpMenus`).
///
/// One `.ci/gimp3-root run` holds the root (its lock) while GIMP runs: Xvfb, then GIMP, then
/// Xvfb ended. The driver reaches the display through the X server's abstract socket, which a
/// chroot shares with the host, and runs the root's xdotool by chroot directly (the script's
/// lock is taken). The display number is picked free among 400 … 899 (a host Xvfb would look
/// for its lock files in the host's /tmp, not the root's), or among IMPASTO_XVFB_DISPLAYS
/// (e.g. "40-49") on a machine whose other users keep to other numbers.
public final class Gimp3GUI: DialogDriver {
    public let session: Gimp3Session
    public let display: String
    public let geometryFile: URL
    public var consumedLines = 0
    /// Where the plug-in saves its snapshots, as GIMP (inside the root) sees it.
    let snapshots: String

    /// Whether `run` starts (and ends) an Xvfb of its own in the root, or GIMP goes on a display
    /// on the host (a `PenDisplay`).
    let ownsDisplay: Bool

    /// GIMP 3 on an Xvfb inside the root, or, given `pen`, on the host's pen display.
    public init(session: Gimp3Session, pen: PenDisplay? = nil) throws {
        self.session = session
        geometryFile = session.hostFolder.appendingPathComponent("geometry.txt")
        snapshots = session.path("snapshots")
        try FileManager.default.createDirectory(at: session.hostFolder.appendingPathComponent("snapshots"),
                                                withIntermediateDirectories: true)
        display = pen?.display ?? ":\(Self.freeDisplayNumber())"
        ownsDisplay = pen == nil
    }

    /// A display number no X server listens on, picked at random among `displayNumbers`.
    public static func freeDisplayNumber() -> Int {
        let busy = (try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8)) ?? ""
        return displayNumbers.shuffled().first { !busy.contains("/tmp/.X11-unix/X\($0)\n") } ?? displayNumbers.lowerBound
    }

    static var displayNumbers: ClosedRange<Int> {
        let bounds = (ProcessInfo.processInfo.environment["IMPASTO_XVFB_DISPLAYS"] ?? "")
            .split(separator: "-").compactMap { Int($0) }
        return bounds.count == 2 && bounds[0] <= bounds[1] ? bounds[0] ... bounds[1] : 400 ... 899
    }

    /// Runs GIMP with one `-b` per command (each with `prelude`), then quits; `drive` runs
    /// meanwhile, on this thread, to operate the dialogs the commands open. `extra`: more
    /// environment (e.g. LANGUAGE).
    public func run(_ commands: [String], prelude: String, environment extra: [String: String] = [:],
                    drive: (Gimp3GUI) -> Void) -> PrivateGimp.BatchResult {
        let number = String(display.dropFirst())
        let script = !ownsDisplay ? """
            shift
            DISPLAY=:\(number) exec timeout 600 gimp-\(session.root.suite.gimpVersion) --no-splash -f \\
              --batch-interpreter=plug-in-script-fu-eval "$@"
            """ : """
            Xvfb :\(number) -screen 0 \(GimpGUI.screen.width)x\(GimpGUI.screen.height)x24 -nolisten tcp >"$1/xvfb.log" 2>&1 & xvfb=$!
            shift
            for i in $(seq 100); do [ -S /tmp/.X11-unix/X\(number) ] && break; sleep 0.1; done
            DISPLAY=:\(number) timeout 600 gimp-\(session.root.suite.gimpVersion) --no-splash -f \\
              --batch-interpreter=plug-in-script-fu-eval "$@"
            status=$?
            kill $xvfb; wait $xvfb
            rm -f /tmp/.X\(number)-lock
            exit $status
            """
        var environment = session.environment.merging(extra) { $1 }
        environment["IMPASTO_UI_GEOMETRY"] = session.path("geometry.txt")
        environment["IMPASTO_UI_SNAPSHOTS"] = snapshots
        environment["NO_AT_BRIDGE"] = "1"
        let batch = commands.flatMap { ["-b", "(begin \(prelude)\n\($0))"] } + ["--quit"]
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let gimp = Process()
        gimp.executableURL = URL(fileURLWithPath: Gimp3Root.script)
        gimp.arguments = ["run", session.root.suite.rawValue, "env"] + assignments
            + ["bash", "-c", script, "bash", session.folder] + batch
        return PrivateGimp.runDriven(gimp, log: session.hostFolder.appendingPathComponent("gui.log")) { drive(self) }
    }

    /// The root's xdotool on the root's display.
    @discardableResult
    public func xdotool(_ arguments: [String]) -> CommandResult {
        runCommand("chroot", [session.root.directory.path, "/usr/bin/env", "-i", "DISPLAY=\(display)", "/usr/bin/xdotool"]
                   + arguments)
    }

    /// One closed dialog, as the plug-in reported it: OK or Cancel, and what the screen showed
    /// of the dialog and of its preview (files on the host) and which area of the drawable
    /// that preview was.
    public struct Closing {
        public let ok: Bool
        public let dialog: URL?
        public let preview: URL?
        public let previewArea: Rect?
    }

    /// The dialogs of `procedure` closed so far, in order.
    public func closings(of procedure: String) -> [Closing] {
        let text = (try? String(contentsOf: geometryFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ").map(String.init)
            guard f.count >= 5, f[0] == procedure, f[1] == "closed" else { return nil }
            func host(_ path: String) -> URL? {
                path == "-" ? nil : session.root.directory.appendingPathComponent(String(path.dropFirst()))
            }
            let numbers = f.dropFirst(5).compactMap { Int($0) }
            let area = numbers.count == 4 ? Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]) : nil
            return Closing(ok: f[2] == "ok", dialog: host(f[3]), preview: host(f[4]), previewArea: area)
        }
    }

    /// Waits until `procedure`'s `count`-th dialog has closed (its snapshots are written).
    @discardableResult
    public func waitForClosing(of procedure: String, count: Int, timeout: TimeInterval = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if closings(of: procedure).count >= count { return true }
            usleep(200_000)
        }
        return false
    }
}
