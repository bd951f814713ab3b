// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization

// The procedural shading image of impasto:emboss (its step 5): MercurialText's SceneKit
// scene — a unit sphere, an orthographic camera looking down −z, up to four omni lights and
// one material — rendered as an orthographic picture of the hemisphere facing the viewer.
//
// Axes. SCENE space is SceneKit's: x right, y UP, z towards the viewer; the sphere has
// radius 1 at the origin, so the surface point with normal n is n itself, and the view
// vector is v = (0, 0, 1) everywhere (orthographic). IMAGE axes (what emboss computes and
// what `shade(normal:)` takes) are x right, y DOWN, z towards the viewer: n_scene =
// (nₓ, −n_y, n_z). In a size × size render the pixel centred at (i + ½, j + ½) shows
// nₓ = 2(i + ½)/size − 1, n_y = 2(j + ½)/size − 1, n_z = √(1 − nₓ² − n_y²), which is exactly
// the inverse of emboss's lookup u = (1 + nₓ)/2 · W, v = (1 + n_y)/2 · H.
//
// Colour of a surface point (linear RGB, clamped to 0 … 1 at the end):
//
//   c = Σ_lights  E · (diffuse + specular)  +  ambient · k_d · base  +  environment
//
// with E the light's colour (HSB → RGB; point light, no distance attenuation, as SceneKit's
// omni default), l = normalize(p_light − n), h = normalize(l + v), and lights with n·l ≤ 0
// contributing nothing (no shadows: a convex sphere cannot shadow itself).
//
// .shiny (SceneKit's Blinn model, MercurialText's "shininess"):
//   diffuse  = k_d · base · (n·l),                 k_d = 1 − metalness
//   specular = specular · mix(1, base, metalness) · (n·h)^shininess
//
// .pbr (SceneKit's physically based model; Cook–Torrance):
//   α = roughness²  (roughness clamped to ≥ 0.04),  F0 = mix(0.04, base, metalness)
//   D = α² / (π ((n·h)²(α² − 1) + 1)²)                                 GGX
//   G = G₁(n·l) G₁(n·v),  G₁(x) = x / (x(1 − k) + k),  k = (roughness + 1)²/8   Smith–Schlick
//   F = F0 + (1 − F0)(1 − v·h)⁵                                        Schlick
//   diffuse  = (1 − F)(1 − metalness) · base · (n·l)
//   specular = π · D G F / (4 (n·l)(n·v)) · (n·l)
//   (radiance is scaled by π, SceneKit's convention: a white Lambertian surface facing a
//   brightness-1 white light shows 1).
//
// Environment (`StudioEnvironment`, what makes polished metal read as metal — under point
// lights alone a mirror is black except for pin-point glints): a procedural photo studio
// reflected along R = 2(n·v)n − v, blurred by roughness, weighted by the split-sum
// environment BRDF (Karis's analytic fit, "Physically Based Shading on Mobile"):
//   environment = intensity · [ L(R, blur) · (F0·A + B)  +  k_d · base · (1 − F0·A − B) · L(n, 1) ]
// where (A, B) = EnvBRDF(roughness, n·v) and L(n, 1), the studio fully blurred, stands in for
// the irradiance. The shiny model uses the Blinn-equivalent roughness
// √α with α = √(2 / (shininess + 2)) for the blur and the fit.

/// One of MercurialText's omni lights: a point light at (x, y, z) in scene space (x right,
/// y up, z towards the viewer; the sphere is radius 1 at the origin), coloured
/// HSB(hue, saturation, brightness).
public struct HemisphereLight: Equatable, Sendable {
    public var x: Float
    public var y: Float
    public var z: Float
    /// Degrees, 0 … 360 (wraps; 0 red, 120 green, 240 blue).
    public var hue: Float
    /// 0 … 1; 0 is a white light, 1 MercurialText's full-saturation hue colours.
    public var saturation: Float
    /// 0 … 2 (`Hemisphere.Look`); 0 is off.
    public var brightness: Float

    public init(x: Float, y: Float, z: Float, hue: Float = 0, saturation: Float = 0, brightness: Float = 1) {
        self.x = x
        self.y = y
        self.z = z
        self.hue = hue
        self.saturation = saturation
        self.brightness = brightness
    }

    public var position: SIMD3<Float> { SIMD3(x, y, z) }

