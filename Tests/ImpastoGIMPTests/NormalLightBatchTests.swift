// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoTestSupport
import XCTest

/// plug-in-impasto-normal-light in GIMP 2.10 batch mode: a grey painting lit from the
/// top-left through the normals of a bump layer painted white at low opacity.
final class NormalLightBatchTests: XCTestCase {
    static let helpers = """
        (define (impasto-save image drawable name)
          (gimp-file-save RUN-NONINTERACTIVE image drawable
                          (string-append "\(session.root.path)/" name) name))
        (define (impasto-painting)
          (let* ((image (car (gimp-image-new 120 80 RGB)))
                 (paint (car (gimp-layer-new image 120 80 RGB-IMAGE "paint" 100 LAYER-MODE-NORMAL)))
                 (bump (car (gimp-layer-new image 120 80 RGBA-IMAGE "bump" 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image paint 0 0)
            (gimp-image-insert-layer image bump 0 0)
            (gimp-context-set-foreground '(128 128 128))
            (gimp-drawable-fill paint FILL-FOREGROUND)
            (gimp-drawable-fill bump FILL-TRANSPARENT)
            (gimp-image-select-ellipse image CHANNEL-OP-REPLACE 30 10 60 60)
            (gimp-context-set-foreground '(255 255 255))
            (gimp-context-set-opacity 10)
            (gimp-drawable-edit-fill bump FILL-FOREGROUND)
            (gimp-drawable-edit-fill bump FILL-FOREGROUND)
            (gimp-drawable-edit-fill bump FILL-FOREGROUND)
            (gimp-context-set-opacity 100)
            (gimp-selection-none image)
            (list image paint bump)))
        """

    static let scenarios: [(String, String)] = [
        ("top-left", """
            (let* ((p (impasto-painting)))
              ; bump smoothness contrast azimuth elevation ambient specular shininess
              (plug-in-impasto-normal-light RUN-NONINTERACTIVE (car p) (cadr p) (caddr p) 0.75 3 135 45 0.3 0 20)
              (impasto-save (car p) (cadr p) "lit.png"))
            """),
        ("elevation-range", """
            (let* ((p (impasto-painting)))
              (plug-in-impasto-normal-light RUN-NONINTERACTIVE (car p) (cadr p) (caddr p) 0.75 3 135 95 0.3 0.5 20))
            """),
    ]

    static let session = PrivateGimp()
    static let run = GimpBatch(session: session, scenarios: scenarios, prelude: helpers)

    override class func tearDown() {
        session.remove()
        super.tearDown()
    }

    func testABumpLitFromTheTopLeftIsBrighterOnItsTopLeftEdge() throws {
        XCTAssertEqual(Self.run.outcome("top-left"), .success, Self.run.log)
        let lit = try Self.run.image("lit.png")
        func red(_ x: Int, _ y: Int) -> Float { lit.pixel(x, y)[lit.pixel(x, y).startIndex] }
        // The disc (centre 60, 40, radius 30): its edge on the diagonal towards the top-left
        // and towards the bottom-right.
        let topLeft = red(39, 19), bottomRight = red(81, 61), flat = red(5, 5)
        XCTAssertEqual(flat, 128.0 / 255, accuracy: 1.0 / 255, "flat paint keeps its colour (no specular here)")
        XCTAssertGreaterThan(topLeft, flat + 0.01)
        XCTAssertLessThan(bottomRight, flat - 0.01)
    }

    func testAnOutOfRangeElevationFailsWithAClearMessage() {
        guard case .error(let message) = Self.run.outcome("elevation-range") else {
            return XCTFail("elevation 95 must fail; GIMP said:\n\(Self.run.log)")
        }
        XCTAssertTrue(message.contains("light-elevation must be between 0 and 90, not 95"), message)
    }
}
