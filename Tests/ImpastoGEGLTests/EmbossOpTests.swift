// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import Foundation
import GeglKit
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// impasto:emboss inside GEGL: conventions, formulas and invariances.
final class EmbossOpTests: XCTestCase {
    static let op = "impasto:emboss"
    /// The same relief shaded from a picture on its aux pad.
    static let matcap = "impasto:emboss-matcap"

    override func setUp() {
        super.setUp()
        XCTAssertTrue(ImpastoModule.load())
        XCTAssertTrue(Gegl.hasOperation(Self.op))
    }

    override func tearDown() {
        Gegl.setThreads(1)
        super.tearDown()
    }

    /// An RGBA float buffer whose alpha is `alpha(x, y)` (colour mid grey).
    func maskBuffer(width: Int, height: Int, _ alpha: (Int, Int) -> Float) -> GeglBufferRef {
        let buffer = GeglBufferRef(width: width, height: height)
        var samples = [Float]()
        samples.reserveCapacity(width * height * 4)
        for y in 0 ..< height { for x in 0 ..< width { samples += [0.5, 0.5, 0.5, alpha(x, y)] } }
        buffer.set(samples)
        return buffer
    }

    /// A hard-edged disc of `radius` centred in a size × size image.
    func disc(size: Int = 80, radius: Double = 30) -> GeglBufferRef {
        maskBuffer(width: size, height: size) { x, y in
            let dx = Double(x) + 0.5 - Double(size) / 2, dy = Double(y) + 0.5 - Double(size) / 2
            return dx * dx + dy * dy <= radius * radius ? 1 : 0
        }
    }

    /// Runs the op with `properties`, an optional aux picture, and reads the output in `format`.
    func emboss(_ input: GeglBufferRef, _ properties: [(String, GeglValue)] = [], aux: GeglBufferRef? = nil,
                format: String = "RGBA float") -> [Float] {
        let output = GeglBufferRef(width: Int(input.extent.width), height: Int(input.extent.height), format: format)
        let graph = GeglGraph()
        let source = graph.node("gegl:buffer-source", [("buffer", .buffer(input))])
        let op = graph.node(aux == nil ? Self.op : Self.matcap, properties)
        let sink = graph.node("gegl:write-buffer", [("buffer", .buffer(output))])
        graph.chain([source, op, sink])
        if let aux {
            graph.connect(graph.node("gegl:buffer-source", [("buffer", .buffer(aux))]), to: op, pad: "aux")
        }
        graph.process(sink, rect: input.extent)
        return output.get(format: format)
    }

    func testMetadataAndPresetsMatchTheKernels() throws {
        func key(_ k: String) -> String? { gegl_operation_get_key(Self.op, k).map { String(cString: $0) } }
        XCTAssertEqual(key("categories"), "light")
        XCTAssertEqual(key("gimp:menu-path"), "<Image>/Filters/Light and Shadow")
        XCTAssertNotNil(key("title"))
        let spec = try XCTUnwrap(gegl_operation_find_property(Self.op, "preset"))
        let enumClass = try XCTUnwrap(UnsafeMutableRawPointer(spec).assumingMemoryBound(to: GParamSpecEnum.self)
            .pointee.enum_class)
        let nicks = (0 ..< Int(enumClass.pointee.n_values)).map { String(cString: enumClass.pointee.values[$0].value_nick) }
        XCTAssertEqual(nicks, ["custom"] + Hemisphere.presetNames, "the op's Look menu lists the kernel's presets")
        XCTAssertEqual(nicks[Int(UnsafeMutableRawPointer(spec).assumingMemoryBound(to: GParamSpecEnum.self)
            .pointee.default_value)], "mercury")
        for name in ["radius", "scale", "profile", "liquify", "mask-source", "result", "color", "shininess",
                     "metalness", "roughness", "model", "light1-x", "light4-brightness"] {
            XCTAssertNotNil(gegl_operation_find_property(Self.op, name), name)
        }
    }

