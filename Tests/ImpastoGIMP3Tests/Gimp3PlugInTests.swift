// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoTestSupport
import XCTest

/// The GIMP 3 plug-in (`impasto3`) in Debian's own GIMP 3.0.x (trixie) and 3.2.x (forky):
/// built in each root with the host's Swift against that root's libgimp-3.0, installed as
/// `<profile>/plug-ins/impasto/impasto` of a private profile, and called from Script-Fu batch
/// mode with the GIMP 3 signature (docs/contract.md)
/// `(plug-in-impasto-pencil-hue-saturation RUN-NONINTERACTIVE img (vector drw) -60 45 4 FALSE)`.
///
/// Two GIMP processes per suite on one profile: the first registers and runs the procedure
/// (its call also sets the last values) and makes the failing calls, printing each one's
/// message and saving the image after it; the second, a new session, repeats the last values.
/// (GIMP 3 stops a batch at its first failing command, and Script-Fu's `catch` drops the
/// message; the error hook still receives it, so `impasto-report` catches the error and prints
/// it.) Runs for the suites IMPASTO_GIMP3_ROOTS lists; skipped otherwise.
final class Gimp3PlugInTests: XCTestCase {
    static let photo = BuildProducts.fixture("astronaut.png")
    static let procedure = "plug-in-impasto-pencil-hue-saturation"

    static func helpers(_ session: Gimp3Session) -> String {
        """
        (define (impasto-open) (car (gimp-file-load RUN-NONINTERACTIVE "\(photo.path)")))
        (define (impasto-drawable image) (vector-ref (car (gimp-image-get-selected-drawables image)) 0))
        (define (impasto-save image name)
          (gimp-file-save RUN-NONINTERACTIVE image (string-append "\(session.folder)/" name)))
        (define (impasto-pencil mode image drawables az alt max linear)
          (\(procedure) mode image drawables az alt max linear))
        (define (impasto-report name thunk) ; runs thunk; prints the message of the error it raised
          (let ((saved *error-hook*) (message "none"))
            (set! *error-hook* (lambda x (set! message (if (string? (car x)) (car x) "?")) (apply throw x)))
            (catch #f (thunk))
            (set! *error-hook* saved)
            (display (string-append "\nimpasto-error " name ": " message "\n"))))
        """
    }

