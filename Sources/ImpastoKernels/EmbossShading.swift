// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization

/// CIShadedMaterial's step: surface normals from a relief, each looked up in a picture of a
/// lit hemisphere.
///
/// SPEC (impasto:emboss 4): n = normalize(−k·∂h/∂x, −k·∂h/∂y, 1) in image axes (x right,
/// y down), with ∂h the relief's own slopes (HeightField.relief: from the distance field's
/// geometry, not differences of whole-pixel heights); the colour is the shading image sampled
/// bilinearly at u = (1 + nₓ)/2 · W, v = (1 + n_y)/2 · H. Flat areas take the centre of the
/// picture; a slope facing up-left (height rising to the right and down) takes its up-left.
public enum EmbossShading {
    /// How far beyond a pixel `shade` reads the relief: a footprint reads its 8 neighbours'
    /// lookups and directions (`Field.moves`, `Field.footprint`).
    public static let footprintReach = 1

    /// The unit normal for slopes (∂h/∂x, ∂h/∂y) scaled by k; (0, 0, 1) if they are not finite.
    @inline(__always)
    public static func normal(dx: Float, dy: Float, scale: Float) -> SIMD3<Float> {
        let v = SIMD3<Float>(-scale * dx, -scale * dy, 1)
        let length = (v * v).sum().squareRoot()
        return length.isFinite && length > 0 ? v / length : SIMD3(0, 0, 1)
    }

    /// Where normal `n` looks up a w × h shading image: (u, v) in its pixel coordinates.
    @inline(__always)
    public static func lookup(_ n: SIMD3<Float>, width: Int, height: Int) -> (u: Float, v: Float) {
        ((1 + n.x) * 0.5 * Float(width), (1 + n.y) * 0.5 * Float(height))
    }

