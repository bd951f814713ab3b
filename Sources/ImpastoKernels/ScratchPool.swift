// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Scratch memory that the calls of one op share (the C ABI's `ImpastoScratch`): each call, or
/// each parallel share of one, takes a `Scratch` no other is using and gives it back, so once
/// the pool holds one per thread grown to the pieces' size nothing is allocated any more.
public final class ScratchPool: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var idle: [Scratch] = []

    public init() { pthread_mutex_init(lock, nil) }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with a scratch no other call is using, and keeps it for the next call.
    public func withScratch<Result>(_ body: (Scratch) -> Result) -> Result {
        pthread_mutex_lock(lock)
        let scratch = idle.popLast() ?? Scratch()
        pthread_mutex_unlock(lock)
        defer {
            pthread_mutex_lock(lock)
            idle.append(scratch)
            pthread_mutex_unlock(lock)
        }
        return body(scratch)
    }
}
