// SPDX-License-Identifier: GPL-3.0-or-later
import CImpastoABI
import ImpastoKernels

/// impasto-abi.h: `impasto_emboss_margin`.
@_cdecl("impasto_emboss_margin")
public func impastoEmbossMargin(_ params: UnsafePointer<ImpastoEmbossParams>?) -> Int {
    guard let p = params?.pointee else { return 0 }
    return Emboss.margin(EmbossSettings(p))
}

/// impasto-abi.h: `impasto_emboss`.
@_cdecl("impasto_emboss")
public func impastoEmboss(_ io: UnsafePointer<ImpastoIO>?, _ params: UnsafePointer<ImpastoEmbossParams>?) {
    guard let io = io?.pointee, let pixels = io.bumpPixels, let p = params?.pointee,
          let (width, height, margin) = io.extent, let read = io.reader, let write = io.writer else { return }
    let parallel = io.parallelFor, progress = io.reporter, scratch = io.scratches
    let input = RowIO(width: width + 2 * margin, height: height + 2 * margin, inputComponents: pixels.floats,
                      progress: progress, scratch: scratch, read: read, write: { _, _ in })
    let output = RowIO(width: width, height: height, inputComponents: 4, progress: progress, scratch: scratch,
                       read: { _, _ in }, write: write)
    let region = p.image_width > 0 && p.image_height > 0
        ? Emboss.Region(x: p.x, y: p.y, imageWidth: p.image_width, imageHeight: p.image_height) : .whole(output)
    Emboss.render(input, to: output, region: region, pixels: pixels, settings: EmbossSettings(p),
                  shading: shadingImage(p.shading, p.shading_width, p.shading_height)
                      ?? hemisphere(p).cachedRender(size: EmbossSettings.hemisphereSize, parallel: parallel),
                  perceptual: p.perceptual != 0, parallel: parallel)
}

/// The aux picture, if one came: RGBA float rows.
private func shadingImage(_ pixels: UnsafePointer<Float>?, _ width: Int, _ height: Int) -> ShadingImage? {
    guard let pixels, width > 0, height > 0, width <= Int.max / 4 / height else { return nil }
    return ShadingImage(width: width, height: height,
                        pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
}

/// The procedural hemisphere the params describe: a named preset, or the custom lights and material.
private func hemisphere(_ p: ImpastoEmbossParams) -> Hemisphere {
    let name = p.preset.map { String(cString: $0) } ?? ""
    if name != "custom" { return Hemisphere.preset(named: name) ?? .standard }
    let lights = withUnsafeBytes(of: p.lights) { Array($0.bindMemory(to: ImpastoLight.self)) }.map {
        HemisphereLight(x: Float($0.x), y: Float($0.y), z: Float($0.z), hue: Float($0.hue),
                        saturation: Float($0.saturation), brightness: Float($0.brightness))
    }
    return .custom(lights: lights, model: MaterialModel(rawValue: p.model) ?? .shiny,
                   baseColor: SIMD3<Float>(p.color.0, p.color.1, p.color.2), shininess: Float(p.shininess),
                   metalness: Float(p.metalness), roughness: Float(p.roughness))
}

extension EmbossSettings {
    /// The procedural hemisphere is rendered at this size, then looked up.
    static let hemisphereSize = 256

    init(_ p: ImpastoEmbossParams) {
        self.init()
        radius = Float(p.radius)
        scale = Float(p.scale)
        profile = HeightProfile(rawValue: p.profile) ?? .round
        liquify = Float(p.liquify)
        maskSource = MaskSource(rawValue: p.mask_source) ?? .alpha
        output = Output(rawValue: p.output) ?? .shaded
    }
}
