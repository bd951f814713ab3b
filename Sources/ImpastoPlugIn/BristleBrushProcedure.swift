import CGIMP
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
        pipe of BristlePaint dabs: bristles dots of line-width pixels spread as far as \
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