    /// The light's colour as linear RGB: brightness · ((1 − s) + s · pureHue(hue)).
    /// Non-finite values count as hue 0, saturation 0, brightness 0 (off); the rest clamp.
    public var color: SIMD3<Float> {
        let b = brightness.isFinite ? Hemisphere.Look.light(1)[5].clamp(brightness) : 0
        let s = saturation.isFinite ? min(max(saturation, 0), 1) : 0
        var h = hue.isFinite ? fmodf(hue, 360) : 0
        if h < 0 { h += 360 }
        let h6 = h / 60
        let pure = SIMD3<Float>(min(max(abs(h6 - 3) - 1, 0), 1),
                                min(max(2 - abs(h6 - 2), 0), 1),
                                min(max(2 - abs(h6 - 4), 0), 1))
        return b * ((1 - s) + s * pure)
    }
}

public enum MaterialModel: Int32, Sendable {
    /// Blinn–Phong with `shininess` (SceneKit `.blinn`, MercurialText).
    case shiny = 0
    /// Metalness/roughness Cook–Torrance (SceneKit `.physicallyBased`).
    case pbr = 1
}

/// The sphere's material. See the top of Hemisphere.swift for the formulas.
public struct HemisphereMaterial: Equatable, Sendable {
    public var model: MaterialModel
    /// Linear RGB, 0 … 1: the diffuse colour, and for metals the reflectance F0.
    public var baseColor: SIMD3<Float>
    /// .shiny: the Blinn exponent, 1 … 256 (`Hemisphere.Look.shininess`; higher = smaller highlight).
    public var shininess: Float
    /// .shiny: strength of the highlight, 0 … 4 (SceneKit's specular colour, white).
    public var specular: Float
    /// 0 … 1: 0 a dielectric (white highlights over a coloured diffuse), 1 a metal (no
    /// diffuse, highlights and reflections tinted by the base colour).
    public var metalness: Float
    /// .pbr: 0 … 1 (clamped to ≥ 0.04): 0 a mirror, 1 matte.
    public var roughness: Float
    /// A uniform white ambient light on the diffuse part, 0 … 1.
    public var ambient: Float

    /// The defaults are the custom look's (`Hemisphere.Look`).
    public init(model: MaterialModel = MaterialModel(rawValue: Int32(Hemisphere.Look.model.defaultValue)) ?? .shiny,
                baseColor: SIMD3<Float> = SIMD3<Float>(Hemisphere.Look.color.defaultColor),
                shininess: Float = Float(Hemisphere.Look.shininess.defaultValue), specular: Float = 1,
                metalness: Float = Float(Hemisphere.Look.metalness.defaultValue),
                roughness: Float = Float(Hemisphere.Look.roughness.defaultValue), ambient: Float = 0) {
        self.model = model
        self.baseColor = baseColor
        self.shininess = shininess
        self.specular = specular
        self.metalness = metalness
        self.roughness = roughness
        self.ambient = ambient
    }

    public static let minimumRoughness: Float = 0.04
}

/// A procedural photo studio around the sphere, seen in reflections (and, fully blurred, as
/// soft diffuse light): a sky from `horizon` haze up to `zenith`, a sharp horizon a little
/// below eye level, a dark `ground` getting lighter towards the nadir, a large soft box up
/// to the left in front (`key`), a tall strip light to the right (`strip`) and a dim
/// backdrop behind the sphere (what grazing reflections at the rim see). The camera side is
/// dimmed by `cameraShade`, so flat areas (which reflect R = v) take a mid tone.
///
/// Radiance along a unit direction d (scene axes), S = smoothstep, w = 0.012 + 0.9·blur,
/// blur = roughness² (1 for the irradiance), horizon at d.y = h = −0.12:
///   sky    = mix(horizon, zenith, √((d.y − h)/(1 − h)))
///   floor  = ground · (1 + 2.5 (h − d.y)/(1 + h))
///   L(d)   = mix(floor, sky, S(h − w, h + w, d.y)) · (1 − cameraShade · S(0.2 − w, 0.97 + w, d.z))
///            · (1 − 0.55 · S(−0.1 − w, −0.7 − w, d.z) · S(h − w, h + 0.3 + w, d.y))
///            + key · keyColor · disc(∠(d, K), 0.42) + strip · disc(∠(d squashed vertically, S), 0.13)
/// with K = `keyDirection` (by default (−0.55, 0.62, 0.56)) and S = (0.93, 0.05, 0.36)
/// normalised, and disc a soft-edged disc whose edge widens (and peak drops) with blur.
public struct StudioEnvironment: Equatable, Sendable {
    /// Overall strength, 0 … 4; 0 turns the environment off.
    public var intensity: Float
    public var zenith: SIMD3<Float>
    public var horizon: SIMD3<Float>
    public var ground: SIMD3<Float>
    /// Radiance of the soft box (up-left, in front) and of the strip light (right), 0 … 8.
    public var key: Float
    public var strip: Float
    /// The soft box's colour (multiplies `key`, each channel 0 … 8) and the direction it is
    /// in (scene axes; a zero or non-finite one is the default, up-left in front).
    public var keyColor: SIMD3<Float>
    public var keyDirection: SIMD3<Float>
    /// How much darker the camera side of the studio is, 0 … 1 (what flat areas reflect).
    public var cameraShade: Float

