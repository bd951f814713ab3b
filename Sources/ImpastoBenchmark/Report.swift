// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import Glibc
import GeglKit

// MARK: - Report

func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    let n = s.count
    guard n < width else { return s }
    let fill = String(repeating: " ", count: width - n)
    return right ? fill + s : s + fill
}

func fixed(_ x: Double, _ decimals: Int) -> String {
    guard x.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0 ..< decimals { scale *= 10 }
    let rounded = (x * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let have = text.distance(from: dot, to: text.endIndex) - 1
        if decimals == 0 { text = String(text[..<dot]) }
        else if have < decimals { text += String(repeating: "0", count: decimals - have) }
    } else if decimals > 0 {
        text += "." + String(repeating: "0", count: decimals)
    }
    return text
}

/// Whether a case's row meets its target: the ratio to the reference, or (with a floor)
/// ours within `floorSlack` of the floor's time.
func passes(ratio: Double, floorRatio: Double?, target: Double) -> Bool {
    ratio >= target || (floorRatio.map { $0 >= 1 / floorSlack } ?? false)
}

// MARK: - CSV and the summary of several runs

/// One line of --csv: a case at one thread count ("2/1": ours from 1 to 2 threads).
struct Row {
    var label: String
    var effect: String
    var format: String
    var content: String
    var threads: String
    var ours: Double
    var reference: Double
    var ratio: Double
    var floorRatio: Double?
    var target: Double
    var pass: Bool

    static let header = "label\teffect\tformat\tcontent\tthreads\tours\treference\tratio\tfloor-ratio\ttarget\tpass"

    var line: String {
        [label, effect, format, content, threads, fixed(ours, 2), fixed(reference, 2), fixed(ratio, 4),
         floorRatio.map { fixed($0, 4) } ?? "", fixed(target, 2), pass ? "PASS" : "MISS"].joined(separator: "\t")
    }

    init(label: String, effect: String, format: String, content: String, threads: String, ours: Double,
         reference: Double, ratio: Double, floorRatio: Double?, target: Double, pass: Bool) {
        (self.label, self.effect, self.format, self.content, self.threads) = (label, effect, format, content, threads)
        (self.ours, self.reference, self.ratio, self.floorRatio) = (ours, reference, ratio, floorRatio)
        (self.target, self.pass) = (target, pass)
    }

    init?(line: String) {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard f.count == 11, f[0] != "label", let ours = Double(f[5]), let reference = Double(f[6]),
              let ratio = Double(f[7]), let target = Double(f[9]) else { return nil }
        self.init(label: f[0], effect: f[1], format: f[2], content: f[3], threads: f[4], ours: ours,
                  reference: reference, ratio: ratio, floorRatio: Double(f[8]), target: target, pass: f[10] == "PASS")
    }
}

func appendLines(_ lines: [String], to path: String) {
    let exists = fileExists(path)
    guard let file = fopen(path, "a") else { fail("cannot write \(path)") }
    defer { fclose(file) }
    if !exists { fputs(Row.header + "\n", file) }
    for line in lines { fputs(line + "\n", file) }
}

func readLines(_ path: String) -> [String] {
    guard let file = fopen(path, "r") else { fail("cannot read \(path)") }
    defer { fclose(file) }
    var lines: [String] = []
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    while getline(&buffer, &capacity, file) > 0, let buffer {
        lines.append(String(cString: buffer).trimmingNewline())
    }
    return lines
}

extension String {
    func trimmingNewline() -> String {
        var s = self
        while s.last == "\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}

/// BENCHMARKS.md's table from the rows of several runs: for each effect, one line per format,
/// content and thread count, one column per label (a GEGL), each cell the median ratio over
/// the runs, their spread (max / min − 1) and ✓ when every run met the target.
func summarize(_ files: [String]) {
    let rows = files.flatMap(readLines).compactMap(Row.init(line:))
    guard !rows.isEmpty else { fail("no results in \(files.joined(separator: " "))") }
    var labels: [String] = []
    for r in rows where !labels.contains(r.label) { labels.append(r.label) }
    var effects: [String] = []
    for r in rows where !effects.contains(r.effect) { effects.append(r.effect) }
    var met = 0, missed = 0, unsteady = 0
    for effect in effects {
        let mine = rows.filter { $0.effect == effect }
        let target = mine.first.map(\.target) ?? 0
        print("\n#### \(effect)\n")
        print("| format | content | threads | " + labels.joined(separator: " | ") + " |")
        print("|---|---|---|" + labels.map { _ in "---|" }.joined())
        var keys: [(String, String, String)] = []
        for r in mine where !keys.contains(where: { $0 == (r.format, r.content, r.threads) }) {
            keys.append((r.format, r.content, r.threads))
        }
        for (format, content, threads) in keys {
            let cells = labels.map { label -> String in
                let runs = mine.filter { $0.label == label && $0.format == format && $0.content == content
                    && $0.threads == threads }
                guard !runs.isEmpty else { return "–" }
                let ratios = runs.map(\.ratio).sorted()
                let median = ratios[ratios.count / 2]
                let spread = ratios.last! / max(ratios.first!, 1e-9) - 1
                let all = runs.allSatisfy(\.pass)
                if all { met += 1 } else { missed += 1 }
                if spread > 0.15 { unsteady += 1 }
                let floors = runs.compactMap(\.floorRatio).sorted()
                let floorNote = floors.isEmpty ? "" : ", floor \(fixed(floors[floors.count / 2], 2))"
                let mark = all ? "✓" : "**✗**"
                return "\(fixed(median, 2))× ±\(fixed(spread * 100, 0)) %\(floorNote) \(mark)"
                    + (runs.count > 1 ? "" : " (1 run)")
            }
            print("| \(format) | \(content) | \(threads) | " + cells.joined(separator: " | ") + " |")
        }
        print("\ntarget ≥ \(fixed(target, 2))×" + (effect.contains("s=0 ") ? ", or ours ≥ floor / \(fixed(floorSlack, 2))" : ""))
    }
    print("\n\(met) rows met their target in every run, \(missed) did not; \(unsteady) rows spread more than 15 % over their runs.")
}
