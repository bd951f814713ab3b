// SPDX-License-Identifier: GPL-3.0-or-later
@testable import ImpastoKernels
import XCTest

/// `Scratch`: buffers kept between calls, and the note a user may leave on what they hold.
final class ScratchTests: XCTestCase {
    func testANoteLastsUntilAnyBufferIsAskedFor() {
        let scratch = Scratch()
        XCTAssertNil(scratch.note)
        XCTAssertEqual(scratch.capacity(2), 0, "never asked for")
        let first = scratch.floats(2, count: 100)
        XCTAssertEqual(scratch.capacity(2), 100)
        scratch.note = (owner: 7, rows: 3 ..< 9)
        XCTAssertEqual(scratch.note?.owner, 7)
        XCTAssertEqual(scratch.note?.rows, 3 ..< 9)
        // Asking again for no more than a buffer holds keeps it where it is, but the note goes:
        // whoever asks may write over what it speaks of.
        XCTAssertEqual(scratch.floats(2, count: 60), first)
        XCTAssertNil(scratch.note)
        scratch.note = (owner: 8, rows: 0 ..< 1)
        _ = scratch.floats(11, count: 1)   // any slot
        XCTAssertNil(scratch.note)
        // More than it holds: a new buffer, and the capacity says so.
        _ = scratch.floats(2, count: 101)
        XCTAssertEqual(scratch.capacity(2), 101)
    }
}
