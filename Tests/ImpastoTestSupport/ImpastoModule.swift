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
        Gegl.initialize()
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
