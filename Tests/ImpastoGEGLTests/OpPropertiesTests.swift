// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import CImpastoABI
import ImpastoFrontEnd
import ImpastoKernels
import ImpastoTestSupport
import XCTest

/// Every property of every op against the kernels' declaration of that parameter: name, title,
/// description, range, ui_range, default, a choice's nicks and labels. The chant is generated
/// from the declarations (impasto-generate); this checks what GEGL made of it, and that the
/// generated files are current.
final class OpPropertiesTests: XCTestCase {
    override func setUp() {
        super.setUp()
        XCTAssertTrue(ImpastoModule.load())
    }

    /// The module registers exactly the ops of `operations`, the one list.
    func testTheModuleRegistersEveryListedOp() {
        XCTAssertEqual(Set(registeredOps()), Set(operations.map(\.name)))
        XCTAssertEqual(operations.count, 6)
        XCTAssertEqual(Set(operationParameters.keys), Set(operations.map(\.name)))
    }

    /// Every op's GEGL properties are its declared parameters: the generated chant says what
    /// the declarations say.
    func testEveryOpHasItsDeclaredProperties() {
        for op in operations {
            assertProperties(of: op.name, are: op.parameters)
        }
        XCTAssertEqual(operationParameters["impasto:pencil-hue-saturation"], PencilHueSaturation.parameters)
        XCTAssertEqual(operationParameters["impasto:emboss-matcap"],
                       EmbossSettings.parameters.filter { $0 != EmbossSettings.Parameters.preset })
    }

    /// What is checked in is what `impasto-generate` writes from today's declarations (as
    /// CatalogueTests holds po/impasto.pot to po/make-pot).
    func testTheGeneratedSourcesAreCurrent() {
        let run = runCommand(generator.path, ["--check"])
        XCTAssertEqual(run.status, 0, "stale generated files (run: swift run impasto-generate):\n\(run.output)")
    }

