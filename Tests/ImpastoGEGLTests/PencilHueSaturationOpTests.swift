// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import Foundation
import GeglKit
import ImpastoTestSupport
import XCTest

/// impasto:pencil-hue-saturation inside GEGL, in this process and through the `gegl` CLI.
final class PencilHueSaturationOpTests: XCTestCase {
    static let op = "impasto:pencil-hue-saturation"

    override func setUp() {
        super.setUp()
        XCTAssertTrue(ImpastoModule.load(), "the module at \(BuildProducts.module.path) did not register \(Self.op)")
    }

    override func tearDown() {
        Gegl.setThreads(1)
        super.tearDown()
    }

    func randomBuffer(width: Int, height: Int, format: String = "R'G'B'A float", seed: UInt64) -> GeglBufferRef {
        var rng = SeededRandom(seed: seed)
        let buffer = GeglBufferRef(width: width, height: height, format: format)
        buffer.set((0 ..< width * height * 4).map { _ in Float.random(in: 0 ... 1, using: &rng) }, format: format)
        return buffer
    }

    func assertMatchesReference(output: [Float], input: [Float], azimuth: Double, altitude: Double,
                                maxSaturation: Double = 8, accuracy: Double,
                                file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(output.count, input.count, file: file, line: line)
        var worst = 0.0
        for p in stride(from: 0, to: min(input.count, output.count), by: 4) {
            let expected = PencilReference.apply(input[p ..< p + 3].map(Double.init), azimuth: azimuth,
                                                 altitude: altitude, maxSaturation: maxSaturation)
            for c in 0 ..< 3 { worst = max(worst, abs(Double(output[p + c]) - expected[c])) }
            XCTAssertEqual(output[p + 3], input[p + 3], "alpha unchanged", file: file, line: line)
        }
        XCTAssertLessThanOrEqual(worst, accuracy, "largest difference from the formula (docs/contract.md)", file: file, line: line)
    }

    func testMetadataShowsTheOpInGimpsGeglTool() throws {
        func key(_ k: String) -> String? { gegl_operation_get_key(Self.op, k).map { String(cString: $0) } }
        XCTAssertEqual(key("title"), "Impasto Pencil Hue/Saturation")
        XCTAssertEqual(key("categories"), "color")
        XCTAssertEqual(key("gimp:menu-path"), "<Image>/Colors")
        XCTAssertNotNil(key("gimp:menu-label"))
        XCTAssertFalse(key("description")?.isEmpty ?? true)

        func double(_ name: String) throws -> (min: Double, max: Double, value: Double) {
            let spec = try XCTUnwrap(gegl_operation_find_property(Self.op, name), name)
            let d = UnsafeMutableRawPointer(spec).assumingMemoryBound(to: GParamSpecDouble.self).pointee
            return (d.minimum, d.maximum, d.default_value)
        }
        let azimuth = try double("azimuth"), altitude = try double("altitude"), maxS = try double("max-saturation")
        XCTAssertEqual([azimuth.min, azimuth.max, azimuth.value], [-180, 180, 180])
        XCTAssertEqual([altitude.min, altitude.max, altitude.value], [0, 90, 78.75])
        XCTAssertEqual([maxS.min, maxS.max, maxS.value], [0, 16, 8])
        let linear = try XCTUnwrap(gegl_operation_find_property(Self.op, "linear"))
        XCTAssertEqual(UnsafeMutableRawPointer(linear).assumingMemoryBound(to: GParamSpecBoolean.self)
            .pointee.default_value, 0)
    }

    func testDefaultsLeaveTheImageUnchanged() {
        let input = randomBuffer(width: 97, height: 53, seed: 1)
        let output = GeglGraph.apply(Self.op, to: input, format: "R'G'B'A float")
        for (a, b) in zip(output.get(format: "R'G'B'A float"), input.get(format: "R'G'B'A float")) {
            XCTAssertEqual(a, b, accuracy: 2e-6)
        }
    }

    func testPhotoMatchesTheFormulaOnPerceptualValues() throws {
        let photo = try XCTUnwrap(GeglGraph.load(BuildProducts.fixture("astronaut.png").path, format: "R'G'B'A float"))
        let output = GeglGraph.apply(Self.op, [("azimuth", .double(-60)), ("altitude", .double(45))],
                                     to: photo, format: "R'G'B'A float")
        assertMatchesReference(output: output.get(format: "R'G'B'A float"),
                               input: photo.get(format: "R'G'B'A float"),
                               azimuth: -60, altitude: 45, accuracy: 1e-5)
    }

