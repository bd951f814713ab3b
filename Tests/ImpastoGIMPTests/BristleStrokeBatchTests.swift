// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoTestSupport
import XCTest

/// plug-in-impasto-bristle-stroke in GIMP 2.10 batch mode: bristles along a path, in the
/// foreground colour on the painting and in white at 10 % on the bump layer, then the
/// whole BristlePaint look with plug-in-impasto-normal-light.
final class BristleStrokeBatchTests: XCTestCase {
    static let helpers = """
        (define (impasto-save image drawable name)
          (gimp-file-save RUN-NONINTERACTIVE image drawable
                          (string-append "\(session.root.path)/" name) name))
        (define (impasto-canvas width height)
          (let* ((image (car (gimp-image-new width height RGB)))
                 (paint (car (gimp-layer-new image width height RGB-IMAGE "paint" 100 LAYER-MODE-NORMAL)))
                 (bump (car (gimp-layer-new image width height RGBA-IMAGE "bump" 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image paint 0 0)
            (gimp-image-insert-layer image bump 0 0)
            (gimp-context-set-foreground '(255 255 255))
            (gimp-drawable-fill paint FILL-FOREGROUND)
            (gimp-drawable-fill bump FILL-TRANSPARENT)
            (list image paint bump)))
        ; A path of one Bézier stroke through anchors ((x y) ...) with handles (dx dy) ahead
        ; of each anchor (the same length behind it).
        (define (impasto-path image anchors handle)
          (let* ((v (car (gimp-vectors-new image "stroke")))
                 (hx (car handle)) (hy (cadr handle))
                 (points (apply append
                           (map (lambda (a) (list (- (car a) hx) (- (cadr a) hy) (car a) (cadr a)
                                                  (+ (car a) hx) (+ (cadr a) hy)))
                                anchors))))
            (gimp-image-insert-vectors image v 0 0)
            (gimp-vectors-stroke-new-from-points v 0 (length points) (list->vector points) FALSE)
            v))
        (define (impasto-line c)
          (impasto-path (car c) '((20 60) (180 60)) '(0 0)))
        ; A call that must fail, on a canvas c: (arguments c) prepares it and gives the bump
        ; and the path; the image is then cleaned, the foreground set to black, and the call
        ; must leave the image clean and its layers as they were (saved as NAME-paint.png and
        ; NAME-bump.png).
        (define (impasto-refused name arguments)
          (let* ((c (impasto-canvas 200 120)) (image (car c)) (bump-and-path (arguments c)))
            (gimp-context-set-foreground '(0 0 0))
            (gimp-image-clean-all image)
            (if (not (eq? (catch 'refused (impasto-stroke c (car bump-and-path) (cadr bump-and-path))) 'refused))
                (error (string-append name ": the call succeeded")))
            (if (= (car (gimp-image-is-dirty image)) 1)
                (error (string-append name ": the failed call left the image marked dirty")))
            (impasto-save image (cadr c) (string-append name "-paint.png"))
            (impasto-save image (caddr c) (string-append name "-bump.png"))))
        (define (impasto-stroke c bump v)
          (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE (car c) (cadr c) bump v 20 1 1 0 2 16))
        ; A path without strokes, and one with one stroke of a single anchor.
        (define (impasto-empty-path c)
          (let ((v (car (gimp-vectors-new (car c) "empty"))))
            (gimp-image-insert-vectors (car c) v 0 0)
            v))
        (define (impasto-dot c)
          (let ((v (impasto-empty-path c)))
            (gimp-vectors-stroke-new-from-points v 0 6 (vector 100 60 100 60 100 60) FALSE)
            v))
        """

