// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels

/// One PDB parameter of an Impasto procedure (after run-mode, image, drawable).
///
/// The effects' parameters come from their declarations in the kernels (`EffectParameter`:
/// name, range, slider span, default, description); only what is GIMP's own — drawables,
/// paths, a preset named by a string — is declared here. The same table gives the PDB
/// signature, decodes and validates Script-Fu's arguments, keeps the last-used values, and
/// drives the dialog.
public struct ProcedureParameter {
    public enum Kind {
        case float(ClosedRange<Double>)
        case integer(ClosedRange<Int32>)
        case boolean
        /// An INT32 index into the choices (0 … count − 1).
        case choice([EffectParameter.Choice])
        /// A drawable ID; −1 means none when `optional`.
        case drawable(optional: Bool)
        /// A STRING naming one of the choices (any case); "" means the first.
        case name([EffectParameter.Choice])
        /// A path (VECTORS) of the image.
        case vectors
    }

    public let name: String
    public let kind: Kind
    public let defaultValue: ParameterValue
    public let description: String
    /// What the parameter does, without the range or choices `description` adds for the
    /// Procedure Browser (the help pages show those in columns of their own).
    public let about: String
    /// The dialog's label.
    public let title: String
    /// The dialog's slider span (within the accepted range; its spin button takes any accepted value).
    public var sliderRange: ClosedRange<Double>? = nil
    /// Not in the PDB signature: set by the dialog's own editor (e.g. the hemisphere's
    /// lights), kept with the last values, its default for scripts.
    public var dialogOnly = false
    /// For an optional drawable: what the dialog's chooser calls "none" (nil for the others).
    public var noneLabel: String? {
        guard case .drawable(optional: true) = kind else { return nil }
        return fromAnyImage ? localized("(none: procedural)") : localized("(none)")
    }

    /// For a drawable: the dialog's chooser offers every open image's drawables, not only the
    /// drawable's own image's (a picture to shade from can come from anywhere).
    public var fromAnyImage = false

    public func fromAnyImageInDialog() -> ProcedureParameter {
        var copy = self
        copy.fromAnyImage = true
        return copy
    }

    /// The same parameter, for the dialog's editor only.
    public func onlyInDialog() -> ProcedureParameter {
        var copy = self
        copy.dialogOnly = true
        return copy
    }

    /// The PDB parameter of an effect's declared parameter. (A colour has no PDB type in
    /// 2.10: `channels(of:)` gives its three floats.)
    public init(_ declared: EffectParameter) {
        name = declared.name
        title = declared.title
        about = declared.description
        let range = declared.range
        switch declared.kind {
        case .number(_, let slider, let value):
            kind = .float(range)
            defaultValue = .float(value)
            sliderRange = slider
            description = "\(declared.description) (\(EffectParameter.text(range.lowerBound))..\(EffectParameter.text(range.upperBound)))"
        case .integer(let whole, let value):
            kind = .integer(Int32(clamping: whole.lowerBound) ... Int32(clamping: whole.upperBound))
            defaultValue = .int(Int32(clamping: value))
            description = "\(declared.description) (\(whole.lowerBound)..\(whole.upperBound))"
        case .boolean(let value):
            kind = .boolean
            defaultValue = .int(value ? 1 : 0)
            description = "\(declared.description) (0/1)"
        case .choice(let choices, let index):
            kind = .choice(choices)
            defaultValue = .int(Int32(index))
            let list = choices.enumerated().map { "\($0.offset) \($0.element.nick)" }.joined(separator: ", ")
            description = "\(declared.description) { \(list) }"
        case .color(let value):
            kind = .float(range)
            defaultValue = .float(value.x)
            description = declared.description
        }
    }

