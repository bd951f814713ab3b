// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// A Gaussian blur of a plane, transparent (zero) beyond its borders: what gets blurred out of
/// the image is lost, and what lies outside brings nothing in.
///
/// Separable: first the vertical pass, down blocks of the plane's columns into the result, where
/// neighbouring columns are independent filters that advance together over contiguous memory,
/// several lanes per SIMD vector; then the horizontal one in place. The FIR takes that one row by
/// row (a tap's neighbours are then the row shifted by a few pixels); the recursive filter
/// over strips of rows turned on their side (`Strip`). One full-size allocation: on a fresh
/// 2048² plane the page faults alone cost a few ns per pixel.
public enum GaussianBlur {
    /// Up to this σ the blur is an exact FIR convolution (2⌊4σ⌋ + 1 taps, reach ⌊4σ⌋); beyond
    /// it the recursive filter, whose cost per pixel does not grow with σ but whose reach is
    /// 12σ (`Deriche`): here the FIR's shorter reach makes a liquified emboss, whole or a
    /// region, no slower (BENCHMARKS.md, "Local ops"). GaussianBlurTests cover both sides of
    /// it.
    static let largestFIRSigma: Float = 12
    /// σ is clamped to this: the recursive filter loses precision far beyond it, and a blur
    /// that wide has spread any image to nearly nothing long before.
    static let largestSigma: Float = 2000

    /// The blur with standard deviation `sigma` in pixels; σ ≤ 0 or NaN returns the plane.
    /// For values in 0 … 1 within about 2·10⁻⁴ of a direct 2-D convolution with the sampled
    /// Gaussian truncated at 4σ (the tests allow 10⁻³). Any split of `parallel` gives the same
    /// bits: every lane of every SIMD vector computes the same operations whatever the
    /// grouping. NaN and ±∞ spread over the kernel's reach.
    ///
    /// Local: each value is a function of the plane within `reach(sigma:)` of it (in x and in
    /// y), and of where the plane lies in a larger image, `origin` (its top-left there; the
    /// recursive filter's blocks are aligned to that image's axes). So a window of an image
    /// blurred as a plane of its own, with `origin` where it lies, holds the same bits as
    /// the whole image blurred, wherever it is at least `reach` from the window's cuts
    /// (beyond the image's own borders both see zeros).
    public static func blur(_ plane: Plane, sigma: Float, origin: (x: Int, y: Int) = (0, 0),
                            parallel: ParallelFor = .serial) -> Plane {
        guard sigma > 0, plane.width > 0, plane.height > 0 else { return plane }
        let filter = ColumnFilter(sigma: sigma)
        let width = plane.width, height = plane.height
        var out = Plane(width: width, height: height)
        plane.values.withUnsafeBufferPointer { input in
            out.values.withUnsafeMutableBufferPointer { out in
                guard let input = input.baseAddress, let out = out.baseAddress else { return }
                parallel(width) { filter.run(input, out, width: width, height: height, columns: $0, origin: origin.y) }
                switch filter {
                case .fir(let kernel):
                    parallel(height) { rows in
                        let padded = UnsafeMutablePointer<Float>.allocate(capacity: kernel.paddedCount(width))
                        defer { padded.deallocate() }
                        for y in rows { kernel.across(out + y * width, count: width, padded: padded) }
                    }
                case .recursive:
                    let strips = (height + Strip.rows - 1) / Strip.rows
                    parallel(strips) { Strip.filter(out, width: width, height: height, strips: $0, filter, origin: origin.x) }
                }
            }
        }
        return out
    }

    /// The horizontal pass, in place, `Strip.rows` rows at a time: copy them into a buffer as
    /// columns (x-major), filter those down into a second buffer, copy them back.
    enum Strip {
        static let rows = 16

        static func filter(_ plane: UnsafeMutablePointer<Float>, width: Int, height: Int,
                           strips: Range<Int>, _ filter: ColumnFilter, origin: Int) {
            var buffers = [Float](repeating: 0, count: 2 * rows * width)
            buffers.withUnsafeMutableBufferPointer { buffers in
                guard let across = buffers.baseAddress else { return }
                let down = across + rows * width
                for strip in strips {
                    let y0 = strip * rows, count = min(rows, height - y0)
                    copy(width: width, rows: count) { x, r in across[x &* count &+ r] = plane[(y0 &+ r) &* width &+ x] }
                    filter.run(across, down, width: count, height: width, columns: 0 ..< count, origin: origin)
                    copy(width: width, rows: count) { x, r in plane[(y0 &+ r) &* width &+ x] = down[x &* count &+ r] }
                }
            }
        }

