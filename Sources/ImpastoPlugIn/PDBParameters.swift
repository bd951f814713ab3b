// SPDX-License-Identifier: GPL-3.0-or-later
import CGIMP
import ImpastoFrontEnd

/// How GIMP 2.10's PDB carries each kind of parameter.
extension ProcedureParameter {
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
}
