// SPDX-License-Identifier: GPL-3.0-or-later
/// A picture of a lit hemisphere (a "matcap", CIShadedMaterial's shading image): RGBA float,
/// straight alpha, row-major, linear light. Emboss looks up each surface normal in it.
public struct ShadingImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// width × height × 4 samples, all finite.
    public private(set) var pixels: [Float]

    /// nil unless `pixels` holds exactly width × height RGBA samples. A NaN or infinite sample
    /// counts as 0, as non-finite input does in every kernel (a stray one in a float picture
    /// would otherwise spread through the bilinear lookup into NaN pixels).
    public init?(width: Int, height: Int, pixels: [Float]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.init(checkedWidth: width, height: height, pixels: Self.finite(pixels))
    }

    /// The samples with every non-finite one replaced by 0.
    private static func finite(_ samples: [Float]) -> [Float] {
        samples.allSatisfy(\.isFinite) ? samples : samples.map { $0.isFinite ? $0 : 0 }
    }

    private init(checkedWidth width: Int, height: Int, pixels: [Float]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// How far inside its disc's rim, in picture pixels, a shading picture shows the rim: the
    /// outermost ring of the procedural hemisphere's picture (`Hemisphere.render`), and what
    /// lies beyond the rim in the emboss's mip-map of any picture
    /// (`ShadingMipMap.clampedToRim`), take the colour this far inside on their ray.
    ///
    /// The colour changes fastest right at the rim, where n_z falls to 0 (obsidian's and
    /// chrome's Fresnel rings, the horizon's reflection). A pixel shown at n_z = 0 exactly is
    /// the singular limit that no sub-pixel of the pixels it meets looks at; a normal grazing
    /// the horizon (a letter's steep foot at depth 50) read a blend towards it whenever its
    /// lookup moved less than a picture pixel, and the rim's own colour when it moved more:
    /// dashes along the foot that the 4× render does not have. 0.6 px, for both, meets the
    /// most cases of the quality matrix (EmbossQualityTests); the exact rim (0) meets fewer.
    public static let rimInset: Float = 0.6

    /// Where `rimInset` puts the edge of a picture with `side` pixels across its disc, in the
    /// disc's own units (centre 0, rim 1, a pixel 2 / side): how far out it shows its own normals.
    static func rimLimit(side: Int) -> Float {
        max(0, 1 - 2 * rimInset / Float(side))
    }

    /// A one-colour shading image.
    public static func solid(_ rgba: SIMD4<Float>, size: Int = 2) -> ShadingImage {
        let n = max(1, size)
        return ShadingImage(checkedWidth: n, height: n,
                            pixels: Self.finite((0 ..< n * n).flatMap { _ in [rgba.x, rgba.y, rgba.z, rgba.w] }))
    }

    /// Bilinear sample at continuous image coordinates: (u, v) = (0, 0) is the top-left corner
    /// of the picture, (width, height) its bottom-right; pixel i covers i … i + 1, so its
    /// centre is at i + 0.5. Outside, the border pixels repeat. NaN coordinates read the
    /// centre; an empty image reads as transparent black.
    public func sample(u: Float, v: Float) -> SIMD4<Float> {
        pixels.withUnsafeBufferPointer { Self.sample($0, width: width, height: height, u: u, v: v) }
    }

    /// `sample(u:v:)` on the raw samples, for loops that look up many pixels.
    @inline(__always)
    static func sample(_ pixels: UnsafeBufferPointer<Float>, width: Int, height: Int,
                       u: Float, v: Float) -> SIMD4<Float> {
        guard width > 0, height > 0, let base = pixels.baseAddress else { return .zero }
        let fx = (u.isNaN ? Float(width) / 2 : u) - 0.5
        let fy = (v.isNaN ? Float(height) / 2 : v) - 0.5
        let cx = min(max(fx, 0), Float(width - 1))
        let cy = min(max(fy, 0), Float(height - 1))
        let x0 = FastMath.truncate(cx), y0 = FastMath.truncate(cy)   // cx, cy ≥ 0: the floor
        let x1 = min(x0 &+ 1, width - 1), y1 = min(y0 &+ 1, height - 1)
        let tx = cx - Float(x0), ty = cy - Float(y0)
        // x0 … y1 are clamped into the picture, so the indices cannot overflow: `&` spares
        // the checks (this is the inner loop of every emboss lookup).
        let row0 = y0 &* width, row1 = y1 &* width
        // (One load of all four samples: built sample by sample, the compiler shuffled them
        // into place one at a time.)
        @inline(__always) func pixel(_ i: Int) -> SIMD4<Float> { FastMath.load(base + i &* 4) }
        return FastMath.bilinear(pixel(row0 &+ x0), pixel(row0 &+ x1), pixel(row1 &+ x0), pixel(row1 &+ x1), tx, ty)
    }
}
