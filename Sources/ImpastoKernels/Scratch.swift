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

    /// A note its user may leave on what the buffers hold, for the next user of this scratch
    /// to recognise (`HeightField.ReliefRows.withBand`: which relief's rows). Any request for
    /// a buffer (`floats`) clears it, so it never outlives the contents it speaks of.
    var note: (owner: Int, rows: Range<Int>)?

    public init() {}

    /// How many floats buffer `slot` holds now (0 if it was never asked for): asking for at
    /// most this many does not replace it.
    func capacity(_ slot: Int) -> Int { slot < buffers.count ? buffers[slot].capacity : 0 }

    deinit {
        for buffer in buffers { buffer.pointer.deallocate() }
    }

    /// Buffer `slot` with room for at least `count` floats. Its contents are whatever the last
    /// user left (a grown buffer starts undefined); it stays valid until `slot` is asked for
    /// again with a larger count, or the scratch goes.
    public func floats(_ slot: Int, count: Int) -> UnsafeMutablePointer<Float> {
        note = nil
        let count = max(1, count)
        while buffers.count <= slot { buffers.append((UnsafeMutablePointer<Float>.allocate(capacity: 1), 1)) }
        if buffers[slot].capacity < count {
            buffers[slot].pointer.deallocate()
            buffers[slot] = (UnsafeMutablePointer<Float>.allocate(capacity: count), count)
        }
        return buffers[slot].pointer
    }
}
