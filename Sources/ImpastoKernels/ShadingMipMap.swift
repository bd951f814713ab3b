// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization

/// The shading picture's successive 2 × 2 box-filtered halvings (a mip-map, Williams,
/// "Pyramidal Parametrics", SIGGRAPH 1983): a lookup whose normals sweep over s picture
/// pixels reads the levels either side of log₂ s and blends them. Level 0 is the picture
/// with what lies beyond its disc's rim replaced by the rim (see `clampedToRim`); all levels
/// in one array, RGBA (4/3 of the picture's size).
struct ShadingMipMap {
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

    /// `picture`'s samples, each pixel whose centre lies beyond `ShadingImage.rimInset` inside
    /// the rim of the disc (the ellipse inscribed in the picture, where every normal looks up)
    /// taking the colour that far inside the rim on its ray from the centre (as the procedural
    /// hemisphere's picture already is). No normal looks up beyond the rim (|(nₓ, n_y)| ≤ 1),
    /// but an average over a box that crosses it would take in the backdrop there (a procedural
    /// hemisphere's studio, a photo's background) where the normals it stands for graze the
    /// rim, and light a letter's steep foot with the backdrop's grey (EmbossMipsTests,
    /// EmbossQualityTests).
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
            let rim = EmbossShading.lookup(SIMD3(nx * f, ny * f, 0), width: w, height: h)   // where that normal looks up
            let c = picture.sample(u: rim.u, v: rim.v)
            let k = (y * w + x) * 4
            (pixels[k], pixels[k + 1], pixels[k + 2], pixels[k + 3]) = (c.x, c.y, c.z, c.w)
        } }
        return pixels
    }

    /// The mip-map of `picture`: the last one is kept (compared by the picture's samples), since
    /// GIMP runs the op again with the same look whenever another setting moves. Pictures over
    /// a megapixel (a big aux picture) are not kept: the module lives in GIMP's process.
    static func of(_ picture: ShadingImage) -> ShadingMipMap {
        if let last = lastMips.withLock({ $0 }), last.picture == picture { return last.mips }
        let mips = ShadingMipMap(picture)
        if picture.width * picture.height <= 1 << 20 { lastMips.withLock { $0 = (picture, mips) } }
        return mips
    }

    private static let lastMips = Mutex<(picture: ShadingImage, mips: ShadingMipMap)?>(nil)

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

/// Reads the picture for `FootprintField.footprint`: at (u, v), averaged over about size × size of its
/// pixels — bilinear for size ≤ 1, else from the mip-map, whose level for the last size is
/// kept (its log₂ is found again only when the size changes).
struct PictureReader {
    let picture: UnsafeBufferPointer<Float>, levels: UnsafeBufferPointer<Float>, mips: ShadingMipMap
    var level = ShadingMipMap.Level(), levelSize = Float.nan

    init(picture: UnsafeBufferPointer<Float>, levels: UnsafeBufferPointer<Float>, mips: ShadingMipMap) {
        (self.picture, self.levels, self.mips) = (picture, levels, mips)
    }

    @inline(__always)
    mutating func callAsFunction(_ u: Float, _ v: Float, _ size: Float) -> SIMD4<Float> {
        guard size > 1 else { return ShadingImage.sample(picture, width: mips.width, height: mips.height, u: u, v: v) }
        if size != levelSize { (level, levelSize) = (mips.level(footprint: size), size) }
        return ShadingMipMap.sample(levels, level, u: u, v: v)
    }
}

extension PictureReader {
    /// Runs `body` with a reader of `picture` and of its mip-map `mips`.
    static func with<Result>(_ picture: ShadingImage, _ mips: ShadingMipMap, _ body: (PictureReader) -> Result) -> Result {
        picture.pixels.withUnsafeBufferPointer { pixels in
            mips.pixels.withUnsafeBufferPointer { levels in body(PictureReader(picture: pixels, levels: levels, mips: mips)) }
        }
    }
}
