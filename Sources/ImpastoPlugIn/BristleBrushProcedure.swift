import CGIMP
import CImpastoUI
import Glibc
import ImpastoKernels

/// plug-in-impasto-bristle-brush: writes the "Impasto Bristle" image-pipe brush (and its
/// paint dynamics) into the user's GIMP profile with other settings, makes GIMP read its
/// brushes again and selects the brush and dynamics, ready to paint with a tablet.
enum BristleBrushProcedure: ImpastoProcedure {
    static let target = ProcedureTarget.none
    static let name = "plug-in-impasto-bristle-brush"
    static let blurb = "Make the Impasto Bristle brush for tablets with other bristles, size or levels"
    static let help = """
        Writes "Impasto Bristle" (brushes/impasto-bristle.gih in your GIMP profile), an image \
        pipe of BristlePaint dabs: bristle dots of line-width pixels spread as far as \
        max-radius × √pressure, one cell for each of pressure-levels pen pressures and \
        angle-levels angles, the angle following the stroke's direction (angle-source 0) or \
        the pen's tilt (1: angle-levels cells per tilt axis); and the "Impasto Bristle" paint \
        dynamics (pressure firms up the paint; the brush cells do the spreading and turning). \
        GIMP then reloads its brushes and both become the active brush and dynamics.
        """
    static let menuLabel = "Regenerate Impasto _Bristle Brush..."
    static let menuPath = "<Brushes>"

    static let parameters: [ProcedureParameter] = [
        .integer("bristles", Int32(BristleBrush.bristlesRange.lowerBound) ... Int32(BristleBrush.bristlesRange.upperBound),
                 default: Int32(BristleBrush.standard.bristles), "Number of bristles, 1..256"),
        .float("max-radius", BristleBrush.maxRadiusRange, default: BristleBrush.standard.maxRadius,
               "Spread of the bristles at full pressure in pixels, 1..200"),
        .float("line-width", BristleBrush.lineWidthRange, default: BristleBrush.standard.lineWidth,
               "Diameter of each bristle in pixels, 0.5..20"),
        .integer("pressure-levels", Int32(BristleBrush.pressureLevelsRange.lowerBound) ... Int32(BristleBrush.pressureLevelsRange.upperBound),
                 default: Int32(BristleBrush.standard.pressureLevels), "Cells from the lightest touch to full pressure, 1..16"),
        .integer("angle-levels", Int32(BristleBrush.angleLevelsRange.lowerBound) ... Int32(BristleBrush.angleLevelsRange.upperBound),
                 default: Int32(BristleBrush.standard.angleLevels),
                 "Cells around the circle (direction) or per tilt axis (tilt, at most 16), 1..64"),
        .choice("angle-source", BristleBrush.Angle.allCases.map(\.rawValue), "What turns the bristles"),
    ]

    static func apply(image: Int32, drawable: Int32, arguments: ProcedureArguments) throws(ProcedureFailure) {
        let brush = BristleBrush(bristles: Int(arguments.int("bristles")), maxRadius: arguments.double("max-radius"),
                                 lineWidth: arguments.double("line-width"),
                                 pressureLevels: Int(arguments.int("pressure-levels")),
                                 angleLevels: Int(arguments.int("angle-levels")),
                                 angle: BristleBrush.Angle.allCases[Int(arguments.int("angle-source"))])
        if let problem = brush.problem { throw .calling("\(name): \(problem).") }
        guard let profile = gimp_personal_rc_file("") else { throw .execution("\(name): GIMP has no profile folder.") }
        let folder = String(cString: profile)
        g_free(profile)
        if let problem = BrushFiles.write(brush, intoProfile: folder) { throw .execution("\(name): \(problem)") }
        gimp_brushes_refresh()
        gimp_dynamics_refresh()
        guard gimp_context_set_brush(BristleBrush.name) != 0 else {
            throw .execution("\(name): GIMP did not load the brush written to \(folder)/brushes.")
        }
        _ = gimp_context_set_dynamics(BristleBrush.name)
    }
}

/// The brush files in a GIMP profile: brushes/impasto-bristle.gih and
/// dynamics/impasto-bristle.gdyn, each written beside its place and renamed over it.
enum BrushFiles {
    /// Writes both files; returns what went wrong, or nil.
    static func write(_ brush: BristleBrush, intoProfile profile: String) -> String? {
        let base = profile.hasSuffix("/") ? String(profile.dropLast()) : profile
        if let problem = put(brush.gih(), at: "\(base)/brushes/\(BristleBrush.fileName).gih") { return problem }
        return put(Array(BristleBrush.dynamics().utf8), at: "\(base)/dynamics/\(BristleBrush.fileName).gdyn")
    }

