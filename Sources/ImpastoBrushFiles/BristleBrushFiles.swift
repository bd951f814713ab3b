// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import ImpastoKernels

// Impasto's brushes as GIMP files: an image pipe (`.gih`) of the kernels' bristle dabs for
// each shape ("Impasto Bristle", "Impasto Flat"), and their paint dynamics (`.gdyn`).
//
// GIMP picks the cell for every dab (app/core/gimpbrushpipe.c): `pressure` →
// index round(p·(rank − 1)); `angular` → round((1.25 − d)·rank) mod rank, d the stroke's
// direction in turns counter-clockwise from the right with y up; `xtilt`/`ytilt` →
// round(t·rank/2) + rank/2. Each cell here is drawn for the value that picks it.

extension BristleBrush.Shape {
    /// The brush's name in GIMP.
    public var brushName: String {
        switch self {
        case .round: BristleBrush.name
        case .flat: "Impasto Flat"
        }
    }

    /// Its file name in the profile's brushes/ folder (without extension).
    public var fileName: String {
        switch self {
        case .round: BristleBrush.fileName
        case .flat: "impasto-flat"
        }
    }
}

extension BristleBrush {
    /// The coverage one stroke lays, from the lightest touch to full pressure (the dynamics'
    /// opacity): thin enough that three strokes over one another still stand higher than two
    /// (PaintReliefTests' thick paint, Gimp3ThickPaintTests).
    public static let coat = 0.25 ... 0.5

    /// The round brush's and the dynamics' name in GIMP.
    public static let name = "Impasto Bristle"
    /// Their file names in the profile's brushes/ and dynamics/ folders (without extension).
    public static let fileName = "impasto-bristle"
    /// The subfolder of brushes/ and dynamics/ that holds them: GIMP tags what a data folder's
    /// subfolder holds with the subfolder's name (gimpdata.c, gimp_data_set_folder_tags), so the
    /// Brushes and Dynamics dialogs' tag filter finds them by "Impasto" (PluginInstallTests).
    public static let folder = "Impasto"
    /// Every file the brushes take in a GIMP profile, relative to it.
    public static let profileFiles = files(in: "/\(folder)/")
    /// Where versions before the folder put them, removed wherever the brushes are written (a
    /// brush found twice shows twice).
    public static let formerProfileFiles = files(in: "/")

    private static func files(in folder: String) -> [String] {
        Shape.allCases.map { "brushes\(folder)\($0.fileName).gih" } + ["dynamics\(folder)\(fileName).gdyn"]
    }

    /// The pipe's dimensions in GIMP's order (the last one varies fastest between cells).
    public var ranks: [(rank: Int, selection: String)] {
        switch angle {
        case .direction: [(pressureLevels, "pressure"), (angleLevels, "angular")]
        case .tilt: [(pressureLevels, "pressure"), (angleLevels, "xtilt"), (angleLevels, "ytilt")]
        }
    }

    /// The cell GIMP picks for a dab (gimpbrushpipe.c's select_brush): `pressure` 0 … 1,
    /// stroke `direction` in turns counter-clockwise from the right with y up, pen tilt
    /// −1 … 1. Each dimension's index is clamped into its rank; the last varies fastest.
    public func cellIndex(pressure: Double, direction: Double, xtilt: Double = 0, ytilt: Double = 0) -> Int {
        func rint(_ v: Double) -> Int { v.isFinite ? Int(max(min(v, 1e9), -1e9).rounded(.toNearestOrEven)) : 0 }
        var index = 0
        for (rank, selection) in ranks {
            let rank = max(1, rank)
            let i = switch selection {
            case "pressure": rint(pressure * Double(rank - 1))
            case "angular": rint((1 - direction + 0.25) * Double(rank)) % rank
            case "xtilt": rint(xtilt / 2 * Double(rank)) + rank / 2
            default: rint(ytilt / 2 * Double(rank)) + rank / 2
            }
            index = index * rank + min(max(i, 0), rank - 1)
        }
        return index
    }

    /// The pressure GIMP picks cell `index` of the pressure dimension for.
    public func pressure(level index: Int) -> Double {
        pressureLevels > 1 ? Double(index) / Double(pressureLevels - 1) : 1
    }

