// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import GeglKit
import ImpastoFrontEnd
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// A GIMP in memory for the procedures: images, layers with GEGL buffers, paths, and a log of
/// what a procedure asked of it (undo groups, progress, merges, updates), in order.
final class FakeHost: GimpHost {
    enum Kind { case layer, group, mask, channel, path }

    struct Item {
        var image: Int32, name: String, kind: Kind
        var parent: Int32 = -1, locked = false, indexed = false, gray = false, alpha = true
        var offsets: (x: Int32, y: Int32) = (0, 0)
        var buffer: GeglBufferRef? = nil, shadow: GeglBufferRef? = nil
    }

    var images: Set<Int32> = []
    var items: [Int32: Item] = [:]
    /// The selection's bounds in drawable coordinates: nil for none (the whole drawable).
    var selection: GeglRectangle? = nil
    var activePaths: [Int32: Int32] = [:]
    private(set) var log: [String] = []

    /// A layer of `width`×`height` RGBA float pixels `pixels` in a new or existing image.
    @discardableResult
    func addLayer(_ id: Int32, image: Int32, name: String = "layer", width: Int = 8, height: Int = 6,
                  pixels: [Float]? = nil) -> Item {
        images.insert(image)
        var item = Item(image: image, name: name, kind: .layer)
        let buffer = GeglBufferRef(width: width, height: height)
        if let pixels { buffer.set(pixels) }
        item.buffer = buffer
        items[id] = item
        return item
    }

    func imageExists(_ image: Int32) -> Bool { images.contains(image) }
    func isDrawable(_ item: Int32) -> Bool { items[item].map { $0.kind != .path } ?? false }
    func isPath(_ item: Int32) -> Bool { items[item]?.kind == .path }
    func image(of item: Int32) -> Int32 { items[item]?.image ?? -1 }
    func name(of item: Int32) -> String { items[item]?.name ?? "" }
    func parent(of item: Int32) -> Int32 { items[item]?.parent ?? -1 }
    func isGroup(_ item: Int32) -> Bool { items[item]?.kind == .group }
    func isLayer(_ item: Int32) -> Bool { items[item].map { $0.kind == .layer || $0.kind == .group } ?? false }
    func isLayerMask(_ item: Int32) -> Bool { items[item]?.kind == .mask }
    func isChannel(_ item: Int32) -> Bool { items[item]?.kind == .channel }
    func pixelsLocked(_ item: Int32) -> Bool { items[item]?.locked ?? false }

    func isIndexed(_ drawable: Int32) -> Bool { items[drawable]?.indexed ?? false }
    func isGray(_ drawable: Int32) -> Bool { items[drawable]?.gray ?? false }
    func hasAlpha(_ drawable: Int32) -> Bool { items[drawable]?.alpha ?? false }
    func addAlpha(_ layer: Int32) -> Bool { log.append("add alpha \(layer)"); items[layer]?.alpha = true; return true }
    func offsets(_ drawable: Int32) -> (x: Int32, y: Int32) { items[drawable]?.offsets ?? (0, 0) }
    func buffer(_ drawable: Int32) -> GeglBufferRef { items[drawable]!.buffer! }

    func shadowBuffer(_ drawable: Int32) -> GeglBufferRef {
        if let shadow = items[drawable]?.shadow { return shadow }
        let extent = buffer(drawable).extent
        let shadow = GeglBufferRef(width: Int(extent.width), height: Int(extent.height))
        items[drawable]?.shadow = shadow
        return shadow
    }

    func selectionBounds(_ drawable: Int32) -> GeglRectangle? { selection ?? buffer(drawable).extent }

    /// What GIMP does with a rectangular selection: the shadow's pixels replace the drawable's there.
    func mergeShadow(_ drawable: Int32) -> Bool {
        guard let shadow = items[drawable]?.shadow, let rect = selectionBounds(drawable) else { return false }
        log.append("merge \(drawable)")
        shadow.copy(rect, to: buffer(drawable))
        items[drawable]?.shadow = nil
        return true
    }

    func update(_ drawable: Int32, _ rect: GeglRectangle) {
        log.append("update \(drawable) \(rect.x) \(rect.y) \(rect.width) \(rect.height)")
    }

