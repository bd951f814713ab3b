// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoFrontEnd
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The translations (po/): the template is today's, every catalogue translates all of it, and
/// what the procedures and parameters show is in it. (Run under the C locale, where
/// `localized` returns the English source strings.)
final class CatalogueTests: XCTestCase {
    private let po = BuildProducts.packageRoot.appendingPathComponent("po")

    /// po/LINGUAS's languages, as the help pages and the installer read them.
    private var languages: [String] { (try? HelpPages.languages(package: po.deletingLastPathComponent().path)) ?? [] }

    /// Skips a test that reads or makes catalogues where gettext's tools are missing.
    private func requireTools() throws {
        for tool in ["python3", "xgettext", "msgcat", "msgfmt"] where runCommand("sh", ["-c", "command -v \(tool)"]).status != 0 {
            throw XCTSkip("needs \(tool) (Debian: python3, gettext)")
        }
    }

    func testTheTemplateIsWhatMakePotMakesFromTodaysSources() throws {
        try requireTools()
        let made = BuildProducts.temporaryDirectory("pot").appendingPathComponent("impasto.pot")
        let run = runCommand(po.appendingPathComponent("make-pot").path, [made.path])
        XCTAssertEqual(run.status, 0, run.output)
        let committed = try String(contentsOf: po.appendingPathComponent("impasto.pot"), encoding: .utf8)
        let fresh = try String(contentsOf: made, encoding: .utf8)
        let missing = Set(GettextCatalogue(fresh).messages.keys).subtracting(GettextCatalogue(committed).messages.keys)
        XCTAssertTrue(missing.isEmpty, "po/impasto.pot lacks (run po/make-pot, then translate): \(missing.sorted())")
        XCTAssertEqual(fresh, committed, "po/impasto.pot is not what po/make-pot makes from the sources: run po/make-pot")
    }

    func testEveryCatalogueTranslatesEveryMessageOfTheTemplate() throws {
        try requireTools()
        let template = GettextCatalogue(try String(contentsOf: po.appendingPathComponent("impasto.pot"), encoding: .utf8))
        XCTAssertGreaterThan(template.messages.count, 200)
        XCTAssertEqual(Set(languages), ["de", "es", "fr", "it", "ja", "pt_BR", "ru", "zh_CN"])
        for language in languages {
            let file = po.appendingPathComponent("\(language).po")
            let catalogue = GettextCatalogue(try String(contentsOf: file, encoding: .utf8))
            for (id, _) in template.messages where !id.isEmpty {
                guard let entry = catalogue.messages[id] else {
                    XCTFail("\(language).po lacks \"\(id)\""); continue
                }
                XCTAssertFalse(entry.text.isEmpty, "\(language).po leaves \"\(id)\" untranslated")
                XCTAssertFalse(entry.fuzzy, "\(language).po has \"\(id)\" fuzzy")
            }
            // Formats keep their %s (msgfmt --check); the header is complete.
            let check = runCommand("msgfmt", ["--check", "-o", "/dev/null", file.path])
            XCTAssertEqual(check.status, 0, check.output)
        }
    }

    /// What a user sees of the procedures and the effects' parameters is a message of the
    /// template: a string shown without `localized`, or one make-pot reads wrongly (a
    /// multi-line literal), fails here.
    func testWhatTheProceduresAndParametersShowIsInTheTemplate() throws {
        let template = GettextCatalogue(try String(contentsOf: po.appendingPathComponent("impasto.pot"), encoding: .utf8))
        var shown: [String] = []
        for procedure in procedures {
            shown += [procedure.blurb, procedure.help, procedure.menuLabel] + [procedure.dialogMenuLabel].compactMap { $0 }
            shown += procedure.parameters.map(\.title)
        }
        let declared = EmbossSettings.parameters + Hemisphere.Look.parameters + NormalMap.parameters
            + PencilHueSaturation.parameters + BristleStroke.parameters + BristleBrush.parameters
            + NormalLight.parameters + PaintRelief.parameters
        for parameter in declared {
            shown += [parameter.title, parameter.description]
            if case .choice(let choices, _) = parameter.kind { shown += choices.map(\.label) }
        }
        // A string made by a format ("Material color (red)" by "%s (red)") matches the format.
        let formats = try template.messages.keys.filter { $0.contains("%s") }.map { format in
            try NSRegularExpression(pattern: "^" + NSRegularExpression.escapedPattern(for: format)
                .replacingOccurrences(of: "%s", with: ".+") + "$", options: .dotMatchesLineSeparators)
        }
        let missing = Set(shown).subtracting(template.messages.keys).filter { text in
            !formats.contains { $0.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
        }
        XCTAssertTrue(missing.isEmpty, "shown but not in po/impasto.pot: \(missing.sorted())")
    }

    func testFormatsFillTheirArgumentsInOrderOrByNumber() {
        XCTAssertEqual(localized("%s must be between %s and %s, not %s", "radius", "0", "1000", "5000"),
                       "radius must be between 0 and 1000, not 5000")
        // A translation may reorder: "%2$s … %1$s" (an untranslated message is its own format).
        XCTAssertEqual(localized("%2$s, then %1$s; 100%%", "first", "second"), "second, then first; 100%")
        XCTAssertEqual(localized("The bump layer to paint white at 10 % on (-1: none)"),
                       "The bump layer to paint white at 10 % on (-1: none)")
    }
}
