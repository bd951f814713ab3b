// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import XCTest

/// What the pen tests paint in every GIMP (2.10, 3.0, 3.2), page by page (`CanvasPainting`),
/// and how they read it: the Impasto brushes as a hand holding a pen uses them, and as the
/// mouse does. The brush's numbers come from its declaration (`BristleBrush.standard`).
public enum PenPlan {
    static let brush = BristleBrush.standard
    static let (cell, width) = (CanvasPainting.cell, CanvasPainting.width)

    // MARK: - The pages

    /// Rows of the first page: a pressure ramp (upright), tilt x and tilt y swept from −1 to 1
    /// at full pressure (the azimuth turns through the sweep), and a pen held 45° from upright
    /// turned once around while it paints.
    public static let rampRows = (pressure: 60.0, tiltX: 170.0, tiltY: 280.0, turning: 390.0)
    /// Where the ramps run.
    public static let rampStart = 40.0, rampEnd = Double(width) - 40
    /// A pen sample every 4 px (a hand at a moderate pace, a tablet's report rate).
    static let penStep = 4.0

    static func ramp(y: Double, _ sample: (Double) -> (pressure: Double, tilt: (x: Double, y: Double))) -> PaintingPage.Gesture {
        let n = Int(((rampEnd - rampStart) / penStep).rounded())
        return .pen((0 ... n).map { i in
            let t = Double(i) / Double(n), s = sample(t)
            return PenSample(x: rampStart + (rampEnd - rampStart) * t, y: y, pressure: s.pressure, tilt: s.tilt)
        })
    }

    public static let rampPage = PaintingPage("pressure and tilt", [
        ramp(y: rampRows.pressure) { (pressure: $0, tilt: (0, 0)) },
        ramp(y: rampRows.tiltX) { (pressure: 1, tilt: (-1 + 2 * $0, 0)) },
        ramp(y: rampRows.tiltY) { (pressure: 1, tilt: (0, -1 + 2 * $0)) },
        ramp(y: rampRows.turning) { (pressure: 1, tilt: PenSample.tilt(leaning: 45, towards: 360 * $0)) },
    ])

    /// The fan: at full pressure, a pen leaning 45° towards each of 8 azimuths (0°, 45°, …, image
    /// axes) paints 16 strokes, direction k at k·22.5° counter-clockwise on the screen; two
    /// azimuths a page, each in two rows of 8 cells.
    public static let fanLean = 45.0
    public static func fanStroke(azimuth: Int, direction: Int) -> (centre: (x: Double, y: Double), angle: Double) {
        let row = (azimuth % 2) * 2 + direction / 8
        return (CanvasPainting.centre(direction % 8, row), -Double(direction) * .pi / 8)
    }

    public static let fanPages = (0 ..< 4).map { page in
        PaintingPage("fan \(page)", (2 * page ..< 2 * page + 2).flatMap { azimuth in
            (0 ..< 16).map { direction in
                let (centre, angle) = fanStroke(azimuth: azimuth, direction: direction)
                let tilt = PenSample.tilt(leaning: fanLean, towards: Double(azimuth) * 45)
                return .pen(CanvasPainting.line(through: centre, angle: angle, step: penStep)
                    .map { PenSample(x: $0.x, y: $0.y, pressure: 1, tilt: tilt) })
            }
        })
    }

    /// The flat brush, the pen leaning 45° towards each of 8 azimuths: row 0 strokes along the
    /// azimuth (across the flat's row), row 1 across it (along the row).
    public static func flatStroke(azimuth: Int, acrossRow: Bool) -> (centre: (x: Double, y: Double), angle: Double) {
        let along = Double(azimuth) * .pi / 4
        return (CanvasPainting.centre(azimuth, acrossRow ? 0 : 1), acrossRow ? along : along + .pi / 2)
    }

