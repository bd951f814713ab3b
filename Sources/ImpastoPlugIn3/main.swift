// SPDX-License-Identifier: GPL-3.0-or-later
import CGIMP3
import CImpastoGimp3
import ImpastoFrontEnd
import ImpastoKernels

// Every procedure of ImpastoFrontEnd's list, as GIMP 2.10's plug-in registers them.
var callbacks = ImpastoGimp3Callbacks(
    query_procedures: { plugIn in
        // The help pages beside the plug-in: GIMP keeps the domain in pluginrc, and a dialog's
        // Help (the procedure's help ID is its name) opens the procedure's page.
        if let plugIn, let help = HelpPages.installed(beside: String(cString: gimp_get_progname())) {
            let folder = g_file_new_for_path(help)
            gimp_plug_in_set_help_domain(plugIn, HelpPages.domain, folder)
            g_object_unref(UnsafeMutableRawPointer(folder))
        }
        return procedures.reduce(nil) { list, procedure in g_list_append(list, g_strdup(procedure.name)) }
    },
    create_procedure: { plugIn, name in
        guard let plugIn, let name else { return nil }
        let wanted = String(cString: name)
        return procedures.first { $0.name == wanted }.flatMap { ProcedureRunner.create($0, on: plugIn) }
    })

Translation.useCatalogue()
ImpastoRelease.printVersionIfAsked(CommandLine.arguments)
exit(impasto_gimp3_main(&callbacks, CommandLine.argc, CommandLine.unsafeArgv))
