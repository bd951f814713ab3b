// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoTestSupport
import XCTest

/// Painting impasto in Debian's own GIMP 3.0.x (trixie) and 3.2.x (forky), end to end in
/// Script-Fu batch mode: a filter kept live on a transparent layer, paint put on that layer
/// afterwards, the filter still there, and what the layer then shows.
/// - BristlePaint: impasto:paint-relief kept on the layer, bristle strokes painted on it: a
///   ridge per bristle, lit from the top-left, transparent where nothing was painted.
/// - MercurialPaint: impasto:emboss (mercury, liquify on) kept on the layer, a soft round
///   brush dabbed and stroked on it: rounded blobs of liquid metal with crisp edges.
/// What a layer shows is saved twice: with its filter hidden (the paint as painted), and with
/// the filter merged (what GIMP displays while it is live). Painting with the pen and the mouse
/// is Gimp3PenTests'.
final class Gimp3PaintingTests: XCTestCase {
    static func helpers(_ folder: String) -> String {
        """
        (define (impasto-canvas)
          (let* ((image (car (gimp-image-new 240 160 RGB)))
                 (layer (car (gimp-layer-new image "paint" 240 160 RGBA-IMAGE 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image layer 0 0)
            (gimp-drawable-fill layer FILL-TRANSPARENT)
            (list image layer)))
        ; Prints "impasto-filters <name>: <op> …" for the layer's filters, in one display: GIMP's
        ; plug-ins' warnings share the log and can come between separate ones.
        (define (impasto-filters name d)
          (display (string-append "\\nimpasto-filters " name ":"
                                  (apply string-append
                                         (map (lambda (f) (string-append " " (car (gimp-drawable-filter-get-operation-name f))))
                                              (vector->list (car (gimp-drawable-get-filters d)))))
                                  "\\n")))
        ; Saves the layer as painted (its filters hidden), then as it shows (its filters merged).
        (define (impasto-save-both i d name)
          (let ((filters (vector->list (car (gimp-drawable-get-filters d)))))
            (for-each (lambda (f) (gimp-drawable-filter-set-visible f FALSE)) filters)
            (impasto-save i d (string-append name "-paint.png"))
            (for-each (lambda (f) (gimp-drawable-filter-set-visible f TRUE)) filters)
            (gimp-drawable-merge-filters d)
            (impasto-save i d (string-append name "-shown.png"))))
        ; GIMP's paintbrush as the README sets it up for impasto: the Impasto Bristle brush at
        ; its own size and spacing, its dynamics, full opacity, from GIMP's default context (not
        ; the soft brush a scenario before left behind).
        (define (impasto-bristle-brush)
          (gimp-context-set-defaults)
          (gimp-context-set-brush-hardness 1.0)
          (gimp-context-set-brush (car (gimp-brush-get-by-name "Impasto Bristle")))
          (gimp-context-set-brush-default-size)
          (gimp-context-set-brush-default-spacing)
          (gimp-context-set-dynamics-name "Impasto Bristle")
          (gimp-context-set-opacity 100)
          (gimp-context-set-paint-mode LAYER-MODE-NORMAL))
        ; The README's pictures: a canvas of `colour` under a transparent layer that keeps
        ; `filter` (an op and its properties) while `paint` paints on it; saved as the image shows.
        (define (impasto-picture name colour filter paint)
          (let* ((image (car (gimp-image-new 360 200 RGB)))
                 (canvas (car (gimp-layer-new image "canvas" 360 200 RGB-IMAGE 100 LAYER-MODE-NORMAL)))
                 (layer (car (gimp-layer-new image "paint" 360 200 RGBA-IMAGE 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image canvas 0 0)
            (gimp-image-insert-layer image layer 0 0)
            (gimp-context-set-foreground colour)
            (gimp-drawable-fill canvas FILL-FOREGROUND)
            (gimp-drawable-fill layer FILL-TRANSPARENT)
            (apply gimp-drawable-append-new-filter (append (list layer (car filter) 0 LAYER-MODE-REPLACE 1.0) (cdr filter)))
            (paint image layer)
            (gimp-drawable-merge-filters layer)
            (gimp-file-save RUN-NONINTERACTIVE image (string-append "\(folder)/" name))))
        """
    }

