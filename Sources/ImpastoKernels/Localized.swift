// SPDX-License-Identifier: GPL-3.0-or-later
import CLibintl

/// The gettext domain of every string Impasto shows, in the GEGL module and both plug-ins.
/// Its catalogues: `po/<language>.po`, built into `impasto.mo` files beside the plug-in
/// (`plug-ins/impasto/locale/`) and the module (`impasto-locale/`) by plugin-install.sh.
public let impastoTextDomain = "impasto"

/// `message` in the user's language, from the catalogue of `impastoTextDomain`, or `message`
/// itself where there is no translation (and always under the C locale, so tests and scripts
/// that compare the English strings see them unchanged).
///
/// Every string a user sees is written as `localized("…")` with a plain literal: `po/make-pot`
/// extracts those literals (one line or `"""` several) as the template's messages.
public func localized(_ message: String) -> String {
    message.withCString { String(cString: dgettext(impastoTextDomain, $0)) }
}

/// `format` translated, then its `%s` filled with `arguments` in order; a translation that
/// reorders them writes `%1$s`, `%2$s`, … (as C's printf). `%%` is a percent sign.
public func localized(_ format: String, _ arguments: String...) -> String {
    let translated = Array(localized(format))
    var text = ""
    var next = 0
    var i = 0
    while i < translated.count {
        guard translated[i] == "%", i + 1 < translated.count else {
            text.append(translated[i])
            i += 1
            continue
        }
        if translated[i + 1] == "%" {
            text.append("%")
            i += 2
        } else if translated[i + 1] == "s" {
            text += next < arguments.count ? arguments[next] : ""
            next += 1
            i += 2
        } else if let dollar = translated[(i + 1)...].firstIndex(of: "$"), dollar + 1 < translated.count,
                  translated[dollar + 1] == "s", let n = Int(String(translated[(i + 1) ..< dollar])) {
            text += arguments.indices.contains(n - 1) ? arguments[n - 1] : ""
            i = dollar + 2
        } else {
            text.append("%")
            i += 1
        }
    }
    return text
}

/// Binds `impastoTextDomain` to `folder` (holding `<language>/LC_MESSAGES/impasto.mo`), in UTF-8.
/// (GIMP 3's plug-in has libgimp do it through `set_i18n`; the GIMP 2.10 plug-in calls this.)
public func bindImpastoTextDomain(to folder: String) {
    bindtextdomain(impastoTextDomain, folder)
    bind_textdomain_codeset(impastoTextDomain, "UTF-8")
}
