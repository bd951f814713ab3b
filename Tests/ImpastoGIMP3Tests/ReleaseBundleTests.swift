// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoBrushFiles
import ImpastoFrontEnd
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The release bundle as its users get it. `./plugin-install.sh --bundle` makes it once per
/// process. Then, in Debian roots that hold Debian's GIMP and nothing to build with (no
/// compiler, no headers, no Swift, no /opt, the repo not mounted: `.ci/gimp3-root`'s
/// trixie-user with GIMP 3.0 and forky-user with GIMP 3.2), it is unpacked into a new home and
/// installed with its `install.sh`; every procedure runs in batch mode and must give GIMP
/// 2.10's pixels (Gimp3ProceduresTests' calls), and each op GIMP 3 keeps as a live filter is
/// kept and renders. The same with the Flatpak's layout (no native GIMP on PATH; GIMP run with
/// its XDG folders under ~/.var/app/org.gimp.GIMP, as Flatpak runs it), and on this Debian 12
/// host in GIMP 2.10. `install.sh --uninstall` leaves no file of Impasto's behind.
final class ReleaseBundleTests: XCTestCase {
    static let gimp3Root = BuildProducts.packageRoot.appendingPathComponent(".ci/gimp3-root").path
    static let photoName = "astronaut.png"

    // MARK: - The bundle

    static var made: Result<(file: URL, log: String), Gimp3Root.Problem>?

    /// `dist/impasto-<version>-linux-x86_64.tar.gz`, built by `plugin-install.sh --bundle` (as
    /// root, with the Debian 13 root), once per process.
    static func bundle() throws -> (file: URL, log: String) {
        guard !Gimp3Root.requested.isEmpty else {
            throw XCTSkip("the bundle is built as root, GIMP 3's plug-in in a Debian 13 root: IMPASTO_GIMP3_ROOTS=trixie,forky swift test")
        }
        if made == nil {
            let result = runCommand(BuildProducts.packageRoot.appendingPathComponent("plugin-install.sh").path, ["--bundle"])
            let file = BuildProducts.packageRoot.appendingPathComponent("dist/impasto-\(ImpastoRelease.version)-linux-x86_64.tar.gz")
            made = result.status == 0 && FileManager.default.fileExists(atPath: file.path)
                ? .success((file, result.output))
                : .failure(Gimp3Root.Problem(description: "plugin-install.sh --bundle failed:\n\(result.output)"))
        }
        return try made!.get()
    }

    /// One folder, `impasto-<version>/`, with what the release promises, and binaries that need
    /// no glibc newer than 2.36 (read here from the files themselves).
    func testTheBundleHoldsTheBuildsTheBrushTheLicenceAndItsInstaller() throws {
        let (file, log) = try Self.bundle()
        let folder = "impasto-\(ImpastoRelease.version)"
        let listing = runCommand("tar", ["-tvzf", file.path])
        XCTAssertEqual(listing.status, 0, listing.output)
        var modes: [String: String] = [:]
        for line in listing.output.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let mode = fields.first, let path = fields.last, !mode.hasPrefix("d") else { continue }
            modes[String(path)] = String(mode)
        }
        let executables = ["install.sh", "gimp-2.10/impasto", "gimp-3/impasto"]
        let languages = try HelpPages.languages(package: BuildProducts.packageRoot.path)
        let files = ["README", "LICENSE", "gegl-0.4/libimpasto-gegl.so"] + BristleBrush.profileFiles + languages.map { "locale/\($0)/LC_MESSAGES/impasto.mo" }
            + HelpPages.files(languages: languages).map { "help/\($0)" }
        XCTAssertEqual(Set(modes.keys), Set((executables + files).map { "\(folder)/\($0)" }), listing.output)
        for name in executables { XCTAssertEqual(modes["\(folder)/\(name)"], "-rwxr-xr-x", name) }
        for name in files { XCTAssertEqual(modes["\(folder)/\(name)"], "-rw-r--r--", name) }

