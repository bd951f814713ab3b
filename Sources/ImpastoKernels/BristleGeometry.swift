// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// One point of a brush stroke as BristlePaint recorded it from the Pencil (seed 001): where,
/// how hard (0 … 1), and which way the pen leans (azimuth, degrees; 0 = +x, image axes).
public struct BristleSample: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var pressure: Double
    public var azimuth: Double

    public init(x: Double, y: Double, pressure: Double, azimuth: Double) {
        self.x = x
        self.y = y
        self.pressure = pressure
        self.azimuth = azimuth
    }
}

/// BristlePaint's brush: `bristles` bristles spread evenly around the pen, their spread
/// following the pressure and their angle the azimuth.
///
/// For a sample (p, f, α), bristle i at angle βᵢ = 2π·i/n sits at
/// p + R(f)·(sin(βᵢ + α)·a_y, cos(βᵢ + α)·aₓ), where (aₓ, a_y) = (cos α, sin α) is the azimuth
/// unit vector — the seed's `pathFromTouches`, term for term.
public enum BristleGeometry {
    /// R(f) = maxRadius · √f: a fine tip at the lightest touch that splays quickly as the pen
    /// presses, like real bristles, and reaches maxRadius at full pressure. f is clamped to
    /// 0 … 1 (NaN: 0); a negative or NaN maxRadius counts as 0.
    public static func radius(pressure: Double, maxRadius: Double) -> Double {
        let f = pressure.isNaN ? 0 : min(max(pressure, 0), 1)
        let r = maxRadius.isNaN ? 0 : max(maxRadius, 0)
        return r * f.squareRoot()
    }

    /// βᵢ = 2π·i/n in radians, for i = 0 ..< n.
    public static func angles(count: Int) -> [Double] {
        (0 ..< max(0, count)).map { 2 * Double.pi * Double($0) / Double(count) }
    }

    /// Where the bristle at angle `beta` (radians) touches the canvas for `sample`.
    public static func position(beta: Double, sample: BristleSample, maxRadius: Double) -> SIMD2<Double> {
        let alpha = sample.azimuth.isFinite ? sample.azimuth * .pi / 180 : 0
        let r = radius(pressure: sample.pressure, maxRadius: maxRadius)
        return SIMD2(sample.x + sin(beta + alpha) * r * sin(alpha),
                     sample.y + cos(beta + alpha) * r * cos(alpha))
    }

    /// One polyline per bristle, through every sample in order.
    public static func polylines(_ samples: [BristleSample], bristles: Int, maxRadius: Double) -> [[SIMD2<Double>]] {
        angles(count: bristles).map { beta in
            samples.map { position(beta: beta, sample: $0, maxRadius: maxRadius) }
        }
    }
}

extension BristleGeometry {
    /// The brush's samples along a path (a polyline, e.g. a flattened Bézier stroke): one
    /// every `spacing` pixels of arc length plus the end, the pressure going linearly from
    /// `pressureStart` at the first point to `pressureEnd` at the last, the azimuth (degrees)
    /// the same throughout. A path without length gives one sample at `pressureStart`, so a
    /// click still leaves a dab. Points that are not finite are skipped; at most `limit`
    /// samples are made (the spacing widens on absurdly long paths).
    public static func samples(along points: [SIMD2<Double>], spacing: Double, pressureStart: Double,
                               pressureEnd: Double, azimuth: Double, limit: Int = 1 << 20) -> [BristleSample] {
        let points = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard let first = points.first else { return [] }
        let lengths = zip(points, points.dropFirst()).map { StrokeCanvas.distance($0, $1) }
        let total = lengths.reduce(0, +)
        func sample(_ p: SIMD2<Double>, _ t: Double) -> BristleSample {
            BristleSample(x: p.x, y: p.y, pressure: pressureStart + (pressureEnd - pressureStart) * t, azimuth: azimuth)
        }
        guard total > 0, total.isFinite else { return [sample(first, 0)] }
        let step = max(spacing.isFinite && spacing > 0 ? spacing : 1, total / Double(max(1, limit - 2)))
        var result = [sample(first, 0)]
        var walked = 0.0, next = step
        for (i, length) in lengths.enumerated() where length > 0 {
            while next < walked + length {
                let p = points[i] + (points[i + 1] - points[i]) * ((next - walked) / length)
                result.append(sample(p, next / total))
                next += step
            }
            walked += length
        }
        if let last = points.last { result.append(sample(last, 1)) }
        return result
    }
}

/// plug-in-impasto-bristle-stroke's settings: BristlePaint's brush along a path —
/// how many bristles, the pressure from the start of each stroke to its end, the pen's
/// azimuth, each bristle's line width and the spread at full pressure.
public struct BristleStroke: Equatable, Sendable, DeclaredParameters {
    public enum Parameters {
        public static let bristles = EffectParameter.integer(
            "bristles", localized("Bristles"), 1 ... 256, default: 20, localized("Number of bristles"))
        public static let pressureStart = EffectParameter.number(
            "pressure-start", localized("Pressure start"), 0 ... 1, default: 0.3, localized("Pen pressure at the start of each stroke"))
        public static let pressureEnd = EffectParameter.number(
            "pressure-end", localized("Pressure end"), 0 ... 1, default: 1, localized("Pen pressure at the end of each stroke"))
        public static let azimuth = EffectParameter.number(
            "azimuth", localized("Azimuth"), -360 ... 360, default: 0,
            localized("Pen azimuth in degrees (0: right, 90: down): turns the bristles"))
        public static let lineWidth = EffectParameter.number(
            "line-width", localized("Line width"), 0.1 ... 100, default: 2, localized("Width of each bristle's line in pixels"))
        public static let maxRadius = EffectParameter.number(
            "max-radius", localized("Max radius"), 0 ... 1000, default: 16, localized("Spread of the bristles at full pressure in pixels"))
    }

    public static let parameters = [Parameters.bristles, Parameters.pressureStart, Parameters.pressureEnd,
                                    Parameters.azimuth, Parameters.lineWidth, Parameters.maxRadius]

    /// BristlePaint's bump paint: white at 10 % opacity.
    public static let bumpPaint = SIMD4<Float>(1, 1, 1, 0.1)

    public var bristles = Int(Parameters.bristles.defaultValue)
    public var pressureStart = Parameters.pressureStart.defaultValue
    public var pressureEnd = Parameters.pressureEnd.defaultValue
    public var azimuth = Parameters.azimuth.defaultValue
    public var lineWidth = Parameters.lineWidth.defaultValue
    public var maxRadius = Parameters.maxRadius.defaultValue

    public init() {}

    /// Every bristle's polyline along a path (a flattened stroke, image coordinates): one
    /// sample per pixel of length, the pressure interpolated from start to end.
    public func polylines(along points: [SIMD2<Double>]) -> [[SIMD2<Double>]] {
        let samples = BristleGeometry.samples(along: points, spacing: 1, pressureStart: pressureStart,
                                              pressureEnd: pressureEnd, azimuth: azimuth)
        return BristleGeometry.polylines(samples, bristles: min(max(bristles, 0), Int(Parameters.bristles.range.upperBound)),
                                         maxRadius: maxRadius)
    }
}