        /// Calls `move(x, r)` for every pixel of `rows` rows, 16 columns at a time, so that
        /// each cache line of the rows is visited once, in one go.
        @inline(__always)
        private static func copy(width: Int, rows: Int, _ move: (Int, Int) -> Void) {
            for x0 in stride(from: 0, to: width, by: 16) {
                let x1 = min(x0 + 16, width)
                for r in 0 ..< rows {
                    for x in x0 ..< x1 { move(x, r) }
                }
            }
        }
    }

    /// Pixels of the plane each blurred value depends on, either way along x and along y:
    /// the FIR's taps, or the recursive filter's block and warm-up (`Deriche.reach`); 0 for
    /// no blur.
    public static func reach(sigma: Float) -> Int {
        guard sigma > 0 else { return 0 }
        switch ColumnFilter(sigma: sigma) {
        case .fir(let kernel): return kernel.weights.count - 1
        case .recursive(let filter): return filter.reach
        }
    }

    /// A 1-D Gaussian filter applied down the columns of a width × height plane.
    enum ColumnFilter {
        case fir(FIRKernel)
        case recursive(Deriche)

        /// The filter for σ > 0 (clamped to `largestSigma`).
        init(sigma: Float) {
            let sigma = min(sigma, largestSigma)
            self = sigma <= largestFIRSigma ? .fir(FIRKernel(sigma: sigma)) : .recursive(Deriche(sigma: Double(sigma)))
        }

        /// Columns are filtered this many at a time, so that the rows in flight stay in cache.
        static let block = 256

        /// Filters `columns` of `source` into `destination` (distinct buffers); row 0 is row
        /// `origin` of the image the recursive filter's blocks are aligned to.
        func run(_ source: UnsafePointer<Float>, _ destination: UnsafeMutablePointer<Float>,
                 width: Int, height: Int, columns: Range<Int>, origin: Int) {
            let zeros = [Float](repeating: 0, count: min(Self.block, columns.count))
            zeros.withUnsafeBufferPointer { zeros in
                guard let zero = zeros.baseAddress else { return }
                for x0 in stride(from: columns.lowerBound, to: columns.upperBound, by: Self.block) {
                    let rows = Rows(source: source + x0, zero: zero, width: width, height: height,
                                    lanes: min(Self.block, columns.upperBound - x0))
                    switch self {
                    case .fir(let kernel): kernel.run(rows, destination + x0, width: width, outputRows: 0 ..< height)
                    case .recursive(let filter): filter.run(rows, destination + x0, width: width, origin: origin)
                    }
                }
            }
        }
    }

    /// The rows of a block of `lanes` columns, zero beyond the plane.
    struct Rows {
        let source: UnsafePointer<Float>, zero: UnsafePointer<Float>
        let width: Int, height: Int, lanes: Int

        /// Row y of the block, or a row of zeros beyond the plane.
        func callAsFunction(_ y: Int) -> UnsafePointer<Float> {
            y >= 0 && y < height ? source + y * width : zero
        }
    }

    /// Calls `quad(i, k)` for the lanes i ..< i + k of 0 ..< count, four at a time (k = 4) then
    /// the remainder, so that SIMD4 loads and stores fit. `quad` must be `@inline(__always)`:
    /// the k = 4 calls then compile to plain vector loads.
    @inline(__always)
    static func forEachQuad(_ count: Int, _ quad: (Int, Int) -> Void) {
        var i = 0
        while i + 4 <= count {
            quad(i, 4)
            i += 4
        }
        if i < count { quad(i, count - i) }
    }

