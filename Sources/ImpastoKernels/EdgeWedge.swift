// SPDX-License-Identifier: GPL-3.0-or-later

/// An outside wedge's two arms met at their vertex v (points relative to its tip pixel e's
/// centre): the half-lines from v through p1 and p2, inside on the inner side (u1, u2) of
/// either. A concave corner of the shape, as where a glyph's bowl meets its stem, puts such a
/// wedge's tip within an edge pixel; the pixels in the fan around its vertex measure from the
/// arms rather than from e's own piece of edge, which is a chamfer across the corner (its
/// gradient points along the wedge's bisector) and would leave a pit and a wrong-way slope on
/// the chamfer's outside (HeightFieldTests' fans around outside wedges; EmbossQualityTests).
struct EdgeWedge {
    var v: SIMD2<Float>, p1: SIMD2<Float>, u1: SIMD2<Float>, p2: SIMD2<Float>, u2: SIMD2<Float>

    /// How much more covered than e both its neighbours along the edge must be for e to be a
    /// wedge's tip (HeightFieldTests' wedge fans, EmbossQualityTests).
    static let tipMargin: Float = 0.2
    /// The largest cosine between the arms' normals for them to be a wedge (HeightFieldTests'
    /// hole corner, EmbossQualityTests).
    static let tipCosine: Float = 0.87
    /// How far from e's centre the vertex may lie, in pixels (HeightFieldTests' wedge fans,
    /// EmbossQualityTests).
    static let tipReach: Float = 1.5
    /// The most e may be covered for its arms to be read `armLength` px away where one of its
    /// neighbours along the edge is wholly covered (HeightFieldTests' hole corner,
    /// EmbossQualityTests' glyph joints).
    static let armTipCoverage: Float = 0.12
    /// How far along the edge from e, in pixels, such arms are read (EmbossQualityTests,
    /// EmbossRegionTests).
    static let armLength: Float = 2
    /// Arms whose normals are within acos(this) of opposite (a wedge narrower than 37°, as a
    /// bold glyph's diagonal meeting its stem) make an acute wedge (EmbossQualityTests,
    /// EmbossRegionTests).
    static let acuteCosine: Float = 0.8
    /// How far inwards of e, in pixels, an acute wedge's vertex may lie (EmbossQualityTests,
    /// EmbossRegionTests).
    static let acuteReach: Float = 4

    /// The signed distance of point p (relative to e's centre) from the wedge and its unit
    /// ∇d; (0, n̂) on the edge.
    @inline(__always)
    func measure(_ p: SIMD2<Float>, _ nx: Float, _ ny: Float) -> (d: Float, dx: Float, dy: Float) {
        typealias Point = SIMD2<Float>
        // The nearest point of the two half-lines from v through p1 and p2.
        var nearest = v, least = Float.infinity
        func consider(_ arm: Point) {
            let length = (arm * arm).sum().squareRoot()
            guard length > 1e-4 else { return }
            let q = v + max(((p - v) * arm).sum() / length, 0) / length * arm
            let gap = ((p - q) * (p - q)).sum()
            if gap < least { (nearest, least) = (q, gap) }
        }
        consider(p1 - v)
        consider(p2 - v)
        let distance = least.squareRoot()
        guard distance > 1e-5 else { return (0, nx, ny) }   // on the edge (also: no arm)
        let inside = ((p - p1) * u1).sum() > 0 || ((p - p2) * u2).sum() > 0
        let d = inside ? distance : -distance
        let g = (p - nearest) / d
        return (d, g.x, g.y)
    }
}

extension Coverage {
    /// A wedge's arm: its straight edge, from e's centre, as a point on it and its unit inward
    /// normal (see `EdgePiece.offset`); nil where the coverage there has no direction.
    typealias Arm = (point: SIMD2<Float>, normal: SIMD2<Float>)

    /// The outside wedge whose tip is edge pixel e (inward normal n̂, coverage a), if it is one.
    ///
    /// The tip's signature: its two neighbours along the edge (across n̂) are both partly
    /// covered and clearly more covered than e, and their normals are apart. Each neighbour's
    /// own gradient and coverage then give its arm's straight edge (as for any edge pixel),
    /// and the arms meet at their intersection v. Where one neighbour is wholly covered and e
    /// all but empty, the tip's pixel is (almost) wholly outside and its neighbours' gradients
    /// hold both arms as much as e's, so the arms are read `armLength` px along the edge
    /// either side instead; so too at an acute wedge's tip (`acuteWedge`).
    @inline(__always)
    func wedgeTip(_ ex: Int, _ ey: Int, _ nx: Float, _ ny: Float, _ a: Float) -> EdgeWedge? {
        // Most pixels fail the first test.
        let (sx, sy) = Self.step(ny, -nx), needed = a + EdgeWedge.tipMargin, inner = inner(ex, ey)
        let c1 = self(near: ex, ey, sx, sy, inner: inner)
        guard c1 > needed else { return nil }
        let c2 = self(near: ex, ey, -sx, -sy, inner: inner)
        guard c2 > needed, sx != 0 || sy != 0 else { return nil }
        if c1 < 1 && c2 < 1 {
            let arm1 = arm(ex, ey, sx, sy, c1), arm2 = arm(ex, ey, -sx, -sy, c2)
            // An acute wedge's arms read clear of its tip, where there is one.
            if let (_, u1) = arm1, let (_, u2) = arm2, let acute = acuteWedge(ex, ey, nx, ny, u1, u2) { return acute }
            return wedge(arm1, arm2)
        }
        // A neighbour wholly inside: the tip is (almost) wholly outside, as at a glyph's square
        // hole's corner.
        if a <= EdgeWedge.armTipCoverage { return wedge(arm(ex, ey, nx, ny, side: 1), arm(ex, ey, nx, ny, side: -1)) }
        // Or e is the tip of an acute wedge that ends within it: the wholly covered neighbour's
        // gradient still holds its arm's direction.
        let n1 = inwardNormal(ex + sx, ey + sy), n2 = inwardNormal(ex - sx, ey - sy)
        guard (n1.x != 0 || n1.y != 0) && (n2.x != 0 || n2.y != 0) else { return nil }
        return acuteWedge(ex, ey, nx, ny, SIMD2(n1.x, n1.y), SIMD2(n2.x, n2.y))
    }

