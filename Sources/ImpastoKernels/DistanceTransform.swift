// SPDX-License-Identifier: GPL-3.0-or-later

/// The exact Euclidean distance transform of a mask: for every inside pixel, its nearest
/// outside pixel (its site) and the squared distance between their centres.
///
/// A pixel is inside when its mask value is ≥ 0.5 (NaN is outside), and everything beyond the
/// image border is outside, as if the mask were padded with a ring of zeros: a fully opaque
/// image is bevelled along its borders.
///
/// Felzenszwalb & Huttenlocher, "Distance Transforms of Sampled Functions", Theory of
/// Computing 8 (2012): linear time in two separable passes. Pass 1 (`withColumns`) finds the
/// nearest outside pixel within each column; pass 2 (`Columns.finish`) takes, per row, the
/// lower envelope of the parabolas (x − q)² + g(q)², g(q) the distance to column q's nearest
/// outside pixel, whose value at x is the squared distance and whose argument is the site.
/// Every value is an integer below 2⁵³ in Double, so it is exact; pieces of a `ParallelFor`
/// own whole columns, then whole rows, so any split gives the same bits.
enum DistanceTransform {
    /// Pass 1's result over a mask: for every pixel, the row of the nearest outside pixel in
    /// its column (−1 or height: the padding). Pass 2 (`finish`) then gives any rows their
    /// sites from it and the mask alone.
    struct Columns {
        let mask: UnsafePointer<Float>, nearestRow: UnsafePointer<Int32>
        let width: Int, height: Int
    }

    /// Runs `body` with pass 1 done over `mask`. The columns are valid only within `body`.
    static func withColumns<Result>(_ mask: Plane, parallel: ParallelFor, _ body: (Columns) -> Result) -> Result {
        let width = mask.width, height = mask.height
        // Pass 1 writes every entry before any is read (see `nearestRows`).
        var near = nearestPool.take(count: width * height)
        defer { nearestPool.give(near) }
        return mask.values.withUnsafeBufferPointer { maskBuffer in
            near.withUnsafeMutableBufferPointer { nearBuffer in
                // An empty mask has no rows to finish: any valid pointers will do.
                guard let m = maskBuffer.baseAddress, let n = nearBuffer.baseAddress else {
                    return withUnsafePointer(to: Float(0)) { none in
                        withUnsafePointer(to: Int32(0)) { body(Columns(mask: none, nearestRow: $0, width: width, height: height)) }
                    }
                }
                parallel(width) { columns in
                    nearestRows(m, n, width: width, height: height, columns: columns)
                }
                return body(Columns(mask: m, nearestRow: n, width: width, height: height))
            }
        }
    }

    /// Pass 1's index of nearest outside rows, kept between calls (see `ArrayPool`).
    private static let nearestPool = ArrayPool<Int32>(limit: 1)

