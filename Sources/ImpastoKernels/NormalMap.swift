/// BristlePaint's normal map: SpriteKit's `SKTexture.generatingNormalMap(withSmoothness: 0.75,
/// contrast: 3)` of a bump layer painted white at low opacity.
///
/// SPEC (impasto:bristle-normal-map): height h = Y'·alpha, blurred with a Gaussian of
/// σ = 3·smoothness px, then n = normalize(−c·∂h/∂x, +c·∂h/∂y, 1) with the central differences
/// ∂h/∂x = (h[x+1] − h[x−1]) / 2, ∂h/∂y = (h[y+1] − h[y−1]) / 2. The normals are in the frame
/// normal-map tools use: x right, y *up*, z towards the viewer. So a ramp h = a·x gives
/// nₓ ∝ −c·a, and the top edge of a bump, where h rises downwards, faces up (n_y > 0).
///
/// Beyond the borders the height field continues: its edge pixels repeat (clamp), or, when
/// tileable, the opposite border follows (wrap). The blur and the differences both see that
/// continued field, so a pixel's normal depends only on the heights within `margin` of it:
/// a tile of the output computed from a window of the input padded by `margin` is exactly
/// (bit for bit) that part of the whole image's output.
public struct NormalMap: Equatable, Sendable {
    /// Pre-blur strength, 0 … 1: σ = 3·smoothness px (0: none). BristlePaint used 0.75.
    public var smoothness: Float
    /// c ≥ 0: how steep a given change of height looks. BristlePaint used 3.
    public var contrast: Float
    /// Encode the DirectX convention (green down) instead of OpenGL's (green up).
    public var flipY: Bool
    /// Wrap around at the borders instead of repeating the edge pixels.
    public var tileable: Bool

    public static let smoothnessRange: ClosedRange<Float> = 0 ... 1
    public static let contrastRange: ClosedRange<Float> = 0 ... 100
    /// σ per unit of smoothness, px.
    public static let sigmaPerSmoothness: Float = 3
    /// Heights are clamped to ±this (no bump layer comes near), so that blurred heights,
    /// their differences and c times those all stay finite in Float.
    public static let largestHeight: Float = 1e6
    /// BristlePaint's settings (and the op's defaults).
    public static let bristlePaint = NormalMap()

    public init(smoothness: Float = 0.75, contrast: Float = 3, flipY: Bool = false, tileable: Bool = false) {
        self.smoothness = smoothness
        self.contrast = contrast
        self.flipY = flipY
        self.tileable = tileable
    }

    /// The same settings made safe to compute with: each clamped into its range, a NaN one
    /// replaced by BristlePaint's. Callers at the boundary (GEGL, the plug-in) reject bad
    /// values with a message; this keeps the kernel total regardless.
    public var sanitized: NormalMap {
        func clean(_ v: Float, _ range: ClosedRange<Float>, _ fallback: Float) -> Float {
            v.isNaN ? fallback : min(max(v, range.lowerBound), range.upperBound)
        }
        let d = Self.bristlePaint
        return NormalMap(smoothness: clean(smoothness, Self.smoothnessRange, d.smoothness),
                         contrast: clean(contrast, Self.contrastRange, d.contrast),
                         flipY: flipY, tileable: tileable)
    }

    /// The blur's σ in px. At most `GaussianBlur.largestFIRSigma` (smoothness 1 reaches it
    /// exactly): the blur must be a finite FIR for `margin` to bound its reach.
    public var sigma: Float {
        min(Self.sigmaPerSmoothness * sanitized.smoothness, GaussianBlur.largestFIRSigma)
    }

    /// Pixels of height an output pixel needs on each side: the blur's reach (its FIR radius
    /// ⌊4σ⌋) plus 1 for the central differences.
    public var margin: Int {
        let sigma = self.sigma
        return sigma > 0 ? GaussianBlur.FIRKernel(sigma: sigma).weights.count : 1
    }

    /// Heights h = Y'·alpha from `width × height` interleaved Y'A samples. As they come: the
    /// normals clean them (NaN and ±∞ count as 0, the rest is clamped to ±`largestHeight`).
    public static func heights(grayAlpha: UnsafePointer<Float>, width: Int, height: Int) -> Plane {
        var plane = Plane(width: width, height: height)
        for i in plane.values.indices { plane.values[i] = grayAlpha[2 * i] * grayAlpha[2 * i + 1] }
        return plane
    }

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
        let settings = sanitized, m = max(0, margin)
        guard m < (window.width + 1) / 2, m < (window.height + 1) / 2 else { return }
        let width = window.width - 2 * m, height = window.height - 2 * m
        var heights = window
        for i in heights.values.indices { heights.values[i] = Self.clean(heights.values[i]) }
        let smooth = GaussianBlur.blur(heights, sigma: sigma, parallel: parallel)
        smooth.values.withUnsafeBufferPointer { h in
            parallel(height) { rows in
                let row = UnsafeMutableBufferPointer<SIMD3<Float>>.allocate(capacity: width)
                defer { row.deallocate() }
                for y in rows {
                    let around = EmbossShading.Rows(h, y: y + m, width: window.width, height: window.height)
                    for x in 0 ..< width {
                        // EmbossShading's normal is normalize(−c·dx, −c·dy, 1) in image axes (y down);
                        // SPEC's is normalize(−c·dx, +c·dy, 1), y up: the same with dy mirrored.
                        let (dx, dy) = around.gradient(x + m)
                        row[x] = EmbossShading.normal(dx: dx, dy: -dy, scale: settings.contrast)
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
        let m = min(max(0, margin), window.width), width = window.width - 2 * m, flipY = self.flipY
        normals(window: window, margin: margin, parallel: parallel) { y, row in
            let line = rgba + y * width * 4
            for (x, n) in row.enumerated() {
                UnsafeMutableRawPointer(line + 4 * x).storeBytes(of: Self.encode(n, flipY: flipY), as: SIMD4<Float>.self)
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