    public static let flatPage = PaintingPage("flat", brush: "Impasto Flat", (0 ..< 8).flatMap { azimuth in
        [true, false].map { acrossRow in
            let (centre, angle) = flatStroke(azimuth: azimuth, acrossRow: acrossRow)
            let tilt = PenSample.tilt(leaning: fanLean, towards: Double(azimuth) * 45)
            return .pen(CanvasPainting.line(through: centre, angle: angle, step: penStep)
                .map { PenSample(x: $0.x, y: $0.y, pressure: 1, tilt: tilt) })
        }
    })

    /// Taps of the pen at a painter's pressure (row 0: upright, then leaning 45° to 0° and 135°,
    /// 60° to 270°), and on a page of their own clicks of the mouse (row 1).
    public static let taps: [(tilt: (x: Double, y: Double), column: Int)] = [
        ((0, 0), 1), (PenSample.tilt(leaning: 45, towards: 0), 3), (PenSample.tilt(leaning: 45, towards: 135), 5),
        (PenSample.tilt(leaning: 60, towards: 270), 7)]
    public static let tapPressure = 0.7
    public static let clicks = [1, 3, 5].map { CanvasPainting.centre($0, 1) }

    public static let tapPage = PaintingPage("taps", taps.map { tap in
        let c = CanvasPainting.centre(tap.column, 0)
        return .tap(PenSample(x: c.x, y: c.y, pressure: tapPressure, tilt: tap.tilt))
    })
    public static let clickPage = PaintingPage("clicks", clicks.map { .click(x: Int($0.x), y: Int($0.y)) })

    /// The mouse: 16 directions at a hand's pace (4–8 px between motion events: rows 0–1) and
    /// fast (30 px: GIMP fills such gaps in; rows 2–3).
    public enum Speed: String, CaseIterable {
        case hand, fast

        var steps: [Double] { self == .hand ? [4, 6, 8, 5, 7] : [30] }
    }

    public static func mouseStroke(_ speed: Speed, direction: Int) -> (centre: (x: Double, y: Double), angle: Double) {
        (CanvasPainting.centre(direction % 8, direction / 8 + (speed == .fast ? 2 : 0)), -Double(direction) * .pi / 8)
    }

    /// A drag's pointer positions: the start, then one event per step, then the end.
    static func drag(through centre: (x: Double, y: Double), angle: Double, speed: Speed, length: Double = 70) -> PaintingPage.Gesture {
        func at(_ d: Double) -> (x: Int, y: Int) {
            (Int((centre.x + cos(angle) * (d - length / 2)).rounded()), Int((centre.y + sin(angle) * (d - length / 2)).rounded()))
        }
        var points = [at(0)], walked = 0.0, step = 0
        while walked + speed.steps[step % speed.steps.count] < length {
            walked += speed.steps[step % speed.steps.count]
            step += 1
            points.append(at(walked))
        }
        return .drag(points + [at(length)], interval: 0.012)
    }

    public static let mousePage = PaintingPage("mouse", Speed.allCases.flatMap { speed in
        (0 ..< 16).map { direction in
            let (centre, angle) = mouseStroke(speed, direction: direction)
            return drag(through: centre, angle: angle, speed: speed)
        }
    })

    /// The live Impasto Paint Relief as the README sets it up for painting: thick paint.
    static let thickRelief = "\"thick-paint\" TRUE"

    /// On a layer that keeps a live Impasto Paint Relief (GIMP 3): a pen stroke pressing from
    /// the lightest touch to full pressure along rows 0–1, and the mouse to the right and
    /// upwards in row 3.
    public static let liveRamp = (y: Double(cell), from: 0.05, to: 1.0)
    public static let liveDrags: [(centre: (x: Double, y: Double), angle: Double)] = [
        (CanvasPainting.centre(2, 3), 0), (CanvasPainting.centre(5, 3), -Double.pi / 2)]

