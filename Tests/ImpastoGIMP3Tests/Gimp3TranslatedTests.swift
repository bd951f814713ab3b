// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoTestSupport
import XCTest

/// GIMP 3.0 (trixie) and 3.2 (forky) started in French, and in German: the plug-in's catalogue,
/// installed in plug-ins/impasto/locale as plugin-install.sh puts it, gives a procedure's error
/// and what it registers (blurb, menu label) in that language. The roots have no fr_FR or
/// de_DE locale, and glibc 2.41 ignores LANGUAGE under C.UTF-8 (2.36, Debian 12's, does not):
/// the test compiles the locale into the session folder with the root's localedef (from the
/// host's locale sources) and points LOCPATH at it. One GIMP profile per language: GIMP 3
/// keeps what a plug-in registered in the language of the start that queried it.
final class Gimp3TranslatedTests: XCTestCase {
    struct Expected {
        let language: String, locale: String, error: String, blurb: String, menuLabel: String
    }

    static let french = Expected(language: "fr", locale: "fr_FR", error: "plug-in-impasto-emboss : preset « velvet » est inconnu",
                                 blurb: "Mettre en relief la forme du calque en un relief arrondi éclairé comme du métal poli",
                                 menuLabel: "Impasto relief avec éditeur de _lumières…")
    static let german = Expected(language: "de", locale: "de_DE", error: "plug-in-impasto-emboss: preset „velvet“ ist unbekannt",
                                 blurb: "Die Form der Ebene zu einem gerundeten Relief prägen, beleuchtet wie poliertes Metall",
                                 menuLabel: "Impasto Relief mit _Licht-Editor …")

    func checkAnErrorAndTheRegistration(_ suite: Gimp3Root.Suite, _ expected: Expected) throws {
        try Gimp3Root.skipUnlessRequested(suite)
        let root = try Gimp3Root.prepare(suite).get()
        let plugIn = try root.buildPlugIn().get()
        let session = try Gimp3Session(root: root)
        defer { session.remove() }
        try session.installPlugIn(plugIn)
        try session.installCatalogue(expected.language, in: "profile/plug-ins/impasto/locale")
        let locale = try session.makeLocale(expected.locale)

        let result = session.batch(["""
            (let* ((image (car (gimp-image-new 8 8 RGB)))
                   (layer (car (gimp-layer-new image "layer" 8 8 RGBA-IMAGE 100 LAYER-MODE-NORMAL))))
              (gimp-image-insert-layer image layer 0 0)
              (plug-in-impasto-emboss RUN-NONINTERACTIVE image (vector layer) 10 10 "round" 0 "alpha" -1 "velvet"))
            """], environment: locale)
        guard case .error(let message)? = result.outcomes.first else {
            return XCTFail("an unknown preset must fail; GIMP said:\n\(result.log)")
        }
        XCTAssertTrue(message.contains(expected.error), result.log)
        let pluginrc = String(decoding: try Data(contentsOf: session.hostProfile.appendingPathComponent("pluginrc")), as: UTF8.self)
        XCTAssertTrue(pluginrc.contains(expected.blurb), "GIMP 3 keeps the blurb the plug-in registered, translated")
        XCTAssertTrue(pluginrc.contains(expected.menuLabel))
    }

    func testTrixieAnErrorAndTheRegistrationAreFrench() throws { try checkAnErrorAndTheRegistration(.trixie, Self.french) }
    func testForkyAnErrorAndTheRegistrationAreFrench() throws { try checkAnErrorAndTheRegistration(.forky, Self.french) }
    func testTrixieAnErrorAndTheRegistrationAreGerman() throws { try checkAnErrorAndTheRegistration(.trixie, Self.german) }
    func testForkyAnErrorAndTheRegistrationAreGerman() throws { try checkAnErrorAndTheRegistration(.forky, Self.german) }
}