    /// Writes the output: the shading colour for each pixel's normal, alpha = `coverage` (nil:
    /// opaque).
    ///
    /// Across a sloping pixel the normal sweeps along ∇d, most of all at the profile's steep
    /// foot, and turns with the edge's curvature; a single lookup at the pixel's mean normal
    /// would alias the picture's sharp features (a chrome horizon, small light dots) into
    /// stair-steps and dots. So each lookup averages the picture over the stretch its normal
    /// sweeps (a mip-map), and where that stretch is long the pixel is split into kx × ky
    /// sub-pixels (more along the axis its lookup moves most along; see `footprintSamples`),
    /// each averaged over its own sweep (`subPixelSweep`): what a finer render, box-averaged,
    /// shows. A shorter stretch that runs
    /// along ∇d far more than across it is read as the pixel's two halves along ∇d (see
    /// `halvesFrom`), so that the square average does not smear it sideways. See `footprint`.
    ///
    /// The relief is made a band of rows at a time (with a row either side: a footprint reads
    /// its neighbours) and shaded while it is in cache.
    ///
    /// `perceptual`: each colour is written with sRGB's curve (`SRGB.perceptual`), the flat
    /// one's given once: R'G'B'A for a perceptual layer, without babl's pass over every pixel.
    ///
    /// `sparse`: the band's passes work only the groups of columns around its sloping pixels
    /// (`HeightField.Marks`); false works every pixel, to the same bits (`ReliefMarksTests`).
    ///
    /// `origin`: where io's output lies in the relief (and in `coverage`, the relief's size):
    /// io.width × io.height pixels from there are shaded (see `ReliefBands.writeBands`).
    static func shade(_ relief: ReliefBands, coverage: Plane?, scale: Float, shading: ShadingImage,
                      to io: RowIO, at origin: (x: Int, y: Int) = (0, 0), perceptual: Bool = false, sparse: Bool = true,
                      parallel: ParallelFor = .serial) {
        let (sw, sh) = (shading.width, shading.height), width = relief.width
        guard relief.holds(io, at: origin),
              coverage.map({ $0.width == width && $0.height == relief.height }) ?? true else { return }
        // The output's columns; their footprints read the pixels either side too.
        let columns = origin.x ..< origin.x + io.width
        let read = max(columns.lowerBound - 1, 0) ..< min(columns.upperBound + 1, width)
        // Most pixels are flat (outside the mask, or on a plateau): they all take the centre.
        let linearFlat = shading.sample(u: Float(sw) / 2, v: Float(sh) / 2)
        let flat = perceptual ? SRGB.perceptual(linearFlat) : linearFlat
        let mips = Mips.of(shading)
        (coverage?.values ?? []).withUnsafeBufferPointer { alpha in
            shading.pixels.withUnsafeBufferPointer { picture in
                mips.pixels.withUnsafeBufferPointer { levels in
                    relief.writeBands(to: io, at: origin, halo: 1, sparse: sparse, parallel: parallel) { rows, out, band, scratch in
                        let count = band.rows * width
                        let (sx, sy) = (band.slopeX, band.slopeY)
                        // What each pixel's footprint reads of it and of its neighbours,
                        // computed once (see `Field.prepare`).
                        let lookupU = scratch.floats(6, count: count), lookupV = scratch.floats(7, count: count)
                        let directionX = scratch.floats(8, count: count), directionY = scratch.floats(9, count: count)
                        let halfSpread = scratch.floats(10, count: count)
                        let halves = Field.Halves(nearU: scratch.floats(12, count: count), nearV: scratch.floats(13, count: count),
                                                  farU: scratch.floats(14, count: count), farV: scratch.floats(15, count: count))
                        // The band's marked groups only (`HeightField.Marks`): every other
                        // pixel is flat, and nothing reads it.
                        for row in 0 ..< band.rows {
                            HeightField.Marks.forEachRun(band.marks(row: row), width: width, within: read) { start, end in
                                let i = row * width + start
                                let halves = Field.Halves(nearU: halves.nearU + i, nearV: halves.nearV + i,
                                                          farU: halves.farU + i, farV: halves.farV + i)
                                Field.prepare(sx + i, sy + i, band.distances + i, count: end - start, rise: relief.rise,
                                              scale: scale, pictureWidth: sw, pictureHeight: sh,
                                              lookupU: lookupU + i, lookupV: lookupV + i, directionX: directionX + i,
                                              directionY: directionY + i, halfSpread: halfSpread + i, halves: halves)
                            }
                        }
                        func buffer(_ p: UnsafeMutablePointer<Float>) -> UnsafeBufferPointer<Float> {
                            UnsafeBufferPointer(start: p, count: count)
                        }
                        let field = Field(rise: relief.rise, sx: buffer(sx), sy: buffer(sy),
                                          distances: buffer(band.distances),
                                          lookupU: buffer(lookupU), lookupV: buffer(lookupV),
                                          directionX: buffer(directionX), directionY: buffer(directionY),
                                          halfSpread: buffer(halfSpread),
                                          nearU: buffer(halves.nearU), nearV: buffer(halves.nearV),
                                          farU: buffer(halves.farU), farV: buffer(halves.farV),
                                          width: width, height: band.rows, scale: scale,
                                          pictureWidth: sw, pictureHeight: sh)
                        var reader = PictureReader(picture: picture, levels: levels, mips: mips)
                        let moves = (x: scratch.floats(16, count: width), y: scratch.floats(17, count: width),
                                     across: scratch.floats(18, count: width))
                        // A perceptual row's sloping pixels, given sRGB's curve together once
                        // the row is shaded (`SRGB.perceptualRGB`).
                        let curved = UnsafeMutableRawPointer(scratch.floats(19, count: width))
                            .bindMemory(to: Int32.self, capacity: width)
                        for y in rows {
                            // The field is the band's: row y is its row y − top. Pixel x goes
                            // to the output's column x − origin.x.
                            let local = y - band.top, row = out + (y - rows.lowerBound) * io.width * 4 - 4 * columns.lowerBound
                            let slopes = (x: sx + local * width, y: sy + local * width)
                            // This row's coverage, if the output's alpha is the coverage (else 1).
                            let coverageRow = coverage == nil ? nil : alpha.baseAddress.map { $0 + y * width }
                            let marks = band.marks(row: local)
                            field.moves(row: local, marks: marks, columns: columns, x: moves.x, y: moves.y, across: moves.across)
                            var sloping = 0
                            /// Pixels start ..< end flat, four at a time (most are), then one
                            /// at a time.
                            @inline(__always) func flatPixels(_ start: Int, _ end: Int) {
                                var x = start
                                while x + 4 <= end {
                                    let a = coverageRow.map { FastMath.load($0 + x) } ?? SIMD4(repeating: 1)
                                    // (Lanes named, not indexed: the compiler shuffles them
                                    // into place instead of going through memory.)
                                    let out = row + 4 * x
                                    FastMath.store(SIMD4(flat.x, flat.y, flat.z, a.x), out)
                                    FastMath.store(SIMD4(flat.x, flat.y, flat.z, a.y), out + 4)
                                    FastMath.store(SIMD4(flat.x, flat.y, flat.z, a.z), out + 8)
                                    FastMath.store(SIMD4(flat.x, flat.y, flat.z, a.w), out + 12)
                                    x += 4
                                }
                                while x < end {
                                    var c = flat
                                    c.w = coverageRow?[x] ?? 1
                                    FastMath.store(c, row + 4 * x)
                                    x += 1
                                }
                            }
                            // Outside the marked groups every pixel is flat, unlooked at; within
                            // them four flat pixels in a row are found at once.
                            var done = columns.lowerBound
                            HeightField.Marks.forEachRun(marks, width: width, within: columns) { start, end in
                                flatPixels(done, start)
                                var x = start
                                while x < end {
                                    if x + 4 <= end,
                                       FastMath.all(FastMath.load(slopes.x + x) .== 0 .& FastMath.load(slopes.y + x) .== 0) {
                                        flatPixels(x, x + 4)
                                        x += 4
                                        continue
                                    }
                                    for x in x ..< min(x + 4, end) {
                                        var c = flat
                                        if slopes.x[x] != 0 || slopes.y[x] != 0 {
                                            c = field.footprint(x, local, &reader, moves: SIMD3(moves.x[x], moves.y[x], moves.across[x]))
                                            if perceptual {
                                                curved[sloping] = Int32(truncatingIfNeeded: x)
                                                sloping &+= 1
                                            }
                                        }
                                        c.w = coverageRow?[x] ?? 1
                                        FastMath.store(c, row + 4 * x)
                                    }
                                    x = min(x + 4, end)
                                }
                                done = end
                            }
                            flatPixels(done, columns.upperBound)
                            if perceptual { SRGB.perceptualRGB(row, at: curved, count: sloping) }
                        }
                    }
                }
            }
        }
    }

