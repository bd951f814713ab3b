// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import Foundation
import GeglKit
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// impasto:normal-light inside GEGL, in this process and through the `gegl` CLI: the input
/// (a painting) lit through the normals of the aux (a bump layer).
final class NormalLightOpTests: XCTestCase {
    static let op = "impasto:normal-light"
    static let rgba = "RGBA float"
    static let grayAlpha = "Y'A float"

    override func setUp() {
        super.setUp()
        XCTAssertTrue(ImpastoModule.load())
        XCTAssertTrue(Gegl.hasOperation(Self.op), "the module at \(BuildProducts.module.path) did not register \(Self.op)")
    }

    override func tearDown() {
        Gegl.setThreads(1)
        super.tearDown()
    }

    /// An RGBA float buffer of `samples` over width × height at `origin`.
    func buffer(width: Int, height: Int, origin: (x: Int, y: Int) = (0, 0), _ samples: [Float]) -> GeglBufferRef {
        var extent = GeglRectangle(x: Int32(origin.x), y: Int32(origin.y), width: Int32(width), height: Int32(height))
        let buffer = GeglBufferRef(owning: gegl_buffer_new(&extent, babl_format(Self.rgba)))
        buffer.set(samples)
        return buffer
    }

    /// The painting: one opaque linear colour.
    func solid(width: Int, height: Int, _ rgb: Float = 0.5) -> GeglBufferRef {
        buffer(width: width, height: height, [Float](repeating: 0, count: width * height).flatMap { _ in [rgb, rgb, rgb, 1] })
    }

    /// BristlePaint's bump: a white disc at 10 % opacity on transparent.
    func bumpStroke(size: Int = 64, radius: Double = 20) -> GeglBufferRef {
        var samples = [Float]()
        for y in 0 ..< size { for x in 0 ..< size {
            let dx = Double(x) + 0.5 - Double(size) / 2, dy = Double(y) + 0.5 - Double(size) / 2
            samples += dx * dx + dy * dy <= radius * radius ? [1, 1, 1, 0.1] : [0, 0, 0, 0]
        } }
        return buffer(width: size, height: size, samples)
    }

    func random(width: Int, height: Int, origin: (x: Int, y: Int) = (0, 0), seed: UInt64) -> GeglBufferRef {
        var rng = SeededRandom(seed: seed)
        return buffer(width: width, height: height, origin: origin,
                      (0 ..< width * height * 4).map { _ in Float.random(in: 0 ... 1, using: &rng) })
    }

    /// The heights h = Y'·alpha the op reads from `bump`.
    func heights(_ bump: GeglBufferRef) -> Plane {
        let e = bump.extent
        let grayAlpha = bump.get(format: Self.grayAlpha, components: 2)
        var plane = Plane(width: Int(e.width), height: Int(e.height))
        for i in plane.values.indices { plane.values[i] = grayAlpha[2 * i] * grayAlpha[2 * i + 1] }
        return plane
    }

    /// Runs the op on `colour` with `bump` on its aux (nil: none connected), optionally
    /// passed through an op first (so the aux is an op's output, not a buffer), and with a
    /// linear light colour; returns the output over the colour's extent as RGBA float.
    func light(_ colour: GeglBufferRef, bump: GeglBufferRef?, _ properties: [(String, GeglValue)] = [],
               bumpThroughAnOp: Bool = false, lightColor: SIMD3<Double>? = nil) -> [Float] {
        let e = colour.extent
        let output = buffer(width: Int(e.width), height: Int(e.height), origin: (Int(e.x), Int(e.y)),
                            [Float](repeating: -1, count: Int(e.width * e.height) * 4))
        let graph = GeglGraph()
        let source = graph.node("gegl:buffer-source", [("buffer", .buffer(colour))])
        let op = graph.node(Self.op, properties)
        let sink = graph.node("gegl:write-buffer", [("buffer", .buffer(output))])
        graph.chain([source, op, sink])
        if let bump {
            var aux = graph.node("gegl:buffer-source", [("buffer", .buffer(bump))])
            if bumpThroughAnOp {
                let times1 = graph.node("gegl:multiply", [("value", .double(1))])
                graph.chain([aux, times1])
                aux = times1
            }
            graph.connect(aux, to: op, pad: "aux")
        }
        if let lightColor {
            let color = gegl_color_new(nil)!
            gegl_color_set_rgba(color, lightColor.x, lightColor.y, lightColor.z, 1)
            var value = GValue()
            g_value_init(&value, gegl_color_get_type())
            g_value_set_object(&value, color)
            gegl_node_set_property(op, "light-color", &value)
            g_value_unset(&value)
            g_object_unref(color)
        }
        graph.process(sink, rect: e)
        return output.get()
    }

