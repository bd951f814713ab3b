// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoTestSupport
import XCTest

/// plug-in-impasto-emboss in GIMP 2.10 batch mode: the word "Impasto" set in a bold font on
/// a text layer, embossed with the default look, with a picture of a sphere, and errors.
final class EmbossBatchTests: XCTestCase {
    static let helpers = """
        (define (impasto-save image drawable name)
          (gimp-file-save RUN-NONINTERACTIVE image drawable
                          (string-append "\(session.root.path)/" name) name))
        (define (impasto-text)
          (gimp-context-set-foreground '(0 0 0))  ; the text's colour
          (let* ((image (car (gimp-image-new 520 160 RGB)))
                 (layer (car (gimp-text-fontname image -1 16 8 "Impasto" 0 TRUE 110 PIXELS "DejaVu Sans Bold"))))
            (list image layer)))
        (define (impasto-solid-picture r g b)
          (let* ((image (car (gimp-image-new 64 64 RGB)))
                 (layer (car (gimp-layer-new image 64 64 RGB-IMAGE "sphere" 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image layer 0 0)
            (gimp-context-set-foreground (list r g b))
            (gimp-drawable-fill layer FILL-FOREGROUND)
            layer))
        (define (impasto-gallery preset name)
          (gimp-context-set-foreground '(0 0 0))  ; the text's colour
          (let* ((image (car (gimp-image-new 560 170 RGB)))
                 (background (car (gimp-layer-new image 560 170 RGB-IMAGE "background" 100 LAYER-MODE-NORMAL)))
                 (layer (car (gimp-text-fontname image -1 20 12 "Impasto" 0 TRUE 118 PIXELS "DejaVu Sans Bold"))))
            (gimp-image-insert-layer image background 0 1)
            (gimp-context-set-foreground '(38 40 46))
            (gimp-drawable-fill background FILL-FOREGROUND)
            (if (not (equal? preset "")) (plug-in-impasto-emboss RUN-NONINTERACTIVE image layer 10 10 0 0 0 -1 preset))
            (impasto-save image (car (gimp-image-flatten image)) name)))
        (define (impasto-emboss image layer shading preset)
          (plug-in-impasto-emboss RUN-NONINTERACTIVE image layer 10 10 0 0 0 shading preset))
        """

