// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoTestSupport
import XCTest

/// The GEGL module binds its text domain to impasto-locale/ beside itself: a program that sets
/// the locale from the environment, as GIMP does, shows the ops' titles, menu labels, property
/// labels and choice names in the user's language. (Tests/Fixtures/op-strings.c, compiled here.)
final class TranslatedOpTests: XCTestCase {
    private static let folder = BuildProducts.temporaryDirectory("translated-op")

    /// The module and the catalogues laid out as bundle/install.sh installs them; the probe built.
    private static let prepared: String? = {
        let fm = FileManager.default
        try? fm.copyItem(at: BuildProducts.module, to: folder.appendingPathComponent("libimpasto-gegl.so"))
        for language in ["de", "fr"] {
            let messages = folder.appendingPathComponent("impasto-locale/\(language)/LC_MESSAGES")
            try? fm.createDirectory(at: messages, withIntermediateDirectories: true)
            let po = BuildProducts.packageRoot.appendingPathComponent("po/\(language).po").path
            let made = runCommand("msgfmt", ["-o", messages.appendingPathComponent("impasto.mo").path, po])
            guard made.status == 0 else { return "msgfmt: \(made.output)" }
        }
        // The users' locales, made here (Debian's `locales` has their sources): glibc from 2.41
        // ignores LANGUAGE under C.UTF-8, so a real locale is what works on every Debian.
        try? fm.createDirectory(at: folder.appendingPathComponent("locales"), withIntermediateDirectories: true)
        for locale in ["de_DE", "fr_FR"] {
            let made = runCommand("localedef", ["--no-archive", "-i", locale, "-f", "UTF-8",
                                                folder.appendingPathComponent("locales/\(locale).UTF-8").path])
            guard made.status <= 1 else { return "localedef \(locale): \(made.output)" }   // 1: warnings only
        }
        let flags = runCommand("pkg-config", ["--cflags", "--libs", "gegl-0.4"]).output
            .split(whereSeparator: \.isWhitespace).map(String.init)
        let built = runCommand("cc", ["-o", folder.appendingPathComponent("op-strings").path,
                                      BuildProducts.fixture("op-strings.c").path] + flags)
        return built.status == 0 ? nil : "cc: \(built.output)"
    }()

    /// What op-strings prints of `op` under `environment`: key → text.
    private func strings(_ op: String, _ environment: [String: String]) throws -> [String: String] {
        if let problem = Self.prepared { throw XCTSkip("cannot build the probe: \(problem)") }
        let scratch = BuildProducts.temporaryDirectory("translated-op-run")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // A data folder of its own: no other Impasto module (an installed one) is loaded first.
        let run = runCommand(Self.folder.appendingPathComponent("op-strings").path, [Self.folder.path, op],
                             environment: environment.merging(["XDG_DATA_HOME": scratch.path, "XDG_CACHE_HOME": scratch.path,
                                                               "LOCPATH": Self.folder.appendingPathComponent("locales").path]) { $1 },
                             removing: ["GEGL_PATH", "LANG", "LC_MESSAGES", "LANGUAGE"])
        XCTAssertEqual(run.status, 0, run.output)
        var found: [String: String] = [:]
        for line in run.output.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            if fields.count == 2 { found[fields[0]] = fields[1] }
        }
        return found
    }

    func testEmbossIsGermanInAGermanLocale() throws {
        let german = try strings("impasto:emboss", ["LC_ALL": "de_DE.UTF-8"])
        XCTAssertEqual(german["title"], "Impasto Relief")
        XCTAssertEqual(german["gimp:menu-label"], "Impasto Relief …")
        XCTAssertEqual(german["scale"], "Tiefe")
        XCTAssertEqual(german["light1-x"], "Licht 1 x")
        XCTAssertEqual(german["preset:mercury"], "Quecksilber")
    }

    func testNormalLightIsFrenchInAFrenchLocale() throws {
        let french = try strings("impasto:normal-light", ["LC_ALL": "fr_FR.UTF-8"])
        XCTAssertEqual(french["title"], "Impasto éclairage par normales")
        XCTAssertEqual(french["light-elevation"], "Élévation de la lumière")
    }

    /// The gegl tool sets no locale (its messages stay C): the module's lookups use the
    /// language the environment names all the same, for `gegl --info` as for GIMP's dialogs.
    func testTheGeglToolShowsTheOpsInTheEnvironmentsLanguage() throws {
        if let problem = Self.prepared { throw XCTSkip("cannot build the probe: \(problem)") }
        guard runCommand("sh", ["-c", "command -v gegl"]).status == 0 else { throw XCTSkip("needs the gegl tool (Debian: gegl)") }
        let scratch = BuildProducts.temporaryDirectory("translated-gegl-info")
        defer { try? FileManager.default.removeItem(at: scratch) }
        func info(_ environment: [String: String]) -> String {
            runCommand("gegl", ["--info", "impasto:emboss"],
                       environment: environment.merging(["GEGL_PATH": Self.folder.path, "XDG_CACHE_HOME": scratch.path,
                                                         "LOCPATH": Self.folder.appendingPathComponent("locales").path]) { $1 },
                       removing: ["LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"]).output
        }
        let german = info(["LANG": "de_DE.UTF-8", "LANGUAGE": "de"])
        XCTAssertTrue(german.contains("title                Impasto Relief\n"), german)
        XCTAssertTrue(german.contains("radius               [gdouble] Wie weit vom Rand der Maske nach innen das Relief ansteigt"),
                      german)
        let french = info(["LC_ALL": "fr_FR.UTF-8"])
        XCTAssertTrue(french.contains("title                Impasto relief\n"), french)
        let english = info(["LC_ALL": "C", "LANGUAGE": "de"])
        XCTAssertTrue(english.contains("title                Impasto Emboss\n"), english)
        XCTAssertTrue(english.contains("radius               [gdouble] How far in from the edge of the mask the relief rises"),
                      english)
    }

    func testTheCLocaleKeepsTheEnglish() throws {
        let english = try strings("impasto:emboss", ["LANGUAGE": "de", "LC_ALL": "C"])
        XCTAssertEqual(english["title"], "Impasto Emboss")
        XCTAssertEqual(english["scale"], "Depth")
    }
}