    /// Pass 1 over `columns`, all rows, row by row for contiguous access: the row of the
    /// nearest outside pixel in the same column, padding rows −1 and height included (the
    /// one above on a tie). Two sweeps: down (the nearest at or above), then up (the nearest
    /// at or below, where nearer). Four columns at a time in lanes (a comparison and a choice
    /// each: the same bits as one at a time), then the rest one at a time.
    private static func nearestRows(_ m: UnsafePointer<Float>, _ near: UnsafeMutablePointer<Int32>,
                                    width: Int, height: Int, columns: Range<Int>) {
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
}

/// What pass 2 of the distance transform does with each pixel once its site is known
/// (`DistanceTransform.Columns.finish`): the bevel, or a test's plain distances. A type rather
/// than a closure, so that each use is specialised and inlined; it is called once for every
/// pixel (after `start` once for its row) and writes only that pixel (`start` and `end` only
/// that row), so rows can run concurrently.
protocol DistanceTransformFinish {
    /// Outside pixels (sites) farther than this from a row may be left out of its envelope:
    /// no pixel's result depends on where they are.
    var reach: Float { get }
    /// Inside pixel (x, y), its site (ox, oy) at squared distance `squared` (ox or oy may be
    /// −1 or width/height: the padding), and its neighbours' sites (`around`).
    func inside(_ x: Int, _ y: Int, _ ox: Int, _ oy: Int, squared: Double, around: DistanceTransform.Neighbours)
    func outside(_ x: Int, _ y: Int)
    /// Outside pixels x ..< x + 4 of row y, all at once: as `outside` on each.
    func outside(four x: Int, _ y: Int)
    /// Inside pixels x ..< x + 4 of row y, all at once, each at least `reach` from its site:
    /// as `inside` on each (which needs neither their sites nor their neighbours' there).
    func beyondReach(four x: Int, _ y: Int)
    /// Called before row y's pixels: a finish that leaves most pixels of a row at one value
    /// may write it to the whole row here, at memset's speed.
    func start(row y: Int)
    /// Called after row y's pixels: a finish may complete the row's pixels here, several at a
    /// time.
    func end(row y: Int)
}

extension DistanceTransform.Columns {
    /// Pass 2 over `rows`: every pixel's site, handed to `finish` row by row. No site beyond an
    /// outside pixel (g = 0) can beat that pixel, so each run of inside pixels is done on its
    /// own (`DistanceTransform.envelope`), with the outside pixels (or padding columns) at its
    /// ends as sites. Sites with g > `finish.reach` are left out: the cost falls with a small
    /// reach and never grows with a large one. Each row's sites are found before the row above
    /// is finished, so that `finish` sees all 8 neighbours' (`Neighbours`); a range of rows
    /// costs two rows more.
    func finish<F: DistanceTransformFinish>(rows: Range<Int>, with finish: F) {
        guard !rows.isEmpty, width > 0 else { return }
        typealias Neighbours = DistanceTransform.Neighbours
        let sites = DistanceTransform.SiteRows(width: width)
        defer { sites.deallocate() }
        let (column, row, squared, stride) = (sites.column, sites.row, sites.squared, sites.stride)
        let outsides = SIMD4<Int32>(repeating: Neighbours.outside)
        // Where `inside` finds the plateau (squared ≥ reach², as it tests it).
        let beyond = Double(finish.reach) * Double(finish.reach)
        var (above, here, below) = (0, 1, 2)
        sites.fill(above, row: rows.lowerBound - 1, from: self, reach: finish.reach)
        sites.fill(here, row: rows.lowerBound, from: self, reach: finish.reach)
        for y in rows {
            sites.fill(below, row: y + 1, from: self, reach: finish.reach)
            finish.start(row: y)
            let (up, middle, down) = (above * stride + 1, here * stride + 1, below * stride + 1)
            var start = 0
            while start < width {
                // Four outside pixels at once (most are), or four on the plateau, else one at
                // a time.
                let end = min(start + 4, width)
                if end - start == 4 {
                    let group = FastMath.load(column + middle + start)
                    if FastMath.all(group .== outsides) {
                        finish.outside(four: start, y)
                        start = end
                        continue
                    }
                    let s = squared + middle + start
                    if !FastMath.any(group .== outsides), s[0] >= beyond, s[1] >= beyond, s[2] >= beyond, s[3] >= beyond {
                        finish.beyondReach(four: start, y)
                        start = end
                        continue
                    }
                }
                for x in start ..< end {
                    let i = middle + x
                    guard column[i] != Neighbours.outside else { finish.outside(x, y); continue }
                    finish.inside(x, y, Int(column[i]), Int(row[i]), squared: squared[i],
                                  around: Neighbours(column: column, row: row, above: up, here: middle, below: down, x: x))
                }
                start = end
            }
            finish.end(row: y)
            (above, here, below) = (here, below, above)
        }
    }
}

extension DistanceTransform {
    /// Pass 2's working memory: three rows' sites (the row above, the row being finished and
    /// the row below, in slots that rotate) and the envelope's arrays. One allocation for all,
    /// none of it zeroed: `envelope` writes its arrays before it reads them, `fill` writes
    /// every pixel's column, and a site's row and squared distance are read only where the
    /// column is a site (`Neighbours.far` reads four entries at once and masks the others).
    struct SiteRows {
        /// Entries a slot takes: a padding entry, the row's pixels and two more padding
        /// entries, all outside, so that `Neighbours.far` reads four entries from column x − 1
        /// at any x.
        let width: Int, stride: Int
        /// Each pixel's site: its column (`Neighbours.outside` for an outside pixel or a row
        /// beyond the image) and row, and the squared distance to it; 3 slots of `stride`.
        let column: UnsafeMutablePointer<Int32>, row: UnsafeMutablePointer<Int32>
        let squared: UnsafeMutablePointer<Double>
        /// The envelope's arrays (Felzenszwalb & Huttenlocher's f, v and z): width + 2,
        /// width + 2 and width + 3 entries.
        let parabolaHeights: UnsafeMutablePointer<Double>, parabolas: UnsafeMutablePointer<Int>
        let boundaries: UnsafeMutablePointer<Double>
        private let memory: UnsafeMutableRawPointer

