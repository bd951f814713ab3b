import CImpastoABI
import ImpastoKernels

/// impasto-abi.h: `impasto_pencil_hue_saturation`.
@_cdecl("impasto_pencil_hue_saturation")
public func impastoPencilHueSaturation(_ io: UnsafePointer<ImpastoIO>?,
                                       _ params: UnsafePointer<ImpastoPencilParams>?) {
    guard let io = io?.pointee, let rows = io.rows(components: 4), let p = params?.pointee else { return }
    // The matrix once per call, not per band (trigonometry).
    let matrix = PencilHueSaturation(azimuth: p.azimuth, altitude: p.altitude, maxSaturation: p.max_saturation).matrix
    rows.transformRows(parallel: io.parallelFor) { input, output, count in matrix.applyRGBA(input, output, count: count) }
}
