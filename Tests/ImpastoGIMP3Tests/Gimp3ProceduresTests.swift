// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoFrontEnd
import ImpastoTestSupport
import XCTest

/// Every Impasto procedure in Debian's own GIMP 3.0.x (trixie) and 3.2.x (forky), called from
/// Script-Fu batch mode with the GIMP 3 signature, against the GIMP 2.10 plug-in given the
/// same call on the host (≤ 1/255): emboss (a preset; a picture to shade from, the smooth
/// profile and the luminance mask), the bristle normal map, normal light with its bump layer,
/// the bristle stroke along a path (onto a bump layer, and with none), and the brush procedure
/// writing into the GIMP 3 profile, which GIMP 3 then loads. Also: refused calls (a clear
/// message, the image unchanged), and `impasto:emboss` appended as a live filter, listed and
/// giving the procedure's pixels.
///
/// The calls differ between the two GIMPs only where the APIs do: each scenario is written
/// twice over the same helper names, which each GIMP's prelude defines in its own Script-Fu.
/// One GIMP process per suite, one for GIMP 2.10. Runs for the suites IMPASTO_GIMP3_ROOTS
/// lists; the comparison with GIMP 2.10 needs GIMP 2.10 and the plug-in built on this host.
final class Gimp3ProceduresTests: XCTestCase {
    static let photo = BuildProducts.fixture("astronaut.png").path

    // MARK: - The two GIMPs' helpers

    /// What both preludes define, in each GIMP's own calls:
    /// (impasto-open) → image; (impasto-drawable image); (impasto-layer image name type) → a new
    /// layer the image's size on top; (impasto-save image drawable name) saves the drawable
    /// alone; (impasto-path image points) → a path of one stroke through the control points.
    static func gimp2Helpers(_ folder: String) -> String {
        """
        (define (impasto-open) (car (gimp-file-load RUN-NONINTERACTIVE "\(photo)" "photo")))
        (define (impasto-drawable image) (car (gimp-image-get-active-drawable image)))
        (define (impasto-layer image name type)
          (let ((layer (car (gimp-layer-new image (car (gimp-image-width image)) (car (gimp-image-height image))
                                            type name 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image layer 0 0)
            layer))
        (define (impasto-save image drawable name)
          (gimp-file-save RUN-NONINTERACTIVE image drawable (string-append "\(folder)/" name) name))
        (define (impasto-write name text) ; GIMP 2.10's batch mode prints no `display`: a file
          (let ((port (open-output-file (string-append "\(folder)/" name)))) (display text port) (close-output-port port)))
        (define (impasto-path image points)
          (let ((v (car (gimp-vectors-new image "stroke"))))
            (gimp-image-insert-vectors image v 0 0)
            (gimp-vectors-stroke-new-from-points v 0 (length points) (list->vector points) FALSE)
            v))
        \(sharedHelpers)
        """
    }

    static func gimp3Helpers(_ folder: String, photo: String = photo) -> String {
        """
        (define (impasto-open) (car (gimp-file-load RUN-NONINTERACTIVE "\(photo)")))
        (define (impasto-drawable image) (vector-ref (car (gimp-image-get-selected-drawables image)) 0))
        (define (impasto-layer image name type)
          (let ((layer (car (gimp-layer-new image name (car (gimp-image-get-width image))
                                            (car (gimp-image-get-height image)) type 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image layer 0 0)
            layer))
        ; GIMP 3 exports the image: the drawable goes alone into a new image of its size.
        (define (impasto-save image drawable name)
          (let* ((copy (car (gimp-image-new (car (gimp-drawable-get-width drawable))
                                            (car (gimp-drawable-get-height drawable)) RGB)))
                 (layer (car (gimp-layer-new-from-drawable drawable copy))))
            (gimp-image-insert-layer copy layer 0 0)
            (gimp-layer-set-offsets layer 0 0)
            (gimp-file-save RUN-NONINTERACTIVE copy (string-append "\(folder)/" name))
            (gimp-image-delete copy)))
        (define (impasto-write name text) ; GIMP 2.10's batch mode prints no `display`: a file
          (let ((port (open-output-file (string-append "\(folder)/" name)))) (display text port) (close-output-port port)))
        (define (impasto-path image points)
          (let ((v (car (gimp-path-new image "stroke"))))
            (gimp-image-insert-path image v 0 0)
            (gimp-path-stroke-new-from-points v 0 (list->vector points) FALSE)
            v))
        (define (impasto-report name thunk) ; runs thunk; prints the message of the error it raised
          (let ((saved *error-hook*) (message "none"))
            (set! *error-hook* (lambda x (set! message (if (string? (car x)) (car x) "?")) (apply throw x)))
            (catch #f (thunk))
            (set! *error-hook* saved)
            (display (string-append "\\nimpasto-error " name ": " message "\\n"))))
        \(sharedHelpers)
        """
    }