    /// The pen drawn in the cell that GIMP picks for angle index `index` (direction: the
    /// stroke's direction as the azimuth, degrees in image axes, with the pen upright), or for
    /// tilt indices (`index`, `index2`); nil for the upright pen (tilt 0, the mouse's).
    public func pen(angle index: Int, _ index2: Int = 0) -> PenOrientation? {
        switch angle {
        case .direction:
            // d = 1.25 − k/rank turns, counter-clockwise with y up; image axes turn the other way.
            let turns = 1.25 - Double(index) / Double(angleLevels)
            let degrees = -360 * (turns - turns.rounded(.down))
            return PenOrientation(azimuth: degrees < -180 ? degrees + 360 : degrees, altitude: 90)
        case .tilt:
            let (xtilt, ytilt) = (tilt(index), tilt(index2))
            return xtilt == 0 && ytilt == 0 ? nil : PenOrientation(xtilt: xtilt, ytilt: ytilt)
        }
    }

    /// The tilt GIMP picks cell `index` of a tilt dimension for: round(t·rank/2) + rank/2 = index.
    func tilt(_ index: Int) -> Double {
        Double(index - angleLevels / 2) * 2 / Double(angleLevels)
    }

    /// Every cell in file order: the pen reading it is for (pen nil: upright) and its mask
    /// (row-major, one byte a pixel, 255 = full paint), the bristles as antialiased dots of
    /// `lineWidth` around the cell's centre (`dab(pressure:pen:)`).
    public func cells() -> [(pressure: Double, pen: PenOrientation?, mask: [UInt8])] {
        guard problem == nil else { return [] }
        let angleCells: [(Int, Int)] = switch angle {
        case .direction: (0 ..< angleLevels).map { ($0, 0) }
        case .tilt: (0 ..< angleLevels).flatMap { x in (0 ..< angleLevels).map { (x, $0) } }
        }
        return (0 ..< pressureLevels).flatMap { p in
            angleCells.map { a in
                let pressure = pressure(level: p), pen = pen(angle: a.0, a.1)
                return (pressure, pen, dab(pressure: pressure, pen: pen))
            }
        }
    }

    /// The `.gih` file: the name line, the pipe parameters line, then one version-2 `.gbr`
    /// brush per cell (GIMP's devel-docs gih.txt and gbr.txt; big-endian header).
    public func gih() -> [UInt8] {
        let name = shape.brushName
        let cells = cells()
        let size = cellSize
        var parameters = "\(cells.count) ncells:\(cells.count) cellwidth:\(size) cellheight:\(size) step:100"
            + " dim:\(ranks.count) cols:1 rows:1 placement:constant"
        for (i, r) in ranks.enumerated() { parameters += " rank\(i):\(r.rank)" }
        for (i, r) in ranks.enumerated() { parameters += " sel\(i):\(r.selection)" }
        var bytes = Array("\(name)\n\(parameters)\n".utf8)
        for cell in cells {
            bytes += Self.gbr(name: name, width: size, height: size, spacing: spacing, mask: cell.mask)
        }
        return bytes
    }

    /// One version-2 `.gbr` brush with a one-byte mask.
    public static func gbr(name: String, width: Int, height: Int, spacing: Int, mask: [UInt8]) -> [UInt8] {
        let nameBytes = Array(name.utf8) + [0]
        var bytes: [UInt8] = []
        for field in [28 + nameBytes.count, 2, width, height, 1] { bytes += bigEndian(UInt32(clamping: field)) }
        bytes += Array("GIMP".utf8)
        bytes += bigEndian(UInt32(clamping: spacing))
        return bytes + nameBytes + mask
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)]
    }

    /// The "Impasto Bristle" paint dynamics (`.gdyn`, GIMP's serialized GimpDynamics), for both
    /// brushes: their cells already take pressure and angle, so the dynamics must not scale or
    /// turn the dab again. They lay thin coats: a stroke covers `coat` of the canvas, more as
    /// the pen presses (a loaded brush leaves more paint when pressed), so that strokes laid
    /// over strokes build up, thick paint that Impasto Paint Relief shows standing up
    /// (`PaintRelief.thick`), and the paint's darkness follows the pressure.
    public static func dynamics(name: String = BristleBrush.name) -> String {
        let outputs = ["opacity", "hardness", "rate", "size", "aspect-ratio", "color", "angle", "jitter"]
        var text = "# GIMP dynamics file\n\n(name \"\(name)\")\n"
        for output in outputs {
            let pressure = output == "opacity"
            text += "(\(output)-output\n"
            for input in ["pressure", "velocity", "direction", "tilt", "wheel", "random", "fade"] {
                text += "    (use-\(input) \(pressure && input == "pressure" ? "yes" : "no"))\n"
            }
            if pressure { text += curve("pressure-curve", from: coat.lowerBound, to: coat.upperBound) }
            text.removeLast()
            text += ")\n"
        }
        return text + "\n# end of GIMP dynamics file\n"
    }

    /// A straight GimpCurve from (0, `from`) to (1, `to`), serialized as GIMP writes one
    /// (17 point slots, unused ones −1; 256 samples).
    static func curve(_ label: String, from: Double, to: Double) -> String {
        func f(_ v: Double) -> String { fixedPoint(v, digits: 6) }
        var points = [0, from]
        for _ in 0 ..< 15 { points += [-1, -1] }
        points += [1, to]
        let samples = (0 ..< 256).map { from + (to - from) * Double($0) / 255 }
        return "    (\(label)\n        (curve-type smooth)\n        (n-points 17)\n"
            + "        (points 34 \(points.map(f).joined(separator: " ")))\n"
            + "        (n-samples 256)\n"
            + "        (samples 256 \(samples.map(f).joined(separator: " "))))\n"
    }
}

