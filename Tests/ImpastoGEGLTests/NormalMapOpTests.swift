// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import Foundation
import GeglKit
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// impasto:bristle-normal-map inside GEGL, in this process and through the `gegl` CLI.
final class NormalMapOpTests: XCTestCase {
    static let op = "impasto:bristle-normal-map"
    static let rgb = "R'G'B'A float"
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

    /// A Y'A float buffer over `extent` whose pixel (x, y) (from the extent's corner) is
    /// (Y', alpha) = `value(x, y)`.
    func grayAlphaBuffer(width: Int, height: Int, origin: (x: Int, y: Int) = (0, 0),
                         _ value: (Int, Int) -> (Float, Float)) -> GeglBufferRef {
        var extent = GeglRectangle(x: Int32(origin.x), y: Int32(origin.y), width: Int32(width), height: Int32(height))
        let buffer = GeglBufferRef(owning: gegl_buffer_new(&extent, babl_format(Self.grayAlpha)))
        var samples = [Float]()
        for y in 0 ..< height { for x in 0 ..< width { let v = value(x, y); samples += [v.0, v.1] } }
        buffer.set(samples, format: Self.grayAlpha)
        return buffer
    }

    /// BristlePaint's bump: a white disc at 10 % opacity on transparent, RGBA.
    func bumpStroke(size: Int = 64, radius: Double = 20) -> GeglBufferRef {
        let buffer = GeglBufferRef(width: size, height: size)
        var samples = [Float]()
        for y in 0 ..< size { for x in 0 ..< size {
            let dx = Double(x) + 0.5 - Double(size) / 2, dy = Double(y) + 0.5 - Double(size) / 2
            samples += dx * dx + dy * dy <= radius * radius ? [1, 1, 1, 0.1] : [0, 0, 0, 0]
        } }
        buffer.set(samples)
        return buffer
    }

    /// Random heights, as a buffer and as the plane of Y'·alpha the kernel sees.
    func randomHeights(width: Int, height: Int, origin: (x: Int, y: Int) = (0, 0), seed: UInt64) -> (GeglBufferRef, Plane) {
        var rng = SeededRandom(seed: seed)
        var pixels = [(Float, Float)]()
        for _ in 0 ..< width * height {
            pixels.append((Float.random(in: 0 ... 1, using: &rng), Float.random(in: 0 ... 1, using: &rng)))
        }
        let buffer = grayAlphaBuffer(width: width, height: height, origin: origin) { x, y in pixels[y * width + x] }
        var plane = Plane(width: width, height: height)
        for i in pixels.indices { plane.values[i] = pixels[i].0 * pixels[i].1 }
        return (buffer, plane)
    }

    func normalMap(_ input: GeglBufferRef, _ properties: [(String, GeglValue)] = []) -> [Float] {
        GeglGraph.apply(Self.op, properties, to: input, format: Self.rgb).get(format: Self.rgb)
    }

    func testMetadataPropertiesAndDefaults() throws {
        func key(_ k: String) -> String? { gegl_operation_get_key(Self.op, k).map { String(cString: $0) } }
        XCTAssertEqual(key("title"), "Impasto Bristle Normal Map")
        XCTAssertEqual(key("categories"), "map")
        XCTAssertEqual(key("gimp:menu-path"), "<Image>/Filters/Map")
        XCTAssertEqual(key("gimp:menu-label"), "Impasto Bristle Normal Map...")
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
        func boolean(_ name: String) throws -> Int32 {
            UnsafeMutableRawPointer(try spec(name)).assumingMemoryBound(to: GParamSpecBoolean.self).pointee.default_value
        }
        XCTAssertEqual(try double("smoothness"), [0, 1, 0.75, 0, 1])
        XCTAssertEqual(try double("contrast"), [0, 100, 3, 0, 10])
        XCTAssertEqual(try boolean("flip-y"), 0)
        XCTAssertEqual(try boolean("tileable"), 0)
    }

