import Foundation
import ImpastoTestSupport
import XCTest

/// plugin-install.sh with prebuilt products (--from), in throw-away home and XDG directories.
final class PluginInstallTests: XCTestCase {
    let script = BuildProducts.packageRoot.appendingPathComponent("plugin-install.sh").path

    func install(_ arguments: [String], _ environment: [String: String]) -> CommandResult {
        runCommand(script, arguments, environment: environment,
                   removing: ["GIMP2_DIRECTORY", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "GEGL_PATH"])
    }

    /// Every file (or with `.isDirectoryKey`, every folder) below `root`, relative to it.
    func files(below root: URL, _ kind: URLResourceKey = .isRegularFileKey) -> Set<String> {
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [kind])
        var found: Set<String> = []
        while let url = walker?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [kind]).allValues[kind] as? Bool) == true {
                found.insert(String(url.path.dropFirst(root.path.count + 1)))
            }
        }
        return found
    }

    func testDefaultsToTheHomeDirectoryAndWritesNothingElse() {
        let home = BuildProducts.temporaryDirectory("home")
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["HOME": home.path]
        let first = install(["--from", BuildProducts.binDirectory.path], env)
        XCTAssertEqual(first.status, 0, first.output)
        XCTAssertEqual(files(below: home), [".config/GIMP/2.10/plug-ins/impasto/impasto",
                                            ".config/GIMP/2.10/plug-ins/impasto/installed-folders",
                                            ".config/GIMP/2.10/brushes/impasto-bristle.gih",
                                            ".config/GIMP/2.10/dynamics/impasto-bristle.gdyn",
                                            ".local/share/gegl-0.4/plug-ins/libimpasto-gegl.so"])
        XCTAssertTrue(first.output.contains("verified: gegl sees impasto:pencil-hue-saturation"), first.output)
        let plugIn = home.appendingPathComponent(".config/GIMP/2.10/plug-ins/impasto/impasto").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: plugIn))

        let again = install(["--from", BuildProducts.binDirectory.path], env)
        XCTAssertEqual(again.status, 0, again.output)
        XCTAssertEqual(again.output.components(separatedBy: "up to date:").count - 1, 4, "idempotent: \(again.output)")

        let removed = install(["--uninstall"], env)
        XCTAssertEqual(removed.status, 0, removed.output)
        XCTAssertEqual(files(below: home), [], removed.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent(".config/GIMP/2.10/plug-ins/impasto").path))
    }

    func testUninstallRemovesTheFoldersTheInstallCreatedAndNoOther() throws {
        let home = BuildProducts.temporaryDirectory("folders")
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["HOME": home.path]
        // Into an empty home: every folder is the install's, and all go again.
        XCTAssertEqual(install(["--from", BuildProducts.binDirectory.path], env).status, 0)
        let removed = install(["--uninstall"], env)
        XCTAssertEqual(removed.status, 0, removed.output)
        XCTAssertEqual(files(below: home, .isDirectoryKey), [], removed.output)

        // The user's own folders stay, even empty; a folder the install made but that now
        // holds something else of the user's stays too.
        let manager = FileManager.default
        let profile = home.appendingPathComponent(".config/GIMP/2.10")
        for folder in ["brushes", "dynamics"] {
            try manager.createDirectory(at: profile.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        XCTAssertTrue(manager.createFile(atPath: profile.appendingPathComponent("brushes/mine.gbr").path, contents: Data([1])))
        XCTAssertEqual(install(["--from", BuildProducts.binDirectory.path], env).status, 0)
        let gegl = home.appendingPathComponent(".local/share/gegl-0.4/plug-ins")
        XCTAssertTrue(manager.createFile(atPath: gegl.appendingPathComponent("other.so").path, contents: Data([1])))
        let again = install(["--uninstall"], env)
        XCTAssertEqual(again.status, 0, again.output)
        XCTAssertEqual(files(below: home), [".config/GIMP/2.10/brushes/mine.gbr", ".local/share/gegl-0.4/plug-ins/other.so"],
                       again.output)
        XCTAssertEqual(files(below: home, .isDirectoryKey), [".config", ".config/GIMP", ".config/GIMP/2.10", ".config/GIMP/2.10/brushes",
                                              ".config/GIMP/2.10/dynamics", ".local", ".local/share",
                                              ".local/share/gegl-0.4", ".local/share/gegl-0.4/plug-ins"], again.output)
    }

    func testHonoursGimp2DirectoryAndXdgDataHome() {
        let root = BuildProducts.temporaryDirectory("xdg")
        defer { try? FileManager.default.removeItem(at: root) }
        let env = ["HOME": root.appendingPathComponent("home").path,
                   "GIMP2_DIRECTORY": root.appendingPathComponent("profile").path,
                   "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                   "XDG_DATA_HOME": root.appendingPathComponent("data").path]
        let result = install(["--from", BuildProducts.binDirectory.path], env)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(files(below: root), ["profile/plug-ins/impasto/impasto",
                                            "profile/plug-ins/impasto/installed-folders",
                                            "profile/brushes/impasto-bristle.gih",
                                            "profile/dynamics/impasto-bristle.gdyn",
                                            "data/gegl-0.4/plug-ins/libimpasto-gegl.so"])
        XCTAssertEqual(install(["--uninstall"], env).status, 0)
        XCTAssertEqual(files(below: root), [])
    }

    func testXdgConfigHomeLocatesTheProfileWithoutGimp2Directory() {
        let root = BuildProducts.temporaryDirectory("config")
        defer { try? FileManager.default.removeItem(at: root) }
        let env = ["HOME": root.appendingPathComponent("home").path,
                   "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                   "XDG_DATA_HOME": root.appendingPathComponent("data").path]
        XCTAssertEqual(install(["--from", BuildProducts.binDirectory.path], env).status, 0)
        XCTAssertTrue(files(below: root).contains("config/GIMP/2.10/plug-ins/impasto/impasto"))
    }

    func testARelativeGimp2DirectoryIsUnderHomeAsGimpReadsIt() {
        let home = BuildProducts.temporaryDirectory("relative")
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["HOME": home.path, "GIMP2_DIRECTORY": "my-gimp-profile",
                   "XDG_DATA_HOME": home.appendingPathComponent("data").path]
        let result = runCommand("/bin/sh", ["-c", "cd / && exec \"$0\" --from \"$1\"", script, BuildProducts.binDirectory.path],
                                environment: env, removing: ["XDG_CONFIG_HOME", "GEGL_PATH"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(files(below: home).contains("my-gimp-profile/plug-ins/impasto/impasto"), result.output)
    }

    func testRejectsUnknownOptionsAndMissingBuilds() {
        let root = BuildProducts.temporaryDirectory("bad")
        defer { try? FileManager.default.removeItem(at: root) }
        let env = ["HOME": root.path]
        let unknown = install(["--frobnicate"], env)
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.output.contains("unknown option: --frobnicate"), unknown.output)
        let empty = install(["--from", root.path], env)
        XCTAssertNotEqual(empty.status, 0)
        XCTAssertTrue(empty.output.contains("no plug-in at"), empty.output)
        XCTAssertEqual(files(below: root), [])
    }
}