    /// The acute wedge at e (inward normal n̂) whose arms' normals near e are u1 and u2: its
    /// arms read `armLength` px along each, if they meet within `acuteReach` px inwards of e at
    /// an acute angle (`acuteCosine`).
    ///
    /// Why: in so narrow a wedge e's neighbours along the edge see both arms and the inside
    /// beyond the vertex in their 3 × 3 gradients, so their normals lean into the joint, and
    /// the last outside pixel's centre lies up to 1 / (2 tan(θ/2)) px short of the vertex (1.5
    /// px at 37°), beyond `tipReach`. `armLength` px along each arm, each pixel's 3 × 3 holds
    /// its own arm alone.
    @inline(never)
    func acuteWedge(_ ex: Int, _ ey: Int, _ nx: Float, _ ny: Float, _ u1: SIMD2<Float>, _ u2: SIMD2<Float>) -> EdgeWedge? {
        guard (u1 * u2).sum() < EdgeWedge.tipCosine,
              let acute = wedge(arm(ex, ey, u1, away: u2), arm(ex, ey, u2, away: u1), reach: EdgeWedge.acuteReach),
              (acute.u1 * acute.u2).sum() < -EdgeWedge.acuteCosine, (acute.v * SIMD2<Float>(nx, ny)).sum() > 0
        else { return nil }
        return acute
    }

    /// The arm through e's neighbour (ex + sx, ey + sy), of coverage c.
    @inline(__always)
    func arm(_ ex: Int, _ ey: Int, _ sx: Int, _ sy: Int, _ c: Float) -> Arm? {
        let n = inwardNormal(ex + sx, ey + sy)
        guard n.x != 0 || n.y != 0 else { return nil }
        let u = SIMD2<Float>(n.x, n.y)
        return (SIMD2<Float>(Float(sx), Float(sy)) - EdgePiece.offset(n.x, n.y, coverage: c) * u, u)
    }

    /// The arm `armLength` px from e along the edge (across e's normal n̂, `side` ±1): the pixel
    /// there, or, where that is wholly inside (outside), its neighbour one step out (in) along
    /// n̂ if that is on the edge — partly covered, or the outside pixel of a hard step.
    @inline(never)
    func arm(_ ex: Int, _ ey: Int, _ nx: Float, _ ny: Float, side: Float) -> Arm? {
        let sx = Int((side * EdgeWedge.armLength * ny).rounded()), sy = Int((side * -EdgeWedge.armLength * nx).rounded())
        let (ix, iy) = Self.step(nx, ny)
        let c = self(ex + sx, ey + sy)
        if c > 0 && c < 1 { return arm(ex, ey, sx, sy, c) }
        if c >= 1 {
            let out = self(ex + sx - ix, ey + sy - iy)
            return out < 1 ? arm(ex, ey, sx - ix, sy - iy, out) : nil
        }
        let inward = self(ex + sx + ix, ey + sy + iy)
        if inward >= 1 { return arm(ex, ey, sx, sy, 0) }
        return inward > 0 ? arm(ex, ey, sx + ix, sy + iy, inward) : nil
    }

    /// The arm of normal u read `armLength` px from e along it, on the side away from the other
    /// arm's inside (normal `other`): see `arm(_:_:_:_:side:)`.
    @inline(never)
    func arm(_ ex: Int, _ ey: Int, _ u: SIMD2<Float>, away other: SIMD2<Float>) -> Arm? {
        arm(ex, ey, u.x, u.y, side: u.y * other.x - u.x * other.y > 0 ? -1 : 1)
    }

    /// The wedge of two arms, if they meet within `reach` px of e's centre: rare, so kept out
    /// of line.
    @inline(never)
    func wedge(_ arm1: Arm?, _ arm2: Arm?, reach: Float = EdgeWedge.tipReach) -> EdgeWedge? {
        guard let (p1, u1) = arm1, let (p2, u2) = arm2, (u1 * u2).sum() < EdgeWedge.tipCosine else { return nil }
        // The vertex: u1·v = u1·p1 and u2·v = u2·p2 (arms facing each other, as across a thin
        // slot, have no vertex).
        let det = u1.x * u2.y - u1.y * u2.x
        guard abs(det) > 0.2 else { return nil }
        let k1 = (u1 * p1).sum(), k2 = (u2 * p2).sum()
        let v = SIMD2<Float>(k1 * u2.y - k2 * u1.y, u1.x * k2 - u2.x * k1) / det
        guard (v * v).sum() < reach * reach else { return nil }
        return EdgeWedge(v: v, p1: p1, u1: u1, p2: p2, u2: u2)
    }
}
