// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit

/// Painting in a real GIMP the way a user does, with the mouse (xdotool) and with a pen
/// (`Pen`): GIMP takes a stroke's direction, speed, pressure and tilt from the pointer's events
/// (app/display/gimpmotionbuffer.c), which scripted strokes never have.
///
/// A Script-Fu command (`script`) shows one canvas, a green layer under a transparent paint
/// layer, and goes through the pages in turn. GIMP keeps a tool, brush, dynamics and colours
/// for each input device (unless Preferences → Input Devices shares them), as a user finds
/// when picking a brush with the mouse and painting with the pen; so for each page the script
/// writes `device-N` and waits until the driver has made the page's device (pen or mouse)
/// GIMP's current one (`current-N`), as a user picks up the pen before choosing its brush.
/// Then it selects the page's brush, dynamics and colour, clears the paint (and, for a page that
/// says so, keeps a live Impasto Paint Relief on it, with the page's properties), writes `ready-N`, waits for
/// the driver's `painted-N` and saves the paint as `page-N.png` (a filtered page also as shown,
/// `page-N-shown.png`). Meanwhile the driver (`paint`) finds the canvas on the screen at 100 %,
/// paints each page's gestures and waits until GIMP has shown them.
public struct PaintingPage {
    /// Something a hand does on the canvas, in canvas pixels.
    public enum Gesture {
        /// A pen stroke through these readings.
        case pen([PenSample])
        /// The pen's tip down and up at one place.
        case tap(PenSample)
        /// A mouse drag through these points, `interval` seconds between motion events.
        case drag([(x: Int, y: Int)], interval: Double)
        /// Press and release without moving.
        case click(x: Int, y: Int)
    }

    public var name: String
    /// The brush the page paints with (the dynamics are always "Impasto Bristle").
    public var brush: String
    /// Whether the paint layer keeps a live Impasto Paint Relief on this page (GIMP 3), and its
    /// properties as Script-Fu arguments (e.g. `"thick-paint" TRUE`).
    public var relief: String?
    var filtered: Bool { relief != nil }
    public var gestures: [Gesture]

    /// Whether the page paints with the pen (else the mouse): one device a page.
    var withPen: Bool {
        gestures.contains { if case .pen = $0 { true } else if case .tap = $0 { true } else { false } }
    }

    public init(_ name: String, brush: String = "Impasto Bristle", relief: String? = nil, _ gestures: [Gesture]) {
        (self.name, self.brush, self.relief, self.gestures) = (name, brush, relief, gestures)
    }
}

/// The GIMP a painting script is written for: the calls that differ between 2.10 and 3.
public enum GimpDialect {
    case gimp2, gimp3

    func layer(_ name: String, _ width: Int, _ height: Int, _ type: String) -> String {
        switch self {
        case .gimp2: "(car (gimp-layer-new image \(width) \(height) \(type) \"\(name)\" 100 LAYER-MODE-NORMAL))"
        case .gimp3: "(car (gimp-layer-new image \"\(name)\" \(width) \(height) \(type) 100 LAYER-MODE-NORMAL))"
        }
    }

    func brush(_ name: String) -> String {
        switch self {
        case .gimp2: "(gimp-context-set-brush \"\(name)\")"
        case .gimp3: "(gimp-context-set-brush (car (gimp-brush-get-by-name \"\(name)\")))"
        }
    }

    var dynamics: String {
        switch self {
        case .gimp2: "(gimp-context-set-dynamics \"Impasto Bristle\")"
        case .gimp3: "(gimp-context-set-dynamics-name \"Impasto Bristle\")"
        }
    }

    /// Saves layer `paint` of `image` as PNG at `path` (a Script-Fu string expression).
    func save(_ path: String) -> String {
        switch self {
        case .gimp2: "(file-png-save-defaults RUN-NONINTERACTIVE image paint \(path) \(path))"
        case .gimp3: """
            (let* ((copy (car (gimp-image-new \(CanvasPainting.width) \(CanvasPainting.height) RGB)))
                   (layer (car (gimp-layer-new-from-drawable paint copy))))
              (gimp-image-insert-layer copy layer 0 0)
              (gimp-file-save RUN-NONINTERACTIVE copy \(path))
              (gimp-image-delete copy))
            """
        }
    }
}

