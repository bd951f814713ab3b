// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// How a kernel runs independent pieces of work: `parallel(count) { range in … }` calls the
/// body for disjoint ranges that together cover `0 ..< count`, possibly at the same time on
/// several threads. The body must only write what its own range owns.
///
/// The GEGL module hands whole-image kernels threads of its own (`impasto_gegl_parallel`, as
/// many as GEGL_THREADS or GIMP's preference say); `.serial` runs everything in one call.
/// Kernels give the same result either way: ranges never share output. The range starting at
/// 0 runs on the calling thread: kernels report `Progress` from it.
public struct ParallelFor: @unchecked Sendable {
    private let run: (Int, (Range<Int>) -> Void) -> Void

    public init(_ run: @escaping (Int, (Range<Int>) -> Void) -> Void) {
        self.run = run
    }

    public static let serial = ParallelFor { count, body in
        if count > 0 { body(0 ..< count) }
    }

    /// Splits `0 ..< count` into at most `pieces` contiguous ranges, runs `body` on each
    /// (in order, on the calling thread): a stand-in for a thread pool in tests.
    public static func split(into pieces: Int) -> ParallelFor {
        ParallelFor { count, body in
            guard count > 0 else { return }
            let n = max(1, min(pieces, count))
            for i in 0 ..< n { body(count * i / n ..< count * (i + 1) / n) }
        }
    }

    public func callAsFunction(_ count: Int, _ body: (Range<Int>) -> Void) {
        guard count > 0 else { return }
        run(count, body)
    }

    /// Calls `body` for `pieces` contiguous ranges that together cover `0 ..< count`, handed
    /// out in order to this parallel-for's shares as each becomes free, rather than a fixed
    /// share each: where the work is uneven (text in one part of an image) no share waits on
    /// another's. Which share runs a piece varies from run to run, so `body` must give the same
    /// result on any thread, and the piece at 0 is not bound to the calling thread.
    public func balanced(_ count: Int, pieces: Int, _ body: (Range<Int>) -> Void) {
        guard count > 0 else { return }
        let pieces = max(1, min(pieces, count))
        let next = Atomic<Int>(0)
        callAsFunction(pieces) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < pieces else { return }
                body(count * i / pieces ..< count * (i + 1) / pieces)
            }
        }
    }
}