    func testHeightProfileOfADiscFollowsTheFormula() {
        // Along the row through the centre, with exact distances to the nearest outside pixel
        // computed here by brute force: the hard edge lies half a pixel before that pixel's
        // centre (the relief measures from the antialiased edge; the coverage gradient's normal there is
        // within a few degrees of the row, so to 0.02).
        let size = 80, radius = 30.0, r = 10.0
        let input = disc(size: size, radius: radius)
        let inside: (Int, Int) -> Bool = { x, y in
            let dx = Double(x) + 0.5 - 40, dy = Double(y) + 0.5 - 40
            return dx * dx + dy * dy <= radius * radius
        }
        func distance(_ x: Int, _ y: Int) -> Double {
            guard inside(x, y) else { return 0 }
            var best = Double.infinity
            for qy in -1 ... size { for qx in -1 ... size where qx < 0 || qy < 0 || qx >= size || qy >= size || !inside(qx, qy) {
                best = min(best, Double((qx - x) * (qx - x) + (qy - y) * (qy - y)).squareRoot())
            } }
            return best
        }
        let profiles: [(Int, (Double) -> Double)] = [
            (0, { t in (1 - (1 - t) * (1 - t)).squareRoot() }),
            (1, { t in t }),
            (2, { t in (1 - cos(Double.pi * t)) / 2 }),
        ]
        let y = size / 2
        let distances = (0 ..< size).map { distance($0, y) }
        for (profile, formula) in profiles {
            let out = emboss(input, [("radius", .double(r)), ("profile", .int(profile)), ("result", .int(1))],
                             format: "R'G'B'A float")
            for x in 0 ..< size {
                let expected = distances[x] > 0 ? formula(min(distances[x] - 0.5, r) / r) : 0
                XCTAssertEqual(Double(out[(y * size + x) * 4]), expected, accuracy: 0.02, "profile \(profile) x \(x)")
            }
        }
    }

    /// A 64×64 picture in four coloured quadrants: red up-left, green up-right, blue down-left,
    /// yellow down-right.
    func quadrants() -> GeglBufferRef {
        let buffer = GeglBufferRef(width: 64, height: 64)
        var samples = [Float]()
        for y in 0 ..< 64 { for x in 0 ..< 64 {
            switch (x < 32, y < 32) {
            case (true, true): samples += [1, 0, 0, 1]
            case (false, true): samples += [0, 1, 0, 1]
            case (true, false): samples += [0, 0, 1, 1]
            case (false, false): samples += [1, 1, 0, 1]
            }
        } }
        buffer.set(samples)
        return buffer
    }

    func testEachRimTakesItsQuadrantOfTheShadingPicture() {
        let out = emboss(disc(), [("radius", .double(10)), ("scale", .double(10))], aux: quadrants())
        func pixel(_ x: Int, _ y: Int) -> [Float] { Array(out[(y * 80 + x) * 4 ..< (y * 80 + x) * 4 + 4]) }
        // Points on the diagonals 27 px from the centre: within the 10 px rim, where it is steep.
        let corners: [((Int, Int), [Float], String)] = [
            ((20, 20), [1, 0, 0], "up-left rim is red"), ((59, 20), [0, 1, 0], "up-right rim is green"),
            ((20, 59), [0, 0, 1], "down-left rim is blue"), ((59, 59), [1, 1, 0], "down-right rim is yellow"),
        ]
        for ((x, y), colour, message) in corners {
            for c in 0 ..< 3 { XCTAssertEqual(pixel(x, y)[c], colour[c], accuracy: 1e-3, message) }
            XCTAssertEqual(pixel(x, y)[3], 1)
        }
        // The flat top takes the centre of the picture: there the four quadrants meet.
        let centre = pixel(40, 40)
        for (c, v) in [0.5, 0.5, 0.25].enumerated() { XCTAssertEqual(centre[c], Float(v), accuracy: 1e-4) }
    }

    func testASolidShadingPictureGivesItsColourEverywhereInside() {
        let solid = GeglBufferRef(width: 16, height: 16)
        solid.set((0 ..< 16 * 16 * 4).map { [0.2, 0.4, 0.6, 1][$0 % 4] })
        let input = disc()
        let alpha = input.get().enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
        let out = emboss(input, aux: solid)
        var worst: Float = 0
        for i in 0 ..< 80 * 80 where alpha[i] > 0 {
            for (c, v) in [Float(0.2), 0.4, 0.6].enumerated() { worst = max(worst, abs(out[i * 4 + c] - v)) }
        }
        XCTAssertLessThan(worst, 1e-6)
    }

