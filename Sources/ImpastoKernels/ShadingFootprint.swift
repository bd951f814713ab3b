// SPDX-License-Identifier: GPL-3.0-or-later

/// A band's slopes and distances, with what the footprint of each of its pixels reads of it
/// and of its neighbours: how the shading picture is averaged over the part of it a pixel's
/// normals sweep (`footprint`).
///
/// Across a sloping pixel the normal sweeps along ∇d, most of all at the profile's steep foot,
/// and turns with the edge's curvature; a single lookup at the pixel's mean normal would alias
/// the picture's sharp features (a chrome horizon, small light dots) into stair-steps and dots.
/// So each lookup averages the picture over the stretch its normal sweeps (`ShadingMipMap`),
/// and where that stretch is long the pixel is split into kx × ky sub-pixels, each averaged
/// over its own sweep: what a finer render, box-averaged, shows. A shorter stretch that runs
/// along ∇d far more than across it is read as the pixel's two halves along ∇d, since the
/// mip-map's square average would also smear it sideways (a thin bright ring that the sweep
/// crosses came out at half its strength).
struct FootprintField {
    /// Most sub-pixels a sloping pixel is split into, along one axis and in all (EmbossQualityTests).
    static let footprintSamples = 6
    /// Picture pixels a lookup may move within one sub-pixel before the pixel is split further
    /// (EmbossQualityTests).
    static let subPixelSpread: Float = 13
    /// A pixel left whole whose lookup moves more than this many picture pixels between its
    /// halves along ∇d is read as the two halves (EmbossQualityTests)…
    static let halvesFrom: Float = 6
    /// …where that is more than this many times its move across ∇d (EmbossQualityTests).
    static let halvesRatio: Float = 3
    /// A sub-pixel's own sweep along ∇d, in units of its normal's tilt between its halves
    /// (EmbossQualityTests).
    static let subPixelSweep: Float = 1.5

    let rise: Rise
    let sx: UnsafeBufferPointer<Float>, sy: UnsafeBufferPointer<Float>, distances: UnsafeBufferPointer<Float>
    /// Each pixel's `lookup`, the unit direction of its slope ((0, 0) where it is flat or
    /// not finite), and how far its lookup moves between its halves along ∇d: see `prepare`.
    let lookupU: UnsafeBufferPointer<Float>, lookupV: UnsafeBufferPointer<Float>
    let directionX: UnsafeBufferPointer<Float>, directionY: UnsafeBufferPointer<Float>
    let halfSpread: UnsafeBufferPointer<Float>
    /// The lookups of each sloping pixel's halves along ∇d, the one nearer the edge and the
    /// farther one: see `prepare`.
    let nearU: UnsafeBufferPointer<Float>, nearV: UnsafeBufferPointer<Float>
    let farU: UnsafeBufferPointer<Float>, farV: UnsafeBufferPointer<Float>
    let width: Int, height: Int
    let scale: Float, pictureWidth: Int, pictureHeight: Int

    @inline(__always)
    func lookup(_ dx: Float, _ dy: Float) -> SIMD2<Float> {
        let l = EmbossShading.lookup(EmbossShading.normal(dx: dx, dy: dy, scale: scale), width: pictureWidth, height: pictureHeight)
        return SIMD2(l.u, l.v)
    }

    /// How far a lookup moves, (Δu, Δv) in lanes: max(|Δu|, |Δv|) picture pixels.
    @inline(__always)
    static func apart(_ du: SIMD4<Float>, _ dv: SIMD4<Float>) -> SIMD4<Float> {
        FastMath.max(FastMath.abs(du), FastMath.abs(dv))
    }

    /// Where `prepare` writes the lookups of each sloping pixel's halves along ∇d.
    struct Halves {
        let nearU: UnsafeMutablePointer<Float>, nearV: UnsafeMutablePointer<Float>
        let farU: UnsafeMutablePointer<Float>, farV: UnsafeMutablePointer<Float>
    }