    public static let livePages = [
        PaintingPage("live paint relief, pen", relief: thickRelief,
                     [ramp(y: liveRamp.y) { (pressure: liveRamp.from + (liveRamp.to - liveRamp.from) * $0, tilt: (0, 0)) }]),
        PaintingPage("live paint relief, mouse", relief: thickRelief,
                     liveDrags.map { drag(through: $0.centre, angle: $0.angle, speed: .hand) }),
    ]

    /// Thick paint on a live Paint Relief (GIMP 3), with the pen at full pressure, upright: a
    /// stroke across the middle, one down across it at `thickColumns.once` and one down three
    /// times at `thickColumns.thrice`.
    public static let thickColumns = (once: 300.0, thrice: 660.0)
    public static let thickPage = PaintingPage("thick paint", relief: thickRelief,
        [line(40, Double(CanvasPainting.height) / 2, Double(width) - 40, Double(CanvasPainting.height) / 2),
         line(thickColumns.once, 20, thickColumns.once, Double(CanvasPainting.height) - 20)]
            + Array(repeating: line(thickColumns.thrice, 20, thickColumns.thrice, Double(CanvasPainting.height) - 20), count: 3))

    /// A pen stroke at full pressure, upright, from (x0, y0) to (x1, y1).
    static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PaintingPage.Gesture {
        let n = Int((hypot(x1 - x0, y1 - y0) / penStep).rounded())
        return .pen((0 ... n).map { i in
            let t = Double(i) / Double(n)
            return PenSample(x: x0 + (x1 - x0) * t, y: y0 + (y1 - y0) * t, pressure: 1)
        })
    }

    /// Every page, in painting order (the live pages last).
    public static func pages(live: Bool) -> [PaintingPage] {
        [rampPage] + fanPages + [flatPage, tapPage, clickPage, mousePage] + (live ? livePages + [thickPage] : [])
    }

    /// Where each page is in `pages`.
    public static let (rampIndex, fanIndices, flatIndex, tapIndex, clickIndex, mouseIndex, liveIndices, thickIndex)
        = (0, Array(1 ... 4), 5, 6, 7, 8, [9, 10], 11)

    // MARK: - Reading the pages

    /// The x where the pressure ramp presses `pressure`.
    public static func rampX(pressure p: Double) -> Double { rampStart + (rampEnd - rampStart) * p }

    /// Heights of the paint in the rows' columns at ten points along a ramp (as the pen
    /// test's table gives them), `x` from the ramp's start + 5 % to its end − 5 %.
    public static func tenPoints(_ image: ImageCodes, row y: Double) -> [Int] {
        (0 ..< 10).map { i in
            let x = Int(rampStart + (rampEnd - rampStart) * (0.05 + 0.1 * Double(i)))
            return CanvasPainting.height(image, x: x, rows: max(0, Int(y) - 50) ..< min(image.height, Int(y) + 50))
        }
    }

    /// The stroke's width at each of the brush's pressure levels: where the ramp presses
    /// that level's pressure.
    public static func widthsByLevel(_ image: ImageCodes) -> [Int] {
        (0 ..< brush.pressureLevels).map { level in
            let x = Int(rampX(pressure: Double(level) / Double(max(brush.pressureLevels - 1, 1))).rounded())
            let y = Int(rampRows.pressure)
            return CanvasPainting.height(image, x: min(max(x, Int(rampStart) + 3), Int(rampEnd) - 3), rows: y - 50 ..< y + 50)
        }
    }