        let unpacked = BuildProducts.temporaryDirectory("bundle")
        defer { try? FileManager.default.removeItem(at: unpacked) }
        XCTAssertEqual(runCommand("tar", ["-xzf", file.path, "-C", unpacked.path]).status, 0)
        let readme = try String(contentsOf: unpacked.appendingPathComponent("\(folder)/README"), encoding: .utf8)
        XCTAssertTrue(readme.hasPrefix("Impasto \(ImpastoRelease.version) for GIMP"), readme)
        for binary in ["gegl-0.4/libimpasto-gegl.so", "gimp-2.10/impasto", "gimp-3/impasto"] {
            let symbols = runCommand("objdump", ["-T", unpacked.appendingPathComponent("\(folder)/\(binary)").path]).output
            let versions = symbols.components(separatedBy: "GLIBC_2.").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }

            XCTAssertFalse(versions.isEmpty, binary)
            XCTAssertLessThanOrEqual(versions.max() ?? 99, 36, "\(binary) needs glibc 2.\(versions.max() ?? 0)")
        }
        XCTAssertTrue(log.contains("checked gimp-3/impasto: glibc"), log)
    }

    // MARK: - A user's machine: a Debian root with GIMP and nothing to build with

    struct UserRoot {
        let suite: Gimp3Root.Suite
        let directory: URL
        var name: String { "\(suite.rawValue)-user" }

        static var prepared: [Gimp3Root.Suite: Result<UserRoot, Gimp3Root.Problem>] = [:]

        static func prepare(_ suite: Gimp3Root.Suite) throws -> UserRoot {
            try Gimp3Root.skipUnlessRequested(suite)
            if prepared[suite] == nil {
                let made = runCommand(gimp3Root, ["make", "\(suite.rawValue)-user"])
                let path = runCommand(gimp3Root, ["path", "\(suite.rawValue)-user"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
                prepared[suite] = made.status == 0
                    ? .success(UserRoot(suite: suite, directory: URL(fileURLWithPath: path)))
                    : .failure(Gimp3Root.Problem(description: "\(gimp3Root) make \(suite)-user failed:\n\(made.output)"))
            }
            return try prepared[suite]!.get()
        }

        /// `arguments` inside the root, with only `environment` (and LANG, PATH) set.
        func run(_ arguments: [String], environment: [String: String]) -> CommandResult {
            let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return runCommand(gimp3Root, ["run", name, "env"] + assignments + arguments)
        }
    }

    /// A new home in a user root's /tmp holding the unpacked bundle and the test photo.
    final class Home {
        let root: UserRoot
        let folder: String
        let hostFolder: URL
        var home: String { "\(folder)/home" }
        var installer: String { "\(folder)/impasto-\(ImpastoRelease.version)/install.sh" }

        init(_ root: UserRoot, bundle: URL) throws {
            self.root = root
            folder = "/tmp/impasto-bundle-\(UUID().uuidString.prefix(8))"
            hostFolder = root.directory.appendingPathComponent(String(folder.dropFirst()))
            try FileManager.default.createDirectory(at: hostFolder.appendingPathComponent("home"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: BuildProducts.fixture(photoName), to: hostFolder.appendingPathComponent(photoName))
            let unpacked = runCommand("tar", ["-xzf", bundle.path, "-C", hostFolder.path])
            XCTAssertEqual(unpacked.status, 0, unpacked.output)
        }

        func sh(_ script: String, _ environment: [String: String] = [:]) -> CommandResult {
            root.run(["sh", "-c", script], environment: ["HOME": home].merging(environment) { $1 })
        }

        /// Every file below the home, relative to it.
        func files() -> [String] {
            let listed = sh("cd \"$HOME\" && find . -type f | sed 's|^\\./||' | LC_ALL=C sort")
            return listed.output.split(separator: "\n").map(String.init)
        }

        deinit { try? FileManager.default.removeItem(at: hostFolder) }
    }

    /// The Script-Fu each op runs as a live filter (its defaults but the pencil's, which leave
    /// the picture as it is): `impasto-live NAME: ops` (the drawable's filters), then the
    /// drawable before and with the filter merged.
    static let liveFilters: [(name: String, op: String, source: String, properties: String)] = [
        ("pencil", "impasto:pencil-hue-saturation", "(let ((i (impasto-open))) (list i (impasto-drawable i)))",
         #""azimuth" -60.0 "altitude" 45.0"#),
        ("emboss", "impasto:emboss", "(impasto-shape)", ""),
        ("normal-map", "impasto:bristle-normal-map", "(let ((i (impasto-open))) (list i (impasto-drawable i)))", ""),
        ("paint-relief", "impasto:paint-relief", "(impasto-shape)", ""),
    ]

    static func liveScript(_ filter: (name: String, op: String, source: String, properties: String)) -> String {
        """
        (let* ((s \(filter.source)) (i (car s)) (d (cadr s)))
          (impasto-save i d "live-\(filter.name)-before.png")
          (gimp-drawable-append-new-filter d "\(filter.op)" 0 LAYER-MODE-REPLACE 1.0 \(filter.properties))
          (display (string-append "\\nimpasto-live \(filter.name):"
                     (apply string-append (map (lambda (f) (string-append " " (car (gimp-drawable-filter-get-operation-name f))))
                                               (vector->list (car (gimp-drawable-get-filters d)))))
                     "\\n"))
          (gimp-drawable-merge-filters d)
          (impasto-save i d "live-\(filter.name).png"))
        """
    }

    /// Every procedure (Gimp3ProceduresTests' calls and the brush) and the live filters, in the
    /// GIMP 3 of `home`'s root, started with `environment` (its profile and GEGL folders).
    static func runEverything(in home: Home, environment: [String: String]) -> Gimp3ProceduresTests.Run {
        let scenarios = Gimp3ProceduresTests.calls.map { ($0.name, Gimp3ProceduresTests.scenario($0, gimp3: true)) }
            + [("brush", Gimp3ProceduresTests.brushGimp3)] + liveFilters.map { ("live-\($0.name)", liveScript($0)) }
        let prelude = Gimp3ProceduresTests.gimp3Helpers(home.folder, photo: "\(home.folder)/\(photoName)")
        let arguments = ["timeout", "900", "gimp-console-\(home.root.suite.gimpVersion)", "-i", "-f",
                         "--batch-interpreter=plug-in-script-fu-eval"]
            + scenarios.flatMap { ["-b", "(begin \(prelude)\n\($0.1))"] } + ["--quit"]
        let result = home.root.run(arguments, environment: ["HOME": home.home].merging(environment) { $1 })
        return Gimp3ProceduresTests.Run(folder: home.hostFolder, result: PrivateGimp.BatchResult(
            outcomes: PrivateGimp.outcomes(in: result.output), log: result.output), names: scenarios.map(\.0))
    }

    /// What every run must show: each call succeeded with GIMP 2.10's pixels, the brush
    /// procedure wrote and loaded the brush, each live filter was kept and changed its drawable.
    func checkEverything(_ run: Gimp3ProceduresTests.Run, live: Bool = true) throws {
        let (reference, _) = try Gimp3ProceduresTests.gimp2Reference()
        for call in Gimp3ProceduresTests.calls {
            XCTAssertEqual(run.outcome(call.name), .success, "\(call.name):\n\(run.log)")
        }
        for name in Gimp3ProceduresTests.calls.map(\.name) + ["stroke-bump"] {
            let file = "\(name).png"
            XCTAssertLessThanOrEqual(worstDifference(try run.image(file), try reference.image(file)), 1.0 / 255,
                                     "\(file) differs from GIMP 2.10's")
        }
        XCTAssertEqual(run.outcome("brush"), .success, run.log)
        XCTAssertEqual(run.text("brush.txt")?.hasPrefix("Impasto Bristle "), true, run.log)
        guard live else { return }
        for filter in Self.liveFilters {
            XCTAssertEqual(run.outcome("live-\(filter.name)"), .success, run.log)
            XCTAssertEqual(run.line("impasto-live \(filter.name):"), filter.op, run.log)
            XCTAssertGreaterThan(worstDifference(try run.image("live-\(filter.name).png"),
                                                 try run.image("live-\(filter.name)-before.png")), 0.05, filter.op)
        }
    }

    /// No compiler, no Swift, no /opt in the root: what runs there ran without them.
    func checkNothingToBuildWith(_ home: Home) {
        let found = home.sh("for c in swift swiftc cc gcc c++ clang ld pkg-config; do command -v $c; done; ls -d /opt/swift 2>/dev/null; true")
        XCTAssertEqual(found.output.trimmingCharacters(in: .whitespacesAndNewlines), "", "a user root has no build tools")
    }

    /// Unpack, install.sh into the GIMP Debian installed (whose first start makes its profile),
    /// run everything in that profile, uninstall.
    func checkInstallsAndWorksInDebiansGimp(_ suite: Gimp3Root.Suite) throws {
        let root = try UserRoot.prepare(suite)
        let home = try Home(root, bundle: try Self.bundle().file)
        checkNothingToBuildWith(home)
        let version = suite.gimpVersion
        let installed = home.sh("sh '\(home.installer)'")
        XCTAssertEqual(installed.status, 0, installed.output)
        XCTAssertTrue(installed.output.contains("GIMP \(version) has no profile yet: starting it once in batch mode"), installed.output)
        XCTAssertTrue(installed.output.contains("plug-in installed for: GIMP \(version) (\(home.home)/.config/GIMP/\(version))"),
                      installed.output)
        let ours = (["plug-ins/impasto/impasto"] + BristleBrush.profileFiles).map { ".config/GIMP/\(version)/\($0)" }
            + [".local/share/gegl-0.4/plug-ins/libimpasto-gegl.so",
               ".config/GIMP/\(version)/plug-ins/impasto/locale/de/LC_MESSAGES/impasto.mo",
               ".local/share/gegl-0.4/plug-ins/impasto-locale/fr/LC_MESSAGES/impasto.mo",
               ".config/GIMP/\(version)/plug-ins/impasto/help/de/plug-in-impasto-emboss.html",
               ".config/GIMP/\(version)/plug-ins/impasto/help/images/emboss-gold.png"]
        XCTAssertTrue(Set(home.files()).isSuperset(of: ours), installed.output)

        try checkEverything(Self.runEverything(in: home, environment: [:]))

        let removed = home.sh("sh '\(home.installer)' --uninstall")
        XCTAssertEqual(removed.status, 0, removed.output)
        let left = home.files()
        XCTAssertEqual(left.filter { $0.lowercased().contains("impasto") }, [], removed.output)
        XCTAssertTrue(left.contains(".config/GIMP/\(version)/pluginrc"), "GIMP's own profile stays")
    }

    /// The Flatpak's layout: GIMP's profile under ~/.var/app/org.gimp.GIMP/config (made by its
    /// first start there), no native GIMP on PATH; install.sh finds the Flatpak's profile only,
    /// puts the module in the Flatpak's data folder, and GIMP, run with the XDG folders Flatpak
    /// gives it, has every procedure and live filter; nothing goes into ~/.config or ~/.local.
    func checkInstallsAndWorksInTheFlatpakLayout(_ suite: Gimp3Root.Suite) throws {
        let root = try UserRoot.prepare(suite)
        let home = try Home(root, bundle: try Self.bundle().file)
        let version = suite.gimpVersion
        let app = "\(home.home)/.var/app/org.gimp.GIMP"
        let flatpak = ["XDG_CONFIG_HOME": "\(app)/config", "XDG_DATA_HOME": "\(app)/data", "XDG_CACHE_HOME": "\(app)/cache"]
        let first = root.run(["timeout", "600", "gimp-console-\(version)", "-i", "-d", "-f", "--quit"],
                             environment: ["HOME": home.home].merging(flatpak) { $1 })
        XCTAssertEqual(first.status, 0, first.output)
        // PATH without GIMP: this machine's only GIMP is the Flatpak.
        let noGimp = "mkdir -p \"$HOME/../bin\" && for f in /usr/bin/*; do case ${f##*/} in gimp*) ;; *) ln -sf \"$f\" \"$HOME/../bin/\" ;; esac; done && PATH=\"$HOME/../bin\" "
        let installed = home.sh(noGimp + "sh '\(home.installer)'")
        XCTAssertEqual(installed.status, 0, installed.output)
        XCTAssertTrue(installed.output.contains("plug-in installed for: Flatpak GIMP \(version) (\(app)/config/GIMP/\(version))\n"),
                      installed.output)
        let files = home.files()
        XCTAssertTrue(files.contains(".var/app/org.gimp.GIMP/data/gegl-0.4/plug-ins/libimpasto-gegl.so"), "\(files)")
        XCTAssertTrue(files.contains(".var/app/org.gimp.GIMP/config/GIMP/\(version)/plug-ins/impasto/impasto"), "\(files)")

        try checkEverything(Self.runEverything(in: home, environment: flatpak))
        XCTAssertEqual(home.files().filter { !$0.hasPrefix(".var/app/org.gimp.GIMP/") }, [], "nothing outside the Flatpak's folders")

        let removed = home.sh(noGimp + "sh '\(home.installer)' --uninstall")
        XCTAssertEqual(removed.status, 0, removed.output)
        XCTAssertEqual(home.files().filter { $0.lowercased().contains("impasto") }, [], removed.output)
    }

    func testTrixieBundleInstallsAndWorksInGimp30() throws { try checkInstallsAndWorksInDebiansGimp(.trixie) }
    func testForkyBundleInstallsAndWorksInGimp32() throws { try checkInstallsAndWorksInDebiansGimp(.forky) }
    func testForkyBundleInstallsAndWorksInTheFlatpakLayout() throws { try checkInstallsAndWorksInTheFlatpakLayout(.forky) }

    // MARK: - GIMP 2.10 on this Debian 12 host

    /// Unpacked and installed on the host, into a new home: GIMP 2.10 runs every procedure from
    /// the profile the installer wrote, with GIMP 2.10's pixels (the plug-in built for the tests).
    func testBundleInstallsAndWorksInGimp210() throws {
        let (bundle, _) = try Self.bundle()
        try XCTSkipUnless(runCommand("sh", ["-c", "command -v gimp-console-2.10"]).status == 0, "needs GIMP 2.10 (Debian 12)")
        let folder = BuildProducts.temporaryDirectory("bundle-2.10")
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(runCommand("tar", ["-xzf", bundle.path, "-C", folder.path]).status, 0)
        let home = folder.appendingPathComponent("home").path
        let unset = ["GIMP2_DIRECTORY", "GIMP3_DIRECTORY", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "GEGL_PATH", "DISPLAY"]
        let installer = folder.appendingPathComponent("impasto-\(ImpastoRelease.version)/install.sh").path
        let installed = runCommand("sh", [installer], environment: ["HOME": home], removing: unset)
        XCTAssertEqual(installed.status, 0, installed.output)
        XCTAssertTrue(installed.output.contains("plug-in installed for: GIMP 2.10 (\(home)/.config/GIMP/2.10)"), installed.output)
        XCTAssertTrue(installed.output.contains("verified: gegl sees impasto:pencil-hue-saturation"), installed.output)

        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let scenarios = Gimp3ProceduresTests.calls.map { ($0.name, Gimp3ProceduresTests.scenario($0, gimp3: false)) }
            + [("brush", Gimp3ProceduresTests.brushGimp2)]
        let result = runCommand("timeout", ["900", "gimp-console-2.10", "-i", "-f"]
                                    + PrivateGimp.batchArguments(scenarios.map(\.1), prelude: Gimp3ProceduresTests.gimp2Helpers(out.path)),
                                environment: ["HOME": home], removing: unset)
        let run = Gimp3ProceduresTests.Run(folder: out, result: PrivateGimp.BatchResult(outcomes: PrivateGimp.outcomes(in: result.output),
                                                                                       log: result.output),
                                           names: scenarios.map(\.0))
        try checkEverything(run, live: false)

        let removed = runCommand("sh", [installer, "--uninstall"], environment: ["HOME": home], removing: unset)
        XCTAssertEqual(removed.status, 0, removed.output)
        let left = runCommand("find", [home, "-iname", "*impasto*"]).output
        XCTAssertEqual(left, "", removed.output)
    }
}