    static func put(_ bytes: [UInt8], at path: String) -> String? {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !folder.isEmpty { g_mkdir_with_parents(folder, 0o755) }
        let temporary = "\(path).new.\(getpid())"
        guard let file = fopen(temporary, "wb") else { return "cannot write \(temporary): \(String(cString: strerror(errno)))" }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file) == 0
        guard written == bytes.count, closed, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return "cannot write \(path): \(reason)"
        }
        return nil
    }
}

extension BristleBrushProcedure: DialogProcedure {
    static func configure(_ dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        BrushStrokePreview(dialog: dialog, side: side)
    }
}

/// The brush dialog's preview: a stroke painted as GIMP's paintbrush would with the brush
/// these values make — a wave drawn left to right, pressing harder as it goes, each dab the
/// cell GIMP picks for its pressure and direction, the dabs combined by maximum as in a
/// non-incremental paint stroke.
final class BrushStrokePreview {
    static let (width, height) = (360, 140)
    unowned let dialog: ProcedureDialog
    private var canvas: UnsafeMutableRawPointer?
    private var surface: OpaquePointer?
    private var stale = true

    @discardableResult
    init(dialog: ProcedureDialog, side: UnsafeMutableRawPointer) {
        self.dialog = dialog
        canvas = dialog.canvas(width: Self.width, height: Self.height) { [unowned self] cairo, _, _ in draw(cairo) }
        impasto_ui_pack(side, impasto_ui_frame("A stroke with this brush (light to full pressure)", canvas), 0)
        dialog.onChange.append { [unowned self] in
            stale = true
            if let canvas { impasto_ui_queue_draw(canvas) }
        }
        dialog.retained.append(self)
    }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    private func draw(_ cr: OpaquePointer) {
        if stale || surface == nil { render() }
        cairo_set_source_rgb(cr, 0.96, 0.96, 0.96)
        cairo_paint(cr)
        if let surface {
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_paint(cr)
        }
    }

    /// The stroke's coverage as a grey picture (dark paint on light).
    private func render() {
        stale = false
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        let (width, height) = (Self.width, Self.height)
        let arguments = dialog.arguments
        let brush = BristleBrush(bristles: Int(arguments.int("bristles")), maxRadius: arguments.double("max-radius"),
                                 lineWidth: arguments.double("line-width"),
                                 pressureLevels: Int(arguments.int("pressure-levels")),
                                 angleLevels: Int(arguments.int("angle-levels")),
                                 angle: BristleBrush.Angle.allCases[Int(min(max(arguments.int("angle-source"), 0), 1))])
        guard brush.problem == nil else { return }
        let cells = brush.cells(), size = brush.cellSize
        let step = max(1, Double(brush.spacing) * Double(size) / 100)
        var coverage = [UInt8](repeating: 0, count: width * height)
        var x = 30.0
        while x < Double(width - 30), !cells.isEmpty {
            let t = (x - 30) / Double(width - 60)
            let y = Double(height) / 2 + 25 * sin(t * 2 * .pi)
            let slope = 25 * cos(t * 2 * .pi) * 2 * .pi / Double(width - 60)
            // GIMP's direction: turns counter-clockwise from the right, y up.
            var direction = atan2(-slope, 1) / (2 * .pi)
            if direction < 0 { direction += 1 }
            let index = brush.cellIndex(pressure: t, direction: direction)  // an upright pen: no tilt
            let mask = cells[min(max(index, 0), cells.count - 1)].mask
            let left = Int(x) - size / 2, top = Int(y) - size / 2
            for cy in 0 ..< size where top + cy >= 0 && top + cy < height {
                for cx in 0 ..< size where left + cx >= 0 && left + cx < width {
                    let i = (top + cy) * width + left + cx
                    coverage[i] = max(coverage[i], mask[cy * size + cx])
                }
            }
            x += step
        }
        surface = cairoPicture(width: width, height: height) { x, y in
            let shade = UInt8(245 - Int(coverage[y * width + x]) * 215 / 255)
            return SIMD4(shade, shade, shade, 255)
        }
    }
}
