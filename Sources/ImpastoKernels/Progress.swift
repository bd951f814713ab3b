// SPDX-License-Identifier: GPL-3.0-or-later
/// How a long kernel reports how far it has come: `progress(done)` with done rising from 0
/// to 1 (GEGL's `gegl_operation_progress`, which moves GIMP's progress bar).
///
/// A kernel reports from the first of its parallel shares only (the one at offset 0, which
/// `ParallelFor` runs on the calling thread), as that share's fraction of its own work: the
/// shares are the same size, so that is the whole's to within one share's spread. A pass
/// whose pieces go to whichever share is free (`RowIO.writeBands`' `balanced`) reports the
/// rows all shares have done, from the calling thread.
public struct Progress: @unchecked Sendable {
    private let report: (Double) -> Void
    /// The part of the whole this reporter's 0 … 1 stands for.
    private let span: ClosedRange<Double>

    public init(_ report: @escaping (Double) -> Void) {
        self.init(report, span: 0 ... 1)
    }

    private init(_ report: @escaping (Double) -> Void, span: ClosedRange<Double>) {
        self.report = report
        self.span = span
    }

    /// Reports nothing.
    public static let none = Progress { _ in }

    /// Reports `done` (0 … 1, clamped) of this reporter's part.
    public func callAsFunction(_ done: Double) {
        let d = done.isNaN ? 0 : min(max(done, 0), 1)
        report(span.lowerBound + (span.upperBound - span.lowerBound) * d)
    }

    /// A reporter for a stage: its 0 … 1 is `part` (within 0 … 1) of this one's.
    public func part(_ part: ClosedRange<Double>) -> Progress {
        let width = span.upperBound - span.lowerBound
        let lower = min(max(part.lowerBound, 0), 1), upper = min(max(part.upperBound, lower), 1)
        return Progress(report, span: span.lowerBound + width * lower ... span.lowerBound + width * upper)
    }
}