    /// The scenarios run in one GIMP in this order, and GIMP's context (brush, dynamics,
    /// colours) carries over from one to the next: those with the Impasto dynamics come last.
    static let scenarios: [(String, String)] = [
        ("bristles", """
            (let* ((c (impasto-canvas)) (i (car c)) (d (cadr c)))
              (gimp-drawable-append-new-filter d "impasto:paint-relief" 0 LAYER-MODE-REPLACE 1.0)
              (impasto-filters "before" d)
              (gimp-context-set-foreground '(200 60 40))
              ; bump path bristles pressure-start pressure-end azimuth line-width max-radius:
              ; a stroke to the right (bristles one above the other) and one downwards.
              (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE i (vector d) -1
                (impasto-path i '(20 50 20 50 20 50 150 50 150 50 150 50)) 16 1 1 0 2 24)
              (gimp-context-set-foreground '(40 90 170))
              (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE i (vector d) -1
                (impasto-path i '(195 20 195 20 195 20 195 140 195 140 195 140)) 16 1 1 90 2 24)
              (impasto-filters "after" d)
              (impasto-save-both i d "bristles"))
            """),
        ("mercury", """
            (let* ((c (impasto-canvas)) (i (car c)) (d (cadr c)))
              (gimp-drawable-append-new-filter d "impasto:emboss" 0 LAYER-MODE-REPLACE 1.0
                                               "preset" "mercury" "radius" 16.0 "liquify" 4.0)
              (gimp-context-set-foreground '(255 255 255))
              (gimp-context-set-brush (car (gimp-brush-get-by-name "2. Hardness 025")))
              (gimp-context-set-brush-size 50)
              (gimp-context-set-brush-hardness 0.25)
              (gimp-paintbrush-default d (vector 52 80 68 80 60 72 60 88 52 80))
              (gimp-paintbrush-default d (vector 140 50 200 110))
              (impasto-filters "mercury" d)
              (impasto-save-both i d "mercury"))
            """),
        ("gallery-bristles", """
            (impasto-picture "painting-bristles.png" '(236 229 214) '("impasto:paint-relief")
              (lambda (image layer)
                (for-each
                  (lambda (s)
                    (gimp-context-set-foreground (car s))
                    ; bump path bristles pressure-start pressure-end azimuth line-width max-radius
                    (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE image (vector layer) -1
                      (impasto-path image (cadr s)) 24 0.25 1 (caddr s) 2 20))
                  ; colour, Bézier anchor triples (handle, anchor, handle), azimuth
                  '(((38 70 140) (20 40 30 50 60 40 160 60 200 66 260 56 320 40 340 44 350 50) 0)
                    ((214 140 40) (20 110 30 100 80 90 170 110 220 120 280 100 330 90 340 92 350 96) 0)
                    ((180 40 45) (30 165 40 160 90 150 180 170 230 176 290 160 330 150 340 150 350 150) 10)
                    ((40 120 90) (250 10 250 15 252 40 262 120 263 150 265 190 270 190 270 190 270 190) 90)))))
            """),
        ("gallery-mercury", """
            (impasto-picture "painting-mercury.png" '(34 38 46)
              '("impasto:emboss" "preset" "mercury" "radius" 18.0 "liquify" 5.0)
              (lambda (image layer)
                (gimp-context-set-foreground '(255 255 255))
                (gimp-context-set-brush (car (gimp-brush-get-by-name "2. Hardness 025")))
                (gimp-context-set-brush-hardness 0.25)
                (for-each
                  (lambda (s) (gimp-context-set-brush-size (car s)) (gimp-paintbrush-default layer (list->vector (cdr s))))
                  ; brush size, then the stroke's points: a big drop, two that flow together,
                  ; a stroke, a small drop
                  '((100 60 100 80 100 70 88 60 100)
                    (70 146 140 156 140 151 134 151 146 146 140)
                    (70 194 130 204 130 199 124 199 136 194 130)
                    (56 220 50 260 60 300 100 320 150)
                    (50 296 40 304 40 300 35 300 45 296 40)))))
            """),
        ("thick", """
            (let* ((image (car (gimp-image-new 360 240 RGB)))
                   (layer (car (gimp-layer-new image "paint" 360 240 RGBA-IMAGE 100 LAYER-MODE-NORMAL))))
              (gimp-image-insert-layer image layer 0 0)
              (gimp-drawable-fill layer FILL-TRANSPARENT)
              (gimp-drawable-append-new-filter layer "impasto:paint-relief" 0 LAYER-MODE-REPLACE 1.0 "thick-paint" TRUE)
              (impasto-bristle-brush)
              (gimp-context-set-foreground '(200 60 40))
              ; a stroke across the middle, one down across it, and one down three times
              (gimp-paintbrush-default layer (vector 20 120 340 120))
              (gimp-paintbrush-default layer (vector 120 20 120 220))
              (gimp-paintbrush-default layer (vector 260 20 260 220))
              (gimp-paintbrush-default layer (vector 260 20 260 220))
              (gimp-paintbrush-default layer (vector 260 20 260 220))
              (impasto-filters "thick" layer)
              (impasto-save-both image layer "thick"))
            """),
        ("gallery-thick", """
            (impasto-picture "painting-thick.png" '(236 229 214) (list "impasto:paint-relief" "thick-paint" TRUE)
              (lambda (image layer)
                (impasto-bristle-brush)
                (for-each
                  (lambda (s) (gimp-context-set-foreground (car s)) (gimp-paintbrush-default layer (cadr s)))
                  ; colour, stroke: across the middle, down across it, down three times
                  (list (list '(38 70 140) (vector 20 100 340 100))
                        (list '(214 140 40) (vector 120 15 120 185))
                        (list '(180 40 45) (vector 250 15 250 185))
                        (list '(180 40 45) (vector 250 15 250 185))
                        (list '(180 40 45) (vector 250 15 250 185))))))
            """),
    ]