    func strokes(of path: Int32, precision: Double) -> [(points: [SIMD2<Double>], closed: Bool)] { [] }
    func activePath(of image: Int32) -> Int32 { activePaths[image] ?? -1 }
    var foreground: SIMD4<Float> { SIMD4(1, 0, 0, 1) }

    func progressStart(_ message: String) { log.append("progress \(message)") }
    func progress(_ fraction: Double) {}

    func undoGroup(_ image: Int32, _ body: () throws(ProcedureFailure) -> Void) throws(ProcedureFailure) {
        log.append("undo group \(image)")
        defer { log.append("end undo group \(image)") }
        try body()
    }

    func flushDisplays() { log.append("flush") }
    var profileFolder: String? { nil }
    func reloadAndSelectBrush(named name: String) -> Bool { false }
}

/// ImpastoFrontEnd's procedures against FakeHost: how arguments are read back from the last
/// values, checked, and refused with their messages, and that a call that passes is one undo
/// step whose pixels are the effect's, while a refused one touches nothing.
final class FakeHostTests: XCTestCase {
    /// The values of `procedure`'s parameters, with `changes` by name.
    func arguments(_ procedure: ImpastoProcedure.Type, _ changes: [String: ParameterValue] = [:]) -> ProcedureArguments {
        var arguments = ProcedureArguments.defaults(for: procedure.parameters)
        for (name, value) in changes {
            arguments.values[procedure.parameters.firstIndex { $0.name == name }!] = value
        }
        return arguments
    }

    func failure(_ body: () throws(ProcedureFailure) -> Void) -> ProcedureFailure? {
        do { try body() } catch { return error }
        return nil
    }

    // MARK: - Last values

    func testLastValuesComeBackAsTheyWereStoredForEveryProcedure() {
        for procedure in procedures {
            var stored = arguments(procedure)
            // Every value other than its default, within its range.
            for (i, parameter) in procedure.parameters.enumerated() {
                switch (parameter.kind, stored.values[i]) {
                case (.float(let range), _): stored.values[i] = .float(range.lowerBound + (range.upperBound - range.lowerBound) / 3)
                case (.integer(let range), _): stored.values[i] = .int(range.upperBound)
                case (.boolean, .int(let v)): stored.values[i] = .int(1 - v)
                case (.choice(let choices), _): stored.values[i] = .int(Int32(choices.count - 1))
                case (.name(let choices), _): stored.values[i] = .string(choices.last!.nick)
                case (.drawable, _), (.vectors, _): stored.values[i] = .int(42)
                default: break
                }
            }
            let read = ProcedureArguments.fromLastValues(stored.lastValuesText, for: procedure.parameters)
            XCTAssertEqual(read.values, stored.values, procedure.name)
        }
    }

    func testLastValuesOfAnOlderTableKeepWhatStillMatches() {
        let parameters = PencilHueSaturationProcedure.parameters
        let text = "azimuth=-60.0\nretired-parameter=3\naltitude=not a number\nmax-saturation\nlinear=1"
        let read = ProcedureArguments.fromLastValues(text, for: parameters)
        XCTAssertEqual(read.double("azimuth"), -60)
        XCTAssertEqual(read.double("altitude"), ProcedureArguments.defaults(for: parameters).double("altitude"),
                       "an unreadable value keeps the default")
        XCTAssertEqual(read.double("max-saturation"), ProcedureArguments.defaults(for: parameters).double("max-saturation"))
        XCTAssertTrue(read.bool("linear"))
        XCTAssertEqual(ProcedureArguments.fromLastValues("", for: parameters).values,
                       ProcedureArguments.defaults(for: parameters).values)
    }

    func testAStringLosesItsLineBreaksInTheStore() {
        var stored = arguments(EmbossProcedure.self, ["preset": .string("go\nld")])
        stored = ProcedureArguments.fromLastValues(stored.lastValuesText, for: EmbossProcedure.parameters)
        XCTAssertEqual(stored.name("preset"), "gold")
    }

    // MARK: - Validation

