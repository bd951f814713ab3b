// SPDX-License-Identifier: GPL-3.0-or-later
import CGIMP3
import CImpastoGimp3
import ImpastoFrontEnd
import ImpastoKernels

/// How GIMP 3 carries each kind of parameter (docs/contract.md, "GIMP 3 procedures"): FLOAT →
/// double, the 0/1 switches → booleans, the enumerations → choices of the nicks, a preset name
/// → string, drawables → drawable (none allowed when optional: Script-Fu passes -1), paths →
/// path.
/// A dialog-only parameter is an aux argument: not in the signature, but in the procedure's
/// config and so in its last values.
extension ProcedureParameter {
    /// Registers this parameter on `procedure` as an argument (or an aux argument), `label`
    /// its nick (the dialog's label, with its mnemonic); GLib copies the strings.
    func add(to procedure: UnsafeMutablePointer<GimpProcedure>, label: String) {
        let flags = impasto_gimp3_argument_flags
        let aux = dialogOnly
        switch (kind, defaultValue) {
        case (.float(let range), .float(let value)):
            (aux ? gimp_procedure_add_double_aux_argument : gimp_procedure_add_double_argument)(
                procedure, name, label, description, range.lowerBound, range.upperBound, value, flags)
        case (.integer(let range), .int(let value)):
            (aux ? gimp_procedure_add_int_aux_argument : gimp_procedure_add_int_argument)(
                procedure, name, label, description, range.lowerBound, range.upperBound, value, flags)
        case (.boolean, .int(let value)):
            (aux ? gimp_procedure_add_boolean_aux_argument : gimp_procedure_add_boolean_argument)(
                procedure, name, label, description, value != 0 ? 1 : 0, flags)
        case (.choice(let choices), .int(let index)):
            let choice = gimp_choice_new()
            for (id, option) in choices.enumerated() {
                gimp_choice_add(choice, option.nick, gint(id), option.label, nil)
            }
            let value = choices.indices.contains(Int(index)) ? choices[Int(index)].nick : choices.first?.nick ?? ""
            // The argument takes the choice over (transfer full).
            (aux ? gimp_procedure_add_choice_aux_argument : gimp_procedure_add_choice_argument)(
                procedure, name, label, description, choice, value, flags)
        case (.name, .string(let value)):
            (aux ? gimp_procedure_add_string_aux_argument : gimp_procedure_add_string_argument)(
                procedure, name, label, description, value, flags)
        case (.drawable(let optional), _):
            (aux ? gimp_procedure_add_drawable_aux_argument : gimp_procedure_add_drawable_argument)(
                procedure, name, label, description, optional ? 1 : 0, impasto_gimp3_item_argument_flags)
        case (.vectors, _):
            (aux ? gimp_procedure_add_path_aux_argument : gimp_procedure_add_path_argument)(
                procedure, name, label, description, 0, impasto_gimp3_item_argument_flags)
        default:
            preconditionFailure("\(name): a default of another kind")  // a typo in this plug-in's own table
        }
    }

    /// This parameter's value in `config`, as the shared checks and procedures take it (a
    /// choice as its index, an item as its ID, none as -1).
    func value(in config: UnsafeMutablePointer<GimpProcedureConfig>) -> ParameterValue {
        switch kind {
        case .float: return .float(impasto_gimp3_config_get_double(config, name))
        case .integer: return .int(impasto_gimp3_config_get_int(config, name))
        case .boolean: return .int(impasto_gimp3_config_get_boolean(config, name) != 0 ? 1 : 0)
        case .choice(let choices):
            // GIMP checks a choice against its nicks before the call; -1 would be refused.
            let nick = string(in: config)
            return .int(Int32(choices.firstIndex { $0.nick == nick } ?? -1))
        case .name: return .string(string(in: config))
        case .drawable, .vectors: return .int(impasto_gimp3_config_get_item_id(config, name))
        }
    }

    /// Writes `value` (as `value(in:)` reads it) into this parameter's property of `config`.
    func write(_ value: ParameterValue, to config: UnsafeMutablePointer<GimpProcedureConfig>) {
        switch (kind, value) {
        case (.float, .float(let v)): impasto_gimp3_config_set_double(config, name, v)
        case (.integer, .int(let v)): impasto_gimp3_config_set_int(config, name, v)
        case (.boolean, .int(let v)): impasto_gimp3_config_set_boolean(config, name, v != 0 ? 1 : 0)
        case (.choice(let choices), .int(let v)):
            guard choices.indices.contains(Int(v)) else { return }
            impasto_gimp3_config_set_string(config, name, choices[Int(v)].nick)
        case (.name, .string(let v)): impasto_gimp3_config_set_string(config, name, v)
        case (.drawable, .int(let id)), (.vectors, .int(let id)): impasto_gimp3_config_set_item(config, name, id)
        default: return  // a value of another kind: nothing this parameter can hold
        }
    }

    private func string(in config: UnsafeMutablePointer<GimpProcedureConfig>) -> String {
        guard let text = impasto_gimp3_config_get_string(config, name) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
