// SPDX-License-Identifier: GPL-3.0-or-later

/// Smooths the directions of a bevelled band's slopes: each sloping pixel's ∇d becomes a
/// weighted mean (binomial, 1 2 1 × 1 2 1) of the unit ∇d of the pixel and of those of its 8
/// neighbours that slope nearly its way (`facingCosine`: a crease or a corner's other side is
/// not blended); the slope's length, the profile's mean slope s, stays.
///
/// Why: each pixel's ∇d comes from a piece of edge near one outside pixel (`EdgePiece`), and
/// neighbours' pieces differ by the edge's pixel-sized steps, a few degrees, which a look's hard
/// horizon and small highlights turn into dots and jagged lines on a curve, where a 4× render's
/// pixel averages 16 sub-pixels' normals. Two passes (`passes`): the first over every sloping
/// pixel, the second only inside the edge (d > 0); outside it a pixel keeps the direction of its
/// own piece of edge, which the footprints of the pixels inside it read.
enum SlopeSmoothing {
    /// Smoothing passes: each reads a row more either side (`HeightField.reach`; EmbossRegionTests,
    /// EmbossTests, HeightFieldTests).
    static let passes = 2

    /// Least cosine between two unit ∇d for them to be blended, 37° (HeightFieldTests, EmbossTests).
    static let facingCosine: Float = 0.8

    /// The smoothing's own buffers: the first pass's slopes, and the unit ∇d before and after it.
    final class Memory: ScratchMemory {
        var onceSlopeX = ScratchBuffer<Float>(), onceSlopeY = ScratchBuffer<Float>()
        var rawDirectionX = ScratchBuffer<Float>(), rawDirectionY = ScratchBuffer<Float>()
        var onceDirectionX = ScratchBuffer<Float>(), onceDirectionY = ScratchBuffer<Float>()
        init() {}
    }

    /// Smooths `raw`'s slopes (as the bevel made them, over `band`'s rows and up to two more
    /// either side where the image has them) into `band`'s, which shares raw's heights,
    /// distances and marks: both passes, over `band`'s marked groups and a row either side.
    static func smooth(_ raw: ReliefBand, into band: ReliefBand, memory: Memory) {
        let width = raw.width, count = raw.rows * width
        // The first pass's rows: the band's and one more either side within raw.
        let top = max(raw.top, band.top - 1), bottom = min(raw.top + raw.rows, band.top + band.rows + 1)
        let row = top - raw.top, offset = row * width, onceCount = (bottom - top) * width
        let once = ReliefBand(top: top, rows: bottom - top, width: width, heights: raw.heights + offset,
                              slopeX: memory.onceSlopeX(count: onceCount), slopeY: memory.onceSlopeY(count: onceCount),
                              distances: raw.distances + offset, marks: raw.marks(row: row))
        let rawDirections = (x: memory.rawDirectionX(count: count), y: memory.rawDirectionY(count: count))
        let onceDirections = (x: memory.onceDirectionX(count: count), y: memory.onceDirectionY(count: count))
        unitDirections(raw, into: rawDirections)
        firstPass(raw, rawDirections, into: once, directions: onceDirections)
        secondPass(once, onceDirections, into: band)
    }

    /// The first pass: every sloping pixel, its unit ∇d kept for the second.
    @inline(never)
    static func firstPass(_ raw: ReliefBand, _ rawDirections: (x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>),
                          into band: ReliefBand, directions: (x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>)) {
        pass(raw, rawDirections, into: band, directions: directions, inside: false)
    }

    /// The second pass: only the pixels inside the edge.
    @inline(never)
    static func secondPass(_ raw: ReliefBand, _ rawDirections: (x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>),
                           into band: ReliefBand) {
        pass(raw, rawDirections, into: band, directions: nil, inside: true)
    }

    /// The unit ∇d of each pixel of `band`'s marked groups ((0, 0) where it is flat) into
    /// `directions`, laid out as `band` is.
    static func unitDirections(_ band: ReliefBand,
                               into directions: (x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>)) {
        typealias Lanes = SIMD4<Float>
        for row in 0 ..< band.rows {
            ReliefMarks.forEachRun(band.marks(row: row), width: band.width) { start, end in
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

    /// One pass: ∇h = s·∇d of each sloping pixel in `band`'s marked groups (rows within `raw`'s,
    /// which holds a row more either side where the image has one), ∇d the weighted mean of the
    /// facing unit ∇d around it. `rawDirections` holds raw's unit ∇d (`unitDirections`);
    /// `directions`, if given, receives band's, laid out as band is. `inside`: only pixels
    /// whose centre is inside the edge (d > 0) are smoothed, the others keep raw's. (Inlined
    /// into `firstPass` and `secondPass`, where `inside` and `directions` are constants.)
    @inline(__always)
    static func pass(_ raw: ReliefBand,
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
                let facing = vx * ownX + vy * ownY .>= facingCosine
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
            ReliefMarks.forEachRun(band.marks(row: row - first), width: width) { x, end in
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
}