    func testAntialiasedCoverageBecomesTheOutputAlpha() {
        // A disc with a soft one-pixel edge: the output alpha is the input alpha, exactly.
        let input = maskBuffer(width: 80, height: 80) { x, y in
            let d = ((Double(x) + 0.5 - 40) * (Double(x) + 0.5 - 40) + (Double(y) + 0.5 - 40) * (Double(y) + 0.5 - 40)).squareRoot()
            return Float(min(max(30.5 - d, 0), 1))
        }
        let inAlpha = input.get().enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
        XCTAssertTrue(inAlpha.contains { $0 > 0 && $0 < 1 }, "the test mask has partial pixels")
        for preset in ["mercury", "gold", "custom"] {
            let out = emboss(input, [("preset", .enumNick(preset))])
            let outAlpha = out.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
            XCTAssertEqual(outAlpha, inAlpha, preset)
        }
    }

    func testLiquifyMergesNearbyDotsIntoOneBlob() {
        // Two 12×12 squares 3 px apart; blurred with σ = 3, the middle of the gap
        // gets 2·Φ(−1.5/3)·erf(6/(3√2)) ≈ 0.59 of them: above the 0.5 threshold.
        let input = maskBuffer(width: 48, height: 32) { x, y in
            (10 ..< 22).contains(y) && ((10 ..< 22).contains(x) || (25 ..< 37).contains(x)) ? 1 : 0
        }
        let gap = (15 * 48 + 23) * 4 + 3
        XCTAssertEqual(emboss(input)[gap], 0, "without liquify the gap stays empty")
        XCTAssertGreaterThan(emboss(input, [("liquify", .double(3))])[gap], 0.5, "liquified, the dots flow together")
    }

    func testNormalMapConventions() {
        let out = emboss(disc(), [("result", .int(2))], format: "R'G'B'A float")
        func pixel(_ x: Int, _ y: Int) -> [Float] { Array(out[(y * 80 + x) * 4 ..< (y * 80 + x) * 4 + 4]) }
        let flat = pixel(40, 40)
        for (c, v) in [0.5, 0.5, 1, 1].enumerated() { XCTAssertEqual(flat[c], Float(v), accuracy: 1e-5) }
        XCTAssertLessThan(pixel(12, 40)[0], 0.4, "the left rim faces left: red below 0.5")
        XCTAssertGreaterThan(pixel(40, 12)[1], 0.6, "the top rim faces up: green above 0.5 (OpenGL)")
    }

    func testHemisphereOutputIsTheShadingPictureFittedIn() {
        let input = maskBuffer(width: 100, height: 60) { _, _ in 0 }
        let out = emboss(input, [("result", .int(3))])
        XCTAssertEqual(out[3], 0, "outside the centred square: transparent")
        XCTAssertEqual(out[(30 * 100 + 50) * 4 + 3], 1, "the middle of the sphere is opaque")
        XCTAssertEqual(out[(1 * 100 + 21) * 4 + 3], 0, "the square's corner lies outside the disc")
        XCTAssertEqual(out[(30 * 100 + 21) * 4 + 3], 1, "the disc touches the square's sides")
    }

    func testTheDefaultLookIsNotFlat() {
        let out = emboss(disc(size: 120, radius: 50), [("radius", .double(20))])
        let lum = PixelStatistics.luminances(out)
        XCTAssertGreaterThan((lum.max() ?? 0) - (lum.min() ?? 0), 0.5, "highlights and shadows")
        XCTAssertGreaterThan(PixelStatistics.standardDeviation(lum), 0.05)
    }