    func brightness(_ out: [Float], _ x: Int, _ y: Int, width: Int) -> Float {
        let i = (y * width + x) * 4
        return (out[i] + out[i + 1] + out[i + 2]) / 3
    }

    func testMetadataPropertiesAndDefaults() throws {
        func key(_ k: String) -> String? { gegl_operation_get_key(Self.op, k).map { String(cString: $0) } }
        XCTAssertEqual(key("title"), "Impasto Normal Light")
        XCTAssertEqual(key("categories"), "light")
        // No menu entry of its own: GIMP 3 lists the procedure, which can offer the bump (MenuEntryTests).
        XCTAssertNil(key("gimp:menu-path"))
        XCTAssertNil(key("gimp:menu-label"))
        XCTAssertFalse(key("description")?.isEmpty ?? true)

        func spec(_ name: String) throws -> UnsafeMutablePointer<GParamSpec> {
            let spec = try XCTUnwrap(gegl_operation_find_property(Self.op, name), name)
            XCTAssertFalse(String(cString: g_param_spec_get_blurb(spec)).isEmpty, "\(name) has a description")
            return spec
        }
        func double(_ name: String) throws -> [Double] {
            let d = UnsafeMutableRawPointer(try spec(name)).assumingMemoryBound(to: GeglParamSpecDouble.self).pointee
            return [d.parent_instance.minimum, d.parent_instance.maximum, d.parent_instance.default_value,
                    d.ui_minimum, d.ui_maximum]
        }
        // [min, max, default, ui min, ui max]
        XCTAssertEqual(try double("smoothness"), [0, 1, 0.75, 0, 1])
        XCTAssertEqual(try double("contrast"), [0, 100, 3, 0, 10])
        XCTAssertEqual(try double("light-azimuth"), [-360, 360, 135, 0, 360])
        XCTAssertEqual(try double("light-elevation"), [0, 90, 45, 0, 90])
        XCTAssertEqual(try double("ambient"), [0, 1, 0.35, 0, 1])
        XCTAssertEqual(try double("specular"), [0, 4, 0.6, 0, 4])
        XCTAssertEqual(try double("shininess"), [1, 1000, 40, 1, 200])

        let tileable = UnsafeMutableRawPointer(try spec("tileable")).assumingMemoryBound(to: GParamSpecBoolean.self)
        XCTAssertEqual(tileable.pointee.default_value, 0)
        let white = try XCTUnwrap(gegl_param_spec_color_get_default(try spec("light-color")))
        var (r, g, b, a) = (-1.0, -1.0, -1.0, -1.0)
        gegl_color_get_rgba(white, &r, &g, &b, &a)
        XCTAssertEqual([r, g, b, a], [1, 1, 1, 1], "the light is white")
        let graph = GeglGraph()
        XCTAssertNotEqual(gegl_node_has_pad(graph.node(Self.op), "aux"), 0, "the bump goes to the aux pad")
    }

    func testABumpLitFromTheTopLeftIsBrighterOnItsTopLeftEdge() {
        let colour = solid(width: 64, height: 64), bump = bumpStroke()
        let topLeft = light(colour, bump: bump)
        // The disc (centre 32, radius 20) has its top-left edge near (17, 17), its bottom-right
        // edge near (46, 46).
        let flat = brightness(topLeft, 32, 32, width: 64)
        XCTAssertGreaterThan(brightness(topLeft, 17, 17, width: 64), brightness(topLeft, 46, 46, width: 64) + 0.02,
                             "lit from the top-left (azimuth 135), the top-left edge is the brighter")
        XCTAssertGreaterThan(brightness(topLeft, 17, 17, width: 64), flat)
        XCTAssertLessThan(brightness(topLeft, 46, 46, width: 64), flat)
        let bottomRight = light(colour, bump: bump, [("light-azimuth", .double(-45))])
        XCTAssertGreaterThan(brightness(bottomRight, 46, 46, width: 64), brightness(bottomRight, 17, 17, width: 64) + 0.02)
        XCTAssertTrue(stride(from: 3, to: topLeft.count, by: 4).allSatisfy { topLeft[$0] == 1 }, "alpha is the input's")
        // Exactly the kernel's, on the heights Y'·alpha of the bump.
        XCTAssertTrue(topLeft == NormalLight().shade(colour.get(), bump: heights(bump)), "the kernel's bits")
    }

