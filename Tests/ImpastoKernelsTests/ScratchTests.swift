// SPDX-License-Identifier: GPL-3.0-or-later
@testable import ImpastoKernels
import XCTest

/// `Scratch`: buffers kept between calls, and each stage's own named memory in it.
final class ScratchTests: XCTestCase {
    func testABufferStaysWhereItIsUntilMoreIsAskedFor() {
        let scratch = Scratch()
        let first = scratch.floats(2, count: 100)
        XCTAssertEqual(scratch.floats(2, count: 60), first, "no more than it holds: the same buffer")
        _ = scratch.floats(11, count: 1)   // any other slot leaves it alone
        XCTAssertEqual(scratch.floats(2, count: 100), first)
    }

    final class Memory: ScratchMemory {
        var buffer = ScratchBuffer<Float>()
        init() {}
    }

    final class OtherMemory: ScratchMemory {
        init() {}
    }

    func testEachStagesMemoryIsItsOwnAndKept() {
        let scratch = Scratch()
        let memory = scratch.memory(Memory.self)
        XCTAssertTrue(scratch.memory(Memory.self) === memory, "kept for the next user")
        XCTAssertFalse(scratch.memory(OtherMemory.self) as AnyObject === memory as AnyObject)
        let first = memory.buffer(count: 100)
        XCTAssertEqual(memory.buffer.capacity, 100)
        XCTAssertEqual(memory.buffer(count: 60), first)
        _ = memory.buffer(count: 101)
        XCTAssertEqual(memory.buffer.capacity, 101)
    }
}
