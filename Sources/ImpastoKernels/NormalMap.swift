// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// BristlePaint's normal map: SpriteKit's `SKTexture.generatingNormalMap(withSmoothness: 0.75,
/// contrast: 3)` of a bump layer painted white at low opacity.
///
/// The op's formula (docs/contract.md): height h = Y'·alpha, blurred with a Gaussian of
/// σ = smoothness / (4·(1 − smoothness)) px (see `sigma`), then
/// n = normalize(−c·s·∂h/∂x, +c·s·∂h/∂y, 1) with the central differences
/// ∂h/∂x = (h[x+1] − h[x−1]) / 2, ∂h/∂y = (h[y+1] − h[y−1]) / 2 and s = `heightScale`. The normals are in the frame
/// normal-map tools use: x right, y *up*, z towards the viewer. So a ramp h = a·x gives
/// nₓ ∝ −c·a, and the top edge of a bump, where h rises downwards, faces up (n_y > 0).
///
/// Beyond the borders the height field continues: its edge pixels repeat (clamp), or, when
/// tileable, the opposite border follows (wrap). The blur and the differences both see that
/// continued field, so a pixel's normal depends only on the heights within `margin` of it:
/// a tile of the output computed from a window of the input padded by `margin` is exactly
/// (bit for bit) that part of the whole image's output.
public struct NormalMap: Equatable, Sendable, DeclaredParameters {
    /// Pre-blur strength (`Parameters.smoothness`): σ = smoothness / (4·(1 − smoothness)) px
    /// (0: none).
    public var smoothness: Float
    /// c (`Parameters.contrast`): how steep a given change of height looks.
    public var contrast: Float
    /// Encode the DirectX convention (green down) instead of OpenGL's (green up).
    public var flipY: Bool
    /// Wrap around at the borders instead of repeating the edge pixels.
    public var tileable: Bool

    /// The parameters of impasto:bristle-normal-map and its procedure (BristlePaint's
    /// smoothness 0.75 and contrast 3 are the defaults); normal light reads the bump the same way.
    public enum Parameters {
        public static let smoothness = EffectParameter.number(
            "smoothness", localized("Smoothness"), 0 ... 1, default: 0.75,
            localized("Blur the bump before taking its slopes (Gaussian σ = smoothness / (4 (1 − smoothness)) px, at most 3), so strokes give soft ridges (0: no blur)"))
        public static let contrast = EffectParameter.number(
            "contrast", localized("Contrast"), 0 ... 100, slider: 0 ... 10, default: 3,
            localized("How steep the slopes look: the heights (luminance × alpha) are scaled by this"))
        public static let flipY = EffectParameter.boolean(
            "flip-y", localized("Flip Y (DirectX)"), default: false,
            localized("Green points down (DirectX convention) instead of up (OpenGL)"))
        public static let tileable = EffectParameter.boolean(
            "tileable", localized("Tileable"), default: false,
            localized("Wrap around at the borders, for a texture that tiles; otherwise the edge pixels repeat"))
    }

    public static let parameters = [Parameters.smoothness, Parameters.contrast, Parameters.flipY, Parameters.tileable]
    /// Heights are multiplied by this before the slopes are taken (SpriteKit does not say how
    /// it scales them). A bump layer is painted at low opacity — BristlePaint's strokes are
    /// 10 % white, so a bristle rises 0.1 —, and at contrast 3 the per-pixel slopes of such a
    /// bristle would tilt it by a degree or two: a flat, matt painting. ×4 tilts its flanks by
    /// 10–25° (the stroke's mean ≈ 10°), the glossy ridges of the seed's screenshots, while a
    /// full-height step still reads as a step rather than a wall.
    public static let heightScale: Float = 4
    /// Heights are clamped to ±this (no bump layer comes near), so that blurred heights,
    /// their differences and c times those all stay finite in Float.
    public static let largestHeight: Float = 1e6
    /// BristlePaint's settings (and the op's defaults).
    public static let bristlePaint = NormalMap()

