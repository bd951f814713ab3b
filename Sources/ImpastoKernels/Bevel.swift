// SPDX-License-Identifier: GPL-3.0-or-later

/// Where the emboss turns distances into heights and slopes: the distance transform's
/// finish (`DistanceTransformFinish`) that writes a band of a relief's rows.
///
/// Each inside pixel within the bevel's reach measures its signed distance d, and the unit
/// ∇d, from the piece of antialiased edge at its site, its nearest outside pixel (`EdgePiece`),
/// and from those of its neighbours' sites that lie elsewhere on the edge (`siteSpread`),
/// keeping the nearest: the transform's site is the nearest by pixel centres, but the edge lies
/// where the coverage puts it, up to ½ px from there, and where two parts of the edge are
/// about equally near (a crease beside a concave corner) the centres' choice can be the
/// farther one. A partly covered outside pixel measures from its own piece.
///
/// Then h = H(d), H(x) = profile(x / r) (`Rise`), and the slope ∇h = s·∇d with s the mean of
/// H′ over the pixel's width along ∇d, (H(d + ½) − H(d − ½)), the part outside the edge left
/// out: what a pixel would average of a finely sampled relief, so neither the profile's steep
/// foot nor whole-pixel distance steps reach the shading as dots. Pixels more than r + 2 from
/// every outside pixel are on the plateau (h = 1, flat) and cost nothing more, so the cost does
/// not grow with r. r = 0 is a step: h = 1 inside the 0.5 cut (docs/contract.md), and a pixel the edge
/// crosses rises by 1 over its inside part.
struct Bevel: DistanceTransformFinish {
    let coverage: Coverage
    let rise: Rise
    /// Where the rows go (pixel (x, y) at (y − band.top) · width + x).
    let band: ReliefBand
    /// The pieces of edge made so far (`piece`): `keptPieces` of them, this bevel's own.
    let pieces: UnsafeMutablePointer<KeptPiece>

    var width: Int { coverage.width }

    /// The edge lies within about 1.5 px of an outside pixel's centre, and a pixel's slope
    /// looks ½ px further: beyond r + 2 every pixel is on the plateau.
    var reach: Float { rise.radius + 2 }

    /// How far a pixel's site may lie from it, either way along x and y, for the pixel to
    /// slope: under `reach` (r + 2), so at most ⌈r + 2⌉ − 1.
    static func siteReach(radius: Float) -> Int { Int((Rise.cleanRadius(radius) + 2).rounded(.up)) - 1 }

    /// How far from its site o (either way along x and y) a piece of edge reads the coverage:
    /// its edge pixel e is o or a neighbour; an arm read `EdgeWedge.armLength` px along the
    /// edge from e, and a step across it, is measured by the 3 × 3 gradient there: 1 + 2 + 1 + 1
    /// (EmbossRegionTests).
    static let pieceReach = 5

    /// Squared distance between a neighbour's site and a pixel's own beyond which the pixel
    /// measures from the neighbour's too (HeightFieldTests' hole corner, EmbossQualityTests).
    static let siteSpread = 9

    /// Bevels `rows` of the image from the transform's `columns` into `band` (which holds just
    /// them), with `rise` the profile at the bevel's radius.
    static func rows(_ rows: Range<Int>, of columns: DistanceTransform.Columns, rise: Rise, into band: ReliefBand) {
        withUnsafeTemporaryAllocation(of: KeptPiece.self, capacity: keptPieces) { pieces in
            guard let pieces = pieces.baseAddress else { return }
            let none = EdgePiece(ex: 0, ey: 0, nx: 0, ny: 0, s: 0, half: 0, wedge: nil, aimed: false)
            pieces.initialize(repeating: KeptPiece(key: -1, piece: none), count: keptPieces)
            let coverage = Coverage(mask: columns.mask, width: columns.width, height: columns.height)
            columns.finish(rows: rows, with: Bevel(coverage: coverage, rise: rise, band: band, pieces: pieces))
        }
    }

    @inline(__always)
    func inside(_ x: Int, _ y: Int, _ ox: Int, _ oy: Int, squared: Double, around: DistanceTransform.Neighbours) {
        let reach = Double(self.reach)
        // The plateau: flat (its slopes and d are `start`'s zeros).
        guard squared < reach * reach else { band.heights[(y &- band.top) &* width &+ x] = 1; return }
        var best = piece(x, y, ox, oy)
        let far = around.far(ox, oy, spread: Self.siteSpread)
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
        if coverage.mask[y &* width &+ x] > 0 { finish(x, y, piece(x, y, x, y)) }   // coverage(x, y) > 0
    }