    /// Fills, for `count` pixels of slopes (sx, sy) and distances d, what `footprint` reads
    /// of each pixel and its neighbours: its `lookup`; the unit direction of its slope
    /// ((0, 0) where it is flat or not finite); and, where it slopes, the lookups of the
    /// profile's mean slopes over its halves along ∇d, d − ½ … d and d … d + ½ (`halves`),
    /// and the spread between them, 2·max(|Δu|, |Δv|). The same arithmetic as
    /// `normal`, `lookup`, `direction` and `Rise.meanSlope` (the same bits), four pixels at
    /// a time in lanes: most of a sloping pixel's square roots and divisions, which one
    /// pixel at a time wait on each other. Where four pixels in a row are flat only their
    /// directions are written: nothing reads the rest.
    static func prepare(_ sx: UnsafePointer<Float>, _ sy: UnsafePointer<Float>, _ distances: UnsafePointer<Float>,
                        count: Int, rise: Rise, scale: Float, pictureWidth: Int, pictureHeight: Int,
                        lookupU: UnsafeMutablePointer<Float>, lookupV: UnsafeMutablePointer<Float>,
                        directionX: UnsafeMutablePointer<Float>, directionY: UnsafeMutablePointer<Float>,
                        halfSpread: UnsafeMutablePointer<Float>, halves: Halves) {
        typealias Lanes = SIMD4<Float>
        let halfWidth = Lanes(repeating: 0.5 * Float(pictureWidth))
        let halfHeight = Lanes(repeating: 0.5 * Float(pictureHeight))
        let k = Lanes(repeating: -scale), infinity = Lanes(repeating: .infinity)
        /// `lookup` in lanes: `normal` is (−k·dx, −k·dy, 1) / length, (0, 0, 1) where the
        /// length is not finite.
        @inline(__always) func lookup(_ dx: Lanes, _ dy: Lanes) -> (u: Lanes, v: Lanes) {
            let vx = k * dx, vy = k * dy
            let length = FastMath.sqrt(vx * vx + vy * vy + 1)
            let finite = length .< infinity
            return ((1 + Lanes().replacing(with: vx / length, where: finite)) * halfWidth,
                    (1 + Lanes().replacing(with: vy / length, where: finite)) * halfHeight)
        }
        @inline(__always) func pixels(_ dx: Lanes, _ dy: Lanes, _ d: Lanes)
            -> (u: Lanes, v: Lanes, x: Lanes, y: Lanes, spread: Lanes, near: (u: Lanes, v: Lanes), far: (u: Lanes, v: Lanes)) {
            let own = lookup(dx, dy)
            // `direction`: the slope over its length, where that is finite and not 0.
            let (x, y) = FastMath.unit(dx, dy)
            let a = rise.meanSlope(d - 0.5, d), b = rise.meanSlope(d, d + 0.5)
            let la = lookup(a * x, a * y), lb = lookup(b * x, b * y)
            return (own.u, own.v, x, y, 2 * apart(la.u - lb.u, la.v - lb.v), la, lb)
        }
        var i = 0
        while i + 4 <= count {
            let dx = FastMath.load(sx + i), dy = FastMath.load(sy + i)
            // Most pixels are flat: only their (0, 0) direction is read (by their neighbours).
            if FastMath.all(dx .== 0 .& dy .== 0) {
                FastMath.store(Lanes(), directionX + i)
                FastMath.store(Lanes(), directionY + i)
                i += 4
                continue
            }
            let r = pixels(dx, dy, FastMath.load(distances + i))
            FastMath.store(r.u, lookupU + i)
            FastMath.store(r.v, lookupV + i)
            FastMath.store(r.x, directionX + i)
            FastMath.store(r.y, directionY + i)
            FastMath.store(r.spread, halfSpread + i)
            FastMath.store(r.near.u, halves.nearU + i)
            FastMath.store(r.near.v, halves.nearV + i)
            FastMath.store(r.far.u, halves.farU + i)
            FastMath.store(r.far.v, halves.farV + i)
            i += 4
        }
        while i < count {
            let r = pixels(Lanes(repeating: sx[i]), Lanes(repeating: sy[i]), Lanes(repeating: distances[i]))
            (lookupU[i], lookupV[i], directionX[i], directionY[i]) = (r.u[0], r.v[0], r.x[0], r.y[0])
            halfSpread[i] = r.spread[0]
            (halves.nearU[i], halves.nearV[i], halves.farU[i], halves.farV[i]) = (r.near.u[0], r.near.v[0], r.far.u[0], r.far.v[0])
            i += 1
        }
    }

