// SPDX-License-Identifier: GPL-3.0-or-later

/// Where the kernels' user-visible messages are translated: not here. The kernels only mark
/// them, and the front-end that shows them installs the lookup of its catalogue
/// (`Translation.useCatalogue` in ImpastoFrontEnd: gettext, the domain "impasto") before it
/// reads any. Until then, and in the GEGL module (whose user-visible text is its chant's), a
/// message is its English.
public enum Translation {
    /// What `localized` shows for an English message. Set once, at a program's start.
    nonisolated(unsafe) public static var lookup: (String) -> String = { $0 }
}

/// `message` in the user's language (`Translation.lookup`), or `message` itself.
///
/// Every string a user sees is written as `localized("…")` with a plain literal: `po/make-pot`
/// extracts those literals (one line or `"""` several) as the template's messages.
public func localized(_ message: String) -> String {
    Translation.lookup(message)
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
