// SPDX-License-Identifier: GPL-3.0-or-later
// impasto-data: the files an install puts beside the plug-in that are made from Impasto's
// declarations, written at build time (by scripts/stage.sh, for an install and the release
// bundle) rather than by the shipped plug-ins.
//
//   impasto-data brush PROFILE         the standard brushes and dynamics into PROFILE (a GIMP
//                                      profile, or a folder laid out like one): the files
//                                      BristleBrush.profileFiles names, as the Bristle Brush
//                                      procedure writes them with its defaults
//   impasto-data help FOLDER PACKAGE   the help pages into FOLDER/help, from the package at
//                                      PACKAGE (its po/ catalogues and Tests/Gallery pictures)
//
// Runs where it is built (the host), never in GIMP: it needs GEGL's libraries only because
// ImpastoFrontEnd links them.
import Glibc
import ImpastoBrushFiles
import ImpastoFrontEnd
import ImpastoKernels

func fail(_ problem: String) -> Never {
    fputs("impasto-data: \(problem)\n", stderr)
    exit(1)
}

let usage = "usage: impasto-data brush PROFILE | impasto-data help FOLDER PACKAGE"
let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("brush", 2):
    if let problem = BristleBrush.standard.write(intoProfile: arguments[1]) { fail(problem) }
case ("help", 3):
    do {
        try HelpPages.write(into: arguments[1] + "/" + HelpPages.folder, package: arguments[2])
    } catch {
        fail("could not write the help pages: \(error)")
    }
case ("-h", 1), ("--help", 1):
    print(usage)
default:
    fail(usage)
}