        init(width: Int) {
            let stride = width + 3
            let doubles = (width + 2) + (width + 3) + 3 * stride, ints = width + 2, int32s = 2 * 3 * stride
            let bytes = doubles * MemoryLayout<Double>.stride + ints * MemoryLayout<Int>.stride
                + int32s * MemoryLayout<Int32>.stride
            memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: MemoryLayout<Double>.alignment)
            parabolaHeights = memory.bindMemory(to: Double.self, capacity: doubles)
            boundaries = parabolaHeights + (width + 2)
            squared = boundaries + (width + 3)
            parabolas = UnsafeMutableRawPointer(squared + 3 * stride).bindMemory(to: Int.self, capacity: ints)
            column = UnsafeMutableRawPointer(parabolas + ints).bindMemory(to: Int32.self, capacity: int32s)
            row = column + 3 * stride
            (self.width, self.stride) = (width, stride)
            for slot in 0 ..< 3 {
                column[slot * stride] = Neighbours.outside
                column[slot * stride + width + 1] = Neighbours.outside
                column[slot * stride + width + 2] = Neighbours.outside
            }
        }

        func deallocate() { memory.deallocate() }

        /// Fills `slot` with image row y's sites (sites farther than `reach` left out).
        func fill(_ slot: Int, row y: Int, from columns: Columns, reach: Float) {
            let base = slot * stride + 1
            guard y >= 0, y < columns.height else {
                for x in 0 ..< width { column[base + x] = Neighbours.outside }
                return
            }
            let mask = columns.mask + y * width, half = SIMD4<Float>(repeating: 0.5)
            let outsides = SIMD4<Int32>(repeating: Neighbours.outside)
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
                DistanceTransform.envelope(columns.nearestRow + y * width, y: y, start: start, count: end - start, reach: reach,
                         parabolaHeights, parabolas, boundaries, column + base, row + base, squared + base)
                start = end
            }
        }
    }

    /// The sites of pixel x's 8 neighbours, read from pass 2's three rows of sites (`above`,
    /// `here` and `below` the offsets of their column 0 in `SiteRows`).
    struct Neighbours {
        /// The column of an outside pixel's site (and of a row beyond the image's, and of the
        /// padding entries).
        static let outside = Int32.min
        let column: UnsafePointer<Int32>, row: UnsafePointer<Int32>
        let above: Int, here: Int, below: Int, x: Int

        /// Which of the 8 neighbours (bit k: `subscript`'s k) are inside with a site more than
        /// √`spread` from (ox, oy): the three rows' columns x − 1 … x + 2 four at a time
        /// (x + 2 left out), the squared distances in floats (exact up to 2²⁴, and any larger
        /// one is far either way).
        @inline(__always)
        func far(_ ox: Int, _ oy: Int, spread squaredSpread: Int) -> UInt8 {
            typealias Ints = SIMD4<Int32>
            let sx = Ints(repeating: Int32(truncatingIfNeeded: ox)), sy = Ints(repeating: Int32(truncatingIfNeeded: oy))
            let spread = SIMD4<Float>(repeating: Float(squaredSpread)), outside = Ints(repeating: Self.outside)
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
