// SPDX-License-Identifier: GPL-3.0-or-later
/// BristlePaint's lit painting: SpriteKit's normal-mapped sprite, a colour layer lit through
/// the normals of a bump layer (impasto:normal-light).
///
/// The normals are exactly `NormalMap`'s (height h = Y'·alpha of the bump, blurred, its
/// slopes in the y-up frame); each colour pixel is then `NormalLighting`'s
/// colour · light · (ambient + (1 − ambient)·max(0, n·L) / L_z) + specular · light · max(0, n·H)^shininess,
/// in linear RGB; alpha is left as it is. Where the bump is flat, colour + the flat sheen.
/// A colour or alpha that is not a number, or infinite, is taken as `FastMath.finiteColour`
/// and `finiteAlpha` say, so every output is finite.
///
/// A pixel's result depends only on its own colour and the bump within `margin` of it, so
/// pieces computed from padded windows of the bump are the whole image's, bit for bit.
public struct NormalLight: Equatable, Sendable, DeclaredParameters {
    /// How the bump becomes normals (`flipY` plays no part: lighting works in the y-up frame).
    public var normalMap: NormalMap
    /// The light.
    public var lighting: NormalLighting
    /// Flat paint keeps its colour exactly, its sheen too taken off the highlight
    /// (`NormalLighting.preparedKeepingFlatPaint`): `PaintRelief`'s lighting.
    public var keepsFlatPaint = false
    /// Paint shows opaque however thin (`PaintRelief.thick`): alpha out = 1 − (1 − α)^k, the
    /// coverage of k layers of the paint, k = `coveringLayers`; else alpha out = alpha in.
    public var coversAlpha = false

    /// How many layers of a thin coat make it show opaque: a stroke laid at a fifth of full
    /// coverage shows 97 % opaque, its antialiased rim still soft
    /// (PaintReliefTests.testThickPaintShowsOpaqueAndItsLayersAddUp).
    public static let coveringLayers = 16

    /// 1 − (1 − α)^coveringLayers, four at a time, by squaring (α clamped to 0 … 1).
    @inline(__always)
    static func covered(_ alpha: SIMD4<Float>) -> SIMD4<Float> {
        var bare = 1 - FastMath.clamp01(alpha), layers = 1
        while layers < coveringLayers {
            bare *= bare
            layers *= 2
        }
        return 1 - bare
    }

    /// impasto:normal-light's parameters: how the bump is read (as the normal map reads it),
    /// then the light.
    public static let parameters = [NormalMap.Parameters.smoothness, NormalMap.Parameters.contrast,
                                    NormalMap.Parameters.tileable, NormalLighting.Parameters.azimuth,
                                    NormalLighting.Parameters.elevation, NormalLighting.Parameters.ambient,
                                    NormalLighting.Parameters.specular, NormalLighting.Parameters.shininess,
                                    NormalLighting.Parameters.lightColor]

    public init(normalMap: NormalMap = .bristlePaint, lighting: NormalLighting = NormalLighting()) {
        self.normalMap = normalMap
        self.lighting = lighting
    }

    /// The bump's reading and the light `values` hold (`parameters`); whether the bump tiles is
    /// the caller's (what its window reads beyond the borders).
    public init(_ values: ParameterValues) {
        self.init(normalMap: NormalMap(smoothness: Float(values[NormalMap.Parameters.smoothness]),
                                       contrast: Float(values[NormalMap.Parameters.contrast])),
                  lighting: NormalLighting(values))
    }

    /// Pixels of bump a lit pixel needs on each side: the normal map's margin.
    public var margin: Int { normalMap.margin }

    /// What the colour a kernel lights arrives as.
    public enum Colour: Sendable {
        /// Linear RGBA floats.
        case linear
        /// R'G'B'A u8 of sRGB's curve, the bytes as they are (four to a Float), widened and
        /// decoded by `SRGB.decode8` as each band arrives.
        case bytes8
        /// R'G'B'A floats of sRGB's curve, any precision, decoded by `SRGB.linear(codes:table:)`
        /// (babl's R'G'B'A → RGBA float would be a pass of its own before the op).
        case codes
    }

