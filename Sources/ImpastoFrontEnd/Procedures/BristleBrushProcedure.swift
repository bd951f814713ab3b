// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import ImpastoBrushFiles
import ImpastoKernels

/// plug-in-impasto-bristle-brush: writes the "Impasto Bristle" image-pipe brush (and its
/// paint dynamics) into the user's GIMP profile with other settings, makes GIMP read its
/// brushes again and selects the brush and dynamics, ready to paint with a tablet.
public enum BristleBrushProcedure: ImpastoProcedure {
    public static let target = ProcedureTarget.none
    public static let name = "plug-in-impasto-bristle-brush"
    public static let blurb = localized("Make the Impasto Bristle brush for tablets with other bristles, size or levels")
    public static let help = localized("""
        Writes "Impasto Bristle" (brushes/impasto-bristle.gih in your GIMP profile), an image \
        pipe of many-bristle dabs: bristle dots of line-width pixels spread as far as \
        max-radius × √pressure, one cell for each of pressure-levels pen pressures and \
        angle-levels angles, the angle following the stroke's direction (angle-source 0) or \
        the pen's tilt (1: angle-levels cells per tilt axis; an upright pen and the mouse \
        get a ring of bristles, which streaks in every direction and leaves a dab on a \
        click); and the "Impasto Bristle" paint dynamics (pressure firms up the paint; the \
        brush cells do the spreading and turning). GIMP then reloads its brushes and both \
        become the active brush and dynamics.
        """)
    public static let menuLabel = localized("Regenerate Impasto _Bristle Brush...")
    /// The Brushes dialog's context menu, as GIMP 2.10 names it (GIMP 3: see `gimp3MenuPath`).
    public static let menuPath = "<Brushes>"

    public static let parameters = BristleBrush.parameters.map(ProcedureParameter.init)

    /// The brush these arguments describe.
    public static func brush(_ arguments: ProcedureArguments) -> BristleBrush {
        let p = BristleBrush.Parameters.self
        return BristleBrush(bristles: Int(arguments.int(p.bristles.name)), maxRadius: arguments.double(p.maxRadius.name),
                            lineWidth: arguments.double(p.lineWidth.name),
                            pressureLevels: Int(arguments.int(p.pressureLevels.name)),
                            angleLevels: Int(arguments.int(p.angleLevels.name)),
                            angle: BristleBrush.Angle(rawValue: p.angleSource.nick(at: Int(arguments.int(p.angleSource.name)))
                                                      ?? p.angleSource.defaultNick) ?? .direction)
    }

    public static func validate(_ call: ProcedureCall) throws(ProcedureFailure) {
        if let problem = brush(call.arguments).problem { throw .calling(localized("%s: %s.", name, problem)) }
    }

    public static func apply(_ call: ProcedureCall) throws(ProcedureFailure) {
        let host = call.host
        guard let folder = host.profileFolder else { throw .execution(localized("%s: GIMP has no profile folder.", name)) }
        if let problem = brush(call.arguments).write(intoProfile: folder) { throw .execution(localized("%s: %s", name, problem)) }
        guard host.reloadAndSelectBrush(named: BristleBrush.name) else {
            throw .execution(localized("%s: GIMP did not load the brush written to %s.", name, "\(folder)/brushes"))
        }
    }
}

extension BristleBrushProcedure {
    /// `impasto --write-brush PROFILE` (either GIMP's plug-in, run by plugin-install.sh, not by
    /// GIMP): writes the standard "Impasto Bristle" brush and dynamics into a GIMP profile
    /// folder and exits; with other arguments, returns.
    public static func writeStandardBrushIfAsked(_ arguments: [String]) {
        guard arguments.count == 3, arguments[1] == "--write-brush" else { return }
        if let problem = BristleBrush.standard.write(intoProfile: arguments[2]) {
            fputs("impasto: \(problem)\n", stderr)
            exit(1)
        }
        exit(0)
    }
}
