// SPDX-License-Identifier: GPL-3.0-or-later
/// One user-visible setting of an effect, declared once, next to the kernel that uses it.
///
/// The name is the GEGL property's and the PDB parameter's ("max-saturation"); the kind says
/// what values it takes, its default and, for numbers, the span a dialog's slider shows
/// (GEGL's `ui_range`; the spin button still takes the whole range). Everything else reads
/// this: the kernels' own clamping (`clamp`), the GIMP 2.10 and 3 PDB signatures, their
/// validation messages and last values, the dialogs, the hemisphere editor and the pencil
/// pad, and the tests. The GEGL ops' properties are generated from it (`impasto-generate`
/// writes each op's chant header; docs/architecture.md, "Add a parameter").
public struct EffectParameter: Equatable, Sendable {
    /// One value of a choice: its nick (GEGL's enum value nick, GIMP 3's choice nick) and label.
    public struct Choice: Equatable, Sendable {
        public let nick: String
        public let label: String

        public init(_ nick: String, _ label: String) {
            self.nick = nick
            self.label = label
        }
    }

    public enum Kind: Equatable, Sendable {
        /// A real number in `range`; a dialog's slider spans `slider` (within `range`).
        case number(range: ClosedRange<Double>, slider: ClosedRange<Double>, default: Double)
        /// A whole number in `range`.
        case integer(range: ClosedRange<Int>, default: Int)
        case boolean(default: Bool)
        /// One of `choices`; the default is the choice at index `default`. GIMP 2.10's PDB passes
        /// the index, GEGL and GIMP 3 the nick.
        case choice([Choice], default: Int)
        /// A colour, linear RGB, each channel 0 … 1.
        case color(default: SIMD3<Double>)
    }

    /// What GEGL's generated dialogs read beyond the values: its `ui_meta` (key, value) pairs,
    /// such as ("unit", "degree") or ("visible", "preset {custom}"), and for a choice the name
    /// its enum type is registered under, after the op's prefix (nil: the name in CamelCase;
    /// `gegl --info` shows it).
    public struct GeglHints: Equatable, Sendable {
        public var meta: [[String]] = []
        public var enumType: String?
    }

    public let name: String
    /// The dialog's label ("Max saturation").
    public let title: String
    public let kind: Kind
    /// One line saying what it does, for tooltips, the PDB and GEGL's property blurb.
    public let description: String
    public private(set) var gegl = GeglHints()

    public init(name: String, title: String, kind: Kind, description: String) {
        self.name = name
        self.title = title
        self.kind = kind
        self.description = description
    }

    /// This parameter with GEGL's `ui_meta (key, value)` added.
    public func meta(_ key: String, _ value: String) -> EffectParameter {
        var p = self
        p.gegl.meta.append([key, value])
        return p
    }

    /// This parameter in `unit` in GEGL's dialogs ("degree", "pixel-distance").
    public func unit(_ unit: String) -> EffectParameter { meta("unit", unit) }

    /// This parameter shown in GEGL's dialogs only while `condition` holds ("preset {custom}").
    public func visible(_ condition: String) -> EffectParameter { meta("visible", condition) }

    /// This choice with its GEGL enum type named `name` after the op's prefix.
    public func enumType(_ name: String) -> EffectParameter {
        var p = self
        p.gegl.enumType = name
        return p
    }

    public static func number(_ name: String, _ title: String, _ range: ClosedRange<Double>,
                              slider: ClosedRange<Double>? = nil, default value: Double,
                              _ description: String) -> EffectParameter {
        EffectParameter(name: name, title: title, kind: .number(range: range, slider: slider ?? range, default: value),
                        description: description)
    }

    public static func integer(_ name: String, _ title: String, _ range: ClosedRange<Int>, default value: Int,
                               _ description: String) -> EffectParameter {
        EffectParameter(name: name, title: title, kind: .integer(range: range, default: value), description: description)
    }

    public static func boolean(_ name: String, _ title: String, default value: Bool,
                               _ description: String) -> EffectParameter {
        EffectParameter(name: name, title: title, kind: .boolean(default: value), description: description)
    }

    public static func choice(_ name: String, _ title: String, _ choices: [Choice], default nick: String,
                              _ description: String) -> EffectParameter {
        EffectParameter(name: name, title: title,
                        kind: .choice(choices, default: choices.firstIndex { $0.nick == nick } ?? 0),
                        description: description)
    }

    public static func color(_ name: String, _ title: String, default value: SIMD3<Double>,
                             _ description: String) -> EffectParameter {
        EffectParameter(name: name, title: title, kind: .color(default: value), description: description)
    }

    /// The values a number or whole number may take (a boolean 0 … 1, a choice its indices).
    public var range: ClosedRange<Double> {
        switch kind {
        case .number(let range, _, _): range
        case .integer(let range, _): Double(range.lowerBound) ... Double(range.upperBound)
        case .boolean: 0 ... 1
        case .choice(let choices, _): 0 ... Double(max(choices.count - 1, 0))
        case .color: 0 ... 1
        }
    }