    /// Lights output rows `rows` (all if nil) of `window`, the bump as for
    /// `NormalMap.render(_:rows:scratch:write:)`: `color(rows, rgba)` reads those rows' colour
    /// (outputWidth × rows.count RGBA floats, as `colour` says), `write(rows, rgba)` takes them
    /// lit, linear, a band at a time in order from the top. Works in `scratch` only.
    public func render(_ window: NormalMap.Window, rows: Range<Int>? = nil, scratch: Scratch,
                       colour: Colour = .linear,
                       color: (Range<Int>, UnsafeMutablePointer<Float>) -> Void,
                       write: (Range<Int>, UnsafePointer<Float>) -> Void) {
        let light = keepsFlatPaint ? lighting.preparedKeepingFlatPaint : lighting.prepared
        let contrast = normalMap.slopeScale
        let decode8 = SRGB.decode8, decode = colour == .codes ? SRGB.decodeUnit : nil, width = window.outputWidth
        normalMap.stream(window, rows: rows, scratch: scratch, start: { band, rgba in
            color(band, rgba)
            if colour == .bytes8 { decode8.linear(bytes: rgba, count: band.count * width) }
        }, row: { around, rgba, width in
            var x = 0
            while x < width {
                let n = around.normals(x, contrast: contrast)
                if x + 4 <= width {
                    // Four pixels: red, green, blue and alpha of each as vectors.
                    let pixels = UnsafeMutableRawPointer(rgba + 4 * x)
                    let p = pixels.loadUnaligned(as: SIMD16<Float>.self)
                    let rb = p.evenHalf, ga = p.oddHalf
                    var (r, g, b) = (rb.evenHalf, ga.evenHalf, rb.oddHalf)
                    if let decode {
                        (r, g, b) = (SRGB.linear(codes: r, table: decode), SRGB.linear(codes: g, table: decode),
                                     SRGB.linear(codes: b, table: decode))
                    }
                    (r, g, b) = (FastMath.finiteColour(r), FastMath.finiteColour(g), FastMath.finiteColour(b))
                    let lit = light.shade(r: r, g: g, b: b, normal: n)
                    var redBlue = SIMD8<Float>(), greenAlpha = SIMD8<Float>(), out = SIMD16<Float>()
                    redBlue.evenHalf = lit.r
                    redBlue.oddHalf = lit.b
                    greenAlpha.evenHalf = lit.g
                    greenAlpha.oddHalf = coversAlpha ? Self.covered(FastMath.finiteAlpha(ga.oddHalf)) : FastMath.finiteAlpha(ga.oddHalf)
                    out.evenHalf = redBlue
                    out.oddHalf = greenAlpha
                    pixels.storeBytes(of: out, as: SIMD16<Float>.self)
                } else {
                    for j in 0 ..< width - x {
                        let pixel = rgba + 4 * (x + j)
                        if let decode {
                            let rgb = SRGB.linear(codes: SIMD4(pixel[0], pixel[1], pixel[2], 0), table: decode)
                            (pixel[0], pixel[1], pixel[2]) = (rgb[0], rgb[1], rgb[2])
                        }
                        let one = { (v: Float) in SIMD4<Float>(repeating: FastMath.finiteColour(v)) }
                        let lit = light.shade(r: one(pixel[0]), g: one(pixel[1]), b: one(pixel[2]),
                                              normal: (one(n.x[j]), one(n.y[j]), one(n.z[j])))
                        let alpha = FastMath.finiteAlpha(pixel[3])
                        (pixel[0], pixel[1], pixel[2]) = (lit.r[0], lit.g[0], lit.b[0])
                        pixel[3] = coversAlpha ? Self.covered(SIMD4(repeating: alpha))[0] : alpha
                    }
                }
                x += 4
            }
        }, write: write)
    }

    /// All of `window`'s output rows, as `render(_:rows:scratch:color:write:)`, shared out
    /// with `parallel`, each share with a scratch from `scratches`. The first share reports its
    /// progress after each band.
    public func render(_ window: NormalMap.Window, scratches: ScratchPool, parallel: ParallelFor = .serial,
                       progress: Progress = .none, colour: Colour = .linear,
                       color: (Range<Int>, UnsafeMutablePointer<Float>) -> Void,
                       write: (Range<Int>, UnsafePointer<Float>) -> Void) {
        window.forEachShare(scratches: scratches, parallel: parallel, progress: progress, write: write) {
            render(window, rows: $0, scratch: $1, colour: colour, color: color, write: $2)
        }
    }

    /// Lights `rgba`, the inner (width − 2·margin) × (height − 2·margin) pixels of `window`
    /// as interleaved linear RGBA floats, in place. `window` holds the bump's heights continued
    /// `margin` pixels beyond those pixels on each side, as for `NormalMap.normals(window:margin:)`.
    /// A window too small for its margin leaves `rgba` as it is.
    public func shade(window: Plane, margin: Int, rgba: UnsafeMutablePointer<Float>,
                      parallel: ParallelFor = .serial) {
        window.values.withUnsafeBufferPointer { heights in
            guard let heights = heights.baseAddress else { return }
            let window = NormalMap.Window(heights: heights, width: window.width, height: window.height, margin: margin)
            let rowSize = window.outputWidth * 4
            render(window, scratches: ScratchPool(), parallel: parallel,
                   color: { rows, into in into.update(from: rgba + rows.lowerBound * rowSize, count: rows.count * rowSize) },
                   write: { rows, lit in (rgba + rows.lowerBound * rowSize).update(from: lit, count: rows.count * rowSize) })
        }
    }

    /// The whole of `rgba` (bump.width × bump.height × 4 linear RGBA floats) lit through the
    /// whole of `bump`, continued beyond its borders as `normalMap.tileable` says. Colour
    /// that does not match the bump pixel for pixel comes back unlit.
    public func shade(_ rgba: [Float], bump: Plane, parallel: ParallelFor = .serial) -> [Float] {
        let margin = self.margin
        var out = rgba
        guard rgba.count == bump.width * bump.height * 4 else { return out }
        out.withUnsafeMutableBufferPointer { out in
            guard let out = out.baseAddress else { return }
            shade(window: bump.padded(by: margin, wrapping: normalMap.tileable), margin: margin,
                  rgba: out, parallel: parallel)
        }
        return out
    }
}
