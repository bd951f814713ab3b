// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import GeglKit
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// Every op is local (docs/contract.md), through GEGL: the area ops (impasto:emboss,
/// impasto:emboss-matcap, the bristle normal map and normal light) render any region from the
/// input within their margin of it, to the whole image's bits, and tell GEGL so (a region
/// needs the input within the margin; a change invalidates the margin around it).
final class LocalOpsTests: XCTestCase {
    override func setUp() {
        super.setUp()
        XCTAssertTrue(ImpastoModule.load())
    }

    override func tearDown() {
        Gegl.setThreads(1)
        Gegl.setChunkSize(1 << 20)
        super.tearDown()
    }

    /// Soft-edged blobs and bars on transparency, grey varying across them, in `format` (RGBA
    /// float, or the 8-bit R'G'B'A GIMP hands an op, or R'G'B' without alpha), at (x0, y0).
    static func shapes(width: Int, height: Int, format: String = "RGBA float", x0: Int = 0, y0: Int = 0,
                       seed: UInt64) -> GeglBufferRef {
        var random = SeededRandom(seed: seed)
        let blobs = (0 ..< 14).map { _ in
            (x: Double.random(in: 0 ..< Double(width), using: &random), y: Double.random(in: 0 ..< Double(height), using: &random),
             r: Double.random(in: 3 ..< 26, using: &random))
        }
        var samples = [Float]()
        for y in 0 ..< height { for x in 0 ..< width {
            var a = 0.0
            for b in blobs {
                let d = ((Double(x) + 0.5 - b.x) * (Double(x) + 0.5 - b.x) + (Double(y) + 0.5 - b.y) * (Double(y) + 0.5 - b.y)).squareRoot()
                a = max(a, min(max(b.r + 0.5 - d, 0), 1))
            }
            // A bar across, 5 px wide: thin parts and acute joints with the blobs.
            let bar = 2.5 - abs(Double(y) - 0.4 * Double(x) - Double(height) / 4)
            a = max(a, min(max(bar + 0.5, 0), 1))
            let grey = Float(0.2 + 0.8 * a * (0.5 + 0.5 * sin(Double(x) * 0.21 + Double(y) * 0.13)))
            samples += format.hasPrefix("R'G'B' ") ? [grey, grey, grey] : [grey, grey, grey, Float(a)]
        } }
        let buffer = GeglBufferRef(owning: gegl_buffer_new([GeglRectangle(x: Int32(x0), y: Int32(y0), width: Int32(width),
                                                                           height: Int32(height))],
                                                          babl_format(format)))
        let components = format.hasPrefix("R'G'B' ") ? "R'G'B' float" : "RGBA float"
        buffer.set(samples, format: components)
        return buffer
    }

    /// A graph input → op (→ aux picture) whose op node `body` renders.
    static func withOp<R>(_ input: GeglBufferRef, _ operation: String, _ properties: [(String, GeglValue)],
                          aux: GeglBufferRef? = nil, _ body: (GeglGraph, OpaquePointer) -> R) -> R {
        let graph = GeglGraph()
        let source = graph.node("gegl:buffer-source", [("buffer", .buffer(input))])
        let op = graph.node(operation, properties)
        graph.chain([source, op])
        if let aux { graph.connect(graph.node("gegl:buffer-source", [("buffer", .buffer(aux))]), to: op, pad: "aux") }
        return body(graph, op)
    }

    /// The op's output over `rect` in one gegl_node_blit (no cache), as RGBA float samples.
    static func blit(_ op: OpaquePointer, _ rect: GeglRectangle, format: String = "RGBA float",
                     flags: GeglBlitFlags = GEGL_BLIT_DEFAULT) -> [Float] {
        var r = rect
        var out = [Float](repeating: -1, count: Int(rect.width) * Int(rect.height) * 4)
        out.withUnsafeMutableBytes { gegl_node_blit(op, 1.0, &r, babl_format(format), $0.baseAddress, GEGL_AUTO_ROWSTRIDE, flags) }
        return out
    }

    /// The samples of `rect` (in the image's coordinates) of a whole render of `extent`.
    static func crop(_ whole: [Float], _ extent: GeglRectangle, _ rect: GeglRectangle) -> [Float] {
        var out = [Float]()
        let (left, top, width) = (Int(rect.x - extent.x), Int(rect.y - extent.y), Int(extent.width))
        for y in top ..< top + Int(rect.height) {
            let start = (y * width + left) * 4
            out += whole[start ..< start + Int(rect.width) * 4]
        }
        return out
    }

    static func sameBits(_ a: [Float], _ b: [Float]) -> Bool {
        a.count == b.count && a.indices.allSatisfy { a[$0].bitPattern == b[$0].bitPattern }
    }

