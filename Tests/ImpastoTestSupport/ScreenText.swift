// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Text read off a virtual X display, for what only GIMP draws (its menus, the dialog it
/// generates for a live filter): scrot takes the area, the gegl tool doubles it and makes the
/// theme's light type dark on light (tesseract misreads GTK's 9-point type at its own size,
/// "Verfüssigen" for "Verflüssigen", and light on dark, "LEFT" for "Masque"), and tesseract
/// reads it in one language, word by word with where each word is.
public struct ScreenText {
    public typealias Rect = GimpGUI.Rect

    /// One line as tesseract grouped it; boxes in screen coordinates.
    public struct Line {
        public let words: [String]
        /// Each word's box.
        public let boxes: [Rect]
        public var text: String { words.joined(separator: " ") }
    }

    /// Why the text could not be read or found, in words.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    public let lines: [Line]
    public var text: String { lines.map(\.text).joined(separator: "\n") }

    /// tesseract's language data for a gettext language ("de" → "deu").
    public static func tesseractLanguage(_ language: String) -> String {
        ["de": "deu", "fr": "fra", "en": "eng"][language] ?? language
    }

    /// Why the text cannot be read here (a missing tool or language), or nil.
    public static func missing(language: String) -> String? {
        for tool in ["scrot", "gegl", "tesseract"] where runCommand("/bin/sh", ["-c", "command -v \(tool)"]).status != 0 {
            return "\(tool) is missing (Debian: scrot, gegl, tesseract-ocr)"
        }
        let languages = runCommand("tesseract", ["--list-langs"]).output.split(separator: "\n").map(String.init)
        let wanted = tesseractLanguage(language)
        return languages.contains(wanted) ? nil : "tesseract has no \(wanted) (Debian: tesseract-ocr-\(wanted))"
    }

    /// Reads `area` of `display`; the pictures stay in `folder` as `name`.png and
    /// `name`-2x.png for a reader of a failed test.
    public static func read(display: String, area: Rect, language: String, folder: URL, name: String) -> Result<ScreenText, Problem> {
        let shot = folder.appendingPathComponent("\(name).png").path
        let doubled = folder.appendingPathComponent("\(name)-2x.png").path
        let region = "\(area.x),\(area.y),\(area.width),\(area.height)"
        let taken = runCommand("scrot", ["-o", "-a", region, shot], environment: ["DISPLAY": display])
        guard taken.status == 0 else { return .failure(.init(description: "scrot: \(taken.output)")) }
        let scaled = runCommand("gegl", [shot, "-o", doubled, "--", "scale-ratio", "x=2", "y=2", "sampler=cubic", "invert-gamma"])
        guard scaled.status == 0 else { return .failure(.init(description: "gegl: \(scaled.output)")) }
        let read = runCommand("tesseract", [doubled, "stdout", "-l", tesseractLanguage(language), "tsv"])
        guard read.status == 0 else { return .failure(.init(description: "tesseract: \(read.output)")) }
        return .success(ScreenText(tsv: read.output, origin: (area.x, area.y), scale: 2))
    }

    /// tesseract's TSV: level, page, block, paragraph, line, word, left, top, width, height,
    /// confidence, text; a word is level 5, and its block, paragraph and line name its line.
    init(tsv: String, origin: (x: Int, y: Int), scale: Int) {
        var order: [String] = []
        var words: [String: [(String, Rect)]] = [:]
        for row in tsv.split(separator: "\n").dropFirst() {
            let f = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 12, f[0] == "5", let l = Int(f[6]), let t = Int(f[7]), let w = Int(f[8]), let h = Int(f[9]) else { continue }
            let word = f[11].trimmingCharacters(in: .whitespaces)
            guard !word.isEmpty else { continue }
            let key = f[2 ... 4].joined(separator: ".")
            if words[key] == nil { order.append(key) }
            words[key, default: []].append((word, Rect(x: origin.x + l / scale, y: origin.y + t / scale,
                                                        width: w / scale, height: h / scale)))
        }
        lines = order.map { Line(words: words[$0]!.map(\.0), boxes: words[$0]!.map(\.1)) }
    }

    /// A word as compared: a menu's ellipsis after it dropped ("relief." is how tesseract reads
    /// "relief…" as often as not); nil for an ellipsis alone.
    static func bare(_ word: Substring) -> String? {
        var word = word
        while let last = word.last, last == "." || last == "…" { word = word.dropLast() }
        return word.isEmpty ? nil : String(word)
    }

    /// The box around the first place where `phrase`'s words follow each other on one line,
    /// whole words only (so "Mask" is not found in "Maske"), or nil. With `item`, they must be
    /// all a menu item says: nothing after them, and before them at most an icon, which
    /// tesseract reads as a mark or two ("Impasto Relief …" is not found in "Impasto Relief
    /// mit Licht-Editor …").
    public func find(_ phrase: String, item: Bool = false) -> Rect? {
        let wanted = phrase.split(separator: " ").compactMap(Self.bare)
        guard !wanted.isEmpty else { return nil }
        for line in lines {
            let said = zip(line.words, line.boxes).compactMap { word, box in Self.bare(Substring(word)).map { ($0, box) } }
            guard said.count >= wanted.count else { continue }
            for start in 0 ... said.count - wanted.count where said[start ..< start + wanted.count].map(\.0) == wanted {
                if item && (start + wanted.count < said.count || said[..<start].contains { $0.0.count > 2 }) { continue }
                let boxes = said[start ..< start + wanted.count].map(\.1)
                let left = boxes.map(\.x).min()!, top = boxes.map(\.y).min()!
                let right = boxes.map { $0.x + $0.width }.max()!, bottom = boxes.map { $0.y + $0.height }.max()!
                return Rect(x: left, y: top, width: right - left, height: bottom - top)
            }
        }
        return nil
    }
}
