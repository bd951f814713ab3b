import ImpastoKernels
import ImpastoTestSupport
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
}
