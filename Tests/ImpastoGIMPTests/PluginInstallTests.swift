// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoBrushFiles
import ImpastoFrontEnd
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// plugin-install.sh with prebuilt products (--from), in throw-away home and XDG directories.
final class PluginInstallTests: XCTestCase {
    let script = BuildProducts.packageRoot.appendingPathComponent("plugin-install.sh").path

    func install(_ arguments: [String], _ environment: [String: String]) -> CommandResult {
        runCommand(script, arguments, environment: environment,
                   removing: ["GIMP2_DIRECTORY", "GIMP3_DIRECTORY", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "GEGL_PATH"])
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

    /// The translations an install puts beside the plug-in in `profile` and beside the GEGL
    /// module in `modules` (one catalogue per language of po/LINGUAS).
    static let languages = (try? HelpPages.languages(package: BuildProducts.packageRoot.path)) ?? []

    func catalogues(plugIn profile: String?, module modules: String?) -> [String] {
        Self.languages.flatMap { language in
            [profile.map { "\($0)/plug-ins/impasto/locale/\(language)/LC_MESSAGES/impasto.mo" },
             modules.map { "\($0)/impasto-locale/\(language)/LC_MESSAGES/impasto.mo" }].compactMap { $0 }
        }
    }

    /// What one install writes into profile `profile` with the GEGL module in `module`.
    func installed(profile: String, module: String) -> Set<String> {
        Set(["\(profile)/plug-ins/impasto/impasto", "\(profile)/plug-ins/impasto/installed-folders",
             "\(module)/libimpasto-gegl.so"] + BristleBrush.profileFiles.map { "\(profile)/\($0)" } + catalogues(plugIn: profile, module: module) + helpPages(profile))
    }

    /// The help pages beside the plug-in in `profile`.
    func helpPages(_ profile: String) -> [String] {
        HelpPages.files(languages: Self.languages).map { "\(profile)/plug-ins/impasto/help/\($0)" }
    }

    /// A profile as GIMP's first start leaves it (the folder: the tests look at what the
    /// install adds to it).
    func makeProfile(_ folder: URL) {
        XCTAssertNoThrow(try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true))
    }

