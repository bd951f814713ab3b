// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels
import ImpastoTestSupport
import Foundation
import XCTest

/// RowIO, the kernels' side of the C ABI's ImpastoIO: bands, memory, progress.
final class RowIOTests: XCTestCase {
    /// A point transform to run: doubles R, G, B and keeps alpha.
    func double(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>, _ count: Int) {
        for i in 0 ..< count * 4 { output[i] = i % 4 == 3 ? input[i] : 2 * input[i] }
    }

    func testAPointTransformGivesTheSameInMemoryAndThroughCallbacksWithAnySplit() {
        var rng = SeededRandom(seed: 70)
        let (width, height) = (37, 53)
        let input = (0 ..< width * height * 4).map { _ in Float.random(in: 0 ... 1, using: &rng) }
        let expected = input.enumerated().map { $0.offset % 4 == 3 ? $0.element : 2 * $0.element }
        for parallel in [ParallelFor.serial, .split(into: 4)] {
            var inMemory = [Float](repeating: -1, count: input.count), inPlace = input
            var throughCallbacks = [Float](repeating: -1, count: input.count), reads = 0
            input.withUnsafeBufferPointer { input in
                inMemory.withUnsafeMutableBufferPointer { out in
                    RowIO.memory(width: width, height: height, input: input.baseAddress!, inputComponents: 4,
                                 output: out.baseAddress!).transformRows(parallel: parallel, double)
                }
                throughCallbacks.withUnsafeMutableBufferPointer { out in
                    let rowSize = width * 4, output = out.baseAddress!
                    RowIO(width: width, height: height, inputComponents: 4,
                          read: { rows, into in
                              reads += rows.count
                              into.update(from: input.baseAddress! + rows.lowerBound * rowSize, count: rows.count * rowSize)
                          },
                          write: { rows, from in
                              (output + rows.lowerBound * rowSize).update(from: from, count: rows.count * rowSize)
                          }).transformRows(parallel: parallel, double)
                }
            }
            inPlace.withUnsafeMutableBufferPointer { p in
                RowIO.memory(width: width, height: height, input: p.baseAddress!, inputComponents: 4,
                             output: p.baseAddress!).transformRows(parallel: parallel, double)
            }
            XCTAssertEqual(inMemory, expected)
            XCTAssertEqual(inPlace, expected, "input and output the same buffer")
            XCTAssertEqual(throughCallbacks, expected)
            XCTAssertEqual(reads, height, "each row read once")
        }
    }

    func testProgressGoesToTheStagesPartAndOnlyFromTheFirstShare() {
        var reported: [Double] = []
        let input = [Float](repeating: 0.5, count: 8 * 64 * 4)
        var output = input
        input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                RowIO.memory(width: 8, height: 64, input: input.baseAddress!, inputComponents: 4, output: out.baseAddress!,
                             progress: Progress { reported.append($0) })
                    .reporting(0.5 ... 0.75).transformRows(parallel: .split(into: 2), double)
            }
        }
        // 64 rows in two shares of 32: the first reports after each band of 16 rows.
        XCTAssertEqual(reported, [0.625, 0.75])
    }

    /// Two real threads, each given one contiguous share, as the GEGL module's threads are.
    static let twoThreads = ParallelFor { count, body in
        DispatchQueue.concurrentPerform(iterations: min(2, count)) { k in
            let n = min(2, count)
            body(count * k / n ..< count * (k + 1) / n)
        }
    }

    func testBalancedPiecesCoverTheRangeOnceInOrderOnAnyThreads() {
        // Serial: every piece in order. On two threads: every index exactly once, each piece
        // contiguous, whichever thread takes it.
        for (count, pieces) in [(1, 1), (10, 3), (64, 16), (7, 20), (100, 1)] {
            var serial: [Range<Int>] = []
            ParallelFor.serial.balanced(count, pieces: pieces) { serial.append($0) }
            XCTAssertEqual(serial, (0 ..< min(pieces, count)).map { count * $0 / min(pieces, count) ..< count * ($0 + 1) / min(pieces, count) })
            let seen = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
            defer { seen.deallocate() }
            seen.initialize(repeating: 0)
            let lock = NSLock()
            var ranges = 0
            Self.twoThreads.balanced(count, pieces: pieces) { range in
                for i in range { seen[i] += 1 }   // each index is one piece's own
                lock.lock(); ranges += 1; lock.unlock()
            }
            XCTAssertEqual(Array(seen), [Int](repeating: 1, count: count), "count \(count), pieces \(pieces)")
            XCTAssertEqual(ranges, min(pieces, count))
        }
    }

    func testBalancedBandsWriteEveryRowOnceAndReportTheWholesProgressFromTheCallingThread() {
        // 200 rows in bands of 8 (25 bands, 7 pieces of up to 4), on two real threads: every
        // row written once with its own values; progress only from this thread (if it wrote
        // any band), rising, the rows done by both threads.
        let width = 5, height = 200
        var output = [Float](repeating: -1, count: width * height * 4)
        let caller = Thread.current
        var reported: [Double] = []
        var elsewhere = 0
        let input = [Float](repeating: 0, count: width * height)
        input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                let io = RowIO.memory(width: width, height: height, input: input.baseAddress!, inputComponents: 1,
                                      output: out.baseAddress!,
                                      progress: Progress { if Thread.current == caller { reported.append($0) } else { elsewhere += 1 } })
                io.writeBands(rows: 8, parallel: Self.twoThreads, balanced: true) { rows, samples in
                    for y in rows { for i in 0 ..< width * 4 { samples[(y - rows.lowerBound) * width * 4 + i] = Float(y * 1000 + i) } }
                }
            }
        }
        for y in 0 ..< height { for i in 0 ..< width * 4 { XCTAssertEqual(output[y * width * 4 + i], Float(y * 1000 + i)) } }
        XCTAssertEqual(elsewhere, 0, "progress only from the calling thread")
        XCTAssertEqual(reported, reported.sorted(), "rising")
        XCTAssertTrue(reported.allSatisfy { $0 > 0 && $0 <= 1 })
        // Serial, the reports are each band's end over the whole: 8/200 … 200/200.
        reported = []
        input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                RowIO.memory(width: width, height: height, input: input.baseAddress!, inputComponents: 1, output: out.baseAddress!,
                             progress: Progress { reported.append($0) })
                    .writeBands(rows: 8, parallel: .serial, balanced: true) { _, _ in }
            }
        }
        XCTAssertEqual(reported, (1 ... 25).map { Double(min($0 * 8, height)) / Double(height) })
    }
}
