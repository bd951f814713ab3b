// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import Foundation
import GeglKit
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// impasto:paint-relief inside GEGL, in this process and through the `gegl` CLI: a painting
/// lit by its own alpha.
final class PaintReliefOpTests: XCTestCase {
    static let op = "impasto:paint-relief"
    static let rgba = "RGBA float"

    override func setUp() {
        super.setUp()
        XCTAssertTrue(ImpastoModule.load())
        XCTAssertTrue(Gegl.hasOperation(Self.op), "the module at \(BuildProducts.module.path) did not register \(Self.op)")
    }

    override func tearDown() {
        Gegl.setThreads(1)
        Gegl.setTileSize(width: 128, height: 64)
        super.tearDown()
    }

    func buffer(width: Int, height: Int, origin: (x: Int, y: Int) = (0, 0), format: String = rgba,
                _ samples: [Float]) -> GeglBufferRef {
        var extent = GeglRectangle(x: Int32(origin.x), y: Int32(origin.y), width: Int32(width), height: Int32(height))
        let buffer = GeglBufferRef(owning: gegl_buffer_new(&extent, babl_format(format)))
        buffer.set(samples)
        return buffer
    }

    func random(width: Int, height: Int, origin: (x: Int, y: Int) = (0, 0), seed: UInt64) -> GeglBufferRef {
        var rng = SeededRandom(seed: seed)
        return buffer(width: width, height: height, origin: origin,
                      (0 ..< width * height * 4).map { _ in Float.random(in: 0 ... 1, using: &rng) })
    }

    /// A round dab of grey paint (linear 0.4) on a transparent layer, its edge antialiased
    /// over `soft` px.
    func dab(size: Int = 64, radius: Double = 20, soft: Double = 3) -> GeglBufferRef {
        var samples = [Float]()
        for y in 0 ..< size { for x in 0 ..< size {
            let d = hypot(Double(x) + 0.5 - Double(size) / 2, Double(y) + 0.5 - Double(size) / 2)
            samples += [0.4, 0.4, 0.4, Float(min(max((radius - d) / soft + 0.5, 0), 1))]
        } }
        return buffer(width: size, height: size, samples)
    }

    /// The op over `input` with `properties`; the output of `region` (all of the input if
    /// nil), RGBA float.
    func relief(_ input: GeglBufferRef, _ properties: [(String, GeglValue)] = [],
                region: GeglRectangle? = nil) -> [Float] {
        let e = input.extent, r = region ?? e
        let output = buffer(width: Int(e.width), height: Int(e.height), origin: (Int(e.x), Int(e.y)),
                            [Float](repeating: -1, count: Int(e.width * e.height) * 4))
        let graph = GeglGraph()
        let source = graph.node("gegl:buffer-source", [("buffer", .buffer(input))])
        let op = graph.node(Self.op, properties)
        let sink = graph.node("gegl:write-buffer", [("buffer", .buffer(output))])
        graph.chain([source, op, sink])
        graph.process(sink, rect: r)
        return output.get(rect: r)
    }

    func brightness(_ out: [Float], _ x: Int, _ y: Int, width: Int) -> Float {
        let i = (y * width + x) * 4
        return (out[i] + out[i + 1] + out[i + 2]) / 3
    }

    func testMetadataAndNoAuxPad() {
        func key(_ k: String) -> String? { gegl_operation_get_key(Self.op, k).map { String(cString: $0) } }
        XCTAssertEqual(key("title"), "Impasto Paint Relief")
        XCTAssertEqual(key("categories"), "light")
        XCTAssertEqual(key("gimp:menu-path"), "<Image>/Filters/Light and Shadow")
        XCTAssertEqual(key("gimp:menu-label"), "Impasto Paint Relief...")
        XCTAssertFalse(key("description")?.isEmpty ?? true)
        let graph = GeglGraph()
        XCTAssertEqual(gegl_node_has_pad(graph.node(Self.op), "aux"), 0,
                       "no aux pad: GIMP 3 keeps only ops without one as live filters")
    }

    func testADabLitFromTheTopLeftIsBrighterOnItsTopLeftEdgeAndTheCanvasStaysEmpty() {
        let paint = dab(), out = relief(paint), input = paint.get()
        // The dab (centre 32, radius 20) has its top-left edge near (18, 18), its bottom-right
        // edge near (46, 46); its middle is flat paint.
        XCTAssertGreaterThan(brightness(out, 18, 18, width: 64), brightness(out, 46, 46, width: 64) + 0.05,
                             "lit from the top-left (azimuth 135), the top-left edge is the brighter")
        XCTAssertEqual(brightness(out, 32, 32, width: 64), 0.4, accuracy: 1e-6, "flat paint keeps its colour")
        XCTAssertTrue(stride(from: 3, to: out.count, by: 4).allSatisfy { out[$0] == input[$0] }, "alpha is the input's")
        XCTAssertEqual(out[3], 0, "the empty canvas around stays empty")
        let bottomRight = relief(paint, [("light-azimuth", .double(-45))])
        XCTAssertGreaterThan(brightness(bottomRight, 46, 46, width: 64), brightness(bottomRight, 18, 18, width: 64) + 0.05)
        XCTAssertTrue(out == PaintRelief().shade(input, width: 64, height: 64), "the kernel's bits")
    }