    static let scenarios: [(String, String)] = [
        ("text", """
            (let* ((t (impasto-text)) (image (car t)) (layer (cadr t)))
              (impasto-save image layer "text-before.png")
              (impasto-emboss image layer -1 "")
              (impasto-save image layer "text-mercury.png"))
            """),
        ("float", """
            (let* ((t (impasto-text)) (image (car t)) (layer (cadr t)))
              (gimp-image-convert-precision image PRECISION-FLOAT-LINEAR)
              (impasto-emboss image layer -1 "") (impasto-save image layer "text-float.png"))
            """),
        ("selection", """
            (let* ((t (impasto-text)) (image (car t)) (layer (cadr t)))
              (gimp-image-select-rectangle image CHANNEL-OP-REPLACE 0 0 200 160)
              (impasto-emboss image layer -1 "") (gimp-selection-none image)
              (impasto-save image layer "text-selection.png"))
            """),
        ("gold", """
            (let* ((t (impasto-text)) (image (car t)) (layer (cadr t)))
              (impasto-emboss image layer -1 "Gold") (impasto-save image layer "text-gold.png"))
            """),
        ("picture", """
            (let* ((t (impasto-text)) (image (car t)) (layer (cadr t)) (sphere (impasto-solid-picture 200 30 60)))
              (impasto-emboss image layer sphere "") (impasto-save image layer "text-picture.png"))
            """),
        ("photo", """
            (let* ((image (car (gimp-file-load RUN-NONINTERACTIVE "\(BuildProducts.fixture("astronaut.png").path)" "photo")))
                   (layer (car (gimp-image-get-active-drawable image))))
              (plug-in-impasto-emboss RUN-NONINTERACTIVE image layer 6 8 2 0 1 -1 "chrome")
              (impasto-save image layer "photo.png"))
            """),
        ("flattened", """
            (let* ((t (impasto-text)) (image (car t)) (layer (car (gimp-image-flatten (car t)))))
              (impasto-emboss image layer -1 "") (impasto-save image layer "text-flattened.png"))
            """),
        ("gallery", """
            (begin (impasto-gallery "" "emboss-before.png") (impasto-gallery "mercury" "emboss-mercury.png")
                   (impasto-gallery "gold" "emboss-gold.png"))
            """),
        ("locked-group", """
            (let* ((t (impasto-text)) (image (car t)) (layer (cadr t)) (group (car (gimp-layer-group-new image))))
              (gimp-image-insert-layer image group 0 0)
              (gimp-image-reorder-item image layer group 0)
              (gimp-item-set-name group "letters")
              (gimp-item-set-lock-content group TRUE)
              (impasto-emboss image layer -1 ""))
            """),
        ("vanished-shading", """
            (let* ((t (impasto-text)) (image (car t)) (layer (cadr t)) (sphere (impasto-solid-picture 10 200 10))
                   (u (impasto-text)))
              (impasto-emboss image layer sphere "")
              (gimp-image-delete (car (gimp-item-get-image sphere)))
              (plug-in-impasto-emboss RUN-WITH-LAST-VALS (car u) (cadr u) 0 0 0 0 0 -1 "")
              (impasto-save (car u) (cadr u) "text-last-values.png"))
            """),
        ("unknown-preset", #"(let* ((t (impasto-text))) (impasto-emboss (car t) (cadr t) -1 "velvet"))"#),
        ("radius-range", """
            (let* ((t (impasto-text)))
              (plug-in-impasto-emboss RUN-NONINTERACTIVE (car t) (cadr t) 2000 10 0 0 0 -1 ""))
            """),
        ("profile-range", """
            (let* ((t (impasto-text)))
              (plug-in-impasto-emboss RUN-NONINTERACTIVE (car t) (cadr t) 10 10 3 0 0 -1 ""))
            """),
    ]

    static let session = PrivateGimp(fonts: true)
    static let run = GimpBatch(session: session, scenarios: scenarios, prelude: helpers)

    /// GIMP under a 1 GiB address-space cap, in which impasto:emboss cannot get the memory
    /// for a region of an 8000 × 8000 image whose margin is all of it (liquify 200: the blur
    /// reaches 4000 px; the op wants 16 bytes a pixel of a region and its margin at once): the
    /// procedure must fail with the op's reason and leave the layer as it was, not turn it
    /// transparent. The second command looks at the layer the first one left (the only image
    /// open).
    static let starvedSession = PrivateGimp()
    static let starved = GimpBatch(session: starvedSession, scenarios: [
        ("emboss", """
            (let* ((image (car (gimp-image-new 8000 8000 RGB)))
                   (layer (car (gimp-layer-new image 8000 8000 RGBA-IMAGE "big" 100 LAYER-MODE-NORMAL))))
              (gimp-image-insert-layer image layer 0 0)
              (gimp-context-set-foreground '(200 100 50))
              (gimp-drawable-fill layer FILL-FOREGROUND)
              (plug-in-impasto-emboss RUN-NONINTERACTIVE image layer 10 10 0 200 0 -1 ""))
            """),
        ("layer", """
            (let* ((image (vector-ref (cadr (gimp-image-list)) 0))
                   (layer (car (gimp-image-get-active-layer image)))
                   (pixels (map (lambda (p) (vector->list (cadr (gimp-drawable-get-pixel layer (car p) (cadr p)))))
                                '((0 0) (4000 4000) (7999 0) (7999 7999)))))
              (if (not (equal? pixels '((200 100 50 255) (200 100 50 255) (200 100 50 255) (200 100 50 255))))
                  (error "the layer changed" pixels)))
            """),
    ], prelude: "", addressSpace: 1 << 30)

    override class func tearDown() {
        session.remove()
        starvedSession.remove()
        super.tearDown()
    }

    func testWithoutTheMemoryForTheImageEmbossFailsAndLeavesTheLayer() {
        guard case .error(let message) = Self.starved.outcome("emboss") else {
            return XCTFail("emboss without the memory for its image must fail; GIMP said:\n\(Self.starved.log)")
        }
        // The size is of the processor's chunk and its margin within the image.
        XCTAssertNotNil(message.range(of: #"impasto:emboss: not enough memory for a \d+×\d+ region"#, options: .regularExpression), message)
        XCTAssertEqual(Self.starved.outcome("layer"), .success, "the layer is unchanged: \(Self.starved.log)")
    }


    func alpha(_ image: FloatImage) -> [Float] { stride(from: 3, to: image.samples.count, by: 4).map { image.samples[$0] } }

    func testEmbossedTextKeepsTheTextsCoverageAndLooksLikePolishedMetal() throws {
        XCTAssertEqual(Self.run.outcome("text"), .success, Self.run.log)
        let before = try Self.run.image("text-before.png"), after = try Self.run.image("text-mercury.png")
        XCTAssertEqual([after.width, after.height], [before.width, before.height])
        XCTAssertEqual(alpha(after), alpha(before), "coverage equals the text's, antialiased edges included")
        XCTAssertTrue(alpha(before).contains { $0 > 0 && $0 < 1 }, "the text is antialiased")
        // Polished metal: nearly colourless, with bright highlights and dark reflections.
        let luminance = PixelStatistics.luminances(after.samples)
        XCTAssertGreaterThan(luminance.count, 5000)
        XCTAssertGreaterThan(luminance.max() ?? 0, 0.8, "highlights")
        XCTAssertLessThan(luminance.min() ?? 1, 0.25, "dark reflections")
        let mean = PixelStatistics.meanRGB(after.samples)
        XCTAssertLessThan((mean.max() ?? 1) - (mean.min() ?? 0), 0.1, "mercury is (nearly) colourless")
    }

    func testHigherPrecisionGivesTheSameRelief() throws {
        XCTAssertEqual(Self.run.outcome("float"), .success, Self.run.log)
        let eight = try Self.run.image("text-mercury.png"), float = try Self.run.image("text-float.png")
        XCTAssertEqual(float.samples.count, eight.samples.count)
        let worst = zip(eight.samples, float.samples).map { abs($0 - $1) }.max() ?? 1
        XCTAssertLessThanOrEqual(worst, 2.0 / 255, "32-bit linear and 8-bit perceptual images emboss alike")
    }

    func testOnlyTheSelectionIsEmbossed() throws {
        XCTAssertEqual(Self.run.outcome("selection"), .success, Self.run.log)
        let before = try Self.run.image("text-before.png"), embossed = try Self.run.image("text-mercury.png")
        let selected = try Self.run.image("text-selection.png")
        // The text layer starts at x = 16 in the image: its columns below 184 lie in the selection.
        var inside: Float = 0
        for y in 0 ..< selected.height {
            for x in 0 ..< selected.width {
                let i = (y * selected.width + x) * 4
                let reference = x < 184 ? embossed : before
                for c in 0 ..< 4 where x < 184 { inside = max(inside, abs(selected.samples[i + c] - reference.samples[i + c])) }
            }
        }
        XCTAssertLessThanOrEqual(inside, 1.0 / 255, "inside the selection: embossed")
        XCTAssertEqual(try Self.run.codes("text-selection.png").differingPixels(from: try Self.run.codes("text-before.png"), xs: 184 ..< selected.width),
                       0, "outside the selection: the text as it was")
    }

    func testPresetsChangeTheLook() throws {
        XCTAssertEqual(Self.run.outcome("gold"), .success, Self.run.log)
        let gold = try Self.run.image("text-gold.png"), mercury = try Self.run.image("text-mercury.png")
        let g = PixelStatistics.meanRGB(gold.samples)
        XCTAssertGreaterThan(g[0], g[2] + 0.1, "gold is warm: more red than blue")
        let m = PixelStatistics.meanRGB(mercury.samples)
        XCTAssertLessThan(abs(m[0] - m[2]), 0.05, "mercury is neutral where gold is warm")
    }

    func testAShadingDrawableReplacesTheProceduralHemisphere() throws {
        XCTAssertEqual(Self.run.outcome("picture"), .success, Self.run.log)
        let out = try Self.run.image("text-picture.png")
        // A one-colour sphere picture: every covered pixel takes that colour (sRGB 200, 30, 60).
        var covered = 0
        var worst: Float = 0
        for i in stride(from: 0, to: out.samples.count, by: 4) where out.samples[i + 3] > 0 {
            covered += 1
            for (c, v) in [Float(200), 30, 60].enumerated() { worst = max(worst, abs(out.samples[i + c] * 255 - v)) }
        }
        XCTAssertGreaterThan(covered, 5000)
        XCTAssertLessThanOrEqual(worst, 1)
    }

    /// A photo embossed by its brightness is a relief and stays opaque: no holes where it is dark.
    func testAPhotoEmbossedByBrightnessStaysOpaque() throws {
        XCTAssertEqual(Self.run.outcome("photo"), .success, Self.run.log)
        let out = try Self.run.image("photo.png")
        XCTAssertEqual([out.width, out.height], [256, 256])
        XCTAssertTrue(alpha(out).allSatisfy { $0 == 1 }, "the brightness mask keeps the photo's (opaque) alpha")
        let red = stride(from: 0, to: out.samples.count, by: 4).map { out.samples[$0] }
        XCTAssertGreaterThan((red.max() ?? 0) - (red.min() ?? 0), 0.3, "a relief, not a flat plate")
    }

    /// A layer without an alpha channel (text flattened onto white) embossed by its shape: it
    /// has no transparency to give a shape, so its brightness rises (the white ground high,
    /// the black letters low), and it stays opaque (an alpha channel is added, all opaque).
    func testALayerWithoutAlphaIsEmbossedByItsBrightness() throws {
        XCTAssertEqual(Self.run.outcome("flattened"), .success, Self.run.log)
        let out = try Self.run.image("text-flattened.png")
        XCTAssertTrue(alpha(out).allSatisfy { $0 == 1 }, "opaque")
        let red = stride(from: 0, to: out.samples.count, by: 4).map { out.samples[$0] }
        XCTAssertGreaterThan((red.max() ?? 0) - (red.min() ?? 0), 0.3, "a relief of the letters, not a flat plate")
    }

    /// The README's pictures (Tests/Gallery) are what the plug-in makes today.
    func testReadmePicturesAreStillWhatThePlugInMakes() throws {
        XCTAssertEqual(Self.run.outcome("gallery"), .success, Self.run.log)
        for name in ["emboss-before.png", "emboss-mercury.png", "emboss-gold.png"] {
            let (made, committed) = try Self.run.gallery(name)
            XCTAssertEqual(made.samples.count, committed.samples.count, name)
            let worst = zip(made.samples, committed.samples).map { abs($0 - $1) }.max() ?? 1
            XCTAssertLessThanOrEqual(worst, 1.0 / 255, "\(name): " + Self.run.regenerate(name))
        }
    }

    func testALayerInALockedGroupFailsWithAClearMessage() {
        guard case .error(let message) = Self.run.outcome("locked-group") else {
            return XCTFail("a layer in a locked group must not report success; GIMP said:\n\(Self.run.log)")
        }
        XCTAssertTrue(message.contains("the pixels of layer group \"letters\" (which holds \"Impasto\") are locked; "
                                       + "unlock them in the Layers dialog first."), message)
    }

    func testLastValuesForgetAShadingPictureThatWasClosed() throws {
        XCTAssertEqual(Self.run.outcome("vanished-shading"), .success, Self.run.log)
        // The picture is gone, so the procedural default is used: the same as the default look.
        let out = try Self.run.image("text-last-values.png"), mercury = try Self.run.image("text-mercury.png")
        XCTAssertEqual(out.samples.count, mercury.samples.count)
        XCTAssertLessThanOrEqual(zip(out.samples, mercury.samples).map { abs($0 - $1) }.max() ?? 1, 1.0 / 255)
    }

    func testBadArgumentsFailWithClearMessages() {
        let expected = [
        ("unknown-preset", "preset \"velvet\" is unknown"),
            ("radius-range", "radius must be between 0 and 1000, not 2000"),
            ("profile-range", "profile must be 0 (round), 1 (linear) or 2 (smooth), not 3"),
        ]
        for (scenario, text) in expected {
            guard case .error(let message) = Self.run.outcome(scenario) else {
                XCTFail("\(scenario) must fail; GIMP said:\n\(Self.run.log)")
                continue
            }
            XCTAssertTrue(message.contains(text), message)
        }
    }
}
