import Foundation
import ImpastoGegl
import ImpastoTestSupport
import XCTest

/// The GIMP 3 plug-in (`impasto3`) in Debian's own GIMP 3.0.x (trixie) and 3.2.x (forky):
/// built in each root with the host's Swift against that root's libgimp-3.0, installed as
/// `<profile>/plug-ins/impasto/impasto` of a private profile, and called from Script-Fu batch
/// mode with SPEC's GIMP 3 signature
/// `(plug-in-impasto-pencil-hue-saturation RUN-NONINTERACTIVE img (vector drw) -60 45 4 FALSE)`.
///
/// Three GIMP processes per suite on one profile: the first registers and runs the procedure
/// (its call also sets the last values) and makes failing calls inside `catch` to see the
/// image left unchanged; the second, a new session, repeats the last values and then ends on
/// the out-of-range call to read its message; the third ends on the two-drawables call (GIMP 3
/// stops a batch at its first failing command, so each failure to read is a batch's last).
/// Runs for the suites IMPASTO_GIMP3_ROOTS lists; skipped otherwise.
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
        (define (impasto-two-layers) ; the photo twice: (image bottom top)
          (let* ((i (impasto-open)) (d (impasto-drawable i)) (copy (car (gimp-layer-copy d))))
            (gimp-image-insert-layer i copy 0 -1)
            (list i d copy)))
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
        ("range-unchanged", """
            (let* ((i (impasto-open)) (d (impasto-drawable i)))
              (catch #f (impasto-pencil RUN-NONINTERACTIVE i (vector d) -60 95 4 FALSE)) (impasto-save i "range.png"))
            """),
        ("two-unchanged", """
            (let* ((t (impasto-two-layers)) (i (car t)))
              (catch #f (impasto-pencil RUN-NONINTERACTIVE i (vector (cadr t) (caddr t)) -60 45 4 FALSE))
              (impasto-save i "two-top.png")
              (gimp-item-set-visible (caddr t) FALSE) (impasto-save i "two-bottom.png"))
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
        ("range-error", "(let* ((i (impasto-open))) (impasto-pencil RUN-NONINTERACTIVE i (vector (impasto-drawable i)) -60 95 4 FALSE))"),
    ]

    static let third: [(String, String)] = [
        ("two-error", """
            (let* ((t (impasto-two-layers)))
              (impasto-pencil RUN-NONINTERACTIVE (car t) (vector (cadr t) (caddr t)) -60 45 4 FALSE))
            """),
    ]

    /// A suite's three batches on one profile.
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

        func image(_ name: String) throws -> FloatImage {
            Gegl.initialize()  // GEGL reads the PNG
            let url = session.hostFolder.appendingPathComponent(name)
            return try XCTUnwrap(FloatImage.load(url), "\(name) was not written; GIMP said:\n\(log)")
        }
    }

    static var runs: [Gimp3Root.Suite: Result<Run, Gimp3Root.Problem>] = [:]

    func run(_ suite: Gimp3Root.Suite) throws -> Run {
        guard Gimp3Root.requested.contains(suite) else {
            throw XCTSkip("GIMP \(suite.gimpVersion) runs in a Debian \(suite) root: as root, "
                          + "IMPASTO_GIMP3_ROOTS=trixie,forky swift test (see the README, \"GIMP 3 tests\")")
        }
        if Self.runs[suite] == nil {
            Self.runs[suite] = Gimp3Root.prepare(suite).flatMap { root in
                root.buildPlugIn().flatMap { plugIn in
                    Result {
                        let session = try Gimp3Session(root: root)
                        try session.installPlugIn(plugIn)
                        let prelude = Self.helpers(session)
                        return Run(session: session, batches: [Self.first, Self.second, Self.third].map {
                            (scenarios: $0, result: session.batch($0.map(\.1), prelude: prelude))
                        })
                    }.mapError { $0 as? Gimp3Root.Problem ?? Gimp3Root.Problem(description: "\($0)") }
                }
            }
        }
        return try Self.runs[suite]!.get()
    }

    override class func tearDown() {
        for case .success(let run) in runs.values { run.session.remove() }
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

    func checkOutOfRangeAltitudeFailsClearlyAndChangesNothing(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("range-unchanged"), .success, run.log)
        XCTAssertEqual(try run.image("range.png").worstRGBDifference(from: try original) { $0 }, 0)
        // GIMP 3 checks an argument against its declared range before the plug-in runs; its
        // message names the value and the range.
        guard case .error(let message) = run.outcome("range-error") else {
            return XCTFail("the out-of-range call did not fail:\n\(run.log)")
        }
        XCTAssertTrue(message.contains("out of range") && message.contains("95") && message.contains("90"), message)
    }

    func checkSeveralDrawablesFailClearlyAndChangeNothing(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.outcome("two-unchanged"), .success, run.log)
        for layer in ["two-top.png", "two-bottom.png"] {
            XCTAssertEqual(try run.image(layer).worstRGBDifference(from: try original) { $0 }, 0, layer)
        }
        guard case .error(let message) = run.outcome("two-error") else {
            return XCTFail("the two-drawables call did not fail:\n\(run.log)")
        }
        XCTAssertTrue(message.contains("\(Self.procedure) works on one drawable, but 2 were given"), message)
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
    func testTrixieLastValuesPersistAcrossSessions() throws { try checkLastValuesPersistAcrossSessions(.trixie) }
    func testTrixieSameResultAsGIMP2() throws { try checkSameResultAsGIMP2(.trixie) }

    // MARK: - GIMP 3.2 (forky)

    func testForkyRegistersTheProcedure() throws { try checkRegistersTheProcedure(.forky) }
    func testForkyScriptCallMatchesTheFormula() throws { try checkScriptCallMatchesTheFormula(.forky) }
    func testForkyOutOfRangeAltitudeFailsClearlyAndChangesNothing() throws { try checkOutOfRangeAltitudeFailsClearlyAndChangesNothing(.forky) }
    func testForkySeveralDrawablesFailClearlyAndChangeNothing() throws { try checkSeveralDrawablesFailClearlyAndChangeNothing(.forky) }
    func testForkyLastValuesPersistAcrossSessions() throws { try checkLastValuesPersistAcrossSessions(.forky) }
    func testForkySameResultAsGIMP2() throws { try checkSameResultAsGIMP2(.forky) }
}