public enum CanvasPainting {
    /// The canvas: room for 8 × 4 strokes of 70 px in cells of 120 px, all on the screen at
    /// 100 % in either GIMP's window.
    public static let cell = 120, columns = 8, rows = 4
    public static let width = cell * columns, height = cell * rows

    /// The centre of cell (`column`, `row`).
    public static func centre(_ column: Int, _ row: Int) -> (x: Double, y: Double) {
        (Double(column * cell + cell / 2), Double(row * cell + cell / 2))
    }

    /// A straight line of `length` px through `centre` at `angle` (radians, image axes), a
    /// point every `step` px: where a stroke's events go.
    public static func line(through centre: (x: Double, y: Double), angle: Double, length: Double = 70,
                            step: Double = 4) -> [(x: Double, y: Double)] {
        let n = Int((length / step).rounded(.up))
        return (0 ... n).map { i in
            let s = -length / 2 + length * Double(i) / Double(n)
            return (centre.x + s * cos(angle), centre.y + s * sin(angle))
        }
    }

    /// The Script-Fu command that shows the canvas and saves each page once painted; files go to
    /// `folder` as GIMP sees it.
    public static func script(_ pages: [PaintingPage], dialect: GimpDialect, folder: String) -> String {
        let steps = pages.enumerated().map { i, page in
            """
              (impasto-signal "device-\(i)")
              (impasto-wait "current-\(i)" 3000)
              \(dialect.brush(page.brush))
              \(dialect.dynamics)
              (gimp-context-set-foreground '(180 60 40))
              (gimp-context-set-opacity 100)
              (gimp-context-set-paint-mode LAYER-MODE-NORMAL)
              (gimp-drawable-fill paint FILL-TRANSPARENT)
              \(dialect == .gimp3 ? "(for-each gimp-drawable-filter-delete (vector->list (car (gimp-drawable-get-filters paint))))" : "")
              \(page.relief.map { "(gimp-drawable-append-new-filter paint \"impasto:paint-relief\" 0 LAYER-MODE-REPLACE 1.0 \($0))" } ?? "")
              (impasto-page \(i) \(page.filtered ? "#t" : "#f"))
            """
        }
        return """
            (define (impasto-file name) (string-append "\(folder)/" name))
            (define (impasto-signal name)
              (let ((port (open-output-file (impasto-file name)))) (display "ok" port) (close-output-port port)))
            (define (impasto-wait name tries)
              (if (and (> tries 0) (= (file-type (impasto-file name)) 0))
                  (begin (usleep 100000) (impasto-wait name (- tries 1)))))
            (let* ((image (car (gimp-image-new \(width) \(height) RGB)))
                   (canvas \(dialect.layer("canvas", width, height, "RGB-IMAGE")))
                   (paint \(dialect.layer("paint", width, height, "RGBA-IMAGE"))))
              (define (impasto-page i filtered)
                (let ((name (string-append "page-" (number->string i))))
                  (gimp-displays-flush)
                  (impasto-signal (string-append "ready-" (number->string i)))
                  (impasto-wait (string-append "painted-" (number->string i)) 3000)
                  (if filtered
                      (let ((filters (vector->list (car (gimp-drawable-get-filters paint)))))
                        (for-each (lambda (f) (gimp-drawable-filter-set-visible f FALSE)) filters)
                        \(dialect.save("(impasto-file (string-append name \".png\"))"))
                        (for-each (lambda (f) (gimp-drawable-filter-set-visible f TRUE)) filters)
                        (let ((shown (car (gimp-layer-copy paint))))
                          (gimp-image-insert-layer image shown 0 0)
                          (gimp-drawable-merge-filters shown)
                          (let ((paint shown)) \(dialect.save("(impasto-file (string-append name \"-shown.png\"))")))
                          (gimp-image-remove-layer image shown)))
                      \(dialect.save("(impasto-file (string-append name \".png\"))")))))
              (gimp-image-insert-layer image canvas 0 0)
              (gimp-image-insert-layer image paint 0 0)
              (gimp-context-set-foreground '(0 255 0))
              (gimp-drawable-fill canvas FILL-FOREGROUND)
              (gimp-drawable-fill paint FILL-TRANSPARENT)
              (let ((window (car (gimp-display-new image))))
                (gimp-displays-flush)
            \(steps.joined(separator: "\n"))
            \(dialect == .gimp3 ? filtersReport : "")
                (gimp-display-delete window)))
            """
    }

