// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The normal map in pieces, streamed: a bump read a band of rows at a time from any pixel
/// format GIMP hands the ops (`BumpPixels`), blurred and differentiated row by row into the
/// output (`Window`, `render(_:scratches:)`), so that an op renders any region from the window
/// `margin` around it with the whole image's bits (NormalMap's header says why that holds).
extension NormalMap {
    /// The pixels of a bump as they arrive, interleaved floats.
    public enum BumpPixels {
        /// One height per pixel: h itself.
        case heights
        /// Y'A: h = Y'·alpha.
        case grayAlpha
        /// YA of a space with sRGB's curves, Y linear light (the emboss reads a linear RGBA
        /// layer so, for its alpha): as `grayAlpha` of Y' = the sRGB curve of Y
        /// (`SRGB.perceptual`).
        case linearGrayAlpha
        /// R'G'B'A: h = Y'·alpha with the luma Y' = w·(R', G', B'), `luma` the luminance
        /// weights of the image's space (summing to 1; Rec. 709's for sRGB primaries). A grey
        /// pixel (R' = G' = B', a bump painted white) has Y' = R' exactly. A fixed formula, not
        /// a colour conversion whose rounding would depend on the path babl picks at run time:
        /// the same bump gives the same bits in every run (docs/contract.md).
        case rgba(luma: SIMD3<Float>)
        /// R'G'B' without alpha (a flattened picture): h = Y', as for `rgba` with alpha 1.
        case rgb(luma: SIMD3<Float>)
        /// R'G'B'A u8, the bytes as they are (four to a Float of the samples): as `rgba` of the
        /// codes k/255. babl's R'G'B'A u8 → R'G'B'A float may be a 256 MB table, built or not
        /// per process as two timings fall (BENCHMARKS.md); widening 4 bytes here needs none.
        case rgba8(luma: SIMD3<Float>)
        /// RGBA or R'G'B'A floats whose alpha alone is the height (`PaintRelief`: paint's
        /// coverage is its relief, whatever its colour).
        case alpha
        /// R'G'B'A u8, the bytes as they are (as `rgba8`): h = the alpha code k/255.
        case alpha8
        /// As `alpha`, but the alpha is a coverage built up of layers of paint, each laid over
        /// the ones below (GIMP's normal mode: 1 − α = Π(1 − αᵢ)): h = −ln(1 − α), the paint's
        /// thickness, which adds up layer by layer (`PaintRelief.thick`). α is taken at most
        /// `BumpPixels.thickestCoverage`.
        case thickness
        /// As `alpha8`, the thickness of the alpha code k/255.
        case thickness8

        /// The coverage whose thickness is the largest a pixel gets (−ln 0.02 ≈ 3.9, the
        /// thickness of fully opaque paint): opaque paint then rises from bare canvas steeply
        /// but finitely.
        public static let thickestCoverage: Float = 0.98

        /// The thickness of each alpha code k/255.
        static let thicknessOfCodes: [Float] = (0 ..< 256).map { thickness(Float($0) / 255) }

        /// −ln(1 − α) of a coverage α (NaN and below 0: 0; above thickestCoverage: its).
        @inline(__always)
        public static func thickness(_ alpha: Float) -> Float {
            let a = alpha.isNaN ? 0 : Swift.min(Swift.max(alpha, 0), thickestCoverage)
            return -Float(log1p(-Double(a)))
        }

        public var components: Int {
            switch self {
            case .heights: 1
            case .grayAlpha, .linearGrayAlpha: 2
            case .rgb: 3
            case .rgba, .rgba8, .alpha, .alpha8, .thickness, .thickness8: 4
            }
        }

        /// Floats of the samples a pixel takes.
        public var floats: Int {
            switch self {
            case .rgba8, .alpha8, .thickness8: 1
            default: components
            }
        }
    }

    /// A piece of the bump: `width × height` pixels, the output's and `margin` more on each
    /// side (as for `normals(window:margin:)`), handed out a band of rows at a time by
    /// `read(rows, samples)` (width × rows.count pixels of `pixels`).
    public struct Window {
        public let width: Int, height: Int, margin: Int
        public let pixels: BumpPixels
        public let read: (Range<Int>, UnsafeMutablePointer<Float>) -> Void

        public init(width: Int, height: Int, margin: Int, pixels: BumpPixels,
                    read: @escaping (Range<Int>, UnsafeMutablePointer<Float>) -> Void) {
            self.width = max(0, width)
            self.height = max(0, height)
            self.margin = max(0, margin)
            self.pixels = pixels
            self.read = read
        }

