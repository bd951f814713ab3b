// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// docs/architecture.md is a newcomer's map of the tree: every file under Sources/ is named in
/// it (by its name without extension, as a word), so a new file cannot slip in unmapped. The
/// system-library shims (`module.modulemap`, `shim.h`) are the table's `CGEGL`-style rows.
final class ArchitectureDocTests: XCTestCase {
    func testEverySourceFileIsNamedInTheArchitecture() throws {
        let doc = try String(contentsOf: ReleaseTests.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let sources = ReleaseTests.root.appendingPathComponent("Sources")
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: [.isRegularFileKey]))
        var unnamed: [String] = [], count = 0
        while let url = walker.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                  !["module.modulemap", "shim.h"].contains(url.lastPathComponent) else { continue }
            count += 1
            let name = url.deletingPathExtension().lastPathComponent
            let word = "(?<![A-Za-z0-9_])" + NSRegularExpression.escapedPattern(for: name) + "(?![A-Za-z0-9_])"
            if doc.range(of: word, options: .regularExpression) == nil {
                unnamed.append(String(url.path.dropFirst(sources.path.count + 1)))
            }
        }
        XCTAssertGreaterThan(count, 100, "the walk found Sources/")
        XCTAssertEqual(unnamed.sorted(), [], "files docs/architecture.md does not name")
    }
}
