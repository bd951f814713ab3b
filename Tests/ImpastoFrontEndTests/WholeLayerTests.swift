// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoFrontEnd
import ImpastoTestSupport
import XCTest

/// The Light Editor's whole-layer view of a layer larger than the view: the emboss runs on the
/// layer averaged down, with its radius, depth and liquify scaled alike, and shows what OK
/// would apply, averaged down the same way — the surface is the same at the smaller size.
final class WholeLayerTests: XCTestCase {
    func testASmallerViewIsTheWholeResultAveragedDown() throws {
        try XCTSkipUnless(ImpastoModule.load(), "the Impasto GEGL module did not load")
        let (width, height) = (480, 320)
        // A disc, a bar and a ring, antialiased by 4 × 4 sampling: shapes an emboss meets.
        func inside(_ x: Double, _ y: Double) -> Bool {
            let disc = (x - 130) * (x - 130) + (y - 160) * (y - 160) < 90 * 90
            let ring = abs(((x - 340) * (x - 340) + (y - 110) * (y - 110)).squareRoot() - 60) < 18
            let bar = x > 250 && x < 440 && y > 220 && y < 270
            return disc || ring || bar
        }
        var pixels = [Float](repeating: 0, count: width * height * 4)
        for y in 0 ..< height {
            for x in 0 ..< width {
                var covered = 0
                for j in 0 ..< 4 { for i in 0 ..< 4 where inside(Double(x) + (Double(i) + 0.5) / 4, Double(y) + (Double(j) + 0.5) / 4) { covered += 1 } }
                let p = 4 * (y * width + x)
                pixels[p] = 0.7; pixels[p + 1] = 0.5; pixels[p + 2] = 0.3; pixels[p + 3] = Float(covered) / 16
            }
        }
        let host = FakeHost()
        host.addLayer(2, image: 1, width: width, height: height, pixels: pixels)
        let arguments = ProcedureArguments.defaults(for: EmbossProcedure.parameters)
        let full = try XCTUnwrap(EmbossProcedure.wholeLayer(of: 2, in: host, arguments: arguments, fitting: 480, 320))
        XCTAssertEqual([full.width, full.height], [480, 320], "fits: the layer at its size, exactly what OK applies")
        let view = try XCTUnwrap(EmbossProcedure.wholeLayer(of: 2, in: host, arguments: arguments, fitting: 240, 240))
        XCTAssertEqual([view.width, view.height], [240, 160])
        // The full result averaged down 2 × 2 (colours weighted by alpha), on the view's pixels
        // whose four are all opaque (the inside of the shapes, where the relief is seen).
        var compared = 0, far = 0, sum = 0.0
        for y in 0 ..< 160 {
            for x in 0 ..< 240 {
                let four = [(0, 0), (1, 0), (0, 1), (1, 1)].map { 4 * ((2 * y + $0.1) * 480 + 2 * x + $0.0) }
                guard four.allSatisfy({ full.pixels[$0 + 3] == 255 }) else { continue }
                compared += 1
                var worst = 0.0
                for c in 0 ..< 3 {
                    let mean = four.map { Double(full.pixels[$0 + c]) }.reduce(0, +) / 4 / 255
                    let seen = Double(view.pixels[4 * (y * 240 + x) + c]) / 255
                    worst = max(worst, abs(mean - seen))
                }
                sum += worst
                if worst > 0.2 { far += 1 }
            }
        }
        let share = Double(far) / Double(max(compared, 1)), mean = sum / Double(max(compared, 1))
        XCTAssertGreaterThan(compared, 5000)
        XCTAssertLessThanOrEqual(share, 0.03, "far from the averaged result (> 0.2 in a channel)")
        XCTAssertLessThanOrEqual(mean, 0.04)
    }
}
