// SPDX-License-Identifier: GPL-3.0-or-later
/// A width × height grid of floats, row-major, x to the right and y down: masks, distances,
/// height fields. Sizes of 0 are valid (an empty plane).
public struct Plane: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var values: [Float]

    public init(width: Int, height: Int, repeating value: Float = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        values = [Float](repeating: value, count: self.width * self.height)
    }

    /// A plane whose every value the caller writes before any is read: no zeroing pass, so
    /// that a kernel writing each pixel from its own thread also touches the memory there
    /// first, and taken from `pool` (hand it back with `recycle()` when done).
    init(unfilledWidth width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        values = Self.pool.take(count: self.width * self.height)
    }

    /// Whole-image planes kept between calls (see `ArrayPool`): emboss takes its mask here (its
    /// relief is made a band at a time, in scratch memory); several calls may give one back.
    static let pool = ArrayPool<Float>(limit: 8)

    /// Hands the plane's memory back to `pool` for the next `Plane(unfilledWidth:height:)`.
    consuming func recycle() {
        Self.pool.give(values)
    }

    /// A plane over `values` (row-major); nil if the count does not match.
    public init?(width: Int, height: Int, values: [Float]) {
        guard width >= 0, height >= 0, values.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.values = values
    }

    public subscript(x: Int, y: Int) -> Float {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }

    /// The value at (x, y) with coordinates clamped into the plane (edge pixels repeat).
    /// An empty plane reads as 0.
    public func clamped(_ x: Int, _ y: Int) -> Float {
        guard width > 0, height > 0 else { return 0 }
        return values[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)]
    }
}
