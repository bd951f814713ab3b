import CGIMP3
import CImpastoGimp3
import GeglKit
import ImpastoKernels

/// One argument of a GIMP 3 procedure, after `(run-mode, image, drawables)`: what
/// `gimp_procedure_add_*_argument` registers, what the config holds, what the op is given.
///
/// Made from an effect's declaration (`init(_: EffectParameter)`): SPEC's GIMP 3 types,
/// FLOAT → double, the 0/1 switches → booleans, the enumerations → choices of the nicks. A
/// procedure table of the front-ends' own (a drawable, a path, a preset name) can add kinds
/// here and build its arguments through the memberwise initializer.
struct ProcedureArgument {
    enum Kind {
        case double(range: ClosedRange<Double>, default: Double)
        case integer(range: ClosedRange<Int>, default: Int)
        case boolean(default: Bool)
        /// A GimpChoice of the nicks (their labels shown in GIMP's UI); Script-Fu passes the nick.
        case choice([EffectParameter.Choice], default: String)
    }

    let name: String
    /// The dialog's label (GParamSpec nick).
    let title: String
    /// The PDB browser's text (GParamSpec blurb).
    let description: String
    let kind: Kind

    init(name: String, title: String, description: String, kind: Kind) {
        self.name = name
        self.title = title
        self.description = description
        self.kind = kind
    }

    /// The argument of an effect's declared parameter. A colour has none: no procedure's
    /// signature in SPEC has one (the custom look's colours are dialog-only).
    init?(_ declared: EffectParameter) {
        let kind: Kind
        switch declared.kind {
        case .number(let range, _, let value): kind = .double(range: range, default: value)
        case .integer(let range, let value): kind = .integer(range: range, default: value)
        case .boolean(let value): kind = .boolean(default: value)
        case .choice(let choices, _): kind = .choice(choices, default: declared.defaultNick)
        case .color: return nil
        }
        self.init(name: declared.name, title: declared.title, description: declared.description, kind: kind)
    }

    /// Registers this argument on `procedure` (GLib copies the strings).
    func add(to procedure: UnsafeMutablePointer<GimpProcedure>) {
        switch kind {
        case .double(let range, let value):
            gimp_procedure_add_double_argument(procedure, name, title, description,
                                               range.lowerBound, range.upperBound, value, impasto_gimp3_argument_flags)
        case .integer(let range, let value):
            gimp_procedure_add_int_argument(procedure, name, title, description,
                                            gint(clamping: range.lowerBound), gint(clamping: range.upperBound),
                                            gint(clamping: value), impasto_gimp3_argument_flags)
        case .boolean(let value):
            gimp_procedure_add_boolean_argument(procedure, name, title, description, value ? 1 : 0, impasto_gimp3_argument_flags)
        case .choice(let choices, let value):
            let choice = gimp_choice_new()
            for (id, option) in choices.enumerated() {
                gimp_choice_add(choice, option.nick, gint(id), option.label, nil)
            }
            // The argument takes the choice over (transfer full).
            gimp_procedure_add_choice_argument(procedure, name, title, description, choice, value, impasto_gimp3_argument_flags)
        }
    }

    /// This argument's value in `config`, as GEGL takes it: a choice by its nick.
    func value(in config: UnsafeMutablePointer<GimpProcedureConfig>) -> ArgumentValue {
        switch kind {
        case .double: return .double(impasto_gimp3_config_get_double(config, name))
        case .integer: return .integer(Int(impasto_gimp3_config_get_int(config, name)))
        case .boolean: return .boolean(impasto_gimp3_config_get_boolean(config, name) != 0)
        case .choice:
            guard let text = impasto_gimp3_config_get_string(config, name) else { return .choice("") }
            defer { g_free(text) }
            return .choice(String(cString: text))
        }
    }

    /// Why `value` is not acceptable, in the 2.10 plug-in's words ("altitude must be between 0
    /// and 90, not 95"), or nil. GIMP checks a GParamSpec's range before the call, but not NaN,
    /// and last values read from a file pass through here too.
    func problem(with value: ArgumentValue) -> String? {
        switch (kind, value) {
        case (.double(let range, _), .double(let v)):
            guard v.isFinite, range.contains(v) else {
                return "\(name) must be between \(EffectParameter.text(range.lowerBound)) and "
                    + "\(EffectParameter.text(range.upperBound)), not \(EffectParameter.text(v))"
            }
        case (.integer(let range, _), .integer(let v)):
            guard range.contains(v) else {
                return "\(name) must be between \(range.lowerBound) and \(range.upperBound), not \(v)"
            }
        case (.boolean, .boolean):
            break
        case (.choice(let choices, _), .choice(let nick)):
            guard choices.contains(where: { $0.nick == nick }) else {
                return "\(name) must be one of " + choices.map { "\"\($0.nick)\"" }.joined(separator: ", ")
                    + ", not \"\(nick)\""
            }
        default:
            return "\(name) has the wrong type"
        }
        return nil
    }
}

/// A value of a `ProcedureArgument`.
enum ArgumentValue: Equatable {
    case double(Double)
    case integer(Int)
    case boolean(Bool)
    case choice(String)

    /// As a GEGL property of the op of the same name.
    var gegl: GeglValue {
        switch self {
        case .double(let v): .double(v)
        case .integer(let v): .int(v)
        case .boolean(let v): .bool(v)
        case .choice(let nick): .enumNick(nick)
        }
    }
}

extension Array where Element == ProcedureArgument {
    /// The arguments of an effect's declarations, in their order.
    init(declared: [EffectParameter]) {
        self = declared.compactMap(ProcedureArgument.init)
    }
}