    static let runs = Gimp3Runs<(result: PrivateGimp.BatchResult, session: Gimp3Session)>()

    func run(_ suite: Gimp3Root.Suite) throws -> (result: PrivateGimp.BatchResult, session: Gimp3Session) {
        try Self.runs.run(suite, brush: true) { _, session in
            let prelude = Gimp3ProceduresTests.gimp3Helpers(session.folder) + Self.helpers(session.folder)
            return (session.batch(Self.scenarios.map(\.1), prelude: prelude, data: true), session)
        }
    }

    override class func tearDown() {
        runs.removeSessions()
        super.tearDown()
    }

    func image(_ name: String, of session: Gimp3Session, log: String) throws -> FloatImage {
        Gegl.initialize()
        return try XCTUnwrap(FloatImage.load(session.hostFolder.appendingPathComponent(name)), "\(name) was not written:\n\(log)")
    }

    func line(_ prefix: String, in log: String) -> String? {
        log.components(separatedBy: "\n").first { $0.hasPrefix(prefix + " ") }.map { String($0.dropFirst(prefix.count + 1)) }
    }

    func checkBristleStrokesOnALiveReliefAreRidgesLitFromTheTopLeft(_ suite: Gimp3Root.Suite) throws {
        let (result, session) = try run(suite)
        XCTAssertEqual(result.outcomes.first, .success, result.log)
        XCTAssertEqual(line("impasto-filters before:", in: result.log), "impasto:paint-relief", result.log)
        XCTAssertEqual(line("impasto-filters after:", in: result.log), "impasto:paint-relief",
                       "the filter is still live after painting:\n\(result.log)")
        let paint = try image("bristles-paint.png", of: session, log: result.log)
        let shown = try image("bristles-shown.png", of: session, log: result.log)
        func brightness(_ x: Int, _ y: Int) -> Float { shown.pixel(x, y).prefix(3).reduce(0, +) / 3 }
        func alpha(_ x: Int, _ y: Int) -> Float { paint.pixel(x, y).last ?? 0 }
        // Across each stroke, in its middle: each streak of bristle paint is a ridge whose flank
        // towards the light (top; left) is brighter than the one away from it.
        for (label, cross, pixel) in [("rightwards stroke", 20 ..< 80, { (t: Int) in (85, t) }),
                                      ("downwards stroke", 165 ..< 225, { (t: Int) in (t, 80) })] {
            let found = StrokeReading.runs(cross) { alpha(pixel($0).0, pixel($0).1) }
            XCTAssertGreaterThanOrEqual(found.count, 5, "\(label): bristle streaks across the stroke")
            for (first, last) in found {
                let near = pixel(first), far = pixel(last)
                XCTAssertGreaterThan(brightness(near.0, near.1), brightness(far.0, far.1) + 0.03,
                                     "\(label): the streak at \(first)…\(last) is lit from the top-left")
            }
        }
        var bare = 0
        for y in 0 ..< 160 { for x in 0 ..< 240 where alpha(x, y) == 0 {
            bare += 1
            XCTAssertEqual(shown.pixel(x, y).last, 0, "(\(x), \(y)): nothing painted, nothing shown")
        } }
        XCTAssertGreaterThan(bare, 240 * 160 / 2, "most of the canvas is bare")
    }

