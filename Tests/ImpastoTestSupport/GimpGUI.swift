// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// GIMP 2.10 with its user interface on a virtual X display (Xvfb), on a PrivateGimp's
/// throw-away profile, for the dialog tests: Script-Fu batch commands open Impasto dialogs in
/// RUN-INTERACTIVE, a driver moves the pointer and presses keys with xdotool, and scrot takes
/// screenshots. The plug-in reports where its dialog's widgets are on the screen (the
/// IMPASTO_UI_GEOMETRY file), so the driver does not depend on the layout.
///
/// Xvfb runs under a watchdog shell that ends it when the shell's standard input (the
/// `lifeline` pipe, whose only writer is this process) closes: `close()` closes it, and so
/// does the kernel when the test process ends, however it ends; a static GimpGUI is never
/// deinitialised, so without this the display outlived `swift test`.
public final class GimpGUI: DialogDriver {
    public let session: PrivateGimp
    public let display: String
    /// The Xvfb server's process ID (−1 on a pen display, which its owner ends).
    public let xvfbProcessID: Int32
    private let watchdog: Process?
    private let lifeline: Pipe?
    public let geometryFile: URL
    public var consumedLines = 0

    /// Where screenshots go: IMPASTO_ARTIFACTS, or .build/test-artifacts in the package.
    public static let artifacts: URL = {
        let url = ProcessInfo.processInfo.environment["IMPASTO_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
            ?? BuildProducts.packageRoot.appendingPathComponent(".build/test-artifacts")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A rectangle on the screen.
    public struct Rect: Equatable {
        public let x, y, width, height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }

        public var centre: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
    }

    /// The virtual display's size (GIMP 2.10's and GIMP 3's).
    public static let screen = Rect(x: 0, y: 0, width: 1600, height: 1000)

    /// One open dialog: its widgets by name ("dialog", "ok", "cancel", "reset",
    /// "slider:NAME", "spin:NAME", and the procedure's own, e.g. "pencil-pad").
    public struct Dialog {
        public let procedure: String
        public let widgets: [String: Rect]
        public subscript(_ name: String) -> Rect? { widgets[name] }
    }

    /// GIMP on a pen display (`PenDisplay`, which its owner ends) instead of an Xvfb of its own;
    /// nil (with the reason in `problem`) when the tools are missing.
    public init?(session: PrivateGimp, pen: PenDisplay) {
        self.session = session
        geometryFile = session.root.appendingPathComponent("geometry.txt")
        guard Self.toolsInstalled(["xdotool", "gimp-2.10"]) else { return nil }
        display = pen.display
        xvfbProcessID = -1
        watchdog = nil
        lifeline = nil
    }

    private static func toolsInstalled(_ tools: [String]) -> Bool {
        for tool in tools where runCommand("/bin/sh", ["-c", "command -v \(tool)"]).status != 0 {
            problem = "\(tool) is not installed"
            return false
        }
        return true
    }

    /// Starts Xvfb; nil (with the reason in `problem`) when it or the tools are missing.
    public init?(session: PrivateGimp) {
        self.session = session
        geometryFile = session.root.appendingPathComponent("geometry.txt")
        guard Self.toolsInstalled(["Xvfb", "xdotool", "scrot", "gimp-2.10"]) else { return nil }
        let pipe = Pipe()
        let lifeline = Pipe()
        self.lifeline = lifeline
        // Only this process may hold the writing end, or the watchdog would never see it close
        // (GIMP and the tools are started later and must not inherit it).
        _ = fcntl(lifeline.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        let watchdog = Process()
        self.watchdog = watchdog
        watchdog.executableURL = URL(fileURLWithPath: "/bin/sh")
        watchdog.arguments = ["-c", """
            Xvfb -displayfd 1 -screen 0 \(Self.screen.width)x\(Self.screen.height)x24 -nolisten tcp </dev/null & xvfb=$!
            echo "pid $xvfb"
            cat >/dev/null
            kill $xvfb; wait $xvfb
            """]
        watchdog.standardInput = lifeline
        watchdog.standardOutput = pipe
        watchdog.standardError = FileHandle.nullDevice
        do { try watchdog.run() } catch {
            Self.problem = "Xvfb did not start: \(error)"
            return nil
        }
        // Two lines, in either order: "pid N" from the watchdog, the display number from Xvfb.
        var pid: Int32?, number: String?
        while pid == nil || number == nil {
            var line = ""
            while let byte = try? pipe.fileHandleForReading.read(upToCount: 1), let c = byte.first, c != 10 {
                line.append(Character(UnicodeScalar(c)))
            }
            if line.hasPrefix("pid ") { pid = Int32(line.dropFirst(4)) } else if !line.isEmpty { number = line } else { break }
        }
        xvfbProcessID = pid ?? -1
        guard pid != nil, let number else {
            Self.problem = "Xvfb gave no display number"
            try? lifeline.fileHandleForWriting.close()
            return nil
        }
        display = ":" + number
    }

    public private(set) static var problem = ""

    /// What a GUI test throws when it cannot run here: a failure where IMPASTO_REQUIRE_GUI says
    /// the tools must be there (`.ci/test` sets it), a skip elsewhere.
    public static func unavailable(_ reason: String? = nil) -> Error {
        let reason = reason ?? "the dialog tests need Xvfb, xdotool and scrot (apt-get install xvfb xdotool scrot): \(problem)"
        return ProcessInfo.processInfo.environment["IMPASTO_REQUIRE_GUI"] != nil
            ? Unavailable(description: reason) : XCTSkip(reason)
    }

    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// Ends Xvfb (closing the lifeline is all it takes) and waits for it to be gone.
    public func close() {
        guard let watchdog, watchdog.isRunning else { return }
        try? lifeline?.fileHandleForWriting.close()
        watchdog.waitUntilExit()
    }

    deinit {
        close()
    }

    /// Runs GIMP with one `-b` per command (each with `prelude`), then quits; `drive` runs
    /// meanwhile, on this thread, to operate the dialogs the commands open. `extra`: more
    /// environment (e.g. LANGUAGE).
    public func run(_ commands: [String], prelude: String, environment extra: [String: String] = [:],
                    drive: (GimpGUI) -> Void) -> PrivateGimp.BatchResult {
        let arguments = ["--no-splash", "-f"] + PrivateGimp.batchArguments(commands, prelude: prelude)
        var environment = ProcessInfo.processInfo.environment
        for name in ["GEGL_PATH", "GIMP2_DIRECTORY"] { environment.removeValue(forKey: name) }
        environment.merge(session.environment) { $1 }
        environment.merge(extra) { $1 }
        environment["DISPLAY"] = display
        environment["IMPASTO_UI_GEOMETRY"] = geometryFile.path
        environment["NO_AT_BRIDGE"] = "1"
        let gimp = Process()
        gimp.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gimp.arguments = ["timeout", "600", "gimp-2.10"] + arguments
        gimp.environment = environment
        return PrivateGimp.runDriven(gimp, log: session.root.appendingPathComponent("gui.log")) { drive(self) }
    }

    @discardableResult
    public func xdotool(_ arguments: [String]) -> CommandResult {
        runCommand("xdotool", arguments, environment: ["DISPLAY": display])
    }

    /// A screenshot of `rect` (or the whole screen) saved as a test artifact named `name`.
    @discardableResult
    public func screenshot(_ name: String, of rect: Rect? = nil) -> URL {
        let url = Self.artifacts.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        xdotool(["mousemove", "0", "0"])  // no tooltip in the picture
        usleep(300_000)
        var arguments = ["-o", url.path]
        if let r = rect { arguments = ["-a", "\(r.x),\(r.y),\(r.width),\(r.height)"] + arguments }
        runCommand("scrot", arguments, environment: ["DISPLAY": display])
        return url
    }
}

/// Driving a GIMP's dialogs on a virtual display with xdotool, where the plug-in reported
/// their widgets (the IMPASTO_UI_GEOMETRY file): GIMP 2.10's `GimpGUI` and GIMP 3's `Gimp3GUI`.
public protocol DialogDriver: AnyObject {
    /// The X display, as the host reaches it.
    var display: String { get }
    /// The geometry file as the host sees it.
    var geometryFile: URL { get }
    /// How many of its lines the dialogs already returned have used.
    var consumedLines: Int { get set }
    @discardableResult
    func xdotool(_ arguments: [String]) -> CommandResult
}

extension DialogDriver {
    public typealias Rect = GimpGUI.Rect
    public typealias Dialog = GimpGUI.Dialog

    /// Waits for the next dialog of `procedure` to be on screen.
    public func dialog(_ procedure: String, timeout: TimeInterval = 120) -> Dialog? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let lines = ((try? String(contentsOf: geometryFile, encoding: .utf8)) ?? "")
                .split(separator: "\n").dropFirst(consumedLines)
            if let end = lines.firstIndex(of: Substring("\(procedure) ready")) {
                var widgets: [String: Rect] = [:]
                for line in lines[..<end] {
                    let f = line.split(separator: " ")
                    guard f.count == 6, f[0] == procedure, let x = Int(f[2]), let y = Int(f[3]),
                          let w = Int(f[4]), let h = Int(f[5]) else { continue }
                    widgets[String(f[1])] = Rect(x: x, y: y, width: w, height: h)
                }
                consumedLines = end + 1
                usleep(500_000)  // let the first preview render
                return Dialog(procedure: procedure, widgets: widgets)
            }
            usleep(200_000)
        }
        return nil
    }