    public init(intensity: Float = 1,
                zenith: SIMD3<Float> = SIMD3(0.55, 0.58, 0.62),
                horizon: SIMD3<Float> = SIMD3(1.0, 1.0, 1.0),
                ground: SIMD3<Float> = SIMD3(0.03, 0.027, 0.024),
                key: Float = 3, strip: Float = 1.5, cameraShade: Float = 0.6,
                keyColor: SIMD3<Float> = SIMD3(1, 1, 1), keyDirection: SIMD3<Float> = Self.defaultKeyDirection) {
        self.intensity = intensity
        self.zenith = zenith
        self.horizon = horizon
        self.ground = ground
        self.key = key
        self.strip = strip
        self.keyColor = keyColor
        self.keyDirection = keyDirection
        self.cameraShade = cameraShade
    }

    /// No environment: point lights (and ambient) only.
    public static let none = StudioEnvironment(intensity: 0)
    /// The neutral studio.
    public static let studio = StudioEnvironment()

    /// Sine of the horizon's elevation: slightly below eye level, so that a flat surface
    /// (which reflects the direction back towards the viewer) sees bright haze, not the
    /// horizon line itself.
    static let horizonHeight: Float = -0.12
    public static let defaultKeyDirection = HM.normalized(SIMD3<Float>(-0.55, 0.62, 0.56))
    static let stripDirection = HM.normalized(SIMD3<Float>(0.93, 0.05, 0.36))

    /// Radiance seen along the unit direction d (scene axes), blurred by `blur` (0 sharp …
    /// 1 the diffuse irradiance): every feature is a smooth step whose width grows with blur,
    /// and the lights spread and dim as they blur (their power is kept).
    static func radiance(_ d: SIMD3<Float>, blur: Float, _ e: Sanitized) -> SIMD3<Float> {
        let w = 0.012 + 0.9 * blur
        let y = d.y
        let h = Self.horizonHeight
        // Sky: haze at the horizon rising to the zenith colour; ground: dark at the horizon,
        // a little lighter (a studio floor's bounce) straight down.
        let skyT = min(max((y - h) / (1 - h), 0), 1)
        let sky = e.horizon + (e.zenith - e.horizon) * skyT.squareRoot()
        let groundT = min(max((h - y) / (1 + h), 0), 1)
        let ground = e.ground * (1 + 2.5 * groundT)
        var c = ground + (sky - ground) * HM.smoothstep(h - w, h + w, y)
        // The camera side of the studio (directions back towards the viewer, what flat
        // surfaces reflect) is dim, so flat areas take a mid tone and slopes carry the light.
        c *= 1 - e.cameraShade * HM.smoothstep(0.2 - w, 0.97 + w, d.z)
        // Backdrop: directions pointing away from the viewer (behind the sphere) are dimmer.
        c *= 1 - 0.55 * HM.smoothstep(-0.1 - w, -0.7 - w, d.z) * HM.smoothstep(h - w, h + 0.3 + w, y)
        // Soft box and strip light: discs of angular radius r with soft edges.
        c += e.key * e.keyColor * disc(angle: acosf(min(max(HM.simdDot(d, e.keyDirection), -1), 1)),
                                       radius: 0.42, soft: 0.06, blur: blur)
        // The strip is tall: squash the vertical offset before measuring the angle.
        let squashed = HM.normalized(SIMD3(d.x, d.y * 0.35, d.z))
        c += e.strip * disc(angle: acosf(min(max(HM.simdDot(squashed, Self.stripDirection), -1), 1)),
                            radius: 0.13, soft: 0.03, blur: blur)
        return c
    }