extension BristleBrush {
    /// A stroke painted as GIMP's paintbrush would paint it with this brush, for the brush
    /// dialog's preview: a wave from left to right on a `width` × `height` canvas, pressing
    /// from the lightest touch to full pressure, one dab every `spacing` percent of a cell,
    /// each dab the cell GIMP picks for its pressure and direction (an upright pen: no tilt),
    /// the dabs combined by maximum as in a non-incremental paint stroke. Coverage, one byte a
    /// pixel (255 = full paint); all zero for settings that make no brush.
    public func previewStroke(width: Int, height: Int) -> [UInt8] {
        let width = max(width, 0), height = max(height, 0)
        var coverage = [UInt8](repeating: 0, count: width * height)
        let cells = cells(), size = cellSize
        let inset = 30.0, run = Double(width) - 2 * inset, amplitude = 25.0
        guard !cells.isEmpty, run > 0 else { return coverage }
        let step = max(1, Double(spacing) * Double(size) / 100)
        var x = inset
        while x < inset + run {
            let t = (x - inset) / run
            let y = Double(height) / 2 + amplitude * sin(t * 2 * .pi)
            let slope = amplitude * cos(t * 2 * .pi) * 2 * .pi / run
            // GIMP's direction: turns counter-clockwise from the right, y up.
            var direction = atan2(-slope, 1) / (2 * .pi)
            if direction < 0 { direction += 1 }
            let mask = cells[min(max(cellIndex(pressure: t, direction: direction), 0), cells.count - 1)].mask
            let left = Int(x) - size / 2, top = Int(y) - size / 2
            for cy in max(0, -top) ..< min(size, height - top) {
                for cx in max(0, -left) ..< min(size, width - left) {
                    let i = (top + cy) * width + left + cx
                    coverage[i] = max(coverage[i], mask[cy * size + cx])
                }
            }
            x += step
        }
        return coverage
    }
}

extension BristleBrush {
    /// Writes both brushes made with these settings and the dynamics into a GIMP profile
    /// folder (`profileFiles`), each written beside its place and renamed over it (GIMP never
    /// reads half a file); returns what went wrong, or nil.
    public func write(intoProfile profile: String) -> String? {
        let base = profile.hasSuffix("/") ? String(profile.dropLast()) : profile
        for shape in Shape.allCases {
            var brush = self
            brush.shape = shape
            if let problem = Self.put(brush.gih(), at: "\(base)/brushes/\(Self.folder)/\(shape.fileName).gih") { return problem }
        }
        if let problem = Self.put(Array(Self.dynamics().utf8), at: "\(base)/dynamics/\(Self.folder)/\(Self.fileName).gdyn") {
            return problem
        }
        for former in Self.formerProfileFiles { unlink("\(base)/\(former)") }
        return nil
    }

    private static func put(_ bytes: [UInt8], at path: String) -> String? {
        makeFolders(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]))
        let temporary = "\(path).new.\(getpid())"
        guard let file = fopen(temporary, "wb") else { return localized("cannot write %s: %s", temporary, String(cString: strerror(errno))) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file) == 0
        guard written == bytes.count, closed, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return localized("cannot write %s: %s", path, reason)
        }
        return nil
    }

    /// `mkdir -p`: every missing folder of `path`.
    private static func makeFolders(_ path: String) {
        var partial = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            partial += "/" + part
            mkdir(partial, 0o755)
        }
    }
}