    func testPropertiesReachTheKernel() {
        let colour = random(width: 50, height: 40, seed: 51), bump = random(width: 50, height: 40, seed: 52)
        let properties: [(String, GeglValue)] = [
            ("smoothness", .double(0.4)), ("contrast", .double(6)), ("tileable", .bool(true)),
            ("light-azimuth", .double(250)), ("light-elevation", .double(20)), ("ambient", .double(0.1)),
            ("specular", .double(2)), ("shininess", .double(15)),
        ]
        let out = light(colour, bump: bump, properties, lightColor: SIMD3(0.5, 0.25, 1))
        let kernel = NormalLight(normalMap: NormalMap(smoothness: 0.4, contrast: 6, tileable: true),
                                 lighting: NormalLighting(azimuth: 250, elevation: 20, ambient: 0.1, specular: 2,
                                                          shininess: 15, lightColor: SIMD3(0.5, 0.25, 1)))
        XCTAssertTrue(out == kernel.shade(colour.get(), bump: heights(bump)),
                      "every property, and the light colour in linear RGB, as the kernel has them")
    }

    func testAnEightBitPaintingIsLitAsItsLinearColours() {
        // GIMP's 8-bit layers: the op reads R'G'B'A u8 as codes and decodes them by its own
        // table (not babl's conversion to linear float, which may build a 256 MB table). The
        // result is the kernel's on the same colours as babl decodes them, to float rounding.
        let picture = random(width: 60, height: 50, seed: 61)
        var extent = picture.extent
        let eightBit = GeglBufferRef(owning: gegl_buffer_new(&extent, babl_format("R'G'B'A u8")))
        picture.copy(extent, to: eightBit)
        let bump = random(width: 60, height: 50, seed: 62)
        let out = light(eightBit, bump: bump)
        let expected = NormalLight().shade(eightBit.get(format: Self.rgba), bump: heights(bump))
        let worst = zip(out, expected).map { abs($0 - $1) }.max() ?? 1
        XCTAssertLessThan(worst, 1e-6, "lit as the linear colours the codes stand for")
        XCTAssertGreaterThan(zip(out, eightBit.get(format: Self.rgba)).map { abs($0 - $1) }.max() ?? 0, 0.05,
                             "and lit: not the colours as they were")
    }

    func testAPerceptualPaintingOfAnyDepthIsLitAsItsLinearColours() {
        // GIMP's 16-bit and perceptual float layers: the op reads R'G'B'A float and undoes the
        // curve itself (a table of it, not babl's pass to linear float before the op): lit as
        // the colours babl decodes, to the table's and babl's rounding.
        let picture = random(width: 61, height: 50, seed: 63), bump = random(width: 61, height: 50, seed: 64)
        var extent = picture.extent
        for format in ["R'G'B'A u16", "R'G'B'A float"] {
            let painting = GeglBufferRef(owning: gegl_buffer_new(&extent, babl_format(format)))
            picture.copy(extent, to: painting)
            let out = light(painting, bump: bump)
            let expected = NormalLight().shade(painting.get(format: Self.rgba), bump: heights(bump))
            XCTAssertLessThan(zip(out, expected).map { abs($0 - $1) }.max() ?? 1, 2e-6, format)
            XCTAssertGreaterThan(zip(out, painting.get(format: Self.rgba)).map { abs($0 - $1) }.max() ?? 0, 0.05,
                                 "\(format): lit, not the colours as they were")
        }
    }