    func testOutputIsIdenticalForAnyThreadCountAndTileSize() {
        var rng = SeededRandom(seed: 9)
        let blobs: [(x: Double, y: Double, r: Double)] = (0 ..< 12).map { _ in
            (Double.random(in: 0 ..< 300, using: &rng), Double.random(in: 0 ..< 200, using: &rng),
             Double.random(in: 5 ..< 30, using: &rng))
        }
        func blobMask() -> GeglBufferRef {
            maskBuffer(width: 300, height: 200) { x, y in
                let px = Double(x), py = Double(y)
                let inside = blobs.contains { b in
                    let dx = px - b.x, dy = py - b.y
                    return dx * dx + dy * dy < b.r * b.r
                }
                return inside ? 1 : 0
            }
        }
        let input = blobMask()
        let props: [(String, GeglValue)] = [("radius", .double(15)), ("liquify", .double(4))]
        Gegl.setThreads(1)
        let one = emboss(input, props)
        Gegl.setThreads(4)
        let four = emboss(input, props)
        XCTAssertTrue(one == four, "GEGL_THREADS 1 and 4 must give bit-identical output")
        Gegl.setTileSize(width: 37, height: 91)
        defer { Gegl.setTileSize(width: 128, height: 64) }
        let odd = emboss(blobMask(), props)
        XCTAssertTrue(one == odd, "tile size must not change the output (no seams)")
    }

    func testAnEndlessInputPassesThroughAndAnEndlessAuxIsIgnored() {
        // gegl:checkerboard has no edges: there is no whole to emboss, so it passes through.
        let rect = GeglRectangle(x: 0, y: 0, width: 64, height: 48)
        let graph = GeglGraph()
        let pattern = graph.node("gegl:checkerboard", [("x", .int(8)), ("y", .int(8))])
        let op = graph.node(Self.op)
        let out = GeglBufferRef(width: 64, height: 48)
        let reference = GeglBufferRef(width: 64, height: 48)
        let sink = graph.node("gegl:write-buffer", [("buffer", .buffer(out))])
        graph.chain([pattern, op, sink])
        graph.process(sink, rect: rect)
        let plain = GeglGraph()
        let plainPattern = plain.node("gegl:checkerboard", [("x", .int(8)), ("y", .int(8))])
        let plainSink = plain.node("gegl:write-buffer", [("buffer", .buffer(reference))])
        plain.chain([plainPattern, plainSink])
        plain.process(plainSink, rect: rect)
        XCTAssertTrue(out.get() == reference.get())

        // An endless "sphere picture" (a pattern, a flat colour) is ignored: the procedural look.
        let withColour = GeglBufferRef(width: 80, height: 80)
        let g = GeglGraph()
        let source = g.node("gegl:buffer-source", [("buffer", .buffer(disc()))])
        let op2 = g.node(Self.matcap)
        let write = g.node("gegl:write-buffer", [("buffer", .buffer(withColour))])
        g.chain([source, op2, write])
        g.connect(g.node("gegl:checkerboard"), to: op2, pad: "aux")
        g.process(write, rect: GeglRectangle(x: 0, y: 0, width: 80, height: 80))
        XCTAssertTrue(withColour.get() == emboss(disc()), "an endless aux is ignored: the default look")
    }

    /// GIMP 3 refuses any op with an aux pad as a live filter: impasto:emboss has none and is
    /// in GIMP's menus; impasto:emboss-matcap, which takes the picture, is not (each once).
    func testTheMenuOpHasNoAuxPadAndTheMatcapOpNoMenuEntry() throws {
        func node(_ operation: String) -> OpaquePointer {
            let graph = GeglGraph()
            let node = graph.node(operation)
            graphs.append(graph)
            return node
        }
        XCTAssertEqual(gegl_node_has_pad(node(Self.op), "aux"), 0)
        XCTAssertNotEqual(gegl_node_has_pad(node(Self.matcap), "aux"), 0)
        XCTAssertNotNil(gegl_operation_get_key(Self.op, "gimp:menu-path"))
        XCTAssertNil(gegl_operation_get_key(Self.matcap, "gimp:menu-path"))
        // Without a picture the matcap op shades from the default look, as impasto:emboss does.
        let graph = GeglGraph()
        let output = GeglBufferRef(width: 80, height: 80)
        let sink = graph.node("gegl:write-buffer", [("buffer", .buffer(output))])
        graph.chain([graph.node("gegl:buffer-source", [("buffer", .buffer(disc()))]), graph.node(Self.matcap), sink])
        graph.process(sink, rect: GeglRectangle(x: 0, y: 0, width: 80, height: 80))
        XCTAssertTrue(output.get() == emboss(disc()))
    }

    /// Graphs kept alive while a test looks at their nodes.
    private var graphs: [GeglGraph] = []