    /// Most sub-pixels of a sloping pixel along one axis (kx, ky ≤ this), and in all
    /// (kx · ky ≤ this): a pixel whose lookup sweeps along x (the foot of a vertical edge) is
    /// split up to 6 × 1 rather than 2 × 2, one whose lookup moves both ways (a curve's tight
    /// turn, a photo's grain) up to 3 × 2. Measured over issue 12's matrix
    /// (EmbossQualityTests, 336 cases meeting both goals), first with none of the later
    /// changes: 2 × 2 at most, 216 (far median 0.56 %); 4 a side and in all, 222 (0.51 %) at
    /// about the same cost; 8, 227 (0.46 %) but +16 % on a photo; 3 × 3 at most, 229 but
    /// +21 % on a photo and +4 % at r = 100. Again with the halves along ∇d and
    /// `subPixelSpread` 13: 3 / 4 / 6 / **8** give 304 / 321 / 322 / **324**; 8 in all but
    /// 4 where both axes split, 323. 8 costs nothing on text at r = 10 (callgrind, 1024²:
    /// 559 M either way), +1 % at r = 100 (793 → 803 M) and +15 % on a photo (1843 → 2113 M):
    /// kept for the letters' and logos' cleaner curves, which are what the emboss is for.
    /// Again once each sub-pixel is averaged over its own sweep (`subPixelSweep`): 4 / 5 /
    /// **6** / 7 / 8 give 326 / 326 / **331** / 331 / 331, the same figures from 6 up, and 6
    /// costs 5 % less than 8 on a photo.
    public static let footprintSamples = 6
    /// Picture pixels a lookup may move within one sub-pixel before the pixel is split further.
    /// Measured with 2 × 2 sub-pixels at most over issue 12's matrix (EmbossQualityTests, 336
    /// cases): 4, 8, 12 and 16 leave the quality where it is (162–165 cases meet both goals; far median 0.57–0.66 %, speckle
    /// median 0.28–0.31 %), 32 loses it (132 cases, far median 0.97 %), never splitting loses
    /// more (98). 16 splits only where the mip-map's isotropic average would smear a sweep of
    /// more than a tenth of the 256-px picture, and halves the shading's cost (a default emboss
    /// r = 10 at 1024²: 621 M → 415 M instructions a call, callgrind). Measured again with
    /// today's footprint (up to 4 sub-pixels, the halves along ∇d): 10 / 12 / **13** / 14 /
    /// 15 / 16 / 20 / 24 / 32 give 313 / 319 / **321** / 320 / 320 / 318 / 314 / 305 / 297 of
    /// the 336 cases (far summed 110.0 / 110.1 / 111.1 / 112.1 / 113.9 / 116.0 / 135.9 / 149.2 /
    /// 181.2 %); 13 costs 1 % more than 16 at r = 10 (callgrind, text 1024²: 555 → 561 M;
    /// r = 100 793 → 797 M; a photo 1812 → 1845 M).
    static let subPixelSpread: Float = 13

