// SPDX-License-Identifier: GPL-3.0-or-later
/// impasto:emboss — MercurialText's embossed look (CIHeightFieldFromMask + CIShadedMaterial)
/// for any mask, with MercurialPaint's optional metaball pre-pass (docs/methods.md).
public struct EmbossSettings: Equatable, Sendable, DeclaredParameters {
    public enum MaskSource: Int32, Sendable { case alpha = 0, luminance = 1 }
    /// What the op produces: the shaded relief, or one of the maps it is made from.
    public enum Output: Int32, Sendable { case shaded = 0, height = 1, normals = 2, hemisphere = 3 }

    /// The parameters of impasto:emboss and plug-in-impasto-emboss (docs/contract.md: radius
    /// and scale default to 10, round profile, alpha mask). The look (`preset`, and the custom
    /// look's lights and material in `Hemisphere.Look`) is the shading hemisphere's.
    public enum Parameters {
        public static let radius = EffectParameter.number(
            "radius", localized("Radius"), 0 ... 1000, slider: 0 ... 100, default: 10,
            localized("How far in from the edge of the mask the relief rises, in pixels")).unit("pixel-distance")
        public static let scale = EffectParameter.number(
            "scale", localized("Depth"), 0 ... 1000, slider: 0 ... 50, default: 10,
            localized("How steep the relief looks to the lighting (the normal scale)"))
        public static let profile = EffectParameter.choice(
            "profile", localized("Profile"),
            [.init("round", localized("Round")), .init("linear", localized("Linear")), .init("smooth", localized("Smooth"))], default: "round",
            localized("Shape of the edge: round (a quarter circle), linear (a bevel) or smooth (an S curve)"))
        public static let liquify = EffectParameter.number(
            "liquify", localized("Liquify"), 0 ... 200, slider: 0 ... 20, default: 0,
            localized("Blur the mask by this many pixels and threshold it at 50% first, so nearby shapes flow together like liquid metal (0: off)"))
            .unit("pixel-distance")
        public static let maskSource = EffectParameter.choice(
            "mask-source", localized("Mask"),
            [.init("alpha", localized("Shape: cut out along transparency")),
             .init("luminance", localized("Brightness: transparency kept"))], default: "alpha",
            localized("Shape: the layer's opaque parts rise and the result takes their outline (a layer without an alpha channel is embossed by its brightness). Brightness: bright parts rise, dark parts stay low, and the layer stays as opaque as it was"))
        /// Named apart from GEGL's pads (input, output, aux): GIMP 3's filter tool mistakes a
        /// property called "output" for the pad and cannot edit a kept filter (OpPropertiesTests).
        public static let result = EffectParameter.choice(
            "result", localized("Result"),
            [.init("shaded", localized("Shaded relief")), .init("height", localized("Height field")), .init("normals", localized("Normal map")),
             .init("hemisphere", localized("Shading hemisphere"))], default: "shaded",
            localized("The shaded relief, or the height field, normal map or hemisphere it is made from"))
            .enumType("Output")
        /// The look: a named preset, or "custom" (the lights and material of `Hemisphere.Look`).
        /// Scripts name a preset ("" = the default); only dialogs and the op offer "custom".
        public static let preset = EffectParameter.choice(
            "preset", localized("Look"),
            [.init(Hemisphere.customLook, localized("Custom (lights and material below)"))]
                + zip(Hemisphere.presetNames, [localized("Mercury"), localized("Gold"), localized("Chrome"), localized("Copper"),
                                               localized("Plastic"), localized("Pearl"), localized("Obsidian")]).map { .init($0, $1) },
            default: Hemisphere.presetNames[0],
            localized("The lit hemisphere the relief is shaded from; Custom uses the lights and material below"))
    }

    public static let parameters = [Parameters.radius, Parameters.scale, Parameters.profile, Parameters.liquify,
                                    Parameters.maskSource, Parameters.result, Parameters.preset]

    /// impasto:emboss's properties: the relief and the look.
    public static let operationParameters = parameters + Hemisphere.Look.parameters
    /// impasto:emboss-matcap's: the relief alone (its look is a picture).
    public static let reliefParameters = parameters.filter { $0 != Parameters.preset }