    /// The span of a dialog's slider (the whole range but for numbers that declare less).
    public var slider: ClosedRange<Double> {
        if case .number(_, let slider, _) = kind { return slider }
        return range
    }

    /// The default as a number (a boolean 0 or 1, a choice its index; a colour its red).
    public var defaultValue: Double {
        switch kind {
        case .number(_, _, let value): value
        case .integer(_, let value): Double(value)
        case .boolean(let value): value ? 1 : 0
        case .choice(_, let index): Double(index)
        case .color(let value): value.x
        }
    }

    /// A colour's default (black for other kinds).
    public var defaultColor: SIMD3<Double> {
        if case .color(let value) = kind { return value }
        return .zero
    }

    /// The choices' nicks (empty for other kinds).
    public var nicks: [String] {
        if case .choice(let choices, _) = kind { return choices.map(\.nick) }
        return []
    }

    /// The nick of choice `index`, or nil beyond the choices.
    public func nick(at index: Int) -> String? {
        let nicks = self.nicks
        return nicks.indices.contains(index) ? nicks[index] : nil
    }

    /// The default choice's nick ("" for other kinds).
    public var defaultNick: String {
        if case .choice(let choices, let index) = kind, choices.indices.contains(index) { return choices[index].nick }
        return ""
    }

    /// `value` made safe for a kernel: NaN takes the default, the rest is clamped into range.
    /// (Callers at the boundary refuse out-of-range values with a message; this keeps the
    /// kernels total regardless.)
    public func clamp(_ value: Double) -> Double {
        value.isNaN ? defaultValue : min(max(value, range.lowerBound), range.upperBound)
    }

    /// `clamp` in Float, for the kernels that compute in Float.
    public func clamp(_ value: Float) -> Float {
        value.isNaN ? Float(defaultValue) : Float(clamp(Double(value)))
    }

    /// Whether `value` is finite and within range.
    public func accepts(_ value: Double) -> Bool {
        value.isFinite && range.contains(value)
    }

    /// Why `value` is not acceptable, in the words scripts see ("altitude must be between 0 and
    /// 90, not 95"), or nil. (Numbers only: the other kinds' values are checked by their type.)
    public func problem(with value: Double) -> String? {
        accepts(value) ? nil : localized("%s must be between %s and %s, not %s", name, Self.text(range.lowerBound),
                                         Self.text(range.upperBound), Self.text(value))
    }

    /// A number as messages and labels print it: whole numbers without a fraction.
    public static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }
}

/// An effect's settings type: its parameters, in the order its procedure and op list them.
public protocol DeclaredParameters {
    static var parameters: [EffectParameter] { get }
}

extension DeclaredParameters {
    /// The parameter called `name`, if this effect declares one.
    public static func parameter(_ name: String) -> EffectParameter? {
        parameters.first { $0.name == name }
    }
}

/// An op's settings as its C side passes them (impasto-abi-settings.h, generated from the same
/// declarations): one Double per parameter, in declaration order — a boolean 0 or 1, a choice
/// its index, a colour three (linear R, G, B). Read by the parameter, so a kernel's settings
/// come from the one declaration; a parameter the values do not hold reads as its default.
public struct ParameterValues: Sendable {
    private var values: [String: [Double]] = [:]

    /// The values of `parameters` held in `settings` (a generated settings struct, whose size
    /// must be theirs; otherwise every parameter reads as its default).
    public init<Settings>(_ parameters: [EffectParameter], of settings: Settings) {
        let widths = parameters.map(Self.width)
        guard MemoryLayout<Settings>.size == widths.reduce(0, +) * MemoryLayout<Double>.stride else { return }
        withUnsafeBytes(of: settings) { bytes in
            var offset = 0
            for (p, width) in zip(parameters, widths) {
                values[p.name] = (0 ..< width).map { bytes.load(fromByteOffset: (offset + $0) * 8, as: Double.self) }
                offset += width
            }
        }
    }

    /// Every parameter at its default.
    public init() {}

    /// The Doubles `parameter` takes (3 for a colour).
    public static func width(_ parameter: EffectParameter) -> Int {
        if case .color = parameter.kind { return 3 }
        return 1
    }

    /// A number's value as it came (NaN and out-of-range values too: the kernels clamp).
    public subscript(_ parameter: EffectParameter) -> Double {
        values[parameter.name]?.first ?? parameter.defaultValue
    }

    /// A boolean's value.
    public func isOn(_ parameter: EffectParameter) -> Bool {
        self[parameter] != 0
    }

    /// A choice's index; its default where the value is none of the choices.
    public func choice(_ parameter: EffectParameter) -> Int {
        let v = self[parameter]
        return v.isFinite && parameter.range.contains(v) && v == v.rounded() ? Int(v) : Int(parameter.defaultValue)
    }

    /// A choice's nick.
    public func nick(_ parameter: EffectParameter) -> String {
        parameter.nick(at: choice(parameter)) ?? parameter.defaultNick
    }

    /// A colour's linear RGB.
    public func color(_ parameter: EffectParameter) -> SIMD3<Double> {
        guard let v = values[parameter.name], v.count == 3 else { return parameter.defaultColor }
        return SIMD3(v[0], v[1], v[2])
    }
}
