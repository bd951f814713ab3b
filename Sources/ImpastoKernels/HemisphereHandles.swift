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
    /// the point of the sphere facing it, normalize(position), seen from the front. A light
    /// at the centre of the sphere shows at the centre.
    public func handle(of position: SIMD3<Double>) -> SIMD2<Double> {
        let length = (position * position).sum().squareRoot()
        guard length.isFinite, length > 1e-9 else { return centre }
        return centre + SIMD2(position.x, -position.y) / length * radius
    }

    /// The light position whose handle is at `point`, keeping the light's depth z (at least
    /// 0.1 in front: a light behind the sphere has no handle on its front). The inverse of
    /// `handle(of:)` for a point inside the rim; points beyond `reach` are pulled in to it.
    public func position(forHandle point: SIMD2<Double>, depth z: Double) -> SIMD3<Double> {
        var u = (point.x - centre.x) / radius, v = -(point.y - centre.y) / radius
        if !u.isFinite || !v.isFinite { (u, v) = (0, 0) }
        let out = (u * u + v * v).squareRoot()
        if out > Self.reach { (u, v) = (u * Self.reach / out, v * Self.reach / out) }
        let depth = z.isFinite ? max(abs(z), 0.1) : 1
        // The handle is normalize(x, y, z): (x, y, z) = length · (u, v, √(1 − u² − v²)).
        let length = depth / (1 - u * u - v * v).squareRoot()
        return SIMD3(u * length, v * length, depth)
    }

    /// Which of `positions` has its handle nearest to `point` (nil for none).
    public func nearest(to point: SIMD2<Double>, among positions: [SIMD3<Double>]) -> Int? {
        positions.indices.min { a, b in
            let p = handle(of: positions[a]) - point, q = handle(of: positions[b]) - point
            return (p * p).sum() < (q * q).sum()
        }
    }
}