    /// A pixel left whole (its lookup moves at most `subPixelSpread`) whose lookup moves more
    /// than this many picture pixels between its halves along ∇d, and more than
    /// `halvesRatio` times as far as it moves across ∇d to its neighbours (at least 1), is
    /// read as its two halves along ∇d, each averaged by the mip-map over half the sweep,
    /// weighted by its extent inside the edge. The mip-map's average is square: over the
    /// whole sweep it also smears across it, and a feature the sweep crosses (obsidian's thin
    /// bright ring, 3 px wide in the 256-px picture) comes out at half its strength in the
    /// 4× render's place (text r = 20, k = 10: 0.23 against 0.52). Measured over issue 12's
    /// matrix with `subPixelSpread` at 16 (EmbossQualityTests, 336 cases meeting both goals;
    /// far summed over the cases, logo + text): never, 316 (121.5 %); halves from 6 px at ratio 3, **318** (116.0 %);
    /// from 3 px, 318 (119.6 %); from 4 px at ratios 2 / 3 / 4 / 6, 316 / 318 / 318 / 318.
    /// Split into up to 3 or 4 pieces along ∇d instead, 314–317: more pieces, more specks. Cost
    /// (1024², one call): text r = 10 +7 % in callgrind (533 → 569 M) and 0.95 → 0.87 of
    /// gegl:emboss's speed timed, a second read on most of the foot's pixels; r = 100 and a
    /// photo, no more.
    static let halvesFrom: Float = 6
    static let halvesRatio: Float = 3

    /// A sub-pixel's own sweep along ∇d, in picture pixels: this many times how far its
    /// normal tilts between the mean slopes s₁, s₂ of its two halves along ∇d (about a quarter
    /// of the sub-pixel from either end), taken as |n|′(s) · |s₂ − s₁| with |n|′(s) =
    /// k / (1 + k²s²)^(3/2) at its own mean slope s, times half the picture's side. Each
    /// sub-pixel is averaged by the mip-map over that sweep, or over its share of the lookup's
    /// move across ∇d to the neighbours if that is more (without the latter, 287: the curves'
    /// turns are that move).
    ///
    /// Before, every sub-pixel took an even share of its pixel's move to the neighbours; but at
    /// the profile's steep foot the normal saturates towards the rim, so the sub-pixels nearest
    /// the edge move little while the share, set by the neighbour 1 px further in, was 10–16
    /// picture px: a pixel 1 px inside a letter's stem averaged obsidian's bright rim ring
    /// with the dark inside of the ball (text r = 2, k = 50: 0.28 where the 4× render has
    /// 0.55, far 3.78 %). Measured over issue 12's matrix (EmbossQualityTests, 336 cases
    /// meeting both goals): the even share, 329; 1 / 1.25 / **1.5** / 1.75 / 2 / 2.5 / 3 / 4,
    /// 326 / 330 / **331** / 330 / 330 / 330 / 330 / 310 (2 is what a lookup moving evenly
    /// gives; swept with the halves' own lookups and 8 sub-pixels at most); the even share as
    /// a cap (× 2), 328; the halves' own two lookups rather than the derivative, the same 331
    /// at a higher cost; only where the pixel's normal tilts more than 30° … 72° (elsewhere
    /// the even share), 330 … 327.
    static let subPixelSweep: Float = 1.5

