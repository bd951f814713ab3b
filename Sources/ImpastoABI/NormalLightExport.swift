// SPDX-License-Identifier: GPL-3.0-or-later
import CImpastoABI
import ImpastoKernels

/// impasto-abi.h: `impasto_normal_light`.
@_cdecl("impasto_normal_light")
public func impastoNormalLight(_ io: UnsafePointer<ImpastoIO>?, _ params: UnsafePointer<ImpastoNormalLightParams>?) {
    guard let io = io?.pointee, let window = io.bumpWindow, let p = params?.pointee else { return }
    io.light(window, with: NormalLight(ParameterValues(NormalLight.parameters, of: p.settings)))
}

/// impasto-abi.h: `impasto_paint_relief`.
@_cdecl("impasto_paint_relief")
public func impastoPaintRelief(_ io: UnsafePointer<ImpastoIO>?, _ params: UnsafePointer<ImpastoPaintReliefParams>?) {
    guard let io = io?.pointee, let (width, height, margin) = io.extent, io.components == 4, let read = io.reader,
          let p = params?.pointee else { return }
    let relief = PaintRelief(ParameterValues(PaintRelief.operationParameters, of: p.settings))
    let pixels: NormalMap.BumpPixels = switch (io.samples == IMPASTO_U8, relief.thick) {
    case (true, false): .alpha8
    case (false, false): .alpha
    case (true, true): .thickness8
    case (false, true): .thickness
    }
    let window = NormalMap.Window(width: width + 2 * margin, height: height + 2 * margin, margin: margin,
                                  pixels: pixels, read: read)
    io.light(window, with: relief.light)
}

extension ImpastoIO {
    /// Lights the colour `read_color` reads through `window`'s normals, as `color_codes` says it arrives.
    func light(_ window: NormalMap.Window, with light: NormalLight) {
        guard let color = colorReader, let write = writer else { return }
        light.render(window, scratches: scratches, parallel: parallelFor, progress: reporter,
                     colour: [.linear, .bytes8, .codes][Int(min(max(color_codes, 0), 2))], color: color, write: write)
    }
}