    /// A layer without an alpha channel (a photo, a flattened scan) has no alpha edges: the
    /// alpha mask is its luminance, so the first look is a relief, not a flat grey plate, and it
    /// stays opaque. With an alpha channel, even one opaque everywhere, alpha is the mask:
    /// decided by the format, so every region of a layer decides alike.
    func testALayerWithoutAnAlphaChannelIsEmbossedByItsLuminance() {
        var samples = [Float]()
        for y in 0 ..< 80 { for x in 0 ..< 80 {
            let dx = Double(x) - 40, dy = Double(y) - 40
            let v: Float = dx * dx + dy * dy < 25 * 25 ? 0.9 : 0.1
            samples += [v, v, v, 1]
        } }
        // Any format without alpha is read as R'G'B' float (none added: the kernel sees there is none).
        for format in ["R'G'B' u8", "Y' u8", "RGB float", "Y u16"] { XCTAssertEqual(padFormat(format, "input"), "R'G'B' float", format) }
        let photo = GeglBufferRef(width: 80, height: 80, format: "R'G'B' float")
        photo.set(samples, format: "RGBA float")
        let byAlpha = emboss(photo), byLuminance = emboss(photo, [("mask-source", .enumNick("luminance"))])
        XCTAssertTrue(byAlpha == byLuminance, "alpha on a layer without an alpha channel: the luminance relief")
        let centre = 4 * (40 * 80 + 40), rim = 4 * (40 * 80 + 16)
        XCTAssertNotEqual(byAlpha[centre], byAlpha[rim], "not a flat plate")
        XCTAssertTrue(stride(from: 3, to: byAlpha.count, by: 4).allSatisfy { byAlpha[$0] == 1 }, "and opaque, as the layer was")
        // The same pixels with an alpha channel, opaque everywhere: alpha is the mask, flat
        // inside (a plate bevelled along the image's border, which is outside).
        let opaque = GeglBufferRef(width: 80, height: 80)
        opaque.set(samples)
        let plate = emboss(opaque)
        XCTAssertEqual(plate[centre], plate[rim], "the alpha mask: flat inside")
        XCTAssertNotEqual(plate[centre], plate[4 * (40 * 80 + 1)], "and bevelled at the border")
        // The brightness mask keeps the layer's own alpha, whatever the brightness.
        for i in stride(from: 3, to: 4 * 80 * 5, by: 8) { samples[i] = 0.5 }   // some of the top rows half transparent
        opaque.set(samples)
        let kept = emboss(opaque, [("mask-source", .enumNick("luminance"))])
        for i in stride(from: 3, to: kept.count, by: 4) {
            XCTAssertEqual(kept[i], samples[i], accuracy: 1e-6, "alpha of pixel \(i / 4) is the layer's")
        }
        XCTAssertNotEqual(kept[centre], kept[rim], "a relief of the brightness")
    }

