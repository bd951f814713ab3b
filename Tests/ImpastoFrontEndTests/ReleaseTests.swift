// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoFrontEnd
import XCTest

/// What a distributor reads: the licence in LICENSE and atop every source file, and one version
/// that the installer, the plug-ins (ImpastoGIMPTests/PluginInstallTests) and the README tell alike.
final class ReleaseTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    func testTheInstallerAndTheReadmeTellTheDeclaredVersion() throws {
        let process = Process()
        process.executableURL = Self.root.appendingPathComponent("plugin-install.sh")
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(said, "impasto \(ImpastoRelease.version)\n")
        XCTAssertTrue(try text("README.md").contains("Impasto \(ImpastoRelease.version)"), "the README names the version")
        XCTAssertTrue(try text("README.md").contains("impasto-\(ImpastoRelease.version)-linux-x86_64.tar.gz"),
                      "and the release bundle's name (plugin-install.sh --bundle makes it from the same declaration)")
        XCTAssertTrue(ImpastoRelease.attribution.date.contains(ImpastoRelease.version))
        XCTAssertTrue(ImpastoRelease.attribution.copyright.contains("GPL-3.0-or-later"))
    }

    func testTheLicenceIsInLicenseAndAtopEverySourceFile() throws {
        let licence = try text("LICENSE")
        XCTAssertTrue(licence.contains("GNU GENERAL PUBLIC LICENSE") && licence.contains("Version 3, 29 June 2007"))
        XCTAssertTrue(try text("README.md").contains("GPL-3.0-or-later"))
        var checked = 0
        let sources = ["Sources", "Tests", ".ci", "bundle", "scripts"].flatMap { folder -> [String] in
            let base = Self.root.appendingPathComponent(folder)
            let all = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            return all.map { String($0.path.dropFirst(Self.root.path.count + 1)) }
        } + ["Package.swift", "plugin-install.sh"]
        for path in sources {
            let name = (path as NSString).lastPathComponent
            let isSource = [".swift", ".c", ".h", ".modulemap", ".map"].contains { name.hasSuffix($0) }
                || (path.hasPrefix(".ci/") && !name.contains(".")) || name.hasSuffix(".sh")
            guard isSource, !path.contains("/Fixtures/"), !path.contains("/Gallery/") else { continue }
            let head = try text(path).split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).prefix(2)
            XCTAssertTrue(head.contains { $0.contains("SPDX-License-Identifier: GPL-3.0-or-later") }, "\(path) has no SPDX line")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 150, "the source files were found")
    }
}
