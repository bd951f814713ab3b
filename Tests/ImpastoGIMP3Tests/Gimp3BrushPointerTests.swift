// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// The Impasto Bristle brush painted with a moving pointer in GIMP 3.0 (trixie) and 3.2 (forky),
/// the only way to exercise what GIMP does with a brush while a stroke is drawn: it takes the
/// stroke's direction, speed and the pen's readings from pointer motion events
/// (app/display/gimpmotionbuffer.c), which scripted strokes never have. The profile holds the
/// brush and dynamics as the install writes them (`impasto3 --write-brush`); a script shows a
/// canvas, selects them as the brush dialog's Regenerate does, and waits while a driver, on the
/// root's Xvfb, puts the image window at 100 %, picks the Paintbrush and drags with xdotool in
/// 16 directions at a hand's pace and fast, then clicks; the script then saves the paint layer.
/// A mouse has full pressure and no tilt: the pressure and tilt ranks are the unit tests'
/// (BristleBrushTests), not these.
///
/// The paint layer keeps a live Impasto Paint Relief while it is painted, as the README's
/// "Painting impasto" sets it up: the strokes are counted on the paint as painted (the filter
/// hidden), and their relief read from what the layer shows (the filter merged).
///
/// One GIMP process per suite (about 40 s). Runs for the suites IMPASTO_GIMP3_ROOTS lists;
/// skipped otherwise.
final class Gimp3BrushPointerTests: XCTestCase {
    /// The canvas: one stroke through the centre of each cell, the two speeds' fans one above
    /// the other (8 × 2 cells each), and a strip below them for the clicks.
    static let cell = 130, columns = 8
    static let width = cell * columns, height = cell * 4 + 60
    /// A stroke's length in pixels: with the brush's 37 px cells it stays inside its cell.
    static let length = 88.0

    enum Speed: String, CaseIterable {
        /// 4–8 px between motion events, as a hand moves a mouse or pen.
        case hand
        /// 30 px between events: GIMP fills such gaps in (Catmull-Rom, every 3 px).
        case fast

        /// The distance of each step from the last event, in turn.
        var steps: [Double] {
            switch self {
            case .hand: [4, 6, 8, 5, 7]
            case .fast: [30]
            }
        }
    }

    /// One drag: `direction` k moves at k·22.5° counter-clockwise on the screen (0: right).
    struct Stroke {
        let speed: Speed
        let direction: Int

        var angle: Double { -Double(direction) * .pi / 8 }
        var centre: (x: Double, y: Double) {
            let row = direction / 8 + (speed == .fast ? 2 : 0)
            return (Double((direction % 8) * cell + cell / 2), Double(row * cell + cell / 2))
        }

        /// The pointer's positions in image pixels: the start, then one event per step.
        var points: [(x: Int, y: Int)] {
            let (c, u) = (centre, (x: cos(angle), y: sin(angle)))
            func at(_ d: Double) -> (x: Int, y: Int) {
                (Int((c.x + u.x * (d - length / 2)).rounded()), Int((c.y + u.y * (d - length / 2)).rounded()))
            }
            var result = [at(0)], walked = 0.0, step = 0
            while walked + speed.steps[step % speed.steps.count] < length {
                walked += speed.steps[step % speed.steps.count]
                step += 1
                result.append(at(walked))
            }
            return result + [at(length)]
        }
    }

    static let strokes = Speed.allCases.flatMap { speed in (0 ..< 16).map { Stroke(speed: speed, direction: $0) } }
    /// Press and release without moving, in the strip below the fans.
    static let clicks = [(x: 100, y: height - 30), (x: 300, y: height - 30), (x: 500, y: height - 30)]

