import ImpastoKernels

/// impasto-abi.h: `impasto_pencil_hue_saturation`.
@_cdecl("impasto_pencil_hue_saturation")
public func impastoPencilHueSaturation(
    _ input: UnsafePointer<Float>?, _ output: UnsafeMutablePointer<Float>?, _ pixelCount: Int,
    _ azimuth: Double, _ altitude: Double, _ maxSaturation: Double
) {
    guard let input, let output, pixelCount > 0 else { return }
    PencilHueSaturation(azimuth: azimuth, altitude: altitude, maxSaturation: maxSaturation)
        .apply(input, output, count: pixelCount)
}
