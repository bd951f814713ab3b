// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import ImpastoFrontEnd
import ImpastoTestSupport
import XCTest

/// Each op appears exactly once in GIMP 3's menus: GIMP 3 lists an op that has a
/// `gimp:menu-path` key under that path (its generic filter dialog, a live filter), and the
/// GIMP 3 plug-in registers no menu entry for a procedure whose `menuOperation` is that op —
/// unless the procedure's own dialog offers what the generated one cannot (`dialogMenuLabel`:
/// the pencil pad, the hemisphere editor), and then under a label of its own. So the ops with
/// the key must be exactly the procedures' menu operations, and a procedure's second entry
/// must not read like its op's.
final class MenuEntryTests: XCTestCase {
    override func setUp() {
        super.setUp()
        XCTAssertTrue(ImpastoModule.load())
    }

    /// Every op of the module, by name.
    var impastoOperations: [String] {
        var count: guint = 0
        guard let names = gegl_list_operations(&count) else { return [] }
        defer { g_free(names) }
        return (0 ..< Int(count)).compactMap { names[$0].map { String(cString: $0) } }.filter { $0.hasPrefix("impasto:") }
    }

    func menuPath(of operation: String) -> String? {
        gegl_operation_get_key(operation, "gimp:menu-path").map { String(cString: $0) }
    }

    func testTheOpsWithAMenuEntryAreTheProceduresMenuOperations() {
        let declared = procedures.compactMap { $0.menuOperation }
        XCTAssertEqual(declared.count, Set(declared).count, "an op is the menu entry of two procedures")
        XCTAssertEqual(Set(declared), ["impasto:pencil-hue-saturation", "impasto:emboss", "impasto:bristle-normal-map",
                                       "impasto:paint-relief"])
        let operations = impastoOperations
        XCTAssertTrue(operations.contains("impasto:normal-light"), "\(operations)")
        for operation in operations {
            if declared.contains(operation) {
                XCTAssertNotNil(menuPath(of: operation), "\(operation) stands for its procedure in GIMP 3's menus")
                XCTAssertNotNil(gegl_operation_get_key(operation, "gimp:menu-label"), operation)
            } else {
                XCTAssertNil(menuPath(of: operation), "\(operation): GIMP 3 would list it beside a procedure's entry")
            }
        }
    }

    /// What GIMP shows of Impasto (op titles, descriptions and property tooltips in the live
    /// filter dialog; procedures' blurbs, help and arguments in the procedure browser and
    /// the dialogs) speaks a GIMP user's language: not of the iOS apps and frameworks the
    /// effects come from, which mean nothing there.
    func testWhatGIMPShowsNamesNoAppleFrameworkOrSeedApp() {
        let foreign = ["Core Image", "CIHeightFieldFromMask", "CIShadedMaterial", "MercurialText", "MercurialPaint",
                       "BristlePaint", "PencilController", "SpriteKit", "SceneKit", "SKTexture", "Apple Pencil"]
        var texts: [(String, String)] = []
        for operation in impastoOperations {
            for key in ["title", "description", "gimp:menu-label"] {
                if let text = gegl_operation_get_key(operation, key) { texts.append(("\(operation) \(key)", String(cString: text))) }
            }
            var count: guint = 0
            guard let specs = gegl_operation_list_properties(operation, &count) else { continue }
            defer { g_free(specs) }
            for i in 0 ..< Int(count) {
                guard let spec = specs[i] else { continue }
                let name = String(cString: spec.pointee.name)
                texts.append(("\(operation) \(name)", String(cString: g_param_spec_get_nick(spec)) + " " + String(cString: g_param_spec_get_blurb(spec))))
            }
        }
        for procedure in procedures {
            texts.append((procedure.name, [procedure.blurb, procedure.help, procedure.menuLabel, procedure.dialogMenuLabel ?? ""].joined(separator: " ")))
            for parameter in procedure.parameters {
                texts.append(("\(procedure.name) \(parameter.name)", parameter.title + " " + parameter.description))
            }
        }
        XCTAssertGreaterThan(texts.count, 100)
        for (place, text) in texts {
            for word in foreign where text.contains(word) { XCTFail("\(place) says \"\(word)\": \(text)") }
        }
    }

    /// Where GIMP 3 lists the op is where GIMP 2.10 lists its procedure.
    func testTheOpsMenuPathIsTheProceduresMenuPath() {
        for procedure in procedures {
            guard let operation = procedure.menuOperation else { continue }
            XCTAssertEqual(menuPath(of: operation), procedure.menuPath, procedure.name)
        }
    }

    /// The pencil and emboss procedures keep an entry of their own in GIMP 3 (their dialogs
    /// have the pad and the light editor), labelled unlike their op's; no other procedure
    /// whose op is listed has one.
    func testADialogsOwnEntryIsLabelledUnlikeItsOps() throws {
        let withDialogEntry = procedures.filter { $0.dialogMenuLabel != nil }.map { $0.name }
        XCTAssertEqual(Set(withDialogEntry), ["plug-in-impasto-pencil-hue-saturation", "plug-in-impasto-emboss"])
        for procedure in procedures {
            guard let label = procedure.dialogMenuLabel else { continue }
            let operation = try XCTUnwrap(procedure.menuOperation, "\(procedure.name): a second entry needs an op's first")
            let opLabel = try XCTUnwrap(gegl_operation_get_key(operation, "gimp:menu-label").map { String(cString: $0) })
            func plain(_ text: String) -> String { text.filter { $0 != "_" && $0 != "." }.lowercased() }
            XCTAssertNotEqual(plain(label), plain(opLabel), procedure.name)
            XCTAssertNotEqual(plain(label), plain(procedure.menuLabel), "\(procedure.name): GIMP 2.10's label says nothing of the dialog")
            XCTAssertTrue(label.hasSuffix("..."), "\(procedure.name): an entry that opens a dialog ends in an ellipsis")
        }
    }
}
