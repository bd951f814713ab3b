// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where `swift build` / `swift test` put the products the tests exercise: the test binary
/// sits in the same bin directory as the plug-in and the GEGL module.
public enum BuildProducts {
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let binDirectory: URL = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent()
    }()

    public static var module: URL { binDirectory.appendingPathComponent("libimpasto-gegl.so") }
    public static var plugIn: URL { binDirectory.appendingPathComponent("impasto") }
    /// The build tool that writes the standard brushes and the help pages (`impasto-data`).
    public static var dataTool: URL { binDirectory.appendingPathComponent("impasto-data") }

    public static func fixture(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name)
    }

    /// A fresh directory under the system's temporary directory.
    public static func temporaryDirectory(_ label: String) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("impasto-tests-\(label)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// The result of running a command.
public struct CommandResult {
    public let status: Int32
    public let output: String
}

/// Runs `executable` with `arguments` and extra `environment`, capturing stdout and stderr.
public func runCommand(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                       removing removed: [String] = []) -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    var env = ProcessInfo.processInfo.environment
    for key in removed { env.removeValue(forKey: key) }
    env.merge(environment) { $1 }
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return CommandResult(status: -1, output: "\(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
}