    /// Presses the left button at `from`, drags through to `to` and lets go.
    public func drag(from: (x: Int, y: Int), to: (x: Int, y: Int), steps: Int = 8) {
        xdotool(["mousemove", "\(from.x)", "\(from.y)", "mousedown", "1"])
        for i in 1 ... steps {
            let x = from.x + (to.x - from.x) * i / steps, y = from.y + (to.y - from.y) * i / steps
            xdotool(["mousemove", "\(x)", "\(y)"])
            usleep(30_000)
        }
        xdotool(["mouseup", "1"])
    }

    public func click(_ at: (x: Int, y: Int)) {
        xdotool(["mousemove", "\(at.x)", "\(at.y)", "click", "1"])
    }

    /// Types `text` into the spin button at `rect`, replacing its value, and confirms it.
    /// (It clicks into the left quarter: GTK 3's spin buttons have their − and + on the right.)
    public func type(_ text: String, into rect: Rect) {
        xdotool(["mousemove", "\(rect.x + rect.width / 4)", "\(rect.y + rect.height / 2)", "click", "--repeat", "3", "1"])
        xdotool(["key", "ctrl+a"])
        xdotool(["type", "--", text])
        xdotool(["key", "Tab"])
    }

    /// Waits for the preview to catch up with the last change.
    public func settle(_ seconds: Double = 1.5) {
        usleep(useconds_t(seconds * 1_000_000))
    }
}