    /// Height-field radius r in pixels: how far in from the edge the relief rises.
    public var radius = Float(Parameters.radius.defaultValue)
    /// Normal scale k: how steep the relief looks to the shading.
    public var scale = Float(Parameters.scale.defaultValue)
    public var profile = HeightProfile(rawValue: Int32(Parameters.profile.defaultValue)) ?? .round
    /// Metaball pre-pass: Gaussian σ in pixels, 0 = off.
    public var liquify = Float(Parameters.liquify.defaultValue)
    public var maskSource = MaskSource(rawValue: Int32(Parameters.maskSource.defaultValue)) ?? .alpha
    public var output = Output(rawValue: Int32(Parameters.result.defaultValue)) ?? .shaded

    public init() {}

    /// The relief `values` hold (the look is `Hemisphere.look`'s).
    public init(_ values: ParameterValues) {
        radius = Float(values[Parameters.radius])
        scale = Float(values[Parameters.scale])
        profile = HeightProfile(rawValue: Int32(values.choice(Parameters.profile))) ?? .round
        liquify = Float(values[Parameters.liquify])
        maskSource = MaskSource(rawValue: Int32(values.choice(Parameters.maskSource))) ?? .alpha
        output = Output(rawValue: Int32(values.choice(Parameters.result))) ?? .shaded
    }

    /// Every number clamped into its range; NaN takes the default.
    public var sanitized: EmbossSettings {
        var s = self
        s.radius = Parameters.radius.clamp(radius)
        s.scale = Parameters.scale.clamp(scale)
        s.liquify = Parameters.liquify.clamp(liquify)
        return s
    }
}

public enum Emboss {
    /// Where a render's output lies: its top-left (x, y) in an image of imageWidth ×
    /// imageHeight pixels. The output is computed from the image within `margin` of it, to
    /// the same bits as the whole image's (every op is local: docs/contract.md).
    public struct Region: Equatable, Sendable {
        public var x: Int, y: Int, imageWidth: Int, imageHeight: Int

        public init(x: Int, y: Int, imageWidth: Int, imageHeight: Int) {
            (self.x, self.y, self.imageWidth, self.imageHeight) = (x, y, imageWidth, imageHeight)
        }

        /// The whole image of an io: the output is all of it.
        public static func whole(_ io: RowIO) -> Region { Region(x: 0, y: 0, imageWidth: io.width, imageHeight: io.height) }
    }

    /// Pixels of input beyond an output pixel, either way along x and along y, that its value
    /// depends on: the sum of each stage's reach, in the order they run: the liquify pre-pass
    /// (`Liquify.reach`), the relief (`HeightField.reach`) and the shading's footprint, which
    /// reads each pixel's 8 neighbours (`EmbossShading.footprintReach`). The mask is read per
    /// pixel, and the hemisphere output reads no input.
    public static func margin(_ settings: EmbossSettings) -> Int {
        let s = settings.sanitized
        switch s.output {
        case .hemisphere: return 0
        case .height, .normals: return Liquify.reach(sigma: s.liquify) + HeightField.reach(radius: s.radius)
        case .shaded: return Liquify.reach(sigma: s.liquify) + HeightField.reach(radius: s.radius) + EmbossShading.footprintReach
        }
    }

    /// Whether input read as `pixels` has an alpha channel. Without one the alpha mask would
    /// emboss a flat plate, so the mask is the luminance and the output opaque: decided by the
    /// format alone, so that every region of an image decides alike (a photo or a scan opened
    /// in GIMP has no alpha channel until one is added).
    public static func hasAlpha(_ pixels: NormalMap.BumpPixels) -> Bool {
        switch pixels {
        case .heights, .rgb: false
        case .grayAlpha, .linearGrayAlpha, .rgba, .rgba8, .alpha, .alpha8, .thickness, .thickness8: true
        }
    }

