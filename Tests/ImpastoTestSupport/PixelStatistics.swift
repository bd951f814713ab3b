// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

/// Simple statistics over interleaved RGBA float pixels, for tests of how a result looks.
public enum PixelStatistics {
    /// Rec. 709 luminance of each pixel whose alpha passes `keep` (default: fully opaque).
    public static func luminances(_ rgba: [Float], where keep: (Float) -> Bool = { $0 == 1 }) -> [Float] {
        var result: [Float] = []
        var i = 0
        while i + 3 < rgba.count {
            if keep(rgba[i + 3]) {
                let r: Float = rgba[i], g: Float = rgba[i + 1], b: Float = rgba[i + 2]
                result.append(0.2126 * r + 0.7152 * g + 0.0722 * b)
            }
            i += 4
        }
        return result
    }

    /// Mean of each colour channel over the pixels whose alpha passes `keep`.
    public static func meanRGB(_ rgba: [Float], where keep: (Float) -> Bool = { $0 == 1 }) -> [Float] {
        var sum: [Float] = [0, 0, 0]
        var count: Float = 0
        var i = 0
        while i + 3 < rgba.count {
            if keep(rgba[i + 3]) {
                for c in 0 ..< 3 { sum[c] += rgba[i + c] }
                count += 1
            }
            i += 4
        }
        return sum.map { count > 0 ? $0 / count : 0 }
    }

    public static func mean(_ values: [Float]) -> Float {
        values.isEmpty ? 0 : values.reduce(0, +) / Float(values.count)
    }

    public static func standardDeviation(_ values: [Float]) -> Float {
        let m = mean(values)
        let squares: [Float] = values.map { ($0 - m) * ($0 - m) }
        return mean(squares).squareRoot()
    }
}

/// A normal map of the test bump (a disc of 40 px across, centred in a 120 × 80 layer, as
/// both GIMPs' tests paint it) checked against the contract's conventions: flat areas
/// (0.5, 0.5, 1) within 8-bit rounding, OpenGL's green up on the top edge, red below 0.5 on
/// the left edge, opaque everywhere.
public func assertOpenGLNormalMapOfTheTestDisc(_ map: FloatImage, file: StaticString = #filePath, line: UInt = #line) {
    func pixel(_ x: Int, _ y: Int) -> [Float] { Array(map.pixel(x, y)) }
    for (x, y) in [(5, 5), (60, 40)] {  // far from the disc and in its middle
        let p = pixel(x, y)
        XCTAssertEqual(p[0], 0.5, accuracy: 1.0 / 255, file: file, line: line)
        XCTAssertEqual(p[1], 0.5, accuracy: 1.0 / 255, file: file, line: line)
        XCTAssertEqual(p[2], 1, accuracy: 1.0 / 255, file: file, line: line)
    }
    XCTAssertGreaterThan(pixel(60, 10)[1], 0.51, "the top edge of a bump faces up: green above 0.5", file: file, line: line)
    XCTAssertLessThan(pixel(60, 69)[1], 0.49, "the bottom edge faces down", file: file, line: line)
    XCTAssertLessThan(pixel(30, 40)[0], 0.49, "the left edge faces left: red below 0.5", file: file, line: line)
    XCTAssertTrue(map.samples.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 1 }, "opaque",
                  file: file, line: line)
}