    /// The check sees a stale file: a copy of the package's generated files with one header
    /// edited and one missing is reported, and only those two.
    func testTheCheckNoticesAStaleGeneratedFile() throws {
        let copy = BuildProducts.temporaryDirectory("generated")
        defer { try? FileManager.default.removeItem(at: copy) }
        let files = FileManager.default
        let generated = "Sources/ImpastoGEGL/generated"
        let list = runCommand(generator.path, ["--list"])
        XCTAssertEqual(list.status, 0)
        let paths = list.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(paths.count, operations.count + 4, "\(paths)")
        for path in paths {
            let target = copy.appendingPathComponent(path)
            try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try files.copyItem(at: BuildProducts.packageRoot.appendingPathComponent(path), to: target)
        }
        XCTAssertEqual(runCommand(generator.path, ["--check", "--package", copy.path]).status, 0)
        let edited = copy.appendingPathComponent("\(generated)/impasto-emboss-properties.h")
        try (String(contentsOf: edited, encoding: .utf8).replacingOccurrences(of: "1000.0", with: "999.0"))
            .write(to: edited, atomically: true, encoding: .utf8)
        try files.removeItem(at: copy.appendingPathComponent("\(generated)/impasto-ops.h"))
        let run = runCommand(generator.path, ["--check", "--package", copy.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.output.split(separator: "\n").filter { $0.hasPrefix("stale: ") },
                       ["stale: \(generated)/impasto-emboss-properties.h", "stale: \(generated)/impasto-ops.h"])
    }

    /// Each listed op is a chant file of its name that takes its properties from the generated
    /// header (docs/architecture.md, "Add an op").
    func testEveryOpIsAChantFileWithItsGeneratedProperties() throws {
        for op in operations {
            let source = BuildProducts.packageRoot.appendingPathComponent("Sources/ImpastoGEGL/\(op.fileStem).c")
            let text = try String(contentsOf: source, encoding: .utf8)
            XCTAssertTrue(text.contains("#include \"generated/\(op.fileStem)-properties.h\""), op.name)
            XCTAssertTrue(text.contains("#define GEGL_OP_NAME     \(op.cName)\n"), op.name)
        }
    }

    /// Each op's settings struct (impasto-abi-settings.h) holds its declared parameters in
    /// order, a Double each (a colour three), so that `ParameterValues` reads each where the C
    /// side wrote it: with every Double of the struct set to its own index, each parameter
    /// reads as the index of the field named like it.
    func testEveryOpsSettingsAreItsParametersInOrder() {
        func check<Settings>(_ op: String, _ settings: Settings, line: UInt = #line) {
            guard let parameters = operationParameters[op] else { return XCTFail(op, line: line) }
            var numbered = settings
            let count = MemoryLayout<Settings>.size / 8
            withUnsafeMutableBytes(of: &numbered) { bytes in
                for i in 0 ..< count { bytes.storeBytes(of: Double(i), toByteOffset: 8 * i, as: Double.self) }
            }
            XCTAssertEqual(MemoryLayout<Settings>.size, parameters.map(ParameterValues.width).reduce(0, +) * 8, op, line: line)
            let fields = Mirror(reflecting: settings).children.map { $0.label ?? "" }
            XCTAssertEqual(fields, parameters.map { $0.name.replacingOccurrences(of: "-", with: "_") }, op, line: line)
            let values = ParameterValues(parameters, of: numbered)
            var index = 0.0
            for p in parameters {
                if ParameterValues.width(p) == 3 {
                    XCTAssertEqual(values.color(p), SIMD3(index, index + 1, index + 2), "\(op) \(p.name)", line: line)
                } else {
                    XCTAssertEqual(values[p], index, "\(op) \(p.name)", line: line)
                }
                index += Double(ParameterValues.width(p))
            }
        }
        check("impasto:pencil-hue-saturation", ImpastoPencilHueSaturationSettings())
        check("impasto:emboss", ImpastoEmbossSettings())
        check("impasto:emboss-matcap", ImpastoEmbossMatcapSettings())
        check("impasto:bristle-normal-map", ImpastoBristleNormalMapSettings())
        check("impasto:normal-light", ImpastoNormalLightSettings())
        check("impasto:paint-relief", ImpastoPaintReliefSettings())
        XCTAssertEqual(operations.count, 6, "a new op's settings belong in this test")
    }

    var generator: URL { BuildProducts.binDirectory.appendingPathComponent("impasto-generate") }

    func registeredOps() -> [String] {
        var count: guint = 0
        guard let names = gegl_list_operations(&count) else { return [] }
        defer { g_free(names) }
        return (0 ..< Int(count)).compactMap { names[$0].map { String(cString: $0) } }.filter { $0.hasPrefix("impasto:") }
    }

    /// Every op says its licence where GEGL keeps one (GEGL then offers it to GPL3
    /// applications: GIMP, its plug-ins, the gegl tool).
    func testEveryOpIsGPL3OrLater() {
        let ours = registeredOps()
        XCTAssertEqual(ours.count, operations.count, "\(ours)")
        for op in ours {
            XCTAssertEqual(gegl_operation_get_key(op, "license").map { String(cString: $0) }, "GPL3+", op)
        }
    }

    /// GIMP 3's filter tool looks an op's properties up by name beside its pads: a property
    /// called like a pad ("output") made every kept Impasto Emboss print CRITICALs when it was
    /// opened for editing, and its choice never showed in the dialog.
    func testNoPropertyIsNamedLikeAPad() {
        let ours = registeredOps()
        XCTAssertEqual(ours.count, operations.count, "\(ours)")
        for op in ours {
            var n: guint = 0
            guard let specs = gegl_operation_list_properties(op, &n) else { continue }
            defer { g_free(specs) }
            for i in 0 ..< Int(n) {
                guard let name = specs[i].map({ String(cString: $0.pointee.name) }) else { continue }
                XCTAssertFalse(["input", "output", "aux", "aux2"].contains(name), "\(op) has a property named like a pad: \(name)")
            }
        }
    }

    /// GIMP's generated dialog (and 2.10's GEGL Operation tool) shows the custom look's
    /// lights and material only while Look is Custom, and each model's own settings only for
    /// that model: otherwise the live filter's dialog is a wall of 30 sliders.
    func testTheCustomLookShowsOnlyWhenChosen() {
        func visible(_ property: String) -> String? {
            gegl_operation_get_property_key("impasto:emboss", property, "visible").map { String(cString: $0) }
        }
        let look = Hemisphere.Look.self
        for declared in look.parameters {
            let expected = switch declared.name {
            case look.shininess.name: "preset {custom} & model {shiny}"
            case look.metalness.name, look.roughness.name: "preset {custom} & model {pbr}"
            default: "preset {custom}"
            }
            XCTAssertEqual(visible(declared.name), expected, declared.name)
        }
        for declared in EmbossSettings.parameters {
            XCTAssertNil(visible(declared.name), "\(declared.name) is always shown")
        }
    }

    /// The check itself must see a difference: a declaration with another default, range,
    /// slider, title or choice fails it.
    func testTheCheckNoticesADrift() {
        let pencil = PencilHueSaturation.Parameters.self
        let drifted: [EffectParameter] = [
            .number("azimuth", "Azimuth", -180 ... 180, default: 170, pencil.azimuth.description),
            .number("altitude", "Altitude", 0 ... 80, default: 78.75, pencil.altitude.description),
            .number("max-saturation", "Maximum saturation", 0 ... 16, slider: 0 ... 8, default: 8,
                    pencil.maxSaturation.description),
            .boolean("linear", "Linear", default: false, pencil.linear.description),
        ]
        for declared in drifted {
            XCTAssertFalse(differences("impasto:pencil-hue-saturation", declared).isEmpty, declared.name)
        }
        let profile = EmbossSettings.Parameters.profile
        let reordered = EffectParameter.choice(profile.name, profile.title,
                                               [.init("linear", "Linear"), .init("round", "Round"), .init("smooth", "Smooth")],
                                               default: "round", profile.description)
        XCTAssertFalse(differences("impasto:emboss", reordered).isEmpty)
    }

    // MARK: - The comparison

    func assertProperties(of op: String, are declared: [EffectParameter], file: StaticString = #filePath,
                          line: UInt = #line) {
        var count: guint = 0
        guard let specs = gegl_operation_list_properties(op, &count) else {
            return XCTFail("\(op) has no properties", file: file, line: line)
        }
        defer { g_free(specs) }
        let names = (0 ..< Int(count)).compactMap { specs[$0].map { String(cString: $0.pointee.name) } }
        XCTAssertEqual(Set(names), Set(declared.map(\.name)), "\(op): the op's properties are the declared ones",
                       file: file, line: line)
        XCTAssertEqual(names.count, declared.count, file: file, line: line)
        for parameter in declared {
            for problem in differences(op, parameter) {
                XCTFail("\(op) \(parameter.name): \(problem)", file: file, line: line)
            }
        }
    }

    /// How `op`'s property `declared.name` differs from `declared`.
    func differences(_ op: String, _ declared: EffectParameter) -> [String] {
        guard let spec = gegl_operation_find_property(op, declared.name) else { return ["no such property"] }
        var problems: [String] = []
        func expect<T: Equatable>(_ what: String, _ actual: T, _ wanted: T) {
            if actual != wanted { problems.append("\(what) is \(actual), declared \(wanted)") }
        }
        expect("the title", String(cString: g_param_spec_get_nick(spec)), declared.title)
        expect("the description", String(cString: g_param_spec_get_blurb(spec)), declared.description)
        let raw = UnsafeMutableRawPointer(spec)
        let type = spec.pointee.value_type
        switch declared.kind {
        case .number(let range, let slider, let value):
            guard type == g_type_from_name("gdouble") else { return problems + ["not a double"] }
            let d = raw.assumingMemoryBound(to: GeglParamSpecDouble.self).pointee
            expect("the range", [d.parent_instance.minimum, d.parent_instance.maximum], [range.lowerBound, range.upperBound])
            expect("the ui_range", [d.ui_minimum, d.ui_maximum], [slider.lowerBound, slider.upperBound])
            expect("the default", d.parent_instance.default_value, value)
        case .integer(let range, let value):
            guard type == g_type_from_name("gint") else { return problems + ["not an int"] }
            let i = raw.assumingMemoryBound(to: GeglParamSpecInt.self).pointee
            expect("the range", [Int(i.parent_instance.minimum), Int(i.parent_instance.maximum)],
                   [range.lowerBound, range.upperBound])
            expect("the default", Int(i.parent_instance.default_value), value)
        case .boolean(let value):
            guard type == g_type_from_name("gboolean") else { return problems + ["not a boolean"] }
            expect("the default", raw.assumingMemoryBound(to: GParamSpecBoolean.self).pointee.default_value != 0, value)
        case .choice(let choices, let index):
            guard g_type_is_a(type, g_type_from_name("GEnum")) != 0 else { return problems + ["not an enum"] }
            let e = raw.assumingMemoryBound(to: GParamSpecEnum.self).pointee
            guard let enumClass = e.enum_class else { return problems + ["no enum class"] }
            let values = (0 ..< Int(enumClass.pointee.n_values)).map { enumClass.pointee.values[$0] }
            expect("the nicks", values.map { String(cString: $0.value_nick) }, choices.map(\.nick))
            expect("the labels", values.map { String(cString: $0.value_name) }, choices.map(\.label))
            expect("the values", values.map { Int($0.value) }, Array(choices.indices))
            expect("the default", Int(e.default_value), index)
        case .color(let value):
            guard let color = gegl_param_spec_color_get_default(spec) else { return problems + ["not a colour"] }
            var (r, g, b, a) = (-1.0, -1.0, -1.0, -1.0)
            gegl_color_get_rgba(color, &r, &g, &b, &a)
            expect("the default", [r, g, b, a].map { ($0 * 1e6).rounded() / 1e6 }, [value.x, value.y, value.z, 1])
        }
        return problems
    }
}