    /// Neighbours whose slopes turn more than 60° from a pixel's (cos 60° = 0.5) are across
    /// a crease: a footprint neither counts their lookups nor blends their directions
    /// (EmbossQualityTests).
    static let facing: Float = 0.5

    /// Whether pixel i (in the band) slopes within 60° of the unit vector `own` (see
    /// `facing`): false where it is flat.
    @inline(__always)
    func faces(_ i: Int, _ own: SIMD2<Float>) -> Bool {
        directionX[i] * own.x + directionY[i] * own.y >= Self.facing
    }

    /// The index of pixel (x, y) if it `faces` `own`, else nil; nil outside the band.
    @inline(__always)
    func neighbour(_ x: Int, _ y: Int, facing own: SIMD2<Float>) -> Int? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = y * width + x
        return faces(i, own) ? i : nil
    }

    /// The unit direction of pixel i's slope (i from `neighbour`).
    @inline(__always)
    func direction(_ i: Int) -> SIMD2<Float> { SIMD2(directionX[i], directionY[i]) }

    /// For each sloping pixel of row y in `marks`' groups with all four neighbours in the
    /// band (x in 1 ..< width − 1, y in 1 ..< height − 1; other pixels may be left as they
    /// were), how far its lookup moves to the neighbours left and right (`x`) and above
    /// and below (`y`) that face its way
    /// (`faces`), and the most it moves across its own direction to any of them (`across`),
    /// as `footprint` reads them: four pixels at a time in lanes, the same arithmetic as one
    /// at a time. All four are read and those not facing this way not counted (a choice,
    /// not a branch: which neighbours face a pixel's way is not predictable; a flat one's
    /// lookup is not written, and not chosen).
    func moves(row y: Int, marks: UnsafePointer<UInt64>, columns: Range<Int>, x movesX: UnsafeMutablePointer<Float>,
               y movesY: UnsafeMutablePointer<Float>, across movesAcross: UnsafeMutablePointer<Float>) {
        typealias Lanes = SIMD4<Float>
        guard y >= 1, y < height - 1,
              let u = lookupU.baseAddress, let v = lookupV.baseAddress,
              let dx = directionX.baseAddress, let dy = directionY.baseAddress else { return }
        /// Pixels i ..< i + 4 (or pixel i alone, `one`), written from x on.
        @inline(__always) func lanes(_ i: Int, _ x: Int, one: Bool) {
            @inline(__always) func load(_ p: UnsafePointer<Float>) -> Lanes {
                one ? Lanes(repeating: p.pointee) : FastMath.load(p)
            }
            let ownX = load(dx + i), ownY = load(dy + i)
            // Most pixels are flat (direction (0, 0)): `footprint` reads nothing of theirs.
            guard !FastMath.all(ownX .== 0 .& ownY .== 0) else { return }
            let centreU = load(u + i), centreV = load(v + i)
            /// `apart` the neighbour at j, and its move across the pixel's direction, where it
            /// `faces` this way, else 0.
            @inline(__always) func sideways(_ j: Int) -> (apart: Lanes, across: Lanes) {
                let du = load(u + j) - centreU, dv = load(v + j) - centreV
                let moved = FootprintField.apart(du, dv)
                let facing = load(dx + j) * ownX + load(dy + j) * ownY .>= Lanes(repeating: Self.facing)
                return (Lanes().replacing(with: moved, where: facing),
                        Lanes().replacing(with: FastMath.abs(dv * ownX - du * ownY), where: facing))
            }
            let left = sideways(i - 1), right = sideways(i + 1)
            let above = sideways(i - width), below = sideways(i + width)
            let mx = FastMath.max(left.apart, right.apart), my = FastMath.max(above.apart, below.apart)
            let across = FastMath.max(FastMath.max(left.across, right.across), FastMath.max(above.across, below.across))
            if one { (movesX[x], movesY[x], movesAcross[x]) = (mx[0], my[0], across[0]) } else {
                FastMath.store(mx, movesX + x)
                FastMath.store(my, movesY + x)
                FastMath.store(across, movesAcross + x)
            }
        }
        ReliefMarks.forEachRun(marks, width: width, within: columns) { start, end in
            let end = min(end, width - 1)
            var x = max(start, 1)
            while x + 4 <= end { lanes(y * width + x, x, one: false); x += 4 }
            while x < end { lanes(y * width + x, x, one: true); x += 1 }
        }
    }

    /// The colour of sloping pixel (x, y), `sample(u, v, size)` reading the picture averaged
    /// over about size × size of its pixels (a value, not a closure: a closure over the
    /// reader's mutable level paid an exclusivity check on every lookup).
    ///
    /// Sub-pixel (i, j) of kx × ky, at offset δ from the centre, lies d + ∇d·δ from the
    /// edge; its slope is the profile's mean over its extent along ∇d (the part outside the
    /// edge left out, a wholly outside one skipped), in the direction blended bilinearly from
    /// the four nearest pixel centres'. kx and ky follow how far the lookup moves along x
    /// and y: to the neighbours left and right, above and below, and between the pixel's
    /// halves along ∇d. Each sub-pixel is averaged by the picture's mip-map over its own
    /// sweep along ∇d or its share of the move across it (`subPixelSweep`), so that even a
    /// move under the sub-pixels' steps does not point-sample a hard horizon.
    @inline(__always)
    func footprint(_ x: Int, _ y: Int, _ sample: inout PictureReader, moves: SIMD3<Float>) -> SIMD4<Float> {
        let i = y &* width &+ x, d = distances[i], own = direction(i), centre = SIMD2(lookupU[i], lookupV[i])
        guard own != .zero, d.isFinite else { return sample(centre.x, centre.y, 0) }
        @inline(__always) func apart(_ p: SIMD2<Float>, _ q: SIMD2<Float>) -> Float {
            max(abs(p.x - q.x), abs(p.y - q.y))
        }
        // How far the lookup moves to the neighbours left and right (x) and above and below
        // (y) that face the same way, and between the pixel's halves along ∇d (radial).
        let radial = halfSpread[i]
        var (moveX, moveY): (Float, Float) = (0, 0)
        let inside = x >= 1 && y >= 1 && x < width - 1 && y < height - 1
        if inside {
            (moveX, moveY) = (moves.x, moves.y)   // `moves(row:x:y:across:)`
        } else {
            for n in stride(from: 1, to: 9, by: 2) {
                guard let j = neighbour(x + n % 3 - 1, y + n / 3 - 1, facing: own) else { continue }
                let moved = apart(SIMD2(lookupU[j], lookupV[j]), centre)
                if n == 3 || n == 5 { moveX = max(moveX, moved) } else { moveY = max(moveY, moved) }
            }
        }
        // How far the lookup moves across ∇d to the neighbours left, right, above and below
        // facing this way (inside the band; elsewhere, the larger axis move).
        @inline(__always) func acrossMove() -> Float {
            inside ? moves.z : max(moveX, moveY)
        }
        // The radial sweep shared out between the axes.
        moveX = max(moveX, radial * abs(own.x))
        moveY = max(moveY, radial * abs(own.y))
        // The mip-map averages a lookup that moves evenly; sub-pixels are for the uneven
        // sweep of the profile's foot and for tight turns, one more along an axis per
        // `subPixelSpread` picture pixels the lookup moves along it, the axis that moves most
        // given up first beyond `footprintSamples` in all.
        let spread = max(max(moveX, moveY), radial)
        guard spread > Self.subPixelSpread, moveX.isFinite, moveY.isFinite else {
            if inside, radial > Self.halvesFrom, radial.isFinite {
                if radial > Self.halvesRatio * max(acrossMove(), 1) {
                    // Each half's extent inside the edge (d ≥ ½ for both halves whole).
                    let near = min(max(d, 0), 0.5), far = min(max(d + 0.5, 0), 0.5)
                    let size = 0.5 * radial
                    if near + far > 0 {
                        return (sample(nearU[i], nearV[i], size) * near + sample(farU[i], farV[i], size) * far)
                            / (near + far)
                    }
                }
            }
            return sample(centre.x, centre.y, spread)
        }
        // (Clamped as floats first: a move is at most twice the picture's side, but Int()
        // of a float past Int's range would trap.)
        let most = Float(Self.footprintSamples)
        var kx = min(Int(min(moveX / Self.subPixelSpread, most)) + 1, Self.footprintSamples)
        var ky = min(Int(min(moveY / Self.subPixelSpread, most)) + 1, Self.footprintSamples)
        while kx * ky > Self.footprintSamples { if kx >= ky { kx -= 1 } else { ky -= 1 } }
        guard kx > 1 || ky > 1 else { return sample(centre.x, centre.y, spread) }
        // Each sub-pixel is kx × ky times smaller and reaches ± half its extent along ∇d;
        // the mip-map averages it over its own sweep (`subPixelSweep`).
        let stepX: Float = 1 / Float(kx), stepY: Float = 1 / Float(ky)
        let ax = abs(own.x), ay = abs(own.y)
        let half = 0.5 * (ax * stepX + ay * stepY) / (ax + ay)   // own is a unit vector: ax + ay ≥ 1
        // A sub-pixel's share of the move across ∇d (its extent across ∇d, in pixels).
        let across = acrossMove() * (ax * stepY + ay * stepX)
        let sweepScale = Self.subPixelSweep * 0.5 * scale
        var sum = SIMD4<Float>(), weight: Float = 0
        // The 3 × 3 unit directions around the pixel (its own where a neighbour is flat,
        // outside or across a crease), blended for each sub-pixel.
        var directions = (own, own, own, own, own, own, own, own, own)
        withUnsafeMutableBytes(of: &directions) { raw in
            let around = raw.bindMemory(to: SIMD2<Float>.self)
            if inside {
                // All eight are in the band: `neighbour`'s test without its bounds checks.
                for n in 0 ..< 9 where n != 4 {
                    let j = i &+ (n / 3 - 1) &* width &+ (n % 3 - 1)
                    if faces(j, own) { around[n] = direction(j) }
                }
            } else {
                for n in 0 ..< 9 where n != 4 {
                    if let j = neighbour(x + n % 3 - 1, y + n / 3 - 1, facing: own) { around[n] = direction(j) }
                }
            }
            for j in 0 ..< ky {
                let oy = (Float(j) + 0.5) * stepY - 0.5
                for i in 0 ..< kx {
                    let ox = (Float(i) + 0.5) * stepX - 0.5
                    let ds = d + own.x * ox + own.y * oy
                    let low = max(ds - half, 0), high = ds + half
                    guard high > low else { continue }
                    let mid = 0.5 * (low + high)
                    let s = (rise(high) - rise(low)) / (high - low)
                    let s1 = (rise(mid) - rise(low)) / (mid - low), s2 = (rise(high) - rise(mid)) / (high - mid)
                    // The direction at (x + ox, y + oy), blended from the four nearest centres.
                    let c0 = ox < 0 ? 0 : 1, r0 = oy < 0 ? 0 : 1
                    let tx = ox < 0 ? 1 + ox : ox, ty = oy < 0 ? 1 + oy : oy
                    let top = around[r0 * 3 + c0] * (1 - tx) + around[r0 * 3 + c0 + 1] * tx
                    let bottom = around[r0 * 3 + c0 + 3] * (1 - tx) + around[r0 * 3 + c0 + 4] * tx
                    let blend: SIMD2<Float> = top * (1 - ty) + bottom * ty
                    let length = (blend * blend).sum().squareRoot()
                    let u = length > 0 ? blend / length : own
                    let l = lookup(s * u.x, s * u.y)
                    // |n's tilt|′(s) = k / (1 + k²s²)^(3/2), times s2 − s1, in picture px.
                    let q = 1 + scale * scale * s * s
                    let sweep = sweepScale * max(abs(u.x) * Float(pictureWidth), abs(u.y) * Float(pictureHeight))
                        * abs(s2 - s1) / (q * q.squareRoot())
                    sum += sample(l.x, l.y, max(sweep, across)) * (high - low)
                    weight += high - low
                }
            }
        }
        return weight > 0 ? sum / weight : sample(centre.x, centre.y, spread)
    }
}

