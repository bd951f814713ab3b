/// impasto:emboss — MercurialText's embossed look (CIHeightFieldFromMask + CIShadedMaterial)
/// for any mask, with MercurialPaint's optional metaball pre-pass (SPEC impasto:emboss 1–5).
public struct EmbossSettings: Equatable, Sendable, DeclaredParameters {
    public enum MaskSource: Int32, Sendable { case alpha = 0, luminance = 1 }
    /// What the op produces: the shaded relief, or one of the maps it is made from.
    public enum Output: Int32, Sendable { case shaded = 0, height = 1, normals = 2, hemisphere = 3 }

    /// The parameters of impasto:emboss and plug-in-impasto-emboss (SPEC: radius and scale
    /// default to 10, round profile, alpha mask). The look (`preset`, and the custom look's
    /// lights and material in `Hemisphere.Look`) is the shading hemisphere's.
    public enum Parameters {
        public static let radius = EffectParameter.number(
            "radius", "Radius", 0 ... 1000, slider: 0 ... 100, default: 10,
            "How far in from the edge of the mask the relief rises, in pixels")
        public static let scale = EffectParameter.number(
            "scale", "Depth", 0 ... 1000, slider: 0 ... 50, default: 10,
            "How steep the relief looks to the lighting (the normal scale)")
        public static let profile = EffectParameter.choice(
            "profile", "Profile",
            [.init("round", "Round"), .init("linear", "Linear"), .init("smooth", "Smooth")], default: "round",
            "Shape of the edge: round (a quarter circle), linear (a bevel) or smooth (an S curve)")
        public static let liquify = EffectParameter.number(
            "liquify", "Liquify", 0 ... 200, slider: 0 ... 20, default: 0,
            "Blur the mask by this many pixels and threshold it at 50% first, so nearby shapes flow together like liquid metal (0: off)")
        public static let maskSource = EffectParameter.choice(
            "mask-source", "Mask",
            [.init("alpha", "Shape: cut out along transparency"),
             .init("luminance", "Brightness: transparency kept")], default: "alpha",
            "Shape: the layer's opaque parts rise and the result takes their outline (a layer without transparency is embossed by its brightness). Brightness: bright parts rise, dark parts stay low, and the layer stays as opaque as it was")
        /// Named apart from GEGL's pads (input, output, aux): GIMP 3's filter tool mistakes a
        /// property called "output" for the pad and cannot edit a kept filter (OpPropertiesTests).
        public static let result = EffectParameter.choice(
            "result", "Result",
            [.init("shaded", "Shaded relief"), .init("height", "Height field"), .init("normals", "Normal map"),
             .init("hemisphere", "Shading hemisphere")], default: "shaded",
            "The shaded relief, or the height field, normal map or hemisphere it is made from")
        /// The look: a named preset, or "custom" (the lights and material of `Hemisphere.Look`).
        /// Scripts name a preset ("" = the default); only dialogs and the op offer "custom".
        public static let preset = EffectParameter.choice(
            "preset", "Look",
            [.init(Hemisphere.customLook, "Custom (lights and material below)")]
                + Hemisphere.presetNames.map { .init($0, $0.prefix(1).uppercased() + $0.dropFirst()) },
            default: Hemisphere.presetNames[0],
            "The lit hemisphere the relief is shaded from; Custom uses the lights and material below")
    }