    /// The pressure ramp widens from ≤ 6 px to the full spread, every pressure level at most a
    /// sixth of the full width wider than the one before; the tilt sweeps and the turning pen
    /// never narrow the stroke below half its full width (`BristleBrush.squashAtFullLean`).
    public static func checkPressureAndTilt(_ image: ImageCodes, _ name: String) {
        let levels = widthsByLevel(image), full = 2 * brush.maxRadius + brush.lineWidth
        XCTAssertLessThanOrEqual(levels.first ?? 99, 6, "\(name): the lightest touch, widths by level \(levels)")
        XCTAssertEqual(Double(levels.last ?? 0), full, accuracy: 3, "\(name): full pressure, widths by level \(levels)")
        for (a, b) in zip(levels, levels.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b, a, "\(name): widths by level \(levels)")
            XCTAssertLessThanOrEqual(Double(b - a), full / 6, "\(name): widths by level \(levels)")
        }
        for (row, y) in [("tilt x", rampRows.tiltX), ("tilt y", rampRows.tiltY), ("turning at 45°", rampRows.turning)] {
            let heights = tenPoints(image, row: y)
            XCTAssertGreaterThanOrEqual(heights.min() ?? 0, Int(full / 2), "\(name): \(row) at ten points \(heights)")
        }
        print("\(name): widths by pressure level \(levels); at ten points: pressure \(tenPoints(image, row: rampRows.pressure)), "
              + "tilt x \(tenPoints(image, row: rampRows.tiltX)), tilt y \(tenPoints(image, row: rampRows.tiltY)), "
              + "turning \(tenPoints(image, row: rampRows.turning))")
    }

    /// At 45° of lean, every one of the 16 × 8 direction/azimuth strokes shows at least 5
    /// streaks (a ring of 12 bristles leaves n/2 − 1 where pairs trail one another:
    /// `BristleBrushTests.testTheRoundBrushStreaksInEveryDirectionAtEveryLean`) and is at least
    /// `squashAtFullLean` of the full spread wide. Returns the table (a row per azimuth).
    @discardableResult
    public static func checkFan(_ pages: [ImageCodes], _ name: String) -> [[Int]] {
        var table: [[Int]] = []
        for azimuth in 0 ..< 8 {
            let image = pages[azimuth / 2]
            var row: [Int] = []
            for direction in 0 ..< 16 {
                let (centre, angle) = fanStroke(azimuth: azimuth, direction: direction)
                let (streaks, width) = CanvasPainting.across(image, centre: centre, angle: angle)
                row.append(streaks)
                let stroke = "\(name): leaning 45° to \(azimuth * 45)°, stroke at \(Double(direction) * 22.5)°"
                XCTAssertGreaterThanOrEqual(streaks, 5, stroke)
                XCTAssertLessThanOrEqual(streaks, brush.bristles, stroke)
                XCTAssertGreaterThanOrEqual(width, BristleBrush.squashAtFullLean * 2 * brush.maxRadius - 3, "\(stroke): width")
            }
            table.append(row)
        }
        print("\(name): streaks at 45° of lean, a row per azimuth (0°, 45°, …), directions 0°, 22.5°, …:\n"
              + table.map { "\($0)" }.joined(separator: "\n"))
        return table
    }

    /// The flat brush: across its row a streak per bristle (at least 10), along it one line.
    public static func checkFlat(_ image: ImageCodes, _ name: String) {
        var across: [Int] = [], along: [Int] = []
        for azimuth in 0 ..< 8 {
            let a = flatStroke(azimuth: azimuth, acrossRow: true), b = flatStroke(azimuth: azimuth, acrossRow: false)
            let (streaks, width) = CanvasPainting.across(image, centre: a.centre, angle: a.angle)
            let (lines, narrow) = CanvasPainting.across(image, centre: b.centre, angle: b.angle)
            across.append(streaks)
            along.append(lines)
            XCTAssertGreaterThanOrEqual(streaks, 10, "\(name): flat leaning to \(azimuth * 45)°, across its row")
            XCTAssertEqual(width, 2 * brush.maxRadius + brush.lineWidth, accuracy: 3, "\(name): flat leaning to \(azimuth * 45)°, across its row")
            XCTAssertEqual(lines, 1, "\(name): flat leaning to \(azimuth * 45)°, along its row")
            XCTAssertLessThanOrEqual(narrow, 3 * brush.lineWidth, "\(name): flat leaning to \(azimuth * 45)°, along its row")
        }
        print("\(name): the flat's streaks across its row \(across), along it \(along)")
    }

    /// A tap or a click leaves one dab: paint within the spread (+ 2 px) of the pointer, at
    /// least a dot's worth per bristle, a separate dot per bristle, the ring's middle all but
    /// bare (a loaded brush's body is faint in one dab); the mouse's click (full pressure, no
    /// tilt) is the full ring.
    public static func checkTaps(_ taps: ImageCodes, clicks: ImageCodes, _ name: String) {
        let centres = self.taps.map { (CanvasPainting.centre($0.column, 0), tapPressure, taps) } + self.clicks.map { ($0, 1.0, clicks) }
        for (c, pressure, image) in centres {
            // A dab's dots are as strong as the dynamics' opacity and where they fall between
            // pixels: read relative to the strongest pixel, a dot is what is covered at least
            // half as much.
            let reach = Int(brush.spread(pressure: pressure)) + 2
            let (left, top, side) = (Int(c.x) - reach - 2, Int(c.y) - reach - 2, 2 * reach + 5)
            func a(_ x: Int, _ y: Int) -> Double { CanvasPainting.coverage(image, Double(left + x) + 0.5, Double(top + y) + 0.5) }
            let strongest = (0 ..< side * side).map { a($0 % side, $0 / side) }.max() ?? 0
            XCTAssertGreaterThan(strongest, 0, "\(name): a dab at \(c)")
            var total = 0.0, columns: [Int] = []
            let (cx, cy) = (Int(c.x), Int(c.y))
            for y in cy - reach - 4 ... cy + reach + 4 {
                for x in cx - reach - 4 ... cx + reach + 4 {
                    let a = CanvasPainting.coverage(image, Double(x) + 0.5, Double(y) + 0.5) / max(strongest, 1e-9)
                    guard a > 0 else { continue }
                    let (dx, dy) = (Double(x) + 0.5 - c.x, Double(y) + 0.5 - c.y)
                    XCTAssertLessThanOrEqual((dx * dx + dy * dy).squareRoot(), Double(reach) + 1, "\(name): paint far from \(c)")
                    total += a
                    if a >= 0.5 { columns.append(x) }
                }
            }
            XCTAssertGreaterThanOrEqual(total, 2 * Double(brush.bristles), "\(name): a dab at \(c)")
            let dots = StrokeReading.dots(width: side, height: side, threshold: strongest / 2, a)
            XCTAssertEqual(dots, brush.bristles, "\(name): the ring's dots at \(c)")
            XCTAssertLessThanOrEqual(CanvasPainting.coverage(image, c.x, c.y) / max(strongest, 1e-9), 0.05,
                                     "\(name): the ring's middle at \(c): a faint body of paint at most")
            if pressure == 1 {
                XCTAssertEqual(Double((columns.max() ?? 0) - (columns.min() ?? 0)), 2 * brush.maxRadius, accuracy: 2,
                               "\(name): the click's spread at \(c)")
            }
        }
    }

    /// Every mouse stroke, at either speed and in every direction, shows the round tuft's
    /// streaks (at least n/2 − 1) across the full spread.
    public static func checkMouse(_ image: ImageCodes, _ name: String) {
        var table: [Speed: [Int]] = [:]
        for speed in Speed.allCases {
            for direction in 0 ..< 16 {
                let (centre, angle) = mouseStroke(speed, direction: direction)
                let (streaks, width) = CanvasPainting.across(image, centre: centre, angle: angle)
                table[speed, default: []].append(streaks)
                let stroke = "\(name): \(speed) drag at \(Double(direction) * 22.5)°"
                XCTAssertGreaterThanOrEqual(streaks, brush.bristles / 2 - 1, stroke)
                XCTAssertLessThanOrEqual(streaks, brush.bristles, stroke)
                XCTAssertGreaterThanOrEqual(width, 2 * brush.maxRadius - 4, "\(stroke): the bristles spread across it")
            }
        }
        print("\(name): mouse streaks per direction " + Speed.allCases.map { "\($0): \(table[$0] ?? [])" }.joined(separator: "; "))
    }
}

