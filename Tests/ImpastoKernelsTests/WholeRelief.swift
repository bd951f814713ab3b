// SPDX-License-Identifier: GPL-3.0-or-later
@testable import ImpastoKernels

/// A relief's planes over a whole mask, each per pixel, and what they were made from: what the
/// emboss makes a band at a time (`ReliefBands`), gathered for the tests to look at.
struct Relief: Equatable {
    /// h ∈ 0 … 1.
    var heights: Plane
    /// ∂h/∂x and ∂h/∂y (see `ReliefBand`).
    var slopeX: Plane, slopeY: Plane
    /// Signed distance of each sloping pixel's centre from the edge (see `ReliefBand`).
    var distances: Plane
    /// The bevel radius (0: a step) and profile.
    let radius: Float, profile: HeightProfile

    /// H(x) = profile(x / r): the height at distance x from the edge; a step for r = 0.
    func rise(_ x: Float) -> Float { Rise(radius: radius, profile: profile)(x) }

    /// The mean of H′ over distances a … b (see `Rise.meanSlope`).
    func meanSlope(_ a: Float, _ b: Float) -> Float { Rise(radius: radius, profile: profile).meanSlope(a, b) }
}

extension HeightField {
    /// The relief of `mask`, all of its rows: every band made as the emboss makes it, copied
    /// out (`parallel` splits the rows; any split gives the same bits).
    static func relief(_ mask: Plane, radius: Float, profile: HeightProfile, parallel: ParallelFor = .serial) -> Relief {
        let (width, height) = (mask.width, mask.height)
        var (heights, slopeX, slopeY, distances) = (Plane(width: width, height: height), Plane(width: width, height: height),
                                                    Plane(width: width, height: height), Plane(width: width, height: height))
        let scratch = ScratchPool()
        withReliefBands(mask, radius: radius, profile: profile, parallel: parallel) { bands in
            heights.values.withUnsafeMutableBufferPointer { h in
                slopeX.values.withUnsafeMutableBufferPointer { sx in
                    slopeY.values.withUnsafeMutableBufferPointer { sy in
                        distances.values.withUnsafeMutableBufferPointer { d in
                            guard let h = h.baseAddress, let sx = sx.baseAddress, let sy = sy.baseAddress,
                                  let d = d.baseAddress else { return }
                            parallel(height) { r in
                                bands.withBand(around: r, halo: 0, scratch: scratch) { band, _ in
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
        return Relief(heights: heights, slopeX: slopeX, slopeY: slopeY, distances: distances,
                      radius: Rise.cleanRadius(radius), profile: profile)
    }

    /// The relief's heights alone.
    static func heights(_ mask: Plane, radius: Float, profile: HeightProfile, parallel: ParallelFor = .serial) -> Plane {
        relief(mask, radius: radius, profile: profile, parallel: parallel).heights
    }

    /// The exact Euclidean distance from each pixel centre to the nearest outside pixel centre
    /// (the padding ring included), clamped to `limit`; outside pixels are 0. A negative or
    /// NaN limit counts as 0, +∞ as no clamp: the distance transform's own result
    /// (`DistanceTransform`), finished by `ClampedDistances` instead of the bevel.
    static func distances(_ mask: Plane, limit: Float, parallel: ParallelFor = .serial) -> Plane {
        let limit = limit >= 0 ? limit : 0
        var out = Plane(width: mask.width, height: mask.height)
        out.values.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            DistanceTransform.withColumns(mask, parallel: parallel) { columns in
                parallel(mask.height) { rows in
                    columns.finish(rows: rows, with: ClampedDistances(out: p, width: mask.width, limit: limit))
                }
            }
        }
        return out
    }
}

/// The distance transform finished as plain distances, clamped to `limit`.
struct ClampedDistances: DistanceTransformFinish {
    let out: UnsafeMutablePointer<Float>, width: Int, limit: Float
    var reach: Float { limit }
    func inside(_ x: Int, _ y: Int, _ ox: Int, _ oy: Int, squared: Double, around: DistanceTransform.Neighbours) {
        out[y * width + x] = min(Float(squared.squareRoot()), limit)
    }
    func outside(_ x: Int, _ y: Int) { out[y * width + x] = 0 }
    func outside(four x: Int, _ y: Int) { FastMath.store(SIMD4(), out + y * width + x) }
    /// (min(√squared, limit) is the limit: Float's rounding keeps √squared ≥ limit.)
    func beyondReach(four x: Int, _ y: Int) { FastMath.store(SIMD4(repeating: limit), out + y * width + x) }
    func start(row y: Int) {}
    func end(row y: Int) {}
}

extension ReliefMarks {
    /// Whether column x's group is marked in `row` (what the passes' runs cover).
    static func marked(_ row: UnsafePointer<UInt64>, x: Int) -> Bool {
        let group = x / columns
        return row[group >> 6] & (1 &<< UInt64(group & 63)) != 0
    }
}