        /// A window over a plane of heights in memory (which must outlive it).
        init(heights: UnsafePointer<Float>, width: Int, height: Int, margin: Int) {
            let w = max(0, width)
            self.init(width: width, height: height, margin: margin, pixels: .heights) { rows, into in
                into.update(from: heights + rows.lowerBound * w, count: rows.count * w)
            }
        }

        /// Shares the output rows out with `parallel`: `body(rows, scratch, write)` renders each
        /// share with a scratch of its own from `scratches`; the first share reports how many
        /// of its rows are written.
        func forEachShare(scratches: ScratchPool, parallel: ParallelFor, progress: Progress,
                          write: (Range<Int>, UnsafePointer<Float>) -> Void,
                          _ body: (Range<Int>, Scratch, (Range<Int>, UnsafePointer<Float>) -> Void) -> Void) {
            // The closures only live for this call (Swift cannot see that through `body`).
            withoutActuallyEscaping(write) { write in
                withoutActuallyEscaping(body) { body in
                    parallel(outputHeight) { share in
                        scratches.withScratch { scratch in
                            body(share, scratch) { band, rgba in
                                write(band, rgba)
                                if share.lowerBound == 0 { progress(Double(band.upperBound) / Double(share.count)) }
                            }
                        }
                    }
                }
            }
        }

        /// The output's size: nothing when the margin leaves no inner pixel.
        var outputWidth: Int { margin < (width + 1) / 2 ? width - 2 * margin : 0 }
        var outputHeight: Int { margin < (height + 1) / 2 && outputWidth > 0 ? height - 2 * margin : 0 }
    }

    /// Renders output rows `rows` (of 0 ..< height − 2·margin; all if nil) of `window` as the
    /// normal map, R'G'B'A float — or, `linear`, the same colours as linear RGBA float (the
    /// codes undone by `SRGB.decodeUnit`, for an output whose buffer is linear) —, handing
    /// them to `write(rows, samples)` a band at a time (outputWidth × rows.count × 4 floats,
    /// valid during the call). Works in `scratch` only: nothing is allocated once it has
    /// grown to the piece's size.
    public func render(_ window: Window, rows: Range<Int>? = nil, scratch: Scratch, linear: Bool = false,
                       write: (Range<Int>, UnsafePointer<Float>) -> Void) {
        let contrast = slopeScale, flipY = self.flipY
        if linear {
            let decode = SRGB.decodeUnit
            let planes = scratch.floats(Slot.planes.rawValue, count: Around.planeFloats(window.outputWidth))
            stream(window, rows: rows, scratch: scratch, start: { _, _ in }, row: { around, rgba, width in
                around.encode(into: rgba, count: width, contrast: contrast, flipY: flipY, decode: decode, planes: planes)
            }, write: write)
        } else {
            stream(window, rows: rows, scratch: scratch, start: { _, _ in }, row: { around, rgba, width in
                around.encode(into: rgba, count: width, contrast: contrast, flipY: flipY)
            }, write: write)
        }
    }

    /// All of `window`'s output rows, as `render(_:rows:scratch:linear:write:)`, shared out
    /// with `parallel`, each share with a scratch from `scratches`. The first share reports
    /// its progress after each band.
    public func render(_ window: Window, scratches: ScratchPool, parallel: ParallelFor = .serial,
                       progress: Progress = .none, linear: Bool = false,
                       write: (Range<Int>, UnsafePointer<Float>) -> Void) {
        window.forEachShare(scratches: scratches, parallel: parallel, progress: progress, write: write) {
            render(window, rows: $0, scratch: $1, linear: linear, write: $2)
        }
    }

