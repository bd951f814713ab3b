// SPDX-License-Identifier: GPL-3.0-or-later
// impasto-generate: writes the files made from the Swift declarations (GeneratedSources).
//
//   swift run impasto-generate                 rewrites every file that is not what it should be
//   swift run impasto-generate --check         lists them ("stale: PATH") and fails instead
//   swift run impasto-generate --list          prints the path of every file it writes
//   … --package DIR                            the package at DIR (default: this source's)
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
let check = arguments.contains("--check")
var package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
if let i = arguments.firstIndex(of: "--package"), i + 1 < arguments.count { package = arguments[i + 1] }
var stale = 0
do {
    if arguments.contains("--list") {
        for file in try GeneratedSources.files(package: package) { print(file.path) }
        exit(0)
    }
    for file in try GeneratedSources.files(package: package) {
        let path = package + "/" + file.path
        guard (try? String(contentsOfFile: path, encoding: .utf8)) != file.text else { continue }
        stale += 1
        if check {
            print("stale: \(file.path)")
        } else {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            // In place, not by a rename: a script keeps its mode.
            try file.text.write(toFile: path, atomically: false, encoding: .utf8)
            print("wrote \(file.path)")
        }
    }
} catch {
    FileHandle.standardError.write("impasto-generate: \(error)\n".data(using: .utf8)!)
    exit(2)
}
if check && stale > 0 { print("run: swift run impasto-generate") }
exit(check && stale > 0 ? 1 : 0)
