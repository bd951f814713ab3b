// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import GeglKit
import ImpastoKernels

/// Paints stroked polylines (image coordinates) onto a drawable the way GIMP's own paint
/// tools do: into the shadow buffer, which GIMP merges through the selection mask (a partial
/// selection paints partly) as one undo step. Only the part of the selection within reach of
/// the strokes is touched, in bands of rows, so memory stays bounded on huge images.
public enum DrawablePainter {
    /// Rows painted at a time.
    static let band: Int32 = 256

    /// Where `drawable` can be painted: the part of the selection (drawable coordinates)
    /// within reach of strokes of `lineWidth` along `polylines`, the selection's whole box
    /// (which GIMP merges from the shadow buffer), and the drawable's offsets in the image.
    struct Target {
        var region: GeglRectangle
        var selection: GeglRectangle
        var offsets: (x: Int32, y: Int32)
    }

    static func target(_ drawable: Int32, in host: any GimpHost, polylines: [[SIMD2<Double>]], lineWidth: Double) -> Target? {
        guard let selection = host.selectionBounds(drawable) else { return nil }
        let (x, y, width, height) = (selection.x, selection.y, selection.width, selection.height)
        let (ox, oy) = host.offsets(drawable)
        let points = polylines.joined().filter { $0.x.isFinite && $0.y.isFinite }
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
              let minY = points.map(\.y).min(), let maxY = points.map(\.y).max() else { return nil }
        let reach = lineWidth / 2 + 1
        func pixel(_ v: Double) -> Int64 { Int64(min(max(v, -1e12), 1e12)) }
        let left = max(Int64(x), pixel((minX - reach).rounded(.down)) - Int64(ox))
        let top = max(Int64(y), pixel((minY - reach).rounded(.down)) - Int64(oy))
        let right = min(Int64(x) + Int64(width), pixel((maxX + reach).rounded(.up)) - Int64(ox) + 1)
        let bottom = min(Int64(y) + Int64(height), pixel((maxY + reach).rounded(.up)) - Int64(oy) + 1)
        guard left < right, top < bottom else { return nil }
        return Target(region: GeglRectangle(x: Int32(left), y: Int32(top), width: Int32(right - left),
                                            height: Int32(bottom - top)),
                      selection: GeglRectangle(x: x, y: y, width: width, height: height), offsets: (ox, oy))
    }

    /// `rect` of `source` (a drawable's buffer, drawable coordinates, the drawable at
    /// `offsets` in the image) with the polylines stroked over it, each composited in turn.
    public static func stroked(_ source: GeglBufferRef, rect: GeglRectangle, offsets: (x: Int32, y: Int32),
                        _ polylines: [[SIMD2<Double>]], lineWidth: Double, color: SIMD4<Float>) -> StrokeCanvas {
        var canvas = StrokeCanvas(width: Int(rect.width), height: Int(rect.height),
                                  originX: Int(rect.x) + Int(offsets.x), originY: Int(rect.y) + Int(offsets.y),
                                  pixels: source.get(format: "R'G'B'A float", rect: rect))
        for line in polylines { canvas.stroke(line, lineWidth: lineWidth, color: color) }
        return canvas
    }

    /// Strokes every polyline with `lineWidth` and composites each, in `color` (straight
    /// R'G'B'A; alpha is the paint's opacity), over `drawable`; each polyline is one shape and
    /// the next goes over it, as in StrokeCanvas. `progress` is told the fraction done.
    public static func paint(_ polylines: [[SIMD2<Double>]], lineWidth: Double, color: SIMD4<Float>, on drawable: Int32,
                             in host: any GimpHost, progress: (Double) -> Void) throws(ProcedureFailure) {
        guard let target = target(drawable, in: host, polylines: polylines, lineWidth: lineWidth) else { return }
        let region = target.region
        do {
            let source = host.buffer(drawable)
            let shadow = host.shadowBuffer(drawable)
            // GIMP merges the whole selection's box from the shadow: it must hold the pixels.
            source.copy(target.selection, to: shadow)
            var top = region.y
            while top < region.y + region.height {
                let rows = min(band, region.y + region.height - top)
                let rect = GeglRectangle(x: region.x, y: top, width: region.width, height: rows)
                let canvas = stroked(source, rect: rect, offsets: target.offsets, polylines, lineWidth: lineWidth,
                                     color: color)
                shadow.set(canvas.pixels, format: "R'G'B'A float", rect: rect)
                top += rows
                progress(Double(top - region.y) / Double(region.height))
            }
            shadow.flush()
        }
        guard host.mergeShadow(drawable) else {
            throw .execution(localized("GIMP did not accept the painting (is the layer or a group it is in locked?)"))
        }
        host.update(drawable, region)
    }
}
