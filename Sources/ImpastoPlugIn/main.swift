// SPDX-License-Identifier: GPL-3.0-or-later
import CGIMP
import Glibc
import ImpastoFrontEnd
import ImpastoKernels
import ImpastoBrushFiles

/// GIMP keeps the return values after `run` returns: they live for the process.
private let returnValues = UnsafeMutablePointer<GimpParam>.allocate(capacity: 2)

/// The catalogues of the domain "impasto": `locale/` beside this executable
/// (`plug-ins/impasto/locale/<language>/LC_MESSAGES/impasto.mo`). (Known once gimp_main runs.)
private var catalogues: String {
    let program = String(cString: gimp_get_progname())
    return String(program[..<(program.lastIndex(of: "/") ?? program.startIndex)]) + "/locale"
}

/// GIMP 2.10 keeps what `query` registers in its pluginrc and translates the menu labels and
/// blurbs itself, in the domain registered here: so they are registered in English (the C
/// locale for messages, before any of them is read), whatever language GIMP runs in.
private func query() {
    setlocale(LC_MESSAGES, "C")
    gimp_plugin_domain_register(impastoTextDomain, catalogues)
    // The help pages beside the plug-in; a procedure's help ID is its name (the dialogs' Help).
    if let help = HelpPages.installed(beside: String(cString: gimp_get_progname())),
       let uri = g_filename_to_uri(help, nil, nil) {
        gimp_plugin_help_register(HelpPages.domain, uri)
        g_free(uri)
    }
    procedures.forEach(ProcedureRunner.install)
}

private func run(name: UnsafePointer<gchar>?, count: gint, params: UnsafePointer<GimpParam>?,
                 returnCount: UnsafeMutablePointer<gint>?, returns: UnsafeMutablePointer<UnsafeMutablePointer<GimpParam>?>?) {
    bindImpastoTextDomain(to: catalogues)  // gimp_main has set the locale from the environment
    let name = name.map { String(cString: $0) } ?? ""
    let result: Result<Void, ProcedureFailure>
    if let procedure = procedures.first(where: { $0.name == name }) {
        result = ProcedureRunner.run(procedure, UnsafeBufferPointer(start: params, count: max(0, Int(count))))
    } else {
        result = .failure(.calling(localized("Impasto has no procedure named %s.", name)))
    }
    returnValues[0].type = GIMP_PDB_STATUS
    switch result {
    case .success:
        returnValues[0].data.d_status = GIMP_PDB_SUCCESS
        returnCount?.pointee = 1
    case .failure(let failure):
        // A string after the status becomes the error message the caller sees.
        returnValues[0].data.d_status = GimpPDBStatusType(failure.status.pdbCode)
        returnValues[1].type = GIMP_PDB_STRING
        returnValues[1].data.d_string = strdup(failure.message)
        returnCount?.pointee = 2
    }
    returns?.pointee = returnValues
}

Translation.useCatalogue()
ImpastoRelease.printVersionIfAsked(CommandLine.arguments)

var info = GimpPlugInInfo(init_proc: nil, quit_proc: nil, query_proc: query, run_proc: run)
exit(gimp_main(&info, CommandLine.argc, CommandLine.unsafeArgv))
