// SPDX-License-Identifier: GPL-3.0-or-later
/// Which columns of a band's rows the relief's passes after the bevel work: a bit for each
/// group of `columns` columns, `words(width:)` words a row (`ReliefBand.marks`).
///
/// The bevel marks the groups of each pixel it finishes (every pixel that slopes is one)
/// and of its left and right neighbours; `ReliefBands.withBand` then widens the marks by a
/// row either side, since a sloping pixel's smoothing, its footprint's lookups and its
/// moves read its 8 neighbours. Every pixel outside the widened marks is flat: a shading
/// band's passes neither write nor read it, and the shading gives it the flat colour
/// without looking (on text, most of the groups). A band whose every plane is read (a
/// relief, the height or the normal map) is marked all over.
enum ReliefMarks {
    /// Columns a bit stands for: a multiple of the passes' four lanes.
    static let columns = 16

    /// Words a row of `width` pixels takes.
    static func words(width: Int) -> Int { (groups(width: width) + 63) / 64 }

    /// Groups a row of `width` pixels has (the last may be short).
    static func groups(width: Int) -> Int { (width + columns - 1) / columns }

    /// Marks the groups of columns x − 1, x and x + 1 (those within 0 ..< width) in `row`.
    @inline(__always)
    static func mark(_ row: UnsafeMutablePointer<UInt64>, x: Int, width: Int) {
        let group = x / columns, column = x &- group &* columns
        row[group >> 6] |= 1 &<< UInt64(group & 63)
        if column == 0 && x > 0 {
            row[(group &- 1) >> 6] |= 1 &<< UInt64((group &- 1) & 63)
        } else if column == columns &- 1 && x &+ 1 < width {
            row[(group &+ 1) >> 6] |= 1 &<< UInt64((group &+ 1) & 63)
        }
    }

    /// Runs `body(start, end)` for each run of marked columns of `row`, left to right,
    /// within 0 ..< width (a run across a word's end may come as two).
    @inline(__always)
    static func forEachRun(_ row: UnsafePointer<UInt64>, width: Int, _ body: (Int, Int) -> Void) {
        let groups = groups(width: width)
        var group = 0
        while group < groups {
            let bits = row[group >> 6] &>> UInt64(group & 63)
            guard bits != 0 else { group = (group | 63) &+ 1; continue }
            let start = group &+ bits.trailingZeroBitCount
            // The run's ones from `start` on within this word (the bits shifted in above
            // them are zeros, so the count stops at the word's end).
            let end = start &+ (~(row[start >> 6] &>> UInt64(start & 63))).trailingZeroBitCount
            guard start < groups else { return }
            body(start &* columns, Swift.min(end &* columns, width))
            group = end
        }
    }

    /// `forEachRun`'s runs cut to `columns`.
    @inline(__always)
    static func forEachRun(_ row: UnsafePointer<UInt64>, width: Int, within columns: Range<Int>,
                           _ body: (Int, Int) -> Void) {
        forEachRun(row, width: width) { start, end in
            let start = Swift.max(start, columns.lowerBound), end = Swift.min(end, columns.upperBound)
            if start < end { body(start, end) }
        }
    }

    /// `marks`' `rows` rows widened into `into`'s: a group is marked where it is marked in
    /// its row or in the row above or below (within `rows`).
    static func widen(_ marks: UnsafePointer<UInt64>, into widened: UnsafeMutablePointer<UInt64>,
                      rows: Int, width: Int) {
        let words = words(width: width)
        for row in 0 ..< rows {
            for word in 0 ..< words {
                let i = row &* words &+ word
                var v = marks[i]
                if row > 0 { v |= marks[i &- words] }
                if row < rows &- 1 { v |= marks[i &+ words] }
                widened[i] = v
            }
        }
    }

    /// `rows` rows all marked.
    static func all(_ marks: UnsafeMutablePointer<UInt64>, rows: Int, width: Int) {
        marks.update(repeating: ~0, count: rows * words(width: width))
    }
}
