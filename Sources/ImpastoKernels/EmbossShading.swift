// SPDX-License-Identifier: GPL-3.0-or-later

/// CIShadedMaterial's step: surface normals from a relief, each looked up in a picture of a
/// lit hemisphere.
///
/// docs/contract.md (impasto:emboss, step 4): n = normalize(−k·∂h/∂x, −k·∂h/∂y, 1) in image axes (x right,
/// y down), with ∂h the relief's own slopes (`ReliefBand`: from the distance field's
/// geometry, not differences of whole-pixel heights); the colour is the shading image sampled
/// bilinearly at u = (1 + nₓ)/2 · W, v = (1 + n_y)/2 · H. Flat areas take the centre of the
/// picture; a slope facing up-left (height rising to the right and down) takes its up-left.
/// Each sloping pixel averages the picture over its footprint (`FootprintField`), read from
/// the picture's mip-map (`ShadingMipMap`).
public enum EmbossShading {
    /// How far beyond a pixel `shade` reads the relief: a footprint reads its 8 neighbours'
    /// lookups and directions (`FootprintField.moves`, `FootprintField.footprint`).
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
    /// opaque). The relief is made a band of rows at a time (with a row either side: a
    /// footprint reads its neighbours) and shaded while it is in cache.
    ///
    /// `perceptual`: each colour is written with sRGB's curve (`SRGB.perceptual`), the flat
    /// one's given once: R'G'B'A for a perceptual layer, without babl's pass over every pixel.
    ///
    /// `sparse`: the band's passes work only the groups of columns around its sloping pixels
    /// (`ReliefMarks`); false works every pixel, to the same bits (`ReliefMarksTests`).
    ///
    /// `origin`: where io's output lies in the relief (and in `coverage`, the relief's size):
    /// io.width × io.height pixels from there are shaded (see `ReliefBands.writeBands`).
    static func shade(_ relief: ReliefBands, coverage: Plane?, scale: Float, shading: ShadingImage,
                      to io: RowIO, at origin: (x: Int, y: Int) = (0, 0), perceptual: Bool = false, sparse: Bool = true,
                      parallel: ParallelFor = .serial) {
        let width = relief.width
        guard relief.holds(io, at: origin),
              coverage.map({ $0.width == width && $0.height == relief.height }) ?? true else { return }
        let columns = origin.x ..< origin.x + io.width
        // Most pixels are flat (outside the mask, or on a plateau): they all take the centre.
        let linearFlat = shading.sample(u: Float(shading.width) / 2, v: Float(shading.height) / 2)
        let flat = perceptual ? SRGB.perceptual(linearFlat) : linearFlat
        (coverage?.values ?? []).withUnsafeBufferPointer { alpha in
            PictureReader.with(shading, ShadingMipMap.of(shading)) { picture in
                relief.writeBands(to: io, at: origin, halo: 1, sparse: sparse, parallel: parallel) { rows, out, band, scratch in
                    let (field, moves) = FootprintField.prepared(
                        band, columns: columns, rise: relief.rise, scale: scale, pictureWidth: shading.width,
                        pictureHeight: shading.height, memory: scratch.memory(FootprintField.Memory.self))
                    var shader = RowShader(band: band, field: field, moves: moves, reader: picture, flat: flat,
                                           columns: columns, perceptual: perceptual,
                                           curved: scratch.memory(Memory.self).curved(count: width))
                    for y in rows {
                        // Row y is the band's row y − top; pixel x goes to the output's column
                        // x − origin.x. Alpha is this row's coverage, if given (else 1).
                        let row = out + (y - rows.lowerBound) * io.width * 4 - 4 * columns.lowerBound
                        shader.shade(row: y - band.top, coverage: coverage == nil ? nil : alpha.baseAddress.map { $0 + y * width },
                                     into: row)
                    }
                }
            }
        }
    }

    /// The shading's own buffer: a perceptual row's sloping pixels, given sRGB's curve together
    /// once the row is shaded (`SRGB.perceptualRGB`).
    final class Memory: ScratchMemory {
        var curved = ScratchBuffer<Int32>()
        init() {}
    }

    /// Shades a band's rows (see `shade`): flat pixels take the flat colour, sloping ones their
    /// footprint's.
    struct RowShader {
        let band: ReliefBand, field: FootprintField, moves: FootprintField.Moves
        var reader: PictureReader
        let flat: SIMD4<Float>, columns: Range<Int>, perceptual: Bool
        let curved: UnsafeMutablePointer<Int32>

        /// Shades the band's row `local` into `row` (pixel x at row + 4x, for x in `columns`),
        /// alpha from `coverageRow` (nil: 1).
        mutating func shade(row local: Int, coverage coverageRow: UnsafePointer<Float>?, into row: UnsafeMutablePointer<Float>) {
            // (Copies of the fields in locals: the loop's closure then reads them from
            // registers rather than copying the field out of `self` at each footprint.)
            let (band, field, moves, flat, columns, perceptual, curved) = (band, field, moves, flat, columns, perceptual, curved)
            var reader = reader
            defer { self.reader = reader }
            let width = band.width
            let slopes = (x: band.slopeX + local * width, y: band.slopeY + local * width)
            let marks = band.marks(row: local)
            field.moves(row: local, marks: marks, columns: columns, x: moves.x, y: moves.y, across: moves.across)
            var sloping = 0
            /// Pixels start ..< end flat, four at a time (most are), then one at a time.
            @inline(__always) func flatPixels(_ start: Int, _ end: Int) {
                var x = start
                while x + 4 <= end {
                    let a = coverageRow.map { FastMath.load($0 + x) } ?? SIMD4(repeating: 1)
                    // (Lanes named, not indexed: the compiler shuffles them into place instead
                    // of going through memory.)
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
            // Outside the marked groups every pixel is flat, unlooked at; within them four flat
            // pixels in a row are found at once.
            var done = columns.lowerBound
            ReliefMarks.forEachRun(marks, width: width, within: columns) { start, end in
                flatPixels(done, start)
                var x = start
                while x < end {
                    if x + 4 <= end, FastMath.all(FastMath.load(slopes.x + x) .== 0 .& FastMath.load(slopes.y + x) .== 0) {
                        flatPixels(x, x + 4)
                        x += 4
                        continue
                    }
                    for x in x ..< min(x + 4, end) {
                        var c = flat
                        if slopes.x[x] != 0 || slopes.y[x] != 0 {
                            c = field.footprint(x, local, &reader, moves: moves[x])
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