    /// Lanes i ..< i + k (k ≤ 4) as a SIMD4, zeros after them.
    @inline(__always)
    static func load(_ p: UnsafePointer<Float>, _ k: Int) -> SIMD4<Float> {
        if k == 4 { return UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self) }
        return SIMD4(p[0], k > 1 ? p[1] : 0, k > 2 ? p[2] : 0, 0)
    }

    /// Stores the first k lanes of v.
    @inline(__always)
    static func store(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>, _ k: Int) {
        if k == 4 { return UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self) }
        for j in 0 ..< k { p[j] = v[j] }
    }

    /// The sampled Gaussian exp(−i² / 2σ²), |i| ≤ 4σ, normalised to sum 1: by symmetry only
    /// w(0) … w(radius) are kept.
    struct FIRKernel {
        let weights: [Float]

        init(sigma: Float) {
            let sigma = Double(sigma), radius = Int(4 * sigma)
            let raw = (0 ... radius).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
            let sum = 2 * raw.reduce(0, +) - raw[0]
            weights = raw.map { Float($0 / sum) }
        }

        /// out(y) = w(0)·in(y) + Σ_{d ≥ 1} w(d)·(in(y − d) + in(y + d)), rows beyond the plane 0,
        /// for y in `outputRows` (row y of the result goes to row y − outputRows.lowerBound of
        /// `destination`). Not inlined: on its own it compiles to tight vector loops, inlined
        /// into the callers' closures it did not.
        @inline(never)
        func run(_ rows: Rows, _ destination: UnsafeMutablePointer<Float>, width: Int, outputRows: Range<Int>) {
            withUnsafeTemporaryAllocation(of: Neighbours.self, capacity: weights.count) { neighbours in
                for y in outputRows {
                    for d in weights.indices { neighbours[d] = (rows(y - d), rows(y + d)) }
                    combine(neighbours, destination + (y - outputRows.lowerBound) * width, count: rows.lanes)
                }
            }
        }

        /// Floats of the `padded` buffer that `across` needs for rows of `count` pixels.
        func paddedCount(_ count: Int) -> Int { count + 2 * (weights.count - 1) }

        /// The horizontal pass over one row of `count` pixels, in place, zero beyond its ends:
        /// the row is copied between zeros into `padded` (`paddedCount(count)` floats), where the
        /// neighbours at distance d are the copy shifted by ±d.
        @inline(never)
        func across(_ row: UnsafeMutablePointer<Float>, count: Int, padded: UnsafeMutablePointer<Float>) {
            let reach = weights.count - 1, source = padded + reach
            padded.update(repeating: 0, count: reach)
            source.update(from: row, count: count)
            (source + count).update(repeating: 0, count: reach)
            withUnsafeTemporaryAllocation(of: Neighbours.self, capacity: weights.count) { neighbours in
                for d in weights.indices { neighbours[d] = (UnsafePointer(source - d), UnsafePointer(source + d)) }
                combine(neighbours, row, count: count)
            }
        }

        /// Where tap d reads: (in(y − d), in(y + d)) for a vertical pass, the row shifted for a
        /// horizontal one; entry 0 is the centre (twice).
        typealias Neighbours = (UnsafePointer<Float>, UnsafePointer<Float>)

        /// out[i] = w(0)·c[i] + Σ_{d ≥ 1} w(d)·(a_d[i] + b_d[i]) for i < count, summed in that
        /// order in registers, 16 lanes at a time (then 4, then the rest): every lane computes the
        /// same operations whatever the grouping.
        @inline(__always)
        private func combine(_ neighbours: UnsafeMutableBufferPointer<Neighbours>,
                             _ out: UnsafeMutablePointer<Float>, count: Int) {
            weights.withUnsafeBufferPointer { w in
                let centre = neighbours[0].0, w0 = w[0]
                var i = 0
                while i + 16 <= count {
                    var sum = w0 * UnsafeRawPointer(centre + i).loadUnaligned(as: SIMD16<Float>.self)
                    for d in 1 ..< w.count {
                        let (a, b) = neighbours[d]
                        sum += w[d] * (UnsafeRawPointer(a + i).loadUnaligned(as: SIMD16<Float>.self)
                                       + UnsafeRawPointer(b + i).loadUnaligned(as: SIMD16<Float>.self))
                    }
                    UnsafeMutableRawPointer(out + i).storeBytes(of: sum, as: SIMD16<Float>.self)
                    i += 16
                }
                @inline(__always) func quad(_ j: Int, _ k: Int) {
                    var sum = w0 * GaussianBlur.load(centre + i + j, k)
                    for d in 1 ..< w.count {
                        let (a, b) = neighbours[d]
                        sum += w[d] * (GaussianBlur.load(a + i + j, k) + GaussianBlur.load(b + i + j, k))
                    }
                    GaussianBlur.store(sum, out + i + j, k)
                }
                GaussianBlur.forEachQuad(count - i, quad)
            }
        }
    }

    /// Deriche's fourth-order recursive Gaussian ("Recursively implementing the Gaussian and
    /// its derivatives", INRIA RR-1893, 1993): for n ≥ 0 the kernel is fitted by
    ///   g(n) ≈ Σ_{i=0,1} (aᵢ·cos(ωᵢn/σ) + bᵢ·sin(ωᵢn/σ))·exp(−λᵢn/σ),
    /// a causal filter of order 4 for n ≥ 0 plus its mirror image for n < 0, summed:
    ///   y⁺(n) = Σ_{k=0…3} b⁺ₖ·x(n − k) − Σ_{k=1…4} aₖ·y⁺(n − k)
    ///   y⁻(n) = Σ_{k=1…4} b⁻ₖ·x(n + k) − Σ_{k=1…4} aₖ·y⁻(n + k),   y = y⁺ + y⁻,
    /// 16 multiply-adds per pixel and pass for any σ, within about 2·10⁻⁴ of the sampled
    /// Gaussian from σ = 1 up (the sums are normalised to a gain of exactly 1). Because the two
    /// halves run side by side rather than one after the other, zero beyond the borders is
    /// exact: each half starts at rest on the zero input. The state is Double: the poles
    /// approach 1 as σ grows, and Float coefficients already go unstable near σ = 50.
    ///
    /// A recursion run over a whole column makes every value depend on all of it, to the last
    /// bit; so that a window of an image gets its values exactly, the image's rows are cut
    /// into blocks of `blockRows` (aligned to row 0 of the image), and each block's halves
    /// start at rest `warmUp` rows before and after it: the Gaussian truncated at ⌈4σ⌉, as
    /// the FIR is, the input beyond that dropped (its weight, under 10⁻⁴ of the total, is
    /// below the fit's own error). Blocks of twice the warm-up cost 50 % more than one run, and
    /// a value's reach is 3⌈4σ⌉ − 1: longer blocks cost less over a whole image but reach
    /// further, which every region (and every chunk of a whole render) pays for in margin.
    struct Deriche {
        let causal: (Double, Double, Double, Double)      // b⁺₀ … b⁺₃
        let anticausal: (Double, Double, Double, Double)  // b⁻₁ … b⁻₄
        let a: (Double, Double, Double, Double)           // a₁ … a₄
        /// Rows each half runs at rest before a block's first row (after its last): ⌈4σ⌉.
        let warmUp: Int
        /// Rows a block holds (see the type's note).
        var blockRows: Int { 2 * warmUp }
        /// How far from a value the input it depends on lies: the rest of its block and the
        /// warm-up beyond.
        var reach: Int { blockRows + warmUp - 1 }

        init(sigma: Double) {
            warmUp = Int((4 * sigma).rounded(.up))
            // Each damped cosine is a second-order section n(z) / d(z) with, for t = e^{−λ/σ}
            // and θ = ω/σ: n = a + t·(b·sin θ − a·cos θ)·z⁻¹, d = 1 − 2t·cos θ·z⁻¹ + t²·z⁻².
            func section(a: Double, b: Double, omega: Double, lambda: Double)
                -> (n0: Double, n1: Double, d1: Double, d2: Double) {
                let t = exp(-lambda / sigma), theta = omega / sigma
                return (a, t * (b * sin(theta) - a * cos(theta)), -2 * t * cos(theta), t * t)
            }
            let s = section(a: 1.68, b: 3.735, omega: 0.6318, lambda: 1.783)
            let u = section(a: -0.6803, b: -0.2598, omega: 1.997, lambda: 1.723)
            // Their sum over the common denominator d_s·d_u.
            let b0 = s.n0 + u.n0
            let b1 = s.n1 + u.n1 + s.n0 * u.d1 + u.n0 * s.d1
            let b2 = s.n1 * u.d1 + u.n1 * s.d1 + s.n0 * u.d2 + u.n0 * s.d2
            let b3 = s.n1 * u.d2 + u.n1 * s.d2
            let a1 = s.d1 + u.d1, a2 = s.d2 + u.d2 + s.d1 * u.d1
            let a3 = s.d1 * u.d2 + u.d1 * s.d2, a4 = s.d2 * u.d2
            // The mirror image without its n = 0 tap (already in the causal half).
            let c1 = b1 - a1 * b0, c2 = b2 - a2 * b0, c3 = b3 - a3 * b0, c4 = -a4 * b0
            // Normalise: a constant passes unchanged.
            let gain = (b0 + b1 + b2 + b3 + c1 + c2 + c3 + c4) / (1 + a1 + a2 + a3 + a4)
            causal = (b0 / gain, b1 / gain, b2 / gain, b3 / gain)
            anticausal = (c1 / gain, c2 / gain, c3 / gain, c4 / gain)
            a = (a1, a2, a3, a4)
        }

        /// For each block of rows (see the type's note; row 0 is row `origin` of the image),
        /// y⁺ down from its warm-up into the destination's rows of the block, then y⁻ up from
        /// its warm-up below, added. Not inlined, as `FIRKernel.run`.
        @inline(never)
        func run(_ rows: Rows, _ destination: UnsafeMutablePointer<Float>, width: Int, origin: Int) {
            let quads = (rows.lanes + 3) / 4, block = blockRows
            var buffers = [SIMD4<Double>](repeating: .zero, count: 4 * quads)
            buffers.withUnsafeMutableBufferPointer { buffers in
                guard let base = buffers.baseAddress else { return }
                // Where the blocks fall depends on the origin modulo a block alone: the first
                // block holding row 0 starts `phase` rows before it.
                let phase = (origin % block + block) % block
                var start = -phase
                while start < rows.height {
                    let kept = max(start, 0) ..< min(start + block, rows.height)
                    run(rows, destination, width: width, quads: quads, state: base, kept: kept,
                        from: max(kept.lowerBound - warmUp, 0), to: min(kept.upperBound + warmUp, rows.height))
                    start += block
                }
            }
        }

        /// One block: y⁺ over rows from ..< kept.upperBound, y⁻ over rows kept.lowerBound ..< to,
        /// the input read as zero beyond them, each written where it is in `kept`. `state`:
        /// 4 × `quads` vectors.
        @inline(__always)
        private func run(_ rows: Rows, _ destination: UnsafeMutablePointer<Float>, width: Int, quads: Int,
                         state base: UnsafeMutablePointer<SIMD4<Double>>, kept: Range<Int>, from: Int, to: Int) {
            @inline(__always) func x(_ p: UnsafePointer<Float>, _ i: Int, _ k: Int) -> SIMD4<Double> {
                SIMD4<Double>(GaussianBlur.load(p + i, k))
            }
            /// Row y of the input, zero before `from` and from `to` on.
            @inline(__always) func input(_ y: Int) -> UnsafePointer<Float> { y >= from && y < to ? rows(y) : rows.zero }
            let (a1, a2, a3, a4) = a
            // y(n − 1) … y(n − 4) per quad of lanes; the buffers rotate roles each row.
            base.update(repeating: .zero, count: 4 * quads)
            var s1 = base, s2 = base + quads, s3 = base + 2 * quads, s4 = base + 3 * quads
            let (b0, b1, b2, b3) = causal
            for y in from ..< kept.upperBound {
                let x0 = input(y), x1 = input(y - 1), x2 = input(y - 2), x3 = input(y - 3)
                let out = destination + y * width, y1 = s1, y2 = s2, y3 = s3, y4 = s4, keep = y >= kept.lowerBound
                @inline(__always) func causalQuad(_ i: Int, _ k: Int) {
                    let q = i / 4
                    // In two statements (the same order of operations) for Swift 6.0's type checker.
                    let fed: SIMD4<Double> = b0 * x(x0, i, k) + b1 * x(x1, i, k) + b2 * x(x2, i, k) + b3 * x(x3, i, k)
                    let v: SIMD4<Double> = fed - a1 * y1[q] - a2 * y2[q] - a3 * y3[q] - a4 * y4[q]
                    y4[q] = v
                    if keep { GaussianBlur.store(SIMD4<Float>(v), out + i, k) }
                }
                GaussianBlur.forEachQuad(rows.lanes, causalQuad)
                (s1, s2, s3, s4) = (s4, s1, s2, s3)
            }
            base.update(repeating: .zero, count: 4 * quads)
            let (c1, c2, c3, c4) = anticausal
            for y in (kept.lowerBound ..< to).reversed() {
                let x1 = input(y + 1), x2 = input(y + 2), x3 = input(y + 3), x4 = input(y + 4)
                let out = destination + y * width, y1 = s1, y2 = s2, y3 = s3, y4 = s4, keep = y < kept.upperBound
                @inline(__always) func anticausalQuad(_ i: Int, _ k: Int) {
                    let q = i / 4
                    let fed: SIMD4<Double> = c1 * x(x1, i, k) + c2 * x(x2, i, k) + c3 * x(x3, i, k) + c4 * x(x4, i, k)
                    let v: SIMD4<Double> = fed - a1 * y1[q] - a2 * y2[q] - a3 * y3[q] - a4 * y4[q]
                    y4[q] = v
                    if keep {
                        let causal = SIMD4<Double>(GaussianBlur.load(out + i, k))
                        GaussianBlur.store(SIMD4<Float>(causal + v), out + i, k)
                    }
                }
                GaussianBlur.forEachQuad(rows.lanes, anticausalQuad)
                (s1, s2, s3, s4) = (s4, s1, s2, s3)
            }
        }
    }
}