    /// A colour's three channels as floats "<name>-red", "-green", "-blue" (linear, 0 … 1).
    public static func channels(of declared: EffectParameter) -> [ProcedureParameter] {
        let value = declared.defaultColor
        let titles = [localized("%s (red)", declared.title), localized("%s (green)", declared.title),
                      localized("%s (blue)", declared.title)]
        return zip(zip(["red", "green", "blue"], titles), [value.x, value.y, value.z]).map { channel, v in
            ProcedureParameter(name: "\(declared.name)-\(channel.0)", kind: .float(declared.range), defaultValue: .float(v),
                               description: "\(declared.description) (linear \(channel.0))", about: declared.description,
                               title: channel.1)
        }
    }

    private init(name: String, kind: Kind, defaultValue: ParameterValue, description: String, about: String? = nil,
                 title: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.description = description
        self.about = about ?? description
        self.title = title
    }

    /// The dialog's label of the plug-in's own parameters, translated.
    private static let titles = [
        "vectors": localized("Path"), "bump-drawable": localized("Bump drawable"),
        "shading-drawable": localized("Shading drawable"), "custom-look": localized("Custom look"),
    ]

    /// The dialog's label: "bump-drawable" → "Bump drawable" (from `titles` where it has one).
    private static func title(of name: String) -> String {
        if let title = titles[name] { return title }
        let words = String(name.map { $0 == "-" ? " " : $0 })
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// A switch of the plug-in's own (not an effect's), e.g. the dialog's custom-look toggle.
    public static func boolean(_ name: String, default value: Bool, _ description: String) -> ProcedureParameter {
        ProcedureParameter(name: name, kind: .boolean, defaultValue: .int(value ? 1 : 0), description: description,
                           title: title(of: name))
    }

    public static func vectors(_ name: String, _ description: String) -> ProcedureParameter {
        ProcedureParameter(name: name, kind: .vectors, defaultValue: .int(-1), description: description,
                           title: title(of: name))
    }

    public static func drawable(_ name: String, optional: Bool, _ description: String) -> ProcedureParameter {
        ProcedureParameter(name: name, kind: .drawable(optional: optional), defaultValue: .int(-1),
                           description: description, title: title(of: name))
    }

    /// A choice passed by name, as a STRING: the names are `declared`'s nicks but `except`
    /// (e.g. emboss's preset, which scripts name but cannot set to "custom"); "" = the default.
    public static func name(_ declared: EffectParameter, except excluded: String) -> ProcedureParameter {
        var choices: [EffectParameter.Choice] = []
        if case .choice(let all, _) = declared.kind { choices = all.filter { $0.nick != excluded } }
        return ProcedureParameter(name: declared.name, kind: .name(choices), defaultValue: .string(""),
                                  description: "\(declared.description) { \"\" (= \(declared.defaultNick)), "
                                      + choices.map { "\"\($0.nick)\"" }.joined(separator: ", ") + " }",
                                  about: declared.description, title: declared.title)
    }

    /// A slider's step and the digits its spin button shows, from the span it covers.
    public static func steps(for span: Double) -> (step: Double, digits: Int32) {
        let digits: Int32 = span <= 400 ? 2 : 1
        var step = 1.0
        for _ in 0 ..< digits { step /= 10 }
        return (step, digits)
    }

    /// The value written back from the last-values text, or nil if it does not parse.
    public func parse(_ text: Substring) -> ParameterValue? {
        switch kind {
        case .float: Double(text).map { .float($0) }
        case .integer, .boolean, .choice, .drawable, .vectors: Int32(text).map { .int($0) }
        case .name: .string(String(text))
        }
    }

    /// Why `value` is not acceptable for this parameter, or nil if it is (items are looked up in `host`).
    public func problem(with value: ParameterValue, in host: any GimpHost) -> String? {
        switch (kind, value) {
        case (.float(let range), .float(let v)):
            guard v.isFinite, range.contains(v) else {
                return localized("%s must be between %s and %s, not %s", name, EffectParameter.text(range.lowerBound),
                                 EffectParameter.text(range.upperBound), EffectParameter.text(v))
            }
        case (.integer(let range), .int(let v)):
            guard range.contains(v) else {
                return localized("%s must be between %s and %s, not %s", name, "\(range.lowerBound)", "\(range.upperBound)", "\(v)")
            }
        case (.vectors, .int(let id)):
            guard host.isPath(id) else {
                return localized("%s %s is not a path", name, "\(id)")
            }
        case (.boolean, .int(let v)):
            guard v == 0 || v == 1 else { return localized("%s must be 0 (FALSE) or 1 (TRUE), not %s", name, "\(v)") }
        case (.choice(let choices), .int(let v)):
            guard v >= 0, v < choices.count else {
                let list = choices.enumerated().map { "\($0.offset) (\($0.element.nick))" }
                return localized("%s must be %s or %s, not %s", name, list.dropLast().joined(separator: ", "),
                                 list.last ?? "", "\(v)")
            }
        case (.drawable(let optional), .int(let id)):
            if id == -1 && optional { return nil }
            guard host.isDrawable(id) else {
                return optional ? localized("%s %s is not a drawable (pass -1 for none)", name, "\(id)")
                    : localized("%s %s is not a drawable", name, "\(id)")
            }
        case (.name(let choices), .string(let s)):
            let names = choices.map(\.nick)
            guard s.isEmpty || names.contains(where: { $0.lowercased() == s.lowercased() }) else {
                return localized("%s \"%s\" is unknown; use \"\" or one of %s", name, s,
                                 names.map { "\"\($0)\"" }.joined(separator: ", "))
            }
        default:
            return localized("%s has the wrong type", name)
        }
        return nil
    }
}

public enum ParameterValue: Equatable {
    case float(Double)
    case int(Int32)
    case string(String)

