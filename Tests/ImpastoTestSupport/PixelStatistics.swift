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
