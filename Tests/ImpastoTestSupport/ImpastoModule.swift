// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import Foundation
import GeglKit

/// GEGL started in the test process with the freshly built Impasto module loaded.
public enum ImpastoModule {
    /// A directory holding only our module (GEGL tries to load every file in a directory).
    public static let directory: URL = {
        let dir = BuildProducts.temporaryDirectory("module")
        let target = dir.appendingPathComponent("libimpasto-gegl.so")
        try? FileManager.default.copyItem(at: BuildProducts.module, to: target)
        // Gone when the test process ends (GEGL keeps the module open until then).
        atexit { try? FileManager.default.removeItem(at: ImpastoModule.directory) }
        return dir
    }()

    private static let loaded: Bool = {
        Gegl.initialize()   // as a GPL3 application: the ops are GPL3+
        Gegl.loadModules(from: directory.path)
        return Gegl.hasOperation("impasto:pencil-hue-saturation")
    }()

    /// Initialises GEGL and loads the module once; false if the op did not register.
    public static func load() -> Bool { loaded }

    /// GEGL_PATH for a `gegl` CLI that should see GEGL's own ops and ours.
    public static var geglPath: String {
        let system = runCommand("pkg-config", ["--variable=pluginsdir", "gegl-0.4"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return system + ":" + directory.path
    }
}

/// An image read through GEGL as interleaved float samples.
public struct FloatImage {
    public let width: Int
    public let height: Int
    public let components: Int
    public var samples: [Float]

    public init(width: Int, height: Int, components: Int, samples: [Float]) {
        self.width = width
        self.height = height
        self.components = components
        self.samples = samples
    }

    /// Loads `url` (any format GEGL reads) in `format`, e.g. "R'G'B'A float".
    public static func load(_ url: URL, format: String = "R'G'B'A float", components: Int = 4) -> FloatImage? {
        guard let buffer = GeglGraph.load(url.path, format: format) else { return nil }
        let e = buffer.extent
        return FloatImage(width: Int(e.width), height: Int(e.height), components: components,
                          samples: buffer.get(format: format, components: components))
    }

    public func pixel(_ x: Int, _ y: Int) -> ArraySlice<Float> {
        let i = (y * width + x) * components
        return samples[i ..< i + components]
    }
}

/// An 8-bit image's codes, R'G'B'A (opaque files gain alpha 255): what "unchanged" means for a
/// layer saved to PNG. Comparing codes, not floats decoded from them, holds on any machine:
/// babl chooses its u8 → float path (and so its last bit) by CPU and timing at run time, while
/// an 8-bit to 8-bit read keeps every code whatever path it takes.
public struct ImageCodes: Equatable {
    public let width: Int
    public let height: Int
    public let codes: [UInt8]

    public static func load(_ url: URL) -> ImageCodes? {
        guard let buffer = GeglGraph.load(url.path, format: "R'G'B'A u8") else { return nil }
        var r = buffer.extent
        var codes = [UInt8](repeating: 0, count: max(0, Int(r.width)) * max(0, Int(r.height)) * 4)
        codes.withUnsafeMutableBytes {
            gegl_buffer_get(buffer.pointer, &r, 1.0, babl_format("R'G'B'A u8"), $0.baseAddress, 0, GEGL_ABYSS_NONE)
        }
        return ImageCodes(width: Int(r.width), height: Int(r.height), codes: codes)
    }

    /// How many pixels (in columns `xs`, by default all) differ from `other`'s: in alpha, or
    /// in colour where they are not fully transparent (a transparent pixel's colour is
    /// nobody's business); every pixel when the sizes differ.
    public func differingPixels(from other: ImageCodes, xs: Range<Int>? = nil) -> Int {
        guard width == other.width, height == other.height else { return max(width * height, other.width * other.height, 1) }
        let columns = (xs ?? 0 ..< width).clamped(to: 0 ..< width)
        return (0 ..< width * height).count { i in
            guard columns.contains(i % width) else { return false }
            let a = codes[4 * i ..< 4 * i + 4], b = other.codes[4 * i ..< 4 * i + 4]
            return a.last != b.last || (a.last != 0 && a != b)
        }
    }
}