    func testLinearSwitchWorksOnLinearLight() {
        let input = randomBuffer(width: 64, height: 64, seed: 2)
        let output = GeglGraph.apply(Self.op, [("azimuth", .double(100)), ("altitude", .double(30)),
                                               ("max-saturation", .double(3)), ("linear", .bool(true))],
                                     to: input, format: "RGBA float")
        // The same numbers as the perceptual case, but on linear values read in linear light.
        assertMatchesReference(output: output.get(format: "RGBA float"), input: input.get(format: "RGBA float"),
                               azimuth: 100, altitude: 30, maxSaturation: 3, accuracy: 2e-5)
        // And so not the perceptual result.
        let perceptual = GeglGraph.apply(Self.op, [("azimuth", .double(100)), ("altitude", .double(30)),
                                                   ("max-saturation", .double(3))],
                                         to: input, format: "RGBA float")
        let difference = zip(output.get(), perceptual.get()).map { abs($0 - $1) }.max() ?? 0
        XCTAssertGreaterThan(difference, 0.01)
    }

    func testAnyInputPrecisionIsConverted() {
        // 16-bit input, 16-bit output (the kernel works on the codes, see below).
        let input = randomBuffer(width: 40, height: 30, format: "R'G'B'A u16", seed: 3)
        let output = GeglGraph.apply(Self.op, [("azimuth", .double(-100)), ("altitude", .double(70))],
                                     to: input, format: "R'G'B'A u16")
        let got = output.get(format: "R'G'B'A float")
        let source = input.get(format: "R'G'B'A float")
        // u16 output clamps to 0…1; compare with the clamped formula.
        var worst = 0.0
        for p in stride(from: 0, to: source.count, by: 4) {
            let e = PencilReference.apply(source[p ..< p + 3].map(Double.init), azimuth: -100, altitude: 70)
            for c in 0 ..< 3 { worst = max(worst, abs(Double(got[p + c]) - min(max(e[c], 0), 1))) }
        }
        XCTAssertLessThan(worst, 1.5 / 65535)
    }

    func testEightAndSixteenBitCodesAreTheFormulaRoundedToNearest() {
        // GIMP's 8- and 16-bit images: the kernel reads and writes their codes when they are
        // the model it works in (R'G'B'A, or RGBA with `linear`). Each within half a code (and
        // the float matrix's own error) of the formula, clamped, on the values it works on.
        let cases: [(format: String, linear: Bool, max: Double, within: Double)] = [
            ("R'G'B'A u8", false, 255, 0.51), ("R'G'B'A u16", false, 65535, 0.8),
            ("RGBA u8", true, 255, 0.51), ("RGBA u16", true, 65535, 0.8),
        ]
        var rng = SeededRandom(seed: 8)
        let values = (0 ..< 37 * 23 * 4).map { _ -> Float in
            let v = Float.random(in: -0.2 ... 1.2, using: &rng)
            return min(max(v, 0), 1)  // 0 and 1 a good many times
        }
        for c in cases {
            let working = c.linear ? "RGBA float" : "R'G'B'A float"
            let input = GeglBufferRef(width: 37, height: 23, format: c.format)
            input.set(values, format: working)
            let output = GeglGraph.apply(Self.op, [("azimuth", .double(-100)), ("altitude", .double(20)),
                                                   ("linear", .bool(c.linear))],
                                         to: input, format: c.format)
            let got = output.get(format: working), source = input.get(format: working)
            var worst = 0.0
            for p in stride(from: 0, to: source.count, by: 4) {
                let e = PencilReference.apply(source[p ..< p + 3].map(Double.init), azimuth: -100, altitude: 20)
                for k in 0 ..< 3 { worst = max(worst, abs(Double(got[p + k]) - min(max(e[k], 0), 1)) * c.max) }
                XCTAssertEqual(got[p + 3], source[p + 3], "\(c.format): alpha unchanged")
            }
            XCTAssertLessThanOrEqual(worst, c.within, "\(c.format), linear \(c.linear): codes from the formula")
        }
    }

