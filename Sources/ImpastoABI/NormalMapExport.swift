// SPDX-License-Identifier: GPL-3.0-or-later
import CImpastoABI
import ImpastoKernels

/// impasto-abi.h: `impasto_bristle_normal_map_margin`.
@_cdecl("impasto_bristle_normal_map_margin")
public func impastoBristleNormalMapMargin(_ smoothness: Double) -> Int {
    NormalMap(smoothness: Float(smoothness)).margin
}

/// impasto-abi.h: `impasto_bristle_normal_map`.
@_cdecl("impasto_bristle_normal_map")
public func impastoBristleNormalMap(_ io: UnsafePointer<ImpastoIO>?, _ params: UnsafePointer<ImpastoNormalMapParams>?) {
    guard let io = io?.pointee, let window = io.bumpWindow, let write = io.writer, let p = params?.pointee else { return }
    // A window's borders are the caller's reads (tileable wraps them), not `tileable`'s.
    NormalMap(ParameterValues(NormalMap.parameters, of: p.settings))
        .render(window, scratches: io.scratches, parallel: io.parallelFor, progress: io.reporter, linear: p.linear != 0,
                write: write)
}