    static let scenarios: [(String, String)] = [
        ("line", """
            (let* ((c (impasto-canvas 200 120)) (v (impasto-line c)))
              (gimp-context-set-foreground '(200 30 30))
              ; bump vectors bristles pressure-start pressure-end azimuth line-width max-radius
              (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE (car c) (cadr c) (caddr c) v 20 1 1 0 2 16)
              (impasto-save (car c) (cadr c) "line-paint.png")
              (impasto-save (car c) (caddr c) "line-bump.png"))
            """),
        ("taper", """
            (let* ((c (impasto-canvas 200 120)) (v (impasto-line c)))
              (gimp-context-set-foreground '(0 0 0))
              (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE (car c) (cadr c) -1 v 20 0 1 0 2 16)
              (impasto-save (car c) (cadr c) "taper.png"))
            """),
        ("down", """
            (let* ((c (impasto-canvas 200 120)) (v (impasto-line c)))
              (gimp-context-set-foreground '(0 0 0))
              (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE (car c) (cadr c) -1 v 20 1 1 90 2 16)
              (impasto-save (car c) (cadr c) "down.png"))
            """),
        ("selection", """
            (let* ((c (impasto-canvas 200 120)) (v (impasto-line c)))
              (gimp-context-set-foreground '(0 0 0))
              (gimp-image-select-rectangle (car c) CHANNEL-OP-REPLACE 0 0 100 120)
              (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE (car c) (cadr c) (caddr c) v 20 1 1 0 2 16)
              (impasto-save (car c) (cadr c) "selected-paint.png")
              (impasto-save (car c) (caddr c) "selected-bump.png"))
            """),
        ("foreign-path", """
            (let* ((c (impasto-canvas 200 120)) (d (impasto-canvas 200 120)) (v (impasto-line d)))
              (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE (car c) (cadr c) -1 v 20 1 1 0 2 16))
            """),
        ("same-bump", """
            (let* ((c (impasto-canvas 200 120)) (v (impasto-line c)))
              (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE (car c) (cadr c) (cadr c) v 20 1 1 0 2 16))
            """),
        ("bristles-range", """
            (let* ((c (impasto-canvas 200 120)) (v (impasto-line c)))
              (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE (car c) (cadr c) -1 v 0 1 1 0 2 16))
            """),
        ("empty-path", "(let ((c (impasto-canvas 200 120))) (impasto-stroke c -1 (impasto-empty-path c)))"),
        ("no-path", "(let ((c (impasto-canvas 200 120))) (impasto-stroke c -1 -1))"),
        ("no-path-last-values", """
            (let ((c (impasto-canvas 200 120)))
              (plug-in-impasto-bristle-stroke RUN-WITH-LAST-VALS (car c) (cadr c) -1 -1 20 1 1 0 2 16))
            """),
        ("locked-bump", """
            (let* ((c (impasto-canvas 200 120)) (v (impasto-line c)))
              (gimp-item-set-lock-content (caddr c) TRUE)
              (impasto-stroke c (caddr c) v))
            """),
        ("one-point-path", "(let ((c (impasto-canvas 200 120))) (impasto-stroke c -1 (impasto-dot c)))"),
        ("gallery", """
            (let* ((c (impasto-canvas 480 200)) (image (car c)) (paint (cadr c)) (bump (caddr c)))
              (gimp-context-set-foreground '(236 229 214))
              (gimp-drawable-fill paint FILL-FOREGROUND)
              (for-each
                (lambda (s)
                  (gimp-context-set-foreground (car s))
                  (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE image paint bump
                    (impasto-path image (cadr s) (caddr s)) 24 0.25 1 (cadddr s) 3 20))
                ; colour, anchors, handle, azimuth; two passes of each colour, as a painter would
                '(((38 70 140) ((30 50) (240 70) (450 45)) (60 -20) 0)
                  ((52 90 170) ((40 56) (245 74) (455 52)) (60 -20) 0)
                  ((214 140 40) ((40 110) (250 95) (440 125)) (60 15) 0)
                  ((230 170 60) ((45 104) (255 92) (445 118)) (60 15) 0)
                  ((180 40 45) ((60 160) (260 150) (430 170)) (70 -10) 10)
                  ((200 60 50) ((66 156) (262 146) (436 164)) (70 -10) 10)
                  ((40 120 90) ((120 20) (130 185)) (40 0) 90)
                  ((245 245 240) ((330 20) (360 185)) (-30 10) 80)))
              (impasto-save image paint "bristle-before.png")
              ; bump smoothness contrast azimuth elevation ambient specular shininess
              (plug-in-impasto-normal-light RUN-NONINTERACTIVE image paint bump 0.75 3 135 45 0.35 0.6 30)
              (impasto-save image paint "bristle-lit.png"))
            """),
    ]

    /// Calls refused for their path or bump layer: (arguments c) → (bump path), see impasto-refused.
    static let refusals: [(String, String)] = [
        ("refused-foreign-path", "(lambda (c) (list (caddr c) (impasto-line (impasto-canvas 200 120))))"),
        ("refused-foreign-bump", "(lambda (c) (list (caddr (impasto-canvas 200 120)) (impasto-line c)))"),
        ("refused-same-bump", "(lambda (c) (list (cadr c) (impasto-line c)))"),
        ("refused-empty-path", "(lambda (c) (list (caddr c) (impasto-empty-path c)))"),
        ("refused-one-point-path", "(lambda (c) (list (caddr c) (impasto-dot c)))"),
        ("refused-locked-bump", "(lambda (c) (gimp-item-set-lock-content (caddr c) TRUE) (list (caddr c) (impasto-line c)))"),
    ]

    static let session = PrivateGimp()
    static let run = GimpBatch(session: session,
                               scenarios: scenarios + refusals.map { ($0, "(impasto-refused \"\($0)\" \($1))") },
                               prelude: helpers)

