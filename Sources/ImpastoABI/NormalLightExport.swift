import CImpastoABI
import ImpastoKernels

/// impasto-abi.h: `impasto_normal_light`.
@_cdecl("impasto_normal_light")
public func impastoNormalLight(_ io: UnsafePointer<ImpastoIO>?, _ params: UnsafePointer<ImpastoNormalLightParams>?) {
    guard let io = io?.pointee, let window = io.bumpWindow, let color = io.colorReader, let write = io.writer,
          let p = params?.pointee else { return }
    let light = NormalLight(
        normalMap: NormalMap(smoothness: Float(p.smoothness), contrast: Float(p.contrast)),
        lighting: NormalLighting(azimuth: Float(p.azimuth), elevation: Float(p.elevation), ambient: Float(p.ambient),
                                 specular: Float(p.specular), shininess: Float(p.shininess),
                                 lightColor: SIMD3(p.light_color.0, p.light_color.1, p.light_color.2)))
    light.render(window, scratches: io.scratches, parallel: io.parallelFor, progress: io.reporter,
                 colour: [.linear, .bytes8, .codes][Int(min(max(io.color_codes, 0), 2))], color: color, write: write)
}