    func testDefaultsToTheHomeDirectoryAndWritesNothingElse() {
        let home = BuildProducts.temporaryDirectory("home")
        defer { try? FileManager.default.removeItem(at: home) }
        makeProfile(home.appendingPathComponent(".config/GIMP/2.10"))
        let env = ["HOME": home.path]
        let first = install(["--from", BuildProducts.binDirectory.path], env)
        XCTAssertEqual(first.status, 0, first.output)
        XCTAssertEqual(files(below: home), installed(profile: ".config/GIMP/2.10", module: ".local/share/gegl-0.4/plug-ins"))
        XCTAssertTrue(first.output.contains("verified: gegl sees impasto:pencil-hue-saturation"), first.output)
        let plugIn = home.appendingPathComponent(".config/GIMP/2.10/plug-ins/impasto/impasto").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: plugIn))

        let again = install(["--from", BuildProducts.binDirectory.path], env)
        XCTAssertEqual(again.status, 0, again.output)
        // The plug-in, the module, the brushes, the dynamics, two catalogues per language (the
        // help pages are put quietly, in one line).
        XCTAssertEqual(again.output.components(separatedBy: "up to date:").count - 1,
                       2 + BristleBrush.profileFiles.count + 2 * Self.languages.count,
                       "idempotent: \(again.output)")

        let removed = install(["--uninstall"], env)
        XCTAssertEqual(removed.status, 0, removed.output)
        XCTAssertEqual(files(below: home), [], removed.output)
        XCTAssertEqual(files(below: home, .isDirectoryKey), [".config", ".config/GIMP", ".config/GIMP/2.10"], removed.output)
    }

    /// GIMP sets up a profile (and carries an older GIMP's settings over) on its first start
    /// only if the folder is not there yet: for a GIMP that never ran, the install lets GIMP
    /// make it first, then adds its files; uninstalling leaves GIMP's profile as GIMP made it.
    func testAGimpThatNeverRanMakesItsOwnProfileFirst() throws {
        try XCTSkipUnless(runCommand("sh", ["-c", "command -v gimp-console-2.10"]).status == 0, "needs GIMP 2.10")
        let home = BuildProducts.temporaryDirectory("first")
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["HOME": home.path]
        let result = install(["--from", BuildProducts.binDirectory.path], env)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("GIMP 2.10 has no profile yet: starting it once in batch mode"), result.output)
        let profile = home.appendingPathComponent(".config/GIMP/2.10")
        let made = files(below: profile, .isDirectoryKey)
        XCTAssertTrue(made.isSuperset(of: ["gradients", "palettes", "scripts", "plug-ins/impasto"]), "\(made)")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: profile.appendingPathComponent("plug-ins/impasto/impasto").path))
        let created = try String(contentsOf: profile.appendingPathComponent("plug-ins/impasto/installed-folders"), encoding: .utf8)
        let recorded = created.split(separator: "\n").map(String.init)
        XCTAssertEqual(recorded.first, "\(profile.path)/plug-ins/impasto", created)
        XCTAssertTrue(Set(recorded).isDisjoint(with: [profile.path, "\(profile.path)/plug-ins", "\(profile.path)/brushes",
                                                     "\(profile.path)/dynamics"]), "GIMP's own folders are not the install's: \(created)")


        let removed = install(["--uninstall"], env)
        XCTAssertEqual(removed.status, 0, removed.output)
        let ours: Set = ["brushes/\(BristleBrush.folder)", "dynamics/\(BristleBrush.folder)"]
        XCTAssertTrue(made.isSuperset(of: ours), "\(made)")
        XCTAssertEqual(files(below: profile, .isDirectoryKey), made.filter { !$0.hasPrefix("plug-ins/impasto") && !ours.contains($0) },
                       removed.output)
        XCTAssertFalse(files(below: home).contains { $0.contains("impasto") }, removed.output)
    }

    func testUninstallRemovesTheFoldersTheInstallCreatedAndNoOther() throws {
        let home = BuildProducts.temporaryDirectory("folders")
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["HOME": home.path]
        // Into an empty profile: every folder in it is the install's, and all go again.
        makeProfile(home.appendingPathComponent(".config/GIMP/2.10"))
        XCTAssertEqual(install(["--from", BuildProducts.binDirectory.path], env).status, 0)
        let removed = install(["--uninstall"], env)
        XCTAssertEqual(removed.status, 0, removed.output)
        XCTAssertEqual(files(below: home, .isDirectoryKey), [".config", ".config/GIMP", ".config/GIMP/2.10"], removed.output)

        // The user's own folders stay, even empty; a folder the install made but that now
        // holds something else of the user's stays too.
        let manager = FileManager.default
        let profile = home.appendingPathComponent(".config/GIMP/2.10")
        for folder in ["brushes", "dynamics"] {
            try manager.createDirectory(at: profile.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        XCTAssertTrue(manager.createFile(atPath: profile.appendingPathComponent("brushes/mine.gbr").path, contents: Data([1])))
        let reinstalled = install(["--from", BuildProducts.binDirectory.path], env)
        XCTAssertEqual(reinstalled.status, 0, reinstalled.output)
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

    /// The brushes and dynamics go into an "Impasto" subfolder (GIMP's folder tag, which the
    /// dialogs' filter finds); an earlier version's files directly in brushes/ and dynamics/
    /// would show a second Impasto Bristle: an install removes them, as an uninstall does.
    func testTheBrushesMoveIntoTheirTaggedFolder() throws {
        XCTAssertEqual(BristleBrush.profileFiles, ["brushes/Impasto/impasto-bristle.gih", "brushes/Impasto/impasto-flat.gih",
                                                   "dynamics/Impasto/impasto-bristle.gdyn"])
        let home = BuildProducts.temporaryDirectory("moved")
        defer { try? FileManager.default.removeItem(at: home) }
        let profile = home.appendingPathComponent(".config/GIMP/2.10")
        for former in BristleBrush.formerProfileFiles + ["brushes/mine.gbr"] {
            let file = profile.appendingPathComponent(former)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: Data([1])))
        }
        let result = install(["--from", BuildProducts.binDirectory.path], ["HOME": home.path])
        XCTAssertEqual(result.status, 0, result.output)
        let found = files(below: profile)
        for former in BristleBrush.formerProfileFiles {
            XCTAssertFalse(found.contains(former), former)
            XCTAssertTrue(result.output.contains("removed an earlier version's \(profile.path)/\(former)"), result.output)
        }
        XCTAssertTrue(found.isSuperset(of: BristleBrush.profileFiles + ["brushes/mine.gbr"]), "\(found)")

        // Regenerate writes the same places and removes the former files too.
        for former in BristleBrush.formerProfileFiles {
            XCTAssertTrue(FileManager.default.createFile(atPath: profile.appendingPathComponent(former).path, contents: Data([1])))
        }
        XCTAssertNil(BristleBrush.standard.write(intoProfile: profile.path))
        XCTAssertEqual(files(below: profile).intersection(BristleBrush.formerProfileFiles + BristleBrush.profileFiles),
                       Set(BristleBrush.profileFiles))
    }

    func testHonoursGimp2DirectoryAndXdgDataHome() {
        let root = BuildProducts.temporaryDirectory("xdg")
        defer { try? FileManager.default.removeItem(at: root) }
        let env = ["HOME": root.appendingPathComponent("home").path,
                   "GIMP2_DIRECTORY": root.appendingPathComponent("profile").path,
                   "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                   "XDG_DATA_HOME": root.appendingPathComponent("data").path]
        makeProfile(root.appendingPathComponent("profile"))
        let result = install(["--from", BuildProducts.binDirectory.path], env)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(files(below: root), installed(profile: "profile", module: "data/gegl-0.4/plug-ins"))
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

    /// Every GIMP it finds: here GIMP 2.10 (installed), a GIMP 3.0 profile and a Flatpak GIMP
    /// 3.2's. Each gets the plug-in of its own series (GIMP 3's build, `impasto3`, installed as
    /// impasto/impasto: GIMP loads plug-ins/<name>/<name> only), the brush and dynamics; the
    /// native GIMPs share one GEGL module, the Flatpak has its own.
    func testInstallsIntoEveryGimpFoundWithItsOwnBuild() throws {
        let home = BuildProducts.temporaryDirectory("every")
        let builds = BuildProducts.temporaryDirectory("builds")
        defer { try? FileManager.default.removeItem(at: home); try? FileManager.default.removeItem(at: builds) }
        let manager = FileManager.default
        // Stand-ins for GIMP 3's build: the 2.10 plug-in under GIMP 3's product name, marked.
        let bin = BuildProducts.binDirectory
        for product in ["impasto", "libimpasto-gegl.so", "impasto-data"] {
            try manager.copyItem(at: bin.appendingPathComponent(product), to: builds.appendingPathComponent(product))
        }
        var gimp3 = try Data(contentsOf: bin.appendingPathComponent("impasto"))
        gimp3.append(contentsOf: Array("gimp 3 build".utf8))
        try gimp3.write(to: builds.appendingPathComponent("impasto3"))
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: builds.appendingPathComponent("impasto3").path)
        for folder in [".config/GIMP/2.10", ".config/GIMP/3.0", ".var/app/org.gimp.GIMP/config/GIMP/3.2"] {
            try manager.createDirectory(at: home.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let env = ["HOME": home.path]
        let result = install(["--from", builds.path], env)
        XCTAssertEqual(result.status, 0, result.output)
        let flatpak = ".var/app/org.gimp.GIMP"
        XCTAssertEqual(files(below: home), Set(
            [".config/GIMP/2.10", ".config/GIMP/3.0", "\(flatpak)/config/GIMP/3.2"].flatMap { profile in
                (["plug-ins/impasto/impasto"] + BristleBrush.profileFiles)
                    .map { "\(profile)/\($0)" }
            } + [".config/GIMP/2.10/plug-ins/impasto/installed-folders", ".config/GIMP/3.0/plug-ins/impasto/installed-folders",
                 "\(flatpak)/config/GIMP/3.2/plug-ins/impasto/installed-folders",
                 ".local/share/gegl-0.4/plug-ins/libimpasto-gegl.so", "\(flatpak)/data/gegl-0.4/plug-ins/libimpasto-gegl.so"]
              + catalogues(plugIn: ".config/GIMP/2.10", module: ".local/share/gegl-0.4/plug-ins")
              + catalogues(plugIn: ".config/GIMP/3.0", module: nil)
              + catalogues(plugIn: "\(flatpak)/config/GIMP/3.2", module: "\(flatpak)/data/gegl-0.4/plug-ins")
              + [".config/GIMP/2.10", ".config/GIMP/3.0", "\(flatpak)/config/GIMP/3.2"].flatMap(helpPages)),
            result.output)
        func plugIn(_ profile: String) throws -> Data {
            try Data(contentsOf: home.appendingPathComponent("\(profile)/plug-ins/impasto/impasto"))
        }
        XCTAssertEqual(try plugIn(".config/GIMP/2.10"), try Data(contentsOf: bin.appendingPathComponent("impasto")),
                       "GIMP 2.10 gets the 2.10 build")
        XCTAssertEqual(try plugIn(".config/GIMP/3.0"), gimp3, "GIMP 3.0 gets GIMP 3's build")
        XCTAssertEqual(try plugIn("\(flatpak)/config/GIMP/3.2"), gimp3, "and so does a Flatpak GIMP 3.2")
        XCTAssertTrue(result.output.contains("plug-in installed for: GIMP 2.10 (\(home.path)/.config/GIMP/2.10) GIMP 3"), result.output)

        // --uninstall takes all of it away again, and the folders it made.
        let removed = install(["--uninstall"], env)
        XCTAssertEqual(removed.status, 0, removed.output)
        XCTAssertEqual(files(below: home), [], removed.output)
        XCTAssertEqual(files(below: home, .isDirectoryKey),
                       [".config", ".config/GIMP", ".config/GIMP/2.10", ".config/GIMP/3.0", ".var", ".var/app", ".var/app/org.gimp.GIMP",
                        "\(flatpak)/config", "\(flatpak)/config/GIMP", "\(flatpak)/config/GIMP/3.2"],
                       "only the profiles that were there stay: \(removed.output)")
    }

    /// A GIMP 3 profile but no GIMP 3 build (Debian 12 has no libgimp-3.0): that GIMP still
    /// gets the GEGL ops (its menus show them), the brush and the dynamics, and is told so.
    func testAGimpWithoutABuildGetsTheOpsAndTheBrush() throws {
        let home = BuildProducts.temporaryDirectory("nobuild")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config/GIMP/3.2"),
                                                withIntermediateDirectories: true)
        let result = install(["--from", BuildProducts.binDirectory.path], ["HOME": home.path])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("no plug-in for the GIMP in \(home.path)/.config/GIMP/3.2 here (no gimp-3 build)"),
                      result.output)

        let found = files(below: home)
        XCTAssertTrue(found.contains(".config/GIMP/3.2/brushes/Impasto/impasto-bristle.gih"))
        XCTAssertFalse(found.contains(".config/GIMP/3.2/plug-ins/impasto/impasto"))
        XCTAssertTrue(found.contains(".config/GIMP/2.10/plug-ins/impasto/impasto"))
    }

    /// GEGL_PATH without the module's folder (as some AppImages set it) hides the ops: the
    /// install says so, and how to fix it.
    func testWarnsWhenGeglPathHidesTheOps() {
        let home = BuildProducts.temporaryDirectory("geglpath")
        defer { try? FileManager.default.removeItem(at: home) }
        makeProfile(home.appendingPathComponent(".config/GIMP/2.10"))
        let result = install(["--from", BuildProducts.binDirectory.path], ["HOME": home.path, "GEGL_PATH": "/opt/elsewhere"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("warning: GEGL_PATH is set (/opt/elsewhere) without \(home.path)/.local/share/gegl-0.4/plug-ins"),
                      result.output)
        XCTAssertFalse(result.output.contains("verified: gegl sees"), result.output)
        let seen = install(["--from", BuildProducts.binDirectory.path],
                           ["HOME": home.path, "GEGL_PATH": "/opt/elsewhere:\(home.path)/.local/share/gegl-0.4/plug-ins"])
        XCTAssertFalse(seen.output.contains("warning"), seen.output)
        XCTAssertTrue(seen.output.contains("verified: gegl sees"), seen.output)
    }

    /// `bundle/install.sh --list`: each GIMP found, its profile and module folder, native or Flatpak.
    func testListsTheGimpsItFinds() {
        let home = BuildProducts.temporaryDirectory("list")
        defer { try? FileManager.default.removeItem(at: home) }
        makeProfile(home.appendingPathComponent(".config/GIMP/3.2"))
        makeProfile(home.appendingPathComponent(".var/app/org.gimp.GIMP/config/GIMP/3.0"))
        let installer = BuildProducts.packageRoot.appendingPathComponent("bundle/install.sh").path
        let listed = runCommand("sh", [installer, "--list"], environment: ["HOME": home.path],
                                removing: ["GIMP2_DIRECTORY", "GIMP3_DIRECTORY", "XDG_CONFIG_HOME", "XDG_DATA_HOME"])
        XCTAssertEqual(listed.status, 0, listed.output)
        let native = "\(home.path)/.local/share/gegl-0.4/plug-ins", flatpak = "\(home.path)/.var/app/org.gimp.GIMP"
        var expected = ["3|3.2|\(home.path)/.config/GIMP/3.2|\(native)|native",
                        "3|3.0|\(flatpak)/config/GIMP/3.0|\(flatpak)/data/gegl-0.4/plug-ins|flatpak"]
        if runCommand("sh", ["-c", "command -v gimp-console-2.10"]).status == 0 {
            expected.insert("2|2.10|\(home.path)/.config/GIMP/2.10|\(native)|native", at: 0)
        }
        XCTAssertEqual(listed.output.split(separator: "\n").map(String.init), expected)
        XCTAssertEqual(files(below: home), [], "listing writes nothing")
    }

    /// The plug-in built here says the version the installer says (one declaration, read by both).

    func testThePlugInAndTheInstallerTellTheSameVersion() {
        let said = install(["--version"], [:])
        XCTAssertEqual(said.status, 0, said.output)
        XCTAssertTrue(said.output.hasPrefix("impasto "), said.output)
        let plugIn = runCommand(BuildProducts.plugIn.path, ["--version"])
        XCTAssertEqual(plugIn.status, 0, plugIn.output)
        XCTAssertEqual(plugIn.output, said.output)
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
