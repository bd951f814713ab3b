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
    /// a time.
    public func writeBands(rows: Int = RowIO.bandRows, parallel: ParallelFor,
                           _ fill: (Range<Int>, UnsafeMutablePointer<Float>) -> Void) {
        forEachBand(rowSize: width * 4, bandRows: rows, parallel: parallel) { band, buffer in
            fill(band, buffer)
            write(band, buffer)
        }
    }

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
    /// `buffered`). The first share reports its progress after each band.
    private func forEachBand(rowSize: Int, bandRows: Int = RowIO.bandRows, parallel: ParallelFor,
                             buffered: Bool = true, _ body: (Range<Int>, UnsafeMutablePointer<Float>) -> Void) {
        guard rowSize > 0 else { return }
        let bandRows = max(1, bandRows)
        parallel(height) { rows in
            func bands(_ buffer: UnsafeMutablePointer<Float>) {
                for start in stride(from: rows.lowerBound, to: rows.upperBound, by: bandRows) {
                    let end = min(start + bandRows, rows.upperBound)
                    body(start ..< end, buffer)
                    if rows.lowerBound == 0 { progress(Double(end) / Double(rows.count)) }
                }
            }
            if buffered {
                scratch.withScratch { bands($0.floats(0, count: bandRows * rowSize)) }
            } else {
                var unused: Float = 0
                bands(&unused)
            }
        }
    }
}
