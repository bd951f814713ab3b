// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoFrontEnd
import ImpastoTestSupport
import XCTest

/// The help pages as plugin-install.sh installs them for GIMP 2.10: beside the plug-in, every
/// language, registered as the plug-in's help domain; and every page's GIMP 2.10 call runs as
/// a reader would copy it, on an image with the variables the pages name.
final class HelpBatchTests: XCTestCase {
    static let session = PrivateGimp()
    static var help: URL { URL(fileURLWithPath: session.path("profile/plug-ins/impasto/help")) }

    /// image, drawable (a layer with an orange disc), bump (a layer below it), path (one stroke).
    static let prelude = """
        (define image (car (gimp-image-new 64 48 RGB)))
        (define bump (car (gimp-layer-new image 64 48 RGBA-IMAGE "bump" 100 LAYER-MODE-NORMAL)))
        (define drawable (car (gimp-layer-new image 64 48 RGBA-IMAGE "paint" 100 LAYER-MODE-NORMAL)))
        (define path (car (gimp-vectors-new image "stroke")))
        (gimp-image-insert-layer image bump 0 0)
        (gimp-image-insert-layer image drawable 0 0)
        (gimp-image-select-ellipse image CHANNEL-OP-REPLACE 8 8 48 32)
        (gimp-context-set-foreground '(230 120 40))
        (gimp-drawable-edit-fill drawable FILL-FOREGROUND)
        (gimp-selection-none image)
        (gimp-image-insert-vectors image path 0 0)
        (gimp-vectors-stroke-new-from-points path 0 12 (vector 8 24 8 24 8 24 56 24 56 24 56 24) FALSE)
        """

    static let calls: [(String, String)] = procedures.flatMap { procedure in
        HelpPageCalls.calls(in: help.appendingPathComponent("en/\(procedure.name).html"), kind: "gimp-2.10")
            .map { (procedure.name, $0) }
    }
    static let batch = GimpBatch(session: session, scenarios: calls, prelude: prelude)

    override class func tearDown() {
        session.remove()
        super.tearDown()
    }

    func testThePagesAreInstalledBesideThePlugInInEveryLanguage() {
        for language in ["en", "de", "es", "fr", "it", "ja", "pt_BR", "ru", "zh_CN"] {
            for page in ["gimp-help.xml", "index.html", "plug-in-impasto-emboss.html"] {
                XCTAssertTrue(FileManager.default.fileExists(atPath: Self.help.appendingPathComponent("\(language)/\(page)").path),
                              "\(language)/\(page); plugin-install.sh said:\n\(Self.session.installOutput.output)")
            }
        }
        XCTAssertTrue(Self.session.installOutput.output.contains("installed the help pages in \(Self.help.path) ("),
                      Self.session.installOutput.output)
    }

    /// GIMP keeps the plug-in's help domain in pluginrc: the folder beside the plug-in.
    func testThePlugInRegistersItsHelpDomain() throws {
        _ = Self.batch.outcomes
        let pluginrc = String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.session.path("profile/pluginrc"))),
                              as: UTF8.self)
        XCTAssertTrue(pluginrc.contains("(help-def \"\(HelpPages.domain)\" \"file://\(Self.help.path)\")"), pluginrc)
    }

    func testEveryPagesCallRuns() {
        XCTAssertEqual(Set(Self.calls.map(\.0)), Set(procedures.map { $0.name }), "a page without its GIMP 2.10 call")
        for (i, (procedure, call)) in Self.calls.enumerated() {
            XCTAssertEqual(i < Self.batch.outcomes.count ? Self.batch.outcomes[i] : nil, .success,
                           "\(procedure): \(call)\n\(Self.batch.log)")
        }
    }
}