    /// Helpers whose calls are the same in both GIMPs.
    static let sharedHelpers = """
        ; The photo with an alpha channel, transparent outside a rectangle: a shape to emboss.
        (define (impasto-shape)
          (let* ((image (impasto-open)) (layer (impasto-drawable image)))
            (gimp-layer-add-alpha layer)
            (gimp-image-select-rectangle image CHANNEL-OP-REPLACE 60 50 180 130)
            (gimp-selection-invert image)
            (gimp-drawable-edit-clear layer)
            (gimp-selection-none image)
            (list image layer)))
        ; The photo as a painting, under a bump layer painted white at 10 % (twice in the middle).
        (define (impasto-painting)
          (let* ((image (impasto-open)) (paint (impasto-drawable image))
                 (bump (impasto-layer image "bump" RGBA-IMAGE)))
            (gimp-drawable-fill bump FILL-TRANSPARENT)
            (gimp-context-set-foreground '(255 255 255))
            (gimp-context-set-opacity 10)
            (gimp-image-select-rectangle image CHANNEL-OP-REPLACE 40 30 200 150)
            (gimp-drawable-edit-fill bump FILL-FOREGROUND)
            (gimp-image-select-rectangle image CHANNEL-OP-REPLACE 90 70 100 60)
            (gimp-drawable-edit-fill bump FILL-FOREGROUND)
            (gimp-context-set-opacity 100)
            (gimp-selection-none image)
            (list image paint bump)))
        ; A Bézier stroke across the painting (anchor triples: handle, anchor, handle).
        (define (impasto-curve image)
          (impasto-path image '(20 120 30 100 60 60 120 40 140 40 170 40 220 60 240 80 260 100)))
        """

    // MARK: - The scenarios: (name, GIMP 2.10's Script-Fu, GIMP 3's)

