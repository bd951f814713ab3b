// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoTestSupport
import XCTest

/// plug-in-impasto-paint-relief in GIMP 2.10 batch mode: a disc of grey paint on a
/// transparent layer, lit from the top-left by its own edge.
final class PaintReliefBatchTests: XCTestCase {
    static let helpers = """
        (define (impasto-save image drawable name)
          (gimp-file-save RUN-NONINTERACTIVE image drawable
                          (string-append "\(session.root.path)/" name) name))
        (define (impasto-paint)
          (let* ((image (car (gimp-image-new 120 80 RGB)))
                 (paint (car (gimp-layer-new image 120 80 RGBA-IMAGE "paint" 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image paint 0 0)
            (gimp-drawable-fill paint FILL-TRANSPARENT)
            (gimp-image-select-ellipse image CHANNEL-OP-REPLACE 30 10 60 60)
            (gimp-context-set-foreground '(128 128 128))
            (gimp-drawable-edit-fill paint FILL-FOREGROUND)
            (gimp-selection-none image)
            (list image paint)))
        """

    static let scenarios: [(String, String)] = [
        ("top-left", """
            (let* ((p (impasto-paint)))
              ; smoothness contrast azimuth elevation ambient specular shininess
              (plug-in-impasto-paint-relief RUN-NONINTERACTIVE (car p) (cadr p) 0.75 0.5 135 45 0.35 0.6 40)
              (impasto-save (car p) (cadr p) "lit.png"))
            """),
        ("selection", """
            (let* ((p (impasto-paint)))
              (gimp-image-select-rectangle (car p) CHANNEL-OP-REPLACE 0 0 60 80)
              (plug-in-impasto-paint-relief RUN-NONINTERACTIVE (car p) (cadr p) 0.75 0.5 135 45 0.35 0.6 40)
              (gimp-selection-none (car p))
              (impasto-save (car p) (cadr p) "selection.png"))
            """),
        ("contrast-range", """
            (let* ((p (impasto-paint)))
              (plug-in-impasto-paint-relief RUN-NONINTERACTIVE (car p) (cadr p) 0.75 -1 135 45 0.35 0.6 40))
            """),
    ]

    static let session = PrivateGimp()
    static let run = GimpBatch(session: session, scenarios: scenarios, prelude: helpers)

    override class func tearDown() {
        session.remove()
        super.tearDown()
    }

    func testPaintLitFromTheTopLeftIsBrighterOnItsTopLeftEdgeAndTheRestStaysAsItWas() throws {
        XCTAssertEqual(Self.run.outcome("top-left"), .success, Self.run.log)
        let lit = try Self.run.image("lit.png")
        func pixel(_ x: Int, _ y: Int) -> [Float] { Array(lit.pixel(x, y)) }
        // The disc (centre 60, 40, radius 30): its edge on the diagonal towards the top-left
        // and towards the bottom-right, a pixel inside.
        let topLeft = pixel(39, 19)[0], bottomRight = pixel(80, 60)[0], flat = pixel(60, 40)[0]
        XCTAssertEqual(flat, 128.0 / 255, accuracy: 1.0 / 255, "flat paint keeps its colour")
        XCTAssertGreaterThan(topLeft, flat + 0.05, "the edge facing the light")
        XCTAssertLessThan(bottomRight, flat - 0.05, "the edge facing away")
        XCTAssertEqual(pixel(5, 5)[3], 0, "the transparent canvas stays transparent")
        XCTAssertEqual(pixel(60, 40)[3], 1, "the paint as opaque as it was")
    }

    func testOnlyTheSelectionIsLit() throws {
        XCTAssertEqual(Self.run.outcome("selection"), .success, Self.run.log)
        let (lit, selected) = (try Self.run.image("lit.png"), try Self.run.image("selection.png"))
        // The left half as lit; the right half as painted: its edge facing away keeps the paint's grey.
        XCTAssertEqual(Array(selected.pixel(39, 19)), Array(lit.pixel(39, 19)))
        XCTAssertEqual(Array(selected.pixel(80, 60))[0], 128.0 / 255, accuracy: 0.5 / 255)
    }

    func testAnOutOfRangeContrastFailsWithAClearMessage() {
        guard case .error(let message) = Self.run.outcome("contrast-range") else {
            return XCTFail("contrast −1 must fail; GIMP said:\n\(Self.run.log)")
        }
        XCTAssertTrue(message.contains("contrast must be between 0 and 100, not -1"), message)
    }
}
