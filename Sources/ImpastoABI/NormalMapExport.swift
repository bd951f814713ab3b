import CImpastoABI
import ImpastoKernels

/// impasto-abi.h: `impasto_bristle_normal_map_margin`.
@_cdecl("impasto_bristle_normal_map_margin")
public func impastoBristleNormalMapMargin(_ smoothness: Double) -> Int {
    NormalMap(smoothness: Float(smoothness)).margin
}

/// impasto-abi.h: `impasto_bristle_normal_map`.
@_cdecl("impasto_bristle_normal_map")
public func impastoBristleNormalMap(
    _ grayAlpha: UnsafePointer<Float>?, _ windowWidth: Int, _ windowHeight: Int, _ margin: Int,
    _ output: UnsafeMutablePointer<Float>?, _ params: UnsafePointer<ImpastoNormalMapParams>?,
    _ parallel: ImpastoParallelFunc?
) {
    guard let grayAlpha, let output, let params, windowWidth > 0, windowHeight > 0 else { return }
    let p = params.pointee
    NormalMap(smoothness: Float(p.smoothness), contrast: Float(p.contrast), flipY: p.flip_y != 0)
        .render(window: NormalMap.heights(grayAlpha: grayAlpha, width: windowWidth, height: windowHeight),
                margin: margin, into: output, parallel: ParallelFor(parallel))
}