    override class func tearDown() {
        session.remove()
        super.tearDown()
    }

    /// Rows of column `x` that hold any paint (not the white canvas).
    static func paintedRows(_ image: FloatImage, x: Int) -> [Int] {
        (0 ..< image.height).filter { image.pixel(x, $0).prefix(3).contains { $0 < 0.99 } }
    }

    func testBristlesPaintNearThePathOnlyInTheForegroundColour() throws {
        XCTAssertEqual(Self.run.outcome("line"), .success, Self.run.log)
        let paint = try Self.run.image("line-paint.png")
        // Azimuth 0 (a = (1, 0)): bristle i sits at y = 60 + 16·cos βᵢ on the line y = 60, so
        // the bristles are horizontal lines spread ±16 px, 2 px wide (round caps at x = 20, 180).
        let bristleRows = Set((0 ..< 20).map { 60 + 16 * cos(2 * Double.pi * Double($0) / 20) })
        var strays = 0
        for y in 0 ..< paint.height {
            for x in 0 ..< paint.width {
                let p = paint.pixel(x, y)
                guard p.prefix(3).contains(where: { $0 < 0.999 }) else { continue }
                let centre = (Double(x) + 0.5, Double(y) + 0.5)
                let dx = max(20 - centre.0, 0, centre.0 - 180)
                let nearest = bristleRows.map { ($0 - centre.1) * ($0 - centre.1) + dx * dx }.min() ?? .infinity
                if nearest.squareRoot() > 2 { strays += 1 }
            }
        }
        XCTAssertEqual(strays, 0, "every painted pixel is within reach of a bristle")
        // On a bristle: exactly the foreground colour (200, 30, 30); between bristles at the
        // rim (y = 60 ± 16 is the outermost): canvas.
        let onBristle = paint.pixel(100, 75)
        let red: [Float] = [200, 30, 30].map { Float($0) / 255 }
        for (got, want) in zip(onBristle.prefix(3), red) { XCTAssertEqual(got, want, accuracy: 1e-6) }
        XCTAssertEqual(Self.paintedRows(paint, x: 100).first, 60 - 16 - 1)
        XCTAssertEqual(Self.paintedRows(paint, x: 100).last, 60 + 16)
        XCTAssertEqual(Self.paintedRows(paint, x: 10), [], "beyond the round cap")
        XCTAssertEqual(Array(paint.pixel(100, 10).prefix(3)), [1, 1, 1], "away from the path: untouched")
    }

    func testTheBumpLayerGetsLowOpacityWhite() throws {
        XCTAssertEqual(Self.run.outcome("line"), .success, Self.run.log)
        let bump = try Self.run.image("line-bump.png")
        let alphas = bump.samples.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
        let painted = alphas.filter { $0 > 0 }
        XCTAssertGreaterThan(painted.count, 2000)
        // Each bristle is its own path at 10 %, composited over the others like BristlePaint's
        // accumulator: down the column x = 100 (far from the ends) the bristles are horizontal
        // lines at y = 60 + 16·cos βᵢ, so alpha = 1 − Π (1 − 0.1·coverageᵢ) with coverage
        // clamp(1 + 0.5 − distance) of the pixel centre.
        for y in 30 ..< 90 {
            let bare = (0 ..< 20).reduce(1.0) { (rest: Double, i: Int) -> Double in
                let line = 60 + 16 * cos(2 * Double.pi * Double(i) / 20)
                return rest * (1 - 0.1 * min(max(1.5 - abs(Double(y) + 0.5 - line), 0), 1))
            }
            XCTAssertEqual(Double(Array(bump.pixel(100, y))[3]), 1 - bare, accuracy: 1.0 / 255, "row \(y)")
        }
        XCTAssertLessThanOrEqual(painted.max() ?? 1, Float(1 - pow(0.9, 20)) + 1.0 / 255)
        XCTAssertGreaterThan(painted.max() ?? 0, 0.15, "overlapping bristles accumulate")
        for (i, a) in alphas.enumerated() where a > 0 {
            XCTAssertEqual(Array(bump.samples[i * 4 ..< i * 4 + 3]), [1, 1, 1], "white paint")
            break
        }
        XCTAssertEqual(Array(bump.pixel(100, 10))[3], 0)
    }

    func testPressureWidensTheSpreadAlongTheStroke() throws {
        XCTAssertEqual(Self.run.outcome("taper"), .success, Self.run.log)
        let taper = try Self.run.image("taper.png")
        // Pressure 0 → 1 along x = 20 … 180: spread R = 16·√f.
        func spread(_ x: Int) -> Int {
            let rows = Self.paintedRows(taper, x: x)
            return (rows.last ?? 0) - (rows.first ?? 0)
        }
        let (early, middle, late) = (spread(36), spread(100), spread(176))
        XCTAssertLessThan(early, middle)
        XCTAssertLessThan(middle, late)
        XCTAssertEqual(Double(middle), 2 * 16 * 0.5.squareRoot() + 1, accuracy: 2)
        XCTAssertEqual(late, 33, accuracy: 2)
    }

