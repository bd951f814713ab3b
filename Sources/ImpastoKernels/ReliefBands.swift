// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// A band of a relief's rows: rows `top ..< top + rows` of the image, `width` values a row in
/// each plane. What the bevel (`Bevel`) and the smoothing (`SlopeSmoothing`) make, and the
/// shading (`EmbossShading`) and the other outputs read.
struct ReliefBand {
    let top: Int, rows: Int, width: Int
    /// h ∈ 0 … 1.
    let heights: UnsafeMutablePointer<Float>
    /// ∂h/∂x and ∂h/∂y in height per pixel, image axes (x right, y down): the mean over the
    /// pixel's width (see `Bevel`). 0 on the plateau and outside.
    let slopeX: UnsafeMutablePointer<Float>, slopeY: UnsafeMutablePointer<Float>
    /// Signed distance d of each sloping pixel's centre from the edge (negative: the centre is
    /// outside); only meaningful where the slope is not 0.
    let distances: UnsafeMutablePointer<Float>
    /// Which groups of columns of each row are worked (`ReliefMarks`, `ReliefMarks.words` a
    /// row): a bevel's band receives the groups it finishes a pixel in, the others hold the
    /// widened marks that say where their planes are written (elsewhere each pixel is flat).
    let marks: UnsafeMutablePointer<UInt64>

    /// Row `row`'s marks (0 is the band's first row).
    @inline(__always)
    func marks(row: Int) -> UnsafeMutablePointer<UInt64> { marks + row &* ReliefMarks.words(width: width) }

    /// Rows `rows` of this band (within its own) with slopes from `slopeX` and `slopeY`, laid
    /// out from its first row.
    func rows(_ rows: Range<Int>, slopeX: UnsafeMutablePointer<Float>, slopeY: UnsafeMutablePointer<Float>) -> ReliefBand {
        let row = rows.lowerBound - top, offset = row * width
        return ReliefBand(top: rows.lowerBound, rows: rows.count, width: width, heights: heights + offset,
                          slopeX: slopeX, slopeY: slopeY, distances: distances + offset, marks: marks(row: row))
    }
}

/// A relief made on demand, a band of rows at a time (`HeightField.withReliefBands`): the
/// distance transform's first pass is done over whole columns, and each band is bevelled
/// (`Bevel`), smoothed (`SlopeSmoothing`), used and forgotten, so that a kernel keeps the
/// relief's planes in cache instead of whole-image planes in memory.
struct ReliefBands {
    let width: Int, height: Int
    /// The profile at the bevel's radius.
    let rise: Rise
    let columns: DistanceTransform.Columns
    /// Which relief this is: what the bands' memory notes its rows by (`BandMemory.made`).
    let identity = Identity()

    /// An object that only names a relief: compared by identity, and kept alive by any memory
    /// that names it, so that no later relief can take its address.
    final class Identity: @unchecked Sendable {}

    init(columns: DistanceTransform.Columns, rise: Rise) {
        (self.columns, self.rise, width, height) = (columns, rise, columns.width, columns.height)
    }

    /// Rows of the output a band makes (`writeBands`): each band bevels `SlopeSmoothing.passes`
    /// rows more either side than it keeps, a shaded one a row more (its footprints read their
    /// neighbours), and takes over the rows it shares with the band before: a speed choice, every
    /// count gives the same bits.
    static let rowsPerBand = 32

    /// Whether io's output, io.width × io.height pixels from `origin`, lies within the relief.
    func holds(_ io: RowIO, at origin: (x: Int, y: Int)) -> Bool {
        origin.x >= 0 && origin.y >= 0 && io.width <= width - origin.x && io.height <= height - origin.y
    }

    /// Writes `io`'s output `rowsPerBand` rows at a time, each band made by `withBand` (with
    /// `halo` rows either side) and filled by `fill(rows, samples, band, scratch)`: the band's
    /// `rows.count × io.width × 4` RGBA samples, as `RowIO.writeBands` says, `rows` counted in
    /// the relief. The output is the relief's io.width × io.height pixels from `origin`
    /// (`holds`): the whole relief, or a region of it.
    func writeBands(to io: RowIO, at origin: (x: Int, y: Int) = (0, 0), halo: Int, sparse: Bool = false,
                    parallel: ParallelFor,
                    _ fill: (Range<Int>, UnsafeMutablePointer<Float>, ReliefBand, Scratch) -> Void) {
        guard holds(io, at: origin) else { return }
        io.writeBands(rows: Self.rowsPerBand, parallel: parallel, balanced: true) { rows, out in
            let rows = rows.lowerBound + origin.y ..< rows.upperBound + origin.y
            withBand(around: rows, halo: halo, sparse: sparse, scratch: io.scratch) { band, scratch in
                fill(rows, out, band, scratch)
            }
        }
    }

