// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// A gettext catalogue (`.po`) or template (`.pot`) as text: each message's translation and
/// whether it is fuzzy. The help pages are written from it for every language in one process
/// (gettext itself translates into the one language of the process's locale), and the tests
/// read the catalogues with it. (No Foundation: the plug-ins that write the pages link the
/// Swift runtime statically.)
public struct GettextCatalogue {
    public struct Entry: Equatable {
        public var text: String
        public var fuzzy: Bool
    }

    /// msgid → its entry (the header is the entry of "").
    public private(set) var messages: [String: Entry] = [:]
    /// The messages with a %s, as their literal pieces around each %s, longest message first.
    private var formats: [(pieces: [String], entry: Entry)] = []

    public init(_ text: String) {
        var fuzzy = false, inID = false, seen = false
        var id = "", translation = ""
        func finish() {
            if seen { messages[id] = Entry(text: translation, fuzzy: fuzzy) }
            (fuzzy, inID, seen, id, translation) = (false, false, false, "", "")
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { finish(); continue }
            if line.hasPrefix("#,") && line.contains("fuzzy") { fuzzy = true }
            if line.hasPrefix("#") { continue }  // comments, and obsolete messages (#~)
            if line.hasPrefix("msgid ") { inID = true; seen = true } else if line.hasPrefix("msgstr ") { inID = false }
            guard seen, let open = line.firstIndex(of: "\""), line.hasSuffix("\""), line.index(after: open) < line.endIndex
            else { continue }
            let quoted = Self.unescape(line[line.index(after: open) ..< line.index(before: line.endIndex)])
            if inID { id += quoted } else { translation += quoted }
        }
        finish()
        formats = messages.filter { $0.key.contains("%s") }.sorted { $0.key.count > $1.key.count }.map { id, entry in
            (id.replacing("%%", with: "%").split(separator: "%s", omittingEmptySubsequences: false).map(String.init), entry)
        }
    }

    /// The catalogue in the file at `path`.
    public init(contentsOf path: String) throws(HelpFiles.Problem) {
        self.init(try HelpFiles.read(path))
    }

    private static func unescape(_ quoted: Substring) -> String {
        var text = "", escaped = false
        for c in quoted {
            if escaped {
                text.append(c == "n" ? "\n" : c == "t" ? "\t" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                text.append(c)
            }
        }
        return text
    }

    /// `english` in this catalogue's language, as `localized` would show it: its translation,
    /// or, for a text a format made ("Material color (red)" by "%s (red)"), the format's
    /// translation filled with the arguments' own; the English where there is none.
    public func translate(_ english: String) -> String {
        if !english.isEmpty, let entry = messages[english], !entry.text.isEmpty, !entry.fuzzy { return entry.text }
        for (pieces, entry) in formats where !entry.fuzzy && !entry.text.isEmpty {
            guard let arguments = Self.match(Substring(english), pieces[...]) else { continue }
            return Self.fill(entry.text, with: arguments.map(translate))
        }
        return english
    }

    /// The texts between `pieces` that make `text` (each at least one character), or nil.
    static func match(_ text: Substring, _ pieces: ArraySlice<String>) -> [String]? {
        guard let first = pieces.first, text.hasPrefix(first) else { return nil }
        let rest = text.dropFirst(first.count)
        let more = pieces.dropFirst()
        guard let next = more.first else { return rest.isEmpty ? [] : nil }
        if more.count == 1 {  // the last argument runs to the last piece, which ends the text
            guard rest.count > next.count, rest.hasSuffix(next) else { return nil }
            return [String(rest.dropLast(next.count))]
        }
        var end = rest.startIndex
        while end < rest.endIndex {
            end = rest.index(after: end)
            if rest[end...].hasPrefix(next), let others = match(rest[end...], more) {
                return [String(rest[..<end])] + others
            }
        }
        return nil
    }

    /// A printf format's %s and %N$s filled with `arguments`, %% made %.
    static func fill(_ format: String, with arguments: [String]) -> String {
        var text = "", next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            text += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.hasPrefix("%") {
                text += "%"; rest = rest.dropFirst()
            } else if rest.hasPrefix("s") {
                text += next < arguments.count ? arguments[next] : ""
                next += 1; rest = rest.dropFirst()
            } else if let dollar = rest.firstIndex(of: "$"), let n = Int(rest[..<dollar]), rest[rest.index(after: dollar)...].hasPrefix("s") {
                text += n >= 1 && n <= arguments.count ? arguments[n - 1] : ""
                rest = rest[rest.index(dollar, offsetBy: 2)...]
            } else {
                text += "%"
            }
        }
        return text + rest
    }
}

/// The few file operations the help pages need, over Glibc.
public enum HelpFiles {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    public static func read(_ path: String) throws(Problem) -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }

    public static func bytes(_ path: String) throws(Problem) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw Problem(description: "cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    public static func copy(_ path: String, to target: String) throws(Problem) {
        try write(try bytes(path), to: target)
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(Problem) {
        guard let file = fopen(path, "wb") else { throw Problem(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        let written = bytes.isEmpty ? 0 : fwrite(bytes, 1, bytes.count, file)
        guard fclose(file) == 0, written == bytes.count else { throw Problem(description: "cannot write \(path)") }
    }

    public static func write(_ text: String, to path: String) throws(Problem) {
        try write(Array(text.utf8), to: path)
    }

    /// `path` and the folders above it that are missing.
    public static func makeFolders(_ path: String) throws(Problem) {
        var made = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o755) != 0 && errno != EEXIST { throw Problem(description: "cannot make \(made): \(String(cString: strerror(errno)))") }
        }
    }

    public static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