    /// As the last-values store writes it (one line, so strings lose line breaks).
    public var text: String {
        switch self {
        case .float(let v): String(v)
        case .int(let v): String(v)
        case .string(let s): String(s.filter { !$0.isNewline })
        }
    }
}

/// The values of a procedure's parameters, by name.
public struct ProcedureArguments {
    public let parameters: [ProcedureParameter]
    public var values: [ParameterValue]

    public static func defaults(for parameters: [ProcedureParameter]) -> ProcedureArguments {
        ProcedureArguments(parameters: parameters, values: parameters.map(\.defaultValue))
    }

    private func value(_ name: String) -> ParameterValue {
        guard let i = parameters.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("no parameter named \(name)")  // a typo in this plug-in's own code
        }
        return values[i]
    }

    public func double(_ name: String) -> Double {
        switch value(name) {
        case .float(let v): v
        case .int(let v): Double(v)
        case .string: .nan
        }
    }

    public func int(_ name: String) -> Int32 {
        if case .int(let v) = value(name) { return v }
        return 0
    }

    public func bool(_ name: String) -> Bool { int(name) != 0 }

    /// Whether the procedure has a parameter called `name`.
    public func has(_ name: String) -> Bool { parameters.contains { $0.name == name } }

    /// A path parameter's ID.
    public func vectors(_ name: String) -> Int32 { int(name) }

    /// A drawable parameter: nil for −1 (none).
    public func drawable(_ name: String) -> Int32? {
        let id = int(name)
        return id == -1 ? nil : id
    }

    /// A name parameter, resolved: "" becomes the first name, any case the listed spelling.
    public func name(_ name: String) -> String {
        guard case .string(let s) = value(name),
              let parameter = parameters.first(where: { $0.name == name }),
              case .name(let choices) = parameter.kind else { return "" }
        let names = choices.map(\.nick)
        return s.isEmpty ? names.first ?? "" : names.first { $0.lowercased() == s.lowercased() } ?? s
    }
}