    func testPropertiesReachTheKernel() {
        let paint = random(width: 50, height: 40, seed: 81)
        let properties: [(String, GeglValue)] = [
            ("smoothness", .double(0.4)), ("contrast", .double(6)), ("light-azimuth", .double(250)),
            ("light-elevation", .double(20)), ("ambient", .double(0.1)), ("specular", .double(2)),
            ("shininess", .double(15)),
        ]
        let kernel = PaintRelief(smoothness: 0.4, contrast: 6,
                                 lighting: NormalLighting(azimuth: 250, elevation: 20, ambient: 0.1, specular: 2,
                                                          shininess: 15))
        XCTAssertTrue(relief(paint, properties) == kernel.shade(paint.get(), width: 50, height: 40))
    }

    func testEightBitAndPerceptualPaintingsAreLitAsTheirLinearColours() {
        // GIMP's layers: 8-bit R'G'B'A read as its bytes, 16-bit and perceptual float as R'G'B'A
        // float, each decoded by the kernel's own tables: the kernel's result on the colours
        // babl decodes, to the tables' rounding.
        let picture = random(width: 61, height: 47, seed: 82)
        var extent = picture.extent
        for format in ["R'G'B'A u8", "R'G'B'A u16", "R'G'B'A float"] {
            let painting = GeglBufferRef(owning: gegl_buffer_new(&extent, babl_format(format)))
            picture.copy(extent, to: painting)
            let out = relief(painting)
            let expected = PaintRelief().shade(painting.get(format: Self.rgba), width: 61, height: 47)
            XCTAssertLessThan(zip(out, expected).map { abs($0 - $1) }.max() ?? 1, 1e-5, format)
            XCTAssertGreaterThan(zip(out, painting.get(format: Self.rgba)).map { abs($0 - $1) }.max() ?? 0, 0.05,
                                 "\(format): lit, not the colours as they were")
        }
    }

    func testAnyRegionThreadCountAndTileSizeGivesTheWholeImagesBits() {
        // GIMP asks for the parts a dab changed: each must be exactly that part of the whole.
        let paint = random(width: 300, height: 200, origin: (x: -7, y: 11), seed: 83)
        let props: [(String, GeglValue)] = [("smoothness", .double(0.85)), ("contrast", .double(1.5))]
        let whole = relief(paint, props)
        var rng = SeededRandom(seed: 84)
        for threads in [1, 4] {
            Gegl.setThreads(threads)
            Gegl.setTileSize(width: threads == 1 ? 37 : 128, height: threads == 1 ? 91 : 64)
            for _ in 0 ..< 8 {
                let x = Int.random(in: 0 ..< 300, using: &rng), y = Int.random(in: 0 ..< 200, using: &rng)
                let w = Int.random(in: 1 ... 300 - x, using: &rng), h = Int.random(in: 1 ... 200 - y, using: &rng)
                let region = GeglRectangle(x: Int32(x - 7), y: Int32(y + 11), width: Int32(w), height: Int32(h))
                var expected = [Float]()
                for row in y ..< y + h { expected += whole[(row * 300 + x) * 4 ..< (row * 300 + x + w) * 4] }
                XCTAssertTrue(relief(paint, props, region: region) == expected,
                              "region \(w)×\(h) at (\(x), \(y)), \(threads) threads")
            }
        }
    }

    /// Float layers holding NaN or ±∞ (one pixel, a long row, a block) come out finite.
    func testNonFinitePixelsGiveFiniteOutputAndEmptyBuffersDoNotCrash() {
        let wild: [Float] = [.nan, .infinity, -.infinity, 1e30, -1e30, 0.2, 0.7]
        for (width, height) in [(1, 1), (977, 1), (1, 977), (7, 5)] {
            let paint = buffer(width: width, height: height, (0 ..< width * height * 4).map { wild[$0 % 7] })
            for props: [(String, GeglValue)] in [[], [("contrast", .double(100)), ("smoothness", .double(1)),
                                                      ("shininess", .double(1000)), ("specular", .double(4))]] {
                let out = relief(paint, props)
                XCTAssertEqual(out.count, width * height * 4)
                XCTAssertTrue(out.allSatisfy(\.isFinite), "\(width)×\(height) \(props)")
            }
        }
        XCTAssertEqual(relief(GeglBufferRef(width: 0, height: 0)).count, 0)
    }

    func testCLILightsAPaintedPNG() throws {
        let dir = BuildProducts.temporaryDirectory("paint-relief-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let painting = dir.appendingPathComponent("painting.png"), output = dir.appendingPathComponent("lit.png")
        GeglGraph.save(dab(), to: painting.path)
        let result = runCommand("gegl", ["-i", painting.path, "-o", output.path, "--", Self.op],
                                environment: ["GEGL_PATH": ImpastoModule.geglPath])
        XCTAssertEqual(result.status, 0, result.output)
        let lit = try XCTUnwrap(FloatImage.load(output, format: Self.rgba))
        XCTAssertEqual([lit.width, lit.height], [64, 64])
        func brightness(_ x: Int, _ y: Int) -> Float { lit.pixel(x, y).prefix(3).reduce(0, +) / 3 }
        XCTAssertGreaterThan(brightness(18, 18), brightness(46, 46) + 0.05, "top-left edge brighter")
        XCTAssertEqual(brightness(32, 32), 0.4, accuracy: 0.01, "flat paint as it was")
        XCTAssertEqual(lit.pixel(1, 1).last, 0, "empty canvas stays empty")
    }
}