    func testABristleStrokeBumpFollowsTheConventions() {
        let input = bumpStroke()
        let opengl = normalMap(input), directX = normalMap(input, [("flip-y", .bool(true))])
        func pixel(_ out: [Float], _ x: Int, _ y: Int) -> [Float] { Array(out[(y * 64 + x) * 4 ..< (y * 64 + x) * 4 + 4]) }
        // The disc spans 12 … 51 through the centre row and column 32.
        XCTAssertGreaterThan(pixel(opengl, 32, 12)[1], 0.52, "top edge: G > 0.5 (OpenGL, green up)")
        XCTAssertLessThan(pixel(opengl, 32, 51)[1], 0.48, "bottom edge: G < 0.5")
        XCTAssertLessThan(pixel(opengl, 12, 32)[0], 0.48, "left edge: R < 0.5")
        XCTAssertGreaterThan(pixel(opengl, 51, 32)[0], 0.52, "right edge: R > 0.5")
        XCTAssertLessThan(pixel(directX, 32, 12)[1], 0.48, "flip-y: the top edge has G < 0.5 (DirectX)")
        for (c, v) in [0.5, 0.5, 1, 1].enumerated() {
            XCTAssertEqual(pixel(opengl, 32, 32)[c], Float(v), accuracy: 1e-6, "the middle is flat")
            XCTAssertEqual(pixel(opengl, 2, 2)[c], Float(v), accuracy: 1e-6, "so is the empty corner")
        }
        // Exactly the kernel's map of h = Y'·alpha = 0.1 inside.
        var heights = Plane(width: 64, height: 64)
        let alpha = input.get().enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
        for i in heights.values.indices { heights.values[i] = alpha[i] }
        let kernel = NormalMap().render(heights)
        XCTAssertEqual(zip(opengl, kernel).map { abs($0 - $1) }.max() ?? 1, 0, accuracy: 1e-6)
    }

    func testARampFollowsTheFormula() {
        // h = a·x with alpha 1: in the interior n = normalize(−c·s·a, 0, 1), s the kernel's
        // height scale.
        let a = 1.0 / 128, c = 5.0, s = Double(NormalMap.heightScale)
        let input = grayAlphaBuffer(width: 60, height: 20) { x, _ in (Float(a * Double(x)), 1) }
        let length = (c * s * a * c * s * a + 1).squareRoot()
        let expected = [0.5 - 0.5 * c * s * a / length, 0.5, 0.5 + 0.5 / length, 1]
        for smoothness in [0.0, 0.75] {
            let out = normalMap(input, [("smoothness", .double(smoothness)), ("contrast", .double(c))])
            let inner = NormalMap(smoothness: Float(smoothness)).margin
            for y in 0 ..< 20 { for x in inner ..< 60 - inner {
                for k in 0 ..< 4 {
                    XCTAssertEqual(Double(out[(y * 60 + x) * 4 + k]), expected[k], accuracy: 1e-6,
                                   "smoothness \(smoothness) (\(x), \(y)) channel \(k)")
                }
            } }
        }
    }

    func testTheOutputIsOpaqueAndMatchesTheKernelAtAnyOrigin() {
        // Clamped or wrapped at the image's own borders, wherever the image lies.
        for tileable in [false, true] {
            for (width, height, origin) in [(57, 43, (x: 7, y: -5)), (5, 3, (x: 0, y: 0)), (1, 1, (x: -2, y: 3))] {
                let (input, heights) = randomHeights(width: width, height: height, origin: origin, seed: 31)
                let props: [(String, GeglValue)] = [("smoothness", .double(1)), ("tileable", .bool(tileable))]
                let output = GeglGraph.apply(Self.op, props, to: input, format: Self.rgb)
                XCTAssertEqual(output.extent.x, Int32(origin.x))
                XCTAssertEqual(output.extent.width, Int32(width))
                let out = output.get(format: Self.rgb)
                XCTAssertTrue(stride(from: 3, to: out.count, by: 4).allSatisfy { out[$0] == 1 }, "opaque")
                XCTAssertTrue(out == NormalMap(smoothness: 1, tileable: tileable).render(heights),
                              "tileable \(tileable), \(width)×\(height) at \(origin): the kernel's bits")
            }
        }
    }

    func testTheBoundingBoxIsTheInputs() {
        let (input, _) = randomHeights(width: 30, height: 20, origin: (x: 4, y: 9), seed: 32)
        let graph = GeglGraph()
        let source = graph.node("gegl:buffer-source", [("buffer", .buffer(input))])
        let op = graph.node(Self.op, [("smoothness", .double(1))])
        graph.chain([source, op])
        let box = gegl_node_get_bounding_box(op)
        XCTAssertEqual([box.x, box.y, box.width, box.height], [4, 9, 30, 20], "not grown by the margins")
    }