    /// Writes `io`'s output (the relief's pixels from `origin`, as `writeBands`), each pixel
    /// `pixel(band, i)` of pixel i of the band, which holds just the band's rows.
    func writePixels(to io: RowIO, at origin: (x: Int, y: Int), parallel: ParallelFor,
                     _ pixel: (ReliefBand, Int) -> SIMD4<Float>) {
        writeBands(to: io, at: origin, halo: 0, parallel: parallel) { rows, out, band, _ in
            for y in rows {
                let first = (y - band.top) * width + origin.x, row = out + (y - rows.lowerBound) * io.width * 4
                for x in 0 ..< io.width { FastMath.store(pixel(band, first + x), row + 4 * x) }
            }
        }
    }

    /// A band's own buffers, kept in a scratch: the bevel's planes and marks over the rows it
    /// bevels, the widened marks, and the smoothed slopes of the rows it keeps.
    final class BandMemory: ScratchMemory {
        var heights = ScratchBuffer<Float>(), slopeX = ScratchBuffer<Float>()
        var slopeY = ScratchBuffer<Float>(), distances = ScratchBuffer<Float>()
        var bevelMarks = ScratchBuffer<UInt64>(), widenedMarks = ScratchBuffer<UInt64>()
        var smoothSlopeX = ScratchBuffer<Float>(), smoothSlopeY = ScratchBuffer<Float>()
        /// Which relief's rows the bevel's planes and marks hold, from their first row.
        var made: (relief: Identity, rows: Range<Int>)?
        init() {}

        /// Whether the bevel's planes and marks hold `count` values and `words` marks without
        /// moving (so keep what they hold).
        func holds(count: Int, words: Int) -> Bool {
            heights.capacity >= count && slopeX.capacity >= count && slopeY.capacity >= count
                && distances.capacity >= count && bevelMarks.capacity >= words
        }
    }

    /// Bevels `rows` and up to `halo` rows either side of them (those in the image), with their
    /// slopes smoothed (`SlopeSmoothing`), into memory of the scratch pool, and runs `body` with
    /// that band and the scratch holding it (whose other stages' memory is free for `body`).
    /// `sparse`: only the band's marked groups (`ReliefMarks`) are written, and `body`
    /// must read nothing else; else all are (and all marked).
    func withBand<Result>(around rows: Range<Int>, halo: Int, sparse: Bool = false, scratch: ScratchPool,
                          _ body: (ReliefBand, Scratch) -> Result) -> Result {
        let held = max(0, rows.lowerBound - halo) ..< min(height, rows.upperBound + halo)
        let passes = SlopeSmoothing.passes   // each smoothing pass reads a row more either side
        let made = max(0, held.lowerBound - passes) ..< min(height, held.upperBound + passes)
        return scratch.withScratch { s in
            let memory = s.memory(BandMemory.self)
            let count = made.count * width, words = ReliefMarks.words(width: width), markWords = made.count * words
            // Rows the last band this memory made of this relief bevelled, above and
            // overlapping these (a band's halo is its neighbour's rows), are taken over rather
            // than bevelled again: they are the same bits. (`from`: where the first of them
            // sits in the planes.)
            var (taken, from) = (made.lowerBound ..< made.lowerBound, 0)
            if let last = memory.made, last.relief === identity, last.rows.lowerBound <= made.lowerBound,
               last.rows.contains(made.lowerBound), memory.holds(count: count, words: markWords) {
                taken = made.lowerBound ..< min(last.rows.upperBound, made.upperBound)
                from = made.lowerBound - last.rows.lowerBound
            }
            let bevelled = memory.bevelMarks(count: markWords), widened = memory.widenedMarks(count: markWords)
            let raw = ReliefBand(top: made.lowerBound, rows: made.count, width: width,
                                 heights: memory.heights(count: count), slopeX: memory.slopeX(count: count),
                                 slopeY: memory.slopeY(count: count), distances: memory.distances(count: count),
                                 marks: widened)
            let keptCount = held.count * width
            let band = raw.rows(held, slopeX: memory.smoothSlopeX(count: keptCount),
                                slopeY: memory.smoothSlopeY(count: keptCount))
            memory.made = nil
            if keptCount > 0 {
                if !taken.isEmpty {
                    for plane in [raw.heights, raw.slopeX, raw.slopeY, raw.distances] {
                        memmove(plane, plane + from * width, taken.count * width * MemoryLayout<Float>.stride)
                    }
                    memmove(bevelled, bevelled + from * words, taken.count * words * MemoryLayout<UInt64>.stride)
                }
                let rest = taken.upperBound ..< made.upperBound, row = rest.lowerBound - made.lowerBound
                let restBand = ReliefBand(top: rest.lowerBound, rows: rest.count, width: width,
                                          heights: raw.heights + row * width, slopeX: raw.slopeX + row * width,
                                          slopeY: raw.slopeY + row * width, distances: raw.distances + row * width,
                                          marks: bevelled + row * words)
                Bevel.rows(rest, of: columns, rise: rise, into: restBand)
                if sparse {
                    ReliefMarks.widen(bevelled, into: widened, rows: made.count, width: width)
                } else {
                    ReliefMarks.all(widened, rows: made.count, width: width)
                }
                SlopeSmoothing.smooth(raw, into: band, memory: s.memory(SlopeSmoothing.Memory.self))
                memory.made = (identity, made)
            }
            return body(band, s)
        }
    }
}