    /// Streams output rows `rows` (of 0 ..< outputHeight; all if nil) of `window` in bands of
    /// RGBA rows: `start(band, rgba)` fills a band's samples first if the rows need them (the
    /// colour a light shines on), `row(around, rgba, width)` fills or changes each row's
    /// `width × 4` samples from the smoothed heights around it, `write(band, rgba)` takes the
    /// finished band. All in `scratch`.
    func stream(_ window: Window, rows: Range<Int>?, scratch: Scratch,
                start: (Range<Int>, UnsafeMutablePointer<Float>) -> Void,
                row: (Around, UnsafeMutablePointer<Float>, Int) -> Void,
                write: (Range<Int>, UnsafePointer<Float>) -> Void) {
        let width = window.outputWidth, all = 0 ..< window.outputHeight
        let rows = (rows ?? all).clamped(to: all)
        guard width > 0, !rows.isEmpty else { return }
        let band = Self.rows(of: width * 4)
        let out = scratch.floats(Slot.output.rawValue, count: band * width * 4)
        var filled = 0
        forEachRow(of: window, rows: rows, scratch: scratch) { y, around in
            if filled == 0 { start(y ..< min(y + band, rows.upperBound), out) }
            row(around, out + filled * width * 4, width)
            filled += 1
            if filled == band || y == rows.upperBound - 1 {
                write(y + 1 - filled ..< y + 1, out)
                filled = 0
            }
        }
    }

    /// Floats per band of rows that the streaming keeps in cache at once.
    static let bandFloats = 1 << 16

    /// Rows of `rowSize` floats per band: about `bandFloats`, at least one.
    static func rows(of rowSize: Int) -> Int { max(1, bandFloats / max(1, rowSize)) }

    /// The scratch buffers of one piece.
    enum Slot: Int {
        case samples, heights, smooth, padded, zeros, output, planes
    }

    /// Calls `body(y, around)` for output rows `rows` in order, with the smoothed heights of
    /// window rows y + margin − 1 … y + margin + 1 (clamped to the window).
    ///
    /// The window is streamed in bands of output rows: each band reads the window rows its blur
    /// and differences reach (keeping those the previous band already read), turns them into
    /// heights, blurs the rows it needs down and then across, and hands them out. Every
    /// smoothed value is computed exactly as a blur of the whole window would (same taps, same
    /// order, zeros beyond the window), so any split into pieces, bands or rows gives the same
    /// bits.
    func forEachRow(of window: Window, rows: Range<Int>, scratch: Scratch, _ body: (Int, Around) -> Void) {
        let width = window.width, height = window.height, margin = window.margin
        let sigma = self.sigma, fir = sigma > 0 ? GaussianBlur.FIRKernel(sigma: sigma) : nil
        let reach = fir.map { $0.weights.count - 1 } ?? 0
        let band = max(8, Self.rows(of: width))
        let components = window.pixels.floats, chunk = Self.rows(of: width * components)
        let samples = scratch.floats(Slot.samples.rawValue, count: chunk * width * components)
        // Heights of window rows `held`, from row 0 of `heights` on.
        let heights = scratch.floats(Slot.heights.rawValue, count: (band + 2 + 2 * reach) * width)
        var held = 0 ..< 0

        /// Reads window rows `wanted` into `heights` from its row `wanted.lowerBound − held.lowerBound`.
        func read(_ wanted: Range<Int>) {
            for start in stride(from: wanted.lowerBound, to: wanted.upperBound, by: chunk) {
                let part = start ..< min(start + chunk, wanted.upperBound)
                window.read(part, samples)
                for (i, y) in part.enumerated() {
                    Self.heights(from: samples + i * width * components, pixels: window.pixels, count: width,
                                 into: heights + (y - held.lowerBound) * width)
                }
            }
        }

        for y0 in stride(from: rows.lowerBound, to: rows.upperBound, by: band) {
            let y1 = min(y0 + band, rows.upperBound)
            // Smoothed rows the differences need, and the height rows the blur needs for them.
            let smoothRows = max(0, y0 + margin - 1) ..< min(height, y1 + margin + 1)
            let heightRows = max(0, smoothRows.lowerBound - reach) ..< min(height, smoothRows.upperBound + reach)
            let kept = heightRows.clamped(to: held)
            if kept.isEmpty {
                held = heightRows
                read(heightRows)
            } else {
                // Bands go down the window: what is kept is the end of what was held.
                memmove(heights, heights + (kept.lowerBound - held.lowerBound) * width,
                        kept.count * width * MemoryLayout<Float>.stride)
                held = heightRows
                read(kept.upperBound ..< heightRows.upperBound)
            }

            let smooth: UnsafeMutablePointer<Float>
            if let fir {
                smooth = scratch.floats(Slot.smooth.rawValue, count: (band + 2) * width)
                let zeros = scratch.floats(Slot.zeros.rawValue, count: GaussianBlur.ColumnFilter.block)
                zeros.update(repeating: 0, count: GaussianBlur.ColumnFilter.block)
                let outputRows = smoothRows.lowerBound - held.lowerBound ..< smoothRows.upperBound - held.lowerBound
                for x0 in stride(from: 0, to: width, by: GaussianBlur.ColumnFilter.block) {
                    let columns = GaussianBlur.Rows(source: heights + x0, zero: zeros, width: width, height: held.count,
                                                    lanes: min(GaussianBlur.ColumnFilter.block, width - x0))
                    fir.run(columns, smooth + x0, width: width, outputRows: outputRows)
                }
                let padded = scratch.floats(Slot.padded.rawValue, count: fir.paddedCount(width))
                for r in 0 ..< smoothRows.count { fir.across(smooth + r * width, count: width, padded: padded) }
            } else {
                smooth = heights + (smoothRows.lowerBound - held.lowerBound) * width
            }

            for y in y0 ..< y1 {
                let centre = y + margin
                func row(_ r: Int) -> UnsafePointer<Float> {
                    UnsafePointer(smooth + (min(max(r, 0), height - 1) - smoothRows.lowerBound) * width)
                }
                body(y, Around(up: row(centre - 1), centre: row(centre), down: row(centre + 1),
                               width: width, margin: margin))
            }
        }
    }

