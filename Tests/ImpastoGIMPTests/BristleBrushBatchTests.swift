// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoBrushFiles
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The "Impasto Bristle" and "Impasto Flat" image-pipe brushes and the paint dynamics that
/// plugin-install.sh puts in the profile: GIMP loads them, its own paintbrush paints bristles
/// with them (a streak per track across the stroke), and plug-in-impasto-bristle-brush
/// regenerates them.
final class BristleBrushBatchTests: XCTestCase {
    static let helpers = """
        (define (impasto-path name) (string-append "\(session.root.path)/" name))
        (define (impasto-report name value)
          (let ((port (open-output-file (impasto-path name))))
            (write value port)
            (close-output-port port)))
        (define (impasto-save image drawable name)
          (gimp-file-save RUN-NONINTERACTIVE image drawable (impasto-path name) name))
        (define (impasto-paint name points)
          (let* ((image (car (gimp-image-new 200 200 RGB)))
                 (layer (car (gimp-layer-new image 200 200 RGB-IMAGE "paint" 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image layer 0 0)
            (gimp-context-set-foreground '(255 255 255))
            (gimp-drawable-fill layer FILL-FOREGROUND)
            (gimp-context-set-foreground '(0 0 0))
            (gimp-context-set-brush "Impasto Bristle")
            (gimp-context-set-dynamics "Impasto Bristle")
            (gimp-context-set-brush-size (car (gimp-brush-get-info "Impasto Bristle")))
            (gimp-context-set-brush-default-spacing)
            (gimp-paintbrush layer 0 (length points) (list->vector points) PAINT-CONSTANT 0)
            (impasto-save image layer name)))
        """

    static let scenarios: [(String, String)] = [
        ("installed", """
            (begin
              (impasto-report "brushes.txt" (cadr (gimp-brushes-get-list "Impasto")))
              (impasto-report "dynamics.txt" (cadr (gimp-dynamics-get-list "Impasto")))
              (impasto-report "info.txt" (gimp-brush-get-info "Impasto Bristle")))
            """),
        ("right", #"(impasto-paint "right.png" '(20 100 180 100))"#),
        ("regenerate", """
            (begin
              ; bristles max-radius line-width pressure-levels angle-levels angle-source load
              (plug-in-impasto-bristle-brush RUN-NONINTERACTIVE 8 10 2 4 8 0 1)
              (impasto-report "regenerated.txt"
                (list (gimp-brush-get-info "Impasto Bristle") (car (gimp-context-get-brush))
                      (car (gimp-context-get-dynamics)))))
            """),
        ("levels-range", "(plug-in-impasto-bristle-brush RUN-NONINTERACTIVE 20 16 2 0 24 0 1)"),
        ("tilt-levels", "(plug-in-impasto-bristle-brush RUN-NONINTERACTIVE 20 16 2 8 24 1 1)"),
    ]

    static let session = PrivateGimp(data: true)
    static let run = GimpBatch(session: session, scenarios: scenarios, prelude: helpers)

    override class func tearDown() {
        session.remove()
        super.tearDown()
    }

    func report(_ name: String) throws -> String {
        try String(contentsOfFile: Self.session.path(name), encoding: .utf8)
    }

    func testGIMPLoadsTheInstalledBrushAndDynamics() throws {
        XCTAssertEqual(Self.run.outcome("installed"), .success, Self.run.log)
        XCTAssertEqual(try report("brushes.txt"), "(" + BristleBrush.Shape.allCases.map { "\"\($0.brushName)\"" }.joined(separator: " ") + ")")
        XCTAssertEqual(try report("dynamics.txt"), #"("Impasto Bristle")"#)
        // width height mask-bpp color-bpp: the standard brush's cells, a grey mask.
        let size = BristleBrush.standard.cellSize
        XCTAssertEqual(try report("info.txt"), "(\(size) \(size) 1 0)")
    }

    /// Where paint is along a line across the stroke: the painted positions, black paint laid
    /// on white as a coat of at least a quarter (the dynamics' opacity at full pressure: half).
    static func painted(_ image: FloatImage, across: (Int) -> (Int, Int)) -> [Int] {
        (0 ..< 200).filter { i in
            let (x, y) = across(i)
            return Array(image.pixel(x, y))[0] < 0.75
        }
    }

    func testGIMPsPaintbrushPaintsBristlesAcrossTheStroke() throws {
        XCTAssertEqual(Self.run.outcome("right"), .success, Self.run.log)
        // A scripted stroke has pressure 1 and no tilt, which pick the full-pressure upright
        // cell: the round tuft of 12 bristles, R = 18. Moving right, along one of the ring's
        // mirror axes, bristle pairs trail one another on 7 tracks at 18·sin(30°·k); the two
        // outer tracks on each side lie 2.4 px apart and merge: 5 streaks spread 36 px across.
        let image = try Self.run.image("right.png")
        let across = Self.painted(image) { (100, $0) }
        let r = BristleBrush.standard.maxRadius
        XCTAssertEqual(Double(across.first ?? 0), 100 - r, accuracy: 2, "\(across)")
        XCTAssertEqual(Double(across.last ?? 0), 100 + r, accuracy: 2, "\(across)")
        let gaps = zip(across, across.dropFirst()).filter { $1 - $0 > 1 }.count
        XCTAssertEqual(gaps, 4, "bristles leave gaps between their streaks: \(across)")
        // Along the stroke: from its start to its end, each streak unbroken.
        let along = Self.painted(image) { ($0, across.first ?? 0) }
        XCTAssertEqual(Double(along.first ?? 0), 20, accuracy: 3)
        XCTAssertEqual(Double(along.last ?? 0), 180, accuracy: 3)
        XCTAssertEqual(along.count, (along.last ?? 0) - (along.first ?? 0) + 1, "\(along)")
    }

    func testTheRegenerateProcedureRewritesAndSelectsTheBrush() throws {
        XCTAssertEqual(Self.run.outcome("regenerate"), .success, Self.run.log)
        // R 10, line width 2: cells of 2·⌈10 + 1 + 1⌉ + 1 = 25 px; selected in the context.
        XCTAssertEqual(try report("regenerated.txt"), #"((25 25 1 0) "Impasto Bristle" "Impasto Bristle")"#)
        let gih = try Data(contentsOf: URL(fileURLWithPath: Self.session.path("profile/brushes/Impasto/impasto-bristle.gih")))
        let header = String(decoding: gih.prefix(200), as: UTF8.self).components(separatedBy: "\n")
        XCTAssertEqual(header[1], "32 ncells:32 cellwidth:25 cellheight:25 step:100 dim:2 cols:1 rows:1 "
                       + "placement:constant rank0:4 rank1:8 sel0:pressure sel1:angular")
    }

    func testBadBrushSettingsFailWithClearMessages() {
        for (scenario, text) in [("levels-range", "pressure-levels must be between 1 and 16, not 0"),
                                 ("tilt-levels", "with tilt, angle-levels must be at most 16 (per axis), not 24")] {
            guard case .error(let message) = Self.run.outcome(scenario) else {
                XCTFail("\(scenario) must fail; GIMP said:\n\(Self.run.log)")
                continue
            }
            XCTAssertTrue(message.contains(text), "\(scenario): \(message)")
        }
    }
}
