import CImpastoABI
import ImpastoKernels

/// impasto-abi.h: `impasto_pencil_hue_saturation`.
@_cdecl("impasto_pencil_hue_saturation")
public func impastoPencilHueSaturation(_ io: UnsafePointer<ImpastoIO>?,
                                       _ params: UnsafePointer<ImpastoPencilParams>?) {
    guard let io = io?.pointee, let rows = io.rows(components: 4), let p = params?.pointee else { return }
    let pencil = PencilHueSaturation(azimuth: p.azimuth, altitude: p.altitude, maxSaturation: p.max_saturation)
    rows.transformRows(parallel: io.parallelFor) { _, rgba in pencil.apply(rgba, rgba, count: rows.width) }
}