    /// A round light of angular radius r seen at `angle` from its centre: 1 inside, a smooth
    /// edge of half-width soft + 1.2·blur, and dimmer as blur spreads it (power kept roughly).
    static func disc(angle: Float, radius r: Float, soft: Float, blur: Float) -> Float {
        let edge = soft + 1.2 * blur
        let spread = r * r / (r * r + 0.5 * edge * edge + 1.5 * blur * blur)
        return HM.smoothstep(r + edge, max(r - edge, 0), angle) * spread
    }

    /// Parameters made safe to compute with.
    struct Sanitized {
        var intensity: Float
        var zenith, horizon, ground: SIMD3<Float>
        var key, strip, cameraShade: Float
        var keyColor, keyDirection: SIMD3<Float>
    }

    var sanitized: Sanitized {
        Sanitized(intensity: HM.clean(intensity, 0 ... 4, 0),
                  zenith: HM.cleanColor(zenith, 0 ... 4), horizon: HM.cleanColor(horizon, 0 ... 4),
                  ground: HM.cleanColor(ground, 0 ... 4),
                  key: HM.clean(key, 0 ... 8, 0), strip: HM.clean(strip, 0 ... 8, 0),
                  cameraShade: HM.clean(cameraShade, 0 ... 1, 0),
                  keyColor: HM.cleanColor(keyColor, 0 ... 8),
                  keyDirection: HM.simdDot(keyDirection, keyDirection) > 1e-12 && HM.simdDot(keyDirection, keyDirection).isFinite
                      ? HM.normalized(keyDirection) : Self.defaultKeyDirection)
    }
}

/// The procedural shading image: up to four lights (extra ones are ignored), a material and
/// a studio environment, rendered as an orthographic picture of the unit hemisphere facing
/// the viewer. Total: any parameter values give finite colours in 0 … 1.
public struct Hemisphere: Equatable, Sendable {
    public var lights: [HemisphereLight]
    public var material: HemisphereMaterial
    public var environment: StudioEnvironment

    public static let maximumLights = 4
    public static let maximumSize = 4096

    public init(lights: [HemisphereLight], material: HemisphereMaterial,
                environment: StudioEnvironment = .studio) {
        self.lights = lights
        self.material = material
        self.environment = environment
    }

    /// The colour (linear RGB, 0 … 1) of the sphere point with unit normal `normal` in IMAGE
    /// axes (x right, y down, z towards the viewer). A non-finite or zero normal counts as
    /// (0, 0, 1); others are normalised.
    public func shade(normal: SIMD3<Float>) -> SIMD3<Float> {
        HemisphereShader(self).shade(imageNormal: normal)
    }

    /// A size × size RGBA picture of the hemisphere (`size` capped at 4096; ≤ 0 gives 0 × 0).
    /// Pixel (i, j) shows the normal nₓ = 2(i + ½)/size − 1, n_y = 2(j + ½)/size − 1 (image
    /// axes). Inside the disc (nₓ² + n_y² ≤ 1) alpha is 1, outside it 0. A pixel whose centre
    /// lies within `ShadingImage.rimInset` px of the rim, or beyond it, takes the colour of the
    /// normal that far inside the rim on its ray from the centre: bilinear lookups at the rim
    /// read the disc's own colours there, not the grazing n_z = 0 limit (see `rimInset`).
    /// Rows are shared out with `parallel`; the result does not depend on how.
    public func render(size: Int, parallel: ParallelFor = .serial) -> ShadingImage {
        let n = min(max(size, 0), Self.maximumSize)
        var pixels = [Float](repeating: 0, count: n * n * 4)
        if n > 0 {
            let shader = HemisphereShader(self)
            let scale = Float(2) / Float(n)
            let limit = ShadingImage.rimLimit(side: n), rimZ = (1 - limit * limit).squareRoot()
            pixels.withUnsafeMutableBufferPointer { buffer in
                guard let out = buffer.baseAddress else { return }
                parallel(n) { rows in
                    for j in rows {
                        let ny = (Float(j) + 0.5) * scale - 1
                        for i in 0 ..< n {
                            let nx = (Float(i) + 0.5) * scale - 1
                            let r2 = nx * nx + ny * ny
                            let color: SIMD3<Float>
                            let alpha: Float
                            if r2 <= limit * limit {
                                color = shader.shade(imageNormal: SIMD3(nx, ny, (1 - r2).squareRoot()))
                            } else {
                                let f = limit / r2.squareRoot()   // r2 > 0: limit ≥ 0
                                color = shader.shade(imageNormal: SIMD3(nx * f, ny * f, rimZ))
                            }
                            alpha = r2 <= 1 ? 1 : 0
                            let p = out + (j * n + i) * 4
                            p[0] = color.x
                            p[1] = color.y
                            p[2] = color.z
                            p[3] = alpha
                        }
                    }
                }
            }
        }
        return ShadingImage(width: n, height: n, pixels: pixels) ?? .solid(.zero)
    }