extension ProcedureArguments {
    /// The values as GIMP 2.10's last-values store keeps them: one `name=value` line each, so
    /// that a parameter table changed since never misreads old data.
    public var lastValuesText: String {
        zip(parameters, values).map { "\($0.name)=\($1.text)" }.joined(separator: "\n")
    }

    /// `parameters`' defaults, each replaced by the value of a line of `text` that names it
    /// and parses (a line of a parameter since renamed or removed is ignored). The values are
    /// checked when the procedure performs, as a script's are.
    public static func fromLastValues(_ text: String, for parameters: [ProcedureParameter]) -> ProcedureArguments {
        var arguments = defaults(for: parameters)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let i = parameters.firstIndex(where: { $0.name == parts[0] }),
                  let value = parameters[i].parse(parts[1]) else { continue }
            arguments.values[i] = value
        }
        return arguments
    }
}

/// Why a call failed; the message reaches the caller (Script-Fu prints it, GIMP shows it).
public struct ProcedureFailure: Error {
    /// What kind of failure, as both GIMPs' PDB status types distinguish them.
    public enum Status: Sendable {
        /// The arguments were wrong (GIMP_PDB_CALLING_ERROR).
        case calling
        /// The work could not be done (GIMP_PDB_EXECUTION_ERROR).
        case execution
        /// The user closed the dialog (GIMP_PDB_CANCEL).
        case cancelled

        /// Its GimpPDBStatusType value: libgimp 2.10 and 3 number the statuses alike
        /// (EXECUTION_ERROR, CALLING_ERROR, PASS_THROUGH, SUCCESS, CANCEL from 0).
        public var pdbCode: UInt32 {
            switch self {
            case .execution: 0
            case .calling: 1
            case .cancelled: 4
            }
        }
    }

    public let status: Status
    public let message: String

    public static func calling(_ message: String) -> ProcedureFailure {
        ProcedureFailure(status: .calling, message: message)
    }

    /// The user closed the dialog without OK.
    public static let cancelled = ProcedureFailure(status: .cancelled, message: "cancelled")

    public static func execution(_ message: String) -> ProcedureFailure {
        ProcedureFailure(status: .execution, message: message)
    }
}

/// What a procedure works on, which decides its leading PDB parameters.
public enum ProcedureTarget: Sendable {
    /// `(run-mode, image, drawable, …)` (GIMP 3: `drawables`): modifies the drawable, in one undo step.
    case drawable
    /// `(run-mode, …)`: needs no image (e.g. writes a brush into the user's profile).
    case none
}

/// One call of a procedure: the GIMP it runs in, its image and drawable (−1 for a procedure
/// without a target), and its arguments.
public struct ProcedureCall {
    public let host: any GimpHost
    public let image: Int32
    public let drawable: Int32
    public var arguments: ProcedureArguments

    public init(host: any GimpHost, image: Int32, drawable: Int32, arguments: ProcedureArguments) {
        self.host = host
        self.image = image
        self.drawable = drawable
        self.arguments = arguments
    }
}

/// An Impasto PDB procedure: `(run-mode, image, drawable, parameters…)`, modifying `drawable`
/// (or `(run-mode, parameters…)` for a procedure whose target is `.none`). Its name, menu,
/// parameters, validation and work are the same in GIMP 2.10 and 3; each front-end registers
/// it in its own PDB and runs it (`ProcedureRunner`).
public protocol ImpastoProcedure {
    static var target: ProcedureTarget { get }
    static var name: String { get }
    static var blurb: String { get }
    static var help: String { get }
    static var menuLabel: String { get }
    static var menuPath: String { get }
    /// The GEGL op whose own menu entry (its `gimp:menu-path` key) GIMP 3 shows for this
    /// procedure instead of the procedure's, or nil. GIMP 3 lists such an op under Filters
    /// and keeps it as a live filter; a procedure entry beside it would be the same effect
    /// twice. GIMP 2.10 ignores the keys and lists the procedure.
    static var menuOperation: String? { get }
    /// GIMP 3 only, for a procedure with a `menuOperation`: the label of the procedure's own
    /// entry beside the op's, for a dialog the op's generated one cannot offer (the pencil
    /// pad, the hemisphere editor, shading from a picture); nil: the op's entry only.
    static var dialogMenuLabel: String? { get }
    static var parameters: [ProcedureParameter] { get }
    /// Everything that can refuse the call beyond each parameter's own range and the drawable
    /// (a path or a layer from another image, a locked one…). The runner calls it before it
    /// opens the undo group: even an empty undo group marks the image dirty, and a refused
    /// call must leave the image exactly as it was.
    static func validate(_ call: ProcedureCall) throws(ProcedureFailure)
    /// Applies the effect; the runner has validated the arguments and the drawable and holds
    /// an undo group open around this call.
    static func apply(_ call: ProcedureCall) throws(ProcedureFailure)
}

