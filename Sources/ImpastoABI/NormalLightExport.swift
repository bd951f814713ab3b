import CImpastoABI
import ImpastoKernels

/// impasto-abi.h: `impasto_normal_light`.
@_cdecl("impasto_normal_light")
public func impastoNormalLight(
    _ grayAlpha: UnsafePointer<Float>?, _ windowWidth: Int, _ windowHeight: Int, _ margin: Int,
    _ rgba: UnsafeMutablePointer<Float>?, _ params: UnsafePointer<ImpastoNormalLightParams>?,
    _ parallel: ImpastoParallelFunc?
) {
    guard let grayAlpha, let rgba, let params, windowWidth > 0, windowHeight > 0 else { return }
    let p = params.pointee
    let light = NormalLight(
        normalMap: NormalMap(smoothness: Float(p.smoothness), contrast: Float(p.contrast)),
        lighting: NormalLighting(azimuth: Float(p.azimuth), elevation: Float(p.elevation), ambient: Float(p.ambient),
                                 specular: Float(p.specular), shininess: Float(p.shininess),
                                 lightColor: SIMD3(p.light_color.0, p.light_color.1, p.light_color.2)))
    light.shade(window: NormalMap.heights(grayAlpha: grayAlpha, width: windowWidth, height: windowHeight),
                margin: margin, rgba: rgba, parallel: ParallelFor(parallel))
}
