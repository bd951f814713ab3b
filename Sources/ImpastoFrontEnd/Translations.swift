// SPDX-License-Identifier: GPL-3.0-or-later
import CLibintl
import ImpastoKernels

/// The gettext domain of every string Impasto shows, in the GEGL module and both plug-ins.
/// Its catalogues: `po/<language>.po`, built into `impasto.mo` files beside the plug-in
/// (`plug-ins/impasto/locale/`) and the module (`impasto-locale/`) by plugin-install.sh.
public let impastoTextDomain = "impasto"

extension Translation {
    /// Every `localized` message from now on through the catalogue of `impastoTextDomain`:
    /// in the user's language, or the English itself where there is no translation (and
    /// always under the C locale, so tests and scripts that compare the English strings see
    /// them unchanged). A plug-in calls it first thing, before any message is read.
    public static func useCatalogue() {
        lookup = { message in message.withCString { String(cString: dgettext(impastoTextDomain, $0)) } }
    }
}

/// Binds `impastoTextDomain` to `folder` (holding `<language>/LC_MESSAGES/impasto.mo`), in UTF-8.
/// (GIMP 3's plug-in has libgimp do it through `set_i18n`; the GIMP 2.10 plug-in calls this.)
public func bindImpastoTextDomain(to folder: String) {
    bindtextdomain(impastoTextDomain, folder)
    bind_textdomain_codeset(impastoTextDomain, "UTF-8")
}
