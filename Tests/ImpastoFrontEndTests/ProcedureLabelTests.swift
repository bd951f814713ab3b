// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoFrontEnd
import ImpastoKernels
import XCTest

/// What a user reads of the procedures: their menu entries and their dialogs' labels.
final class ProcedureLabelTests: XCTestCase {
    /// GIMP 3's procedure dialog warns on stderr of every label without a mnemonic and of a
    /// mnemonic two labels, or a label and a button, share: each label has exactly one, on a
    /// letter of its own, none of the buttons' (_Reset, _Cancel, _OK, _Load, _Save, _Help).
    func testEveryDialogLabelHasAMnemonicOfItsOwn() {
        let buttons: Set<Character> = ["r", "c", "o", "l", "s", "h"]
        for procedure in procedures {
            let shown = procedure.parameters.filter { !$0.dialogOnly }   // the editor labels the others
            let labels = shown.mnemonicTitles(reserved: buttons)
            XCTAssertEqual(labels.count, shown.count)
            var keys: [Character] = []
            for (label, parameter) in zip(labels, shown) {
                XCTAssertEqual(label.filter { $0 != "_" }, parameter.title, "\(procedure.name): the title stays")
                let parts = label.split(separator: "_", omittingEmptySubsequences: false)
                guard parts.count == 2, let key = parts[1].first, key.isLetter else {
                    XCTFail("\(procedure.name): \(label) marks no letter"); continue
                }
                keys.append(Character(key.lowercased()))
            }
            XCTAssertEqual(Set(keys).count, keys.count, "\(procedure.name): two labels share a key: \(labels)")
            XCTAssertTrue(buttons.isDisjoint(with: keys), "\(procedure.name): a label has a button's key: \(labels)")
        }
    }

    /// When a title's letters are all taken, an earlier label moves to another of its own.
    func testATitleWithoutAFreeLetterTakesOneAnEarlierLabelCanSpare() {
        let titles = ["Ambient", "Shininess"].map {
            ProcedureParameter(EffectParameter.number($0.lowercased(), $0, 0 ... 1, default: 0, ""))
        }
        // Ambient takes i, its first free letter; Shininess has only i left, so Ambient moves to t.
        let labels = titles.mnemonicTitles(reserved: ["a", "m", "b", "s", "h", "n", "e"])
        XCTAssertEqual(labels, ["Ambien_t", "Sh_ininess"])
    }

    func testAMnemonicPrefersAWordStartThenAnyFreeLetter() {
        let titles = ["Radius", "Depth", "Reach", "Rr"].map {
            ProcedureParameter(EffectParameter.number($0.lowercased(), $0, 0 ... 1, default: 0, ""))
        }
        // (Rr has only r: Radius gives it up for a.)
        XCTAssertEqual(titles.mnemonicTitles(), ["R_adius", "_Depth", "R_each", "_Rr"])
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
