// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoKernels
import ImpastoTestSupport

/// The measures of the emboss's image quality, and the masks they are taken on.
///
/// The reference is the same kernel run at 4× the size — mask, radius and scale all ×4, so
/// that it describes the same surface (k multiplies per-pixel height differences, which are
/// ¼ as large at 4×) — and box-averaged down 4 × 4 (colours weighted by alpha, the way a
/// premultiplied downscale does). Both are measured on the interior pixels: those the 1× mask
/// covers fully (≥ 0.999), i.e. where the output's colour is seen at full strength, less the
/// crease — the medial axis where two slopes meet, which counts as the method's, not
/// a defect: a 1 px line there in both renders, but half a pixel apart. A pixel is on it when,
/// within half a pixel of it, the 4× relief has neighbouring sub-pixels whose slopes face
/// more than 60° apart.
///
/// - speckle: the fraction of interior pixels whose colour differs from the 3 × 3 median of
///   its neighbourhood by more than 0.2 in some channel (R, G or B) — isolated dots and dashes.
/// - far: the fraction of interior pixels whose colour differs from the reference's by more
///   than 0.2 in some channel.
enum EmbossQuality {
    struct Figures {
        var speckle: Double, referenceSpeckle: Double, far: Double
        /// The goals: speckle ≤ 1.3 × the reference's, and ≤ 1.5 % far from it.
        var meetsGoals: Bool { speckle <= 1.3 * referenceSpeckle && far <= 0.015 }
    }

    /// The shapes: a mask at 4× and the same mask box-averaged to 1×.
    struct Shape {
        let name: String
        let fine: Plane
        let coarse: Plane
        init(name: String, fine: Plane) {
            self.name = name
            self.fine = fine
            coarse = EmbossQuality.boxDown(fine)
        }
    }

    static let radii: [Float] = [2, 5, 10, 20, 40, 100]
    static let scales: [Float] = [5, 10, 20, 50]

    // MARK: Masks