    func checkASoftBrushOnALiveLiquidEmbossPaintsMercury(_ suite: Gimp3Root.Suite) throws {
        let (result, session) = try run(suite)
        XCTAssertEqual(result.outcomes, Array(repeating: .success, count: Self.scenarios.count), result.log)
        XCTAssertEqual(line("impasto-filters mercury:", in: result.log), "impasto:emboss", result.log)
        let paint = try image("mercury-paint.png", of: session, log: result.log)
        let shown = try image("mercury-shown.png", of: session, log: result.log)
        func brightness(_ x: Int, _ y: Int) -> Float { shown.pixel(x, y).prefix(3).reduce(0, +) / 3 }
        func alpha(_ image: FloatImage, _ x: Int, _ y: Int) -> Float { image.pixel(x, y).last ?? 0 }
        // The scribble around (60, 80): the soft brush's alpha fades over many pixels; the liquid metal
        // has one crisp edge (liquify's threshold), and is opaque well inside it.
        let row = (0 ..< 120).map { alpha(shown, $0, 80) }
        let ramp = row.filter { $0 > 0.05 && $0 < 0.95 }.count
        XCTAssertLessThanOrEqual(ramp, 4, "a crisp edge on each side: \(row)")
        XCTAssertGreaterThan((0 ..< 120).map { alpha(paint, $0, 80) }.filter { $0 > 0.05 && $0 < 0.95 }.count, 10,
                             "while the brush itself is soft")
        XCTAssertEqual(alpha(shown, 60, 80), 1)
        XCTAssertEqual(alpha(shown, 5, 5), 0, "bare canvas stays bare")
        // Rounded: the relief rises from the edge, so the up-left rim (facing the studio's key
        // light) and the down-right rim differ, and the middle is neither.
        let left = (0 ..< 60).first { alpha(shown, $0, 80) >= 0.5 } ?? 60
        let right = (60 ..< 120).last { alpha(shown, $0, 80) >= 0.5 } ?? 60
        XCTAssertGreaterThan(right - left, 30, "a blob of about the brush's size: \(left)…\(right)")
        let upLeft = brightness(60 - (60 - left) * 2 / 3, 80 - (60 - left) * 2 / 3)
        let downRight = brightness(60 + (right - 60) * 2 / 3, 80 + (right - 60) * 2 / 3)
        XCTAssertGreaterThan(upLeft, downRight + 0.1, "lit from the upper left: a rounded relief, not a flat plate")
    }

