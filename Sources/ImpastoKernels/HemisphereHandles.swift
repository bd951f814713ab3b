// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The hemisphere editor's geometry (MercurialText's light editor): the procedural hemisphere
/// drawn as an orthographic picture of the unit sphere, radius `radius` pixels around
/// `centre` (screen axes: x right, y down), and each light shown as a handle on it.
public struct HemisphereHandles: Equatable, Sendable {
    public var centre: SIMD2<Double>
    public var radius: Double
    /// How far out a dragged handle may go, as a share of the radius: at the rim the sphere
    /// faces sideways, and a light there would need an infinite x or y.
    public static let reach = 0.98

    public init(centre: SIMD2<Double>, radius: Double) {
        self.centre = centre
        self.radius = radius
    }

    /// The picture of a `width` × `height` canvas: the sphere as large as it fits, with
    /// `margin` pixels left for the handles' rings.
    public init(width: Double, height: Double, margin: Double) {
        self.init(centre: SIMD2(width / 2, height / 2), radius: max(min(width, height) / 2 - margin, 1))
    }

    /// Where a light at `position` (scene space: x right, y up, z towards the viewer) shows:
    /// the point n of the sphere where its highlight sits, n = normalize(l + v) with
    /// l = normalize(position − n) and v = (0, 0, 1) (`Hemisphere`'s h = n, the peak of every
    /// specular lobe). n lies in the plane of v and the light; its angle θ from v solves
    /// angle(position − n(θ)) = 2θ, found by bisection on [0, π/2]. A light inside the sphere
    /// (which lights no front point that way) shows where the sphere faces it.
    public func handle(of position: SIMD3<Double>) -> SIMD2<Double> {
        let length = (position * position).sum().squareRoot()
        guard length.isFinite, length > 1e-9 else { return centre }
        let side = (position.x * position.x + position.y * position.y).squareRoot()
        guard side > 1e-12 else { return centre }   // straight in front (or behind)
        let across = SIMD2(position.x, -position.y) / side   // screen direction of the light
        guard length > 1 else { return centre + across * (side / length) * radius }
        // In the plane: v = (1, 0), the light at (a, b) = (z, side), n(θ) = (cos θ, sin θ).
        let (a, b) = (position.z, side)
        var (low, high) = (0.0, Double.pi / 2)
        for _ in 0 ..< 60 {
            let theta = (low + high) / 2
            if atan2(b - sin(theta), a - cos(theta)) > 2 * theta { low = theta } else { high = theta }
        }
        return centre + across * sin((low + high) / 2) * radius
    }

    /// The light position whose highlight (`handle(of:)`) is at `point`, at `distance` from the
    /// sphere's centre (at least `closest`): the light lies along v mirrored in the normal
    /// there, r = 2(n·v)n − v, at n + t·r with |n + t·r| = distance, so t = −n_z +
    /// √(n_z² + distance² − 1) (n·r = n_z). Points beyond `reach` are pulled in to it.
    public func position(forHandle point: SIMD2<Double>, distance: Double) -> SIMD3<Double> {
        var u = (point.x - centre.x) / radius, v = -(point.y - centre.y) / radius
        if !u.isFinite || !v.isFinite { (u, v) = (0, 0) }
        let out = (u * u + v * v).squareRoot()
        if out > Self.reach { (u, v) = (u * Self.reach / out, v * Self.reach / out) }
        let d = distance.isFinite ? max(abs(distance), Self.closest) : Self.closest
        let n = SIMD3(u, v, (1 - u * u - v * v).squareRoot())
        let r = SIMD3(2 * n.z * n.x, 2 * n.z * n.y, 2 * n.z * n.z - 1)
        let t = -n.z + (n.z * n.z + d * d - 1).squareRoot()
        return n + t * r
    }

    /// The nearest a dragged light comes to the sphere's centre: on the sphere a light has no
    /// highlight of its own.
    public static let closest = 1.1

    /// Which of `positions` has its handle nearest to `point` (nil for none).
    public func nearest(to point: SIMD2<Double>, among positions: [SIMD3<Double>]) -> Int? {
        positions.indices.min { a, b in
            let p = handle(of: positions[a]) - point, q = handle(of: positions[b]) - point
            return (p * p).sum() < (q * q).sum()
        }
    }
}
