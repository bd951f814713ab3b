// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The Script-Fu calls an installed help page shows, for tests that run them as a reader
/// would copy them.
public enum HelpPageCalls {
    /// The text of every `<pre class="kind">` of the page at `page` (kind: gimp-3, gimp-2.10,
    /// gimp-3-filter), HTML's escapes undone.
    public static func calls(in page: URL, kind: String) -> [String] {
        guard let html = try? String(contentsOf: page, encoding: .utf8),
              let pre = try? NSRegularExpression(pattern: "<pre class=\"\(NSRegularExpression.escapedPattern(for: kind))\">([^<]*)</pre>")
        else { return [] }
        return pre.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            String(html[Range(match.range(at: 1), in: html)!])
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    /// Makes a script at `script` that appends the address it is started with to `opened`,
    /// GIO's default application for web pages (as GIMP's web browser opens them: through
    /// GTK, which asks GIO) in the XDG folders `dataHome` and `configHome`. Paths are as the
    /// GIMP that runs it sees them; `host` maps one to where this process writes it.
    public static func installRecorder(script: String, opened: String, dataHome: String, configHome: String,
                                       host: (String) -> String = { $0 }) throws {
        let files = FileManager.default
        _ = files.createFile(atPath: host(script), contents: Data("#!/bin/sh\nprintf '%s\\n' \"$1\" >>'\(opened)'\n".utf8),
                             attributes: [.posixPermissions: 0o755])
        try files.createDirectory(atPath: host(dataHome + "/applications"), withIntermediateDirectories: true)
        try files.createDirectory(atPath: host(configHome), withIntermediateDirectories: true)
        // What GIO may take a local page for: without shared-mime-info, application/octet-stream.
        let types = ["text/html", "application/xhtml+xml", "application/octet-stream", "x-scheme-handler/file"]
        try """
            [Desktop Entry]
            Type=Application
            Name=Record the address
            Exec=\(script) %u
            MimeType=\(types.joined(separator: ";"));

            """.write(toFile: host(dataHome + "/applications/impasto-record.desktop"), atomically: true, encoding: .utf8)
        try ("[Default Applications]\n" + types.map { "\($0)=impasto-record.desktop\n" }.joined())
            .write(toFile: host(configHome + "/mimeapps.list"), atomically: true, encoding: .utf8)
    }
}