    func testOutputIsIdenticalAtOneAndFourThreadsAndAnyTileSize() {
        let input = randomBuffer(width: 1000, height: 700, seed: 4)  // not a multiple of any tile size
        let props: [(String, GeglValue)] = [("azimuth", .double(12)), ("altitude", .double(33))]
        Gegl.setThreads(1)
        let one = GeglGraph.apply(Self.op, props, to: input).get()
        Gegl.setThreads(4)
        let four = GeglGraph.apply(Self.op, props, to: input).get()
        XCTAssertTrue(one == four, "GEGL_THREADS 1 and 4 must give bit-identical output")
        Gegl.setTileSize(width: 37, height: 91)
        defer { Gegl.setTileSize(width: 128, height: 64) }
        let odd = GeglGraph.apply(Self.op, props, to: input).get()
        XCTAssertTrue(one == odd, "the tile size must not change the output")
    }

    func testNonFinitePixelsGiveFiniteOutputAndTinyBuffersDoNotCrash() {
        let input = GeglBufferRef(width: 2, height: 1)
        input.set([.nan, 0.5, 0.5, 0.25, .infinity, 0, 0, 1])
        let out = GeglGraph.apply(Self.op, [("azimuth", .double(10)), ("altitude", .double(10))], to: input).get()
        XCTAssertTrue(out.allSatisfy(\.isFinite), "\(out)")
        XCTAssertEqual(out[3], 0.25)
        XCTAssertEqual(out[7], 1)
        for (width, height) in [(1, 1), (977, 1)] {
            let wild: [Float] = [.nan, .infinity, -.infinity, 1e30, 0.2]
            let row = GeglBufferRef(width: width, height: height)
            row.set((0 ..< width * height * 4).map { wild[$0 % 5] })
            for linear in [false, true] {
                let lit = GeglGraph.apply(Self.op, [("altitude", .double(0)), ("linear", .bool(linear))], to: row).get()
                XCTAssertTrue(lit.allSatisfy(\.isFinite), "\(width)×\(height), linear \(linear)")
            }
        }
        let rgb = "R'G'B'A float"
        let one = GeglBufferRef(width: 1, height: 1, format: rgb)
        one.set([0.2, 0.4, 0.6, 1], format: rgb)
        let single = GeglGraph.apply(Self.op, [("azimuth", .double(-60)), ("altitude", .double(45))],
                                     to: one, format: rgb).get(format: rgb)
        let e = PencilReference.apply([0.2, 0.4, 0.6], azimuth: -60, altitude: 45)
        for c in 0 ..< 3 { XCTAssertEqual(Double(single[c]), e[c], accuracy: 1e-5) }
        let empty = GeglBufferRef(width: 0, height: 0)
        XCTAssertEqual(GeglGraph.apply(Self.op, to: empty).get().count, 0)
    }

    // MARK: the `gegl` command-line tool

    func testCLISeesTheOpOnlyWithTheModuleOnItsPath() {
        let withModule = runCommand("gegl", ["--exists", Self.op],
                                    environment: ["GEGL_PATH": ImpastoModule.geglPath])
        XCTAssertEqual(withModule.status, 0, withModule.output)
        let empty = BuildProducts.temporaryDirectory("empty")
        defer { try? FileManager.default.removeItem(at: empty) }
        let without = runCommand("gegl", ["--exists", Self.op],
                                 environment: ["GEGL_PATH": empty.path, "XDG_DATA_HOME": empty.path])
        XCTAssertNotEqual(without.status, 0, "the op must come from our module, not from anywhere else")
    }

    func testCLIAppliesTheOpToAPhoto() throws {
        let dir = BuildProducts.temporaryDirectory("cli"), out = dir.appendingPathComponent("out.png")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = BuildProducts.fixture("astronaut.png")
        let result = runCommand("gegl", ["-i", photo.path, "-o", out.path, "--",
                                         Self.op, "azimuth=-60", "altitude=45"],
                                environment: ["GEGL_PATH": ImpastoModule.geglPath])
        XCTAssertEqual(result.status, 0, result.output)
        let input = try XCTUnwrap(FloatImage.load(photo))
        let output = try XCTUnwrap(FloatImage.load(out))
        XCTAssertEqual([output.width, output.height], [input.width, input.height])
        var worst = 0.0
        for p in stride(from: 0, to: input.samples.count, by: 4) {
            let e = PencilReference.apply(input.samples[p ..< p + 3].map(Double.init), azimuth: -60, altitude: 45)
            for c in 0 ..< 3 { worst = max(worst, abs(Double(output.samples[p + c]) - min(max(e[c], 0), 1))) }
        }
        XCTAssertLessThan(worst, 1.0 / 65535 + 1e-5, "the CLI writes 16-bit PNG")
    }
}