    /// GIMP 3: prints "impasto-filters: <op> …", the paint layer's live filters once painted.
    static let filtersReport = """
        (display (string-append "\\nimpasto-filters:"
                                (apply string-append
                                       (map (lambda (f) (string-append " " (car (gimp-drawable-filter-get-operation-name f))))
                                            (vector->list (car (gimp-drawable-get-filters paint)))))
                                "\\n"))
        """

    /// The driver: paints every page once the script has it ready. `folder` is the session's
    /// folder on the host; `pen` drives the pen, when a page has pen gestures. What went wrong,
    /// if anything; it always signals every page, so that the script goes on.
    public static func paint(_ pages: [PaintingPage], with gui: DialogDriver, folder: URL, pen: Pen?) -> [String] {
        func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
        func signal(_ name: String) { _ = FileManager.default.createFile(atPath: file(name), contents: Data()) }
        var notes: [String] = [], origin: (x: Int, y: Int)?
        for (i, page) in pages.enumerated() {
            defer { signal("current-\(i)"); signal("painted-\(i)") }
            guard wait(for: file("device-\(i)")) else { notes.append("page \(i) (\(page.name)) never got ready"); continue }
            if origin == nil {
                origin = showCanvas(gui, folder: folder)
                guard origin != nil else { notes.append("the canvas is not on the screen at 100 %"); break }
            }
            guard let o = origin else { continue }
            // The page's device becomes GIMP's current one, and takes the Paintbrush (P) for
            // itself: the pen where it hovers over the canvas's corner.
            do {
                if page.withPen {
                    guard let pen else { throw Pen.Failure(description: "a pen page without a pen") }
                    try pen.hover(PenSample(x: Double(o.x + 4), y: Double(o.y + 4), pressure: 0))
                    gui.xdotool(["key", "p"])
                    gui.settle(0.3)
                    try pen.leave()
                } else {
                    // GIMP 3 takes the mouse for the current device on a press, not on motion
                    // alone: a click beside the image, where the Paintbrush paints nothing.
                    gui.xdotool(["mousemove", "\(o.x - 12)", "\(o.y + 12)", "sleep", "0.1", "click", "1"])
                    gui.xdotool(["key", "p"])
                }
                gui.settle(0.3)
            } catch { notes.append("page \(i) (\(page.name)): \(error)") }
            signal("current-\(i)")
            guard wait(for: file("ready-\(i)")) else { notes.append("page \(i) (\(page.name)) never got ready"); continue }
            for gesture in page.gestures {
                do { try perform(gesture, gui: gui, pen: pen, origin: o) } catch {
                    notes.append("page \(i) (\(page.name)): \(error)")
                    break
                }
            }
            if !settled(gui, folder: folder) { notes.append("page \(i): GIMP was still painting after two minutes") }
        }
        return notes
    }

    static func perform(_ gesture: PaintingPage.Gesture, gui: DialogDriver, pen: Pen?, origin o: (x: Int, y: Int)) throws {
        func screen(_ s: PenSample) -> PenSample {
            PenSample(x: s.x + Double(o.x), y: s.y + Double(o.y), pressure: s.pressure, tilt: s.tilt)
        }
        func missingPen() -> Pen.Failure { Pen.Failure(description: "a pen gesture without a pen") }
        switch gesture {
        case .pen(let samples):
            guard let pen else { throw missingPen() }
            try pen.stroke(samples.map(screen))
        case .tap(let sample):
            guard let pen else { throw missingPen() }
            try pen.tap(screen(sample))
            gui.settle(0.2)
        case .drag(let points, let interval):
            guard let first = points.first else { return }
            var arguments = ["mousemove", "\(o.x + first.x)", "\(o.y + first.y)", "sleep", "0.05", "mousedown", "1", "sleep", "0.05"]
            for p in points.dropFirst() { arguments += ["mousemove", "\(o.x + p.x)", "\(o.y + p.y)", "sleep", "\(interval)"] }
            gui.xdotool(arguments + ["sleep", "0.05", "mouseup", "1", "sleep", "0.1"])
        case .click(let x, let y):
            gui.xdotool(["mousemove", "\(o.x + x)", "\(o.y + y)", "sleep", "0.1", "mousedown", "1", "sleep", "0.1", "mouseup", "1"])
            gui.settle(0.2)
        }
    }