    static let calls: [(name: String, gimp2: String, gimp3: String)] = [
        ("pencil",
         "(plug-in-impasto-pencil-hue-saturation RUN-NONINTERACTIVE i d -60 67.5 8 0)",
         "(plug-in-impasto-pencil-hue-saturation RUN-NONINTERACTIVE i (vector d) -60 67.5 8 FALSE)"),
        ("emboss-gold",
         #"(plug-in-impasto-emboss RUN-NONINTERACTIVE i d 10 10 0 0 0 -1 "gold")"#,
         #"(plug-in-impasto-emboss RUN-NONINTERACTIVE i (vector d) 10 10 "round" 0 "alpha" -1 "gold")"#),
        ("emboss-picture",
         #"(plug-in-impasto-emboss RUN-NONINTERACTIVE i d 8 6 2 1.5 1 (impasto-drawable (impasto-open)) "")"#,
         #"(plug-in-impasto-emboss RUN-NONINTERACTIVE i (vector d) 8 6 "smooth" 1.5 "luminance" (impasto-drawable (impasto-open)) "")"#),
        ("normal-map",
         "(plug-in-impasto-bristle-normal-map RUN-NONINTERACTIVE i d 1 2 1 0)",
         "(plug-in-impasto-bristle-normal-map RUN-NONINTERACTIVE i (vector d) 1 2 TRUE FALSE)"),
        ("normal-light",
         "(plug-in-impasto-normal-light RUN-NONINTERACTIVE i d bump 0.75 3 135 45 0.3 0.5 20)",
         "(plug-in-impasto-normal-light RUN-NONINTERACTIVE i (vector d) bump 0.75 3 135 45 0.3 0.5 20)"),
        ("paint-relief",
         "(plug-in-impasto-paint-relief RUN-NONINTERACTIVE i d 0.5 1 135 45 0.35 0.6 40)",
         "(plug-in-impasto-paint-relief RUN-NONINTERACTIVE i (vector d) 0.5 1 135 45 0.35 0.6 40)"),
        ("stroke",
         "(plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE i d bump (impasto-curve i) 20 1 0.3 30 2 16)",
         "(plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE i (vector d) bump (impasto-curve i) 20 1 0.3 30 2 16)"),
        ("stroke-no-bump",
         "(plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE i d -1 (impasto-curve i) 12 0.5 1 0 3 20)",
         "(plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE i (vector d) -1 (impasto-curve i) 12 0.5 1 0 3 20)"),
    ]

    /// The image each call works on, and the drawables saved after it (`i`, `d`, `bump` bound).
    static func scenario(_ call: (name: String, gimp2: String, gimp3: String), gimp3: Bool) -> String {
        let source = call.name.hasPrefix("emboss") || call.name == "paint-relief" ? "(impasto-shape)"
            : call.name.hasPrefix("normal-map") ? "(let ((i (impasto-open))) (list i (impasto-drawable i) -1))"
            : "(impasto-painting)"
        let saves = call.name == "stroke"
            ? #"(impasto-save i d "stroke.png") (impasto-save i bump "stroke-bump.png")"#
            : #"(impasto-save i d "\#(call.name).png")"#
        return """
            (let* ((s \(source)) (i (car s)) (d (cadr s)) (bump (if (null? (cddr s)) -1 (caddr s))))
              (gimp-context-set-foreground '(200 30 60))
              \(gimp3 ? call.gimp3 : call.gimp2)
              \(saves))
            """
    }

    /// The brush procedure, then what GIMP has loaded (brush.txt): "<active brush> <info>".
    static let brushGimp2 = """
        (begin
          ; bristles max-radius line-width pressure-levels angle-levels angle-source
          (plug-in-impasto-bristle-brush RUN-NONINTERACTIVE 8 10 2 4 8 0 1)
          (impasto-write "brush.txt"
            (apply string-append (car (gimp-context-get-brush))
                   (map (lambda (n) (string-append " " (number->string n))) (gimp-brush-get-info "Impasto Bristle")))))
        """
    static let brushGimp3 = """
        (begin
          (plug-in-impasto-bristle-brush RUN-NONINTERACTIVE 8 10 2 4 8 "direction" 1)
          (impasto-write "brush.txt"
            (apply string-append (car (gimp-resource-get-name (car (gimp-context-get-brush))))
                   (map (lambda (n) (string-append " " (number->string n)))
                        (gimp-brush-get-info (car (gimp-brush-get-by-name "Impasto Bristle")))))))
        """

    /// GIMP 3 only: refused calls (each prints its message) and the live filter.
    static let gimp3Only: [(String, String)] = [
        ("bad-preset", """
            (let* ((s (impasto-shape)) (i (car s)) (d (cadr s)))
              (impasto-save i d "bad-preset-before.png")
              (impasto-report "bad-preset" (lambda ()
                (plug-in-impasto-emboss RUN-NONINTERACTIVE i (vector d) 10 10 "round" 0 "alpha" -1 "bogus")))
              (impasto-save i d "bad-preset-after.png"))
            """),
        ("foreign-path", """
            (let* ((s (impasto-painting)) (i (car s)) (d (cadr s)) (bump (caddr s))
                   (other (impasto-open)) (v (impasto-curve other)))
              (impasto-report "foreign-path" (lambda ()
                (plug-in-impasto-bristle-stroke RUN-NONINTERACTIVE i (vector d) bump v 20 1 1 0 2 16)))
              (impasto-save i d "foreign-path-paint.png"))
            """),
        ("elevation-range", """
            (let* ((s (impasto-painting)) (i (car s)) (d (cadr s)))
              (impasto-report "elevation-range" (lambda ()
                (plug-in-impasto-normal-light RUN-NONINTERACTIVE i (vector d) (caddr s) 0.75 3 135 95 0.3 0.5 20)))
              (impasto-save i d "elevation-range.png"))
            """),
        // After the normal-light call above: the last values with other numbers passed.
        ("last-values", """
            (let* ((s (impasto-painting)) (i (car s)) (d (cadr s)) (bump (caddr s)))
              (gimp-context-set-foreground '(200 30 60))
              (impasto-report "last-values" (lambda ()
                (plug-in-impasto-normal-light RUN-WITH-LAST-VALS i (vector d) bump 0 1 0 10 0 0 1)))
              (impasto-save i d "last-values.png"))
            """),
        ("live-emboss", """
            (let* ((s (impasto-shape)) (i (car s)) (d (cadr s)))
              (gimp-drawable-append-new-filter d "impasto:emboss" 0 LAYER-MODE-REPLACE 1.0 "preset" "gold")
              (display "\\nimpasto-filters:")
              (for-each (lambda (f) (display " ") (display (car (gimp-drawable-filter-get-operation-name f))))
                        (vector->list (car (gimp-drawable-get-filters d))))
              (display "\\n")
              (gimp-drawable-merge-filters d)
              (impasto-save i d "live-emboss.png"))
            """),
    ]

    /// Each procedure's menu entry in GIMP 3: none for those whose op GIMP 3 lists itself,
    /// but for the pencil and emboss dialogs (the pad, the light editor), under labels of their own.
    static let menus: [(name: String, entry: String)] = [
        ("plug-in-impasto-pencil-hue-saturation", "Impasto Pencil Hue/Saturation with Pen _Pad... | <Image>/Colors"),
        ("plug-in-impasto-emboss", "Impasto Emboss with _Light Editor... | <Image>/Filters/Light and Shadow"),
        ("plug-in-impasto-bristle-normal-map", ""),
        ("plug-in-impasto-normal-light", "Impasto _Normal Light... | <Image>/Filters/Light and Shadow"),
        ("plug-in-impasto-paint-relief", ""),
        ("plug-in-impasto-bristle-stroke", "Impasto _Bristle Stroke Path... | <Image>/Edit"),
        ("plug-in-impasto-bristle-brush", "Regenerate Impasto _Bristle Brush... | <Brushes>/Brushes Menu"),
    ]

    // MARK: - Running them

    struct Run {
        let folder: URL
        let result: PrivateGimp.BatchResult
        let names: [String]

        var log: String { result.log }

        func outcome(_ name: String) -> PrivateGimp.Outcome? {
            guard let i = names.firstIndex(of: name), i < result.outcomes.count else { return nil }
            return result.outcomes[i]
        }

        /// A text file a scenario wrote.
        func text(_ name: String) -> String? {
            try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }

        /// The text after "<prefix> " on the line that starts with it.
        func line(_ prefix: String) -> String? {
            log.components(separatedBy: "\n").first { $0.hasPrefix(prefix + " ") }.map { String($0.dropFirst(prefix.count + 1)) }
        }

        func image(_ name: String) throws -> FloatImage {
            Gegl.initialize()
            return try XCTUnwrap(FloatImage.load(folder.appendingPathComponent(name)), "\(name) was not written:\n\(log)")
        }

        /// An 8-bit image the scenario saved, as its codes.
        func codes(_ name: String) throws -> ImageCodes {
            Gegl.initialize()
            return try XCTUnwrap(ImageCodes.load(folder.appendingPathComponent(name)), "\(name) was not written:\n\(log)")
        }
    }

    static var gimp3Runs = Gimp3Runs<(run: Run, session: Gimp3Session)>()
    static var gimp2Run: Result<(Run, PrivateGimp), Error>?

    func gimp3(_ suite: Gimp3Root.Suite) throws -> (run: Run, session: Gimp3Session) {
        try Self.gimp3Runs.run(suite) { _, session in
            let scenarios = Self.calls.map { ($0.name, Self.scenario($0, gimp3: true)) }
                + [("brush", Self.brushGimp3)] + Self.gimp3Only
            let result = session.batch(scenarios.map(\.1), prelude: Self.gimp3Helpers(session.folder), data: true)
            return (Run(folder: session.hostFolder, result: result, names: scenarios.map(\.0)), session)
        }
    }

    /// The same calls in GIMP 2.10 on the host, with the host's build installed by plugin-install.sh.
    func gimp2() throws -> (run: Run, session: PrivateGimp) { try Self.gimp2Reference() }

    static func gimp2Reference() throws -> (run: Run, session: PrivateGimp) {
        guard FileManager.default.fileExists(atPath: BuildProducts.plugIn.path),
              runCommand("sh", ["-c", "command -v gimp-console-2.10"]).status == 0 else {
            throw XCTSkip("needs GIMP 2.10 and the impasto plug-in built on this host (Debian 12)")
        }
        if Self.gimp2Run == nil {
            Self.gimp2Run = Result {
                let session = PrivateGimp(data: true)
                let scenarios = Self.calls.map { ($0.name, Self.scenario($0, gimp3: false)) } + [("brush", Self.brushGimp2)]
                let result = session.batch(scenarios.map(\.1), prelude: Self.gimp2Helpers(session.root.path))
                return (Run(folder: session.root, result: result, names: scenarios.map(\.0)), session)
            }
        }
        return try Self.gimp2Run!.get()
    }

    override class func tearDown() {
        gimp3Runs.removeSessions()
        if case .success(let (_, session)) = gimp2Run { session.remove() }
        gimp3Runs = Gimp3Runs()
        gimp2Run = nil   // (ReleaseBundleTests compares with it too: made again there)
        super.tearDown()
    }


    // MARK: - checks, for one suite

    /// Every call succeeds in GIMP 3 and leaves the pixels GIMP 2.10's plug-in leaves.
    func checkEveryProcedureGivesGIMP2sPixels(_ suite: Gimp3Root.Suite) throws {
        let (run, _) = try gimp3(suite)
        let (reference, _) = try gimp2()
        for call in Self.calls {
            XCTAssertEqual(run.outcome(call.name), .success, "\(call.name):\n\(run.log)")
            XCTAssertEqual(reference.outcome(call.name), .success, "\(call.name) in GIMP 2.10:\n\(reference.log)")
        }
        for name in Self.calls.map(\.name) + ["stroke-bump"] {
            let file = "\(name).png"
            let (mine, theirs) = (try run.image(file), try reference.image(file))
            XCTAssertLessThanOrEqual(worstDifference(mine, theirs), 1.0 / 255, "\(file) differs from GIMP 2.10's")
        }
    }

    /// The calls change their drawables (a procedure that did nothing would pass the comparison
    /// only if 2.10's did nothing too; this says it did something).
    func checkEveryProcedureChangesItsDrawable(_ suite: Gimp3Root.Suite) throws {
        let (run, _) = try gimp3(suite)
        let photo = try XCTUnwrap(FloatImage.load(URL(fileURLWithPath: Self.photo)))
        for name in ["pencil", "normal-map", "normal-light", "stroke", "stroke-no-bump"] {

            XCTAssertGreaterThan(worstDifference(try run.image("\(name).png"), photo), 0.2, name)
        }
        let before = try run.image("bad-preset-before.png")
        for name in ["emboss-gold", "emboss-picture", "paint-relief"] {
            XCTAssertGreaterThan(worstDifference(try run.image("\(name).png"), before), 0.2, name)
        }
    }

    /// GIMP 3's brush procedure writes the same brush file as GIMP 2.10's, into the GIMP 3
    /// profile, and GIMP 3 loads it and makes it the active brush.
    func checkBrushProcedureWritesTheProfileAndGIMPLoadsIt(_ suite: Gimp3Root.Suite) throws {
        let (run, session) = try gimp3(suite)
        XCTAssertEqual(run.outcome("brush"), .success, run.log)
        let (reference, gimp2Session) = try gimp2()
        XCTAssertEqual(reference.outcome("brush"), .success, reference.log)
        // The active brush, then its cells' width height mask-bpp color-bpp, as in GIMP 2.10.
        XCTAssertEqual(run.text("brush.txt"), reference.text("brush.txt"), run.log)
        XCTAssertEqual(run.text("brush.txt")?.hasPrefix("Impasto Bristle "), true, run.log)
        let written = session.hostProfile.appendingPathComponent("brushes/Impasto/impasto-bristle.gih")
        let gimp2Written = gimp2Session.root.appendingPathComponent("profile/brushes/Impasto/impasto-bristle.gih")
        let mine = try XCTUnwrap(FileManager.default.contents(atPath: written.path), "no \(written.path)")
        XCTAssertEqual(mine, FileManager.default.contents(atPath: gimp2Written.path), "the GIMP 2.10 plug-in wrote another brush")
        XCTAssertTrue(FileManager.default.fileExists(atPath: session.hostProfile.appendingPathComponent("dynamics/Impasto/impasto-bristle.gdyn").path))
    }

    /// A refused call says why, in the GIMP 2.10 plug-in's words, and changes nothing.
    func checkRefusedCallsSayWhyAndChangeNothing(_ suite: Gimp3Root.Suite) throws {
        let (run, _) = try gimp3(suite)
        func check(_ name: String, says words: [String], unchanged pairs: [(String, String?)]) throws {
            XCTAssertEqual(run.outcome(name), .success, run.log)
            let message = try XCTUnwrap(run.line("impasto-error \(name):"), "no message for \(name):\n\(run.log)")
            for text in words { XCTAssertTrue(message.contains(text), "\(name): \(message)") }
            for (after, before) in pairs {
                let reference = try before.map(run.codes) ?? XCTUnwrap(ImageCodes.load(URL(fileURLWithPath: Self.photo)))
                XCTAssertEqual(try run.codes(after).differingPixels(from: reference), 0, "\(after) changed")
            }
        }
        try check("bad-preset", says: [#"plug-in-impasto-emboss: preset "bogus" is unknown; use "" or one of"#, #""gold""#],
                  unchanged: [("bad-preset-after.png", "bad-preset-before.png")])
        try check("foreign-path", says: ["plug-in-impasto-bristle-stroke: path", "does not belong to image"],
                  unchanged: [("foreign-path-paint.png", nil)])
        // The elevation is out of range (GIMP checks it against the declared range first).
        try check("elevation-range", says: ["95"], unchanged: [("elevation-range.png", nil)])
    }

    /// Each op once in GIMP 3's menus: the procedures whose op has a menu entry of its own
    /// (Filters, a live filter) have none, but pencil and emboss, whose dialogs the op's cannot
    /// replace, have one labelled unlike the op's; normal light, the stroke and the brush keep theirs.
    func checkMenuEntriesOnlyWhereTheOpsDialogFallsShort(_ suite: Gimp3Root.Suite) throws {
        let (_, session) = try gimp3(suite)
        // GIMP keeps what each plug-in registered in the profile's pluginrc, one
        // `(proc-def "name" …)` per procedure: its texts, attribution, menu label (quoted,
        // "" for none) and its `(menu-path …)`s.
        // (Not all UTF-8: it holds other plug-ins' icons' bytes.)
        let pluginrc = String(decoding: try Data(contentsOf: session.hostProfile.appendingPathComponent("pluginrc")),
                              as: UTF8.self)
        for (name, entry) in Self.menus {
            let definition = pluginrc.components(separatedBy: "(proc-def ").first { $0.hasPrefix("\"\(name)\"") } ?? ""
            XCTAssertFalse(definition.isEmpty, "\(name) is not in pluginrc:\n\(pluginrc)")
            // The menu label is the quoted line after the date (the attribution's, with the version).
            let lines = definition.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let date = try XCTUnwrap(lines.firstIndex(of: "\"\(ImpastoRelease.attribution.date)\""), "\(name):\n\(definition)")
            let label = lines.indices.contains(date + 1) ? lines[date + 1].trimmingCharacters(in: ["\""]) : "?"
            let paths = definition.components(separatedBy: "(menu-path \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            XCTAssertEqual(([label] + paths).filter { !$0.isEmpty }.joined(separator: " | "), entry, "\(name):\n\(definition)")
        }
    }

    /// RUN-WITH-LAST-VALS repeats the script's last call: the numbers passed (a flat light from
    /// the right, no smoothing, …) are ignored for the ones the normal-light scenario used.
    func checkLastValuesRepeatTheScriptsCall(_ suite: Gimp3Root.Suite) throws {
        let (run, _) = try gimp3(suite)
        XCTAssertEqual(run.outcome("last-values"), .success, run.log)
        XCTAssertEqual(run.line("impasto-error last-values:"), "none", run.log)
        XCTAssertLessThanOrEqual(worstDifference(try run.image("last-values.png"), try run.image("normal-light.png")), 1.0 / 255)
    }

    /// `impasto:emboss` (no aux pad) can be kept as a live filter: GIMP 3 lists it on the
    /// drawable, and merged it gives the procedure's pixels.
    func checkEmbossIsALiveFilterWithTheProceduresPixels(_ suite: Gimp3Root.Suite) throws {
        let (run, _) = try gimp3(suite)
        XCTAssertEqual(run.outcome("live-emboss"), .success, run.log)
        XCTAssertEqual(run.line("impasto-filters:"), "impasto:emboss", run.log)
        XCTAssertLessThanOrEqual(worstDifference(try run.image("live-emboss.png"), try run.image("emboss-gold.png")), 1.0 / 255)
    }

    // MARK: - GIMP 3.0 (trixie)

    func testTrixieEveryProcedureGivesGIMP2sPixels() throws { try checkEveryProcedureGivesGIMP2sPixels(.trixie) }
    func testTrixieEveryProcedureChangesItsDrawable() throws { try checkEveryProcedureChangesItsDrawable(.trixie) }
    func testTrixieBrushProcedureWritesTheProfileAndGIMPLoadsIt() throws { try checkBrushProcedureWritesTheProfileAndGIMPLoadsIt(.trixie) }
    func testTrixieRefusedCallsSayWhyAndChangeNothing() throws { try checkRefusedCallsSayWhyAndChangeNothing(.trixie) }
    func testTrixieEmbossIsALiveFilterWithTheProceduresPixels() throws { try checkEmbossIsALiveFilterWithTheProceduresPixels(.trixie) }
    func testTrixieMenuEntriesOnlyWhereTheOpsDialogFallsShort() throws { try checkMenuEntriesOnlyWhereTheOpsDialogFallsShort(.trixie) }
    func testTrixieLastValuesRepeatTheScriptsCall() throws { try checkLastValuesRepeatTheScriptsCall(.trixie) }

    // MARK: - GIMP 3.2 (forky)

    func testForkyEveryProcedureGivesGIMP2sPixels() throws { try checkEveryProcedureGivesGIMP2sPixels(.forky) }
    func testForkyEveryProcedureChangesItsDrawable() throws { try checkEveryProcedureChangesItsDrawable(.forky) }
    func testForkyBrushProcedureWritesTheProfileAndGIMPLoadsIt() throws { try checkBrushProcedureWritesTheProfileAndGIMPLoadsIt(.forky) }
    func testForkyRefusedCallsSayWhyAndChangeNothing() throws { try checkRefusedCallsSayWhyAndChangeNothing(.forky) }
    func testForkyEmbossIsALiveFilterWithTheProceduresPixels() throws { try checkEmbossIsALiveFilterWithTheProceduresPixels(.forky) }
    func testForkyMenuEntriesOnlyWhereTheOpsDialogFallsShort() throws { try checkMenuEntriesOnlyWhereTheOpsDialogFallsShort(.forky) }
    func testForkyLastValuesRepeatTheScriptsCall() throws { try checkLastValuesRepeatTheScriptsCall(.forky) }
}
