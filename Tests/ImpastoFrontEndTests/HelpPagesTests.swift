// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoFrontEnd
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The help pages as `impasto-data help` writes them from po/: every help ID of every
/// procedure mapped to its page in English and in each language, pages in that language, every
/// setting with its values and default, pictures present, and the Script-Fu calls as the
/// contract spells them. (That the calls run, and that Help opens these pages, is GIMP's part:
/// HelpBatchTests, HelpGUITests and Gimp3HelpTests.)
final class HelpPagesTests: XCTestCase {
    private static let package = BuildProducts.packageRoot
    private static let written: Result<URL, Error> = {
        let help = BuildProducts.temporaryDirectory("help-pages").appendingPathComponent(HelpPages.folder)
        return Result { try HelpPages.write(into: help.path, package: package.path); return help }
    }()

    private var help: URL { get throws { try Self.written.get() } }

    private var languages: [String] { (try? HelpPages.languages(package: Self.package.path)) ?? [] }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: try help.appendingPathComponent(path), encoding: .utf8)
    }

    private func catalogue(_ language: String) throws -> GettextCatalogue {
        try GettextCatalogue(contentsOf: Self.package.appendingPathComponent("po/\(language).po").path)
    }

    /// What the pages write for `text`: HTML's five escapes.
    private func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    func testEveryLanguageMapsEveryHelpIDToItsPage() throws {
        XCTAssertEqual(languages.count, 8)
        let expected: [String: String] = [
            "plug-in-impasto-pencil-hue-saturation": "plug-in-impasto-pencil-hue-saturation.html",
            "impasto:pencil-hue-saturation": "plug-in-impasto-pencil-hue-saturation.html",
            "plug-in-impasto-emboss": "plug-in-impasto-emboss.html",
            "impasto:emboss": "plug-in-impasto-emboss.html",
            "plug-in-impasto-bristle-normal-map": "plug-in-impasto-bristle-normal-map.html",
            "impasto:bristle-normal-map": "plug-in-impasto-bristle-normal-map.html",
            "plug-in-impasto-normal-light": "plug-in-impasto-normal-light.html",
            "plug-in-impasto-paint-relief": "plug-in-impasto-paint-relief.html",
            "impasto:paint-relief": "plug-in-impasto-paint-relief.html",
            "plug-in-impasto-bristle-stroke": "plug-in-impasto-bristle-stroke.html",
            "plug-in-impasto-bristle-brush": "plug-in-impasto-bristle-brush.html",
        ]
        let item = try NSRegularExpression(pattern: #"<help-item id="([^"]+)" ref="([^"]+)""#)
        for language in ["en"] + languages {
            let map = try text("\(language)/gimp-help.xml")
            XCTAssertTrue(map.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gimp-help>\n"), language)
            XCTAssertTrue(map.contains("<help-missing ref=\"index.html\"/>\n</gimp-help>\n"), language)
            var found: [String: String] = [:]
            for match in item.matches(in: map, range: NSRange(map.startIndex..., in: map)) {
                found[String(map[Range(match.range(at: 1), in: map)!])] = String(map[Range(match.range(at: 2), in: map)!])
            }
            XCTAssertEqual(found, expected, language)
            for page in Set(expected.values).union(["index.html"]) {
                XCTAssertTrue(FileManager.default.fileExists(atPath: try help.appendingPathComponent("\(language)/\(page)").path),
                              "\(language)/\(page)")
            }
        }
    }

    /// A page in German and one in Japanese: the language's title, blurb, help, headings and
    /// every setting's label and description from that catalogue, not English.
    func testPagesAreInTheirLanguage() throws {
        for language in ["de", "ja"] {
            let po = try catalogue(language)
            for procedure in procedures {
                let page = try text("\(language)/\(procedure.name).html")
                XCTAssertTrue(page.contains("<html lang=\"\(language)\">"), "\(language) \(procedure.name)")
                for english in [procedure.blurb, procedure.help, "Settings", "Where to find it", "Script-Fu name", "Default"] {
                    let translated = po.translate(english)
                    XCTAssertNotEqual(translated, english, "\(language) has no translation of \(english)")
                    XCTAssertTrue(page.contains(html(translated)), "\(language)/\(procedure.name).html lacks \"\(translated)\"")
                    XCTAssertFalse(page.contains(html(english)), "\(language)/\(procedure.name).html has the English \"\(english)\"")
                }
                for parameter in procedure.parameters {
                    XCTAssertTrue(page.contains("<strong>\(html(po.translate(parameter.title)))</strong><br>\(html(po.translate(parameter.about)))"),
                                  "\(language) \(procedure.name): \(parameter.name)")
                }
            }
        }
    }

    /// Settings against the contract (docs/contract.md), independently of the declarations:
    /// the emboss's radius takes 0 … 1000, 10 by default; its profile is named by nick in GIMP
    /// 3 and numbered in 2.10; the normal light's bump layer is required.
    func testTheEnglishPagesGiveValuesAndDefaultsAsTheContractDoes() throws {
        let emboss = try text("en/plug-in-impasto-emboss.html")
        XCTAssertTrue(emboss.contains("<td><code>radius</code></td><td>0 … 1000</td><td><code>10</code></td>"), emboss)
        XCTAssertTrue(emboss.contains("&quot;round&quot; (GIMP 2.10: 0) Round<br>&quot;linear&quot; (GIMP 2.10: 1)"), emboss)
        XCTAssertTrue(emboss.contains("<h1>Impasto Emboss</h1>"))
        XCTAssertTrue(emboss.contains("<li>GIMP 3: Filters → Light and Shadow → Impasto Emboss... — a live filter</li>"), emboss)
        XCTAssertTrue(emboss.contains("<li>GIMP 2.10: Filters → Light and Shadow → Impasto Emboss...</li>"), emboss)
        let light = try text("en/plug-in-impasto-normal-light.html")
        XCTAssertTrue(light.contains("(plug-in-impasto-normal-light RUN-NONINTERACTIVE image (vector drawable) bump "), light)
        XCTAssertTrue(light.contains("(plug-in-impasto-normal-light RUN-NONINTERACTIVE image drawable bump "), light)
        let brush = try text("en/plug-in-impasto-bristle-brush.html")
        XCTAssertNotNil(brush.range(of: #"<pre class="gimp-2.10">\(plug-in-impasto-bristle-brush RUN-NONINTERACTIVE [-0-9. ]+\)</pre>"#,
                                    options: .regularExpression), "the brush procedure takes numbers only, no image: \(brush)")
    }

    /// The Script-Fu calls: the contract's signatures (README's list) at their defaults, as
    /// each GIMP writes them, and the live filter's call for the four ops GIMP 3 keeps live.
    func testTheScriptFuCallsFollowTheSignatures() throws {
        let signatures = [
            "plug-in-impasto-pencil-hue-saturation": ["azimuth", "altitude", "max-saturation", "linear"],
            "plug-in-impasto-emboss": ["radius", "scale", "profile", "liquify", "mask-source", "shading-drawable", "preset"],
            "plug-in-impasto-bristle-normal-map": ["smoothness", "contrast", "flip-y", "tileable"],
            "plug-in-impasto-normal-light": ["bump-drawable", "smoothness", "contrast", "light-azimuth", "light-elevation",
                                             "ambient", "specular", "shininess"],
            "plug-in-impasto-paint-relief": ["smoothness", "contrast", "light-azimuth", "light-elevation", "ambient", "specular",
                                             "shininess"],
            "plug-in-impasto-bristle-stroke": ["bump-drawable", "vectors", "bristles", "pressure-start", "pressure-end", "azimuth",
                                               "line-width", "max-radius"],
            "plug-in-impasto-bristle-brush": ["bristles", "max-radius", "line-width", "pressure-levels", "angle-levels",
                                              "angle-source", "load"],
        ]
        let call = try NSRegularExpression(pattern: #"<pre class="(gimp-3|gimp-2\.10|gimp-3-filter)">\(([^<]*)\)</pre>"#)
        for (name, parameters) in signatures {
            let page = try text("en/\(name).html")
            var calls: [String: [String]] = [:]
            for match in call.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
                let words = page[Range(match.range(at: 2), in: page)!].replacingOccurrences(of: "&quot;", with: "\"")
                    .replacingOccurrences(of: "(vector drawable)", with: "drawables").split(separator: " ").map(String.init)
                calls[String(page[Range(match.range(at: 1), in: page)!])] = words
            }
            let target = name == "plug-in-impasto-bristle-brush" ? 2 : 4
            for gimp in ["gimp-3", "gimp-2.10"] {
                guard let words = calls[gimp] else { XCTFail("\(name): no \(gimp) call"); continue }
                XCTAssertEqual(Array(words.prefix(2)), [name, "RUN-NONINTERACTIVE"])
                XCTAssertEqual(words.count, target + parameters.count, "\(name) \(gimp): \(words)")
            }
            if let op = procedures.first(where: { $0.name == name })?.menuOperation {
                XCTAssertEqual(calls["gimp-3-filter"]?.prefix(6).joined(separator: " "),
                               "gimp-drawable-append-new-filter drawable \"\(op)\" 0 LAYER-MODE-REPLACE 1.0", name)
            } else {
                XCTAssertNil(calls["gimp-3-filter"], name)
            }
        }
        let emboss = try text("en/plug-in-impasto-emboss.html")
        XCTAssertTrue(emboss.contains("(plug-in-impasto-emboss RUN-NONINTERACTIVE image (vector drawable) 10 "), emboss)
        XCTAssertTrue(emboss.contains(" &quot;round&quot; 0 &quot;alpha&quot; -1 &quot;&quot;)</pre>"), emboss)
        XCTAssertTrue(emboss.contains("(plug-in-impasto-emboss RUN-NONINTERACTIVE image drawable 10 "), emboss)
        XCTAssertTrue(emboss.contains(" 0 0 0 -1 &quot;&quot;)</pre>"), emboss)
    }

    func testEveryPictureIsThere() throws {
        let image = try NSRegularExpression(pattern: #"<img src="\.\./images/([^"]+)""#)
        var shown = Set<String>()
        for procedure in procedures {
            let page = try text("en/\(procedure.name).html")
            let pictures = image.matches(in: page, range: NSRange(page.startIndex..., in: page))
                .map { String(page[Range($0.range(at: 1), in: page)!]) }
            XCTAssertFalse(pictures.isEmpty, "\(procedure.name) has no picture")
            shown.formUnion(pictures)
        }
        for picture in shown {
            let copy = try Data(contentsOf: try help.appendingPathComponent("images/\(picture)"))
            XCTAssertEqual(copy, try Data(contentsOf: Self.package.appendingPathComponent("Tests/Gallery/\(picture)")), picture)
        }
    }

    /// Every element a page opens it closes, in order (the void ones aside).
    func testThePagesAreWellFormed() throws {
        let tag = try NSRegularExpression(pattern: #"<(/?)([a-z0-9]+)[^>]*>"#)
        let void: Set<String> = ["meta", "br", "img"]
        for language in ["en"] + languages {
            for page in ["index.html"] + procedures.map { "\($0.name).html" } {
                let html = try text("\(language)/\(page)")
                var open: [String] = []
                for match in tag.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                    let name = String(html[Range(match.range(at: 2), in: html)!])
                    if void.contains(name) { continue }
                    if match.range(at: 1).length == 0 {
                        open.append(name)
                    } else {
                        XCTAssertEqual(open.popLast(), name, "\(language)/\(page)")
                    }
                }
                XCTAssertEqual(open, [], "\(language)/\(page)")
            }
        }
    }

    /// A text a format made translates through the format; numbered arguments reorder.
    func testACatalogueTranslatesTextsMadeByFormats() {
        let po = GettextCatalogue("""
            msgid "%s (red)"
            msgstr "%s (rot)"

            msgid "Material color"
            msgstr "Materialfarbe"

            msgid "%s must be between %s and %s"
            msgstr "%2$s … %3$s: %1$s"

            #, fuzzy
            msgid "Radius"
            msgstr "Falsch"
            """)
        XCTAssertEqual(po.translate("Material color (red)"), "Materialfarbe (rot)")
        XCTAssertEqual(po.translate("radius must be between 0 and 1000"), "0 … 1000: radius")
        XCTAssertEqual(po.translate("Radius"), "Radius", "a fuzzy translation is no translation")
        XCTAssertEqual(po.translate("Unknown"), "Unknown")
    }
}