extension FootprintField {
    /// The footprints' own buffers: what `prepare` computes for each pixel of a band, and what
    /// `moves` computes for a row.
    final class Memory: ScratchMemory {
        var lookupU = ScratchBuffer<Float>(), lookupV = ScratchBuffer<Float>()
        var directionX = ScratchBuffer<Float>(), directionY = ScratchBuffer<Float>()
        var halfSpread = ScratchBuffer<Float>()
        var nearU = ScratchBuffer<Float>(), nearV = ScratchBuffer<Float>()
        var farU = ScratchBuffer<Float>(), farV = ScratchBuffer<Float>()
        var moveX = ScratchBuffer<Float>(), moveY = ScratchBuffer<Float>(), moveAcross = ScratchBuffer<Float>()
        init() {}
    }

    /// A row's moves (`moves(row:…)`): for each pixel, how far its lookup moves along x, along
    /// y, and across its own direction.
    struct Moves {
        let x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>, across: UnsafeMutablePointer<Float>

        @inline(__always)
        subscript(x: Int) -> SIMD3<Float> { SIMD3(self.x[x], y[x], across[x]) }
    }

    /// The field of `band`, prepared in `memory` for the pixels of its marked groups within a
    /// pixel of `columns` (those the footprints of `columns` read), with `rise` its profile,
    /// `scale` the normal scale and a picture of pictureWidth × pictureHeight pixels.
    static func prepared(_ band: ReliefBand, columns: Range<Int>, rise: Rise, scale: Float,
                         pictureWidth: Int, pictureHeight: Int, memory: Memory) -> (FootprintField, Moves) {
        let width = band.width, count = band.rows * width
        let read = max(columns.lowerBound - 1, 0) ..< min(columns.upperBound + 1, width)
        let lookupU = memory.lookupU(count: count), lookupV = memory.lookupV(count: count)
        let directionX = memory.directionX(count: count), directionY = memory.directionY(count: count)
        let halfSpread = memory.halfSpread(count: count)
        let halves = Halves(nearU: memory.nearU(count: count), nearV: memory.nearV(count: count),
                            farU: memory.farU(count: count), farV: memory.farV(count: count))
        // The band's marked groups only (`ReliefMarks`): every other pixel is flat, and
        // nothing reads it.
        for row in 0 ..< band.rows {
            ReliefMarks.forEachRun(band.marks(row: row), width: width, within: read) { start, end in
                let i = row * width + start
                prepare(band.slopeX + i, band.slopeY + i, band.distances + i, count: end - start, rise: rise,
                        scale: scale, pictureWidth: pictureWidth, pictureHeight: pictureHeight,
                        lookupU: lookupU + i, lookupV: lookupV + i, directionX: directionX + i,
                        directionY: directionY + i, halfSpread: halfSpread + i,
                        halves: Halves(nearU: halves.nearU + i, nearV: halves.nearV + i,
                                       farU: halves.farU + i, farV: halves.farV + i))
            }
        }
        func buffer(_ p: UnsafeMutablePointer<Float>) -> UnsafeBufferPointer<Float> { UnsafeBufferPointer(start: p, count: count) }
        let field = FootprintField(rise: rise, sx: buffer(band.slopeX), sy: buffer(band.slopeY),
                                   distances: buffer(band.distances), lookupU: buffer(lookupU), lookupV: buffer(lookupV),
                                   directionX: buffer(directionX), directionY: buffer(directionY),
                                   halfSpread: buffer(halfSpread), nearU: buffer(halves.nearU), nearV: buffer(halves.nearV),
                                   farU: buffer(halves.farU), farV: buffer(halves.farV), width: width, height: band.rows,
                                   scale: scale, pictureWidth: pictureWidth, pictureHeight: pictureHeight)
        let moves = Moves(x: memory.moveX(count: width), y: memory.moveY(count: width),
                          across: memory.moveAcross(count: width))
        return (field, moves)
    }
}