    func testWithoutABumpTheColourIsUnchanged() {
        let colour = random(width: 41, height: 23, origin: (x: 3, y: -7), seed: 53)
        XCTAssertTrue(light(colour, bump: nil) == colour.get(), "nothing to light")
        XCTAssertTrue(light(colour, bump: nil, [("specular", .double(4)), ("ambient", .double(0))]) == colour.get())
    }

    func testTheBoundingBoxIsTheInputs() {
        let graph = GeglGraph()
        let colour = graph.node("gegl:buffer-source", [("buffer", .buffer(random(width: 30, height: 20, origin: (x: 4, y: 9), seed: 54)))])
        let bump = graph.node("gegl:buffer-source", [("buffer", .buffer(random(width: 100, height: 90, origin: (x: -20, y: 0), seed: 55)))])
        let op = graph.node(Self.op)
        graph.chain([colour, op])
        graph.connect(bump, to: op, pad: "aux")
        let box = gegl_node_get_bounding_box(op)
        XCTAssertEqual([box.x, box.y, box.width, box.height], [4, 9, 30, 20], "the painting's, not grown by the bump")
    }

    /// The expected output when the bump covers only part of the painting: the bump continued
    /// beyond its own borders (clamped, or wrapped when tileable) under every painting pixel.
    func expected(_ settings: NormalLight, colour: GeglBufferRef, bump: GeglBufferRef) -> [Float] {
        let c = colour.extent, b = bump.extent, h = heights(bump), m = settings.margin
        func onto(_ i: Int, _ start: Int32, _ size: Int32) -> Int {
            let i = i - Int(start), n = Int(size)
            return settings.normalMap.tileable ? ((i % n) + n) % n : min(max(i, 0), n - 1)
        }
        var window = Plane(width: Int(c.width) + 2 * m, height: Int(c.height) + 2 * m)
        for y in 0 ..< window.height { for x in 0 ..< window.width {
            window[x, y] = h[onto(Int(c.x) + x - m, b.x, b.width), onto(Int(c.y) + y - m, b.y, b.height)]
        } }
        var out = colour.get()
        out.withUnsafeMutableBufferPointer { settings.shade(window: window, margin: m, rgba: $0.baseAddress!) }
        return out
    }

    func testOutputIsIdenticalForAnyThreadCountAndTileSize() {
        // The bump as large as the painting, or smaller and elsewhere (its own borders then
        // clamp or wrap), as a buffer or as an op's output.
        for (bumpSize, bumpOrigin, throughAnOp) in [((300, 200), (x: 0, y: 0), false),
                                                    ((120, 80), (x: 50, y: 40), true),
                                                    ((40, 30), (x: 320, y: -60), true)] {
            for tileable in [false, true] {
                let label = "bump \(bumpSize) at \(bumpOrigin), tileable \(tileable)"
                let props: [(String, GeglValue)] = [("smoothness", .double(0.75)), ("tileable", .bool(tileable))]
                func run() -> [Float] {
                    light(random(width: 300, height: 200, seed: 56),
                          bump: random(width: bumpSize.0, height: bumpSize.1, origin: bumpOrigin, seed: 57),
                          props, bumpThroughAnOp: throughAnOp)
                }
                Gegl.setThreads(1)
                let one = run()
                Gegl.setThreads(4)
                let four = run()
                XCTAssertTrue(one == four, "GEGL_THREADS 1 and 4 must give bit-identical output (\(label))")
                Gegl.setTileSize(width: 37, height: 91)
                let tiled = run()
                Gegl.setTileSize(width: 128, height: 64)
                XCTAssertTrue(one == tiled, "the tile size must not change the output: no seams (\(label))")
                let settings = NormalLight(normalMap: NormalMap(smoothness: 0.75, tileable: tileable))
                XCTAssertTrue(one == expected(settings, colour: random(width: 300, height: 200, seed: 56),
                                              bump: random(width: bumpSize.0, height: bumpSize.1, origin: bumpOrigin, seed: 57)),
                              "the kernel's bits over the bump continued beyond its borders (\(label))")
            }
        }
    }

