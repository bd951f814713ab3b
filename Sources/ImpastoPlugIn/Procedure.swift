import CGIMP

/// One PDB parameter of an Impasto procedure (after run-mode, image, drawable).
///
/// Declared once per procedure; the same table gives the PDB signature, decodes and
/// validates Script-Fu's arguments, keeps the last-used values, and drives the dialog.
struct ProcedureParameter {
    enum Kind {
        case float(ClosedRange<Double>)
        case integer(ClosedRange<Int32>)
        case boolean
        /// An INT32 index into named choices (0 … count − 1).
        case choice([String])
        /// A drawable ID; −1 means none when `optional`.
        case drawable(optional: Bool)
        /// A STRING from `names` (any case); "" means the first.
        case name([String])
        /// A path (VECTORS) of the image.
        case vectors
    }

    let name: String
    let kind: Kind
    let defaultValue: ParameterValue
    let description: String
    /// The dialog's slider span when narrower than the accepted range (its spin button still
    /// takes any accepted value).
    var sliderRange: ClosedRange<Double>? = nil
    /// Not in the PDB signature: set by the dialog's own editor (e.g. the hemisphere's
    /// lights), kept with the last values, its default for scripts.
    var dialogOnly = false
    /// For a drawable: the dialog's chooser offers every open image's drawables, not only the
    /// drawable's own image's (a picture to shade from can come from anywhere).
    var fromAnyImage = false

    func fromAnyImageInDialog() -> ProcedureParameter {
        var copy = self
        copy.fromAnyImage = true
        return copy
    }

    /// The same parameter, for the dialog's editor only.
    func onlyInDialog() -> ProcedureParameter {
        var copy = self
        copy.dialogOnly = true
        return copy
    }

    /// The same parameter with a narrower slider in the dialog.
    func slider(_ range: ClosedRange<Double>) -> ProcedureParameter {
        var copy = self
        copy.sliderRange = range
        return copy
    }

    /// The dialog's label: "max-saturation" → "Max saturation".
    var label: String {
        if name == "vectors" { return "Path" }
        let words = String(name.map { $0 == "-" ? " " : $0 })
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    static func float(_ name: String, _ range: ClosedRange<Double>, default value: Double,
                      _ description: String) -> ProcedureParameter {
        ProcedureParameter(name: name, kind: .float(range), defaultValue: .float(value), description: description)
    }

    static func integer(_ name: String, _ range: ClosedRange<Int32>, default value: Int32,
                        _ description: String) -> ProcedureParameter {
        ProcedureParameter(name: name, kind: .integer(range), defaultValue: .int(value), description: description)
    }

    static func vectors(_ name: String, _ description: String) -> ProcedureParameter {
        ProcedureParameter(name: name, kind: .vectors, defaultValue: .int(-1), description: description)
    }

    static func boolean(_ name: String, default value: Bool, _ description: String) -> ProcedureParameter {
        ProcedureParameter(name: name, kind: .boolean, defaultValue: .int(value ? 1 : 0), description: description)
    }

    static func choice(_ name: String, _ choices: [String], default index: Int32 = 0,
                       _ description: String) -> ProcedureParameter {
        let list = choices.enumerated().map { "\($0.offset) \($0.element)" }.joined(separator: ", ")
        return ProcedureParameter(name: name, kind: .choice(choices), defaultValue: .int(index),
                                  description: "\(description) { \(list) }")
    }

    static func drawable(_ name: String, optional: Bool, _ description: String) -> ProcedureParameter {
        ProcedureParameter(name: name, kind: .drawable(optional: optional), defaultValue: .int(-1),
                           description: description)
    }

    static func name(_ name: String, _ names: [String], _ description: String) -> ProcedureParameter {
        ProcedureParameter(name: name, kind: .name(names), defaultValue: .string(""),
                           description: "\(description) { \"\" (= \(names.first ?? "")), "
                               + names.map { "\"\($0)\"" }.joined(separator: ", ") + " }")
    }

    var pdbType: GimpPDBArgType {
        switch kind {
        case .float: GIMP_PDB_FLOAT
        case .integer, .boolean, .choice: GIMP_PDB_INT32
        case .drawable: GIMP_PDB_DRAWABLE
        case .name: GIMP_PDB_STRING
        case .vectors: GIMP_PDB_VECTORS
        }
    }

    /// What Script-Fu passed for this parameter, or nil if it is of another type.
    func decode(_ param: GimpParam) -> ParameterValue? {
        guard param.type == pdbType else { return nil }
        switch kind {
        case .float: return .float(param.data.d_float)
        case .integer, .boolean, .choice: return .int(param.data.d_int32)
        case .drawable: return .int(param.data.d_drawable)
        case .vectors: return .int(param.data.d_vectors)
        case .name: return .string(param.data.d_string.map { String(cString: $0) } ?? "")
        }
    }

    /// The value written back from the last-values text, or nil if it does not parse.
    func parse(_ text: Substring) -> ParameterValue? {
        switch kind {
        case .float: Double(text).map { .float($0) }
        case .integer, .boolean, .choice, .drawable, .vectors: Int32(text).map { .int($0) }
        case .name: .string(String(text))
        }
    }

    /// Why `value` is not acceptable for this parameter, or nil if it is.
    func problem(with value: ParameterValue) -> String? {
        switch (kind, value) {
        case (.float(let range), .float(let v)):
            guard v.isFinite, range.contains(v) else {
                return "\(name) must be between \(format(range.lowerBound)) and \(format(range.upperBound)), not \(format(v))"
            }
        case (.integer(let range), .int(let v)):
            guard range.contains(v) else {
                return "\(name) must be between \(range.lowerBound) and \(range.upperBound), not \(v)"
            }
        case (.vectors, .int(let id)):
            guard gimp_item_is_valid(id) != 0, gimp_item_is_vectors(id) != 0 else {
                return "\(name) \(id) is not a path"
            }
        case (.boolean, .int(let v)):
            guard v == 0 || v == 1 else { return "\(name) must be 0 (FALSE) or 1 (TRUE), not \(v)" }
        case (.choice(let choices), .int(let v)):
            guard v >= 0, v < choices.count else {
                let list = choices.enumerated().map { "\($0.offset) (\($0.element))" }
                return "\(name) must be " + list.dropLast().joined(separator: ", ")
                    + " or \(list.last ?? ""), not \(v)"
            }
        case (.drawable(let optional), .int(let id)):
            if id == -1 && optional { return nil }
            guard gimp_item_is_valid(id) != 0, gimp_item_is_drawable(id) != 0 else {
                return "\(name) \(id) is not a drawable" + (optional ? " (pass -1 for none)" : "")
            }
        case (.name(let names), .string(let s)):
            guard s.isEmpty || names.contains(where: { $0.lowercased() == s.lowercased() }) else {
                return "\(name) \"\(s)\" is unknown; use \"\" or one of "
                    + names.map { "\"\($0)\"" }.joined(separator: ", ")
            }
        default:
            return "\(name) has the wrong type"
        }
        return nil
    }
}

enum ParameterValue: Equatable {
    case float(Double)
    case int(Int32)
    case string(String)