    func testAzimuthTurnsTheBristles() throws {
        XCTAssertEqual(Self.run.outcome("down"), .success, Self.run.log)
        let down = try Self.run.image("down.png")
        // Azimuth 90 (a = (0, 1)): x offset R·sin(β + 90°), y offset 0: all bristles on the
        // line y = 60, and the ends spread ±16 px along it.
        XCTAssertEqual(Self.paintedRows(down, x: 100), [59, 60])
        let columns = (0 ..< down.width).filter { x in Self.paintedRows(down, x: x).count > 0 }
        XCTAssertEqual(columns.first, 20 - 16 - 1)
        XCTAssertEqual(columns.last, 180 + 16)
    }

    func testTheSelectionLimitsThePainting() throws {
        XCTAssertEqual(Self.run.outcome("selection"), .success, Self.run.log)
        let paint = try Self.run.image("selected-paint.png"), bump = try Self.run.image("selected-bump.png")
        XCTAssertFalse(Self.paintedRows(paint, x: 99).isEmpty)
        for x in 100 ..< 200 {
            XCTAssertEqual(Self.paintedRows(paint, x: x), [], "column \(x) is outside the selection")
            XCTAssertTrue((0 ..< bump.height).allSatisfy { Array(bump.pixel(x, $0))[3] == 0 }, "bump column \(x)")
        }
    }

    func testBadPathsAndValuesFailWithClearMessages() {
        let expected = [
            ("foreign-path", "does not belong to image"),
            ("same-bump", "the bump drawable must be another layer"),
            ("bristles-range", "bristles must be between 1 and 256, not 0"),
            ("empty-path", "the path has no strokes"),
            ("no-path", "there is no path to stroke; draw one with the Paths tool"),
            ("no-path-last-values", "there is no path to stroke; draw one with the Paths tool"),
            ("one-point-path", "the path has no strokes"),
        ]
        for (scenario, text) in expected {
            guard case .error(let message) = Self.run.outcome(scenario) else {
                XCTFail("\(scenario) must fail; GIMP said:\n\(Self.run.log)")
                continue
            }
            XCTAssertTrue(message.contains(text), "\(scenario): \(message)")
        }
    }

    /// A call refused for its path or its bump layer changes nothing: the image is not even
    /// marked dirty (the scenario checks `gimp-image-is-dirty` after `gimp-image-clean-all`),
    /// the painting stays white and opaque, the bump layer transparent.
    func testARefusedCallLeavesTheImageAsItWas() throws {
        for (name, _) in Self.refusals {
            XCTAssertEqual(Self.run.outcome(name), .success, "\(name): \(Self.run.log)")
            guard Self.run.outcome(name) == .success else { continue }
            let paint = try Self.run.image("\(name)-paint.png"), bump = try Self.run.image("\(name)-bump.png")
            XCTAssertEqual(Set(paint.samples), [1], "\(name): the painting is untouched white")
            XCTAssertEqual(Set(bump.samples.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)), [0],
                           "\(name): the bump layer is untouched, transparent")
        }
    }

    /// A locked bump layer is named in the message, so that the user knows which layer to unlock.
    func testALockedBumpLayerIsNamed() {
        guard case .error(let message) = Self.run.outcome("locked-bump") else {
            return XCTFail("a locked bump layer must make the call fail; GIMP said:\n\(Self.run.log)")
        }
        XCTAssertEqual(message.trimmingCharacters(in: .whitespaces), "Error: Procedure execution of plug-in-impasto-bristle-stroke failed: "
                       + "plug-in-impasto-bristle-stroke: the pixels of layer \"bump\" are locked; "
                       + "unlock them in the Layers dialog first.")
    }

    /// The README's bristle painting, before and after lighting, is what the plug-in makes.
    func testReadmePicturesAreStillWhatThePlugInMakes() throws {
        XCTAssertEqual(Self.run.outcome("gallery"), .success, Self.run.log)
        for name in ["bristle-before.png", "bristle-lit.png"] {
            let (made, committed) = try Self.run.gallery(name)
            XCTAssertEqual(made.samples.count, committed.samples.count, name)
            let worst = zip(made.samples, committed.samples).map { abs($0 - $1) }.max() ?? 1
            XCTAssertLessThanOrEqual(worst, 1.0 / 255, "\(name): " + Self.run.regenerate(name))
        }
    }
}
