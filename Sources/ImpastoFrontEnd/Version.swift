// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Impasto's version and licence: declared here once. The plug-ins answer `--version` with it
/// and put it in every procedure's attribution; plugin-install.sh reads it from this file
/// (`./plugin-install.sh --version`); PluginInstallTests keeps the README in step.
public enum ImpastoRelease {
    public static let version = "0.9.0"
    public static let licence = "GPL-3.0-or-later"

    /// GIMP's attribution fields for a procedure: authors, copyright (with the licence) and date
    /// (with the version), as the Procedure Browser shows them.
    public static let attribution = (authors: "Impasto developers",
                                     copyright: "Impasto developers, \(licence)",
                                     date: "2026, Impasto \(version)")

    /// `impasto --version` (either GIMP's plug-in, run by hand or by plugin-install.sh, not by
    /// GIMP): prints "impasto VERSION" and exits; with other arguments, returns.
    public static func printVersionIfAsked(_ arguments: [String]) {
        guard arguments.count == 2, arguments[1] == "--version" else { return }
        print("impasto \(version)")
        exit(0)
    }
}
