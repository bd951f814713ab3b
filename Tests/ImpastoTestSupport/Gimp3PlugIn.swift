// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension Gimp3Root {
    private static var plugInBuilds: [Suite: Result<URL, Problem>] = [:]

    /// The GIMP 3 plug-in (`impasto3`) built inside the root against its libgimp-3.0, once
    /// per process (the same path inside and out).
    public func buildPlugIn() -> Result<URL, Problem> {
        if let known = Self.plugInBuilds[suite] { return known }
        let product = BuildProducts.packageRoot.appendingPathComponent("\(scratchPath)/debug/impasto3")
        let built = run(["swift", "build", "--scratch-path", scratchPath, "--product", "impasto3"])
        let result: Result<URL, Problem> = built.status == 0 && FileManager.default.fileExists(atPath: product.path)
            ? .success(product)
            : .failure(Problem(description: "swift build --product impasto3 in the \(suite) root failed:\n\(built.output)"))
        Self.plugInBuilds[suite] = result
        return result
    }
}

extension Gimp3Session {
    /// The session's GIMP profile (GIMP3_DIRECTORY) as the host sees it.
    public var hostProfile: URL { hostFolder.appendingPathComponent("profile") }

    /// Installs `plugIn` as `<profile>/plug-ins/impasto/impasto`, where plugin-install.sh puts
    /// it for GIMP 3 (GIMP 3 runs a plug-in only from a folder named like its executable).
    public func installPlugIn(_ plugIn: URL) throws {
        let folder = hostProfile.appendingPathComponent("plug-ins/impasto")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: plugIn, to: folder.appendingPathComponent("impasto"))
    }
}

extension FloatImage {
    /// The largest difference, over every pixel's R, G and B, between this image and
    /// `expected(input's pixel)` clamped to 0 … 1 (an 8-bit file holds no more); infinity when
    /// the sizes differ.
    public func worstRGBDifference(from input: FloatImage, _ expected: ([Double]) -> [Double]) -> Double {
        guard width == input.width, height == input.height else { return .infinity }
        var worst = 0.0
        for y in 0 ..< height {
            for x in 0 ..< width {
                let e = expected(input.pixel(x, y).prefix(3).map(Double.init))
                let o = pixel(x, y)
                for c in 0 ..< 3 { worst = max(worst, abs(Double(o[o.startIndex + c]) - min(max(e[c], 0), 1))) }
            }
        }
        return worst
    }
}

/// The largest difference between two RGBA images, colours weighted by their alpha (a
/// transparent pixel's colour is nobody's business); infinity when the sizes differ.
public func worstDifference(_ a: FloatImage, _ b: FloatImage) -> Double {
    guard a.width == b.width, a.height == b.height else { return .infinity }
    var worst = 0.0
    for y in 0 ..< a.height {
        for x in 0 ..< a.width {
            let p = Array(a.pixel(x, y)), q = Array(b.pixel(x, y))
            worst = max(worst, Double(abs(p[3] - q[3])))
            for c in 0 ..< 3 { worst = max(worst, Double(abs(p[c] * p[3] - q[c] * q[3]))) }
        }
    }
    return worst
}