    static func wait(for path: String, timeout: TimeInterval = 180) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: path) {
            guard Date() < deadline else { return false }
            usleep(200_000)
        }
        return true
    }

    /// A screenshot of the whole display, with the host's scrot (it reaches a root's Xvfb too,
    /// through the X server's abstract socket).
    static func screenshot(_ gui: DialogDriver, _ url: URL) -> ImageCodes? {
        _ = runCommand("scrot", ["-o", url.path], environment: ["DISPLAY": gui.display])
        Gegl.initialize()
        return ImageCodes.load(url)
    }

    /// The image window placed, sized and focused (no window manager; its title has the
    /// image's size, and it may show a moment after the script goes on), then the Paintbrush
    /// (P), 1:1 (1) and centred (Shift+J); where the canvas then is.
    static func showCanvas(_ gui: DialogDriver, folder: URL) -> (x: Int, y: Int)? {
        let deadline = Date().addingTimeInterval(180)
        gui.settle(1)
        var window: String?
        while window == nil && Date() < deadline {
            window = gui.xdotool(["search", "--onlyvisible", "--name", "\(width)x\(height)"]).output
                .split(whereSeparator: \.isNewline).map(String.init).filter { $0.allSatisfy(\.isNumber) }.last
            if window == nil { usleep(200_000) }
        }
        guard let window else { return nil }
        gui.xdotool(["windowmove", window, "0", "0"])
        gui.xdotool(["windowsize", window, "\(GimpGUI.screen.width)", "\(GimpGUI.screen.height)"])
        gui.settle(1.5)
        gui.xdotool(["windowfocus", window])
        gui.settle(0.3)
        for key in ["p", "1", "shift+j"] {
            gui.xdotool(["key", key])
            gui.settle(0.3)
        }
        gui.settle(1)
        return canvasOrigin(gui, folder: folder)
    }

    /// Waits (at most two minutes) until the screen stays the same for a second and a half:
    /// GIMP has handled every event and shown the result.
    static func settled(_ gui: DialogDriver, folder: URL) -> Bool {
        let shot = folder.appendingPathComponent("settle.png")
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
    /// the green canvas found in a screenshot, its outermost pixels under the layer's dashed
    /// boundary.
    static func canvasOrigin(_ gui: DialogDriver, folder: URL) -> (x: Int, y: Int)? {
        guard let screen = screenshot(gui, folder.appendingPathComponent("screen.png")) else { return nil }
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

    // MARK: - Reading a painted page

    /// The paint's coverage (its alpha, 0 … 1) at a point, bilinear between pixel centres.
    public static func coverage(_ image: ImageCodes, _ x: Double, _ y: Double) -> Double {
        StrokeReading.bilinear(x, y, width: image.width, height: image.height) {
            Double(image.codes[4 * ($1 * image.width + $0) + 3]) / 255
        }
    }

    /// Streaks and width across a straight stroke through `centre` at `angle`.
    public static func across(_ image: ImageCodes, centre: (x: Double, y: Double), angle: Double) -> (streaks: Int, width: Double) {
        StrokeReading.across(centre: centre, angle: angle) { coverage(image, $0, $1) }
    }

    /// How tall the paint is in column `x` (first to last row with paint above a quarter of the
    /// column's strongest), within `rows`: a horizontal stroke's width there.
    public static func height(_ image: ImageCodes, x: Int, rows: Range<Int>) -> Int {
        let strongest = rows.map { image.codes[4 * ($0 * image.width + x) + 3] }.max() ?? 0
        let painted = rows.filter { image.codes[4 * ($0 * image.width + x) + 3] > strongest / 4 }
        return painted.isEmpty ? 0 : painted.last! - painted.first! + 1
    }
}