/// The pen on the pencil pad of Impasto Pencil Hue/Saturation: the pen's tilt, not where it
/// touches the pad, sets azimuth and altitude (`PencilPad.orientation`). The tilt axes are whole
/// steps of the pen's −64 … 64 (GTK 2 reads the axes as integers), so GIMP sees them exactly.
public enum PenPadPlan {
    public static let tilt = (x: 24.0 / 64, y: -40.0 / 64)

    /// Azimuth and altitude the pad must set: docs/contract.md's tilt mapping, written out.
    public static var expected: (azimuth: Double, altitude: Double) {
        (atan2(tilt.y, tilt.x) * 180 / .pi, 90 - 60 * min(1, (tilt.x * tilt.x + tilt.y * tilt.y).squareRoot()))
    }

    /// Opens the photo and the dialog (RUN-INTERACTIVE: GIMP 3 starts the dialog from the
    /// arguments, given here as the declared defaults; GIMP 2.10 from the last values, the
    /// defaults in a new profile), then saves the layer as pencil.png in `folder`.
    public static func script(_ dialect: GimpDialect, folder: String) -> String {
        let photo = BuildProducts.fixture("astronaut.png").path
        let p = PencilHueSaturation.Parameters.self
        let defaults = [p.azimuth, p.altitude, p.maxSaturation].map { "\($0.defaultValue)" }.joined(separator: " ")
        switch dialect {
        case .gimp2: return """
            (let* ((image (car (gimp-file-load RUN-NONINTERACTIVE "\(photo)" "photo")))
                   (layer (car (gimp-image-get-active-layer image))))
              (plug-in-impasto-pencil-hue-saturation RUN-INTERACTIVE image layer \(defaults) 0)
              (file-png-save-defaults RUN-NONINTERACTIVE image layer "\(folder)/pencil.png" "\(folder)/pencil.png"))
            """
        case .gimp3: return """
            (let* ((image (car (gimp-file-load RUN-NONINTERACTIVE "\(photo)")))
                   (layer (vector-ref (car (gimp-image-get-selected-drawables image)) 0)))
              (plug-in-impasto-pencil-hue-saturation RUN-INTERACTIVE image (vector layer) \(defaults) FALSE)
              (gimp-file-save RUN-NONINTERACTIVE image "\(folder)/pencil.png"))
            """
        }
    }