    /// A relief's slopes and distances, read for the footprint of a pixel.
    struct Field {
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
            let l = EmbossShading.lookup(normal(dx: dx, dy: dy, scale: scale), width: pictureWidth, height: pictureHeight)
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
        /// pixel at a time wait on each other (r = 100 on text: 8 % less CPU time). Where four
        /// pixels in a row are flat only their directions are written: nothing reads the rest.
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
        /// a crease: a footprint neither counts their lookups nor blends their directions.
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
                    let moved = Field.apart(du, dv)
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
            HeightField.Marks.forEachRun(marks, width: width, within: columns) { start, end in
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
            guard spread > subPixelSpread, moveX.isFinite, moveY.isFinite else {
                if inside, radial > halvesFrom, radial.isFinite {
                    if radial > halvesRatio * max(acrossMove(), 1) {
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
            let most = Float(footprintSamples)
            var kx = min(Int(min(moveX / subPixelSpread, most)) + 1, footprintSamples)
            var ky = min(Int(min(moveY / subPixelSpread, most)) + 1, footprintSamples)
            while kx * ky > footprintSamples { if kx >= ky { kx -= 1 } else { ky -= 1 } }
            guard kx > 1 || ky > 1 else { return sample(centre.x, centre.y, spread) }
            // Each sub-pixel is kx × ky times smaller and reaches ± half its extent along ∇d;
            // the mip-map averages it over its own sweep (`subPixelSweep`).
            let stepX: Float = 1 / Float(kx), stepY: Float = 1 / Float(ky)
            let ax = abs(own.x), ay = abs(own.y)
            let half = 0.5 * (ax * stepX + ay * stepY) / (ax + ay)   // own is a unit vector: ax + ay ≥ 1
            // A sub-pixel's share of the move across ∇d (its extent across ∇d, in pixels).
            let across = acrossMove() * (ax * stepY + ay * stepX)
            let sweepScale = subPixelSweep * 0.5 * scale
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

    /// Reads the picture for `Field.footprint`: at (u, v), averaged over about size × size of its
    /// pixels — bilinear for size ≤ 1, else from the mip-map, whose level for the last size is
    /// kept (its log₂ is found again only when the size changes).
    struct PictureReader {
        let picture: UnsafeBufferPointer<Float>, levels: UnsafeBufferPointer<Float>, mips: Mips
        var level = Mips.Level(), levelSize = Float.nan

        init(picture: UnsafeBufferPointer<Float>, levels: UnsafeBufferPointer<Float>, mips: Mips) {
            (self.picture, self.levels, self.mips) = (picture, levels, mips)
        }

        @inline(__always)
        mutating func callAsFunction(_ u: Float, _ v: Float, _ size: Float) -> SIMD4<Float> {
            guard size > 1 else { return ShadingImage.sample(picture, width: mips.width, height: mips.height, u: u, v: v) }
            if size != levelSize { (level, levelSize) = (mips.level(footprint: size), size) }
            return Mips.sample(levels, level, u: u, v: v)
        }
    }

    /// The shading picture's successive 2 × 2 box-filtered halvings (a mip-map, Williams,
    /// "Pyramidal Parametrics", SIGGRAPH 1983): a lookup whose normals sweep over s picture
    /// pixels reads the levels either side of log₂ s and blends them. Level 0 is the picture
    /// with what lies beyond its disc's rim replaced by the rim (see `clampedToRim`); all levels
    /// in one array, RGBA (4/3 of the picture's size).
    struct Mips {
        let width: Int, height: Int
        var pixels: [Float] = []
        /// Each level's width, height and first sample in `pixels`.
        var levels: [Extent]
        /// Level i with the one above it (or itself at the top) for `sample`, t = 0: made once,
        /// not at each change of footprint (`level(footprint:)`).
        var pairs: [Level] = []

        /// A level's size, its first sample in `pixels`, and what turns level-0 coordinates into
        /// its own (its side over level 0's: a power of two for even sides, so exact).
        struct Extent {
            var width = 0, height = 0, start = 0
            var toU: Float = 0, toV: Float = 0
        }

        init(_ picture: ShadingImage) {
            (width, height) = (picture.width, picture.height)
            let (fw, fh) = (Float(picture.width), Float(picture.height))
            func extent(_ w: Int, _ h: Int, _ start: Int) -> Extent {
                Extent(width: w, height: h, start: start, toU: Float(w) / fw, toV: Float(h) / fh)
            }
            levels = [extent(picture.width, picture.height, 0)]
            pixels = Self.clampedToRim(picture)
            pixels.reserveCapacity(pixels.count / 3 * 4 + 64)   // the levels after it, with room for odd sides
            while let last = levels.last, last.width > 1 || last.height > 1, last.width > 0, last.height > 0 {
                let w = (last.width + 1) / 2, h = (last.height + 1) / 2, start = pixels.count
                for y in 0 ..< h { for x in 0 ..< w {
                    var mean = SIMD4<Float>()
                    for n in 0 ..< 4 {
                        let sx = min(2 * x + n % 2, last.width - 1), sy = min(2 * y + n / 2, last.height - 1)
                        let i = last.start + (sy * last.width + sx) * 4
                        mean += 0.25 * SIMD4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
                    }
                    pixels += [mean.x, mean.y, mean.z, mean.w]
                } }
                levels.append(extent(w, h, start))
            }
            pairs = levels.indices.map { Level(lower: levels[$0], upper: levels[min($0 + 1, levels.count - 1)], t: 0) }
        }

        /// `picture`'s samples, each pixel whose centre lies beyond `ShadingImage.rimInset`
        /// inside the rim of the disc (the ellipse inscribed in the picture, where every normal
        /// looks up) taking the colour that far inside the rim on its ray from the centre (as
        /// the procedural hemisphere's picture already is). No normal looks up
        /// beyond the rim (|(nₓ, n_y)| ≤ 1), but an average over a box that crosses it would take
        /// in the backdrop there (a procedural hemisphere's studio, a photo's background) where
        /// the normals it stands for graze the rim: at depth 20–50 that lit the steep foot of a
        /// letter with the backdrop's grey, a dot or dash brighter or darker than any of its
        /// sub-pixels in a 4× render. Measured over issue 12's matrix (EmbossQualityTests, 336
        /// cases meeting both goals): 222 before; 251, 253, 252, 251 and 247 with 0.25, 0.375,
        /// 0.5, 0.625 and 0.75 px (far median 0.51 % → 0.36 %, speckle fails 48 → 27).
        static func clampedToRim(_ picture: ShadingImage) -> [Float] {
            var pixels = picture.pixels
            let (w, h) = (picture.width, picture.height)
            guard w > 0, h > 0 else { return pixels }
            // In the disc's own units (centre 0, rim 1): one pixel is 2 / side along each axis.
            let limit = ShadingImage.rimLimit(side: min(w, h))
            for y in 0 ..< h { for x in 0 ..< w {
                let nx = (Float(x) + 0.5) / Float(w) * 2 - 1, ny = (Float(y) + 0.5) / Float(h) * 2 - 1
                let rho = (nx * nx + ny * ny).squareRoot()
                guard rho > limit else { continue }   // so rho > 0
                let f = limit / rho
                let rim = lookup(SIMD3(nx * f, ny * f, 0), width: w, height: h)   // where that normal looks up
                let c = picture.sample(u: rim.u, v: rim.v)
                let k = (y * w + x) * 4
                (pixels[k], pixels[k + 1], pixels[k + 2], pixels[k + 3]) = (c.x, c.y, c.z, c.w)
            } }
            return pixels
        }

        /// The mip-map of `picture`: the last one is kept, since GIMP runs the op again with the
        /// same look whenever another setting moves (building it costs about 1.5 % of a
        /// 1024² emboss). Pictures over a megapixel (a big aux picture) are not kept: the
        /// module lives in GIMP's process.
        static func of(_ picture: ShadingImage) -> Mips {
            if let last = lastMips.withLock({ $0 }), last.picture == picture { return last.mips }
            let mips = Mips(picture)
            if picture.width * picture.height <= 1 << 20 { lastMips.withLock { $0 = (picture, mips) } }
            return mips
        }

        private static let lastMips = Mutex<(picture: ShadingImage, mips: Mips)?>(nil)

        /// The levels either side of log₂ `footprint` and the blend between them (`upper` is
        /// `lower` where there is no level above it; then t = 0), with what `sample` needs of
        /// them in lanes (lower's x and y, then upper's): each level's scale from level-0
        /// coordinates, the centre a NaN coordinate reads, and its last pixel.
        struct Level {
            /// The lower and upper level's first sample in `pixels` and width; whether the
            /// lower level has any pixels (a picture of none reads as transparent black).
            var lowerStart = 0, lowerWidth = 0, upperStart = 0, upperWidth = 0, some = false
            var t: Float = 0
            var scale = SIMD4<Float>(), centre = SIMD4<Float>(), last = SIMD4<Float>()

            init() {}

            @inline(__always)
            init(lower: Extent, upper: Extent, t: Float) {
                (lowerStart, lowerWidth, upperStart, upperWidth) = (lower.start, lower.width, upper.start, upper.width)
                some = lower.width > 0 && lower.height > 0
                self.t = t
                scale = SIMD4(lower.toU, lower.toV, upper.toU, upper.toV)
                centre = SIMD4(Float(lower.width), Float(lower.height), Float(upper.width), Float(upper.height)) / 2
                last = SIMD4(Float(lower.width - 1), Float(lower.height - 1), Float(upper.width - 1), Float(upper.height - 1))
            }
        }

        /// Where a lookup averaged over about `footprint` × `footprint` pixels reads.
        @inline(__always)
        func level(footprint: Float) -> Level {
            guard let top = pairs.indices.last else { return Level() }
            let level = footprint > 1 && footprint.isFinite ? min(log2(footprint), Float(top)) : 0
            let lower = Int(level)
            var pair = pairs[lower]
            pair.t = lower < top ? level - Float(lower) : 0
            return pair
        }

        /// The picture at (u, v) (level-0 pixel coordinates) averaged as `level` says (see
        /// `level(footprint:)`); `all` is `pixels`. Each level is read as `ShadingImage.sample`
        /// reads a picture, the two levels' coordinates worked out together in lanes (the
        /// same arithmetic, so the same bits; `EmbossMipsTests`).
        @inline(__always)
        static func sample(_ all: UnsafeBufferPointer<Float>, _ level: Level, u: Float, v: Float) -> SIMD4<Float> {
            guard level.some, let base = all.baseAddress else { return .zero }
            // ShadingImage.sample's steps: NaN reads the centre; pixel i's centre is at i + ½;
            // clamped into the level; the floor, its neighbour (within the level) and the blend.
            let scaled = SIMD4(u, v, u, v) * level.scale
            let f = scaled.replacing(with: level.centre, where: scaled .!= scaled) - 0.5
            let c = FastMath.min(FastMath.max(f, SIMD4()), level.last)
            let low = FastMath.truncate(c), t = c - FastMath.float(low)
            let high = FastMath.truncate(FastMath.min(FastMath.float(low &+ 1), level.last))   // whole numbers
            @inline(__always) func at(_ start: Int, _ w: Int, _ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32,
                                      _ tx: Float, _ ty: Float) -> SIMD4<Float> {
                // Every index within the level (clamped above), so `&` spares the checks.
                let samples = base + start
                let (x0, y0, x1, y1) = (Int(x0), Int(y0), Int(x1), Int(y1))
                let row0 = y0 &* w, row1 = y1 &* w
                @inline(__always) func pixel(_ i: Int) -> SIMD4<Float> { FastMath.load(samples + i &* 4) }
                return FastMath.bilinear(pixel(row0 &+ x0), pixel(row0 &+ x1), pixel(row1 &+ x0), pixel(row1 &+ x1), tx, ty)
            }
            let lower = at(level.lowerStart, level.lowerWidth, low[0], low[1], high[0], high[1], t[0], t[1])
            guard level.t > 0 else { return lower }
            return FastMath.mix(lower, at(level.upperStart, level.upperWidth, low[2], low[3], high[2], high[3], t[2], t[3]),
                                level.t)
        }
    }

    /// Writes the normals as an opaque RGBA normal map in the OpenGL convention that normal-map
    /// tools expect: (0.5 + 0.5·nₓ, 0.5 − 0.5·n_y, 0.5 + 0.5·n_z) — green is up.
    static func normalMap(_ relief: ReliefBands, scale: Float, to io: RowIO,
                          at origin: (x: Int, y: Int) = (0, 0), parallel: ParallelFor = .serial) {
        relief.writePixels(to: io, at: origin, parallel: parallel) { band, i in
            let n = normal(dx: band.slopeX[i], dy: band.slopeY[i], scale: scale)
            return SIMD4(0.5 + 0.5 * n.x, 0.5 - 0.5 * n.y, 0.5 + 0.5 * n.z, 1)
        }
    }
}
