// SPDX-License-Identifier: GPL-3.0-or-later

/// The mask read as coverage, the fraction of each pixel the shape covers: 0 beyond the image
/// and for NaN, clamped into 0 … 1. The edge geometry is measured on it: where the edge runs
/// near a pixel (`inwardNormal`), and where within that pixel (`EdgePiece.offset`).
struct Coverage {
    let mask: UnsafePointer<Float>, width: Int, height: Int

    @inline(__always)
    func callAsFunction(_ x: Int, _ y: Int) -> Float {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        let v = mask[y &* width &+ x]   // (wrapping: within the image, just tested)
        return v >= 0 ? min(v, 1) : 0
    }

    /// Whether all 8 neighbours of (cx, cy) are in the image (see `callAsFunction(near:)`).
    @inline(__always)
    func inner(_ cx: Int, _ cy: Int) -> Bool { cx >= 1 && cy >= 1 && cx < width &- 1 && cy < height &- 1 }

    /// The coverage of (cx + dx, cy + dy) for dx, dy in −1 … 1, read without the bounds tests
    /// when `inner(cx, cy)` says every neighbour is in the image.
    @inline(__always)
    func callAsFunction(near cx: Int, _ cy: Int, _ dx: Int, _ dy: Int, inner: Bool) -> Float {
        guard inner else { return self(cx &+ dx, cy &+ dy) }
        let v = mask[(cy &+ dy) &* width &+ cx &+ dx]   // (wrapping: `inner` keeps it in the image)
        return v >= 0 ? min(v, 1) : 0
    }

    /// The coverage's unit inward normal at (cx, cy) from its 3 × 3 gradient (see
    /// `inwardNormal(_:)`); (0, 0) where the coverage has no direction there.
    @inline(__always)
    func inwardNormal(_ cx: Int, _ cy: Int) -> (x: Float, y: Float) {
        let inner = inner(cx, cy)
        return Self.inwardNormal { dx, dy in self(near: cx, cy, dx, dy, inner: inner) }
    }

    /// Weight of the axis neighbours in `inwardNormal`'s 3 × 3 gradient (the corners' is 1; Sobel
    /// 2, Gustavson & Strand √2): how true an edge's normal comes out (EdgeNormalTests,
    /// HeightFieldTests, EmbossQualityTests).
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
        let b = self(cx + sx, cy + sy)
        return b > 0 && b < 1 ? (cx + sx, cy + sy, b) : nil
    }

    /// The piece of edge at outside pixel o, as the pixels that measure from it see it.
    ///
    /// Its edge pixel e is `edge` if given (a pixel next to o found towards the pixel
    /// measuring), else o itself when it is partly covered, else the partly covered pixel next
    /// to o along o's normal. A pixel next to o looks towards itself first because at a concave
    /// corner o's neighbourhood holds both edges and its normal points into the corner, where
    /// the pixel along it belongs to the other edge; farther in, o's normal is the better
    /// guide. The normal is then e's own gradient, as Gustavson & Strand take it. (x, y): the
    /// pixel measuring, whose direction from o stands in for n̂ where the coverage has none
    /// (a lone hole, a symmetric notch).
    func piece(_ ox: Int, _ oy: Int, edge: (x: Int, y: Int, coverage: Float)?, towards x: Int, _ y: Int) -> EdgePiece {
        var (ex, ey, a) = (ox, oy, self(ox, oy))
        var (nx, ny) = inwardNormal(ox, oy)
        if let e = edge {
            (ex, ey, a) = e
        } else if a == 0, let e = partlyCovered(ox, oy, towards: nx, ny) {
            (ex, ey, a) = e
        }
        if ex != ox || ey != oy {
            let n = inwardNormal(ex, ey)
            if n.x != 0 || n.y != 0 { (nx, ny) = n }
        }
        let aimed = nx == 0 && ny == 0
        if aimed {
            let vx = Float(x - ox), vy = Float(y - oy), v = (vx * vx + vy * vy).squareRoot()
            (nx, ny) = v > 0 ? (vx / v, vy / v) : (0, 0)
        }
        // The segment runs ±1 px across n̂ from the edge point nearest e's centre, ±½ px from a
        // diagonal e: that e is the one a concave corner's edge only clips, its gradient points
        // into the corner, and a shorter chamfer leaves the fan around the vertex to its ends.
        let s = EdgePiece.offset(nx, ny, coverage: a)
        let half: Float = ex != ox && ey != oy ? 0.5 : 1
        return EdgePiece(ex: ex, ey: ey, nx: nx, ny: ny, s: s, half: half, wedge: wedgeTip(ex, ey, nx, ny, a), aimed: aimed)
    }
}

/// A piece of the mask's antialiased edge near an outside pixel o: the straight segment through
/// the edge point nearest its edge pixel e's centre, across e's inward normal n̂, a pixel either
/// way (the neighbours' pieces carry the edge on), so that a pixel's distance d is to a nearby
/// piece of the true curve and ∇d the unit vector from it: along n̂ beside the edge, radial
/// around a corner. Where e is the tip of a narrow outside wedge, the wedge's two arms instead
/// (`EdgeWedge`). Gustavson & Strand, "Anti-aliased Euclidean distance transform", Pattern
/// Recognition Letters 32 (2011), place the edge within e from its coverage (`offset`).
struct EdgePiece {
    /// The edge pixel e.
    var ex: Int, ey: Int
    /// n̂, the offset s of the edge point nearest e's centre along n̂, and the segment's
    /// half-length across n̂.
    var nx: Float, ny: Float, s: Float, half: Float
    var wedge: EdgeWedge?
    /// Whether n̂ is the direction from o to the pixel the piece was made for (the coverage has
    /// none there): then it is that pixel's alone.
    var aimed: Bool

    /// Pixel (x, y)'s signed distance from this piece of edge (positive inside) and its unit ∇d.
    @inline(__always)
    func measure(_ x: Int, _ y: Int) -> (d: Float, dx: Float, dy: Float) {
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

    /// Signed distance from a pixel's centre to a straight edge crossing it with unit inward
    /// normal (nx, ny) and covering `coverage` of the pixel: positive when the centre is
    /// inside. Gustavson & Strand's `edgedf` (negated): exact for a straight edge, with
    /// coverage 0 (1) giving the pixel's far (near) corner or side.
    static func offset(_ nx: Float, _ ny: Float, coverage a: Float) -> Float {
        // Symmetric in sign and order: fold into the first octant, x ≥ y ≥ 0.
        let big = max(abs(nx), abs(ny)), small = min(abs(nx), abs(ny))
        guard small > 0 else { return a - 0.5 }
        let corner = 0.5 * small / big
        if a < corner { return -(0.5 * (big + small) - (2 * big * small * a).squareRoot()) }
        if a < 1 - corner { return (a - 0.5) * big }
        return 0.5 * (big + small) - (2 * big * small * (1 - a)).squareRoot()
    }
}
