// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// GIMP 2.10 in batch mode on a private, throw-away profile: the plug-in and the GEGL
/// module are put in place by `plugin-install.sh --from <build dir>` with GIMP2_DIRECTORY
/// and the XDG directories pointing into a temporary directory, so the user's real
/// profile is never read or written. No display is needed (gimp-console).
public final class PrivateGimp {
    public let root: URL
    public let environment: [String: String]
    public let installOutput: CommandResult
    /// Whether GIMP loads fonts (needed for text layers; costs start-up time).
    let fonts: Bool
    /// Whether GIMP loads brushes, dynamics and its other data (needed to use them).
    let data: Bool

    public init(fonts: Bool = false, data: Bool = false) {
        self.fonts = fonts
        self.data = data
        root = BuildProducts.temporaryDirectory("gimp")
        let profile = root.appendingPathComponent("profile")
        // GIMP complains on every start without a gradients folder in a new profile.
        try? FileManager.default.createDirectory(at: profile.appendingPathComponent("gradients"),
                                                 withIntermediateDirectories: true)
        environment = [
            "HOME": root.appendingPathComponent("home").path,
            "GIMP2_DIRECTORY": profile.path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
        ]
        installOutput = runCommand(BuildProducts.packageRoot.appendingPathComponent("plugin-install.sh").path,
                                   ["--from", BuildProducts.binDirectory.path],
                                   environment: environment, removing: ["GEGL_PATH"])
    }

    /// The outcome of one `-b` command of a batch run.
    public enum Outcome: Equatable {
        case success
        case error(String)
    }

    public struct BatchResult {
        public let outcomes: [Outcome]
        public let log: String

        public init(outcomes: [Outcome], log: String) {
            self.outcomes = outcomes
            self.log = log
        }
    }

    /// Runs each command as its own `-b` (an error ends only that command), then quits.
    /// Every `-b` has its own Script-Fu environment, so `prelude` (definitions) is put in
    /// front of each command. With `addressSpace` (bytes), GIMP and its plug-ins run under
    /// that cap on their virtual memory (`ulimit -v`), to see how they fare without memory.
    public func batch(_ commands: [String], prelude: String = "", addressSpace: Int? = nil,
                      environment extra: [String: String] = [:]) -> BatchResult {
        var arguments = ["-i"] + (data ? [] : ["-d"]) + (fonts ? [] : ["-f"])
        arguments += Self.batchArguments(commands, prelude: prelude)
        let gimp = ["timeout", "600", "gimp-console-2.10"] + arguments
        let capped = addressSpace.map { ["/bin/sh", "-c", "ulimit -v \($0 / 1024) && exec \"$@\"", "sh"] + gimp } ?? gimp
        let result = runCommand(capped[0], Array(capped.dropFirst()),
                                environment: environment.merging(extra) { $1 }, removing: ["GEGL_PATH", "DISPLAY"])
        return BatchResult(outcomes: Self.outcomes(in: result.output), log: result.output)
    }

    /// Runs `gimp` (a GIMP with its arguments) with its output going to `log`, while `drive`
    /// operates it from this thread; then its verdicts and log. (A GUI session's run: GIMP 2.10
    /// on the host, GIMP 3 in its root.)
    public static func runDriven(_ gimp: Process, log: URL, drive: () -> Void) -> BatchResult {
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try? FileHandle(forWritingTo: log)
        gimp.standardOutput = output
        gimp.standardError = output
        do { try gimp.run() } catch {
            return BatchResult(outcomes: [], log: "\(gimp.executableURL?.lastPathComponent ?? "GIMP") did not start: \(error)")
        }
        drive()
        gimp.waitUntilExit()
        try? output?.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return BatchResult(outcomes: outcomes(in: text), log: text)
    }

    /// One `-b` per command, each with `prelude` in front (every -b has its own Script-Fu
    /// environment), then the quit.
    public static func batchArguments(_ commands: [String], prelude: String) -> [String] {
        commands.flatMap { ["-b", "(begin \(prelude)\n\($0))"] } + ["-b", "(gimp-quit 0)"]
    }