    /// Most groups of four outside pixels hold no edge: their coverages are tested at once.
    @inline(__always)
    func outside(four x: Int, _ y: Int) {
        guard FastMath.any(FastMath.load(coverage.mask + y * width + x) .> 0) else { return }
        for x in x ..< x + 4 { outside(x, y) }
    }

    /// Row y's heights, slopes and distances 0: every outside pixel's but the edge's, and the
    /// plateau's but its height, which `outside` and `inside` then leave as they are. (And no
    /// group of it marked.)
    func start(row y: Int) {
        let i = (y - band.top) * width
        (band.heights + i).update(repeating: 0, count: width)
        (band.slopeX + i).update(repeating: 0, count: width)
        (band.slopeY + i).update(repeating: 0, count: width)
        (band.distances + i).update(repeating: 0, count: width)
        band.marks(row: y - band.top).update(repeating: 0, count: ReliefMarks.words(width: width))
    }

    /// Pixel (x, y) finished (and marked with its left and right neighbours: it may slope).
    @inline(__always)
    func set(_ x: Int, _ y: Int, _ h: Float, _ sx: Float, _ sy: Float, _ d: Float) {
        let i = (y &- band.top) &* width &+ x
        band.heights[i] = h
        band.slopeX[i] = sx
        band.slopeY[i] = sy
        band.distances[i] = d
        ReliefMarks.mark(band.marks(row: y &- band.top), x: x, width: width)
    }

    /// Pixel (x, y)'s height and slopes from its signed distance d and unit ∇d: at r = 0 here,
    /// else left for `end(row:)` (d and ∇d stored, the height `pending`).
    @inline(__always)
    func finish(_ x: Int, _ y: Int, _ p: (d: Float, dx: Float, dy: Float)) {
        guard rise.radius > 0 else {
            // r = 0 keeps the step at the 0.5 cut (docs/contract.md): 1 inside, 0 outside.
            let slope = rise.meanSlope(p.d - 0.5, p.d + 0.5)
            set(x, y, coverage(x, y) >= 0.5 ? 1 : 0, slope * p.dx, slope * p.dy, p.d)
            return
        }
        set(x, y, Self.pending, p.dx, p.dy, p.d)
    }

    /// The height `finish` leaves on a pixel whose height and slopes `end(row:)` makes (every
    /// height is 0 … 1).
    static let pending: Float = -1

    /// Row y's pending pixels (`finish`): the height H(d) and the slopes s·∇d, four pixels at a
    /// time in lanes (`Rise`'s lanes: the same bits as one at a time), so that the profile's
    /// divisions and square roots do not wait on each other.
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
        ReliefMarks.forEachRun(band.marks(row: y - band.top), width: width) { start, end in
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

    /// An `EdgePiece` kept for a site (`key`: its index in the padded image, −1 for none), in
    /// `pieces`, a small table indexed by a hash of the key.
    struct KeptPiece {
        var key: Int
        var piece: EdgePiece
    }

    /// How many pieces `pieces` keeps: 2 to this power. Each site's piece is shared by every
    /// pixel that measures from it, so it is made once while it stays in the table (a cache:
    /// any size gives the same bits).
    static let keptPiecesBits = 10
    static let keptPieces = 1 << keptPiecesBits

    /// Pixel (x, y)'s signed distance d from the piece of edge at site (ox, oy), and its unit ∇d.
    @inline(__always)
    func piece(_ x: Int, _ y: Int, _ ox: Int, _ oy: Int) -> (d: Float, dx: Float, dy: Float) {
        // A pixel next to an empty o looks for e towards itself first (see `Coverage.piece`).
        let vx = x &- ox, vy = y &- oy
        if vx >= -1 && vx <= 1 && vy >= -1 && vy <= 1 && (vx != 0 || vy != 0) && coverage(ox, oy) == 0 {
            let fx = Float(vx), fy = Float(vy), v = (fx * fx + fy * fy).squareRoot()
            if let e = coverage.partlyCovered(ox, oy, towards: fx / v, fy / v) {
                return coverage.piece(ox, oy, edge: e, towards: x, y).measure(x, y)
            }
        }
        // Every other pixel sees o's piece alike: computed once, kept.
        let key = (oy &+ 1) &* (width &+ 2) &+ ox &+ 1   // (wrapping: all within the padded image)
        let slot = Int(truncatingIfNeeded: (UInt32(truncatingIfNeeded: key) &* 2_654_435_761) >> (32 - Self.keptPiecesBits))
        if pieces[slot].key != key {
            pieces[slot] = KeptPiece(key: key, piece: coverage.piece(ox, oy, edge: nil, towards: x, y))
        }
        let kept = pieces[slot].piece
        // Where the coverage has no direction, n̂ is towards each pixel: its own piece.
        return kept.aimed ? coverage.piece(ox, oy, edge: nil, towards: x, y).measure(x, y) : kept.measure(x, y)
    }
}
