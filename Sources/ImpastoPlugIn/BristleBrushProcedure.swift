import CGIMP
import CImpastoUI
import Glibc
import ImpastoBrushFiles
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

    static let parameters = BristleBrush.parameters.map(ProcedureParameter.init)

    /// The brush these arguments describe.
    static func brush(_ arguments: ProcedureArguments) -> BristleBrush {
        let p = BristleBrush.Parameters.self
        return BristleBrush(bristles: Int(arguments.int(p.bristles.name)), maxRadius: arguments.double(p.maxRadius.name),
                            lineWidth: arguments.double(p.lineWidth.name),
                            pressureLevels: Int(arguments.int(p.pressureLevels.name)),
                            angleLevels: Int(arguments.int(p.angleLevels.name)),
                            angle: BristleBrush.Angle(rawValue: p.angleSource.nick(at: Int(arguments.int(p.angleSource.name)))
                                                      ?? p.angleSource.defaultNick) ?? .direction)
    }

    static func apply(image: Int32, drawable: Int32, arguments: ProcedureArguments) throws(ProcedureFailure) {
        let brush = brush(arguments)
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
        let brush = BristleBrushProcedure.brush(dialog.arguments)
        guard brush.problem == nil else { return }
        let coverage = brush.previewStroke(width: width, height: height)
        surface = cairoPicture(width: width, height: height) { x, y in
            let shade = UInt8(245 - Int(coverage[y * width + x]) * 215 / 255)
            return SIMD4(shade, shade, shade, 255)
        }
    }
}