    func testNonFinitePixelsGiveFiniteOutputAndEmptyBuffersDoNotCrash() {
        let wild: [Float] = [.nan, .infinity, -.infinity, 1e30, -1e30, 0.2, 0.7]
        let colour = buffer(width: 7, height: 5, (0 ..< 7 * 5 * 4).map { wild[$0 % 7] })
        let bump = buffer(width: 7, height: 5, (0 ..< 7 * 5 * 4).map { wild[($0 * 3) % 7] })
        let finite = solid(width: 7, height: 5)
        for props: [(String, GeglValue)] in [[], [("tileable", .bool(true)), ("contrast", .double(100)),
                                                  ("shininess", .double(1000)), ("specular", .double(4))]] {
            let out = light(colour, bump: bump, props)
            XCTAssertEqual(out.count, 7 * 5 * 4)
            XCTAssertTrue(out.allSatisfy(\.isFinite), "a wild colour on a wild bump: finite")
            XCTAssertTrue(light(finite, bump: bump, props).allSatisfy(\.isFinite), "a wild bump lights a finite colour finitely")
        }
        XCTAssertEqual(light(GeglBufferRef(width: 0, height: 0), bump: bump).count, 0)
        XCTAssertTrue(light(finite, bump: GeglBufferRef(width: 0, height: 0)).allSatisfy(\.isFinite), "an empty bump")
    }

    // MARK: the `gegl` command-line tool

    func testCLILightsAPaintingThroughABumpPNG() throws {
        let dir = BuildProducts.temporaryDirectory("normal-light-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let painting = dir.appendingPathComponent("painting.png"), bump = dir.appendingPathComponent("bump.png")
        let output = dir.appendingPathComponent("lit.png")
        GeglGraph.save(solid(width: 64, height: 64, 0.2), to: painting.path)
        GeglGraph.save(bumpStroke(), to: bump.path)
        let result = runCommand("gegl", ["-i", painting.path, "-o", output.path, "--", Self.op,
                                         "aux=[", "gegl:load", "path=\(bump.path)", "]", "specular=0"],
                                environment: ["GEGL_PATH": ImpastoModule.geglPath])
        XCTAssertEqual(result.status, 0, result.output)
        let lit = try XCTUnwrap(FloatImage.load(output, format: Self.rgba))
        XCTAssertEqual([lit.width, lit.height], [64, 64])
        func brightness(_ x: Int, _ y: Int) -> Float { lit.pixel(x, y).prefix(3).reduce(0, +) / 3 }
        XCTAssertGreaterThan(brightness(17, 17), brightness(46, 46) + 0.005, "top-left edge brighter")
        XCTAssertEqual(brightness(2, 2), 0.2, accuracy: 0.01, "flat and matte: the colour as it was")
    }

    func testAPerceptualRGBBumpIsReadAsTheNormalMapReadsIt() {
        // An R'G'B'A float bump with coloured pixels (GIMP's 8-bit case): heights are the
        // luma w·(R', G', B') with the space's luminance weights (grey pixels: R') times
        // alpha, exactly as impasto:bristle-normal-map reads them, so bit for bit.
        var rng = SeededRandom(seed: 58)
        let (width, height) = (90, 70)
        let samples = (0 ..< width * height).flatMap { i -> [Float] in
            let v = Float.random(in: 0 ... 1, using: &rng), a = Float.random(in: 0 ... 1, using: &rng)
            return i % 3 == 0 ? [v, Float.random(in: 0 ... 1, using: &rng), 0.6, a] : [v, v, v, a]
        }
        let bump = GeglBufferRef(width: width, height: height, format: "R'G'B'A float")
        bump.set(samples, format: "R'G'B'A float")
        var (r, g, b) = (0.0, 0.0, 0.0)
        babl_space_get_rgb_luminance(babl_space("sRGB"), &r, &g, &b)
        let w = SIMD3<Float>(Float(r), Float(g), Float(b))
        var heights = Plane(width: width, height: height)
        for i in heights.values.indices {
            let (r, g, b, a) = (samples[4 * i], samples[4 * i + 1], samples[4 * i + 2], samples[4 * i + 3])
            heights.values[i] = (r == g && g == b ? r : (w.x * r + w.y * g) + w.z * b) * a
        }
        let colour = random(width: width, height: height, seed: 59)
        XCTAssertTrue(light(colour, bump: bump) == NormalLight().shade(colour.get(), bump: heights))
    }
}