    func testOutputIsIdenticalForAnyThreadCountAndTileSize() {
        let (input, _) = randomHeights(width: 300, height: 200, seed: 33)
        for tileable in [false, true] {
            let props: [(String, GeglValue)] = [("smoothness", .double(0.75)), ("tileable", .bool(tileable))]
            Gegl.setThreads(1)
            let one = normalMap(input, props)
            Gegl.setThreads(4)
            let four = normalMap(input, props)
            XCTAssertTrue(one == four, "GEGL_THREADS 1 and 4 must give bit-identical output (tileable \(tileable))")
            Gegl.setTileSize(width: 37, height: 91)
            let (odd, _) = randomHeights(width: 300, height: 200, seed: 33)
            let tiled = normalMap(odd, props)
            Gegl.setTileSize(width: 128, height: 64)
            XCTAssertTrue(one == tiled, "the tile size must not change the output: no seams (tileable \(tileable))")
        }
    }

    /// The luminance weights babl gives sRGB (Bradford-adapted to D50), as the op hands them
    /// to the kernel.
    static var srgbLuma: SIMD3<Float> {
        var (r, g, b) = (0.0, 0.0, 0.0)
        babl_space_get_rgb_luminance(babl_space("sRGB"), &r, &g, &b)
        return SIMD3(Float(r), Float(g), Float(b))
    }

    func testAPerceptualRGBBumpIsReadAsItIsWithTheSpacesLuma() {
        // An R'G'B'A float bump (what GIMP hands over for an 8-bit image) is read without a
        // conversion to Y'A: grey pixels give h = R'·alpha, coloured ones the luma
        // Y' = w·(R', G', B') with the space's luminance weights w, times alpha: a fixed
        // formula, so bit for bit (babl's Y'A, the TRC of the linear luminance, is another).
        var rng = SeededRandom(seed: 34)
        let (width, height) = (150, 110)
        var samples = [Float]()
        for y in 0 ..< height { for x in 0 ..< width {
            let v = Float.random(in: 0 ... 1, using: &rng), a = Float.random(in: 0 ... 1, using: &rng)
            samples += (x + 2 * y) % 9 == 0 ? [v, Float.random(in: 0 ... 1, using: &rng), 0.3, a] : [v, v, v, a]
        } }
        func bump() -> GeglBufferRef {
            let buffer = GeglBufferRef(width: width, height: height, format: Self.rgb)
            buffer.set(samples, format: Self.rgb)
            return buffer
        }
        let input = bump(), w = Self.srgbLuma
        XCTAssertEqual(Double(w.sum()), 1, accuracy: 1e-6)
        var heights = Plane(width: width, height: height)
        for i in heights.values.indices {
            let (r, g, b, a) = (samples[4 * i], samples[4 * i + 1], samples[4 * i + 2], samples[4 * i + 3])
            heights.values[i] = (r == g && g == b ? r : (w.x * r + w.y * g) + w.z * b) * a
        }
        for tileable in [false, true] {
            let out = normalMap(input, [("tileable", .bool(tileable))])
            XCTAssertTrue(out == NormalMap(tileable: tileable).render(heights), "the luma formula, tileable \(tileable)")
        }
        Gegl.setThreads(1)
        let one = normalMap(input)
        Gegl.setThreads(4)
        XCTAssertTrue(one == normalMap(input), "GEGL_THREADS 1 and 4 give the same bits")
        Gegl.setTileSize(width: 37, height: 91)
        let tiled = normalMap(bump())
        Gegl.setTileSize(width: 128, height: 64)
        XCTAssertTrue(one == tiled, "the tile size does not change the output")
    }

