// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization

/// How a whole-image kernel reads its input and writes its output: a band of rows at a time,
/// so that no full-size copy of either is ever made (huge images stay affordable, and no
/// memory is touched twice). The closures may be called concurrently for disjoint rows.
/// The bands' buffers come from `scratch`; each pass reports its progress.
public struct RowIO {
    public let width: Int
    public let height: Int
    /// Samples per input pixel (`read` fills width × rows × this).
    public let inputComponents: Int
    /// `read(rows, into)`: the input's rows, interleaved.
    public let read: (Range<Int>, UnsafeMutablePointer<Float>) -> Void
    /// `write(rows, from)`: the output's rows, RGBA interleaved.
    public let write: (Range<Int>, UnsafePointer<Float>) -> Void
    /// Where each pass over the rows reports how far it has come (see `reporting`).
    public var progress: Progress
    /// Where the bands' buffers come from.
    public let scratch: ScratchPool
    /// The whole input and output, when they are in memory (`memory(…)`): point kernels work
    /// on them directly, without copying bands.
    private var pixels: (input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>)?

    /// Rows per band: small enough to stay in cache, large enough to amortise each call.
    public static let bandRows = 16

    public init(width: Int, height: Int, inputComponents: Int,
                progress: Progress = .none, scratch: ScratchPool = ScratchPool(),
                read: @escaping (Range<Int>, UnsafeMutablePointer<Float>) -> Void,
                write: @escaping (Range<Int>, UnsafePointer<Float>) -> Void) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.inputComponents = max(1, inputComponents)
        self.progress = progress
        self.scratch = scratch
        self.read = read
        self.write = write
    }

    /// The same rows, with passes reporting as `part` of this io's progress (a stage of a
    /// kernel that passes over the rows more than once).
    public func reporting(_ part: ClosedRange<Double>) -> RowIO {
        var io = self
        io.progress = progress.part(part)
        return io
    }

    /// Rows `rows` of this io (within 0 ..< height) as an io of their own, whose row 0 is row
    /// `rows.lowerBound` of this one.
    public func rows(_ rows: Range<Int>) -> RowIO {
        let rows = max(0, min(rows.lowerBound, height)) ..< max(0, min(rows.upperBound, height))
        let first = rows.lowerBound, read = read, write = write
        return RowIO(width: width, height: rows.count, inputComponents: inputComponents, progress: progress,
                     scratch: scratch,
                     read: { band, into in read(band.lowerBound + first ..< band.upperBound + first, into) },
                     write: { band, from in write(band.lowerBound + first ..< band.upperBound + first, from) })
    }

    /// Row IO over whole in-memory images: `input` (width × height × inputComponents) and
    /// `output` (width × height × 4; it may be `input` when that has 4 components).
    public static func memory(width: Int, height: Int, input: UnsafePointer<Float>, inputComponents: Int,
                              output: UnsafeMutablePointer<Float>, progress: Progress = .none,
                              scratch: ScratchPool = ScratchPool()) -> RowIO {
        let w = max(0, width), c = max(1, inputComponents)
        var io = RowIO(width: w, height: height, inputComponents: c, progress: progress, scratch: scratch,
                       read: { rows, into in
                           into.update(from: input + rows.lowerBound * w * c, count: rows.count * w * c)
                       },
                       write: { rows, from in
                           (output + rows.lowerBound * w * 4).update(from: from, count: rows.count * w * 4)
                       })
        io.pixels = (input, output)
        return io
    }

    /// Reads the input band by band, rows shared out with `parallel`; `body(y, samples)` sees
    /// each row's `width × inputComponents` samples.
    public func readRows(parallel: ParallelFor, _ body: (Int, UnsafePointer<Float>) -> Void) {
        let rowSize = width * inputComponents
        forEachBand(rowSize: rowSize, parallel: parallel) { band, buffer in
            read(band, buffer)
            for y in band { body(y, buffer + (y - band.lowerBound) * rowSize) }
        }
    }

    /// Writes the output band by band, rows shared out with `parallel`; `fill(y, samples)`
    /// writes row y's `width × 4` RGBA samples.
    public func writeRows(parallel: ParallelFor, _ fill: (Int, UnsafeMutablePointer<Float>) -> Void) {
        let rowSize = width * 4
        writeBands(parallel: parallel) { band, buffer in
            for y in band { fill(y, buffer + (y - band.lowerBound) * rowSize) }
        }
    }

    /// Writes the output band by band (at most `rows` rows each, `bandRows` unless said),
    /// rows shared out with `parallel`; `fill(rows, samples)` writes the band's
    /// `rows.count × width × 4` RGBA samples: for kernels that make what they write a band at
    /// a time. `balanced`: the bands are handed out in pieces of a few to the shares as each
    /// becomes free (see `forEachBand`), for kernels whose bands cost unevenly.
    public func writeBands(rows: Int = RowIO.bandRows, parallel: ParallelFor, balanced: Bool = false,
                           _ fill: (Range<Int>, UnsafeMutablePointer<Float>) -> Void) {
        forEachBand(rowSize: width * 4, bandRows: rows, parallel: parallel, balanced: balanced) { band, buffer in
            fill(band, buffer)
            write(band, buffer)
        }
    }

    /// Bands a piece of a balanced pass holds (`forEachBand`): 64 bands of 32 rows on two
    /// threads make 16 pieces, an eighth of a share each.
    static let balancedBands = 4

    /// Point kernels: `transform(input, output, pixels)` maps `pixels` RGBA pixels of the input
    /// (`inputComponents` 4) to the output, in bands shared out with `parallel` (`input` may
    /// be `output`). In memory it works on the images themselves; otherwise each band is read
    /// into a buffer, changed in place and written.
    public func transformRows(parallel: ParallelFor,
                              _ transform: (UnsafePointer<Float>, UnsafeMutablePointer<Float>, Int) -> Void) {
        guard inputComponents == 4 else { return }
        if let (input, output) = pixels {
            forEachBand(rowSize: width * 4, parallel: parallel, buffered: false) { band, _ in
                let start = band.lowerBound * width * 4
                transform(input + start, output + start, band.count * width)
            }
            return
        }
        forEachBand(rowSize: width * 4, parallel: parallel) { band, buffer in
            read(band, buffer)
            transform(buffer, buffer, band.count * width)
            write(band, buffer)
        }
    }

    /// Shares the rows out with `parallel`; each share walks its rows in bands of `bandRows`
    /// (at least 1), with one buffer of `bandRows × rowSize` floats from `scratch` (none unless
    /// `buffered`). The first share reports its progress after each band. `balanced`: the
    /// bands go out instead in pieces of `balancedBands` to whichever share is free
    /// (`ParallelFor.balanced`); a kernel that keeps what one band made for the next (the
    /// relief's halo) keeps it within a piece. Progress is then the rows all shares have done,
    /// reported from the calling thread (GEGL's progress belongs to it).
    private func forEachBand(rowSize: Int, bandRows: Int = RowIO.bandRows, parallel: ParallelFor,
                             buffered: Bool = true, balanced: Bool = false,
                             _ body: (Range<Int>, UnsafeMutablePointer<Float>) -> Void) {
        guard rowSize > 0 else { return }
        let bandRows = max(1, bandRows)
        /// Runs `work` with a band's buffer of its own.
        func withBuffer(_ work: (UnsafeMutablePointer<Float>) -> Void) {
            if buffered {
                scratch.withScratch { work($0.floats(0, count: bandRows * rowSize)) }
            } else {
                var unused: Float = 0
                work(&unused)
            }
        }
        guard balanced else {
            parallel(height) { rows in
                withBuffer { buffer in
                    for start in stride(from: rows.lowerBound, to: rows.upperBound, by: bandRows) {
                        let end = min(start + bandRows, rows.upperBound)
                        body(start ..< end, buffer)
                        if rows.lowerBound == 0 { progress(Double(end) / Double(rows.count)) }
                    }
                }
            }
            return
        }
        let bands = (height + bandRows - 1) / bandRows, done = Atomic<Int>(0), caller = pthread_self()
        parallel.balanced(bands, pieces: (bands + Self.balancedBands - 1) / Self.balancedBands) { pieceBands in
            withBuffer { buffer in
                for b in pieceBands {
                    let band = b * bandRows ..< min((b + 1) * bandRows, height)
                    body(band, buffer)
                    let rows = done.add(band.count, ordering: .relaxed).newValue
                    if pthread_equal(pthread_self(), caller) != 0 { progress(Double(rows) / Double(height)) }
                }
            }
        }
    }
}
