// SPDX-License-Identifier: GPL-3.0-or-later
import CImpastoABI
import ImpastoKernels

/// impasto-abi.h: `impasto_pencil_hue_saturation`.
@_cdecl("impasto_pencil_hue_saturation")
public func impastoPencilHueSaturation(_ io: UnsafePointer<ImpastoIO>?,
                                       _ params: UnsafePointer<ImpastoPencilParams>?) {
    guard let io = io?.pointee, let p = params?.pointee else { return }
    // The matrix once per call, not per band (trigonometry).
    let matrix = PencilHueSaturation(ParameterValues(PencilHueSaturation.parameters, of: p.settings)).matrix
    switch Int(io.samples) {
    case IMPASTO_U8: io.transformPixels(UInt8.self) { matrix.applyRGBA($0, $1, count: $2) }
    case IMPASTO_U16: io.transformPixels(UInt16.self) { matrix.applyRGBA($0, $1, count: $2) }
    default:
        guard let rows = io.rows(components: 4) else { return }
        rows.transformRows(parallel: io.parallelFor) { matrix.applyRGBA($0, $1, count: $2) }
    }
}
