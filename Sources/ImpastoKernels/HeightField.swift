// SPDX-License-Identifier: GPL-3.0-or-later

/// CIHeightFieldFromMask: a bevel raised from a mask, made a band of rows at a time. The
/// stages, in the order they run (Emboss.md describes the method and its sources):
///
/// 1. `DistanceTransform`: each inside pixel's nearest outside pixel (a pixel is inside when
///    its mask value is ≥ 0.5; beyond the image border is outside).
/// 2. `Bevel`: the signed distance from the antialiased edge near it (`EdgePiece`,
///    `EdgeWedge`, measured on the mask as `Coverage`), turned into height and slope by the
///    profile (`HeightProfile`, `Rise`).
/// 3. `SlopeSmoothing`: the slopes' directions averaged with their neighbours'.
/// 4. `ReliefBands`: the bands those are made in, each handed on as a `ReliefBand`.
public enum HeightField {
    /// Pixels of the mask a relief's values (height, slopes, distance) at a pixel depend on,
    /// either way along x and y, and so how far a window of an image must reach beyond the
    /// pixels it makes for them to be the whole image's: a pixel measures from its nearest
    /// outside pixel within the bevel's reach (`Bevel.siteReach`, r + 2; beyond it, the
    /// plateau) and from those of its 8 neighbours (a pixel further), each piece of edge reads
    /// the coverage `Bevel.pieceReach` around its outside pixel, and the slopes are smoothed
    /// `SlopeSmoothing.passes` times over the 8 neighbours.
    public static func reach(radius: Float) -> Int {
        Bevel.siteReach(radius: radius) + 1 + Bevel.pieceReach + SlopeSmoothing.passes
    }

    /// Runs `body` with the relief of `mask` (bevel `radius` in pixels, 0 or not finite: a
    /// step) ready to be made a band at a time: the distance transform's first pass, over whole
    /// columns, is done; each band needs only that and the mask. The bands are valid only
    /// within `body`; any split of `parallel` gives the same bits.
    static func withReliefBands<Result>(_ mask: Plane, radius: Float, profile: HeightProfile,
                                        parallel: ParallelFor, _ body: (ReliefBands) -> Result) -> Result {
        let rise = Rise(radius: radius, profile: profile)
        return DistanceTransform.withColumns(mask, parallel: parallel) { columns in
            body(ReliefBands(columns: columns, rise: rise))
        }
    }
}