    public init(smoothness: Float = Float(Parameters.smoothness.defaultValue),
                contrast: Float = Float(Parameters.contrast.defaultValue),
                flipY: Bool = Parameters.flipY.defaultValue != 0, tileable: Bool = Parameters.tileable.defaultValue != 0) {
        self.smoothness = smoothness
        self.contrast = contrast
        self.flipY = flipY
        self.tileable = tileable
    }

    /// The settings `values` hold.
    public init(_ values: ParameterValues) {
        self.init(smoothness: Float(values[Parameters.smoothness]), contrast: Float(values[Parameters.contrast]),
                  flipY: values.isOn(Parameters.flipY), tileable: values.isOn(Parameters.tileable))
    }

    /// The same settings made safe to compute with: each clamped into its range, a NaN one
    /// replaced by BristlePaint's. Callers at the boundary (GEGL, the plug-in) reject bad
    /// values with a message; this keeps the kernel total regardless.
    public var sanitized: NormalMap {
        NormalMap(smoothness: Parameters.smoothness.clamp(smoothness), contrast: Parameters.contrast.clamp(contrast),
                  flipY: flipY, tileable: tileable)
    }

    /// The blur's σ in px: smoothness / (4·(1 − smoothness)). BristlePaint's 0.75 gives 0.75 px,
    /// which keeps 2 px bristles 3.5 px apart as ridges (a Gaussian passes a 3.5 px period at
    /// exp(−2π²σ²/3.5²) ≈ 0.4 of its depth; the old 3·smoothness = 2.25 px passed 0.03 %);
    /// 0.5 gives ¼ px, and towards 1 the blur grows without bound, so the slider still reaches
    /// a soft relief. At most `largestSigma` (smoothness ≥ 12/13).
    public var sigma: Float {
        let s = sanitized.smoothness
        return s < 1 ? min(s / (4 * (1 - s)), Self.largestSigma) : Self.largestSigma
    }

    /// The largest blur σ, px: the softest relief the slider reaches, and a margin of at most 13
    /// px (impasto-abi.h's 1 ..< 14). Within `GaussianBlur.largestFIRSigma`, so the blur is the
    /// FIR and `margin` bounds its reach (NormalMapTests.testMarginIsTheBlurReachPlusOne).
    static let largestSigma: Float = 3

    /// c·s: what the per-pixel height differences are multiplied by.
    var slopeScale: Float { sanitized.contrast * Self.heightScale }

    /// Pixels of height an output pixel needs on each side: the blur's reach (its FIR radius
    /// ⌊4σ⌋) plus 1 for the central differences.
    public var margin: Int {
        let sigma = self.sigma
        return sigma > 0 ? GaussianBlur.FIRKernel(sigma: sigma).weights.count : 1
    }

    /// Rec. 709's luma weights (ITU-R BT.709, Y' = 0.2126 R' + 0.7152 G' + 0.0722 B'), for R'G'B'
    /// pixels with sRGB primaries when the space gives none.
    public static let rec709Luma = SIMD3<Float>(0.2126, 0.7152, 0.0722)

    /// A height made safe: non-finite → 0, then clamped to ±`largestHeight`.
    @inline(__always)
    static func clean(_ h: Float) -> Float {
        h.isFinite ? min(max(h, -largestHeight), largestHeight) : 0
    }

    // MARK: Normals

    /// Visits the unit normals of the whole of `heights`, continued beyond its borders as
    /// `tileable` says: `visit(y, normals)` gets row y's `width` normals (x right, y up,
    /// z towards the viewer). Rows are shared out with `parallel`, so `visit` may be called
    /// concurrently for different rows; the buffer is only valid during the call.
    public func normals(of heights: Plane, parallel: ParallelFor = .serial,
                        _ visit: (Int, UnsafeBufferPointer<SIMD3<Float>>) -> Void) {
        let margin = self.margin
        normals(window: heights.padded(by: margin, wrapping: tileable), margin: margin, parallel: parallel, visit)
    }