extension ImpastoProcedure {
    public static var target: ProcedureTarget { .drawable }
    public static var menuOperation: String? { nil }
    public static var dialogMenuLabel: String? { nil }
    public static func validate(_ call: ProcedureCall) throws(ProcedureFailure) {}

    /// The dialog's title: the menu label without its mnemonic and its dots ("Impasto Emboss";
    /// translations end in "…" as GIMP's own do).
    public static var dialogTitle: String {
        var title = String(menuLabel.filter { $0 != "_" })
        while let last = title.last, last == "." || last == "…" || last == " " { title.removeLast() }
        return title
    }
}

extension Array where Element == ProcedureParameter {
    /// The parameters' titles as a dialog's labels, each with its own keyboard mnemonic
    /// ("_Radius"): a letter of the title that no other label and none of `reserved` (the
    /// dialog's buttons') has, a word's first letter where one is free. A title takes the first
    /// free letter of its own; where none is left, an earlier label gives up its letter for
    /// another of its own (an augmenting path, as in bipartite matching), so every label has
    /// one of its own whenever the letters allow. GIMP 3's procedure dialog warns of a label
    /// without one ("no mnemonic for property …") and of one another label or a button has
    /// ("duplicate mnemonic r for … dialog button reset").
    public func mnemonicTitles(reserved: Set<Character> = []) -> [String] {
        let titles = map { [Character]($0.title) }
        func key(_ c: Character) -> Character { Character(c.lowercased()) }
        /// Title i's letters that may carry its mnemonic, word starts first.
        let candidates: [[Int]] = titles.map { letters in
            let indices = letters.indices.filter { letters[$0].isLetter && !reserved.contains(key(letters[$0])) }
            let starts = indices.filter { $0 == 0 || !letters[$0 - 1].isLetter }
            return starts + indices.filter { !starts.contains($0) }
        }
        var owner: [Character: Int] = [:], chosen: [Int: Int] = [:]
        func assign(_ i: Int, visited: inout Set<Character>) -> Bool {
            for position in candidates[i] {
                let k = key(titles[i][position])
                guard !visited.contains(k) else { continue }
                visited.insert(k)
                if let other = owner[k], !assign(other, visited: &visited) { continue }
                (owner[k], chosen[i]) = (i, position)
                return true
            }
            return false
        }
        for i in titles.indices where !self[i].title.contains("_") {
            if let free = candidates[i].first(where: { owner[key(titles[i][$0])] == nil }) {
                (owner[key(titles[i][free])], chosen[i]) = (i, free)
            } else {
                var visited = Set<Character>()
                _ = assign(i, visited: &visited)
            }
        }
        return indices.map { i in
            let title = self[i].title
            guard !title.contains("_"),
                  let position = chosen[i] ?? candidates[i].first ?? titles[i].indices.first(where: { titles[i][$0].isLetter })
            else { return title }
            var label = title
            label.insert("_", at: label.index(label.startIndex, offsetBy: position))
            return label
        }
    }
}