    /// A logo with thin and thick parts, 160 × 112 px at 1× (all coordinates below are 1×
    /// pixels): a disc, a ring, a thin and a medium diagonal line, a five-pointed star and a
    /// tilted bar. Coverage is sampled 4 × 4 per 4× pixel (16 × 16 per 1× pixel).
    static let logo: Shape = {
        let star: [SIMD2<Double>] = (0 ..< 10).map { i in
            let angle = Double(i) * .pi / 5 - .pi / 2, radius: Double = i % 2 == 0 ? 25 : 10
            return SIMD2(34 + radius * cos(angle), 82 + radius * sin(angle))
        }
        func segment(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            let ab = b - a, t = min(max(((p - a) * ab).sum() / (ab * ab).sum(), 0), 1)
            let q = a + t * ab - p
            return (q * q).sum().squareRoot()
        }
        func inside(_ p: SIMD2<Double>) -> Bool {
            func distance(_ c: SIMD2<Double>) -> Double { ((p - c) * (p - c)).sum().squareRoot() }
            if distance(SIMD2(28, 28)) <= 20 { return true }
            let ring = distance(SIMD2(76, 28))
            if ring <= 20 && ring >= 12 { return true }
            if segment(p, SIMD2(106, 8), SIMD2(152, 46)) <= 1.25 { return true }   // 2.5 px wide
            if segment(p, SIMD2(104, 60), SIMD2(150, 100)) <= 3.5 { return true }  // 7 px wide
            // The bar: 40 × 12, turned by 10°.
            let (c, s) = (cos(10 * Double.pi / 180), sin(10 * Double.pi / 180))
            let q = p - SIMD2(80, 84)
            if abs(c * q.x + s * q.y) <= 20 && abs(-s * q.x + c * q.y) <= 6 { return true }
            var crossings = false
            for i in 0 ..< star.count {
                let a = star[i], b = star[(i + 1) % star.count]
                if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
                    crossings.toggle()
                }
            }
            return crossings
        }
        var fine = Plane(width: 640, height: 448)
        for y in 0 ..< fine.height { for x in 0 ..< fine.width {
            var hits = 0
            for j in 0 ..< 4 { for i in 0 ..< 4 {
                let p = SIMD2((Double(x) + (Double(i) + 0.5) / 4) / 4, (Double(y) + (Double(j) + 0.5) / 4) / 4)
                if inside(p) { hits += 1 }
            } }
            fine[x, y] = Float(hits) / 16
        } }
        return Shape(name: "logo", fine: fine)
    }()

    /// "Rags" in DejaVu Sans Bold: Tests/Fixtures/rags-4x.png is gegl:text at 240 px (60 px
    /// at 1×), cropped to 696 × 292 with 32 px around the text; its alpha is the mask.
    ///
    /// Its 16-bit alpha holds 8-bit values (k · 257), so the mask is k / 255 — snapped to that
    /// here, because babl picks its conversion paths at run time: in about one run in three
    /// the path it took to "Y'A float" left 288 of the 203 232 values a few bits off, so the
    /// relief's checksums differed between runs (the matrix's figures could have too).
    static let text = fixture("rags-4x.png", name: "text")

    /// Letters' joints in DejaVu Sans Bold: Tests/Fixtures/joints-4x.png is gegl:text "NKWA"
    /// at 680 px (the 170 px of a user's "GOLDEN" at 1×) moved by (80, 40), cropped to
    /// (108, 144, 2344 × 564), its alpha (k / 255) as the mask. Its N's concave notches are
    /// the ones that drew the user's streak and wedge.
    static let glyphs = fixture("joints-4x.png", name: "glyphs")

    /// A fixture's alpha (8-bit values, snapped to k / 255 as `text` says) as a 4× mask.
    static func fixture(_ file: String, name: String) -> Shape {
        Gegl.initialize()
        guard let image = FloatImage.load(BuildProducts.fixture(file), format: "Y'A float", components: 2)
        else { return Shape(name: "\(name) (fixture missing)", fine: Plane(width: 4, height: 4)) }
        var fine = Plane(width: image.width / 4 * 4, height: image.height / 4 * 4)
        for y in 0 ..< fine.height { for x in 0 ..< fine.width {
            fine[x, y] = (image.samples[2 * (y * image.width + x) + 1] * 255).rounded() / 255
        } }
        return Shape(name: name, fine: fine)
    }

    static func boxDown(_ fine: Plane) -> Plane {
        var coarse = Plane(width: fine.width / 4, height: fine.height / 4)
        for y in 0 ..< coarse.height { for x in 0 ..< coarse.width {
            var sum: Float = 0
            for j in 0 ..< 4 { for i in 0 ..< 4 { sum += fine[4 * x + i, 4 * y + j] } }
            coarse[x, y] = sum / 16
        } }
        return coarse
    }

    // MARK: Renders

    /// The emboss of `mask` through the kernel with in-memory row IO: RGBA.
    static func render(_ mask: Plane, _ settings: EmbossSettings, shading: ShadingImage,
                       parallel: ParallelFor = .serial) -> [Float] {
        let grayAlpha = mask.values.flatMap { [Float(0.5), $0] }
        var out = [Float](repeating: -1, count: mask.width * mask.height * 4)
        grayAlpha.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                let io = RowIO.memory(width: mask.width, height: mask.height, input: input.baseAddress!,
                                      inputComponents: 2, output: output.baseAddress!)
                Emboss.render(io, settings: settings, shading: shading, parallel: parallel)
            }
        }
        return out
    }

    /// A 4× RGBA render averaged down 4 × 4, colours weighted by alpha.
    static func boxDown(rgba: [Float], width: Int, height: Int) -> [Float] {
        let w = width / 4, h = height / 4
        var out = [Float](repeating: 0, count: w * h * 4)
        for y in 0 ..< h { for x in 0 ..< w {
            var sum = SIMD4<Float>()
            for j in 0 ..< 4 { for i in 0 ..< 4 {
                let k = ((4 * y + j) * width + 4 * x + i) * 4
                let a = rgba[k + 3]
                sum += SIMD4(rgba[k] * a, rgba[k + 1] * a, rgba[k + 2] * a, a)
            } }
            let a = sum.w / 16, k = (y * w + x) * 4
            if sum.w > 0 { (out[k], out[k + 1], out[k + 2]) = (sum.x / sum.w, sum.y / sum.w, sum.z / sum.w) }
            out[k + 3] = a
        } }
        return out
    }

    /// The pixels measured for `shape` at `radius` (1×): fully covered, not on the crease,
    /// not on the image's border.
    static func interior(_ shape: Shape, radius: Float) -> [Bool] {
        let relief = HeightField.relief(shape.fine, radius: 4 * radius, profile: .round)
        let fw = shape.fine.width, fh = shape.fine.height
        // Sub-pixels where the slope turns by more than 60° to the next one right or down.
        var turn = [Bool](repeating: false, count: fw * fh)
        func direction(_ x: Int, _ y: Int) -> SIMD2<Float>? {
            let v = SIMD2(relief.slopeX[x, y], relief.slopeY[x, y]), l = (v * v).sum().squareRoot()
            return l > 0 ? v / l : nil
        }
        for y in 0 ..< fh - 1 { for x in 0 ..< fw - 1 {
            guard let a = direction(x, y) else { continue }
            for (nx, ny) in [(x + 1, y), (x, y + 1)] {
                if let b = direction(nx, ny), (a * b).sum() < 0.5 { turn[y * fw + x] = true }
            }
        } }
        let w = shape.coarse.width, h = shape.coarse.height
        return (0 ..< w * h).map { i in
            let (x, y) = (i % w, i / w)
            guard x > 0, y > 0, x < w - 1, y < h - 1, shape.coarse.values[i] >= 0.999 else { return false }
            // IMPASTO_EMBOSS_WITH_CREASE=1 measures the crease too.
            if ProcessInfo.processInfo.environment["IMPASTO_EMBOSS_WITH_CREASE"] != nil { return true }
            for fy in 4 * y - 2 ..< 4 * y + 6 { for fx in 4 * x - 2 ..< 4 * x + 6 where turn[fy * fw + fx] {
                return false
            } }
            return true
        }
    }

    /// The 1× render of `shape` and the 4× render of the same surface (mask, radius and scale
    /// ×4) box-averaged down.
    static func renders(_ shape: Shape, _ settings: EmbossSettings, shading: ShadingImage) -> (image: [Float], reference: [Float]) {
        var fine = settings
        fine.radius *= 4
        fine.scale *= 4
        return (render(shape.coarse, settings, shading: shading),
                boxDown(rgba: render(shape.fine, fine, shading: shading), width: shape.fine.width, height: shape.fine.height))
    }

    /// Lines of interior pixels far from the reference (more than 0.2 in some channel): runs
    /// of at least `length` along a row or a column, as (x, y, length, along a row). A far
    /// pixel here and there is the method's; a line of them is a fault that draws a streak.
    static func farLines(_ image: [Float], _ reference: [Float], width: Int, interior: [Bool],
                         length: Int = 5) -> [(x: Int, y: Int, length: Int, row: Bool)] {
        let height = interior.count / width
        func far(_ x: Int, _ y: Int) -> Bool {
            let i = y * width + x
            return interior[i] && isFar(image, reference, i)
        }
        var lines: [(x: Int, y: Int, length: Int, row: Bool)] = []
        for row in [true, false] {
            for a in 0 ..< (row ? height : width) {
                var run = 0
                for b in 0 ... (row ? width : height) {
                    let hit = b < (row ? width : height) && (row ? far(b, a) : far(a, b))
                    if hit { run += 1; continue }
                    if run >= length { lines.append(row ? (b - run, a, run, true) : (a, b - run, run, false)) }
                    run = 0
                }
            }
        }
        return lines
    }

    /// The figures for one shape and settings (radius and scale at 1×), over `interior`.
    static func measure(_ shape: Shape, _ settings: EmbossSettings, shading: ShadingImage,
                        interior: [Bool]) -> Figures {
        let (image, reference) = renders(shape, settings, shading: shading)
        return figures(image, reference, width: shape.coarse.width, interior: interior)
    }

    /// Whether pixel i of the 1× render is more than 0.2 from the reference in some channel.
    static func isFar(_ image: [Float], _ reference: [Float], _ i: Int) -> Bool {
        (0 ..< 3).contains { abs(image[4 * i + $0] - reference[4 * i + $0]) > 0.2 }
    }

    /// The worst 5 × 5 window of fully covered pixels (the crease too): the largest mean, over
    /// such a window, of a pixel's largest channel difference from the reference, and where
    /// (the window's centre). A misplaced crease shows here as a patch of wrong colour.
    static func worstWindow(_ image: [Float], _ reference: [Float], _ shape: Shape) -> (mean: Double, x: Int, y: Int) {
        let w = shape.coarse.width, h = shape.coarse.height
        // Each pixel's difference once; NaN where it is not fully covered, so that a window
        // holding one sums to NaN and is passed over.
        let difference = (0 ..< w * h).map { k -> Double in
            guard shape.coarse.values[k] >= 0.999 else { return .nan }
            return Double((0 ..< 3).reduce(Float(0)) { max($0, abs(image[4 * k + $1] - reference[4 * k + $1])) })
        }
        var worst = (mean: 0.0, x: 0, y: 0)
        for y in 2 ..< max(2, h - 2) { for x in 2 ..< max(2, w - 2) {
            var sum = 0.0
            for j in -2 ... 2 { for i in -2 ... 2 { sum += difference[(y + j) * w + x + i] } }
            if sum / 25 > worst.mean { worst = (sum / 25, x, y) }
        } }
        return worst
    }

    /// The figures of a 1× render and its reference, over `interior`.
    static func figures(_ image: [Float], _ reference: [Float], width w: Int, interior: [Bool]) -> Figures {
        var count = 0, far = 0
        for i in interior.indices where interior[i] {
            count += 1
            if isFar(image, reference, i) { far += 1 }
        }
        return Figures(speckle: speckle(image, width: w, interior: interior),
                       referenceSpeckle: speckle(reference, width: w, interior: interior),
                       far: Double(far) / Double(max(count, 1)))
    }

    /// The fraction of interior pixels more than 0.2 from their 3 × 3 median in some channel.
    static func speckle(_ rgba: [Float], width: Int, interior: [Bool]) -> Double {
        var count = 0, specks = 0
        var window = [Float](repeating: 0, count: 9)
        for i in interior.indices where interior[i] {
            count += 1
            for c in 0 ..< 3 {
                var n = 0
                for dy in -1 ... 1 { for dx in -1 ... 1 { window[n] = rgba[4 * (i + dy * width + dx) + c]; n += 1 } }
                window.sort()
                if abs(rgba[4 * i + c] - window[4]) > 0.2 {
                    specks += 1
                    break
                }
            }
        }
        return Double(specks) / Double(max(count, 1))
    }
}

