// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoTestSupport
import XCTest

/// The GEGL module in Debian's own GIMP 3 — 3.0.x in a trixie root, 3.2.x in a forky root
/// (`.ci/gimp3-root`) — built there with the host's Swift against that root's GEGL, installed
/// in a private XDG_DATA_HOME, and driven from Script-Fu batch mode on a private profile:
/// ops merged with gimp-drawable-merge-new-filter, appended as live (non-destructive) filters
/// with gimp-drawable-append-new-filter (or made, configured and appended), removed again, and
/// refused with GIMP's message when a value is out of the op's range; pixels against the same
/// independent formulas as the GIMP 2.10 tests.
///
/// Runs for the suites IMPASTO_GIMP3_ROOTS lists (`.ci/run` sets "trixie,forky"); skipped
/// otherwise, since it needs root, debootstrap and the Debian mirror. One GIMP session per
/// suite runs every scenario; GIMP 3 stops a batch at its first failing command, so a
/// scenario that fails leaves the later ones without a verdict, and the log says why.
final class Gimp3FilterTests: XCTestCase {
    static let photo = BuildProducts.fixture("astronaut.png")

    static func helpers(_ session: Gimp3Session) -> String {
        """
        (define (impasto-open) (car (gimp-file-load RUN-NONINTERACTIVE "\(photo.path)")))
        (define (impasto-drawable image) (vector-ref (car (gimp-image-get-selected-drawables image)) 0))
        (define (impasto-save image name)
          (gimp-file-save RUN-NONINTERACTIVE image (string-append "\(session.folder)/" name)))
        (define (impasto-pencil drawable) ; appends the pencil op as a live filter, returns it
          (gimp-drawable-append-new-filter drawable "impasto:pencil-hue-saturation" 0 LAYER-MODE-REPLACE 1.0
                                           "azimuth" -60.0 "altitude" 45.0))
        (define (impasto-bump) ; BristlePaint's bump: white at 10 % opacity on a transparent layer
          (let* ((image (car (gimp-image-new 120 80 RGB)))
                 (layer (car (gimp-layer-new image "bump" 120 80 RGBA-IMAGE 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image layer 0 0)
            (gimp-drawable-fill layer FILL-TRANSPARENT)
            (gimp-image-select-ellipse image CHANNEL-OP-REPLACE 30 10 60 60)
            (gimp-context-set-foreground '(255 255 255))
            (gimp-context-set-opacity 10)
            (gimp-drawable-edit-fill layer FILL-FOREGROUND)
            (gimp-context-set-opacity 100)
            (gimp-selection-none image)
            (list image layer)))
        (define (impasto-filters name drawable) ; one line the test reads: the live filters' ops
          ; One display, one write: GIMP's plug-ins' warnings share the log and came between
          ; the label and the names when they were displayed one by one.
          (display (string-append "\nimpasto-filters " name ":"
                                  (apply string-append
                                         (map (lambda (f) (string-append " " (car (gimp-drawable-filter-get-operation-name f))))
                                              (vector->list (car (gimp-drawable-get-filters drawable)))))
                                  "\n")))
        """
    }