    /// `render(size:parallel:)`, the last picture kept: GIMP runs an op again with the same
    /// look whenever another setting moves (radius, depth; a live filter on every change),
    /// and rendering the picture costs as much as shading a megapixel of relief.
    public func cachedRender(size: Int, parallel: ParallelFor = .serial) -> ShadingImage {
        if let last = Self.lastRender.withLock({ $0 }), last.hemisphere == self, last.size == size {
            return last.picture
        }
        let picture = render(size: size, parallel: parallel)
        Self.lastRender.withLock { $0 = (self, size, picture) }
        return picture
    }

    private static let lastRender = Mutex<(hemisphere: Hemisphere, size: Int, picture: ShadingImage)?>(nil)
}

// MARK: - Evaluation

/// Everything per-render precomputed and sanitised once: light colours, clamped material.
private struct HemisphereShader {
    struct Light {
        var position: SIMD3<Float>
        var color: SIMD3<Float>
    }

    let lights: [Light]
    let model: MaterialModel
    let base: SIMD3<Float>
    let metalness: Float
    let kd: Float
    let f0: SIMD3<Float>
    let shininess: Float
    let specularColor: SIMD3<Float>
    let roughness: Float
    let alpha2: Float
    let k: Float
    let ambient: Float
    let env: StudioEnvironment.Sanitized
    let envRoughness: Float
    let envBlur: Float

    init(_ h: Hemisphere) {
        lights = h.lights.prefix(Hemisphere.maximumLights).compactMap { l in
            let p = l.position
            guard p.x.isFinite, p.y.isFinite, p.z.isFinite, abs(p.x) < 1e15, abs(p.y) < 1e15, abs(p.z) < 1e15 else { return nil }
            let c = l.color
            guard c.x > 0 || c.y > 0 || c.z > 0 else { return nil }
            return Light(position: p, color: c)
        }
        let m = h.material
        model = m.model
        base = HM.cleanColor(m.baseColor, 0 ... 1)
        metalness = HM.clean(m.metalness, 0 ... 1, 0)
        kd = 1 - metalness
        f0 = SIMD3(repeating: 0.04) + (base - SIMD3(repeating: 0.04)) * metalness
        shininess = HM.clean(m.shininess, Hemisphere.Look.shininess)
        let spec = HM.clean(m.specular, 0 ... 4, 1)
        specularColor = spec * (SIMD3(repeating: 1) + (base - SIMD3(repeating: 1)) * metalness)
        roughness = max(HM.clean(m.roughness, Hemisphere.Look.roughness), HemisphereMaterial.minimumRoughness)
        let a = roughness * roughness
        alpha2 = a * a
        k = (roughness + 1) * (roughness + 1) / 8
        ambient = HM.clean(m.ambient, 0 ... 1, 0)
        env = h.environment.sanitized
        switch m.model {
        case .pbr:
            envRoughness = roughness
        case .shiny:
            // Blinn exponent s ↔ Beckmann/GGX α: s = 2/α² − 2.
            envRoughness = max((2 / (shininess + 2)).squareRoot().squareRoot(), HemisphereMaterial.minimumRoughness)
        }
        envBlur = envRoughness * envRoughness
    }