    func testALinearBumpGetsTheMapsColoursInLinearRGBA() {
        // A linear RGBA float bump (GIMP's linear float images) is read as babl's Y'A, as any
        // bump but R'G'B'; its map comes out as linear RGBA float, the codes undone by the
        // kernel as it writes (SRGB.decodeUnit) instead of in a babl pass after the op: the
        // colours of the map that the same heights give in R'G'B'A, to the table's 4·10⁻⁷.
        var rng = SeededRandom(seed: 35)
        let (width, height) = (150, 110)
        var samples = [Float]()
        for _ in 0 ..< width * height {
            let v = Float.random(in: 0 ... 1, using: &rng)
            samples += [v, v * Float.random(in: 0 ... 1, using: &rng), v, Float.random(in: 0 ... 1, using: &rng)]
        }
        let linearBump = GeglBufferRef(width: width, height: height, format: "RGBA float")
        linearBump.set(samples, format: "RGBA float")
        // The same heights stored as Y'A by babl's same conversion: read as they are.
        let yaBump = GeglBufferRef(width: width, height: height, format: Self.grayAlpha)
        yaBump.set(samples, format: "RGBA float")
        func linear(_ code: Double) -> Double { code <= 0.04045 ? code / 12.92 : pow((code + 0.055) / 1.055, 2.4) }
        for properties: [(String, GeglValue)] in [[], [("smoothness", .double(0)), ("flip-y", .bool(true))]] {
            let codes = normalMap(yaBump, properties)
            let out = GeglGraph.apply(Self.op, properties, to: linearBump, format: "RGBA float").get(format: "RGBA float")
            XCTAssertEqual(out.count, codes.count)
            var worst = 0.0
            for i in out.indices {
                if i % 4 == 3 {
                    XCTAssertEqual(out[i], 1, "opaque")
                } else {
                    worst = max(worst, abs(Double(out[i]) - linear(Double(codes[i]))))
                }
            }
            XCTAssertLessThan(worst, 4e-7, "\(properties)")
            XCTAssertGreaterThan(Set(codes).count, 1000, "a map with many colours")
        }
    }

    func testAnEightBitBumpIsReadAsItsBytes() {
        // GIMP's 8-bit layers: the op reads R'G'B'A u8 as it is and widens the bytes itself
        // (babl's R'G'B'A u8 → float may be a 256 MB table): the same map, bit for bit, as the
        // same codes k/255 in R'G'B'A float, at any thread count.
        var rng = SeededRandom(seed: 36)
        let (width, height) = (97, 61)
        var extent = GeglRectangle(x: 0, y: 0, width: Int32(width), height: Int32(height))
        let codes = (0 ..< width * height).flatMap { i -> [Float] in
            let v = Float(Int.random(in: 0 ... 255, using: &rng)) / 255, a = Float(Int.random(in: 0 ... 255, using: &rng)) / 255
            return i % 4 == 0 ? [v, Float(Int.random(in: 0 ... 255, using: &rng)) / 255, 0.2, a] : [v, v, v, a]
        }
        let eightBit = GeglBufferRef(owning: gegl_buffer_new(&extent, babl_format("R'G'B'A u8")))
        eightBit.set(codes, format: Self.rgb)
        // The codes as Floats k/255 from here, not from babl's u8 → float (whose path, and so
        // its rounding, babl picks per process).
        let float = GeglBufferRef(width: width, height: height, format: Self.rgb)
        float.set(codes, format: Self.rgb)
        let expected = normalMap(float)
        XCTAssertTrue(normalMap(eightBit) == expected, "the bytes as their codes")
        Gegl.setThreads(4)
        XCTAssertTrue(normalMap(eightBit) == expected, "GEGL_THREADS 4")
    }

    func testAFlattenedEightBitBumpIsReadWithoutAlpha() {
        // R'G'B' u8 (a flattened photo): read as R'G'B' float (babl's fast path; adding alpha
        // from u8 takes its slow one), heights the same luma formula with alpha 1.
        var rng = SeededRandom(seed: 35)
        let (width, height) = (90, 70)
        let codes = (0 ..< width * height * 3).map { i in Float(i % 5 == 0 ? Int.random(in: 0 ... 255, using: &rng) : (i / 3) % 256) / 255 }
        var extent = GeglRectangle(x: 0, y: 0, width: Int32(width), height: Int32(height))
        let input = GeglBufferRef(owning: gegl_buffer_new(&extent, babl_format("R'G'B' u8")))
        input.set(codes, format: "R'G'B' float")
        let samples = input.get(format: "R'G'B' float", components: 3), w = Self.srgbLuma
        var heights = Plane(width: width, height: height)
        for i in heights.values.indices {
            let (r, g, b) = (samples[3 * i], samples[3 * i + 1], samples[3 * i + 2])
            heights.values[i] = r == g && g == b ? r : (w.x * r + w.y * g) + w.z * b
        }
        XCTAssertTrue(normalMap(input) == NormalMap().render(heights), "the luma formula, alpha 1")
    }

