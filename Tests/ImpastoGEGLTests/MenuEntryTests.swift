import CGEGL
import ImpastoFrontEnd
import ImpastoTestSupport
import XCTest

/// Each effect appears exactly once in GIMP 3's menus: GIMP 3 lists an op that has a
/// `gimp:menu-path` key under that path (its generic filter dialog, a live filter), and the
/// GIMP 3 plug-in registers no menu entry for a procedure whose `menuOperation` is that op.
/// So the ops with the key must be exactly the procedures' menu operations.
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
        XCTAssertEqual(Set(declared), ["impasto:pencil-hue-saturation", "impasto:emboss", "impasto:bristle-normal-map"])
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

    /// Where GIMP 3 lists the op is where GIMP 2.10 lists its procedure.
    func testTheOpsMenuPathIsTheProceduresMenuPath() {
        for procedure in procedures {
            guard let operation = procedure.menuOperation else { continue }
            XCTAssertEqual(menuPath(of: operation), procedure.menuPath, procedure.name)
        }
    }
}