    /// The mask m ∈ [0, 1] from the input's rows (`pixels`: Y'A, or perceptual RGB(A) whose
    /// Y' is the luma formula, as the normal map reads a bump), its `columns` of each row (nil:
    /// all): alpha (or, where the input has no alpha channel, `hasAlpha`, luminance), or
    /// luminance × alpha. Values outside 0…1 are clamped; NaN counts as 0 (outside). Rows of
    /// another width of pixel than `pixels` says (its `floats`), or columns beyond the rows,
    /// give an empty mask.
    public static func mask(_ io: RowIO, columns: Range<Int>? = nil, pixels: NormalMap.BumpPixels = .grayAlpha,
                            source: EmbossSettings.MaskSource, parallel: ParallelFor = .serial) -> Plane {
        let columns = columns ?? 0 ..< io.width
        guard io.inputComponents == pixels.floats, columns.lowerBound >= 0, columns.upperBound <= io.width else {
            return Plane(width: columns.count, height: io.height)
        }
        var mask = Plane(unfilledWidth: columns.count, height: io.height)   // every pixel is read in
        let w = mask.width, c = pixels.components, skip = columns.lowerBound * pixels.floats
        let source = hasAlpha(pixels) ? source : .luminance
        mask.values.withUnsafeMutableBufferPointer { m in
            guard let m = m.baseAddress else { return }
            io.readRows(parallel: parallel) { y, row in
                let samples = row + skip, row = m + y * w
                if source == .luminance {
                    NormalMap.heights(from: samples, pixels: pixels, count: w, into: row)
                } else if pixels.floats == 1 && c == 4 {
                    // 8-bit R'G'B'A as its bytes: alpha's code k, k/255 by table.
                    let bytes = UnsafeRawPointer(samples).assumingMemoryBound(to: UInt8.self), code = SRGB.decode8.codes
                    for x in 0 ..< w { row[x] = code[Int(bytes[4 &* x &+ 3])] }
                    return
                } else {
                    // The last component of each pixel (c is 2 or 4 here), clamped as it
                    // is read (so not again below): four pixels' at once (their samples
                    // loaded whole), then one at a time.
                    var x = 0
                    while x + 4 <= w {
                        let p = samples + c &* x
                        let a = c == 4
                            ? SIMD4(FastMath.load(p).w, FastMath.load(p + 4).w, FastMath.load(p + 8).w, FastMath.load(p + 12).w)
                            : SIMD4(FastMath.load(p).y, FastMath.load(p).w, FastMath.load(p + 4).y, FastMath.load(p + 4).w)
                        FastMath.store(FastMath.clamp01(a), row + x)
                        x += 4
                    }
                    while x < w { row[x] = FastMath.clamp01(samples[c &* x &+ c &- 1]); x += 1 }
                    return
                }
                // Each value into 0 … 1, NaN to 0 (`FastMath.clamp01`), four at a time.
                var x = 0
                while x + 4 <= w {
                    FastMath.store(FastMath.clamp01(FastMath.load(row + x)), row + x)
                    x += 4
                }
                while x < w {
                    row[x] = FastMath.clamp01(row[x])
                    x += 1
                }
            }
        }
        return mask
    }

    /// Renders `settings.output` for the io's image (`pixels` in, as `mask` reads them; RGBA
    /// out), shading from `shading`: the whole image (see `render(_:to:region:…)`).
    public static func render(_ io: RowIO, pixels: NormalMap.BumpPixels = .grayAlpha, settings: EmbossSettings,
                              shading: ShadingImage, perceptual: Bool = false, parallel: ParallelFor = .serial) {
        render(io, to: io, region: .whole(io), pixels: pixels, settings: settings, shading: shading,
               perceptual: perceptual, parallel: parallel)
    }