    /// Draws across the pad with the pen tilted by `tilt`, lifts it away, then OK (the mouse).
    /// The screen before OK is kept as the test artifact pen-pad-`name`.png. What went wrong,
    /// if anything.
    public static func drive(_ gui: DialogDriver, pen: Pen, name: String) -> [String] {
        guard let d = gui.dialog("plug-in-impasto-pencil-hue-saturation"), let pad = d["pencil-pad"], let ok = d["ok"] else {
            return ["no pencil dialog"]
        }
        let (cx, cy) = (Double(pad.centre.x), Double(pad.centre.y)), reach = Double(min(pad.width, pad.height)) / 4
        let samples = (0 ... 10).map { i in
            PenSample(x: cx - reach + 2 * reach * Double(i) / 10, y: cy + reach / 2, pressure: 0.5, tilt: tilt)
        }
        do { try pen.stroke(samples) } catch { return ["the pen on the pad: \(error)"] }
        gui.settle()
        _ = CanvasPainting.screenshot(gui, GimpGUI.artifacts.appendingPathComponent("pen-pad-\(name).png"))
        gui.click(ok.centre)
        return []
    }

    /// The layer is the formula's for the tilt's azimuth and altitude and the default maximum
    /// saturation, within the 8-bit rounding of the files.
    public static func check(_ made: FloatImage, _ name: String) throws {
        let original = try XCTUnwrap(FloatImage.load(BuildProducts.fixture("astronaut.png")))
        let (azimuth, altitude) = expected
        let maxSaturation = PencilHueSaturation.Parameters.maxSaturation.defaultValue
        var worst = 0.0
        XCTAssertEqual([made.width, made.height], [original.width, original.height], name)
        for y in stride(from: 0, to: min(made.height, original.height), by: 3) {
            for x in stride(from: 0, to: min(made.width, original.width), by: 3) {
                let e = PencilReference.apply(original.pixel(x, y).prefix(3).map(Double.init), azimuth: azimuth,
                                              altitude: altitude, maxSaturation: maxSaturation)
                let o = made.pixel(x, y)
                for c in 0 ..< 3 { worst = max(worst, abs(Double(o[o.startIndex + c]) - min(max(e[c], 0), 1))) }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / 255 + 1e-6, "\(name): azimuth \(azimuth), altitude \(altitude) from the pen's tilt")
    }
}

/// Reading thick paint (Impasto Paint Relief's thick-paint) as a painter judges it: a stroke down
/// at `once` across a stroke along the middle, and a stroke down at `thrice` painted three
/// times; `paint` the layer as painted, `shown` as the live filter shows it, lit from the
/// top-left.
public enum ThickPaintReading {
    /// Brightness of the left rim (towards the light) less the right rim (in shadow) of the
    /// stroke down at `x`, over rows `ys`: the bands 14 … 19 px either side of its middle.
    static func rim(_ shown: FloatImage, _ x: Int, _ ys: ClosedRange<Int>) -> Double {
        func band(_ xs: ClosedRange<Int>) -> Double {
            var sum = 0.0
            for y in ys { for x in xs { sum += Double(shown.pixel(x, y).prefix(3).reduce(0, +)) / 3 } }
            return sum / Double(xs.count * ys.count)
        }
        return band(x - 19 ... x - 14) - band(x + 14 ... x + 19)
    }

