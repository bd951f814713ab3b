// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoKernels
import XCTest

/// At BristlePaint's settings (smoothness 0.75, contrast 3) every bristle of a
/// BristlePaint bump stays a ridge in the normal map, and the stroke is tilted enough to catch
/// the light.
final class BristleRidgeTests: XCTestCase {
    /// BristlePaint's bump: `count` bristles, white 2 px lines at 10 % opacity, 3.5 px apart
    /// (centres at y = top + 3.5·i, so they fall on every quarter-pixel phase), from x = 6 to
    /// width − 6, each its own path on a transparent canvas; h = Y'·alpha.
    static func bump(width: Int = 96, height: Int = 56, top: Double = 12.3, count: Int = 9) -> (Plane, [Double]) {
        var canvas = StrokeCanvas(width: width, height: height)
        let centres = (0 ..< count).map { top + 3.5 * Double($0) }
        for y in centres {
            canvas.stroke([SIMD2(6, y), SIMD2(Double(width) - 6, y)], lineWidth: 2, color: SIMD4(1, 1, 1, 0.1))
        }
        var heights = Plane(width: width, height: height)
        for i in heights.values.indices { heights.values[i] = canvas.pixels[4 * i] * canvas.pixels[4 * i + 3] }
        return (heights, centres)
    }

    /// n_y (up) down column x, and the stroke's mean tilt there in degrees.
    func column(_ settings: NormalMap, _ heights: Plane, x: Int) -> [SIMD3<Float>] {
        var out = [SIMD3<Float>](repeating: .zero, count: heights.height)
        settings.normals(of: heights) { y, row in out[y] = row[x] }
        return out
    }

    /// Every bristle a ridge: above its centre the normal faces up (n_y > 0.02), below it down
    /// (n_y < −0.02), at every column of the stroke's middle; the mean tilt over the stroke
    /// (top of the first bristle to the bottom of the last) at least 6°.
    func testEveryBristleIsARidgeAndTheStrokeIsTilted() {
        let (heights, centres) = Self.bump()
        var tilts: [Double] = []
        for x in 20 ..< 76 {
            let n = column(.bristlePaint, heights, x: x)
            for c in centres {
                let above = Int((c - 1.75).rounded(.up)) ... Int(c.rounded(.down))
                let below = Int(c.rounded(.up)) ... Int((c + 1.75).rounded(.down))
                let up = above.map { n[$0].y }.max() ?? 0, down = below.map { n[$0].y }.min() ?? 0
                XCTAssertGreaterThan(up, 0.02, "bristle at y = \(c), x = \(x): no slope facing up")
                XCTAssertLessThan(down, -0.02, "bristle at y = \(c), x = \(x): no slope facing down")
            }
            let stroke = Int(centres[0] - 1) ... Int(centres[centres.count - 1] + 1)
            tilts += stroke.map { Double(acos(min(n[$0].z, 1))) * 180 / .pi }
        }
        let mean = tilts.reduce(0, +) / Double(tilts.count)
        print(String(format: "bristle stroke: mean tilt %.2f°", mean))
        XCTAssertGreaterThanOrEqual(mean, 6)
        XCTAssertLessThanOrEqual(mean, 30, "ridges, not cliffs: the lit painting stays a painting")
    }
}
