// SPDX-License-Identifier: GPL-3.0-or-later
import CGlibcCompat
import XCTest

/// The GIMP 3 plug-in's fmod and fmodf (CGlibcCompat) against this machine's libm, bit for bit
/// (the sign of a zero and NaN included): the Swift runtime in the plug-in calls them.
final class GlibcCompatTests: XCTestCase {
    func testFmodIsLibmsFmodBitForBit() {
        var generator = SystemRandomNumberGenerator()
        let specials: [Double] = [0, -0.0, 1, -1, 0.5, 360, -360, 1e-300, -1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
                                  .infinity, -.infinity, .nan, 3 * .pi, -7.25, 2.5, -2.5, 1e16 + 2]
        var pairs: [(Double, Double)] = specials.flatMap { x in specials.map { (x, $0) } }
        for _ in 0 ..< 200_000 {
            // Any magnitude and sign, and many near multiples of each other (the ties of remainder).
            let y = Double(sign: Bool.random(using: &generator) ? .plus : .minus,
                           exponent: Int.random(in: -60 ... 60, using: &generator),
                           significand: Double.random(in: 1 ..< 2, using: &generator))
            let n = Double(Int.random(in: -1000 ... 1000, using: &generator))
            let x = Bool.random(using: &generator)
                ? n * y + Double.random(in: -1 ... 1, using: &generator) * y * [0.5, 1e-9, 1][Int.random(in: 0 ... 2, using: &generator)]
                : Double(bitPattern: UInt64.random(in: 0 ... .max, using: &generator))
            pairs.append((x, y))
        }
        for (x, y) in pairs {
            let mine = impasto_fmod(x, y), libm = x.truncatingRemainder(dividingBy: y)
            XCTAssert(mine.bitPattern == libm.bitPattern || (mine.isNaN && libm.isNaN), "fmod(\(x), \(y)): \(mine), libm \(libm)")
            let (xf, yf) = (Float(x), Float(y))
            let minef = impasto_fmodf(xf, yf), libmf = xf.truncatingRemainder(dividingBy: yf)
            XCTAssert(minef.bitPattern == libmf.bitPattern || (minef.isNaN && libmf.isNaN), "fmodf(\(xf), \(yf)): \(minef), libm \(libmf)")
        }
    }
}