    /// Two canvases, each green under a transparent paint layer (so the driver finds it on the
    /// screen), painted in turn: first the fans and clicks on a plain layer; then, on a layer
    /// that keeps a live Impasto Paint Relief, a stroke to the right and one upwards. For each,
    /// the script shows the canvas, waits for the driver (a file it writes) and saves the paint
    /// (the second both as painted and as shown, with Gimp3PaintingTests' helpers).
    static let script = """
        (define (impasto-pointer-canvas filtered)
          (let* ((image (car (gimp-image-new \(width) \(height) RGB)))
                 (canvas (car (gimp-layer-new image "canvas" \(width) \(height) RGB-IMAGE 100 LAYER-MODE-NORMAL)))
                 (paint (car (gimp-layer-new image "paint" \(width) \(height) RGBA-IMAGE 100 LAYER-MODE-NORMAL))))
            (gimp-image-insert-layer image canvas 0 0)
            (gimp-image-insert-layer image paint 0 0)
            (gimp-context-set-foreground '(0 255 0))
            (gimp-drawable-fill canvas FILL-FOREGROUND)
            (gimp-drawable-fill paint FILL-TRANSPARENT)
            (if filtered (gimp-drawable-append-new-filter paint "impasto:paint-relief" 0 LAYER-MODE-REPLACE 1.0))
            (gimp-context-set-foreground '(180 60 40))
            (list image paint (car (gimp-display-new image)))))
        (gimp-context-set-opacity 100)
        (gimp-context-set-paint-mode LAYER-MODE-NORMAL)
        (gimp-context-set-brush (car (gimp-brush-get-by-name "Impasto Bristle")))
        (gimp-context-set-dynamics-name "Impasto Bristle")
        (let* ((c (impasto-pointer-canvas #f)) (image (car c)) (paint (cadr c)))
          (gimp-displays-flush)
          (impasto-write "ready" "ready")
          (impasto-wait "painted" 1500)
          (impasto-save image paint "strokes.png")
          (gimp-display-delete (caddr c)))
        (let* ((c (impasto-pointer-canvas #t)) (image (car c)) (paint (cadr c)))
          (gimp-displays-flush)
          (impasto-write "ready-live" "ready")
          (impasto-wait "painted-live" 1500)
          (impasto-filters "pointer" paint)
          (impasto-save-both image paint "live")
          (gimp-display-delete (caddr c)))
        """

    /// Waits (polling every 0.1 s, at most `tries` times) until the driver has written `name`.
    static func helpers(_ folder: String) -> String {
        """
        (define (impasto-wait name tries)
          (if (and (> tries 0) (= (file-type (string-append "\(folder)/" name)) 0))
              (begin (usleep 100000) (impasto-wait name (- tries 1)))))
        """
    }

    struct Run {
        let session: Gimp3Session
        let result: PrivateGimp.BatchResult
        let notes: [String]
        var log: String { result.log + "\ndriver: \(notes)" }

        /// The paint as painted.
        func painted(_ name: String = "strokes.png") throws -> ImageCodes {
            Gegl.initialize()
            return try XCTUnwrap(ImageCodes.load(session.hostFolder.appendingPathComponent(name)),
                                 "\(name) was not written:\n\(log)")
        }

        /// The paint on the live Paint Relief as the layer shows it.
        func shown() throws -> FloatImage {
            Gegl.initialize()
            return try XCTUnwrap(FloatImage.load(session.hostFolder.appendingPathComponent("live-shown.png")),
                                 "live-shown.png was not written:\n\(log)")
        }
    }

    nonisolated(unsafe) static var runs: [Gimp3Root.Suite: Result<Run, Gimp3Root.Problem>] = [:]

