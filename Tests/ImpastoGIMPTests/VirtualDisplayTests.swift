// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ImpastoTestSupport
import XCTest

/// The dialog tests' virtual display (GimpGUI's Xvfb) must not outlive them.
final class VirtualDisplayTests: XCTestCase {
    /// Whether `pid` is a live process (not gone, not a zombie), and its command name.
    static func process(_ pid: Int32) -> (alive: Bool, command: String) {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return (false, "") }
        let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
        return (state != "Z" && state != "X", String(stat[stat.index(after: open) ..< close]))
    }

    /// Closing the display's lifeline, which is what the kernel does when the test process
    /// ends, ends Xvfb: nothing but that pipe is needed, so no Xvfb survives the tests.
    func testXvfbEndsWhenTheDisplayIsClosed() throws {
        let session = PrivateGimp()
        defer { session.remove() }
        guard let gui = GimpGUI(session: session) else {
            throw GimpGUI.unavailable("needs Xvfb, xdotool, scrot and GIMP: \(GimpGUI.problem)")
        }
        let pid = gui.xvfbProcessID
        XCTAssertEqual(Self.process(pid).alive, true, "Xvfb runs while the display is open")
        XCTAssertEqual(Self.process(pid).command, "Xvfb")
        XCTAssertEqual(gui.xdotool(["getmouselocation"]).status, 0, "the display answers")
        gui.close()
        XCTAssertEqual(Self.process(pid).alive, false, "Xvfb \(pid) is gone once the display is closed")
    }
}