    func testEightBitLayersAreReadAsTheyAreWithTheLumaFormula() {
        XCTAssertEqual(padFormat("R'G'B'A u8", "input"), "R'G'B'A u8", "8-bit R'G'B'A: its bytes, widened by the kernel")
        // GIMP's 8-bit layers: read as R'G'B'A (or, flattened, R'G'B') float, the luminance
        // mask Y'·alpha by the normal map's luma formula — never babl's Y'A, whose way from
        // R'G'B'A u8 may be a 128 MB table and whose rounding is babl's choice. The op's output
        // is the kernel's on those rows; a flattened layer (no alpha) is embossed by luminance.
        // Both sides without a babl conversion, whose rounding is babl's choice on each
        // machine: the rows decoded here (code k is k / 255), the output read in the op's own
        // format (R'G'B'A float: the kernel's perceptual output).
        var rng = SeededRandom(seed: 71)
        let (w, h) = (70, 60)
        var codes = [Float]()
        for y in 0 ..< h { for x in 0 ..< w {
            let inside = (Double(x) - 35) * (Double(x) - 35) + (Double(y) - 30) * (Double(y) - 30) < 22 * 22
            let v = Float(Int.random(in: inside ? 150 ... 255 : 0 ... 60, using: &rng)) / 255
            codes += [v, inside ? 0.4 : v, v, (x + y) % 11 == 0 ? 0.6 : 1]
        } }
        var (r, g, b) = (0.0, 0.0, 0.0)
        babl_space_get_rgb_luminance(babl_space("sRGB"), &r, &g, &b)
        let luma = SIMD3(Float(r), Float(g), Float(b))
        for (format, pixels) in [("R'G'B'A", NormalMap.BumpPixels.rgba(luma: luma)), ("R'G'B'", .rgb(luma: luma))] {
            var extent = GeglRectangle(x: 0, y: 0, width: Int32(w), height: Int32(h))
            let layer = GeglBufferRef(owning: gegl_buffer_new(&extent, babl_format("\(format) u8")))
            layer.set(codes, format: "R'G'B'A float")
            let rows = (0 ..< w * h).flatMap { i in
                codes[4 * i ..< 4 * i + pixels.components].map { Float(($0 * 255).rounded()) / 255 }
            }
            for source in ["alpha", "luminance"] {
                let out = emboss(layer, [("mask-source", .enumNick(source))], format: "R'G'B'A float")
                var expected = [Float](repeating: 0, count: w * h * 4)
                rows.withUnsafeBufferPointer { input in
                    expected.withUnsafeMutableBufferPointer { output in
                        let io = RowIO.memory(width: w, height: h, input: input.baseAddress!,
                                              inputComponents: pixels.components, output: output.baseAddress!)
                        var settings = EmbossSettings()
                        settings.maskSource = source == "alpha" ? .alpha : .luminance
                        Emboss.render(io, pixels: pixels, settings: settings,
                                      shading: Hemisphere.standard.render(size: 256), perceptual: true)
                    }
                }
                let worst = zip(out, expected).map { abs($0 - $1) }.max() ?? 1
                XCTAssertEqual(worst, 0, "\(format) u8, mask from \(source): the kernel on the rows as they are")
            }
        }
    }

    /// The format the op asks of (or gives on) `pad` for a layer in `format`.
    func padFormat(_ format: String, _ pad: String, _ properties: [(String, GeglValue)] = []) -> String {
        var extent = GeglRectangle(x: 0, y: 0, width: 8, height: 8)
        let layer = GeglBufferRef(owning: gegl_buffer_new(&extent, babl_format(format)))
        let graph = GeglGraph()
        let op = graph.node(Self.op, properties)
        graph.chain([graph.node("gegl:buffer-source", [("buffer", .buffer(layer))]), op])
        _ = gegl_node_get_bounding_box(op)   // prepares the graph
        guard let operation = gegl_node_get_gegl_operation(op), let chosen = gegl_operation_get_format(operation, pad)
        else { return "none" }
        return String(cString: babl_get_name(chosen))
    }

    func testAPerceptualLayerGetsItsShadingAsRGBAWithTheCurveGivenByTheKernel() {
        // GIMP's perceptual layers (8-bit, or float "perceptual"): the shading comes as R'G'B'A
        // float, the kernel giving the colours sRGB's curve, not babl in a pass over every
        // pixel. It is the same light: a perceptual layer and a linear one of the same alpha
        // (the mask) give the same colours within the curve's rounding; maps stay data.
        XCTAssertEqual(padFormat("R'G'B'A u8", "output"), "R'G'B'A float")
        XCTAssertEqual(padFormat("R'G'B'A float", "output"), "R'G'B'A float")
        XCTAssertEqual(padFormat("R'G'B' u8", "output"), "R'G'B'A float")
        XCTAssertEqual(padFormat("RGBA float", "output"), "RGBA float", "a linear layer stays linear")
        XCTAssertEqual(padFormat("RGBA float", "output", [("result", .int(1))]), "R'G'B'A float", "the height field is data")
        let (w, h) = (72, 64)
        var samples = [Float]()
        for y in 0 ..< h { for x in 0 ..< w {
            let dx = Double(x) - 36, dy = Double(y) - 32
            let alpha = Float(min(max(22.5 - (dx * dx + dy * dy).squareRoot(), 0), 1))
            samples += [0.7, 0.2, 0.4, (x * y) % 17 == 0 ? 0.5 * alpha : alpha]
        } }
        var extent = GeglRectangle(x: 0, y: 0, width: Int32(w), height: Int32(h))
        let perceptual = GeglBufferRef(owning: gegl_buffer_new(&extent, babl_format("R'G'B'A float")))
        perceptual.set(samples, format: "R'G'B'A float")
        let linear = GeglBufferRef(width: w, height: h)   // RGBA float
        linear.set(samples, format: "RGBA float")
        for output in [0, 3] {   // shaded, hemisphere
            let a = emboss(perceptual, [("result", .int(output))]), b = emboss(linear, [("result", .int(output))])
            let worst = zip(a, b).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 1
            XCTAssertLessThan(worst, 2e-6, "output \(output): the same linear colours")
            XCTAssertGreaterThan(Set(a.map { ($0 * 100).rounded() }).count, 20, "output \(output): not flat")
        }
        // The flat colour read as the op wrote it: sRGB's curve of the linear one.
        let linearOut = emboss(linear), perceptualOut = emboss(perceptual, format: "R'G'B'A float")
        let centre = 4 * (32 * w + 36)
        for c in 0 ..< 3 {
            let v = Double(linearOut[centre + c])
            let curve = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
            XCTAssertEqual(Double(perceptualOut[centre + c]), curve, accuracy: 2e-6, "channel \(c)")
        }
    }