    func run(_ suite: Gimp3Root.Suite) throws -> Run {
        try Gimp3Root.skipUnlessRequested(suite)
        if Self.runs[suite] == nil {
            Self.runs[suite] = Gimp3Root.prepare(suite).flatMap { root in
                root.buildPlugIn().flatMap { plugIn in
                    Result {
                        let session = try Gimp3Session(root: root)
                        let written = root.run([plugIn.path, "--write-brush", session.path("profile")])
                        guard written.status == 0 else {
                            throw Gimp3Root.Problem(description: "--write-brush failed:\n\(written.output)")
                        }
                        let gui = try Gimp3GUI(session: session)
                        var notes: [String] = []
                        let prelude = Gimp3ProceduresTests.gimp3Helpers(session.folder) + Self.helpers(session.folder)
                            + Gimp3PaintingTests.helpers(session.folder)
                        let result = gui.run([Self.script], prelude: prelude) { notes = Self.paint(with: $0) }
                        for (made, name) in [("strokes.png", ""), ("live-shown.png", "-live")] {
                            let kept = GimpGUI.artifacts.appendingPathComponent("gimp3-brush-pointer\(name)-\(suite.rawValue).png")
                            try? FileManager.default.removeItem(at: kept)
                            try? FileManager.default.copyItem(at: session.hostFolder.appendingPathComponent(made), to: kept)
                        }
                        return Run(session: session, result: result, notes: notes)
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

    // MARK: - The driver

    /// Waits for the canvas, brings it to 100 % and paints the strokes and clicks; then, on the
    /// live canvas, the two strokes, waiting until GIMP has painted and shown them. What went
    /// wrong, if anything. Always lets the script go on.
    static func paint(with gui: Gimp3GUI) -> [String] {
        let folder = gui.session.hostFolder
        func signal(_ name: String) { _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data()) }
        var painted = false, notes: [String] = []
        defer { if !painted { signal("painted") }; signal("painted-live") }
        guard runCommand("/bin/sh", ["-c", "command -v scrot"]).status == 0 else {
            return ["scrot is not installed on the host (the driver finds the canvas in a screenshot)"]
        }
        guard let origin = showCanvas(gui, when: "ready") else { return ["the first canvas is not on the screen at 100 %"] }
        for stroke in strokes { drag(stroke, gui, origin) }
        for click in clicks {
            gui.xdotool(["mousemove"] + screen(click, origin) + ["sleep", "0.1", "mousedown", "1", "sleep", "0.1", "mouseup", "1"])
            gui.settle(0.2)
        }
        gui.settle(1)
        signal("painted")
        painted = true
        guard let live = showCanvas(gui, when: "ready-live") else { return ["the live canvas is not on the screen at 100 %"] }
        for stroke in liveStrokes { drag(stroke, gui, live) }
        if !settled(gui) { notes.append("GIMP was still painting the live canvas after two minutes") }
        return notes
    }

    /// The strokes painted on the live Paint Relief: to the right and upwards, at a hand's pace.
    static let liveStrokes = [Stroke(speed: .hand, direction: 0), Stroke(speed: .hand, direction: 4)]

    static func screen(_ p: (x: Int, y: Int), _ origin: (x: Int, y: Int)) -> [String] {
        ["\(origin.x + p.x)", "\(origin.y + p.y)"]
    }

    /// One drag: press, a motion event at each of the stroke's points, release.
    static func drag(_ stroke: Stroke, _ gui: Gimp3GUI, _ origin: (x: Int, y: Int)) {
        let points = stroke.points
        var arguments = ["mousemove"] + screen(points[0], origin) + ["sleep", "0.05", "mousedown", "1", "sleep", "0.05"]
        for p in points.dropFirst() { arguments += ["mousemove"] + screen(p, origin) + ["sleep", "0.012"] }
        gui.xdotool(arguments + ["sleep", "0.05", "mouseup", "1", "sleep", "0.1"])
    }

    /// Once the script has written `ready`: the image window placed, sized and focused (no
    /// window manager; its title has the image's size, and it may show a moment after the
    /// script goes on), then the Paintbrush (P), 1:1 (1) and centred (Shift+J); where the
    /// canvas then is.
    static func showCanvas(_ gui: Gimp3GUI, when ready: String) -> (x: Int, y: Int)? {
        let deadline = Date().addingTimeInterval(180)
        while !FileManager.default.fileExists(atPath: gui.session.hostFolder.appendingPathComponent(ready).path) {
            guard Date() < deadline else { return nil }
            usleep(200_000)
        }
        gui.settle(1)
        var window: String?
        while window == nil && Date() < deadline {
            window = gui.xdotool(["search", "--onlyvisible", "--name", "\(width)x\(height)"]).output
                .split(whereSeparator: \.isNewline).map(String.init).filter { $0.allSatisfy(\.isNumber) }.last
            if window == nil { usleep(200_000) }
        }
        guard let window else { return nil }
        gui.xdotool(["windowmove", window, "0", "0"])
        gui.xdotool(["windowsize", window, "1600", "1000"])
        gui.settle(1.5)
        gui.xdotool(["windowfocus", window])
        gui.settle(0.3)
        for key in ["p", "1", "shift+j"] {
            gui.xdotool(["key", key])
            gui.settle(0.3)
        }
        gui.settle(1)
        return canvasOrigin(gui)
    }

    /// Waits (at most two minutes) until the screen stays the same for a second and a half:
    /// GIMP has handled every motion event and shown the result.
    static func settled(_ gui: Gimp3GUI) -> Bool {
        let shot = gui.session.hostFolder.appendingPathComponent("settle.png")
        var last: Data?, still = 0
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            _ = runCommand("scrot", ["-o", shot.path], environment: ["DISPLAY": gui.display])
            let now = FileManager.default.contents(atPath: shot.path)
            still = now != nil && now == last ? still + 1 : 0
            if still >= 3 { return true }
            last = now
            usleep(500_000)
        }
        return false
    }

    /// Where the canvas's top-left pixel is on the screen, if the whole canvas shows at 100 %:
    /// the green canvas found in a screenshot (the host's scrot reads the root's display
    /// through its abstract socket), its outermost pixels under the layer's dashed boundary.
    static func canvasOrigin(_ gui: Gimp3GUI) -> (x: Int, y: Int)? {
        let shot = gui.session.hostFolder.appendingPathComponent("screen.png")
        _ = runCommand("scrot", ["-o", shot.path], environment: ["DISPLAY": gui.display])
        Gegl.initialize()
        guard let screen = ImageCodes.load(shot) else { return nil }
        func green(_ x: Int, _ y: Int) -> Bool {
            let i = 4 * (y * screen.width + x)
            return screen.codes[i] == 0 && screen.codes[i + 1] == 255 && screen.codes[i + 2] == 0
        }
        // Each row's longest green run; the canvas is the rows where that is long.
        var rows: [(y: Int, left: Int, right: Int)] = []
        for y in 0 ..< screen.height {
            var best = (left: 0, right: 0), x = 0
            while x < screen.width {
                guard green(x, y) else { x += 1; continue }
                let start = x
                while x < screen.width && green(x, y) { x += 1 }
                if x - start > best.right - best.left { best = (start, x) }
            }
            if best.right - best.left > 100 { rows.append((y, best.left, best.right)) }
        }
        guard let top = rows.first, let bottom = rows.last else { return nil }
        let (left, right) = (rows.map(\.left).min()!, rows.map(\.right).max()!)
        guard abs(right - left + 2 - width) <= 1, abs(bottom.y - top.y + 3 - height) <= 1 else { return nil }
        return (left - 1, top.y - 1)
    }

    // MARK: - Reading the strokes

    /// The paint's coverage (its alpha, 0 … 1) at a point, bilinear between pixel centres.
    static func coverage(_ image: ImageCodes, _ x: Double, _ y: Double) -> Double {
        let (fx, fy) = (x - 0.5, y - 0.5)
        let (x0, y0) = (Int(fx.rounded(.down)), Int(fy.rounded(.down)))
        let (tx, ty) = (fx - Double(x0), fy - Double(y0))
        func a(_ x: Int, _ y: Int) -> Double {
            x >= 0 && y >= 0 && x < image.width && y < image.height ? Double(image.codes[4 * (y * image.width + x) + 3]) / 255 : 0
        }
        return a(x0, y0) * (1 - tx) * (1 - ty) + a(x0 + 1, y0) * tx * (1 - ty)
            + a(x0, y0 + 1) * (1 - tx) * ty + a(x0 + 1, y0 + 1) * tx * ty
    }

    /// Separate peaks along a profile: a peak reaches at least half coverage and stands at
    /// least a quarter above the valleys on either side (two 2 px bristles 2.5 px apart dip
    /// to a quarter between them; 2 px apart they merge).
    static func peaks(_ profile: [Double]) -> Int {
        var count = 0, top = 0.0, low = 0.0, rising = true
        for v in profile {
            if rising {
                if v >= 0.5 && (count == 0 || v >= low + 0.25) { count += 1; top = v; rising = false } else { low = min(low, v) }
            } else {
                top = max(top, v)
                if v <= top - 0.25 { low = v; rising = true }
            }
        }
        return count
    }

    /// Across the middle of a stroke: the streaks (the median over nine profiles 3 px apart
    /// along the stroke) and how wide the paint is (first to last half-covered point).
    static func across(_ stroke: Stroke, in image: ImageCodes) -> (streaks: Int, width: Double) {
        let (c, u) = (stroke.centre, (x: cos(stroke.angle), y: sin(stroke.angle)))
        let offsets = (-96 ... 96).map { Double($0) / 4 }  // ±24 px, a quarter pixel apart
        var counts: [Int] = [], widths: [Double] = []
        for s in stride(from: -12.0, through: 12, by: 3) {
            let profile = offsets.map { t in coverage(image, c.x + u.x * s - u.y * t, c.y + u.y * s + u.x * t) }
            counts.append(peaks(profile))
            let painted = offsets.indices.filter { profile[$0] >= 0.5 }
            widths.append(painted.isEmpty ? 0 : offsets[painted.last!] - offsets[painted.first!])
        }
        return (counts.sorted()[counts.count / 2], widths.sorted()[widths.count / 2])
    }

    // MARK: - The tests

    /// Every stroke, at either speed and in every direction, shows the round tuft's streaks.
    /// A ring of n bristles dragged at angle θ leaves tracks at R·sin(βᵢ − θ): along its mirror
    /// axes pairs trail one another on n/2 + 1 tracks, and of those the outer two on each side
    /// lie R(1 − cos(360°/n)) apart, 2.1 px for n = 12 and R = 16, under the 2.5 px two 2 px
    /// bristles need to show apart; so at least n/2 − 1 streaks, and never more than n.
    /// The paint spans the full spread 2R (less the bristles' antialiased rims).
    func streaks(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.result.outcomes, [.success], run.log)
        XCTAssertEqual(run.notes, [], run.log)
        let image = try run.painted()
        let brush = BristleBrush.standard
        let fewest = brush.bristles / 2 - 1
        var table: [Speed: [Int]] = [:]
        for stroke in Self.strokes {
            let (streaks, width) = Self.across(stroke, in: image)
            table[stroke.speed, default: []].append(streaks)
            let name = "\(stroke.speed) stroke at \(Double(stroke.direction) * 22.5)°"
            XCTAssertGreaterThanOrEqual(streaks, fewest, "\(name): a streak per bristle or pair")
            XCTAssertLessThanOrEqual(streaks, brush.bristles, name)
            XCTAssertGreaterThanOrEqual(width, 2 * brush.maxRadius - 4, "\(name): the bristles spread across it")
        }
        print("Gimp3BrushPointerTests \(suite): streaks per direction (0°, 22.5°, …) "
              + Speed.allCases.map { "\($0): \(table[$0] ?? [])" }.joined(separator: "; "))
    }

    func testTheBrushStreaksInEveryDirectionAtBothSpeedsInGIMP30() throws { try streaks(.trixie) }
    func testTheBrushStreaksInEveryDirectionAtBothSpeedsInGIMP32() throws { try streaks(.forky) }

    /// A click leaves one dab, the ring of bristles: paint within R + 2 of the pointer, as
    /// wide as the spread, bare in the middle, and at least a dot's worth per bristle.
    func click(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.notes, [], run.log)
        let image = try run.painted()
        let brush = BristleBrush.standard
        let reach = Int(brush.maxRadius) + 2
        for click in Self.clicks {
            var total = 0.0, columns: [Int] = []
            for y in click.y - reach - 4 ... click.y + reach + 4 {
                for x in click.x - reach - 4 ... click.x + reach + 4 {
                    let a = Self.coverage(image, Double(x) + 0.5, Double(y) + 0.5)
                    guard a > 0 else { continue }
                    let (dx, dy) = (Double(x - click.x) + 0.5, Double(y - click.y) + 0.5)
                    XCTAssertLessThanOrEqual((dx * dx + dy * dy).squareRoot(), Double(reach), "paint far from the click at \(click)")
                    total += a
                    if a >= 0.5 { columns.append(x) }
                }
            }
            XCTAssertGreaterThanOrEqual(total, 2 * Double(brush.bristles), "a dab at \(click)")
            XCTAssertEqual(Double((columns.max() ?? 0) - (columns.min() ?? 0)), 2 * brush.maxRadius, accuracy: 2,
                           "the dab's spread at \(click)")
            XCTAssertEqual(Self.coverage(image, Double(click.x), Double(click.y)), 0, "the ring's bare middle at \(click)")
        }
    }

    /// The strokes painted by hand on the live Paint Relief show as ridges lit from the
    /// top-left: across a stroke to the right each streak's top flank is brighter than its
    /// bottom one, across a stroke upwards its left flank than its right one; nothing is
    /// shown where nothing was painted; the filter is still on the layer.
    func liveRelief(_ suite: Gimp3Root.Suite) throws {
        let run = try run(suite)
        XCTAssertEqual(run.notes, [], run.log)
        XCTAssertEqual(run.result.log.components(separatedBy: "\n").first { $0.hasPrefix("impasto-filters pointer: ") },
                       "impasto-filters pointer: impasto:paint-relief", "the filter stays live:\n\(run.log)")
        let (paint, shown) = (try run.painted("live-paint.png"), try run.shown())
        func alpha(_ x: Int, _ y: Int) -> Float { Float(paint.codes[4 * (y * paint.width + x) + 3]) / 255 }
        func brightness(_ x: Int, _ y: Int) -> Float { shown.pixel(x, y).prefix(3).reduce(0, +) / 3 }
        for stroke in Self.liveStrokes {
            let (c, rightwards) = ((x: Int(stroke.centre.x), y: Int(stroke.centre.y)), stroke.direction == 0)
            let pixel = { (t: Int) in rightwards ? (c.x, c.y + t) : (c.x + t, c.y) }
            let found = Gimp3PaintingTests.streaks(-24 ..< 25) { alpha(pixel($0).0, pixel($0).1) }
            let name = "\(stroke.speed) stroke at \(Double(stroke.direction) * 22.5)°"
            XCTAssertGreaterThanOrEqual(found.count, BristleBrush.standard.bristles / 2 - 1, "\(name): streaks")
            for (first, last) in found {
                let (near, far) = (pixel(first), pixel(last))
                XCTAssertGreaterThan(brightness(near.0, near.1), brightness(far.0, far.1) + 0.03,
                                     "\(name): the streak at \(first)…\(last) is lit from the top-left")
            }
        }
        var bare = 0
        for y in 0 ..< paint.height { for x in 0 ..< paint.width where alpha(x, y) == 0 {
            bare += 1
            if shown.pixel(x, y).last != 0 { XCTFail("(\(x), \(y)): nothing painted, something shown"); return }
        } }
        XCTAssertGreaterThan(bare, paint.width * paint.height / 2)
    }

    func testStrokesOnALivePaintReliefAreLitRidgesInGIMP30() throws { try liveRelief(.trixie) }
    func testStrokesOnALivePaintReliefAreLitRidgesInGIMP32() throws { try liveRelief(.forky) }

    func testAClickLeavesADabInGIMP30() throws { try click(.trixie) }
    func testAClickLeavesADabInGIMP32() throws { try click(.forky) }
}