    static let scenarios: [(String, String)] = [
        ("merge", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (gimp-drawable-merge-new-filter d "impasto:pencil-hue-saturation" 0 LAYER-MODE-REPLACE 1.0
                                              "azimuth" -60.0 "altitude" 45.0)
              (impasto-filters "merge" d) (impasto-save i "merge.png"))
            """),
        ("live-pencil", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)) (f (impasto-pencil d)))
              (impasto-filters "live-pencil" d) (impasto-save i "live-pencil.png")
              (gimp-drawable-filter-delete f) (impasto-save i "live-pencil-removed.png"))
            """),
        // A filter made, configured, then appended. (Script-Fu's gimp-drawable-filter-configure
        // on a filter already appended sets its config but does not re-render it in 3.0.4 and
        // 3.2.6: Script-Fu has no binding of gimp_drawable_filter_update, so editing a live
        // filter later is the GUI's and libgimp's business.)
        ("configured", """
            (let* ((i (impasto-open)) (d (impasto-drawable i))
                   (f (car (gimp-drawable-filter-new d "impasto:pencil-hue-saturation" ""))))
              (gimp-drawable-filter-configure f LAYER-MODE-REPLACE 1.0
                                              "azimuth" 30.0 "altitude" 20.0 "max-saturation" 4.0)
              (gimp-drawable-append-filter d f)
              (impasto-filters "configured" d) (impasto-save i "configured.png"))
            """),
        ("live-normal-map", """
            (let* ((b (impasto-bump)))
              (gimp-drawable-append-new-filter (cadr b) "impasto:bristle-normal-map" 0 LAYER-MODE-REPLACE 1.0)
              (impasto-filters "live-normal-map" (cadr b)) (impasto-save (car b) "normal-map.png"))
            """),
        ("live-chain", """
            (let* ((b (impasto-bump)))
              (gimp-drawable-append-new-filter (cadr b) "impasto:bristle-normal-map" 0 LAYER-MODE-REPLACE 1.0)
              (impasto-pencil (cadr b))
              (impasto-filters "live-chain" (cadr b)) (impasto-save (car b) "chain.png"))
            """),
        // Out of the op's range (altitude 0…90): refused before anything changes, merged or live.
        ("range-unchanged", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (catch #f (gimp-drawable-merge-new-filter d "impasto:pencil-hue-saturation" 0 LAYER-MODE-REPLACE 1.0
                                                        "altitude" 95.0))
              (catch #f (gimp-drawable-append-new-filter d "impasto:pencil-hue-saturation" 0 LAYER-MODE-REPLACE 1.0
                                                         "altitude" 95.0))
              (impasto-filters "range-unchanged" d) (impasto-save i "range-after.png"))
            """),
        // Last: GIMP 3 stops a batch at its first failing command.
        ("range-error", """
            (gimp-drawable-append-new-filter (impasto-drawable (impasto-open)) "impasto:pencil-hue-saturation" 0
                                             LAYER-MODE-REPLACE 1.0 "altitude" 95.0)
            """),
    ]

    /// One session per suite, run once.
    struct Run {
        let session: Gimp3Session
        let result: PrivateGimp.BatchResult

        func outcome(_ name: String) -> PrivateGimp.Outcome? {
            guard let i = Gimp3FilterTests.scenarios.firstIndex(where: { $0.0 == name }),
                  i < result.outcomes.count else { return nil }
            return result.outcomes[i]
        }

        /// The op names `impasto-filters` printed for scenario `name`, or nil if it printed none.
        func filters(_ name: String) -> [String]? {
            let prefix = "impasto-filters \(name):"
            guard let line = result.log.components(separatedBy: "\n").first(where: { $0.hasPrefix(prefix) }) else {
                return nil
            }
            return line.dropFirst(prefix.count).split(separator: " ").map(String.init)
        }

        func image(_ name: String) throws -> FloatImage {
            Gegl.initialize()
            let url = session.hostFolder.appendingPathComponent(name)
            return try XCTUnwrap(FloatImage.load(url), "\(name) was not written; GIMP said:\n\(result.log)")
        }

        /// An 8-bit image the scenario saved, as its codes.
        func codes(_ name: String) throws -> ImageCodes {
            Gegl.initialize()
            return try XCTUnwrap(ImageCodes.load(session.hostFolder.appendingPathComponent(name)), "\(name) was not written:\n\(result.log)")
        }
    }

    static let runs = Gimp3Runs<Run>()

    /// The suite's run (the GEGL module's ops alone: no plug-in), or a skip when
    /// IMPASTO_GIMP3_ROOTS does not list the suite.
    func run(_ suite: Gimp3Root.Suite) throws -> Run {
        try Self.runs.run(suite, plugIn: false) { _, session in
            Run(session: session, result: session.batch(Self.scenarios.map(\.1), prelude: Self.helpers(session)))
        }
    }

    override class func tearDown() {
        runs.removeSessions()
        super.tearDown()
    }

    var original: FloatImage {
        get throws { try XCTUnwrap(FloatImage.load(Self.photo)) }
    }

    // MARK: - the scenarios, checked for one suite

    func checkMergedPencilMatchesTheFormula(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("merge"), .success, run.result.log)
        XCTAssertEqual(run.filters("merge"), [], "a merged filter is not kept")
        let worst = try run.image("merge.png").worstRGBDifference(from: try original) {
            PencilReference.apply($0, azimuth: -60, altitude: 45)
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / 255)
    }

    func checkLivePencilIsListedExportsTheFormulaAndComesOff(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("live-pencil"), .success, run.result.log)
        XCTAssertEqual(run.filters("live-pencil"), ["impasto:pencil-hue-saturation"], run.result.log)
        let input = try original
        let worst = try run.image("live-pencil.png").worstRGBDifference(from: input) {
            PencilReference.apply($0, azimuth: -60, altitude: 45)
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / 255)
        // Non-destructive: without the filter the layer's own pixels are the photo's.
        XCTAssertEqual(try run.codes("live-pencil-removed.png").differingPixels(from: XCTUnwrap(ImageCodes.load(Self.photo))), 0)
    }

    func checkConfiguredFilterUsesItsSettings(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("configured"), .success, run.result.log)
        XCTAssertEqual(run.filters("configured"), ["impasto:pencil-hue-saturation"], run.result.log)
        let worst = try run.image("configured.png").worstRGBDifference(from: try original) {
            PencilReference.apply($0, azimuth: 30, altitude: 20, maxSaturation: 4)
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / 255)
    }

    func checkLiveNormalMapTurnsTheBumpIntoAnOpenGLNormalMap(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("live-normal-map"), .success, run.result.log)
        XCTAssertEqual(run.filters("live-normal-map"), ["impasto:bristle-normal-map"], run.result.log)
        assertOpenGLNormalMapOfTheTestDisc(try run.image("normal-map.png"))
    }

    /// Two live filters in order: the pencil op recolours what the normal map made.
    func checkLiveFiltersChainInOrder(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("live-chain"), .success, run.result.log)
        // gimp-drawable-get-filters lists the stack from the top: the last appended (applied last) first.
        XCTAssertEqual(run.filters("live-chain"), ["impasto:pencil-hue-saturation", "impasto:bristle-normal-map"],
                       run.result.log)
        let pencil = { (rgb: [Double]) in PencilReference.apply(rgb, azimuth: -60, altitude: 45) }
        let worst = try run.image("chain.png").worstRGBDifference(from: try run.image("normal-map.png"), pencil)
        // The formula here reads the normal map rounded to 8 bits (±0.5/255 a channel), which the
        // pencil's matrix amplifies by up to its largest row's absolute sum; chain.png is rounded
        // once more.
        let origin = pencil([0, 0, 0])
        let columns = (0 ..< 3).map { j in zip(pencil((0 ..< 3).map { $0 == j ? 1 : 0 }), origin).map { $0 - $1 } }
        let gain = (0 ..< 3).map { i in columns.reduce(0) { $0 + abs($1[i]) } }.max() ?? 1
        XCTAssertLessThanOrEqual(worst, (0.5 * gain + 0.5 + 0.01) / 255,
                                 "the normal map was rounded to 8 bits before the formula here")
    }

    func checkOutOfRangeValueFailsClearlyAndChangesNothing(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("range-unchanged"), .success, run.result.log)
        XCTAssertEqual(run.filters("range-unchanged"), [], "a refused filter is not kept")
        XCTAssertEqual(try run.codes("range-after.png").differingPixels(from: XCTUnwrap(ImageCodes.load(Self.photo))), 0)
        guard case .error(let message) = run.outcome("range-error") else {
            return XCTFail("altitude 95 must make the call fail; GIMP said:\n\(run.result.log)")
        }
        // GIMP's own message, from the range the op declares.
        XCTAssertTrue(message.contains("has value 95.000000 out of range: 0.000000 to 90.000000"), message)
    }

    // MARK: - GIMP 3.0 (trixie)

    func testTrixieMergedPencilMatchesTheFormula() throws { try checkMergedPencilMatchesTheFormula(.trixie) }
    func testTrixieLivePencilIsListedExportsTheFormulaAndComesOff() throws { try checkLivePencilIsListedExportsTheFormulaAndComesOff(.trixie) }
    func testTrixieConfiguredFilterUsesItsSettings() throws { try checkConfiguredFilterUsesItsSettings(.trixie) }
    func testTrixieLiveNormalMapTurnsTheBumpIntoAnOpenGLNormalMap() throws { try checkLiveNormalMapTurnsTheBumpIntoAnOpenGLNormalMap(.trixie) }
    func testTrixieLiveFiltersChainInOrder() throws { try checkLiveFiltersChainInOrder(.trixie) }
    func testTrixieOutOfRangeValueFailsClearlyAndChangesNothing() throws { try checkOutOfRangeValueFailsClearlyAndChangesNothing(.trixie) }

    // MARK: - GIMP 3.2 (forky)

    func testForkyMergedPencilMatchesTheFormula() throws { try checkMergedPencilMatchesTheFormula(.forky) }
    func testForkyLivePencilIsListedExportsTheFormulaAndComesOff() throws { try checkLivePencilIsListedExportsTheFormulaAndComesOff(.forky) }
    func testForkyConfiguredFilterUsesItsSettings() throws { try checkConfiguredFilterUsesItsSettings(.forky) }
    func testForkyLiveNormalMapTurnsTheBumpIntoAnOpenGLNormalMap() throws { try checkLiveNormalMapTurnsTheBumpIntoAnOpenGLNormalMap(.forky) }
    func testForkyLiveFiltersChainInOrder() throws { try checkLiveFiltersChainInOrder(.forky) }
    func testForkyOutOfRangeValueFailsClearlyAndChangesNothing() throws { try checkOutOfRangeValueFailsClearlyAndChangesNothing(.forky) }
}