    func testNonFinitePixelsAndEmptyBuffersDoNotCrash() {
        let wild = grayAlphaBuffer(width: 4, height: 3) { x, y in
            [(Float.nan, 1), (.infinity, 1), (1, .nan), (-.infinity, 0.5), (1e30, 1), (0.2, 1)][(x + y) % 6]
        }
        for props: [(String, GeglValue)] in [[], [("tileable", .bool(true)), ("contrast", .double(100))]] {
            XCTAssertTrue(normalMap(wild, props).allSatisfy(\.isFinite))
        }
        XCTAssertEqual(normalMap(GeglBufferRef(width: 0, height: 0)).count, 0)
    }

    // MARK: the `gegl` command-line tool

    func testAColourBumpGivesTheSameBitsWhateverPathBablPicks() throws {
        // An R'G'B'A float bump with colour (8-bit values, GIMP's 8-bit case), in separate
        // processes, each with a fresh babl (its own cache) steered to other conversion paths
        // by BABL_TOLERANCE: the kernel computes Y' itself, so not one bit may change (a babl
        // fish inside the kernel made up to 7·10⁻⁷ of difference from run to run).
        let dir = BuildProducts.temporaryDirectory("normal-map-babl")
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SeededRandom(seed: 38)
        let colours = GeglBufferRef(width: 97, height: 61, format: Self.rgb)
        colours.set((0 ..< 97 * 61 * 4).map { _ in Float(Int.random(in: 0 ... 255, using: &rng)) / 255 }, format: Self.rgb)
        // Saved in its own format (gegl:save would store linear RGBA), so that the op reads
        // the very samples, with no conversion on the way.
        let input = dir.appendingPathComponent("bump.gegl")
        var extent = colours.extent
        gegl_buffer_save(colours.pointer, input.path, &extent)
        let outputs = try ["0.000001", "0.1"].map { tolerance -> [Float] in
            let output = dir.appendingPathComponent("normals-\(tolerance).gegl")
            // gegl:load names its format only once loaded: an identity conversion declares it.
            let result = runCommand("gegl", ["-o", output.path, "--", "gegl:load", "path=\(input.path)",
                                             "gegl:convert-format", "format=\(Self.rgb)", Self.op],
                                    environment: ["GEGL_PATH": ImpastoModule.geglPath, "BABL_TOLERANCE": tolerance,
                                                  "XDG_CACHE_HOME": dir.appendingPathComponent("cache-\(tolerance)").path])
            XCTAssertEqual(result.status, 0, result.output)
            return try XCTUnwrap(GeglGraph.load(output.path, format: Self.rgb)).get(format: Self.rgb)
        }
        XCTAssertEqual(outputs[0].count, 97 * 61 * 4)
        XCTAssertTrue(outputs[0] == outputs[1], "the same bits whatever babl's tolerance")
        XCTAssertTrue(outputs[0] == normalMap(colours), "and those of this process")
    }

    func testCLIMakesANormalMapOfABumpPNG() throws {
        let dir = BuildProducts.temporaryDirectory("normal-map-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("bump.png"), output = dir.appendingPathComponent("normals.png")
        GeglGraph.save(bumpStroke(), to: input.path)
        for (file, props) in [("normals.png", [String]()), ("directx.png", ["smoothness=0.5", "contrast=6", "flip-y=true"])] {
            let out = dir.appendingPathComponent(file)
            let result = runCommand("gegl", ["-i", input.path, "-o", out.path, "--", Self.op] + props,
                                    environment: ["GEGL_PATH": ImpastoModule.geglPath])
            XCTAssertEqual(result.status, 0, result.output)
        }
        let normals = try XCTUnwrap(FloatImage.load(output))
        let directX = try XCTUnwrap(FloatImage.load(dir.appendingPathComponent("directx.png")))
        XCTAssertEqual([normals.width, normals.height], [64, 64])
        XCTAssertGreaterThan(normals.pixel(32, 12)[normals.pixel(32, 12).startIndex + 1], 0.52, "top edge: G > 0.5")
        XCTAssertLessThan(normals.pixel(12, 32).first ?? 1, 0.48, "left edge: R < 0.5")
        XCTAssertLessThan(directX.pixel(32, 12)[directX.pixel(32, 12).startIndex + 1], 0.48, "flip-y=true: G < 0.5")
        XCTAssertTrue(stride(from: 3, to: normals.samples.count, by: 4).allSatisfy { normals.samples[$0] == 1 }, "opaque")
    }
}
