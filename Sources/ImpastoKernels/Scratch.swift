// SPDX-License-Identifier: GPL-3.0-or-later
/// Working memory a kernel keeps from one call to the next: a few buffers of floats, each grown
/// to the largest size asked for and never shrunk, never zeroed.
///
/// Why: GEGL hands an area filter its image a piece at a time, and a fresh allocation of a
/// piece's size is fresh pages from the kernel; at about 3 µs a page fault on a VM that cost a
/// third of impasto:bristle-normal-map's time. Not thread-safe: one per concurrent call (the
/// C ABI's `ImpastoScratch` is a pool of them).
public final class Scratch {
    private var buffers: [(pointer: UnsafeMutablePointer<Float>, capacity: Int)] = []
    /// Each stage's own named buffers (`memory(_:)`), one object per type.
    private var stages: [ObjectIdentifier: AnyObject] = [:]

    public init() {}

    deinit {
        for buffer in buffers { buffer.pointer.deallocate() }
    }

    /// Buffer `slot` with room for at least `count` floats. Its contents are whatever the last
    /// user left (a grown buffer starts undefined); it stays valid until `slot` is asked for
    /// again with a larger count, or the scratch goes.
    public func floats(_ slot: Int, count: Int) -> UnsafeMutablePointer<Float> {
        let count = max(1, count)
        while buffers.count <= slot { buffers.append((UnsafeMutablePointer<Float>.allocate(capacity: 1), 1)) }
        if buffers[slot].capacity < count {
            buffers[slot].pointer.deallocate()
            buffers[slot] = (UnsafeMutablePointer<Float>.allocate(capacity: count), count)
        }
        return buffers[slot].pointer
    }

    /// The working memory of type `Memory` kept in this scratch, made on first use: a stage's
    /// own named buffers, which no other stage shares (its type is the key).
    func memory<Memory: ScratchMemory>(_ type: Memory.Type) -> Memory {
        if let kept = stages[ObjectIdentifier(type)] { return unsafeDowncast(kept, to: Memory.self) }
        let made = Memory()
        stages[ObjectIdentifier(type)] = made
        return made
    }
}

/// A stage's named buffers, kept in a `Scratch` from one call to the next (`Scratch.memory`).
protocol ScratchMemory: AnyObject {
    init()
}

/// One buffer of a stage's `ScratchMemory`: grown to the largest count asked for, never
/// shrunk, never zeroed (its contents are whatever its last user left).
struct ScratchBuffer<Element>: ~Copyable {
    private var pointer = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    /// How many elements it holds now: asking for at most this many keeps it where it is.
    private(set) var capacity = 1

    init() {}

    deinit { pointer.deallocate() }

    /// Room for at least `count` elements.
    mutating func callAsFunction(count: Int) -> UnsafeMutablePointer<Element> {
        if capacity < count {
            pointer.deallocate()
            capacity = max(1, count)
            pointer = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        }
        return pointer
    }
}