    /// Each batch's scenarios, in order: (name, Script-Fu).
    static let first: [(String, String)] = [
        ("registered", """
            (display (string-append "\\nimpasto-registered "
              (let ((r (car (gimp-pdb-procedure-exists "\(procedure)")))) (if (or (eqv? r #t) (eqv? r 1)) "yes" "no"))
              "\\n"))
            """),
        ("pencil", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (impasto-pencil RUN-NONINTERACTIVE i (vector d) -60 45 4 FALSE) (impasto-save i "pencil.png"))
            """),
        ("range", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (impasto-report "range" (lambda () (impasto-pencil RUN-NONINTERACTIVE i (vector d) -60 95 4 FALSE)))
              (impasto-save i "range.png"))
            """),
        ("two", """
            (let* ((i (impasto-open)) (bottom (impasto-drawable i)) (top (car (gimp-layer-copy bottom))))
              (gimp-image-insert-layer i top 0 -1)
              (impasto-report "two" (lambda () (impasto-pencil RUN-NONINTERACTIVE i (vector bottom top) -60 45 4 FALSE)))
              (impasto-save i "two-top.png")
              (gimp-item-set-visible top FALSE) (impasto-save i "two-bottom.png"))
            """),
        ("locked", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (gimp-item-set-lock-content d TRUE)
              (impasto-report "locked" (lambda () (impasto-pencil RUN-NONINTERACTIVE i (vector d) -60 45 4 FALSE)))
              (impasto-save i "locked.png"))
            """),
        ("indexed", """
            (let* ((i (impasto-open)))
              (gimp-image-convert-indexed i CONVERT-DITHER-NONE CONVERT-PALETTE-GENERATE 16 FALSE FALSE "")
              (impasto-save i "indexed-before.png")
              (impasto-report "indexed"
                (lambda () (impasto-pencil RUN-NONINTERACTIVE i (vector (impasto-drawable i)) -60 45 4 FALSE)))
              (impasto-save i "indexed-after.png"))
            """),
        ("group", """
            (let* ((i (impasto-open)) (g (car (gimp-group-layer-new i "group"))))
              (gimp-image-insert-layer i g 0 0)
              (impasto-report "group" (lambda () (impasto-pencil RUN-NONINTERACTIVE i (vector g) -60 45 4 FALSE))))
            """),
    ]

    static let second: [(String, String)] = [
        ("last-values", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (impasto-pencil RUN-WITH-LAST-VALS i (vector d) 0 0 0 FALSE) (impasto-save i "last-values.png"))
            """),
        ("interactive", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (impasto-pencil RUN-INTERACTIVE i (vector d) 0 0 0 FALSE) (impasto-save i "interactive.png"))
            """),
    ]

    /// A suite's batches on one profile.
    struct Run {
        let session: Gimp3Session
        let batches: [(scenarios: [(String, String)], result: PrivateGimp.BatchResult)]

        var log: String { batches.map(\.result.log).joined(separator: "\n----\n") }

        func outcome(_ name: String) -> PrivateGimp.Outcome? {
            for batch in batches {
                if let i = batch.scenarios.firstIndex(where: { $0.0 == name }) {
                    return i < batch.result.outcomes.count ? batch.result.outcomes[i] : nil
                }
            }
            return nil
        }

        /// The message `impasto-report` printed for `name` ("none" if the call succeeded).
        func error(_ name: String) -> String? {
            let prefix = "impasto-error \(name): "
            return log.components(separatedBy: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        }

        func image(_ name: String) throws -> FloatImage {
            Gegl.initialize()  // GEGL reads the PNG
            let url = session.hostFolder.appendingPathComponent(name)
            return try XCTUnwrap(FloatImage.load(url), "\(name) was not written; GIMP said:\n\(log)")
        }

        /// An 8-bit image the scenario saved, as its codes.
        func codes(_ name: String) throws -> ImageCodes {
            Gegl.initialize()
            let url = session.hostFolder.appendingPathComponent(name)
            return try XCTUnwrap(ImageCodes.load(url), "\(name) was not written; GIMP said:\n\(log)")
        }
    }

    static let runs = Gimp3Runs<Run>()

    func run(_ suite: Gimp3Root.Suite) throws -> Run {
        try Self.runs.run(suite) { _, session in
            let prelude = Self.helpers(session)
            return Run(session: session, batches: [Self.first, Self.second].map {
                (scenarios: $0, result: session.batch($0.map(\.1), prelude: prelude))
            })
        }
    }

    override class func tearDown() {
        runs.removeSessions()
        super.tearDown()
    }

    var original: FloatImage {
        get throws {
            Gegl.initialize()
            return try XCTUnwrap(FloatImage.load(Self.photo))
        }
    }

    static func pencil(_ rgb: [Double]) -> [Double] {
        PencilReference.apply(rgb, azimuth: -60, altitude: 45, maxSaturation: 4)
    }

    // MARK: - checks, for one suite

    func checkRegistersTheProcedure(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("registered"), .success, run.log)
        XCTAssertTrue(run.log.contains("impasto-registered yes"), run.log)
    }

    func checkScriptCallMatchesTheFormula(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("pencil"), .success, run.log)
        XCTAssertLessThanOrEqual(try run.image("pencil.png").worstRGBDifference(from: try original, Self.pencil), 1.0 / 255)
    }

    /// A failing call's message (in the GIMP 2.10 plug-in's words where the plug-in decides),
    /// with the image left as it was.
    func checkFailure(_ suite: Gimp3Root.Suite, _ name: String, says words: [String],
                      before: String? = nil, after: String? = nil) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome(name), .success, run.log)
        let message = try XCTUnwrap(run.error(name), "no message for \(name):\n\(run.log)")
        for text in words { XCTAssertTrue(message.contains(text), "\(name): \(message)") }
        if let after {
            // Unchanged: the same 8-bit codes (RGB; the photo has no alpha, the saved layer may).
            let reference = try before.map(run.codes) ?? XCTUnwrap(ImageCodes.load(Self.photo))
            XCTAssertEqual(try run.codes(after).differingPixels(from: reference), 0, after)
        }
    }

    /// GIMP 3 checks an argument against its declared range before the plug-in runs; its
    /// message names the argument's position, the value and the range.
    func checkOutOfRangeAltitudeFailsClearlyAndChangesNothing(_ suite: Gimp3Root.Suite) throws {
        try checkFailure(suite, "range", says: ["out of range", "95", "90"], after: "range.png")
    }

    func checkSeveralDrawablesFailClearlyAndChangeNothing(_ suite: Gimp3Root.Suite) throws {
        for layer in ["two-top.png", "two-bottom.png"] {
            try checkFailure(suite, "two", says: ["\(Self.procedure) works on one drawable, but 2 were given"], after: layer)
        }
    }

    func checkLockedIndexedAndGroupFailAsInGIMP2(_ suite: Gimp3Root.Suite) throws {
        try checkFailure(suite, "locked", says: ["are locked; unlock them in the Layers dialog first"], after: "locked.png")
        try checkFailure(suite, "indexed", says: ["indexed images are not supported", "Image → Mode → RGB"],
                         before: "indexed-before.png", after: "indexed-after.png")
        try checkFailure(suite, "group", says: ["a layer group has no pixels of its own"])
    }

    /// The script's call in the first session is what RUN-WITH-LAST-VALS (and, until the
    /// dialogs exist, RUN-INTERACTIVE) applies in a new GIMP process on the same profile.
    func checkLastValuesPersistAcrossSessions(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("last-values"), .success, run.log)
        XCTAssertEqual(run.outcome("interactive"), .success, run.log)
        let input = try original
        XCTAssertLessThanOrEqual(try run.image("last-values.png").worstRGBDifference(from: input, Self.pencil), 1.0 / 255)
        XCTAssertLessThanOrEqual(try run.image("interactive.png").worstRGBDifference(from: input, Self.pencil), 1.0 / 255)
        let settings = run.session.hostProfile
            .appendingPathComponent("plug-in-settings/GimpProcedureConfigRun-\(Self.procedure).last")
        XCTAssertTrue(FileManager.default.fileExists(atPath: settings.path), "no \(settings.path)")
    }

    /// The GIMP 2.10 plug-in, given the same call on the host, leaves the same pixels.
    func checkSameResultAsGIMP2(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        let gimp2 = try Self.gimp2Result()
        XCTAssertLessThanOrEqual(try run.image("pencil.png").worstRGBDifference(from: gimp2) { $0 }, 1.0 / 255)
    }

    /// `(plug-in-impasto-pencil-hue-saturation RUN-NONINTERACTIVE i d -60 45 4 0)` in GIMP 2.10
    /// on the host, with the host's build installed by plugin-install.sh; once per process.
    static var gimp2: Result<FloatImage, Error>?

    static func gimp2Result() throws -> FloatImage {
        guard FileManager.default.fileExists(atPath: BuildProducts.plugIn.path),
              runCommand("sh", ["-c", "command -v gimp-console-2.10"]).status == 0 else {
            throw XCTSkip("needs GIMP 2.10 and the impasto plug-in built on this host (Debian 12)")
        }
        if gimp2 == nil {
            gimp2 = Result {
                let session = PrivateGimp()
                defer { session.remove() }
                let batch = GimpBatch(session: session, scenarios: [("gimp2", """
                    (let* ((i (car (gimp-file-load RUN-NONINTERACTIVE "\(photo.path)" "photo")))
                           (d (car (gimp-image-get-active-drawable i))))
                      (\(procedure) RUN-NONINTERACTIVE i d -60 45 4 0)
                      (gimp-file-save RUN-NONINTERACTIVE i d "\(session.path("gimp2.png"))" "gimp2.png"))
                    """)], prelude: "")
                return try batch.image("gimp2.png")
            }
        }
        return try gimp2!.get()
    }

    // MARK: - GIMP 3.0 (trixie)

    func testTrixieRegistersTheProcedure() throws { try checkRegistersTheProcedure(.trixie) }
    func testTrixieScriptCallMatchesTheFormula() throws { try checkScriptCallMatchesTheFormula(.trixie) }
    func testTrixieOutOfRangeAltitudeFailsClearlyAndChangesNothing() throws { try checkOutOfRangeAltitudeFailsClearlyAndChangesNothing(.trixie) }
    func testTrixieSeveralDrawablesFailClearlyAndChangeNothing() throws { try checkSeveralDrawablesFailClearlyAndChangeNothing(.trixie) }
    func testTrixieLockedIndexedAndGroupFailAsInGIMP2() throws { try checkLockedIndexedAndGroupFailAsInGIMP2(.trixie) }
    func testTrixieLastValuesPersistAcrossSessions() throws { try checkLastValuesPersistAcrossSessions(.trixie) }
    func testTrixieSameResultAsGIMP2() throws { try checkSameResultAsGIMP2(.trixie) }

    // MARK: - GIMP 3.2 (forky)

    func testForkyRegistersTheProcedure() throws { try checkRegistersTheProcedure(.forky) }
    func testForkyScriptCallMatchesTheFormula() throws { try checkScriptCallMatchesTheFormula(.forky) }
    func testForkyOutOfRangeAltitudeFailsClearlyAndChangesNothing() throws { try checkOutOfRangeAltitudeFailsClearlyAndChangesNothing(.forky) }
    func testForkySeveralDrawablesFailClearlyAndChangeNothing() throws { try checkSeveralDrawablesFailClearlyAndChangeNothing(.forky) }
    func testForkyLockedIndexedAndGroupFailAsInGIMP2() throws { try checkLockedIndexedAndGroupFailAsInGIMP2(.forky) }
    func testForkyLastValuesPersistAcrossSessions() throws { try checkLastValuesPersistAcrossSessions(.forky) }
    func testForkySameResultAsGIMP2() throws { try checkSameResultAsGIMP2(.forky) }
}