    func testEveryRegionBlittedIsTheWholeRenderToTheBit() {
        // A picture of a "sphere": any picture will do, colours across it.
        let sphere = GeglBufferRef(width: 40, height: 40)
        var colours = [Float]()
        for y in 0 ..< 40 { for x in 0 ..< 40 { colours += [Float(x) / 40, Float(y) / 40, 0.5, 1] } }
        sphere.set(colours)
        let cases: [(String, [(String, GeglValue)], String, GeglBufferRef?)] = [
            ("impasto:emboss", [("radius", .double(10))], "RGBA float", nil),
            ("impasto:emboss", [("radius", .double(25)), ("liquify", .double(4)), ("preset", .enumNick("gold"))], "R'G'B'A u8", nil),
            ("impasto:emboss", [("radius", .double(6)), ("liquify", .double(2)), ("mask-source", .enumNick("luminance"))],
             "RGBA float", nil),
            ("impasto:emboss", [("radius", .double(8)), ("result", .enumNick("height"))], "R'G'B' u8", nil),
            ("impasto:emboss", [("radius", .double(12)), ("profile", .enumNick("smooth")), ("result", .enumNick("normals"))],
             "RGBA float", nil),
            ("impasto:emboss", [("result", .enumNick("hemisphere"))], "RGBA float", nil),
            ("impasto:emboss-matcap", [("radius", .double(15)), ("liquify", .double(3.5))], "RGBA float", sphere),
            // Liquify's recursive blur (σ > 12), its blocks aligned to the image, not the buffer.
            ("impasto:emboss", [("radius", .double(5)), ("liquify", .double(13))], "RGBA float", nil),
            // The normal-map family, area filters with their own margins: the bump as the
            // input, or on the aux pad under a painting.
            ("impasto:bristle-normal-map", [("smoothness", .double(0.75))], "R'G'B'A u8", nil),
            ("impasto:bristle-normal-map", [("smoothness", .double(1)), ("tileable", .bool(true))], "RGBA float", nil),
            ("impasto:normal-light", [("smoothness", .double(0.75))], "R'G'B'A u8",
             Self.shapes(width: 260, height: 230, x0: 7, y0: -3, seed: 99)),
            // Paint relief: the painting's own alpha is its bump.
            ("impasto:paint-relief", [("smoothness", .double(0.9)), ("contrast", .double(2))], "R'G'B'A u8", nil),
        ]
        var random = SeededRandom(seed: 5)
        for (index, (operation, properties, format, aux)) in cases.enumerated() {
            // Not at the origin: regions are placed in the image's coordinates.
            let input = Self.shapes(width: 260, height: 230, format: format, x0: 7, y0: -3, seed: 40 + UInt64(index))
            let extent = input.extent
            let whole = Self.withOp(input, operation, properties, aux: aux) { _, op in Self.blit(op, extent) }
            for piece in 0 ..< 6 {
                let w = piece == 0 ? 1 : Int.random(in: 1 ... 140, using: &random)
                let h = piece == 0 ? 1 : Int.random(in: 1 ... 120, using: &random)
                let rect = GeglRectangle(x: extent.x + Int32(Int.random(in: 0 ... Int(extent.width) - w, using: &random)),
                                         y: extent.y + Int32(Int.random(in: 0 ... Int(extent.height) - h, using: &random)),
                                         width: Int32(w), height: Int32(h))
                let region = Self.withOp(input, operation, properties, aux: aux) { _, op in Self.blit(op, rect) }
                XCTAssertTrue(Self.sameBits(region, Self.crop(whole, extent, rect)),
                              "\(operation) \(properties.map(\.0)) \(format): region \(rect)")
            }
        }
    }

    func testAnyChunkSizeAndThreadCountGivesTheSameBits() {
        let input = Self.shapes(width: 300, height: 220, seed: 3)
        let properties: [(String, GeglValue)] = [("radius", .double(18)), ("liquify", .double(5))]
        func render() -> [Float] {
            let output = GeglBufferRef(width: 300, height: 220)
            Self.withOp(input, "impasto:emboss", properties) { graph, op in
                let sink = graph.node("gegl:write-buffer", [("buffer", .buffer(output))])
                graph.chain([op, sink])
                graph.process(sink, rect: input.extent)
            }
            return output.get()
        }
        Gegl.setThreads(1)
        let reference = render()
        for (threads, chunk) in [(1, 4096), (2, 4096), (2, 20_000), (4, 1 << 20), (3, 777)] {
            Gegl.setThreads(threads)
            Gegl.setChunkSize(chunk)
            XCTAssertTrue(Self.sameBits(render(), reference), "\(threads) threads, chunks of \(chunk) px")
        }
    }