    /// As the last-values store writes it (one line, so strings lose line breaks).
    var text: String {
        switch self {
        case .float(let v): String(v)
        case .int(let v): String(v)
        case .string(let s): String(s.filter { !$0.isNewline })
        }
    }
}

func format(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
}

/// The values of a procedure's parameters, by name.
struct ProcedureArguments {
    let parameters: [ProcedureParameter]
    var values: [ParameterValue]

    static func defaults(for parameters: [ProcedureParameter]) -> ProcedureArguments {
        ProcedureArguments(parameters: parameters, values: parameters.map(\.defaultValue))
    }

    private func value(_ name: String) -> ParameterValue {
        guard let i = parameters.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("no parameter named \(name)")  // a typo in this plug-in's own code
        }
        return values[i]
    }

    func double(_ name: String) -> Double {
        switch value(name) {
        case .float(let v): v
        case .int(let v): Double(v)
        case .string: .nan
        }
    }

    func int(_ name: String) -> Int32 {
        if case .int(let v) = value(name) { return v }
        return 0
    }

    func bool(_ name: String) -> Bool { int(name) != 0 }

    /// A path parameter's ID.
    func vectors(_ name: String) -> Int32 { int(name) }

    /// A drawable parameter: nil for −1 (none).
    func drawable(_ name: String) -> Int32? {
        let id = int(name)
        return id == -1 ? nil : id
    }

    /// A name parameter, resolved: "" becomes the first name, any case the listed spelling.
    func name(_ name: String) -> String {
        guard case .string(let s) = value(name),
              let parameter = parameters.first(where: { $0.name == name }),
              case .name(let names) = parameter.kind else { return "" }
        return s.isEmpty ? names.first ?? "" : names.first { $0.lowercased() == s.lowercased() } ?? s
    }
}

/// Why a call failed; the message reaches the caller (Script-Fu prints it, GIMP shows it).
struct ProcedureFailure: Error {
    let status: GimpPDBStatusType
    let message: String

    static func calling(_ message: String) -> ProcedureFailure {
        ProcedureFailure(status: GIMP_PDB_CALLING_ERROR, message: message)
    }

    /// The user closed the dialog without OK.
    static let cancelled = ProcedureFailure(status: GIMP_PDB_CANCEL, message: "cancelled")

    static func execution(_ message: String) -> ProcedureFailure {
        ProcedureFailure(status: GIMP_PDB_EXECUTION_ERROR, message: message)
    }
}

/// What a procedure works on, which decides its leading PDB parameters.
enum ProcedureTarget {
    /// `(run-mode, image, drawable, …)`: modifies the drawable, in one undo step.
    case drawable
    /// `(run-mode, …)`: needs no image (e.g. writes a brush into the user's profile).
    case none
}

/// An Impasto PDB procedure: `(run-mode, image, drawable, parameters…)`, modifying `drawable`
/// (or `(run-mode, parameters…)` for a procedure whose target is `.none`).
protocol ImpastoProcedure {
    static var target: ProcedureTarget { get }
    static var name: String { get }
    static var blurb: String { get }
    static var help: String { get }
    static var menuLabel: String { get }
    static var menuPath: String { get }
    static var parameters: [ProcedureParameter] { get }
    /// Everything that can refuse the call beyond each parameter's own range and the drawable
    /// (a path or a layer from another image, a locked one…). The runner calls it before it
    /// opens the undo group: even an empty undo group marks the image dirty, and a refused
    /// call must leave the image exactly as it was.
    static func validate(image: Int32, drawable: Int32, arguments: ProcedureArguments) throws(ProcedureFailure)
    /// Applies the effect; the runner has validated the arguments and the drawable and holds
    /// an undo group open around this call.
    /// (`image` and `drawable` are −1 for a procedure without a target.)
    static func apply(image: Int32, drawable: Int32, arguments: ProcedureArguments) throws(ProcedureFailure)
}

extension ImpastoProcedure {
    static var target: ProcedureTarget { .drawable }
    static func validate(image: Int32, drawable: Int32, arguments: ProcedureArguments) throws(ProcedureFailure) {}
}
