// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Whole-image arrays kept from one call to the next. A fresh allocation of an image's size
/// is fresh pages from the kernel, each faulted in and zeroed on first touch (about 3 µs a
/// page on a VM, see `Scratch`): impasto:emboss on 2048² took 5 000–20 000 page faults a
/// call (1 700 with the pool). A kernel takes its planes here and hands them back
/// when it is done; GIMP runs an op again on the same image size whenever a setting moves.
///
/// Only arrays of the last count handed back are kept, at most `limit` of them and at most
/// `budget` bytes in all: the module lives in GIMP's own process, where memory kept for the
/// next call is memory the user's images do not get (a 4000×3000 plane is 48 MB; a big image
/// keeps one plane or none). An array is handed out to one taker only; one still referenced
/// elsewhere is copied on its next write, as any array is.
final class ArrayPool<Element>: Sendable {
    private let idle = Mutex<[[Element]]>([])
    let limit: Int
    let budget: Int

    /// The default budget: 64 MiB, four planes of a 2048² image.
    init(limit: Int, budget: Int = 64 << 20) {
        self.limit = limit
        self.budget = budget
    }

    /// A kept array of exactly `count` elements (its contents whatever its last user left),
    /// else a new one whose elements the caller must all write before reading any.
    func take(count: Int) -> [Element] {
        let kept = idle.withLock { idle -> [Element]? in
            guard let i = idle.firstIndex(where: { $0.count == count }) else { return nil }
            return idle.remove(at: i)
        }
        if let kept { return kept }
        return [Element](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Keeps `array` for the next `take` of its count.
    func give(_ array: consuming [Element]) {
        let array = array
        guard !array.isEmpty else { return }
        let bytes = array.count * MemoryLayout<Element>.stride
        idle.withLock { idle in
            idle.removeAll { $0.count != array.count }
            if idle.count < limit, (idle.count + 1) * bytes <= budget { idle.append(array) }
        }
    }
}