    /// The mean thickness −ln(1 − alpha) along the stroke's middle at `x`, over rows `ys`.
    static func thickness(_ paint: FloatImage, _ x: Int, _ ys: ClosedRange<Int>) -> Double {
        ys.map { y in -log(1 - min(Double(paint.pixel(x, y).last ?? 0), 0.98)) }.reduce(0, +) / Double(ys.count)
    }

    /// A single stroke shows opaque; across the crossing (`crossing` rows) the stroke down's
    /// rims are as strong as across bare canvas (`outside` rows), within a quarter; the stroke
    /// painted three times is three coats thick, its rims stronger.
    public static func check(paint: FloatImage, shown: FloatImage, once: Int, thrice: Int,
                             outside: ClosedRange<Int>, crossing: ClosedRange<Int>, _ name: String) {
        let (bare, over) = (rim(shown, once, outside), rim(shown, once, crossing))
        XCTAssertGreaterThan(bare, 0.02, "\(name): the stroke's left edge is lit, its right in shadow")
        // As strong, but for the stroke below's own ridges, which run across the rim there and
        // take a share of its normals' tilt.
        XCTAssertGreaterThanOrEqual(over, 0.75 * bare, "\(name): across the crossing as across bare canvas (\(over), \(bare))")
        let three = rim(shown, thrice, outside)
        XCTAssertGreaterThan(three, 1.3 * bare, "\(name): three coats stand higher")
        let (one, threeCoats) = (thickness(paint, once, outside), thickness(paint, thrice, outside))
        XCTAssertEqual(threeCoats / one, 3, accuracy: 0.35, "\(name): three coats, three times one")
        XCTAssertGreaterThanOrEqual(shown.pixel(once, outside.lowerBound).last ?? 0, 0.95, "\(name): shown opaque")
        print("\(name): thick paint's rim across bare canvas \(bare), across the crossing \(over), three coats \(three); "
              + "thickness one coat \(one), three \(threeCoats)")
    }
}