extension EmbossQuality {
    /// Saves RGBA `rgba` (width × height) over a dark grey, each pixel as a `zoom` × `zoom`
    /// block (nearest neighbour: the pixels as they are), as a PNG at `path`.
    static func save(_ rgba: [Float], width: Int, height: Int, zoom: Int = 1, to path: String) {
        var out = [Float](repeating: 0, count: width * zoom * height * zoom * 4)
        let background: SIMD3<Float> = SIMD3(38, 40, 46) / 255
        for y in 0 ..< height * zoom { for x in 0 ..< width * zoom {
            let k = ((y / zoom) * width + x / zoom) * 4, a = rgba[k + 3]
            let c = SIMD3(rgba[k], rgba[k + 1], rgba[k + 2]) * a + background * (1 - a)
            let o = (y * width * zoom + x) * 4
            (out[o], out[o + 1], out[o + 2], out[o + 3]) = (c.x, c.y, c.z, 1)
        } }
        Gegl.initialize()
        let buffer = GeglBufferRef(width: width * zoom, height: height * zoom, format: "RGBA float")
        buffer.set(out, format: "RGBA float")
        GeglGraph.save(buffer, to: path)
    }
}

extension ShadingImage {
    /// A picture one pixel across and three down (opaque red, green, blue): the narrowest a
    /// picture gets that is not empty, for the emboss's and the mip-map's odd-size tests.
    static let thinTestPicture = ShadingImage(width: 1, height: 3, pixels: [1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1])!
}