    func shade(imageNormal: SIMD3<Float>) -> SIMD3<Float> {
        var n = SIMD3(imageNormal.x, -imageNormal.y, imageNormal.z)
        let len2 = HM.simdDot(n, n)
        if len2.isFinite, len2 > 1e-30 {
            n /= len2.squareRoot()
        } else {
            n = SIMD3(0, 0, 1)
        }
        let v = SIMD3<Float>(0, 0, 1)
        let nv = max(n.z, 1e-4)
        var c = SIMD3<Float>(repeating: 0)

        for light in lights {
            var l = light.position - n
            let ll = HM.simdDot(l, l)
            l = ll > 1e-12 ? l / ll.squareRoot() : n
            let nl = HM.simdDot(n, l)
            guard nl > 0 else { continue }
            var hv = l + v
            let hl = HM.simdDot(hv, hv)
            hv = hl > 1e-12 ? hv / hl.squareRoot() : n
            let nh = max(HM.simdDot(n, hv), 0)
            switch model {
            case .shiny:
                let s = shininess == 0 ? 1 : powf(nh, shininess)
                c += light.color * (kd * nl * base + s * specularColor)
            case .pbr:
                let vh = max(HM.simdDot(v, hv), 0)
                let fw = HM.pow5(1 - vh)
                let f = f0 + (SIMD3(repeating: 1) - f0) * fw
                let dd = nh * nh * (alpha2 - 1) + 1
                let d = alpha2 / (Float.pi * dd * dd)
                let g = nl / (nl * (1 - k) + k) * nv / (nv * (1 - k) + k)
                // π · D G F / (4 n·l n·v) · n·l
                let spec = f * (Float.pi * d * g / (4 * nv))
                let diffuse = (SIMD3(repeating: 1) - f) * kd * base * nl
                c += light.color * (diffuse + spec)
            }
        }

        c += ambient * kd * base

        if env.intensity > 0 {
            let r = 2 * n.z * n - v
            let ab = envBRDF(roughness: envRoughness, nv: nv)
            let specW = f0 * ab.x + SIMD3(repeating: ab.y)
            let reflected = StudioEnvironment.radiance(r, blur: envBlur, env)
            let irradiance = StudioEnvironment.radiance(n, blur: 1, env)
            let diffW = kd * base * (SIMD3(repeating: 1) - specW)
            c += env.intensity * (reflected * specW + irradiance * diffW)
        }

        return SIMD3(FastMath.clamp01(c.x), FastMath.clamp01(c.y), FastMath.clamp01(c.z))
    }

    /// Karis's analytic fit of the split-sum environment BRDF: (A, B) with the reflected
    /// radiance weighted by F0·A + B.
    func envBRDF(roughness: Float, nv: Float) -> SIMD2<Float> {
        let c0 = SIMD4<Float>(-1, -0.0275, -0.572, 0.022)
        let c1 = SIMD4<Float>(1, 0.0425, 1.04, -0.04)
        let r = roughness * c0 + c1
        let a004 = min(r.x * r.x, exp2f(-9.28 * nv)) * r.x + r.y
        return SIMD2(-1.04 * a004 + r.z, 1.04 * a004 + r.w)
    }
}

// MARK: - Helpers

/// Small maths helpers, namespaced so they cannot clash with other kernels' files.
private enum HM {

    @inline(__always) static func simdDot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        a.x * b.x + a.y * b.y + a.z * b.z
    }

    @inline(__always) static func normalized(_ a: SIMD3<Float>) -> SIMD3<Float> {
        let l = simdDot(a, a)
        return l > 1e-30 && l.isFinite ? a / l.squareRoot() : SIMD3(0, 0, 1)
    }

    @inline(__always) static func pow5(_ x: Float) -> Float {
        let x2 = x * x
        return x2 * x2 * x
    }

    /// Hermite smooth step from e0 to e1 (either order).
    @inline(__always) static func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
        let span = e1 - e0
        guard span != 0 else { return x < e0 ? 0 : 1 }
        let t = min(max((x - e0) / span, 0), 1)
        return t * t * (3 - 2 * t)
    }

    static func clean(_ v: Float, _ range: ClosedRange<Float>, _ fallback: Float) -> Float {
        v.isFinite ? min(max(v, range.lowerBound), range.upperBound) : fallback
    }

    /// Non-finite → the parameter's default; the rest clamped into its range.
    static func clean(_ v: Float, _ parameter: EffectParameter) -> Float {
        v.isFinite ? parameter.clamp(v) : Float(parameter.defaultValue)
    }

    static func cleanColor(_ c: SIMD3<Float>, _ range: ClosedRange<Float>) -> SIMD3<Float> {
        SIMD3(clean(c.x, range, 0), clean(c.y, range, 0), clean(c.z, range, 0))
    }
}
