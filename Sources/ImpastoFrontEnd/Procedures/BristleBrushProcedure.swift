// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoBrushFiles
import ImpastoKernels

/// plug-in-impasto-bristle-brush: writes the "Impasto Bristle" and "Impasto Flat" image-pipe
/// brushes (and their paint dynamics) into the user's GIMP profile with other settings, makes
/// GIMP read its brushes again and selects Impasto Bristle and the dynamics, ready to paint
/// with a tablet.
public enum BristleBrushProcedure: ImpastoProcedure {
    public static let target = ProcedureTarget.none
    public static let name = "plug-in-impasto-bristle-brush"
    public static let blurb = localized("Make the Impasto Bristle brush for tablets with other bristles, size or levels")
    public static let help = localized("""
        Writes two image-pipe brushes into your GIMP profile: "Impasto Bristle" \
        (brushes/Impasto/impasto-bristle.gih), a ring of bristles like a round brush pressed down, and \
        "Impasto Flat" (brushes/Impasto/impasto-flat.gih), the bristles in a row like a flat brush; and \
        the "Impasto Bristle" paint dynamics. Each brush has a cell for each of pressure-levels \
        pen pressures and angle-levels angles: pressure spreads the bristle dots of line-width \
        pixels from a line two bristles wide at the lightest touch to max-radius at full \
        pressure; the angle follows the pen's tilt (angle-source 1: angle-levels cells per \
        tilt axis; a leaning pen squashes the ring a little and turns it, and turns the row \
        across the way it leans; an upright pen and the mouse get the full ring and a level \
        row) or the stroke's direction (0). The dynamics let pressure firm up the paint; the \
        cells do the spreading and turning. GIMP then reloads its brushes, and Impasto Bristle \
        and its dynamics become the active brush and dynamics.
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
                                                      ?? p.angleSource.defaultNick) ?? .direction,
                            load: arguments.double(p.load.name))
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