    /// `count` heights from samples of `pixels`, cleaned (see `clean`).
    @inline(__always)
    public static func heights(from samples: UnsafePointer<Float>, pixels: BumpPixels, count: Int,
                        into heights: UnsafeMutablePointer<Float>) {
        switch pixels {
        case .heights:
            for i in 0 ..< count { heights[i] = clean(samples[i]) }
        case .grayAlpha:
            for i in 0 ..< count { heights[i] = clean(samples[2 * i] * samples[2 * i + 1]) }
        case .linearGrayAlpha:
            var i = 0
            while i + 4 <= count {
                // Four pixels at a time: Y and alpha of each as vectors.
                let p = UnsafeRawPointer(samples + 2 * i).loadUnaligned(as: SIMD8<Float>.self)
                UnsafeMutableRawPointer(heights + i).storeBytes(of: clean(SRGB.perceptual(p.evenHalf) * p.oddHalf),
                                                                as: SIMD4<Float>.self)
                i += 4
            }
            for j in i ..< count {
                heights[j] = clean(SRGB.perceptual(SIMD4(repeating: samples[2 * j]))[0] * samples[2 * j + 1])
            }
        case .rgb(let w):
            // Pixel by pixel: written four at a time, LLVM hoists the luma's products ahead of
            // picking the twelve floats apart, and the read costs more instructions a pixel.
            for i in 0 ..< count {
                let (r, g, b) = (samples[3 * i], samples[3 * i + 1], samples[3 * i + 2])
                heights[i] = clean(r == g && g == b ? r : (w.x * r + w.y * g) + w.z * b)
            }
        case .rgba8(let w):
            let bytes = UnsafeRawPointer(samples).assumingMemoryBound(to: UInt8.self), code = SRGB.decode8.codes
            var i = 0
            while i + 4 <= count {
                // Four pixels' bytes, each to its code k/255 by table, as R', G', B', alpha vectors.
                let p = bytes + 4 * i
                func lane(_ c: Int) -> SIMD4<Float> {
                    SIMD4(code[Int(p[c])], code[Int(p[c + 4])], code[Int(p[c + 8])], code[Int(p[c + 12])])
                }
                let h = height(r: lane(0), g: lane(1), b: lane(2), alpha: lane(3), luma: w)
                UnsafeMutableRawPointer(heights + i).storeBytes(of: h, as: SIMD4<Float>.self)
                i += 4
            }
            for j in i ..< count {
                let p = bytes + 4 * j
                func one(_ c: Int) -> SIMD4<Float> { SIMD4(repeating: code[Int(p[c])]) }
                heights[j] = height(r: one(0), g: one(1), b: one(2), alpha: one(3), luma: w)[0]
            }
        case .alpha:
            for i in 0 ..< count { heights[i] = clean(samples[4 * i + 3]) }
        case .alpha8:
            let bytes = UnsafeRawPointer(samples).assumingMemoryBound(to: UInt8.self), code = SRGB.decode8.codes
            for i in 0 ..< count { heights[i] = code[Int(bytes[4 * i + 3])] }
        case .thickness:
            for i in 0 ..< count { heights[i] = BumpPixels.thickness(samples[4 * i + 3]) }
        case .thickness8:
            let bytes = UnsafeRawPointer(samples).assumingMemoryBound(to: UInt8.self), thick = BumpPixels.thicknessOfCodes
            for i in 0 ..< count { heights[i] = thick[Int(bytes[4 * i + 3])] }
        case .rgba(let w):
            var i = 0
            while i + 4 <= count {
                // Four pixels at a time: R', G', B', alpha of each as vectors.
                let p = UnsafeRawPointer(samples + 4 * i).loadUnaligned(as: SIMD16<Float>.self)
                let rb = p.evenHalf, ga = p.oddHalf
                let h = height(r: rb.evenHalf, g: ga.evenHalf, b: rb.oddHalf, alpha: ga.oddHalf, luma: w)
                UnsafeMutableRawPointer(heights + i).storeBytes(of: h, as: SIMD4<Float>.self)
                i += 4
            }
            for j in i ..< count {
                let p = UnsafeRawPointer(samples + 4 * j).loadUnaligned(as: SIMD4<Float>.self)
                heights[j] = height(r: SIMD4(repeating: p.x), g: SIMD4(repeating: p.y), b: SIMD4(repeating: p.z),
                                    alpha: SIMD4(repeating: p.w), luma: w)[0]
            }
        }
    }

