// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoTestSupport
import XCTest

/// plug-in-impasto-bristle-normal-map in GIMP 2.10 batch mode: a bump layer painted white at
/// 10 % opacity (BristlePaint's bump strokes) becomes a normal map.
final class BristleNormalMapBatchTests: XCTestCase {
    static let helpers = """
        (define (impasto-save image drawable name)
          (gimp-file-save RUN-NONINTERACTIVE image drawable
                          (string-append "\(session.root.path)/" name) name))
        (define (impasto-bump)
          (let* ((image (car (gimp-image-new 120 80 RGB)))
                 (layer (car (gimp-layer-new image 120 80 RGBA-IMAGE "bump" 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image layer 0 0)
            (gimp-drawable-fill layer FILL-TRANSPARENT)
            (gimp-image-select-ellipse image CHANNEL-OP-REPLACE 30 10 60 60)
            (gimp-context-set-foreground '(255 255 255))
            (gimp-context-set-opacity 10)
            (gimp-drawable-edit-fill layer FILL-FOREGROUND)
            (gimp-context-set-opacity 100)
            (gimp-selection-none image)
            (list image layer)))
        """

    static let scenarios: [(String, String)] = [
        ("opengl", """
            (let* ((b (impasto-bump)))
              (plug-in-impasto-bristle-normal-map RUN-NONINTERACTIVE (car b) (cadr b) 0.75 3 0 0)
              (impasto-save (car b) (cadr b) "opengl.png"))
            """),
        ("directx", """
            (let* ((b (impasto-bump)))
              (plug-in-impasto-bristle-normal-map RUN-NONINTERACTIVE (car b) (cadr b) 0.75 3 1 0)
              (impasto-save (car b) (cadr b) "directx.png"))
            """),
        ("contrast-range", "(let* ((b (impasto-bump))) (plug-in-impasto-bristle-normal-map RUN-NONINTERACTIVE (car b) (cadr b) 0.75 -1 0 0))"),
    ]

    static let session = PrivateGimp()
    static let run = GimpBatch(session: session, scenarios: scenarios, prelude: helpers)

    override class func tearDown() {
        session.remove()
        super.tearDown()
    }


    func testTheBumpBecomesAnOpenGLNormalMap() throws {
        XCTAssertEqual(Self.run.outcome("opengl"), .success, Self.run.log)
        assertOpenGLNormalMapOfTheTestDisc(try Self.run.image("opengl.png"))
    }

    func testFlipYGivesTheDirectXConvention() throws {
        XCTAssertEqual(Self.run.outcome("directx"), .success, Self.run.log)
        let gl = try Self.run.image("opengl.png"), dx = try Self.run.image("directx.png")
        XCTAssertLessThan(dx.pixel(60, 10)[dx.pixel(60, 10).startIndex + 1], 0.49, "green points down")
        XCTAssertEqual(dx.pixel(60, 10)[dx.pixel(60, 10).startIndex + 1] + gl.pixel(60, 10)[gl.pixel(60, 10).startIndex + 1],
                       1, accuracy: 2.0 / 255)
    }

    func testAnOutOfRangeContrastFailsWithAClearMessage() {
        guard case .error(let message) = Self.run.outcome("contrast-range") else {
            return XCTFail("contrast -1 must fail; GIMP said:\n\(Self.run.log)")
        }
        XCTAssertTrue(message.contains("contrast must be between 0 and 100, not -1"), message)
    }
}