    func testALinearLayerIsReadAsYAWithTheCurveGivenByTheKernel() {
        // GIMP's linear-light layers (RGBA float of sRGB's curves): read as YA float, no curve
        // per pixel, since the usual mask is alpha as it is; where luminance is the mask the
        // kernel gives Y sRGB's curve itself, within 10⁻⁶ of babl's Y'.
        func inputFormat(_ format: String) -> String { padFormat(format, "input") }
        XCTAssertEqual(inputFormat("RGBA float"), "YA float")
        XCTAssertEqual(inputFormat("RGBA u16"), "YA float")
        XCTAssertEqual(inputFormat("R'G'B'A float"), "R'G'B'A float", "a perceptual layer stays as it is")
        XCTAssertEqual(inputFormat("RGB float"), "R'G'B' float", "no alpha: luminance is the mask, the kernel's luma of R'G'B'")
        var rng = SeededRandom(seed: 83)
        let (w, h) = (66, 58)
        var samples = [Float]()
        for y in 0 ..< h { for x in 0 ..< w {
            let dx = Double(x) - 33, dy = Double(y) - 29
            let d = (dx * dx + dy * dy).squareRoot()
            let inside = d < 20
            let alpha = Float(min(max(20.5 - d, 0), 1))   // an antialiased disc
            let red = Float.random(in: inside ? 0.3 ... 1 : 0 ... 0.05, using: &rng)
            let blue = Float.random(in: 0 ... 1, using: &rng)
            let green: Float = inside ? 0.2 : 0.01
            samples += [red, green, blue, (x + y) % 13 == 0 ? 0.5 * alpha : alpha]
        } }
        let layer = GeglBufferRef(width: w, height: h)   // RGBA float
        layer.set(samples)
        let rows = layer.get(format: "YA float", components: 2)
        XCTAssertEqual(stride(from: 1, to: rows.count, by: 2).map { rows[$0] }, stride(from: 3, to: samples.count, by: 4).map { samples[$0] },
                       "YA float keeps alpha as it is")
        for source in ["alpha", "luminance"] {
            let out = emboss(layer, [("mask-source", .enumNick(source))])
            var expected = [Float](repeating: 0, count: w * h * 4)
            rows.withUnsafeBufferPointer { input in
                expected.withUnsafeMutableBufferPointer { output in
                    let io = RowIO.memory(width: w, height: h, input: input.baseAddress!, inputComponents: 2,
                                          output: output.baseAddress!)
                    var settings = EmbossSettings()
                    settings.maskSource = source == "alpha" ? .alpha : .luminance
                    Emboss.render(io, pixels: .linearGrayAlpha, settings: settings, shading: Hemisphere.standard.render(size: 256))
                }
            }
            let worst = zip(out, expected).map { abs($0 - $1) }.max() ?? 1
            XCTAssertLessThan(worst, 1e-6, "mask from \(source): the kernel on the YA rows")
        }
        // The kernel's Y'·alpha against babl's Y'A.
        let babl = layer.get(format: "Y'A float", components: 2)
        var heights = [Float](repeating: .nan, count: w * h)
        rows.withUnsafeBufferPointer { s in
            heights.withUnsafeMutableBufferPointer {
                NormalMap.heights(from: s.baseAddress!, pixels: .linearGrayAlpha, count: w * h, into: $0.baseAddress!)
            }
        }
        var off: Float = 0
        for i in 0 ..< w * h {
            let expected: Float = babl[2 * i] * babl[2 * i + 1]
            off = max(off, abs(heights[i] - expected))
        }
        XCTAssertLessThan(off, 2e-6, "sRGB's curve, as babl gives it")
    }

