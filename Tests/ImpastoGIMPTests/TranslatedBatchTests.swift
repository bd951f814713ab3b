// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoTestSupport
import XCTest

/// GIMP 2.10 started in French, then in German (LANGUAGE, with the C.UTF-8 locale): a
/// procedure's error comes out in that language, from the catalogues plugin-install.sh put in
/// plug-ins/impasto/locale; what the plug-in registered stays English (GIMP 2.10 keeps it in
/// pluginrc and translates it itself, in the domain the plug-in registered).
final class TranslatedBatchTests: XCTestCase {
    static let session = PrivateGimp()
    static let badRadius = """
        (let* ((image (car (gimp-image-new 8 8 RGB)))
               (layer (car (gimp-layer-new image 8 8 RGBA-IMAGE "layer" 100 LAYER-MODE-NORMAL))))
          (gimp-image-insert-layer image layer 0 0)
          (plug-in-impasto-emboss RUN-NONINTERACTIVE image layer 5000 10 0 0 0 -1 ""))
        """
    static let french = GimpBatch(session: session, scenarios: [("radius", badRadius)], prelude: "",
                                  environment: ["LANGUAGE": "fr", "LC_ALL": "C.UTF-8"])
    static let german = GimpBatch(session: session, scenarios: [("radius", badRadius)], prelude: "",
                                  environment: ["LANGUAGE": "de", "LC_ALL": "C.UTF-8"])

    override class func tearDown() {
        session.remove()
        super.tearDown()
    }

    func testTheCataloguesAreInstalledBesideThePlugIn() {
        for language in ["de", "fr"] {
            let catalogue = "profile/plug-ins/impasto/locale/\(language)/LC_MESSAGES/impasto.mo"
            XCTAssertTrue(FileManager.default.fileExists(atPath: Self.session.path(catalogue)),
                          "\(catalogue) missing; plugin-install.sh said:\n\(Self.session.installOutput.output)")
        }
    }

    func testAnErrorComesOutInFrench() {
        guard case .error(let message) = Self.french.outcome("radius") else {
            return XCTFail("a radius of 5000 must fail; GIMP said:\n\(Self.french.log)")
        }
        XCTAssertTrue(message.contains("plug-in-impasto-emboss : radius doit être entre 0 et 1000, pas 5000."), message)
    }

    func testAnErrorComesOutInGerman() {
        guard case .error(let message) = Self.german.outcome("radius") else {
            return XCTFail("a radius of 5000 must fail; GIMP said:\n\(Self.german.log)")
        }
        XCTAssertTrue(message.contains("plug-in-impasto-emboss: radius muss zwischen 0 und 1000 liegen, nicht 5000."), message)
    }

    func testWhatThePlugInRegisteredStaysEnglish() throws {
        _ = (Self.french.outcomes, Self.german.outcomes)  // GIMP queried the plug-in in French
        let pluginrc = String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.session.path("profile/pluginrc"))),
                              as: UTF8.self)
        XCTAssertTrue(pluginrc.contains("Emboss the layer's shape into a rounded relief lit like polished metal"))
        XCTAssertTrue(pluginrc.contains("Impasto _Emboss..."))
        XCTAssertTrue(pluginrc.contains("(locale-def \"impasto\""), "the domain registered")
    }
}