    /// Cleaned heights Y'·alpha of four R'G'B'A pixels: Y' = R' for grey ones (exactly), else
    /// the luma w·(R', G', B'), always in the same order of operations.
    @inline(__always)
    static func height(r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>, alpha: SIMD4<Float>,
                       luma w: SIMD3<Float>) -> SIMD4<Float> {
        let grey = (r .== g) .& (g .== b)
        // A bump is painted white: most pixels are grey, and need no luma.
        if all(grey) { return clean(r * alpha) }
        let luma = (w.x * r + w.y * g) + w.z * b
        return clean(r.replacing(with: luma, where: .!grey) * alpha)
    }

    /// `clean` of four heights at once, with the same result in every lane.
    @inline(__always)
    static func clean(_ h: SIMD4<Float>) -> SIMD4<Float> {
        let limit = SIMD4<Float>(repeating: largestHeight)
        // Heights are nearly always in range (false for NaN): then they stay as they are, for
        // one test instead of the masks below.
        if all((h .>= -limit) .& (h .<= limit)) { return h }
        // h − h is 0 exactly when h is finite (∞ − ∞ and NaN give NaN). Lane masks rather than
        // pointwiseMin/Max, which Swift 6.3 calls out of line (a fifth of the kernel's time).
        let clamped = h.replacing(with: -limit, where: h .< -limit).replacing(with: limit, where: h .> limit)
        return clamped.replacing(with: 0, where: .!(h - h .== 0))
    }

    /// Smoothed window rows y − 1, y, y + 1 around an output row (`width`: the window's).
    struct Around {
        let up: UnsafePointer<Float>, centre: UnsafePointer<Float>, down: UnsafePointer<Float>
        let width: Int, margin: Int

        /// The unit normals of output pixels x ..< x + 4 (lanes past the row repeat its last
        /// pixel): EmbossShading's normal(dx, −dy) — normalize(−c·∂h/∂x, +c·∂h/∂y, 1) —, four
        /// lanes at a time with the scalar code's exact operations, edge pixels repeated.
        @inline(__always)
        func normals(_ x: Int, contrast c: Float) -> (x: SIMD4<Float>, y: SIMD4<Float>, z: SIMD4<Float>) {
            // Wrapping adds: x < width, so nothing here can overflow, and the checks cost the
            // loop a few instructions a group.
            let wx = x &+ margin
            var left = SIMD4<Float>(), right = SIMD4<Float>(), above = SIMD4<Float>(), below = SIMD4<Float>()
            if wx >= 1 && wx &+ 4 < width {
                left = UnsafeRawPointer(centre + wx - 1).loadUnaligned(as: SIMD4<Float>.self)
                right = UnsafeRawPointer(centre + wx + 1).loadUnaligned(as: SIMD4<Float>.self)
                above = UnsafeRawPointer(up + wx).loadUnaligned(as: SIMD4<Float>.self)
                below = UnsafeRawPointer(down + wx).loadUnaligned(as: SIMD4<Float>.self)
            } else {
                for j in 0 ..< 4 {
                    let cx = min(wx + j, width - 1)
                    left[j] = centre[max(cx - 1, 0)]
                    right[j] = centre[min(cx + 1, width - 1)]
                    above[j] = up[cx]
                    below[j] = down[cx]
                }
            }
            let dx = (right - left) * 0.5, dy = -((below - above) * 0.5)
            let vx = -c * dx, vy = -c * dy
            // The heights are clean (|h| ≤ `largestHeight`, so the blur's too) and c ≤ 400: vx² + vy²
            // stays below 10¹⁸, so the length is finite and at least 1, never the scalar
            // normal's flat case (EmbossShading.normal); testing for it cost 18 instructions a group.
            let length = (vx * vx + vy * vy + 1).squareRoot()
            return (vx / length, vy / length, 1 / length)
        }