    /// Renders `settings.output` for `region` of an image: `output`'s pixels, which lie at
    /// (region.x, region.y) in the image; `input` reads the image there and m = `margin`
    /// pixels more on each side ((output.width + 2m) × (output.height + 2m) pixels, m ≥ 0;
    /// what lies beyond the image is not read). With m ≥ `margin(settings)` the output is
    /// the whole image's there, to the bit: the render works on the image within m of the
    /// region as if that were the whole image, and every stage's reach (`margin`) keeps the
    /// region clear of the cuts. A region not wholly in the image is left unwritten.
    ///
    /// shaded: the shading colour of each pixel's normal; alpha = the mask's coverage for the
    /// alpha mask (antialiased edges stay antialiased; opaque where an input without an alpha
    /// channel was embossed by its luminance instead, `hasAlpha`), the input's own alpha for
    /// the luminance mask; height: opaque grey h; normals: an opaque OpenGL normal map;
    /// hemisphere: the shading image itself, fitted into the image. `perceptual`: the shaded
    /// and hemisphere outputs' colours are written with sRGB's curve (`SRGB.perceptual`), as
    /// R'G'B'A, instead of linear; shading and filtering are done in linear light either way.
    public static func render(_ input: RowIO, to output: RowIO, region: Region, pixels: NormalMap.BumpPixels = .grayAlpha,
                              settings: EmbossSettings, shading: ShadingImage, perceptual: Bool = false,
                              parallel: ParallelFor = .serial) {
        let m = (input.width - output.width) / 2
        guard output.width > 0, output.height > 0, m >= 0, input.width == output.width + 2 * m,
              input.height == output.height + 2 * m, region.x >= 0, region.y >= 0,
              output.width <= region.imageWidth - region.x, output.height <= region.imageHeight - region.y else { return }
        let s = settings.sanitized
        // Progress: reading the mask (and the liquify pre-pass), then the relief made, shaded
        // and written band by band (most of the time); 1 at the end.
        defer { output.progress(1) }
        output.progress(0)
        if s.output == .hemisphere {
            return fit(shading, to: output, region: region, perceptual: perceptual, parallel: parallel)
        }
        // The image within m of the region (the window), and where the output lies in it.
        // (Each sum within the image: no overflow, whatever its size.)
        let left = max(region.x - m, 0), top = max(region.y - m, 0)
        let right = region.x + min(output.width + m, region.imageWidth - region.x)
        let bottom = region.y + min(output.height + m, region.imageHeight - region.y)
        let columns = left - region.x + m ..< right - region.x + m
        let window = input.rows(top - region.y + m ..< bottom - region.y + m)
        let origin = (x: region.x - left, y: region.y - top)
        var coverage = mask(window.reporting(0 ... 0.1), columns: columns, pixels: pixels, source: s.maskSource,
                            parallel: parallel)
        // The output's alpha: the shape's coverage when the shape is embossed; the layer's own
        // alpha when its brightness is (a photo stays opaque, a painted layer keeps its edges);
        // nil: opaque (no alpha channel).
        let layerAlpha = s.maskSource == .luminance && hasAlpha(pixels)
            ? mask(window, columns: columns, pixels: pixels, source: .alpha, parallel: parallel) : nil
        defer { if let layerAlpha { layerAlpha.recycle() } }
        if s.liquify > 0 {
            coverage = Liquify.apply(coverage, sigma: s.liquify, origin: (left, top), parallel: parallel)
        }
        defer { coverage.recycle() }   // back for the next call on this size (no fresh pages)
        output.progress(0.2)
        // The relief is made and used a band of rows at a time (see `HeightField.withReliefBands`).
        let out = output.reporting(0.2 ... 1)
        HeightField.withReliefBands(coverage, radius: s.radius, profile: s.profile, parallel: parallel) { relief in
            switch s.output {
            case .shaded:
                let alpha = s.maskSource == .luminance ? layerAlpha : hasAlpha(pixels) ? coverage : nil
                EmbossShading.shade(relief, coverage: alpha, scale: s.scale, shading: shading, to: out, at: origin,
                                    perceptual: perceptual, parallel: parallel)
            case .normals:
                EmbossShading.normalMap(relief, scale: s.scale, to: out, at: origin, parallel: parallel)
            case .height, .hemisphere:
                relief.writePixels(to: out, at: origin, parallel: parallel) { band, i in
                    let v = band.heights[i]
                    return SIMD4(v, v, v, 1)
                }
            }
        }
    }

    /// The shading image scaled into the largest centred square of the image; transparent
    /// around it (`perceptual`: see `render`). The output is the image's `region`.
    static func fit(_ shading: ShadingImage, to io: RowIO, region: Region, perceptual: Bool, parallel: ParallelFor) {
        let side = min(region.imageWidth, region.imageHeight)
        let left = (region.imageWidth - side) / 2 - region.x, top = (region.imageHeight - side) / 2 - region.y
        let scaleX = Float(shading.width) / Float(side), scaleY = Float(shading.height) / Float(side)
        io.writeRows(parallel: parallel) { y, out in
            for x in 0 ..< io.width {
                let inside = x >= left && x < left + side && y >= top && y < top + side
                var c = inside ? shading.sample(u: (Float(x - left) + 0.5) * scaleX,
                                                v: (Float(y - top) + 0.5) * scaleY) : .zero
                if perceptual {
                    let alpha = c.w
                    c = SRGB.perceptual(c)
                    c.w = alpha
                }
                (out[4 * x], out[4 * x + 1], out[4 * x + 2], out[4 * x + 3]) = (c.x, c.y, c.z, c.w)
            }
        }
    }
}
