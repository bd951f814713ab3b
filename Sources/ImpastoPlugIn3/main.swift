// SPDX-License-Identifier: GPL-3.0-or-later
import CGIMP3
import CImpastoGimp3
import ImpastoFrontEnd

// Every procedure of ImpastoFrontEnd's list, as GIMP 2.10's plug-in registers them.
var callbacks = ImpastoGimp3Callbacks(
    query_procedures: { _ in
        procedures.reduce(nil) { list, procedure in g_list_append(list, g_strdup(procedure.name)) }
    },
    create_procedure: { plugIn, name in
        guard let plugIn, let name else { return nil }
        let wanted = String(cString: name)
        return procedures.first { $0.name == wanted }.flatMap { ProcedureRunner.create($0, on: plugIn) }
    })

ImpastoRelease.printVersionIfAsked(CommandLine.arguments)
BristleBrushProcedure.writeStandardBrushIfAsked(CommandLine.arguments)
exit(impasto_gimp3_main(&callbacks, CommandLine.argc, CommandLine.unsafeArgv))