    /// Visits the unit normals of the inner (width − 2·margin) × (height − 2·margin) pixels of
    /// `window`: heights already continued `margin` pixels beyond the output on each side
    /// (by the caller: real neighbours, or the image's edge repeated or wrapped). Exact when
    /// `margin` ≥ `self.margin`; a smaller one is safe but sees zeros (blur) or the window's
    /// repeated edge (differences) beyond the window. `tileable` plays no part here: the
    /// window already holds its choice. Same calling rules as `normals(of:)`.
    public func normals(window: Plane, margin: Int, parallel: ParallelFor = .serial,
                        _ visit: (Int, UnsafeBufferPointer<SIMD3<Float>>) -> Void) {
        window.values.withUnsafeBufferPointer { values in
            guard let values = values.baseAddress else { return }
            let piece = Window(heights: values, width: window.width, height: window.height, margin: margin)
            parallel(piece.outputHeight) { rows in
                let scratch = Scratch(), width = piece.outputWidth, contrast = slopeScale
                let row = UnsafeMutableBufferPointer<SIMD3<Float>>.allocate(capacity: width)
                defer { row.deallocate() }
                forEachRow(of: piece, rows: rows, scratch: scratch) { y, around in
                    for x in stride(from: 0, to: width, by: 4) {
                        let n = around.normals(x, contrast: contrast)
                        for j in 0 ..< min(4, width - x) { row[x + j] = SIMD3(n.x[j], n.y[j], n.z[j]) }
                    }
                    visit(y, UnsafeBufferPointer(row))
                }
            }
        }
    }

    // MARK: Encoding

    /// Normal n as an opaque R'G'B'A code value, (0.5 + 0.5·n, 1): green up (OpenGL), or down
    /// with `flipY` (DirectX).
    @inline(__always)
    public static func encode(_ n: SIMD3<Float>, flipY: Bool = false) -> SIMD4<Float> {
        SIMD4(0.5 + 0.5 * n.x, 0.5 + 0.5 * (flipY ? -n.y : n.y), 0.5 + 0.5 * n.z, 1)
    }

    /// The normal map of the window's inner pixels (see `normals(window:margin:)`) into `rgba`,
    /// (width − 2·margin) × (height − 2·margin) × 4 floats.
    public func render(window: Plane, margin: Int, into rgba: UnsafeMutablePointer<Float>,
                       parallel: ParallelFor = .serial) {
        window.values.withUnsafeBufferPointer { values in
            guard let values = values.baseAddress else { return }
            let piece = Window(heights: values, width: window.width, height: window.height, margin: margin)
            let rowSize = piece.outputWidth * 4
            parallel(piece.outputHeight) { rows in
                render(piece, rows: rows, scratch: Scratch()) { band, samples in
                    (rgba + band.lowerBound * rowSize).update(from: samples, count: band.count * rowSize)
                }
            }
        }
    }

    /// The normal map of the whole of `heights`: width × height × 4 floats, R'G'B'A.
    public func render(_ heights: Plane, parallel: ParallelFor = .serial) -> [Float] {
        let margin = self.margin
        var rgba = [Float](repeating: 0, count: heights.width * heights.height * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            guard let out = out.baseAddress else { return }
            render(window: heights.padded(by: margin, wrapping: tileable), margin: margin, into: out, parallel: parallel)
        }
        return rgba
    }
}

extension Plane {
    /// The plane with `margin` more pixels on each side, continued by repeating its edge
    /// pixels or, `wrapping`, by the opposite border (any margin, even wider than the plane).
    /// An empty plane stays empty.
    public func padded(by margin: Int, wrapping: Bool) -> Plane {
        let m = max(0, margin)
        guard width > 0, height > 0, m > 0 else { return self }
        func source(_ i: Int, _ n: Int) -> Int {
            wrapping ? ((i % n) + n) % n : Swift.min(Swift.max(i, 0), n - 1)
        }
        var out = Plane(width: width + 2 * m, height: height + 2 * m)
        let columns = (0 ..< out.width).map { source($0 - m, width) }
        for y in 0 ..< out.height {
            let row = source(y - m, height) * width, start = y * out.width
            for x in 0 ..< out.width { out.values[start + x] = values[row + columns[x]] }
        }
        return out
    }
}