        /// The row's `count` output pixels as R'G'B'A code values (see `encode`) into `rgba`.
        @inline(__always)
        func encode(into rgba: UnsafeMutablePointer<Float>, count: Int, contrast: Float, flipY: Bool) {
            // Four pixels (nₓ, n_y, n_z, 1), each encoded as 0.5 + 0.5·v: the scalar encode's
            // operations, and 0.5 + 0.5·1 = 1 exactly for alpha.
            store(into: rgba, count: count, contrast: contrast, flipY: flipY) { x, y, z in
                0.5 + 0.5 * SIMD16<Float>(x[0], y[0], z[0], 1, x[1], y[1], z[1], 1,
                                          x[2], y[2], z[2], 1, x[3], y[3], z[3], 1)
            }
        }

        /// Floats of the `planes` that `encode(into:count:contrast:flipY:decode:planes:)` needs.
        static func planeFloats(_ count: Int) -> Int { 3 * planeStride(count) }
        private static func planeStride(_ count: Int) -> Int { (max(0, count) + 3) & ~3 }

        /// The same codes undone by `decode` (linear RGBA, alpha 1) into `rgba`, in two loops:
        /// the normals' codes decoded into `planes` (red, green, blue, each `count` rounded up
        /// to 4 floats), then interleaved. In one loop the compiler moves the interleaving ahead
        /// of the decoding (the same operations on three vectors) and must then pick the table's
        /// lanes out of shuffled vectors, which costs more instructions than the two loops.
        @inline(__always)
        func encode(into rgba: UnsafeMutablePointer<Float>, count: Int, contrast: Float, flipY: Bool,
                    decode: SRGB.UnitDecoder, planes: UnsafeMutablePointer<Float>) {
            let stride = Self.planeStride(count), red = planes, green = planes + stride, blue = planes + 2 * stride
            var x = 0
            while x < count {
                let n = normals(x, contrast: contrast)
                @inline(__always) func put(_ v: SIMD4<Float>, _ plane: UnsafeMutablePointer<Float>) {
                    FastMath.store(decode.linear(codesOf: v), plane + x)
                }
                put(n.x, red)
                put(flipY ? -n.y : n.y, green)
                put(n.z, blue)
                x &+= 4
            }
            x = 0
            while x < count {
                // Interleaved as red/blue and green/alpha pairs, then those.
                var redBlue = SIMD8<Float>(), greenAlpha = SIMD8<Float>(repeating: 1), four = SIMD16<Float>()
                redBlue.evenHalf = FastMath.load(red + x)
                redBlue.oddHalf = FastMath.load(blue + x)
                greenAlpha.evenHalf = FastMath.load(green + x)
                four.evenHalf = redBlue
                four.oddHalf = greenAlpha
                Self.put(four, into: rgba, at: x, count: count)
                x &+= 4
            }
        }

        /// The row's `count` output pixels, four at a time from their normals (nₓ, n_y as the
        /// convention wants it, n_z) by `pixels`, into `rgba`.
        @inline(__always)
        private func store(into rgba: UnsafeMutablePointer<Float>, count: Int, contrast: Float, flipY: Bool,
                           _ pixels: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) -> SIMD16<Float>) {
            var x = 0
            while x < count {
                let n = normals(x, contrast: contrast)
                Self.put(pixels(n.x, flipY ? -n.y : n.y, n.z), into: rgba, at: x, count: count)
                x &+= 4
            }
        }

        /// Output pixels x ..< x + 4 of a row of `count` (those of them in it) from `four`.
        @inline(__always)
        private static func put(_ four: SIMD16<Float>, into rgba: UnsafeMutablePointer<Float>, at x: Int, count: Int) {
            if x + 4 <= count {
                UnsafeMutableRawPointer(rgba + 4 * x).storeBytes(of: four, as: SIMD16<Float>.self)
            } else {
                for i in 0 ..< 4 * (count - x) { rgba[4 * x + i] = four[i] }
            }
        }
    }
}
