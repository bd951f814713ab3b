// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoTestSupport
import XCTest

/// plug-in-impasto-pencil-hue-saturation in GIMP 2.10 batch mode, end to end: a private
/// profile, the plug-in and module installed there by plugin-install.sh, Script-Fu calls
/// with the exact signature (docs/contract.md), results exported to PNG and checked against
/// the formula.
///
/// One GIMP session runs every scenario (each its own -b command, so an error ends only
/// that one); the tests then check the files and the verdicts it left.
final class PencilHueSaturationBatchTests: XCTestCase {
    static let photo = BuildProducts.fixture("astronaut.png")

    /// Definitions every scenario can use.
    static let helpers = """
        (define (impasto-open) (car (gimp-file-load RUN-NONINTERACTIVE "\(photo.path)" "photo")))
        (define (impasto-drawable image) (car (gimp-image-get-active-drawable image)))
        (define (impasto-save image name)
          (gimp-file-save RUN-NONINTERACTIVE image (impasto-drawable image)
                          (string-append "\(session.root.path)/" name) name))
        (define (impasto-pencil image az alt max linear)
          (plug-in-impasto-pencil-hue-saturation RUN-NONINTERACTIVE image (impasto-drawable image)
                                                 az alt max linear))
        """

    /// The scenarios, in order: (name, Script-Fu). Each saves what it wants checked. A
    /// failing call inside `catch` lets the scenario go on to save the image afterwards;
    /// outside it, the error reaches the batch log as any script's caller sees it.
    static let scenarios: [(String, String)] = [
        ("rgb8", #"(let ((i (impasto-open))) (impasto-pencil i -60 45 8 0) (impasto-save i "rgb8.png"))"#),
        ("gallery", #"(let ((i (impasto-open))) (impasto-pencil i -60 67.5 8 0) (impasto-save i "gallery.png"))"#),
        ("defaults", #"(let ((i (impasto-open))) (impasto-pencil i 180 78.75 8 0) (impasto-save i "defaults.png"))"#),
        ("linear", #"(let ((i (impasto-open))) (impasto-pencil i -60 45 8 1) (impasto-save i "linear8.png"))"#),
        ("u16-linear", """
            (let ((i (impasto-open))) (gimp-image-convert-precision i PRECISION-U16-LINEAR)
              (impasto-pencil i -60 45 8 0) (impasto-save i "u16-linear.png"))
            """),
        ("float", """
            (let ((i (impasto-open))) (gimp-image-convert-precision i PRECISION-FLOAT-GAMMA)
              (impasto-pencil i -60 45 8 0) (impasto-save i "float.png"))
            """),
        ("gray", """
            (let ((i (impasto-open))) (gimp-image-convert-grayscale i) (impasto-save i "gray-before.png")
              (impasto-pencil i -60 45 8 0) (impasto-save i "gray.png"))
            """),
        ("selection", """
            (let ((i (impasto-open))) (gimp-image-select-rectangle i CHANNEL-OP-REPLACE 0 0 128 256)
              (impasto-pencil i -60 45 8 0) (gimp-selection-none i) (impasto-save i "selection.png"))
            """),
        ("indexed-unchanged", """
            (let ((i (impasto-open)))
              (gimp-image-convert-indexed i CONVERT-DITHER-NONE CONVERT-PALETTE-GENERATE 16 FALSE FALSE "")
              (impasto-save i "indexed-before.png")
              (catch #f (impasto-pencil i -60 45 8 0))
              (impasto-save i "indexed-after.png"))
            """),
        ("indexed-error", """
            (let ((i (impasto-open)))
              (gimp-image-convert-indexed i CONVERT-DITHER-NONE CONVERT-PALETTE-GENERATE 16 FALSE FALSE "")
              (impasto-pencil i -60 45 8 0))
            """),
        ("range-unchanged", #"(let ((i (impasto-open))) (catch #f (impasto-pencil i -60 95 8 0)) (impasto-save i "range-after.png"))"#),
        ("range-error", "(impasto-pencil (impasto-open) -60 95 8 0)"),
        ("group-error", """
            (let* ((i (impasto-open)) (g (car (gimp-layer-group-new i))))
              (gimp-image-insert-layer i g 0 0)
              (plug-in-impasto-pencil-hue-saturation RUN-NONINTERACTIVE i g -60 45 8 0))
            """),
        ("locked-error", """
            (let ((i (impasto-open)))
              (gimp-item-set-name (impasto-drawable i) "astronaut")
              (gimp-item-set-lock-content (impasto-drawable i) TRUE)
              (impasto-pencil i -60 45 8 0))
            """),
        ("last-values", """
            (let ((a (impasto-open)) (b (impasto-open)) (c (impasto-open)))
              (impasto-pencil a 30 20 4 0)
              (plug-in-impasto-pencil-hue-saturation RUN-WITH-LAST-VALS b (impasto-drawable b) 0 0 0 0)
              (plug-in-impasto-pencil-hue-saturation RUN-INTERACTIVE c (impasto-drawable c) 0 0 0 0)
              (impasto-save b "last-values.png") (impasto-save c "interactive.png"))
            """),
    ]

    static let session = PrivateGimp()
    static let run = GimpBatch(session: session, scenarios: scenarios, prelude: helpers)

    override class func tearDown() {
        session.remove()
        super.tearDown()
    }


    var original: FloatImage {
        get throws { try XCTUnwrap(FloatImage.load(Self.photo)) }
    }

    var originalCodes: ImageCodes {
        get throws { try XCTUnwrap(ImageCodes.load(Self.photo)) }
    }

    /// Largest difference between `output` and `expected(input pixel)` clamped to 0…1, over `xs`.
    func worstDifference(_ output: FloatImage, _ input: FloatImage, xs: Range<Int>? = nil,
                         _ expected: ([Double]) -> [Double]) -> Double {
        var worst = 0.0
        for y in 0 ..< input.height {
            for x in xs ?? 0 ..< input.width {
                let e = expected(input.pixel(x, y).prefix(3).map(Double.init))
                let o = output.pixel(x, y)
                for c in 0 ..< 3 { worst = max(worst, abs(Double(o[o.startIndex + c]) - min(max(e[c], 0), 1))) }
            }
        }
        return worst
    }

    /// The largest difference between two images of the same size (infinity if they differ in size).
    func largestDifference(_ a: FloatImage, _ b: FloatImage) -> Float {
        guard a.samples.count == b.samples.count else { return .infinity }
        return zip(a.samples, b.samples).map { abs($0 - $1) }.max() ?? 0
    }

    func testInstallIntoThePrivateProfileSucceeded() {
        XCTAssertTrue(Self.session.installOutput.output.contains("verified: gegl sees impasto:pencil-hue-saturation"),
                      Self.session.installOutput.output)
        XCTAssertEqual(Self.run.outcomes.count, Self.scenarios.count, Self.run.log)
    }

    func testPhotoMatchesTheFormulaWithin8BitRounding() throws {
        XCTAssertEqual(Self.run.outcome("rgb8"), .success, Self.run.log)
        let worst = worstDifference(try Self.run.image("rgb8.png"), try original) {
            PencilReference.apply($0, azimuth: -60, altitude: 45)
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / 255)
    }

    /// The README's picture (Tests/Gallery) is what the plug-in makes today.
    func testReadmePictureIsStillWhatThePlugInMakes() throws {
        XCTAssertEqual(Self.run.outcome("gallery"), .success, Self.run.log)
        let made = try Self.run.image("gallery.png")
        let gallery = BuildProducts.packageRoot.appendingPathComponent("Tests/Gallery/astronaut-pencil.png")
        let committed = try XCTUnwrap(FloatImage.load(gallery), "missing \(gallery.path)")
        XCTAssertLessThanOrEqual(largestDifference(made, committed), 1.0 / 255,
                                 Self.run.regenerate("gallery.png", as: gallery.lastPathComponent))
        // And it is the formula: hue 120°, saturation 2.
        let worst = worstDifference(made, try original) { PencilReference.apply($0, azimuth: -60, altitude: 67.5) }
        XCTAssertLessThanOrEqual(worst, 1.0 / 255)
    }

    func testDefaultsLeaveTheImageUnchanged() throws {
        XCTAssertEqual(Self.run.outcome("defaults"), .success, Self.run.log)
        XCTAssertEqual(try Self.run.codes("defaults.png").differingPixels(from: try originalCodes), 0)
    }

    func testLinearSwitchWorksInLinearLight() throws {
        XCTAssertEqual(Self.run.outcome("linear"), .success, Self.run.log)
        let worst = worstDifference(try Self.run.image("linear8.png"), try original) { rgb in
            PencilReference.apply(rgb.map(PencilReference.linearFromSRGB), azimuth: -60, altitude: 45)
                .map { PencilReference.sRGBFromLinear(min(max($0, 0), 1)) }
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / 255)
    }

    func testHigherPrecisionsGiveTheSameResult() throws {
        XCTAssertEqual(Self.run.outcome("u16-linear"), .success, Self.run.log)
        XCTAssertEqual(Self.run.outcome("float"), .success, Self.run.log)
        let input = try original
        for (name, tolerance) in [("u16-linear.png", 2e-3), ("float.png", 1e-4)] {
            let worst = worstDifference(try Self.run.image(name), input) { PencilReference.apply($0, azimuth: -60, altitude: 45) }
            XCTAssertLessThanOrEqual(worst, tolerance, name)
        }
    }

    func testGrayscaleDrawablesWorkAndStayGray() throws {
        XCTAssertEqual(Self.run.outcome("gray"), .success, Self.run.log)
        // Both matrices keep R = G = B: a grey pixel stays the same grey.
        let before = try Self.run.image("gray-before.png"), after = try Self.run.image("gray.png")
        XCTAssertLessThanOrEqual(largestDifference(before, after), 1.0 / 255)
    }

    func testOnlyTheSelectionChanges() throws {
        XCTAssertEqual(Self.run.outcome("selection"), .success, Self.run.log)
        let output = try Self.run.image("selection.png"), input = try original
        let inside = worstDifference(output, input, xs: 0 ..< 128) { PencilReference.apply($0, azimuth: -60, altitude: 45) }
        XCTAssertLessThanOrEqual(inside, 1.0 / 255)
        XCTAssertEqual(try Self.run.codes("selection.png").differingPixels(from: try originalCodes, xs: 128 ..< 256), 0,
                       "pixels outside the selection are untouched")
    }

    func testIndexedImageFailsWithAClearMessageAndStaysUnchanged() throws {
        XCTAssertEqual(Self.run.outcome("indexed-unchanged"), .success, Self.run.log)
        XCTAssertEqual(try Self.run.codes("indexed-after.png").differingPixels(from: try Self.run.codes("indexed-before.png")), 0)
        guard case .error(let message) = Self.run.outcome("indexed-error") else {
            return XCTFail("an indexed image must make the call fail; GIMP said:\n\(Self.run.log)")
        }
        XCTAssertTrue(message.contains("indexed images are not supported"), message)
        XCTAssertTrue(message.contains("Image → Mode → RGB"), message)
    }

    func testOutOfRangeValueFailsWithAClearMessageAndStaysUnchanged() throws {
        XCTAssertEqual(Self.run.outcome("range-unchanged"), .success, Self.run.log)
        XCTAssertEqual(try Self.run.codes("range-after.png").differingPixels(from: try originalCodes), 0)
        guard case .error(let message) = Self.run.outcome("range-error") else {
            return XCTFail("altitude 95 must make the call fail; GIMP said:\n\(Self.run.log)")
        }
        XCTAssertTrue(message.contains("altitude must be between 0 and 90, not 95"), message)
    }

    func testLayerGroupsAndLockedLayersFailWithAClearMessage() {
        for (scenario, text) in [("group-error", "a layer group has no pixels of its own"),
                                 ("locked-error", "the pixels of layer \"astronaut\" are locked; unlock them in the Layers dialog first.")] {
            guard case .error(let message) = Self.run.outcome(scenario) else {
                XCTFail("\(scenario) must fail; GIMP said:\n\(Self.run.log)")
                continue
            }
            XCTAssertTrue(message.contains(text), message)
        }
    }

    func testLastValuesAreReusedWithoutADialog() throws {
        XCTAssertEqual(Self.run.outcome("last-values"), .success, Self.run.log)
        let input = try original
        for name in ["last-values.png", "interactive.png"] {
            let worst = worstDifference(try Self.run.image(name), input) {
                PencilReference.apply($0, azimuth: 30, altitude: 20, maxSaturation: 4)
            }
            XCTAssertLessThanOrEqual(worst, 1.0 / 255, name)
        }
    }
}
