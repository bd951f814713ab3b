import CGIMP

/// One PDB parameter of an Impasto procedure (after run-mode, image, drawable).
///
/// Declared once per procedure; the same table gives the PDB signature, decodes and
/// validates Script-Fu's arguments, keeps the last-used values, and drives the dialog.
struct ProcedureParameter {
    enum Kind {
        case float(ClosedRange<Double>)
        case int(ClosedRange<Int32>)
        case boolean
    }

    let name: String
    let kind: Kind
    let defaultValue: ParameterValue
    let description: String

    static func float(_ name: String, _ range: ClosedRange<Double>, default value: Double,
                      _ description: String) -> ProcedureParameter {
        ProcedureParameter(name: name, kind: .float(range), defaultValue: .float(value),
                           description: description)
    }

    static func boolean(_ name: String, default value: Bool, _ description: String) -> ProcedureParameter {
        ProcedureParameter(name: name, kind: .boolean, defaultValue: .int(value ? 1 : 0),
                           description: description)
    }

    var pdbType: GimpPDBArgType {
        switch kind {
        case .float: GIMP_PDB_FLOAT
        case .int, .boolean: GIMP_PDB_INT32
        }
    }

    /// What Script-Fu passed for this parameter, or nil if it is of another type.
    func decode(_ param: GimpParam) -> ParameterValue? {
        guard param.type == pdbType else { return nil }
        switch kind {
        case .float: return .float(param.data.d_float)
        case .int, .boolean: return .int(param.data.d_int32)
        }
    }

    /// Why `value` is not acceptable for this parameter, or nil if it is.
    func problem(with value: ParameterValue) -> String? {
        switch (kind, value) {
        case (.float(let range), .float(let v)):
            guard v.isFinite, range.contains(v) else {
                return "\(name) must be between \(format(range.lowerBound)) and \(format(range.upperBound)), not \(format(v))"
            }
        case (.int(let range), .int(let v)):
            guard range.contains(v) else {
                return "\(name) must be between \(range.lowerBound) and \(range.upperBound), not \(v)"
            }
        case (.boolean, .int(let v)):
            guard v == 0 || v == 1 else { return "\(name) must be 0 (FALSE) or 1 (TRUE), not \(v)" }
        default:
            return "\(name) has the wrong type"
        }
        return nil
    }
}

enum ParameterValue: Equatable {
    case float(Double)
    case int(Int32)

    var double: Double {
        switch self {
        case .float(let v): v
        case .int(let v): Double(v)
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

    func double(_ name: String) -> Double { value(name).double }
    func bool(_ name: String) -> Bool { value(name).double != 0 }
}

/// Why a call failed; the message reaches the caller (Script-Fu prints it, GIMP shows it).
struct ProcedureFailure: Error {
    let status: GimpPDBStatusType
    let message: String

    static func calling(_ message: String) -> ProcedureFailure {
        ProcedureFailure(status: GIMP_PDB_CALLING_ERROR, message: message)
    }

    static func execution(_ message: String) -> ProcedureFailure {
        ProcedureFailure(status: GIMP_PDB_EXECUTION_ERROR, message: message)
    }
}

/// An Impasto PDB procedure: `(run-mode, image, drawable, parameters…)`, modifying `drawable`.
protocol ImpastoProcedure {
    static var name: String { get }
    static var blurb: String { get }
    static var help: String { get }
    static var menuLabel: String { get }
    static var menuPath: String { get }
    static var parameters: [ProcedureParameter] { get }
    /// Applies the effect; the runner has validated the arguments and the drawable and holds
    /// an undo group open around this call.
    static func apply(image: Int32, drawable: Int32, arguments: ProcedureArguments) throws(ProcedureFailure)
}
