// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization

/// The shape of a bevel's cross-section (impasto:emboss's step 3): height as a function of
/// t = min(d, r) / r, the distance into the shape as a fraction of the bevel radius.
public enum HeightProfile: Int32, CaseIterable, Sendable {
    /// √(1 − (1 − t)²): a quarter circle, CIHeightFieldFromMask's rounded look (the default).
    case round = 0
    /// t: a chamfer.
    case linear = 1
    /// (1 − cos πt) / 2: flat at both ends, an S-shaped shoulder.
    case smooth = 2

    /// The height at t, with t clamped into 0 … 1 first (NaN reads as 0).
    @inline(__always)
    public func callAsFunction(_ t: Float) -> Float {
        let t = FastMath.clamp01(t)
        switch self {
        case .round: return (t * (2 - t)).squareRoot() // 1 − (1 − t)² without the cancellation
        case .linear: return t
        case .smooth: return (1 - cos(Float.pi * t)) / 2
        }
    }
}

/// A relief: heights and their slopes, each per pixel, and what they were made from.
public struct Relief: Equatable, Sendable {
    /// h ∈ 0 … 1.
    public var heights: Plane
    /// ∂h/∂x and ∂h/∂y in height per pixel, image axes (x right, y down): the mean over the
    /// pixel's width (see `HeightField.relief`). 0 on the plateau and outside.
    public var slopeX: Plane, slopeY: Plane
    /// Signed distance d of each sloping pixel's centre from the edge (negative: the centre is
    /// outside); only meaningful where the slope is not 0.
    public var distances: Plane
    /// The bevel radius (0: a step) and profile.
    public let radius: Float, profile: HeightProfile

    public init(width: Int, height: Int, radius: Float, profile: HeightProfile) {
        let zero = Plane(width: width, height: height)
        self.init(zero, zero, zero, zero, radius: radius, profile: profile)
    }

    /// A relief whose planes the caller fills, every pixel of each (see `Plane(unfilledWidth:)`).
    init(unfilledWidth width: Int, height: Int, radius: Float, profile: HeightProfile) {
        func plane() -> Plane { Plane(unfilledWidth: width, height: height) }
        self.init(plane(), plane(), plane(), plane(), radius: radius, profile: profile)
    }

    private init(_ heights: Plane, _ slopeX: Plane, _ slopeY: Plane, _ distances: Plane,
                 radius: Float, profile: HeightProfile) {
        (self.heights, self.slopeX, self.slopeY, self.distances) = (heights, slopeX, slopeY, distances)
        self.radius = Self.cleanRadius(radius)
        self.profile = profile
    }

    /// The bevel radius a relief uses for `radius`: 0 (a step) unless it is finite and positive.
    static func cleanRadius(_ radius: Float) -> Float { radius.isFinite && radius > 0 ? radius : 0 }

    /// H(x) = profile(x / r): the height at distance x from the edge; a step for r = 0.
    @inline(__always)
    public func rise(_ x: Float) -> Float { Rise(radius: radius, profile: profile)(x) }

    /// The mean of H′ over distances a … b (a < b), the part below 0 (outside) left out, and at
    /// least a quarter of a pixel wide.
    @inline(__always)
    public func meanSlope(_ a: Float, _ b: Float) -> Float { Rise(radius: radius, profile: profile).meanSlope(a, b) }
}

/// H(x) = profile(x / r), the height at distance x from the edge (a step for r = 0): a value
/// type so that loops over many pixels keep it in registers.
struct Rise {
    let radius: Float, profile: HeightProfile

    @inline(__always)
    func callAsFunction(_ x: Float) -> Float {
        radius > 0 ? profile(x / radius) : (x > 0 ? 1 : 0)
    }

    /// The mean of H′ over a … b (see `Relief.meanSlope`).
    @inline(__always)
    func meanSlope(_ a: Float, _ b: Float) -> Float {
        let low = FastMath.max(a, 0), high = FastMath.max(b, low + 0.25)
        return (self(high) - self(low)) / (high - low)
    }

    /// H at four distances at once, the same arithmetic as for one.
    @inline(__always)
    func callAsFunction(_ x: SIMD4<Float>) -> SIMD4<Float> {
        guard radius > 0 else { return SIMD4().replacing(with: 1, where: x .> 0) }
        let q = x / radius
        // profile(t): NaN reads as 0, then t is clamped into 0 … 1.
        let t = FastMath.clamp01(q)
        switch profile {
        case .round: return FastMath.sqrt(t * (2 - t))
        case .linear: return t
        case .smooth: return SIMD4(profile(t[0]), profile(t[1]), profile(t[2]), profile(t[3]))
        }
    }

    /// `meanSlope` at four intervals at once.
    @inline(__always)
    func meanSlope(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        let low = a.replacing(with: 0, where: a .< 0), least = low + 0.25
        let high = b.replacing(with: least, where: b .< least)
        return (self(high) - self(low)) / (high - low)
    }
}