    func testTinyEmptyAndNonFiniteInputsDoNotCrash() {
        XCTAssertEqual(emboss(GeglBufferRef(width: 0, height: 0)).count, 0)
        let one = emboss(maskBuffer(width: 1, height: 1) { _, _ in 1 })
        XCTAssertEqual(one[3], 1)
        let nan = emboss(maskBuffer(width: 3, height: 3) { x, _ in x == 1 ? .nan : 1 }, [("liquify", .double(2))])
        XCTAssertTrue(nan.allSatisfy { $0.isFinite }, "NaN coverage counts as outside")
    }

    func testNonFiniteSamplesInAFloatShadingPictureCountAsZero() {
        let specials: [Float] = [.nan, .infinity, -.infinity]
        let picture = (0 ..< 16 * 16 * 4).map { i -> Float in i % 7 == 0 ? specials[i % 3] : 0.3 }
        let wild = GeglBufferRef(width: 16, height: 16), clean = GeglBufferRef(width: 16, height: 16)
        wild.set(picture)
        clean.set(picture.map { $0.isFinite ? $0 : 0 })
        XCTAssertFalse(wild.get().allSatisfy(\.isFinite), "the picture reaches GEGL with its NaN and ∞")
        let input = disc()
        let out = emboss(input, aux: wild)
        XCTAssertTrue(out.allSatisfy(\.isFinite), "no NaN pixel")
        XCTAssertTrue(out == emboss(input, aux: clean), "as if those samples were 0")
    }

    /// Records the values of a node's "progress" signal.
    final class ProgressLog {
        var values: [Double] = []
    }

    func testAWholeImageRenderMovesTheProgressBarToOne() {
        // As GEGL's distance-transform does: gegl_operation_progress while the one process()
        // call renders the whole image, rising to 1, at any thread count.
        for threads in [1, 2] {
            Gegl.setThreads(threads)
            let input = maskBuffer(width: 400, height: 300) { x, y in (x / 40 + y / 30) % 2 == 0 ? 1 : 0 }
            let output = GeglBufferRef(width: 400, height: 300)
            let graph = GeglGraph()
            let source = graph.node("gegl:buffer-source", [("buffer", .buffer(input))])
            let op = graph.node(Self.op)
            let sink = graph.node("gegl:write-buffer", [("buffer", .buffer(output))])
            graph.chain([source, op, sink])
            let log = ProgressLog()
            // GeglNode::progress (node, progress, user data): the message is not passed on.
            let callback: @convention(c) (OpaquePointer?, Double, UnsafeMutableRawPointer?) -> Void = {
                _, progress, data in
                guard let data else { return }
                Unmanaged<ProgressLog>.fromOpaque(data).takeUnretainedValue().values.append(progress)
            }
            withExtendedLifetime(log) {
                g_signal_connect_data(UnsafeMutableRawPointer(op), "progress", unsafeBitCast(callback, to: GCallback.self),
                                      Unmanaged.passUnretained(log).toOpaque(), nil, GConnectFlags(rawValue: 0))
                graph.process(sink, rect: input.extent)
            }
            XCTAssertEqual(log.values.first, 0, "\(threads) threads")
            XCTAssertEqual(log.values.last, 1, "\(threads) threads")
            XCTAssertEqual(log.values, log.values.sorted(), "rising, \(threads) threads")
            XCTAssertGreaterThan(Set(log.values.filter { $0 > 0 && $0 < 1 }).count, 4, "steps along the way, \(threads) threads")
        }
    }
}
