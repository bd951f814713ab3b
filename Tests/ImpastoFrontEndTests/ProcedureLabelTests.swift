import ImpastoFrontEnd
import ImpastoKernels
import XCTest

/// What a user reads of the procedures: their menu entries and their dialogs' labels.
final class ProcedureLabelTests: XCTestCase {
    /// GIMP 3's procedure dialog warns on stderr of every label without a mnemonic; each label
    /// has exactly one, on a letter, distinct from the labels before it while letters last.
    func testEveryDialogLabelHasAMnemonic() {
        for procedure in procedures {
            let buttons: Set<Character> = ["r", "c", "o", "l", "s", "h"]
            let labels = procedure.parameters.mnemonicTitles(reserved: buttons)
            XCTAssertEqual(labels.count, procedure.parameters.count)
            var keys: [Character] = Array(buttons)
            for (label, parameter) in zip(labels, procedure.parameters) {
                XCTAssertEqual(label.filter { $0 != "_" }, parameter.title, "\(procedure.name): the title stays")
                let parts = label.split(separator: "_", omittingEmptySubsequences: false)
                XCTAssertEqual(parts.count, 2, "\(procedure.name): \(label)")
                guard parts.count == 2, let key = parts[1].first, key.isLetter else {
                    XCTFail("\(procedure.name): \(label) marks no letter"); continue
                }
                let lower = Character(key.lowercased())
                if keys.contains(lower) {
                    XCTAssertTrue(parameter.title.lowercased().filter(\.isLetter).allSatisfy(keys.contains),
                                  "\(procedure.name): \(label) repeats a key although a letter of its own is free")
                }
                keys.append(lower)
            }
        }
    }

    func testAMnemonicPrefersAWordStartThenAnyFreeLetter() {
        let titles = ["Radius", "Depth", "Reach", "Rr"].map {
            ProcedureParameter(EffectParameter.number($0.lowercased(), $0, 0 ... 1, default: 0, ""))
        }
        XCTAssertEqual(titles.mnemonicTitles(), ["_Radius", "_Depth", "R_each", "_Rr"])
        XCTAssertEqual(titles.mnemonicTitles(reserved: ["r", "d"]), ["R_adius", "D_epth", "Rea_ch", "_Rr"])
    }

    /// Every entry a user finds in a menu says "Impasto", so one word finds them all.
    func testEveryMenuEntrySaysImpasto() {
        for procedure in procedures {
            for label in [procedure.menuLabel, procedure.dialogMenuLabel].compactMap({ $0 }) {
                XCTAssertTrue(label.filter { $0 != "_" }.contains("Impasto "), "\(procedure.name): \(label)")
            }
        }
    }
}