/// CIHeightFieldFromMask: a bevel raised from a mask by a Euclidean distance transform.
///
/// A pixel is inside when its mask value is ≥ 0.5 (NaN is outside), and everything beyond the
/// image border is outside, as if the mask were padded with a ring of zeros: a fully opaque
/// image is bevelled along its borders.
public enum HeightField {
    /// The exact Euclidean distance from each pixel centre to the nearest outside pixel centre
    /// (the padding ring included), clamped to `limit`; outside pixels are 0. A negative or NaN
    /// limit counts as 0, +∞ as no clamp.
    ///
    /// Linear time whatever the limit, in two separable passes (Felzenszwalb & Huttenlocher,
    /// "Distance Transforms of Sampled Functions", Theory of Computing 8, 2012): the nearest
    /// outside pixel within each column, then per row the lower envelope of the parabolas
    /// (x − q)² + g(q)², whose value at x is the squared distance and whose argument is the
    /// nearest outside pixel. Every value is an integer below 2⁵³ in Double, so the result is
    /// the correctly rounded root; pieces of `parallel` own whole columns, then whole rows, so
    /// any split gives the same bits.
    public static func distances(_ mask: Plane, limit: Float, parallel: ParallelFor = .serial) -> Plane {
        let limit = limit >= 0 ? limit : 0
        var out = Plane(width: mask.width, height: mask.height)
        out.values.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            withNearest(mask, parallel) { m, near in
                parallel(mask.height) { rows in
                    rowPass(m, near, width: mask.width, height: mask.height, rows: rows,
                            finish: Clamp(out: p, width: mask.width, limit: limit))
                }
            }
        }
        return out
    }

    /// Pixels of the mask a relief's values (height, slopes, distance) at a pixel depend on,
    /// either way along x and y, and so how far a window of an image must reach beyond the
    /// pixels it makes for them to be the whole image's: a pixel measures from its nearest
    /// outside pixel within the bevel's reach (`Bevel.reach`, r + 2; beyond it, the plateau)
    /// and from those of its 8 neighbours (a pixel further), each piece of edge reads the
    /// coverage `Bevel.pieceReach` around its outside pixel, and the slopes are smoothed
    /// `smoothingPasses` times over the 8 neighbours.
    public static func reach(radius: Float) -> Int {
        Bevel.siteReach(radius: radius) + 1 + Bevel.pieceReach + smoothingPasses
    }

    /// How many times `ReliefRows.withBand` smooths the slopes (`smooth`).
    static let smoothingPasses = 2

    /// The bevel h = profile(d / r) (clamped to 0 … 1) and its slopes, d the distance from the
    /// pixel centre to the mask's antialiased edge.
    ///
    /// The edge is found where the coverage says it is, not at a 0.5 cut: the transform above
    /// gives each pixel its nearest outside pixel o; the edge pixel e is o when it is partly
    /// covered, else the partly covered pixel next to it (see `Bevel.edge` for which); the
    /// coverage's 3 × 3 gradient at e (`inwardNormal`) gives the edge's inward normal n̂, and e's
    /// coverage a places the edge within e (Gustavson & Strand, "Anti-aliased Euclidean distance transform", Pattern Recognition
    /// Letters 32, 2011: the offset of a straight edge that covers a of a unit pixel). The edge
    /// is taken as the segment through that point across n̂, a pixel either way (the pixel's
    /// neighbours carry it on), so that d is the distance to a nearby piece of the true curve,
    /// and ∇d the unit vector from it: along n̂ beside the edge, radial around a corner. Where
    /// e is the tip of a narrow outside wedge (a concave corner, as where a bowl meets a stem),
    /// the edge is the wedge's two arms, met at their vertex (`Bevel.wedgeTip`).
    ///
    /// The slope is ∇h = s·∇d, with s the mean of profile′ over the pixel's width along ∇d:
    /// s = (H(d + ½) − H(d − ½)), H(x) = profile(x / r), the part outside the edge left out
    /// for a partly covered pixel (the output's alpha hides it). That is what a pixel would
    /// average of a finely sampled relief, so neither the profile's steep foot nor whole-pixel
    /// distance steps reach the shading as dots. ∇d is then averaged with the ∇d of the
    /// neighbours that slope nearly the same way, twice (`smooth`). Pixels more than r + 2 from every outside
    /// pixel are on the plateau (h = 1, flat) and cost nothing more, so the cost does not
    /// grow with r; any split of `parallel` gives the same bits. r = 0 (also for a negative,
    /// NaN or infinite radius) is a step: h = 1 inside, and a pixel the edge crosses rises by
    /// 1 over its inside part.
    public static func relief(_ mask: Plane, radius: Float, profile: HeightProfile,
                              parallel: ParallelFor = .serial) -> Relief {
        var relief = Relief(unfilledWidth: mask.width, height: mask.height, radius: radius, profile: profile)
        let width = mask.width, scratch = ScratchPool()
        withReliefRows(mask, radius: radius, profile: profile, parallel: parallel) { rows in
            relief.heights.values.withUnsafeMutableBufferPointer { h in
                relief.slopeX.values.withUnsafeMutableBufferPointer { sx in
                    relief.slopeY.values.withUnsafeMutableBufferPointer { sy in
                        relief.distances.values.withUnsafeMutableBufferPointer { d in
                            guard let h = h.baseAddress, let sx = sx.baseAddress, let sy = sy.baseAddress,
                                  let d = d.baseAddress else { return }
                            parallel(rows.height) { r in
                                rows.withBand(around: r, halo: 0, scratch: scratch) { band, _ in
                                    let o = r.lowerBound * width, count = r.count * width
                                    (h + o).update(from: band.heights, count: count)
                                    (sx + o).update(from: band.slopeX, count: count)
                                    (sy + o).update(from: band.slopeY, count: count)
                                    (d + o).update(from: band.distances, count: count)
                                }
                            }
                        }
                    }
                }
            }
        }
        return relief
    }

    /// Runs `body` with the relief of `mask` ready to be made a band of rows at a time
    /// (`relief` is all of its rows): the transform's first pass, over whole columns, is done;
    /// each row's bevel needs only that and the mask. A kernel that bevels, uses and forgets a
    /// band at a time keeps the relief's planes in cache instead of four whole-image planes in
    /// memory. The rows are valid only within `body`.
    static func withReliefRows<Result>(_ mask: Plane, radius: Float, profile: HeightProfile,
                                       parallel: ParallelFor, _ body: (ReliefRows) -> Result) -> Result {
        let rise = Rise(radius: Relief.cleanRadius(radius), profile: profile)
        return withNearest(mask, parallel) { m, near in
            body(ReliefRows(width: mask.width, height: mask.height, rise: rise, mask: m, near: near,
                            id: ReliefRows.made.wrappingAdd(1, ordering: .relaxed).newValue))
        }
    }

    /// A band of a relief's rows (see `ReliefRows`): rows `top ..< top + rows` of the image,
    /// `width` values a row in each plane, the relief's planes' meaning (see `Relief`).
    struct ReliefBand {
        let top: Int, rows: Int, width: Int
        let heights: UnsafeMutablePointer<Float>, slopeX: UnsafeMutablePointer<Float>
        let slopeY: UnsafeMutablePointer<Float>, distances: UnsafeMutablePointer<Float>
        /// Which groups of columns of each row are worked (`Marks`, `Marks.words` a row): a
        /// bevel's band receives the groups it finishes a pixel in, the others hold the widened
        /// marks that say where their planes are written (elsewhere each pixel is flat).
        let marks: UnsafeMutablePointer<UInt64>

        /// Row `row`'s marks (0 is the band's first row).
        @inline(__always)
        func marks(row: Int) -> UnsafeMutablePointer<UInt64> { marks + row &* Marks.words(width: width) }
    }

    /// A relief made on demand, a band of rows at a time (see `withReliefRows`).
    struct ReliefRows {
        let width: Int, height: Int
        /// The radius (sanitized as `Relief` does) and profile.
        let rise: Rise
        fileprivate let mask: UnsafePointer<Float>, near: UnsafePointer<Int32>
        /// Which relief this is, of all made in the process (`made`): what a scratch's note of
        /// the rows it holds names (`withBand`).
        let id: Int

        /// How many reliefs have been made so far.
        static let made = Atomic<Int>(0)

        /// Rows a kernel makes of the relief at a time (`writeBands`): each band
        /// bevels two rows more either side than it keeps (`withBand`'s two smoothing passes),
        /// and a shaded one a row more (its footprints read their neighbours), so a band of 16
        /// rows bevelled 22, one of 32 bevels 38. Measured on a default emboss (text, 1024²,
        /// 1 thread): 32 rows take back half of what the second pass cost with 16 (callgrind
        /// 549 M → 520 M instructions a call, 497 M with one pass and 16 rows; 28.4 → 29.9 Mpx/s
        /// against 30.8 with one pass). Since then the next band takes over the 6 rows it shares
        /// with this one (`withBand`), so it bevels 32 new ones (414 → 401 M); 16, 24 and 48
        /// rows were then timed again, within the noise of 32.
        static let bandRows = 32

        /// The scratch slots of a band's marks (`Marks`): the bevel's, and the widened ones.
        static let bevelMarks = 20, widenedMarks = 21

        /// Whether io's output, io.width × io.height pixels from `origin`, lies within the relief.
        func holds(_ io: RowIO, at origin: (x: Int, y: Int)) -> Bool {
            origin.x >= 0 && origin.y >= 0 && io.width <= width - origin.x && io.height <= height - origin.y
        }

        /// Writes `io`'s output `bandRows` rows at a time, each band made by `withBand` (with
        /// `halo` rows either side) and filled by `fill(rows, samples, band, scratch)`: the
        /// band's `rows.count × io.width × 4` RGBA samples, as `RowIO.writeBands` says, `rows`
        /// counted in the relief. The output is the relief's io.width × io.height pixels from
        /// `origin` (`holds`): the whole relief, or a region of it.
        func writeBands(to io: RowIO, at origin: (x: Int, y: Int) = (0, 0), halo: Int, sparse: Bool = false,
                        parallel: ParallelFor,
                        _ fill: (Range<Int>, UnsafeMutablePointer<Float>, ReliefBand, Scratch) -> Void) {
            guard holds(io, at: origin) else { return }
            io.writeBands(rows: Self.bandRows, parallel: parallel, balanced: true) { rows, out in
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

        /// Bevels image rows `rows` (within 0 ..< height) into `band`, which holds just them.
        func bevel(_ rows: Range<Int>, into band: ReliefBand) {
            withUnsafeTemporaryAllocation(of: Bevel.KeptPiece.self, capacity: Bevel.keptPieces) { pieces in
                guard let pieces = pieces.baseAddress else { return }
                let none = Bevel.Piece(ex: 0, ey: 0, nx: 0, ny: 0, s: 0, half: 0, wedge: nil, aimed: false)
                pieces.initialize(repeating: Bevel.KeptPiece(key: -1, piece: none), count: Bevel.keptPieces)
                rowPass(mask, near, width: width, height: height, rows: rows,
                        finish: Bevel(mask: mask, width: width, height: height, rise: rise, band: band, pieces: pieces))
            }
        }

        /// Bevels `rows` and up to `halo` rows either side of them (those in the image), with
        /// their slopes smoothed (see `smooth`), into buffers of the scratch pool, and runs
        /// `body` with that band and the scratch holding it (its slots 6 … 19 are free for the
        /// caller). `sparse`: only the band's marked groups (`Marks`) are written, and `body`
        /// must read nothing else; else all are (and all marked).
        func withBand<Result>(around rows: Range<Int>, halo: Int, sparse: Bool = false, scratch: ScratchPool,
                              _ body: (ReliefBand, Scratch) -> Result) -> Result {
            let held = max(0, rows.lowerBound - halo) ..< min(height, rows.upperBound + halo)
            // Each smoothing pass reads a row more either side.
            let middle = max(0, held.lowerBound - 1) ..< min(height, held.upperBound + 1)
            let made = max(0, held.lowerBound - 2) ..< min(height, held.upperBound + 2)
            return scratch.withScratch { s in
                let count = made.count * width, kept = held.count * width
                // Rows the last band this scratch made of this relief bevelled, above and
                // overlapping these (a band's halo is its neighbour's rows), are taken over
                // rather than bevelled again: they are the same bits. Only where its four
                // planes stay where they are (asking for no more than they hold).
                // (`from`: where the first of them sits in the planes.)
                // The bevel's marks (`Marks`) are taken over with them; the widened ones are
                // the band's own.
                // (The marks' words in a scratch buffer of floats.)
                let words = Marks.words(width: width), floatsPerWord = MemoryLayout<UInt64>.stride / MemoryLayout<Float>.stride
                let markFloats = made.count * words * floatsPerWord
                var (taken, from) = (made.lowerBound ..< made.lowerBound, 0)
                if let note = s.note, note.owner == id, note.rows.lowerBound <= made.lowerBound,
                   note.rows.contains(made.lowerBound), (0 ..< 4).allSatisfy({ s.capacity($0) >= count }),
                   s.capacity(Self.bevelMarks) >= markFloats {
                    taken = made.lowerBound ..< min(note.rows.upperBound, made.upperBound)
                    from = made.lowerBound - note.rows.lowerBound
                }
                func marks(_ slot: Int) -> UnsafeMutablePointer<UInt64> {
                    UnsafeMutableRawPointer(s.floats(slot, count: markFloats)).bindMemory(to: UInt64.self, capacity: made.count * words)
                }
                let bevelled = marks(Self.bevelMarks), widened = marks(Self.widenedMarks)
                let raw = ReliefBand(top: made.lowerBound, rows: made.count, width: width,
                                     heights: s.floats(0, count: count), slopeX: s.floats(1, count: count),
                                     slopeY: s.floats(2, count: count), distances: s.floats(3, count: count),
                                     marks: widened)
                // (Noted after `body`, whose requests clear notes; only if bevelled.)
                defer { if kept > 0 { s.note = (id, made) } }
                func rows(_ range: Range<Int>, slopeX: Int, slopeY: Int) -> ReliefBand {
                    let row = range.lowerBound - made.lowerBound, offset = row * width, count = range.count * width
                    return ReliefBand(top: range.lowerBound, rows: range.count, width: width,
                                      heights: raw.heights + offset, slopeX: s.floats(slopeX, count: count),
                                      slopeY: s.floats(slopeY, count: count), distances: raw.distances + offset,
                                      marks: raw.marks(row: row))
                }
                let band = rows(held, slopeX: 4, slopeY: 5)
                if kept > 0 {
                    if !taken.isEmpty {
                        for plane in [raw.heights, raw.slopeX, raw.slopeY, raw.distances] {
                            memmove(plane, plane + from * width, taken.count * width * MemoryLayout<Float>.stride)
                        }
                        memmove(bevelled, bevelled + from * words, taken.count * words * MemoryLayout<UInt64>.stride)
                    }
                    let rest = taken.upperBound ..< made.upperBound, row = rest.lowerBound - made.lowerBound, offset = row * width
                    bevel(rest, into: ReliefBand(top: rest.lowerBound, rows: rest.count, width: width,
                                                 heights: raw.heights + offset, slopeX: raw.slopeX + offset,
                                                 slopeY: raw.slopeY + offset, distances: raw.distances + offset,
                                                 marks: bevelled + row * words))
                    if sparse {
                        Marks.widen(bevelled, into: widened, rows: made.count, width: width)
                    } else {
                        Marks.all(widened, rows: made.count, width: width)
                    }
                    // Slots 6 … 11 are the smoothing's own until `body` runs.
                    let once = rows(middle, slopeX: 6, slopeY: 7)
                    let rawDirections = (x: s.floats(8, count: count), y: s.floats(9, count: count))
                    let onceDirections = (x: s.floats(10, count: count), y: s.floats(11, count: count))
                    HeightField.unitDirections(raw, into: rawDirections)
                    HeightField.smooth(raw, rawDirections, into: once, directions: onceDirections, inside: false)
                    HeightField.smooth(once, onceDirections, into: band, directions: nil, inside: true)
                }
                return body(band, s)
            }
        }
    }

    /// The unit ∇d of each pixel of `band`'s marked groups ((0, 0) where it is flat) into
    /// `directions`, laid out as `band` is.
    static func unitDirections(_ band: ReliefBand,
                               into directions: (x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>)) {
        typealias Lanes = SIMD4<Float>
        for row in 0 ..< band.rows {
            Marks.forEachRun(band.marks(row: row), width: band.width) { start, end in
                var i = row * band.width + start
                let last = row * band.width + end
                while i + 4 <= last {
                    let x = FastMath.load(band.slopeX + i), y = FastMath.load(band.slopeY + i)
                    let u = FastMath.all(x .== 0 .& y .== 0) ? (x: Lanes(), y: Lanes()) : FastMath.unit(x, y)   // most are flat
                    FastMath.store(u.x, directions.x + i)
                    FastMath.store(u.y, directions.y + i)
                    i += 4
                }
                while i < last {
                    let u = FastMath.unit(Lanes(repeating: band.slopeX[i]), Lanes(repeating: band.slopeY[i]))
                    (directions.x[i], directions.y[i]) = (u.x[0], u.y[0])
                    i += 1
                }
            }
        }
    }

    /// ∇h = s·∇d of each sloping pixel in `band`'s marked groups (rows within `raw`'s, which
    /// holds a row more either side where the image has one) with ∇d replaced by a weighted
    /// mean (binomial, 1 2 1 × 1 2 1) of the unit ∇d of the pixel and of those of its 8
    /// neighbours that slope within 37° of it (cos ≥ 0.8: a crease or a corner's other side is
    /// not blended); s, the profile's mean slope, stays. `rawDirections` holds raw's unit ∇d
    /// (`unitDirections`); `directions`, if given, receives band's, laid out as band is.
    /// `inside`: only pixels whose centre is inside the edge (d > 0) are smoothed, the others
    /// keep raw's.
    ///
    /// Why: each pixel's ∇d comes from a piece of edge near one outside pixel, and neighbours'
    /// pieces differ by the edge's pixel-sized steps — a few degrees, which a look's hard
    /// horizon and small highlights turn into dots and jagged lines on a curve (a 4× render's
    /// pixel averages 16 sub-pixels' normals). `ReliefRows.withBand` smooths twice, the second
    /// time `inside`: the 37° limit, the binomial weights and the second pass inside the edge
    /// meet the most cases of the quality matrix (EmbossQualityTests). Outside the edge a
    /// pixel's direction is its piece of edge's own, which the footprints of the pixels inside
    /// it read (their neighbours' lookups and directions).
    static func smooth(_ raw: ReliefBand,
                       _ rawDirections: (x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>),
                       into band: ReliefBand,
                       directions: (x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>)?,
                       inside: Bool) {
        typealias Lanes = SIMD4<Float>
        let width = raw.width
        let (directionX, directionY) = rawDirections
        /// Pixels i ..< i + 4 of raw (to o in band) smoothed — or pixel i alone, `one` — the
        /// rows above and below `up` and `down` away and the columns `left` and `right` (0:
        /// beyond the band or the image, the pixel's own row or column, which faces its way).
        @inline(__always) func smoothed(_ i: Int, _ o: Int, up: Int, down: Int, left: Int, right: Int, one: Bool) {
            @inline(__always) func load(_ p: UnsafeMutablePointer<Float>) -> Lanes {
                one ? Lanes(repeating: p.pointee) : FastMath.load(p)
            }
            @inline(__always) func store(_ v: Lanes, _ p: UnsafeMutablePointer<Float>) {
                if one { p.pointee = v[0] } else { FastMath.store(v, p) }
            }
            let ownX = load(directionX + i), ownY = load(directionY + i)
            let rawX = load(raw.slopeX + i), rawY = load(raw.slopeY + i)
            // Pixels left as they are: flat ones, and outside the edge when `inside`.
            let flat = ownX .== 0 .& ownY .== 0
            let kept = inside ? flat .| load(raw.distances + i) .<= 0 : flat
            guard !FastMath.all(kept) else {
                store(rawX, band.slopeX + o)
                store(rawY, band.slopeY + o)
                if let directions { store(ownX, directions.x + o); store(ownY, directions.y + o) }
                return
            }
            var sumX = Lanes(), sumY = Lanes()
            /// Adds the neighbour at offset j (weight w, a constant: × 1 and × 2 cost nothing).
            @inline(__always) func add(_ j: Int, _ w: Float) {
                let vx = load(directionX + (i &+ j)), vy = load(directionY + (i &+ j))
                let facing = vx * ownX + vy * ownY .>= 0.8
                sumX += Lanes().replacing(with: vx * w, where: facing)
                sumY += Lanes().replacing(with: vy * w, where: facing)
            }
            // Binomial weights 1 2 1 × 1 2 1 (4 for the pixel itself), row by row.
            add(up &+ left, 1); add(up, 2); add(up &+ right, 1)
            add(left, 2); add(0, 4); add(right, 2)
            add(down &+ left, 1); add(down, 2); add(down &+ right, 1)
            let length = FastMath.sqrt(sumX * sumX + sumY * sumY)
            let unitX = ownX.replacing(with: sumX / length, where: .!kept)
            let unitY = ownY.replacing(with: sumY / length, where: .!kept)
            let slope = FastMath.sqrt(rawX * rawX + rawY * rawY)
            store(rawX.replacing(with: slope * unitX, where: .!kept), band.slopeX + o)
            store(rawY.replacing(with: slope * unitY, where: .!kept), band.slopeY + o)
            if let directions { store(unitX, directions.x + o); store(unitY, directions.y + o) }
        }
        let first = band.top - raw.top
        for row in first ..< first + band.rows {
            let up = row > 0 ? -width : 0, down = row < raw.rows - 1 ? width : 0
            let start = row * width, o = start - first * width
            // Band's marked groups only. The first and last columns one at a time (their
            // neighbours beyond the image are themselves), the others four at a time.
            Marks.forEachRun(band.marks(row: row - first), width: width) { x, end in
                var x = x
                while x < end {
                    let left = x > 0 ? -1 : 0
                    // (Wrapping: every offset is within the band.)
                    if x > 0 && x &+ 4 <= width &- 1 && x &+ 4 <= end {
                        smoothed(start &+ x, o &+ x, up: up, down: down, left: -1, right: 1, one: false)
                        x &+= 4
                    } else {
                        smoothed(start &+ x, o &+ x, up: up, down: down, left: left, right: x < width &- 1 ? 1 : 0, one: true)
                        x &+= 1
                    }
                }
            }
        }
    }

    /// The bevel's heights alone (see `relief`).
    public static func heights(_ mask: Plane, radius: Float, profile: HeightProfile,
                               parallel: ParallelFor = .serial) -> Plane {
        relief(mask, radius: radius, profile: profile, parallel: parallel).heights
    }

    /// What the transform does with each pixel once its nearest outside pixel is known. A type
    /// rather than a closure, so that each use is specialised and inlined; it is called once for
    /// every pixel (after `start` once for its row) and writes only that pixel (`start` only
    /// that row), so rows can run concurrently.
    private protocol Finish {
        /// Outside pixels (sites) farther than this from a row may be left out of its envelope:
        /// no pixel's result depends on where they are.
        var reach: Float { get }
        /// Inside pixel (x, y), its nearest outside pixel (ox, oy) at squared distance `squared`
        /// (ox or oy may be −1 or width/height: the padding), and its neighbours' (`around`).
        func inside(_ x: Int, _ y: Int, _ ox: Int, _ oy: Int, squared: Double, around: Neighbours)
        func outside(_ x: Int, _ y: Int)
        /// Outside pixels x ..< x + 4 of row y, all at once: as `outside` on each.
        func outside(four x: Int, _ y: Int)
        /// Inside pixels x ..< x + 4 of row y, all at once, each at least `reach` from its
        /// nearest outside pixel: as `inside` on each (which needs neither their sites nor
        /// their neighbours' there).
        func beyondReach(four x: Int, _ y: Int)
        /// Called before row y's pixels: a finish that leaves most pixels of a row at one value
        /// may write it to the whole row here, at memset's speed.
        func start(row y: Int)
        /// Called after row y's pixels: a finish may complete the row's pixels here, several
        /// at a time.
        func end(row y: Int)
    }

    private struct Clamp: Finish {
        let out: UnsafeMutablePointer<Float>, width: Int, limit: Float
        var reach: Float { limit }
        func inside(_ x: Int, _ y: Int, _ ox: Int, _ oy: Int, squared: Double, around: Neighbours) {
            out[y * width + x] = min(Float(squared.squareRoot()), limit)
        }
        func outside(_ x: Int, _ y: Int) { out[y * width + x] = 0 }
        func outside(four x: Int, _ y: Int) { FastMath.store(SIMD4(), out + y * width + x) }
        /// (min(√squared, limit) is the limit: Float's rounding keeps √squared ≥ limit.)
        func beyondReach(four x: Int, _ y: Int) { FastMath.store(SIMD4(repeating: limit), out + y * width + x) }
        func start(row y: Int) {}
        func end(row y: Int) {}
    }

    private struct Bevel: Finish {
        let mask: UnsafePointer<Float>, width: Int, height: Int
        let rise: Rise
        /// Where the rows go (pixel (x, y) at (y − band.top) · width + x).
        let band: ReliefBand
        /// The pieces of edge made so far (`piece`): `keptPieces` of them, this bevel's own.
        let pieces: UnsafeMutablePointer<KeptPiece>

        /// The edge lies within about 1.5 px of an outside pixel's centre, and a pixel's slope
        /// looks ½ px further: beyond r + 2 every pixel is on the plateau.
        var reach: Float { rise.radius + 2 }

        /// How far a pixel's nearest outside pixel may lie from it, either way along x and y,
        /// for the pixel to slope: under `reach` (r + 2), so at most ⌈r + 2⌉ − 1.
        static func siteReach(radius: Float) -> Int { Int((Relief.cleanRadius(radius) + 2).rounded(.up)) - 1 }

        /// How far from its outside pixel o (either way along x and y) a piece of edge
        /// (`piece`) reads the coverage: its edge pixel e is o or a neighbour; an arm read
        /// `armLength` px along the edge from e, and a step across it, is measured by the 3 × 3
        /// gradient there (`arm(_:_:_:_:side:)`): 1 + 2 + 1 + 1.
        static let pieceReach = 5

        /// How far apart (squared, in pixels) a neighbour's nearest outside pixel must be from a
        /// pixel's own for the pixel to measure from it too (see `inside`): more than 3 px, so
        /// that only another part of the edge counts, which meets the most cases of the quality
        /// matrix with the fewest speckle failures (EmbossQualityTests).
        static let siteSpread = 9

        /// The transform's nearest outside pixel o is the nearest by pixel centres, but the edge
        /// lies where the coverage puts it, up to about ½ px from there. Where two parts of the
        /// edge are about equally near (a crease, most of all beside a concave corner, where the
        /// fan around its vertex meets the slope from the edge across the stroke), the centres'
        /// choice can be the farther part: beside the "R"'s hole corner a column of pixels took
        /// the stem's far edge, 5.99 px away, over the corner 5.5 px away, and showed as a
        /// stripe a pixel off the 4× render's crease (EmbossQualityTests, at depth 50). So each
        /// pixel also measures from its 8 neighbours' outside pixels where those are another
        /// part of the edge (`siteSpread`), and keeps the nearest.
        @inline(__always)
        func inside(_ x: Int, _ y: Int, _ ox: Int, _ oy: Int, squared: Double, around: Neighbours) {
            let reach = Double(self.reach)
            // The plateau: flat (its slopes and d are `start`'s zeros).
            guard squared < reach * reach else { band.heights[(y &- band.top) &* width &+ x] = 1; return }
            var best = piece(x, y, ox, oy)
            let far = around.far(ox, oy)
            if far != 0 {
                var (lastX, lastY) = (ox, oy)
                // The set bits in order, lowest first (a branch per far neighbour, not per bit).
                var bits = UInt32(far)
                while bits != 0 {
                    let k = bits.trailingZeroBitCount
                    bits &= bits &- 1
                    let (sx, sy) = around[k]
                    guard sx != lastX || sy != lastY else { continue }
                    (lastX, lastY) = (sx, sy)
                    let other = piece(x, y, sx, sy)
                    if other.d < best.d { best = other }
                }
            }
            finish(x, y, best)
        }

        /// The plateau: height 1, flat (as `inside` leaves it).
        func beyondReach(four x: Int, _ y: Int) {
            FastMath.store(SIMD4(repeating: 1), band.heights + ((y &- band.top) &* width &+ x))
        }

        /// Outside pixel (x, y): 0 everywhere (`start`'s zeros) unless the edge crosses it.
        @inline(__always)
        func outside(_ x: Int, _ y: Int) {
            if mask[y &* width &+ x] > 0 { edge(x, y, x, y) }   // coverage(x, y) > 0
        }

        /// Most groups of four outside pixels hold no edge: their coverages are tested at once.
        @inline(__always)
        func outside(four x: Int, _ y: Int) {
            guard FastMath.any(FastMath.load(mask + y * width + x) .> 0) else { return }
            for x in x ..< x + 4 { outside(x, y) }
        }

        /// Row y's heights, slopes and distances 0: every outside pixel's but the edge's, and the
        /// plateau's but its height, which `outside` and `inside` then leave as they are.
        /// (And no group of it marked.)
        func start(row y: Int) {
            let i = (y - band.top) * width
            (band.heights + i).update(repeating: 0, count: width)
            (band.slopeX + i).update(repeating: 0, count: width)
            (band.slopeY + i).update(repeating: 0, count: width)
            (band.distances + i).update(repeating: 0, count: width)
            band.marks(row: y - band.top).update(repeating: 0, count: Marks.words(width: width))
        }

        /// Pixel (x, y) finished (and marked with its left and right neighbours: it may slope).
        @inline(__always)
        func set(_ x: Int, _ y: Int, _ h: Float, _ sx: Float, _ sy: Float, _ d: Float) {
            let i = (y &- band.top) &* width &+ x
            band.heights[i] = h
            band.slopeX[i] = sx
            band.slopeY[i] = sy
            band.distances[i] = d
            Marks.mark(band.marks(row: y &- band.top), x: x, width: width)
        }

        /// The mask as coverage: 0 beyond the image and for NaN, clamped into 0 … 1.
        @inline(__always)
        func coverage(_ x: Int, _ y: Int) -> Float {
            guard x >= 0, y >= 0, x < width, y < height else { return 0 }
            let v = mask[y &* width &+ x]   // (wrapping: within the image, just tested)
            return v >= 0 ? min(v, 1) : 0
        }

        /// Whether all 8 neighbours of (cx, cy) are in the image (see `coverage(near:)`).
        @inline(__always)
        func inner(_ cx: Int, _ cy: Int) -> Bool { cx >= 1 && cy >= 1 && cx < width &- 1 && cy < height &- 1 }

        /// `coverage(cx + dx, cy + dy)` for dx, dy in −1 … 1, read without the bounds tests
        /// when `inner(cx, cy)` says every neighbour is in the image.
        @inline(__always)
        func coverage(near cx: Int, _ cy: Int, _ dx: Int, _ dy: Int, inner: Bool) -> Float {
            guard inner else { return coverage(cx &+ dx, cy &+ dy) }
            let v = mask[(cy &+ dy) &* width &+ cx &+ dx]   // (wrapping: `inner` keeps it in the image)
            return v >= 0 ? min(v, 1) : 0
        }

        /// The coverage's unit inward normal at (cx, cy) from its 3 × 3 gradient (see
        /// `HeightField.inwardNormal`); (0, 0) where the coverage has no direction there.
        @inline(__always)
        func inwardNormal(_ cx: Int, _ cy: Int) -> (x: Float, y: Float) {
            let inner = inner(cx, cy)
            return HeightField.inwardNormal { dx, dy in coverage(near: cx, cy, dx, dy, inner: inner) }
        }

        /// The step to the neighbour in direction (ux, uy), of 8 (cos 67.5° = 0.3827 between
        /// them); the step for (−ux, −uy) is its opposite.
        @inline(__always)
        static func step(_ ux: Float, _ uy: Float) -> (x: Int, y: Int) {
            (ux > 0.3827 ? 1 : ux < -0.3827 ? -1 : 0, uy > 0.3827 ? 1 : uy < -0.3827 ? -1 : 0)
        }

        /// The pixel next to (cx, cy) in direction (ux, uy) (`step`) and its coverage, if it is
        /// partly covered.
        @inline(__always)
        func partlyCovered(_ cx: Int, _ cy: Int, towards ux: Float, _ uy: Float) -> (x: Int, y: Int, coverage: Float)? {
            let (sx, sy) = Self.step(ux, uy)
            let b = coverage(cx + sx, cy + sy)
            return b > 0 && b < 1 ? (cx + sx, cy + sy, b) : nil
        }

        /// How much more covered than e both its neighbours along the edge must be, and the
        /// largest cosine between their normals, for e to be the tip of an outside wedge
        /// (`wedgeTip`); and how far from e's centre the wedge's vertex may be.
        ///
        /// These meet the most cases of the quality matrix (EmbossQualityTests).
        static let tipMargin: Float = 0.2, tipCosine: Float = 0.87, tipReach: Float = 1.5

        /// The most e may be covered for its arms to be read 2 px away (`arm`), where one of
        /// its neighbours along the edge is wholly covered; and how far along the edge.
        /// 0.12 and 2 px meet the most cases of the quality matrix (EmbossQualityTests).
        static let armTipCoverage: Float = 0.12, armLength: Float = 2

        /// An outside wedge is acute when its arms' normals are more than this far from
        /// opposite (cosine below −`acuteCosine`: the wedge narrower than 37°, as a bold
        /// glyph's diagonal meeting its stem); its vertex may then lie `acuteReach` px from e,
        /// inwards.
        ///
        /// Why: in so narrow a wedge e's neighbours along the edge see both arms and the
        /// inside beyond the vertex in their 3 × 3 gradients, so their normals lean into the
        /// joint, and a small error in an arm's normal moves the vertex far along the other
        /// arm; and the last outside pixel's centre lies up to 1 / (2 tan(θ/2)) px (1.5 px at
        /// 37°, 2.1 px at 27°) short of the vertex, beyond `tipReach`, or it is itself well
        /// covered with a wholly covered neighbour (as at the N's upper notch in DejaVu Sans
        /// Bold, EmbossQualityTests), where no wedge was found and the tip's piece of edge, a
        /// chamfer, was carried across the stem. So the arms are read `armLength` px along
        /// each from e (`arm(_:_:_:away:)`), where each pixel's 3 × 3 holds its own arm alone,
        /// and met there.
        static let acuteCosine: Float = 0.8, acuteReach: Float = 4

        /// Pixel (x, y)'s signed distance from an outside wedge and its unit ∇d, if edge pixel e
        /// (inward normal n̂, coverage a) is the wedge's tip: a concave corner of the shape, as
        /// where a glyph's bowl meets its stem, the outside's corner within e.
        ///
        /// e's own gradient there points along the wedge's bisector, so its piece of edge is a
        /// chamfer across the corner, and the pixels that measure from it, those in the fan
        /// around the vertex, turn about the chamfer's ends instead. Seen on "Rags": up to 43°
        /// off beside the "g"'s junction, and 8 fully covered pixels beside the "R"'s, "a"'s
        /// and "g"'s junctions on the chamfer line's outside (d −1 to −3.2: a pit to height 0
        /// and a steep slope the wrong way; EmbossQualityTests).
        ///
        /// The tip's signature: its two neighbours along the edge (across n̂) are both partly
        /// covered and clearly more covered than e, and their normals are apart. Each
        /// neighbour's own gradient and coverage then give its arm's straight edge (as for any
        /// edge pixel), the arms meet at their intersection v, and d is the distance from the
        /// two half-lines from v through the arms' edge points — from v itself in the fan.
        /// Inside is the inner side of either arm. Fan directions around outside wedges of
        /// 60–120° (HeightFieldTests): 9.2° off on average without, 7.9° with.
        ///
        /// Where one neighbour is wholly covered and e all but empty, the tip's pixel is
        /// (almost) wholly outside: its neighbours' gradients hold both arms as much as e's, so
        /// the arms are read `armLength` px along the edge either side instead. Beside 90–110°
        /// outside wedges whose tip pixel is empty (HeightFieldTests): 3.76° off on average
        /// without, 2.61° with. At an acute wedge's tip the arms are read along them too
        /// (`acuteCosine`).
        @inline(__always)
        func wedgeTip(_ ex: Int, _ ey: Int, _ nx: Float, _ ny: Float, _ a: Float) -> Wedge? {
            // Most pixels fail the first test.
            let (sx, sy) = Self.step(ny, -nx), needed = a + Self.tipMargin, inner = inner(ex, ey)
            let c1 = coverage(near: ex, ey, sx, sy, inner: inner)
            guard c1 > needed else { return nil }
            let c2 = coverage(near: ex, ey, -sx, -sy, inner: inner)
            guard c2 > needed, sx != 0 || sy != 0 else { return nil }
            if c1 < 1 && c2 < 1 {
                let arm1 = arm(ex, ey, sx, sy, c1), arm2 = arm(ex, ey, -sx, -sy, c2)
                // An acute wedge's arms read clear of its tip, where there is one.
                if let (_, u1) = arm1, let (_, u2) = arm2, let acute = acuteWedge(ex, ey, nx, ny, u1, u2) { return acute }
                return wedge(arm1, arm2)
            }
            // A neighbour wholly inside: the tip is (almost) wholly outside, as at a glyph's
            // square hole's corner or the logo's star's inner corners (at a 90° hole corner the
            // row level with the vertex was 15–25° off over 6 px).
            if a <= Self.armTipCoverage { return wedge(arm(ex, ey, nx, ny, side: 1), arm(ex, ey, nx, ny, side: -1)) }
            // Or e is the tip of an acute wedge that ends within it, as where a bold glyph's
            // diagonal meets its stem: the wholly covered neighbour's gradient still holds its
            // arm's direction.
            let n1 = inwardNormal(ex + sx, ey + sy), n2 = inwardNormal(ex - sx, ey - sy)
            guard (n1.x != 0 || n1.y != 0) && (n2.x != 0 || n2.y != 0) else { return nil }
            return acuteWedge(ex, ey, nx, ny, SIMD2(n1.x, n1.y), SIMD2(n2.x, n2.y))
        }

        /// The acute wedge (see `acuteCosine`) at e (inward normal n̂) whose arms' normals
        /// near e are u1 and u2: its arms read `armLength` px along each, if they meet within
        /// `acuteReach` px inwards of e at an acute angle.
        @inline(never)
        func acuteWedge(_ ex: Int, _ ey: Int, _ nx: Float, _ ny: Float, _ u1: SIMD2<Float>, _ u2: SIMD2<Float>) -> Wedge? {
            guard (u1 * u2).sum() < Self.tipCosine,
                  let acute = wedge(arm(ex, ey, u1, away: u2), arm(ex, ey, u2, away: u1), reach: Self.acuteReach),
                  (acute.u1 * acute.u2).sum() < -Self.acuteCosine, (acute.v * SIMD2<Float>(nx, ny)).sum() > 0
            else { return nil }
            return acute
        }

        /// A wedge's arm: its straight edge, from e's centre, as a point on it and its unit
        /// inward normal (see `edgeOffset`); nil where the coverage there has no direction.
        typealias Arm = (point: SIMD2<Float>, normal: SIMD2<Float>)

        /// The arm through e's neighbour (ex + sx, ey + sy), of coverage c.
        @inline(__always)
        func arm(_ ex: Int, _ ey: Int, _ sx: Int, _ sy: Int, _ c: Float) -> Arm? {
            let n = inwardNormal(ex + sx, ey + sy)
            guard n.x != 0 || n.y != 0 else { return nil }
            let u = SIMD2<Float>(n.x, n.y)
            return (SIMD2<Float>(Float(sx), Float(sy)) - HeightField.edgeOffset(n.x, n.y, coverage: c) * u, u)
        }

        /// The arm `armLength` px from e along the edge (across e's normal n̂, `side` ±1): the
        /// pixel there, or, where that is wholly inside (outside), its neighbour one step out
        /// (in) along n̂ if that is on the edge — partly covered, or the outside pixel of a hard
        /// step.
        @inline(never)
        func arm(_ ex: Int, _ ey: Int, _ nx: Float, _ ny: Float, side: Float) -> Arm? {
            let sx = Int((side * Self.armLength * ny).rounded()), sy = Int((side * -Self.armLength * nx).rounded())
            let (ix, iy) = Self.step(nx, ny)
            let c = coverage(ex + sx, ey + sy)
            if c > 0 && c < 1 { return arm(ex, ey, sx, sy, c) }
            if c >= 1 {
                let out = coverage(ex + sx - ix, ey + sy - iy)
                return out < 1 ? arm(ex, ey, sx - ix, sy - iy, out) : nil
            }
            let inward = coverage(ex + sx + ix, ey + sy + iy)
            if inward >= 1 { return arm(ex, ey, sx, sy, 0) }
            return inward > 0 ? arm(ex, ey, sx + ix, sy + iy, inward) : nil
        }

        /// The arm of normal u read `armLength` px from e along it, on the side away from the
        /// other arm's inside (normal `other`): see `arm(_:_:_:_:side:)`.
        @inline(never)
        func arm(_ ex: Int, _ ey: Int, _ u: SIMD2<Float>, away other: SIMD2<Float>) -> Arm? {
            arm(ex, ey, u.x, u.y, side: u.y * other.x - u.x * other.y > 0 ? -1 : 1)
        }

        /// An outside wedge's two arms met at their vertex v (points relative to e's centre):
        /// the half-lines from v through p1 and p2, inside on the inner side (u1, u2) of either.
        struct Wedge {
            var v: SIMD2<Float>, p1: SIMD2<Float>, u1: SIMD2<Float>, p2: SIMD2<Float>, u2: SIMD2<Float>

            /// The signed distance of point p (relative to e's centre) from the wedge and its
            /// unit ∇d; (0, n̂) on the edge.
            @inline(__always)
            func measure(_ p: SIMD2<Float>, _ nx: Float, _ ny: Float) -> (d: Float, dx: Float, dy: Float) {
                typealias Point = SIMD2<Float>
                // The nearest point of the two half-lines from v through p1 and p2.
                var nearest = v, least = Float.infinity
                func consider(_ arm: Point) {
                    let length = (arm * arm).sum().squareRoot()
                    guard length > 1e-4 else { return }
                    let q = v + max(((p - v) * arm).sum() / length, 0) / length * arm
                    let gap = ((p - q) * (p - q)).sum()
                    if gap < least { (nearest, least) = (q, gap) }
                }
                consider(p1 - v)
                consider(p2 - v)
                let distance = least.squareRoot()
                guard distance > 1e-5 else { return (0, nx, ny) }   // on the edge (also: no arm)
                let inside = ((p - p1) * u1).sum() > 0 || ((p - p2) * u2).sum() > 0
                let d = inside ? distance : -distance
                let g = (p - nearest) / d
                return (d, g.x, g.y)
            }
        }

        /// `wedgeTip` once e is found to be one, with its two arms: rare, so kept out of line.
        @inline(never)
        func wedge(_ arm1: Arm?, _ arm2: Arm?, reach: Float = tipReach) -> Wedge? {
            guard let (p1, u1) = arm1, let (p2, u2) = arm2, (u1 * u2).sum() < Self.tipCosine else { return nil }
            // The vertex: u1·v = u1·p1 and u2·v = u2·p2 (arms facing each other, as across a
            // thin slot, have no vertex).
            let det = u1.x * u2.y - u1.y * u2.x
            guard abs(det) > 0.2 else { return nil }
            let k1 = (u1 * p1).sum(), k2 = (u2 * p2).sum()
            let v = SIMD2<Float>(k1 * u2.y - k2 * u1.y, u1.x * k2 - u2.x * k1) / det
            guard (v * v).sum() < reach * reach else { return nil }
            return Wedge(v: v, p1: p1, u1: u1, p2: p2, u2: u2)
        }

        /// Pixel (x, y) near the edge, (ox, oy) its nearest outside pixel (itself when it is
        /// partly covered but outside).
        func edge(_ x: Int, _ y: Int, _ ox: Int, _ oy: Int) {
            finish(x, y, piece(x, y, ox, oy))
        }

        /// Pixel (x, y)'s height and slopes from its signed distance d and unit ∇d: at r = 0
        /// here, else left for `end(row:)` (d and ∇d stored, the height −1).
        @inline(__always)
        func finish(_ x: Int, _ y: Int, _ p: (d: Float, dx: Float, dy: Float)) {
            guard rise.radius > 0 else {
                // r = 0 keeps the step at the 0.5 cut: 1 inside, 0 outside.
                let slope = rise.meanSlope(p.d - 0.5, p.d + 0.5)
                set(x, y, coverage(x, y) >= 0.5 ? 1 : 0, slope * p.dx, slope * p.dy, p.d)
                return
            }
            set(x, y, Self.pending, p.dx, p.dy, p.d)
        }

        /// The height `finish` leaves on a pixel whose height and slopes `end(row:)` makes
        /// (every height is 0 … 1).
        static let pending: Float = -1

        /// Row y's pending pixels (`finish`): the height H(d) and the slopes s·∇d, s the mean
        /// slope over the pixel's width along ∇d (its outside part left out), four pixels at a
        /// time in lanes (`Rise`'s lanes: the same bits as one at a time). The profile's
        /// divisions and square roots, which one pixel at a time wait on each other.
        func end(row y: Int) {
            typealias Lanes = SIMD4<Float>
            let i = (y - band.top) * width
            let (heights, slopeX, slopeY, distances) = (band.heights + i, band.slopeX + i, band.slopeY + i, band.distances + i)
            @inline(__always) func complete(_ h: Lanes, _ dx: Lanes, _ dy: Lanes, _ d: Lanes) -> (h: Lanes, sx: Lanes, sy: Lanes) {
                let pending = h .== Lanes(repeating: Self.pending)
                let slope = rise.meanSlope(d - 0.5, d + 0.5)
                return (h.replacing(with: rise(d), where: pending), dx.replacing(with: slope * dx, where: pending),
                        dy.replacing(with: slope * dy, where: pending))
            }
            // Only the groups `set` marked hold any.
            Marks.forEachRun(band.marks(row: y - band.top), width: width) { start, end in
                var x = start
                while x + 4 <= end {
                    let h = FastMath.load(heights + x)
                    if FastMath.any(h .== Lanes(repeating: Self.pending)) {
                        let r = complete(h, FastMath.load(slopeX + x), FastMath.load(slopeY + x), FastMath.load(distances + x))
                        FastMath.store(r.h, heights + x)
                        FastMath.store(r.sx, slopeX + x)
                        FastMath.store(r.sy, slopeY + x)
                    }
                    x += 4
                }
                while x < end {
                    if heights[x] == Self.pending {
                        let r = complete(Lanes(repeating: heights[x]), Lanes(repeating: slopeX[x]), Lanes(repeating: slopeY[x]),
                                         Lanes(repeating: distances[x]))
                        (heights[x], slopeX[x], slopeY[x]) = (r.h[0], r.sx[0], r.sy[0])
                    }
                    x += 1
                }
            }
        }

        /// The piece of edge at an outside pixel o, as the pixels that measure from it see it:
        /// its edge pixel e, e's inward normal n̂, the offset s of the edge point nearest e's
        /// centre along n̂, the segment's half-length across n̂, and the wedge where e is an
        /// outside wedge's tip (see `piece`).
        struct Piece {
            var ex: Int, ey: Int
            var nx: Float, ny: Float, s: Float, half: Float
            var wedge: Wedge?
            /// Whether n̂ is the direction from o to the pixel the piece was made for (the
            /// coverage has none there): then it is that pixel's alone.
            var aimed: Bool

            /// Pixel (x, y)'s signed distance from this piece of edge and its unit ∇d.
            @inline(__always)
            func measure(_ x: Int, _ y: Int) -> (d: Float, dx: Float, dy: Float) {
                // At an outside wedge's tip, its two arms (see `wedgeTip`).
                if let wedge { return wedge.measure(SIMD2<Float>(Float(x - ex), Float(y - ey)), nx, ny) }
                let px = Float(x &- ex) + s * nx, py = Float(y &- ey) + s * ny   // pixel − edge point
                let along = px * nx + py * ny, across = px * ny - py * nx
                let beyond = across - FastMath.min(FastMath.max(across, -half), half)
                let distance = (along * along + beyond * beyond).squareRoot()
                let d = along < 0 ? -distance : distance
                // ∇d: the unit vector from the segment to the pixel (n̂ beside the segment).
                guard beyond != 0 && distance > 0 else { return (d, nx, ny) }
                return (d, (along * nx + beyond * ny) / d, (along * ny - beyond * nx) / d)
            }
        }

        /// A `Piece` kept for an outside pixel (`key`: its index in the padded image, −1 for
        /// none), in `Bevel.pieces`, a small table indexed by a hash of the key.
        struct KeptPiece {
            var key: Int
            var piece: Piece
        }

        /// How many pieces `pieces` keeps: 2 to this power. Each outside pixel's piece is
        /// shared by every pixel that measures from it (those in line with it up to r + 2 away,
        /// and their neighbours, `inside`), so it is made once while it stays in the table.
        static let keptPiecesBits = 10
        static let keptPieces = 1 << keptPiecesBits

        /// Pixel (x, y)'s signed distance d from the piece of edge at outside pixel (ox, oy), and
        /// its unit ∇d.
        @inline(__always)
        func piece(_ x: Int, _ y: Int, _ ox: Int, _ oy: Int) -> (d: Float, dx: Float, dy: Float) {
            // A pixel next to an empty o looks for e towards itself first (see `piece(_:_:edge:towards:_:)`).
            let vx = x &- ox, vy = y &- oy
            if vx >= -1 && vx <= 1 && vy >= -1 && vy <= 1 && (vx != 0 || vy != 0) && coverage(ox, oy) == 0 {
                let fx = Float(vx), fy = Float(vy), v = (fx * fx + fy * fy).squareRoot()
                if let e = partlyCovered(ox, oy, towards: fx / v, fy / v) {
                    return piece(ox, oy, edge: e, towards: x, y).measure(x, y)
                }
            }
            // Every other pixel sees o's piece alike: computed once, kept.
            let key = (oy &+ 1) &* (width &+ 2) &+ ox &+ 1   // (wrapping: all within the padded image)
            let slot = Int(truncatingIfNeeded: (UInt32(truncatingIfNeeded: key) &* 2_654_435_761) >> (32 - Self.keptPiecesBits))
            if pieces[slot].key != key {
                pieces[slot] = KeptPiece(key: key, piece: piece(ox, oy, edge: nil, towards: x, y))
            }
            let kept = pieces[slot].piece
            // Where the coverage has no direction, n̂ is towards each pixel: its own piece.
            return kept.aimed ? piece(ox, oy, edge: nil, towards: x, y).measure(x, y) : kept.measure(x, y)
        }

        /// The piece of edge at outside pixel o, with edge pixel `edge` if given (a pixel next
        /// to o found towards the pixel measuring), else o itself when it is partly covered,
        /// else the partly covered pixel next to o along o's normal. (x, y): the pixel
        /// measuring, whose direction from o stands in for n̂ where the coverage has none.
        func piece(_ ox: Int, _ oy: Int, edge: (x: Int, y: Int, coverage: Float)?, towards x: Int, _ y: Int) -> Piece {
            // The edge pixel e: o itself when it is partly covered, else a partly covered pixel
            // next to o (8 directions, cos 67.5° = 0.3827 between them): along o's normal, or,
            // for a pixel next to o (one of its 8 neighbours), first the one towards the pixel.
            // At a concave corner o's neighbourhood holds both edges and its normal points into
            // the corner, where the pixel along it belongs to the other edge than the one a
            // pixel beside o is nearest to (seen on "Rags": a dark dot under the "a"'s bar,
            // 0.4 px from an edge 1 px away). Farther in, o's normal is the better guide
            // (EmbossQualityTests).
            var (ex, ey, a) = (ox, oy, coverage(ox, oy))
            var (nx, ny) = inwardNormal(ox, oy)
            if let e = edge {
                (ex, ey, a) = e
            } else if a == 0, let e = partlyCovered(ox, oy, towards: nx, ny) {
                (ex, ey, a) = e
            }
            // The edge's normal where the edge is: the gradient at e itself, as Gustavson &
            // Strand take it (167 cases rather than 164 with o's).
            if ex != ox || ey != oy {
                let n = inwardNormal(ex, ey)
                if n.x != 0 || n.y != 0 { (nx, ny) = n }
            }
            let aimed = nx == 0 && ny == 0
            if aimed {
                // No direction in the coverage (a lone hole, a symmetric notch): towards (x, y).
                let vx = Float(x - ox), vy = Float(y - oy), v = (vx * vx + vy * vy).squareRoot()
                (nx, ny) = v > 0 ? (vx / v, vy / v) : (0, 0)
            }
            // The edge point nearest e's centre, then the nearest point of the edge segment
            // (±1 px across n̂, ±½ px from a diagonal e: see below) to the pixel.
            //
            // Why ±½ from a diagonal e: o's partly covered neighbour along its normal is diagonal
            // to it where the edge turns, as at a concave corner, where o is the hole's corner
            // pixel and e the one the edge only clips. e's gradient there points into the
            // corner, so its segment is a chamfer across it, and pixels up to 4 px away took
            // the chamfer's normal, not the fan around the vertex (25–34° off 1–2 px from the
            // vertex on "Rags"). Half as long, the chamfer is passed by, and the fan is around
            // its ends. Only from a diagonal e: halving every e's segment meets far fewer cases
            // of the quality matrix (EmbossQualityTests).
            let s = HeightField.edgeOffset(nx, ny, coverage: a)
            let half: Float = ex != ox && ey != oy ? 0.5 : 1
            // At an outside wedge's tip, its two arms instead (see `wedgeTip`).
            return Piece(ex: ex, ey: ey, nx: nx, ny: ny, s: s, half: half, wedge: wedgeTip(ex, ey, nx, ny, a), aimed: aimed)
        }
    }

    /// The weight of the axis neighbours in `inwardNormal`'s 3 × 3 gradient (the corners' is 1).
    /// Sobel's is 2, Gustavson & Strand's √2; for a straight edge crossing the centre pixel
    /// at any angle and offset, the gradient's direction is off the edge's normal by (mean,
    /// max, measured on exact coverages, HeightFieldTests) √2: 2.4°, 4.4°; 2: 0.94°, 3.0°;
    /// 2.5: 0.77°, 2.7°; 3: 1.1°, 3.6°. 2.5 also meets the most cases of the quality matrix
    /// (EmbossQualityTests).
    static let gradientAxisWeight: Float = 2.5

    /// The unit inward normal (the direction coverage grows) from coverages `c(dx, dy)` of a
    /// pixel's 3 × 3 neighbourhood (dx, dy in −1 … 1), (0, 0) where they have no direction:
    /// a gradient with weights 1 w 1 across, w = `gradientAxisWeight`.
    @inline(__always)
    static func inwardNormal(_ c: (Int, Int) -> Float) -> (x: Float, y: Float) {
        let w = gradientAxisWeight
        let gx = c(1, -1) + w * c(1, 0) + c(1, 1) - c(-1, -1) - w * c(-1, 0) - c(-1, 1)
        let gy = c(-1, 1) + w * c(0, 1) + c(1, 1) - c(-1, -1) - w * c(0, -1) - c(1, -1)
        let length = (gx * gx + gy * gy).squareRoot()
        return length > 1e-6 ? (gx / length, gy / length) : (0, 0)
    }

    /// Signed distance from a pixel's centre to a straight edge crossing it with unit inward
    /// normal (nx, ny) and covering `coverage` of the pixel: positive when the centre is
    /// inside. Gustavson & Strand's `edgedf` (negated): exact for a straight edge, with
    /// coverage 0 (1) giving the pixel's far (near) corner or side.
    static func edgeOffset(_ nx: Float, _ ny: Float, coverage a: Float) -> Float {
        // Symmetric in sign and order: fold into the first octant, x ≥ y ≥ 0.
        let big = max(abs(nx), abs(ny)), small = min(abs(nx), abs(ny))
        guard small > 0 else { return a - 0.5 }
        let corner = 0.5 * small / big
        if a < corner { return -(0.5 * (big + small) - (2 * big * small * a).squareRoot()) }
        if a < 1 - corner { return (a - 0.5) * big }
        return 0.5 * (big + small) - (2 * big * small * (1 - a)).squareRoot()
    }

    /// The transform's index of nearest outside pixels, kept between calls (see `ArrayPool`).
    private static let nearestPool = ArrayPool<Int32>(limit: 1)

    /// The transform's first pass: runs `body` with the mask and, for every pixel, the row of
    /// the nearest outside pixel in its column (see `nearestRows`); pass 2 (`rowPass`) then
    /// finishes any rows from them.
    private static func withNearest<Result>(_ mask: Plane, _ parallel: ParallelFor,
                                            _ body: (UnsafePointer<Float>, UnsafePointer<Int32>) -> Result) -> Result {
        let width = mask.width, height = mask.height
        // Pass 1 writes every entry before any is read (see `nearestRows`).
        var near = nearestPool.take(count: width * height)
        defer { nearestPool.give(near) }
        return mask.values.withUnsafeBufferPointer { maskBuffer in
            near.withUnsafeMutableBufferPointer { nearBuffer in
                // An empty mask has no rows to finish: any valid pointers will do.
                var none: Float = 0, nowhere: Int32 = 0
                guard let m = maskBuffer.baseAddress, let n = nearBuffer.baseAddress else { return body(&none, &nowhere) }
                parallel(width) { columns in
                    nearestRows(m, n, width: width, height: height, columns: columns)
                }
                return body(m, n)
            }
        }
    }

    /// Pass 1 over `columns`, all rows, row by row for contiguous access: the row of the
    /// nearest outside pixel in the same column, padding rows −1 and height included (the
    /// one above on a tie). Two sweeps: down (the nearest at or above), then up (the nearest
    /// at or below, where nearer).
    private static func nearestRows(_ m: UnsafePointer<Float>, _ near: UnsafeMutablePointer<Int32>,
                                    width: Int, height: Int, columns: Range<Int>) {
        // Four columns at a time in lanes (the same bits as one at a time: a comparison and a
        // choice each), then the rest one at a time.
        typealias Rows = SIMD4<Int32>
        @inline(__always) func load(_ p: UnsafePointer<Int32>) -> Rows { FastMath.load(p) }
        @inline(__always) func store(_ v: Rows, _ p: UnsafeMutablePointer<Int32>) { FastMath.store(v, p) }
        let lanes = columns.lowerBound + (columns.count & ~3)
        for y in 0 ..< height {
            let row = y * width, y32 = Int32(truncatingIfNeeded: y)
            var x = columns.lowerBound
            while x < lanes {
                let inside = FastMath.load(m + row + x) .>= 0.5
                let above = y == 0 ? Rows(repeating: -1) : load(near + row - width + x)
                store(Rows(repeating: y32).replacing(with: above, where: inside), near + row + x)
                x += 4
            }
            while x < columns.upperBound {
                near[row + x] = m[row + x] >= 0.5 ? (y == 0 ? -1 : near[row - width + x]) : y32
                x += 1
            }
        }
        var below = [Int32](repeating: Int32(truncatingIfNeeded: height), count: columns.count)
        below.withUnsafeMutableBufferPointer { below in
            guard let below = below.baseAddress else { return }
            for y in (0 ..< height).reversed() {
                let row = y * width, y32 = Int32(truncatingIfNeeded: y)
                var x = columns.lowerBound
                while x < lanes {
                    let i = x - columns.lowerBound
                    let inside = FastMath.load(m + row + x) .>= 0.5
                    let b = load(below + i), n = load(near + row + x), ys = Rows(repeating: y32)
                    store(ys.replacing(with: b, where: inside), below + i)
                    // wrapping: total even past Int32
                    store(n.replacing(with: b, where: inside .& (b &- ys .< ys &- n)), near + row + x)
                    x += 4
                }
                while x < columns.upperBound {
                    let i = x - columns.lowerBound
                    if !(m[row + x] >= 0.5) {
                        below[i] = y32
                    } else if below[i] &- y32 < y32 &- near[row + x] {   // wrapping: total even past Int32
                        near[row + x] = below[i]
                    }
                    x += 1
                }
            }
        }
    }

    /// Pass 2, row by row: the lower envelope of the parabolas (x − q)² + g(q)², g(q) the
    /// distance to column q's nearest outside pixel. No site beyond an outside pixel (g = 0)
    /// can beat that pixel, so each run of inside pixels is done on its own, with the outside
    /// pixels (or padding columns) at its ends as sites. Sites with g > `finish.reach` are
    /// left out: the cost falls with a small reach and never grows with a large one. Each row's
    /// sites are found before the row above is finished, so that `finish` sees all 8
    /// neighbours' (`Neighbours`); a range of rows costs two rows more.
    private static func rowPass<F: Finish>(_ m: UnsafePointer<Float>, _ near: UnsafePointer<Int32>, width: Int,
                                           height: Int, rows: Range<Int>, finish: F) {
        guard !rows.isEmpty, width > 0 else { return }
        // Three rows' sites, the row above, the row being finished and the row below, in slots
        // that rotate: each pixel's nearest outside pixel (column `Neighbours.outside` for an
        // outside pixel or a row beyond the image) and its squared distance. A slot holds a
        // padding entry, the row's pixels and two more padding entries, all outside, so that
        // `Neighbours.far` reads four entries from column x − 1 at any x. One allocation for
        // all, and none of it zeroed: `envelope`'s scratch f, v, z is written before it is
        // read, `sites` writes every pixel's column, and a row and squared distance are read
        // only where the column is a site (`far` reads the rows of four entries at once and
        // masks those that are not).
        let stride = width + 3
        let doubles = (width + 2) + (width + 3) + 3 * stride, ints = width + 2, int32s = 2 * 3 * stride
        let bytes = doubles * MemoryLayout<Double>.stride + ints * MemoryLayout<Int>.stride + int32s * MemoryLayout<Int32>.stride
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: MemoryLayout<Double>.alignment)
        defer { memory.deallocate() }
        let f = memory.bindMemory(to: Double.self, capacity: doubles)
        let z = f + (width + 2), squared = z + (width + 3)
        let v = UnsafeMutableRawPointer(squared + 3 * stride).bindMemory(to: Int.self, capacity: ints)
        let column = UnsafeMutableRawPointer(v + ints).bindMemory(to: Int32.self, capacity: int32s)
        let row = column + 3 * stride
        for slot in 0 ..< 3 {
            column[slot * stride] = Neighbours.outside
            column[slot * stride + width + 1] = Neighbours.outside
            column[slot * stride + width + 2] = Neighbours.outside
        }
        do {
            let outsides = SIMD4<Int32>(repeating: Neighbours.outside)
            /// Fills `slot` with image row y's sites.
            func sites(_ y: Int, into slot: Int) {
                let base = slot * stride + 1
                guard y >= 0, y < height else {
                    for x in 0 ..< width { column[base + x] = Neighbours.outside }
                    return
                }
                let mask = m + y * width, half = SIMD4<Float>(repeating: 0.5)
                var start = 0
                while start < width {
                    // Four outside pixels at once (`>= 0.5` false, NaN too), then one at a time.
                    if start + 4 <= width && !FastMath.any(FastMath.load(mask + start) .>= half) {
                        FastMath.store(outsides, column + base + start)
                        start += 4
                        continue
                    }
                    guard mask[start] >= 0.5 else {
                        column[base + start] = Neighbours.outside
                        start += 1
                        continue
                    }
                    var end = start + 1
                    while end + 4 <= width && FastMath.all(FastMath.load(mask + end) .>= half) { end += 4 }
                    while end < width && mask[end] >= 0.5 { end += 1 }
                    envelope(near + y * width, y: y, start: start, count: end - start, reach: finish.reach, f, v, z,
                             column + base, row + base, squared + base)
                    start = end
                }
            }
            // Where `inside` finds the plateau (squared ≥ reach², as it tests it).
            let beyond = Double(finish.reach) * Double(finish.reach)
            var (above, here, below) = (0, 1, 2)
            sites(rows.lowerBound - 1, into: above)
            sites(rows.lowerBound, into: here)
            for y in rows {
                sites(y + 1, into: below)
                finish.start(row: y)
                let (up, middle, down) = (above * stride + 1, here * stride + 1, below * stride + 1)
                var start = 0
                while start < width {
                    // Four outside pixels at once (most are), or four on the plateau, else one
                    // at a time.
                    let end = min(start + 4, width)
                    if end - start == 4 {
                        let sites = FastMath.load(column + middle + start)
                        if FastMath.all(sites .== outsides) {
                            finish.outside(four: start, y)
                            start = end
                            continue
                        }
                        let s = squared + middle + start
                        if !FastMath.any(sites .== outsides), s[0] >= beyond, s[1] >= beyond, s[2] >= beyond, s[3] >= beyond {
                            finish.beyondReach(four: start, y)
                            start = end
                            continue
                        }
                    }
                    for x in start ..< end {
                        let i = middle + x
                        guard column[i] != Neighbours.outside else { finish.outside(x, y); continue }
                        finish.inside(x, y, Int(column[i]), Int(row[i]), squared: squared[i],
                                      around: Neighbours(column: column, row: row, above: up, here: middle,
                                                         below: down, x: x))
                    }
                    start = end
                }
                finish.end(row: y)
                (above, here, below) = (here, below, above)
            }
        }
    }

    /// The nearest outside pixels of pixel x's 8 neighbours, read from `rowPass`'s three rows
    /// of sites (`above`, `here` and `below` the offsets of their column 0, each with an
    /// outside entry before it and two after its last).
    private struct Neighbours {
        /// The column of an outside pixel's site (and of a row beyond the image's, and of the
        /// padding entries).
        static let outside = Int32.min
        let column: UnsafePointer<Int32>, row: UnsafePointer<Int32>
        let above: Int, here: Int, below: Int, x: Int

        /// Which of the 8 neighbours (bit k: `subscript`'s k) are inside with a site more than
        /// `Bevel.siteSpread` from (ox, oy): the three rows' columns x − 1 … x + 2 four at a time
        /// (x + 2 left out), the squared distances in floats (exact up to 2²⁴, and any larger
        /// one is far either way).
        @inline(__always)
        func far(_ ox: Int, _ oy: Int) -> UInt8 {
            typealias Ints = SIMD4<Int32>
            let sx = Ints(repeating: Int32(truncatingIfNeeded: ox)), sy = Ints(repeating: Int32(truncatingIfNeeded: oy))
            let spread = SIMD4<Float>(repeating: Float(Bevel.siteSpread)), outside = Ints(repeating: Self.outside)
            @inline(__always) func load(_ p: UnsafePointer<Int32>) -> Ints { FastMath.load(p) }
            /// Bit n: the neighbour in column x − 1 + n of the row at `start` is far.
            @inline(__always) func spreads(_ start: Int) -> Int {
                let c = load(column + start + x - 1), r = load(row + start + x - 1)
                let gx = FastMath.float(c &- sx), gy = FastMath.float(r &- sy)
                return FastMath.bits(c .!= outside .& gx * gx + gy * gy .> spread)
            }
            let a = spreads(above), h = spreads(here), b = spreads(below)
            return UInt8(truncatingIfNeeded: a & 7 | (h & 1) << 3 | (h & 4) << 2 | (b & 7) << 5)
        }

        /// Neighbour k's site (k 0 … 7: the three above, left, right, the three below, left to
        /// right); k must be one `far` found.
        @inline(__always)
        subscript(k: Int) -> (Int, Int) {
            // Neighbour k's row (0 above, 1 here, 2 below) and column offset + 1, two bits each
            // at bit 2k of `rows` and `columns`: no branches on k.
            let rows = 0b10_10_10_01_01_00_00_00, columns = 0b10_01_00_10_00_10_01_00
            let r = rows >> (2 * k) & 3, dx = (columns >> (2 * k) & 3) - 1
            let j = SIMD4<Int>(above, here, below, 0)[r] &+ x &+ dx
            return (Int(column[j]), Int(row[j]))
        }
    }

    /// Felzenszwalb & Huttenlocher's algorithm 1 on the run of `count` inside pixels from
    /// column `start` of row y: sites j = 0 … count + 1 stand for columns start + j − 1, with
    /// f(j) = g² inside the run and 0 at the two ends. The lower envelope of the parabolas
    /// (x − j)² + f(j) is built left to right, z holding the abscissae where each one takes
    /// over, then each pixel's site (column, row) and squared distance are written at its
    /// column of `column`, `row` and `squared`. Scratch f, v, z hold at least count + 2,
    /// count + 2 and count + 3 entries.
    private static func envelope(_ near: UnsafePointer<Int32>, y: Int, start: Int, count: Int, reach: Float,
                                 _ f: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Int>,
                                 _ z: UnsafeMutablePointer<Double>, _ column: UnsafeMutablePointer<Int32>,
                                 _ row: UnsafeMutablePointer<Int32>, _ squared: UnsafeMutablePointer<Double>) {
        // (Wrapping arithmetic: every index is within the run's scratch and the row, and an
        // image is far narrower than 2³¹; Swift's overflow checks cost a branch each.)
        let last = count &+ 1, cutoff = Double(reach) * Double(reach)
        f[0] = 0
        f[last] = 0
        for j in 1 ..< last {
            let g = Double(Int(near[start &+ j &- 1]) &- y)
            f[j] = g * g
        }
        var k = 0
        v[0] = 0
        z[0] = -.infinity
        z[1] = .infinity
        var q = 0
        while q < last {
            q &+= 1
            // Four sites beyond the reach at once (most of a plateau's), else one at a time.
            if q &+ 3 <= last, min(min(f[q], f[q &+ 1]), min(f[q &+ 2], f[q &+ 3])) > cutoff {
                q &+= 3
                continue
            }
            guard f[q] <= cutoff else { continue }
            let fq = f[q] + Double(q) * Double(q)
            var s: Double
            repeat {
                let r = v[k]
                // Where parabola q crosses parabola r.
                s = (fq - (f[r] + Double(r) * Double(r))) / (2 * Double(q &- r))
                if s > z[k] || k == 0 { break }
                k &-= 1
            } while true
            k &+= 1
            v[k] = q
            z[k] = s
            z[k &+ 1] = .infinity
        }
        // Each parabola's stretch of pixels at once: x while x + 1 ≤ z[k + 1] (a plateau's
        // runs are two long stretches).
        k = 0
        var x = 0
        while x < count {
            let q = Double(x &+ 1)
            while z[k &+ 1] < q { k &+= 1 }
            let r = v[k], site = start &+ r &- 1, fr = f[r], rd = Double(r), next = z[k &+ 1]
            // (x + 1 ≤ next here; never Int() of an infinity or NaN.)
            let end = next < Double(count) ? Int(max(next.rounded(.down), q)) : count
            // (Columns −1 … width and rows −1 … height fit: an image is far narrower than 2³¹.)
            let c = Int32(truncatingIfNeeded: site)
            let siteRow = r == 0 || r == last ? Int32(truncatingIfNeeded: y) : near[site]
            for x in x ..< end {
                let dx = Double(x &+ 1) - rd
                column[start &+ x] = c
                row[start &+ x] = siteRow
                squared[start &+ x] = dx * dx + fr
            }
            x = end
        }
    }
}