    func testGEGLIsToldTheMarginBothWays() {
        let input = Self.shapes(width: 200, height: 150, x0: 10, y0: 20, seed: 8)
        var settings = EmbossSettings()
        settings.radius = 12
        settings.liquify = 2
        let margin = Int32(Emboss.margin(settings))
        XCTAssertEqual(margin, 13 + 1 + 5 + 2 + 1 + 9)
        Self.withOp(input, "impasto:emboss", [("radius", .double(12)), ("liquify", .double(2))]) { graph, op in
            _ = gegl_node_get_bounding_box(op)   // the graph prepared: the op knows its input
            guard let operation = gegl_node_get_gegl_operation(op) else { return XCTFail("no operation") }
            var inner = GeglRectangle(x: 100, y: 80, width: 16, height: 9)
            let grown = GeglRectangle(x: 100 - margin, y: 80 - margin, width: 16 + 2 * margin, height: 9 + 2 * margin)
            XCTAssertTrue(gegl_rectangle_equal([gegl_operation_get_required_for_output(operation, "input", &inner)], [grown]) != 0)
            XCTAssertTrue(gegl_rectangle_equal([gegl_operation_get_invalidated_by_change(operation, "input", &inner)], [grown]) != 0)
            // At the border: within the image (nothing beyond it is read; the abyss is outside).
            var corner = GeglRectangle(x: 10, y: 20, width: 5, height: 5)
            let clipped = GeglRectangle(x: 10, y: 20, width: 5 + margin, height: 5 + margin)
            XCTAssertTrue(gegl_rectangle_equal([gegl_operation_get_required_for_output(operation, "input", &corner)], [clipped]) != 0)
            XCTAssertTrue(gegl_rectangle_equal([gegl_operation_get_invalidated_by_change(operation, "input", &corner)], [clipped]) != 0)
            _ = graph
        }
    }

    /// The rectangles a node says are invalidated (GeglNode::invalidated).
    final class Invalidated {
        var rects: [GeglRectangle] = []
    }

    func testWhatAChangeInvalidatesRenderedAgainGivesTheChangedImage() {
        // As GIMP paints a dab on a layer with a live filter: the source buffer changes, the
        // op's node says which rectangle that invalidates, and GIMP renders just that again
        // over what it showed: the result must be the changed image's render.
        let input = Self.shapes(width: 240, height: 200, seed: 12)
        let properties: [(String, GeglValue)] = [("radius", .double(10)), ("liquify", .double(3))]
        var settings = EmbossSettings()
        settings.radius = 10
        settings.liquify = 3
        let margin = Int32(Emboss.margin(settings))
        Self.withOp(input, "impasto:emboss", properties) { _, op in
            var shown = Self.blit(op, input.extent)
            let log = Invalidated()
            let callback: @convention(c) (OpaquePointer?, UnsafeMutablePointer<GeglRectangle>?, UnsafeMutableRawPointer?) -> Void = {
                _, rect, data in
                guard let data, let rect else { return }
                Unmanaged<Invalidated>.fromOpaque(data).takeUnretainedValue().rects.append(rect.pointee)
            }
            withExtendedLifetime(log) {
                g_signal_connect_data(UnsafeMutableRawPointer(op), "invalidated", unsafeBitCast(callback, to: GCallback.self),
                                      Unmanaged.passUnretained(log).toOpaque(), nil, GConnectFlags(rawValue: 0))
                // A dab: a small opaque square.
                input.set([Float](repeating: 1, count: 36 * 4), rect: GeglRectangle(x: 150, y: 60, width: 6, height: 6))
            }
            XCTAssertEqual(log.rects.count, 1)
            for rect in log.rects {
                XCTAssertTrue(gegl_rectangle_equal([rect], [GeglRectangle(x: 150 - margin, y: 60 - margin, width: 6 + 2 * margin,
                                                                           height: 6 + 2 * margin)]) != 0, "\(rect)")
                let patch = Self.blit(op, rect)
                for y in 0 ..< Int(rect.height) {
                    let row = (Int(rect.y) + y) * 240 + Int(rect.x)
                    shown.replaceSubrange(row * 4 ..< (row + Int(rect.width)) * 4,
                                          with: patch[y * Int(rect.width) * 4 ..< (y + 1) * Int(rect.width) * 4])
                }
            }
            let fresh = Self.withOp(input, "impasto:emboss", properties) { _, op in Self.blit(op, input.extent) }
            XCTAssertTrue(Self.sameBits(shown, fresh), "the invalidated rectangle rendered again is the changed image")
        }
    }
}