    /// Script-Fu prints one verdict per -b command, in order; an error is followed by its text.
    public static func outcomes(in log: String) -> [Outcome] {
        var outcomes: [Outcome] = []
        let lines = log.components(separatedBy: "\n")
        for (i, line) in lines.enumerated() {
            if line.hasPrefix("batch command executed successfully") {
                outcomes.append(.success)
            } else if line.hasPrefix("batch command experienced an execution error") {
                outcomes.append(.error(i + 1 < lines.count ? lines[i + 1] : ""))
            }
        }
        return outcomes
    }

    public func path(_ name: String) -> String {
        root.appendingPathComponent(name).path
    }

    /// Deletes the profile and everything the session wrote (static sessions never deinit).
    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    deinit {
        remove()
    }
}

/// A test class's named Script-Fu scenarios, run once in one GIMP session (each its own -b
/// command), with what each test then checks: a scenario's verdict and the files it saved.
public final class GimpBatch {
    public let session: PrivateGimp
    public let scenarios: [(name: String, script: String)]
    public let result: PrivateGimp.BatchResult

    public init(session: PrivateGimp, scenarios: [(String, String)], prelude: String, addressSpace: Int? = nil,
                environment: [String: String] = [:]) {
        self.session = session
        self.scenarios = scenarios.map { (name: $0.0, script: $0.1) }
        result = session.batch(scenarios.map(\.1), prelude: prelude, addressSpace: addressSpace, environment: environment)
    }

    /// GIMP's whole output, for failure messages.
    public var log: String { result.log }
    public var outcomes: [PrivateGimp.Outcome] { result.outcomes }

    /// The verdict of the scenario called `name`, or nil if GIMP never got to it.
    public func outcome(_ name: String) -> PrivateGimp.Outcome? {
        guard let i = scenarios.firstIndex(where: { $0.name == name }), i < outcomes.count else { return nil }
        return outcomes[i]
    }

    public struct MissingImage: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// A README picture a scenario made (`name` in the session's folder) and the committed
    /// one in Tests/Gallery, both read as R'G'B'A float.
    public func gallery(_ name: String) throws -> (made: FloatImage, committed: FloatImage) {
        let made = try image(name)
        let url = BuildProducts.packageRoot.appendingPathComponent("Tests/Gallery/\(name)")
        guard let committed = FloatImage.load(url, format: "R'G'B'A float") else {
            throw MissingImage(description: "\(url.path) is missing; the plug-in made \(session.path(name))")
        }
        return (made, committed)
    }

    /// Keeps README picture `name` (Tests/Gallery/`gallery`, by default the same name) as the
    /// plug-in made it where it outlives the session (whose folder goes when the tests end),
    /// and says how to commit it: for a failing comparison's message.
    public func regenerate(_ name: String, as gallery: String? = nil) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("impasto-gallery")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let picture = gallery ?? name, kept = folder.appendingPathComponent(picture)
        try? FileManager.default.removeItem(at: kept)
        try? FileManager.default.copyItem(atPath: session.path(name), toPath: kept.path)
        return "regenerate it: cp \(kept.path) \(BuildProducts.packageRoot.path)/Tests/Gallery/\(picture)"
    }

    /// An 8-bit image a scenario saved in the session's folder, as its codes.
    public func codes(_ name: String) throws -> ImageCodes {
        guard ImpastoModule.load(), let codes = ImageCodes.load(URL(fileURLWithPath: session.path(name))) else {
            throw MissingImage(description: "\(name) was not written; GIMP said:\n\(log)")
        }
        return codes
    }

    /// An image a scenario saved in the session's folder, read through GEGL in `format`.
    public func image(_ name: String, format: String = "R'G'B'A float") throws -> FloatImage {
        guard ImpastoModule.load(),
              let image = FloatImage.load(URL(fileURLWithPath: session.path(name)), format: format) else {
            throw MissingImage(description: "\(name) was not written; GIMP said:\n\(log)")
        }
        return image
    }
}
