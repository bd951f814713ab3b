import CImpastoABI
import ImpastoKernels

/// impasto-abi.h: `impasto_emboss`.
@_cdecl("impasto_emboss")
public func impastoEmboss(
    _ width: Int, _ height: Int, _ io: UnsafePointer<ImpastoRows>?,
    _ shading: UnsafePointer<Float>?, _ shadingWidth: Int, _ shadingHeight: Int,
    _ params: UnsafePointer<ImpastoEmbossParams>?, _ parallel: ImpastoParallelFunc?
) {
    guard let io, let read = io.pointee.read, let write = io.pointee.write, let params,
          width > 0, height > 0 else { return }
    let data = io.pointee.data
    let rows = RowIO(width: width, height: height, inputComponents: 2,
                     read: { range, into in read(range.lowerBound, range.count, into, data) },
                     write: { range, from in write(range.lowerBound, range.count, from, data) })
    let p = params.pointee
    let parallelFor = ParallelFor(parallel)
    Emboss.render(rows, settings: EmbossSettings(p),
                  shading: shadingImage(shading, shadingWidth, shadingHeight)
                      ?? hemisphere(p).render(size: EmbossSettings.hemisphereSize, parallel: parallelFor),
                  parallel: parallelFor)
}

/// The aux picture, if one came: RGBA float rows.
private func shadingImage(_ pixels: UnsafePointer<Float>?, _ width: Int, _ height: Int) -> ShadingImage? {
    guard let pixels, width > 0, height > 0 else { return nil }
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
