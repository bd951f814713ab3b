// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels

/// A button-1 event on a canvas as both toolkits report it: where, and the device's axes
/// when it has them (a mouse has none, a tablet may send pressure without tilt, or nothing).
///
/// GTK 2 and GTK 3 both scale the axes the same way (gdk_event_get_axis): tilt −1 … 1 on each
/// axis, pressure 0 … 1. Each toolkit's C kit hands its raw readings to `init(kind:…)`, the one
/// place they are checked, so that a pen's tilt takes the same path in GIMP 2.10 and 3.
public struct CanvasPointer: Equatable, Sendable {
    public enum Kind: Int32, Sendable {
        case press = 0, drag = 1, release = 2
    }

    public var kind: Kind
    /// Where, in the canvas's pixels, with the pen's tilt when the device reported both axes.
    public var reading: PencilPad.Reading
    /// The pen's pressure (0 … 1), when the device reported it.
    public var pressure: Double?

    public init(kind: Kind, reading: PencilPad.Reading, pressure: Double? = nil) {
        self.kind = kind
        self.reading = reading
        self.pressure = pressure
    }

    /// An event from a C kit's raw values; nil for an unknown kind or a place that is not a
    /// number. A tilt counts only when both axes were read (a device with one tilt axis is
    /// taken for a mouse); as in the tilt conversion (`PenOrientation(xtilt:ytilt:)`) an axis
    /// that is not a number counts as 0 and values past ±1 are clamped. A pressure counts when
    /// read and finite (clamped to 0 … 1).
    public init?(kind: Int32, x: Double, y: Double, pressure: Double, hasPressure: Bool,
                 xtilt: Double, ytilt: Double, hasTilt: Bool) {
        guard let kind = Kind(rawValue: kind), x.isFinite, y.isFinite else { return nil }
        func axis(_ v: Double) -> Double { v.isFinite ? min(max(v, -1), 1) : 0 }
        let tilt = hasTilt ? (x: axis(xtilt), y: axis(ytilt)) : nil
        self.init(kind: kind, reading: PencilPad.Reading(x: x, y: y, tilt: tilt),
                  pressure: hasPressure && pressure.isFinite ? min(max(pressure, 0), 1) : nil)
    }
}

/// The Swift closures behind a canvas, and the C callbacks both C kits take for it (their
/// draw and pointer callbacks have the same signature): a glue keeps the handler alive with
/// the dialog and passes `data` as the canvas's user data.
public final class CanvasHandler {
    let draw: (OpaquePointer, Double, Double) -> Void
    let pointer: ((CanvasPointer) -> Void)?

    public init(draw: @escaping (OpaquePointer, Double, Double) -> Void, pointer: ((CanvasPointer) -> Void)?) {
        self.draw = draw
        self.pointer = pointer
    }

    /// The user data for `drawCallback` and `pointerCallback` (not retained).
    public var data: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Draws into a cairo_t of width × height.
    public static let drawCallback: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
        cairo, width, height, data in
        guard let cairo, let data else { return }
        Unmanaged<CanvasHandler>.fromOpaque(data).takeUnretainedValue().draw(OpaquePointer(cairo), Double(width), Double(height))
    }

    /// A button-1 event with the device's axes, as the C kits read them; nil for a canvas without `pointer`.
    public var pointerCallback: (@convention(c) (Int32, Double, Double, Double, Int32, Double, Double, Int32,
                                                 UnsafeMutableRawPointer?) -> Void)? {
        pointer == nil ? nil : { kind, x, y, pressure, hasPressure, xtilt, ytilt, hasTilt, data in
            guard let data, let event = CanvasPointer(kind: kind, x: x, y: y, pressure: pressure, hasPressure: hasPressure != 0,
                                                      xtilt: xtilt, ytilt: ytilt, hasTilt: hasTilt != 0) else { return }
            Unmanaged<CanvasHandler>.fromOpaque(data).takeUnretainedValue().pointer?(event)
        }
    }
}