    /// The README's pictures of painting on a live filter are what GIMP 3.2 paints (≤ 2/255:
    /// the layers are composited by GIMP, through babl).
    /// Thick paint, as GIMP's own paintbrush lays it with the Impasto Bristle brush and dynamics
    /// (thin coats) on a layer that keeps a live Paint Relief with thick paint on: a single
    /// stroke shows opaque in the colour painted; a stroke across another stands on it, its
    /// edges across the crossing a lit rim (left, towards the light) and a shadow (right) as
    /// strong as across bare canvas; a stroke painted three times is three coats thick and its
    /// edges steeper.
    func checkThickPaintBuildsUp(_ suite: Gimp3Root.Suite) throws {
        let (result, session) = try run(suite)
        XCTAssertEqual(line("impasto-filters thick:", in: result.log), "impasto:paint-relief", result.log)
        let paint = try image("thick-paint.png", of: session, log: result.log)
        let shown = try image("thick-shown.png", of: session, log: result.log)
        ThickPaintReading.check(paint: paint, shown: shown, once: 120, thrice: 260, outside: 40 ... 80, crossing: 110 ... 130,
                                "GIMP \(suite.gimpVersion), scripted")
        XCTAssertEqual(shown.pixel(60, 40).last ?? 1, 0, "\(suite): bare canvas")
    }

    func testTrixieThickPaintBuildsUp() throws { try checkThickPaintBuildsUp(.trixie) }
    func testForkyThickPaintBuildsUp() throws { try checkThickPaintBuildsUp(.forky) }

    func testForkyReadmePicturesAreWhatGIMPPaints() throws {
        let (result, session) = try run(.forky)
        for name in ["painting-bristles.png", "painting-mercury.png", "painting-thick.png"] {
            let made = try image(name, of: session, log: result.log)
            let url = BuildProducts.packageRoot.appendingPathComponent("Tests/Gallery/\(name)")
            let keep = FileManager.default.temporaryDirectory.appendingPathComponent("impasto-gallery/\(name)")
            try? FileManager.default.createDirectory(at: keep.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: keep)
            try? FileManager.default.copyItem(at: session.hostFolder.appendingPathComponent(name), to: keep)
            let regenerate = "regenerate it: cp \(keep.path) \(url.path)"
            // (gegl:load makes a small placeholder of a missing file.)
            guard FileManager.default.fileExists(atPath: url.path), let committed = FloatImage.load(url) else {
                XCTFail("\(name) is missing; \(regenerate)")
                continue
            }
            XCTAssertEqual([made.width, made.height], [committed.width, committed.height], name)
            XCTAssertLessThanOrEqual(worstDifference(made, committed), 2.0 / 255, "\(name): \(regenerate)")
        }
    }

    // MARK: - GIMP 3.0 (trixie)

    func testTrixieBristleStrokesOnALiveReliefAreRidgesLitFromTheTopLeft() throws {
        try checkBristleStrokesOnALiveReliefAreRidgesLitFromTheTopLeft(.trixie)
    }
    func testTrixieASoftBrushOnALiveLiquidEmbossPaintsMercury() throws {
        try checkASoftBrushOnALiveLiquidEmbossPaintsMercury(.trixie)
    }

    // MARK: - GIMP 3.2 (forky)

    func testForkyBristleStrokesOnALiveReliefAreRidgesLitFromTheTopLeft() throws {
        try checkBristleStrokesOnALiveReliefAreRidgesLitFromTheTopLeft(.forky)
    }
    func testForkyASoftBrushOnALiveLiquidEmbossPaintsMercury() throws {
        try checkASoftBrushOnALiveLiquidEmbossPaintsMercury(.forky)
    }
}
