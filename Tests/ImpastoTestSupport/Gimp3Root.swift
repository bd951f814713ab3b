// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// A Debian root with Debian's own GIMP 3, made and cached by `.ci/gimp3-root`: trixie has
/// GIMP 3.0.x, forky (testing) 3.2.x. The GIMP 3 test layer builds the GEGL module inside it
/// with the host's Swift and runs GIMP 3 there in batch mode. Commands run as root through
/// chroot, with this repo bind-mounted at its own path, so paths in the repo are the same
/// inside and out.
public struct Gimp3Root {
    public enum Suite: String, CaseIterable {
        case trixie, forky

        /// The GIMP minor version Debian ships in the suite (its gimp-console-X.Y).
        public var gimpVersion: String {
            switch self {
            case .trixie: "3.0"
            case .forky: "3.2"
            }
        }
    }

    public let suite: Suite
    /// The root's directory on the host.
    public let directory: URL

    static let script = BuildProducts.packageRoot.appendingPathComponent(".ci/gimp3-root").path

    /// The suites `IMPASTO_GIMP3_ROOTS` lists (e.g. "trixie,forky"): the GIMP 3 layer runs in
    /// these and is skipped for the others (it needs root, debootstrap and the Debian mirror).
    public static var requested: [Suite] {
        let value = ProcessInfo.processInfo.environment["IMPASTO_GIMP3_ROOTS"] ?? ""
        return value.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Suite(rawValue: String($0)) }
    }

    /// Skips the calling test unless `IMPASTO_GIMP3_ROOTS` lists `suite`, saying how to run it.
    public static func skipUnlessRequested(_ suite: Suite) throws {
        guard requested.contains(suite) else {
            throw XCTSkip("GIMP \(suite.gimpVersion) runs in a Debian \(suite) root: as root, "
                          + "IMPASTO_GIMP3_ROOTS=trixie,forky swift test (see docs/testing.md, \"GIMP 3 tests\")")
        }
    }

    /// Why a root could not be used, with the script's output.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    private static var prepared: [Suite: Result<Gimp3Root, Problem>] = [:]

    /// The root of `suite`, made (or re-used from the cache) and with the GEGL module built
    /// inside it; once per process.
    public static func prepare(_ suite: Suite) -> Result<Gimp3Root, Problem> {
        if let known = prepared[suite] { return known }
        let result = make(suite)
        prepared[suite] = result
        return result
    }

    private static func make(_ suite: Suite) -> Result<Gimp3Root, Problem> {
        let made = runCommand(script, ["make", suite.rawValue])
        guard made.status == 0 else {
            return .failure(Problem(description: "\(script) make \(suite) failed:\n\(made.output)"))
        }
        let path = runCommand(script, ["path", suite.rawValue]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let root = Gimp3Root(suite: suite, directory: URL(fileURLWithPath: path))
        let built = root.run(["swift", "build", "--scratch-path", root.scratchPath, "--product", "impasto-gegl"])
        guard built.status == 0, FileManager.default.fileExists(atPath: root.module.path) else {
            return .failure(Problem(description: "swift build in the \(suite) root failed:\n\(built.output)"))
        }
        return .success(root)
    }

    /// SwiftPM's scratch path for builds inside this root (the host's stays `.build`).
    public var scratchPath: String { ".build-\(suite.rawValue)" }

    /// The GEGL module built inside the root against its GEGL (the same path inside and out).
    public var module: URL {
        BuildProducts.packageRoot.appendingPathComponent("\(scratchPath)/debug/libimpasto-gegl.so")
    }

    /// Runs `arguments` as root inside the root, in the repo, with a clean environment.
    public func run(_ arguments: [String], environment: [String: String] = [:]) -> CommandResult {
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return runCommand(Self.script, ["run", suite.rawValue, "env"] + assignments + arguments)
    }
}

/// GIMP 3 in batch mode inside a `Gimp3Root`, on a private, throw-away profile in the root's
/// /tmp: GIMP3_DIRECTORY and the XDG directories point there, and the module built in the root
/// is installed in that XDG_DATA_HOME's gegl-0.4/plug-ins, where GIMP 3 loads it from.
public final class Gimp3Session {
    public let root: Gimp3Root
    /// The session's folder as GIMP (inside the root) sees it, and as the host sees it.
    public let folder: String
    public let hostFolder: URL
    let environment: [String: String]

    public init(root: Gimp3Root) throws {
        self.root = root
        folder = "/tmp/impasto-gimp3-\(UUID().uuidString.prefix(8))"
        hostFolder = root.directory.appendingPathComponent(String(folder.dropFirst()))
        let plugIns = hostFolder.appendingPathComponent("data/gegl-0.4/plug-ins")
        let manager = FileManager.default
        // GIMP complains on every start without a gradients folder in a new profile.
        try manager.createDirectory(at: hostFolder.appendingPathComponent("profile/gradients"),
                                    withIntermediateDirectories: true)
        try manager.createDirectory(at: plugIns, withIntermediateDirectories: true)
        try manager.copyItem(at: root.module, to: plugIns.appendingPathComponent("libimpasto-gegl.so"))
        environment = [
            "HOME": "\(folder)/home",
            "GIMP3_DIRECTORY": "\(folder)/profile",
            "XDG_CONFIG_HOME": "\(folder)/config",
            "XDG_DATA_HOME": "\(folder)/data",
            "XDG_CACHE_HOME": "\(folder)/cache",
        ]
    }

    /// Each command as its own `-b` with `prelude` in front (every -b has its own Script-Fu
    /// environment), through Script-Fu's batch interpreter; `--quit` ends GIMP afterwards.
    /// With `data`, GIMP loads its brushes, dynamics and other data (needed to use them).
    public func batch(_ commands: [String], prelude: String = "", data: Bool = false,
                      environment extra: [String: String] = [:]) -> PrivateGimp.BatchResult {
        let arguments = ["-i"] + (data ? [] : ["-d"]) + ["-f", "--batch-interpreter=plug-in-script-fu-eval"]
            + commands.flatMap { ["-b", "(begin \(prelude)\n\($0))"] } + ["--quit"]
        let result = root.run(["timeout", "600", "gimp-console-\(root.suite.gimpVersion)"] + arguments,
                              environment: environment.merging(extra) { $1 })
        return PrivateGimp.BatchResult(outcomes: PrivateGimp.outcomes(in: result.output), log: result.output)
    }

    /// A file in the session's folder, as GIMP sees it (for scripts).
    public func path(_ name: String) -> String { "\(folder)/\(name)" }

    /// Deletes the profile and everything the session wrote.
    public func remove() {
        try? FileManager.default.removeItem(at: hostFolder)
    }
}