    func testOutOfRangeValuesAreRefusedWithTheRange() {
        let host = FakeHost()
        let altitude = PencilHueSaturationProcedure.parameters.first { $0.name == "altitude" }!
        XCTAssertEqual(altitude.problem(with: .float(95), in: host), "altitude must be between 0 and 90, not 95")
        XCTAssertEqual(altitude.problem(with: .float(.nan), in: host), "altitude must be between 0 and 90, not nan")
        XCTAssertNil(altitude.problem(with: .float(90), in: host))
        XCTAssertEqual(altitude.problem(with: .int(3), in: host), "altitude has the wrong type")
        let linear = PencilHueSaturationProcedure.parameters.first { $0.name == "linear" }!
        XCTAssertEqual(linear.problem(with: .int(2), in: host), "linear must be 0 (FALSE) or 1 (TRUE), not 2")
    }

    func testChoicesAndNamesListWhatIsAccepted() {
        let host = FakeHost()
        let profile = EmbossProcedure.parameters.first { $0.name == "profile" }!
        XCTAssertEqual(profile.problem(with: .int(7), in: host), "profile must be 0 (round), 1 (linear) or 2 (smooth), not 7")
        let preset = EmbossProcedure.parameters.first { $0.name == "preset" }!
        let problem = preset.problem(with: .string("bogus"), in: host) ?? ""
        XCTAssertTrue(problem.hasPrefix(#"preset "bogus" is unknown; use "" or one of "mercury", "gold""#), problem)
        XCTAssertNil(preset.problem(with: .string("GOLD"), in: host), "any case")
        XCTAssertNil(preset.problem(with: .string(""), in: host), "the default look")
        XCTAssertEqual(arguments(EmbossProcedure.self, ["preset": .string("Chrome")]).name("preset"), "chrome")
    }

    func testItemsAreLookedUpInTheHost() {
        let host = FakeHost()
        host.addLayer(2, image: 1)
        host.items[5] = FakeHost.Item(image: 1, name: "stroke", kind: .path)
        let bump = NormalLightProcedure.parameters.first { $0.name == "bump-drawable" }!
        XCTAssertNil(bump.problem(with: .int(2), in: host))
        XCTAssertEqual(bump.problem(with: .int(9), in: host), "bump-drawable 9 is not a drawable")
        let picture = EmbossProcedure.parameters.first { $0.kind.isOptionalDrawable }!
        XCTAssertNil(picture.problem(with: .int(-1), in: host), "none")
        XCTAssertEqual(picture.problem(with: .int(5), in: host), "\(picture.name) 5 is not a drawable (pass -1 for none)")
        let path = BristleStrokeProcedure.parameters.first { $0.name == "vectors" }!
        XCTAssertNil(path.problem(with: .int(5), in: host))
        XCTAssertEqual(path.problem(with: .int(2), in: host), "vectors 2 is not a path")
    }

    // MARK: - The target's checks

    func testTheTargetIsCheckedBeforeAnythingElseWithTheUsersWords() {
        let host = FakeHost()
        host.addLayer(2, image: 1, name: "Paint")
        host.items[3] = FakeHost.Item(image: 1, name: "Group", kind: .group)
        host.addLayer(4, image: 1, name: "Inside")
        host.items[4]?.parent = 3
        host.addLayer(6, image: 7, name: "Elsewhere")
        let name = PencilHueSaturationProcedure.name
        func message(image: Int32, drawable: Int32) -> String? {
            failure { () throws(ProcedureFailure) in
                try ProcedureChecks.checkDrawable(PencilHueSaturationProcedure.self, image: image, drawable: drawable, in: host)
            }?.message
        }
        XCTAssertNil(message(image: 1, drawable: 2))
        XCTAssertEqual(message(image: 9, drawable: 2), "\(name): image 9 does not exist.")
        XCTAssertEqual(message(image: 1, drawable: 8), "\(name): item 8 is not a drawable (a layer, layer mask or channel).")
        XCTAssertEqual(message(image: 1, drawable: 6), "\(name): drawable 6 does not belong to image 1.")
        XCTAssertEqual(message(image: 1, drawable: 3),
                       "\(name): a layer group has no pixels of its own; choose a layer inside it, or merge the group first.")
        host.items[3]?.locked = true
        XCTAssertEqual(message(image: 1, drawable: 4), "\(name): the pixels of layer group \"Group\" (which holds \"Inside\") "
                       + "are locked; unlock them in the Layers dialog first.")
        host.items[2]?.locked = true
        XCTAssertEqual(message(image: 1, drawable: 2),
                       "\(name): the pixels of layer \"Paint\" are locked; unlock them in the Layers dialog first.")
        host.items[2]?.locked = false
        host.items[2]?.indexed = true
        XCTAssertEqual(message(image: 1, drawable: 2), "\(name): indexed images are not supported; "
                       + "convert the image to RGB or grayscale first (Image → Mode → RGB).")
    }

    func testAStrokeWithoutAPathSaysHowToMakeOne() {
        let host = FakeHost()
        host.addLayer(2, image: 1)
        let call = ProcedureCall(host: host, image: 1, drawable: 2, arguments: arguments(BristleStrokeProcedure.self, ["vectors": .int(-1)]))
        let message = failure { () throws(ProcedureFailure) in try BristleStrokeProcedure.checkTarget(call) }?.message ?? ""
        XCTAssertTrue(message.hasPrefix("\(BristleStrokeProcedure.name): there is no path to stroke"), message)
    }

    func testRepeatForgetsClosedDrawablesAndTakesTheImagesOwnPath() {
        let host = FakeHost()
        host.addLayer(2, image: 1)
        host.items[5] = FakeHost.Item(image: 1, name: "mine", kind: .path)
        host.items[8] = FakeHost.Item(image: 7, name: "another image's", kind: .path)
        host.activePaths[1] = 5
        let last = arguments(BristleStrokeProcedure.self, ["bump-drawable": .int(99), "vectors": .int(8)])
        let repeated = last.forgettingVanishedDrawables(in: host).takingPaths(of: 1, in: host)
        XCTAssertNil(repeated.drawable("bump-drawable"), "the bump's image was closed")
        XCTAssertEqual(repeated.vectors("vectors"), 5, "the image's active path, not another image's")
        let kept = arguments(BristleStrokeProcedure.self, ["bump-drawable": .int(2), "vectors": .int(5)])
            .forgettingVanishedDrawables(in: host).takingPaths(of: 1, in: host)
        XCTAssertEqual(kept.drawable("bump-drawable"), 2)
        XCTAssertEqual(kept.vectors("vectors"), 5)
    }

    // MARK: - Performing

    /// A refused call opens no undo group and leaves the pixels as they were; an accepted one
    /// is one undo group around the render, the merge and the update of the selection's bounds,
    /// and its pixels are the pencil's formula there and the layer's own elsewhere.
    func testAPerformedCallIsOneUndoStepOverTheSelectionAndARefusedOneTouchesNothing() throws {
        try XCTSkipUnless(ImpastoModule.load(), "the Impasto GEGL module did not load")
        let (width, height) = (8, 6)
        var random = SeededRandom(seed: 7)
        let pixels = (0 ..< width * height).flatMap { _ in
            [Float.random(in: 0.1 ... 0.9, using: &random), Float.random(in: 0.1 ... 0.9, using: &random),
             Float.random(in: 0.1 ... 0.9, using: &random), 1]
        }
        let host = FakeHost()
        host.addLayer(2, image: 1, width: width, height: height, pixels: pixels)
        let original = host.buffer(2).get(format: "R'G'B'A float")

        let refused = ProcedureCall(host: host, image: 1, drawable: 2,
                                    arguments: arguments(PencilHueSaturationProcedure.self, ["altitude": .float(95)]))
        let message = failure { () throws(ProcedureFailure) in try PencilHueSaturationProcedure.perform(refused) }?.message
        XCTAssertEqual(message, "\(PencilHueSaturationProcedure.name): altitude must be between 0 and 90, not 95.")
        XCTAssertEqual(host.log, [], "nothing asked of GIMP")
        XCTAssertEqual(host.buffer(2).get(format: "R'G'B'A float"), original)

        host.selection = GeglRectangle(x: 2, y: 1, width: 4, height: 3)
        let call = ProcedureCall(host: host, image: 1, drawable: 2,
                                 arguments: arguments(PencilHueSaturationProcedure.self, ["azimuth": .float(-60), "altitude": .float(45)]))
        XCTAssertNil(failure { () throws(ProcedureFailure) in try PencilHueSaturationProcedure.perform(call) })
        XCTAssertEqual(host.log, ["undo group 1", "progress \(PencilHueSaturationProcedure.progressMessage)", "merge 2",
                                  "update 2 2 1 4 3", "end undo group 1"])
        let after = host.buffer(2).get(format: "R'G'B'A float")
        for y in 0 ..< height { for x in 0 ..< width {
            let i = 4 * (y * width + x)
            let before = original[i ..< i + 3].map(Double.init)
            let inside = (2 ..< 6).contains(x) && (1 ..< 4).contains(y)
            // A float layer keeps values beyond 0 … 1, as GIMP's own filters leave them.
            let expected = inside ? PencilReference.apply(before, azimuth: -60, altitude: 45) : before
            for c in 0 ..< 3 {
                XCTAssertEqual(Double(after[i + c]), expected[c], accuracy: 1e-4, "(\(x), \(y)) channel \(c)")
            }
        } }
    }
}

extension FakeHostTests {
    /// The Light Editor's whole-layer view: the procedure's filter over the whole layer, scaled
    /// to fit and never enlarged. A layer of 2 × 2 blocks of one colour each, halved: every
    /// view pixel is the formula for its block (so how GEGL averages does not matter).
    func testTheWholeLayerViewIsTheFilterOverTheWholeLayerScaledToFit() throws {
        try XCTSkipUnless(ImpastoModule.load(), "the Impasto GEGL module did not load")
        let (width, height) = (40, 24)
        var random = SeededRandom(seed: 11)
        let blocks = (0 ..< (width / 2) * (height / 2)).map { _ in
            [Float.random(in: 0.1 ... 0.9, using: &random), Float.random(in: 0.1 ... 0.9, using: &random),
             Float.random(in: 0.1 ... 0.9, using: &random)]
        }
        var pixels: [Float] = []
        for y in 0 ..< height {
            for x in 0 ..< width { pixels += blocks[(y / 2) * (width / 2) + x / 2] + [1] }
        }
        let host = FakeHost()
        host.addLayer(2, image: 1, width: width, height: height, pixels: pixels)
        let values = arguments(PencilHueSaturationProcedure.self, ["azimuth": .float(-60), "altitude": .float(45)])
        let view = try XCTUnwrap(PencilHueSaturationProcedure.wholeLayer(of: 2, in: host, arguments: values, fitting: 20, 100))
        XCTAssertEqual([view.width, view.height], [20, 12], "scaled by 20/40 to fit 20 wide")
        for y in 0 ..< 12 { for x in 0 ..< 20 {
            // The layer is linear float; the pencil works on R'G'B' (as the test above), and
            // the view is R'G'B'A u8.
            let encoded = blocks[y * 20 + x].map { (v: Float) -> Double in
                let linear = Double(v)
                return linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
            }
            let expected = PencilReference.apply(encoded, azimuth: -60, altitude: 45)
            for c in 0 ..< 3 {
                XCTAssertEqual(Double(view.pixels[(y * 20 + x) * 4 + c]) / 255, min(max(expected[c], 0), 1), accuracy: 2.0 / 255,
                               "(\(x), \(y)) channel \(c)")
            }
            XCTAssertEqual(view.pixels[(y * 20 + x) * 4 + 3], 255)
        } }
        let small = try XCTUnwrap(PencilHueSaturationProcedure.wholeLayer(of: 2, in: host, arguments: values, fitting: 400, 260))
        XCTAssertEqual([small.width, small.height], [40, 24], "a small layer is shown at its size, not enlarged")
        XCTAssertEqual(host.log, [], "a view changes nothing in GIMP")
    }
}

private extension ProcedureParameter.Kind {
    var isOptionalDrawable: Bool {
        if case .drawable(optional: true) = self { return true }
        return false
    }
}