    public static let parameters = [Parameters.radius, Parameters.scale, Parameters.profile, Parameters.liquify,
                                    Parameters.maskSource, Parameters.result, Parameters.preset]

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
    /// The mask m ∈ [0, 1] from the input's rows (`pixels`: Y'A, or perceptual RGB(A) whose
    /// Y' is the luma formula, as the normal map reads a bump): alpha (or, where the input has
    /// no transparency at all, luminance), or luminance × alpha.
    /// Values outside 0…1 are clamped; NaN counts as 0 (outside). Rows of another width of
    /// pixel than `pixels` says (its `floats`) give an empty mask.
    /// (`opaqueInput`: the input had no transparency, so luminance was the mask; with
    /// `luminanceIfOpaque` false the alpha mask is left as read instead, all 1 or unread
    /// without an alpha channel, for a caller that wants the layer's alpha alone.)
    public static func mask(_ io: RowIO, pixels: NormalMap.BumpPixels = .grayAlpha, source: EmbossSettings.MaskSource,
                            luminanceIfOpaque: Bool = true,
                            parallel: ParallelFor = .serial) -> (mask: Plane, opaqueInput: Bool) {
        guard io.inputComponents == pixels.floats else { return (Plane(width: io.width, height: io.height), false) }
        var mask = Plane(unfilledWidth: io.width, height: io.height)   // every pixel is read in
        let w = mask.width, c = pixels.components
        func read(_ source: EmbossSettings.MaskSource) {
            mask.values.withUnsafeMutableBufferPointer { m in
                guard let m = m.baseAddress else { return }
                io.readRows(parallel: parallel) { y, samples in
                    let row = m + y * w
                    if source == .luminance {
                        NormalMap.heights(from: samples, pixels: pixels, count: w, into: row)
                    } else if c == 3 {
                        row.update(repeating: 1, count: w)
                    } else if case .rgba8 = pixels {
                        // 8-bit R'G'B'A as its bytes: alpha's code k, k/255 by table.
                        let bytes = UnsafeRawPointer(samples).assumingMemoryBound(to: UInt8.self), code = SRGB.decode8.codes
                        for x in 0 ..< w { row[x] = code[Int(bytes[4 &* x &+ 3])] }
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
                    clamp(row, count: w)
                }
            }
        }
        /// Each value into 0 … 1, NaN to 0 (`FastMath.clamp01`), four at a time.
        func clamp(_ row: UnsafeMutablePointer<Float>, count: Int) {
            var x = 0
            while x + 4 <= count {
                FastMath.store(FastMath.clamp01(FastMath.load(row + x)), row + x)
                x += 4
            }
            while x < count {
                row[x] = FastMath.clamp01(row[x])
                x += 1
            }
        }
        // A layer without any transparency (a photo, a flattened scan) has nothing for alpha
        // to emboss — it would come out a flat plate — so there the luminance is the mask.
        if source == .alpha, case .rgb = pixels {
            if luminanceIfOpaque { read(.luminance) }
            return (mask, true)
        }
        read(source)
        guard source == .alpha, mask.values.allSatisfy({ $0 >= 1 }) else { return (mask, false) }
        if luminanceIfOpaque { read(.luminance) }
        return (mask, true)
    }

    /// Renders `settings.output` for the io's image (`pixels` in, as `mask` reads them; RGBA
    /// out), shading from `shading`.
    ///
    /// shaded: the shading colour of each pixel's normal; alpha = the mask's coverage for the
    /// alpha mask (antialiased edges stay antialiased; opaque where an opaque input was embossed
    /// by its luminance instead), the input's own alpha for the luminance mask; height: opaque grey h; normals: an opaque OpenGL normal map;
    /// hemisphere: the shading image itself, fitted into the extent. `perceptual`: the shaded
    /// and hemisphere outputs' colours are written with sRGB's curve (`SRGB.perceptual`), as
    /// R'G'B'A, instead of linear; shading and filtering are done in linear light either way.
    public static func render(_ io: RowIO, pixels: NormalMap.BumpPixels = .grayAlpha, settings: EmbossSettings,
                              shading: ShadingImage, perceptual: Bool = false, parallel: ParallelFor = .serial) {
        guard io.width > 0, io.height > 0 else { return }
        let s = settings.sanitized
        // Progress: reading the mask (and the liquify pre-pass), then the relief made, shaded
        // and written band by band (most of the time); 1 at the end.
        defer { io.progress(1) }
        io.progress(0)
        if s.output == .hemisphere {
            return fit(shading, to: io, perceptual: perceptual, parallel: parallel)
        }
        let read = mask(io.reporting(0 ... 0.1), pixels: pixels, source: s.maskSource, parallel: parallel)
        var coverage = read.mask
        // The output's alpha: the shape's coverage when the shape is embossed; the layer's own
        // alpha when its brightness is (a photo stays opaque, a painted layer keeps its edges);
        // nil: opaque.
        var layerAlpha: Plane?
        if s.maskSource == .luminance {
            let alpha = mask(io, pixels: pixels, source: .alpha, luminanceIfOpaque: false, parallel: parallel)
            if alpha.opaqueInput { alpha.mask.recycle() } else { layerAlpha = alpha.mask }
        }
        defer { if let layerAlpha { layerAlpha.recycle() } }
        if s.liquify > 0 {
            coverage = Liquify.apply(coverage, sigma: s.liquify, parallel: parallel)
        }
        defer { coverage.recycle() }   // back for the next call on this size (no fresh pages)
        io.progress(0.2)
        // The relief is made and used a band of rows at a time (see `HeightField.withReliefRows`).
        let output = io.reporting(0.2 ... 1)
        HeightField.withReliefRows(coverage, radius: s.radius, profile: s.profile, parallel: parallel) { relief in
            switch s.output {
            case .shaded:
                let alpha = s.maskSource == .luminance ? layerAlpha : read.opaqueInput ? nil : coverage
                EmbossShading.shade(relief, coverage: alpha, scale: s.scale, shading: shading, to: output,
                                    perceptual: perceptual, parallel: parallel)
            case .normals:
                EmbossShading.normalMap(relief, scale: s.scale, to: output, parallel: parallel)
            case .height, .hemisphere:
                relief.writeBands(to: output, halo: 0, parallel: parallel) { _, out, band, _ in
                    for i in 0 ..< band.rows * band.width {
                        let v = band.heights[i]
                        (out[4 * i], out[4 * i + 1], out[4 * i + 2], out[4 * i + 3]) = (v, v, v, 1)
                    }
                }
            }
        }
    }

    /// The shading image scaled into the largest centred square of the extent; transparent
    /// around it (`perceptual`: see `render`).
    static func fit(_ shading: ShadingImage, to io: RowIO, perceptual: Bool, parallel: ParallelFor) {
        let side = min(io.width, io.height)
        let left = (io.width - side) / 2, top = (io.height - side) / 2
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
