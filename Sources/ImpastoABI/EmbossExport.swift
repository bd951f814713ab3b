// SPDX-License-Identifier: GPL-3.0-or-later
import CImpastoABI
import ImpastoKernels

/// impasto-abi.h: `impasto_emboss_margin`.
@_cdecl("impasto_emboss_margin")
public func impastoEmbossMargin(_ params: UnsafePointer<ImpastoEmbossParams>?) -> Int {
    guard let p = params?.pointee else { return 0 }
    return Emboss.margin(EmbossSettings(p.values))
}

/// impasto-abi.h: `impasto_emboss`.
@_cdecl("impasto_emboss")
public func impastoEmboss(_ io: UnsafePointer<ImpastoIO>?, _ params: UnsafePointer<ImpastoEmbossParams>?) {
    guard let io = io?.pointee, let pixels = io.bumpPixels, let p = params?.pointee,
          let (width, height, margin) = io.extent, let read = io.reader, let write = io.writer else { return }
    let parallel = io.parallelFor, progress = io.reporter, scratch = io.scratches
    let input = RowIO(width: width + 2 * margin, height: height + 2 * margin, inputComponents: pixels.floats,
                      progress: progress, scratch: scratch, read: read, write: { _, _ in })
    let output = RowIO(width: width, height: height, inputComponents: 4, progress: progress, scratch: scratch,
                       read: { _, _ in }, write: write)
    let region = p.image_width > 0 && p.image_height > 0
        ? Emboss.Region(x: p.x, y: p.y, imageWidth: p.image_width, imageHeight: p.image_height) : .whole(output)
    let values = p.values
    Emboss.render(input, to: output, region: region, pixels: pixels, settings: EmbossSettings(values),
                  shading: shadingImage(p.shading, p.shading_width, p.shading_height)
                      ?? Hemisphere.look(values).cachedRender(size: EmbossSettings.hemisphereSize, parallel: parallel),
                  perceptual: p.perceptual != 0, parallel: parallel)
}

/// The aux picture, if one came: RGBA float rows.
private func shadingImage(_ pixels: UnsafePointer<Float>?, _ width: Int, _ height: Int) -> ShadingImage? {
    guard let pixels, width > 0, height > 0, width <= Int.max / 4 / height else { return nil }
    return ShadingImage(width: width, height: height,
                        pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
}

extension ImpastoEmbossParams {
    /// impasto:emboss's settings (impasto:emboss-matcap's are the relief's part of them).
    var values: ParameterValues { ParameterValues(EmbossSettings.operationParameters, of: settings) }
}

extension EmbossSettings {
    /// The procedural hemisphere is rendered at this size, then looked up.
    static let hemisphereSize = 256
}
