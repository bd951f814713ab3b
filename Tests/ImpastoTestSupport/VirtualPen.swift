// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// An X server with a pen, for the tests that paint as a tablet user does: Xorg with the dummy
/// video driver and one pen, "Impasto Pen", that has pressure and tilt (`.ci/xorg-pen`; docs/
/// testing.md, "The virtual pen"). GIMP 2.10 runs on it from the host, GIMP 3 from its Debian
/// root (the X server's abstract socket reaches into a chroot). xdotool works on it as on Xvfb.
///
/// Xorg runs under `.ci/xorg-pen run`, which stops it when its standard input (the `lifeline`
/// pipe, whose only writer is this process) closes: `close()` closes it, and so does the
/// kernel when the test process ends, however it ends.
public final class PenDisplay {
    public let display: String
    /// The pen's control socket (`Pen` connects to it).
    public let socket: String
    /// Xorg's process ID.
    public let serverProcessID: Int32
    public let screen: GimpGUI.Rect
    let folder: URL
    private let server: Process
    private let lifeline: Pipe

    /// Why the pen display cannot start here, if it cannot.
    public private(set) static var problem = ""

    /// Starts Xorg with the pen on a free display number (as `Gimp3GUI` picks them); nil, with
    /// the reason in `problem`, when Xorg or the pen driver cannot be had here.
    public init?(screen: GimpGUI.Rect = GimpGUI.screen) {
        self.screen = screen
        folder = BuildProducts.temporaryDirectory("pen")
        let number = Gimp3GUI.freeDisplayNumber()
        let output = Pipe()
        lifeline = Pipe()
        _ = fcntl(lifeline.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        server = Process()
        server.executableURL = BuildProducts.packageRoot.appendingPathComponent(".ci/xorg-pen")
        server.arguments = ["run", "\(number)", "\(screen.width)x\(screen.height)", folder.path]
        server.standardInput = lifeline
        server.standardOutput = output
        server.standardError = output
        do { try server.run() } catch {
            Self.problem = ".ci/xorg-pen did not start: \(error)"
            return nil
        }
        // Its first line: "ready PID SOCKET", or what went wrong (preparing may take a minute).
        var text = ""
        while let byte = try? output.fileHandleForReading.read(upToCount: 1), let c = byte.first, c != 10 {
            text.append(Character(UnicodeScalar(c)))
        }
        let words = text.split(separator: " ").map(String.init)
        guard words.count == 3, words[0] == "ready", let pid = Int32(words[1]) else {
            try? lifeline.fileHandleForWriting.close()
            server.waitUntilExit()
            Self.problem = text + String(decoding: (try? output.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
            return nil
        }
        display = ":\(number)"
        serverProcessID = pid
        socket = words[2]
    }

    /// What a pen test throws when no pen can be had: a failure where IMPASTO_REQUIRE_GUI says
    /// the tools must be there (`.ci/test` sets it), a skip elsewhere.
    public static func unavailable() -> Error {
        GimpGUI.unavailable("the pen tests need Xorg and the pen driver (.ci/xorg-pen prepare): \(problem)")
    }

    /// Connects a pen client to the pen.
    public func pen() throws -> Pen {
        try Pen(socket: socket, screen: screen)
    }

    /// Ends Xorg (closing the lifeline is all it takes) and waits for it to be gone.
    public func close() {
        guard server.isRunning else { return }
        try? lifeline.fileHandleForWriting.close()
        server.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    deinit {
        close()
    }
}

/// One reading of the pen: where its tip is on the screen (pixels, fractions allowed), how hard
/// it presses (0 … 1) and how it leans (GTK's tilt axes, −1 … 1 each; 0, 0 is upright).
public struct PenSample: Equatable {
    public var x, y: Double
    public var pressure: Double
    public var tilt: (x: Double, y: Double)

    public init(x: Double, y: Double, pressure: Double, tilt: (x: Double, y: Double) = (0, 0)) {
        (self.x, self.y, self.pressure, self.tilt) = (x, y, pressure, tilt)
    }

    public static func == (a: PenSample, b: PenSample) -> Bool {
        a.x == b.x && a.y == b.y && a.pressure == b.pressure && a.tilt == b.tilt
    }

    /// The tilt axes of a pen leaning `degrees` from upright towards `azimuth` (degrees,
    /// image axes: 0 is +x, 90 is down), under docs/contract.md's mapping (a tilt of 1 is 60°
    /// from upright; `PenOrientation(xtilt:ytilt:)` is its inverse).
    public static func tilt(leaning degrees: Double, towards azimuth: Double) -> (x: Double, y: Double) {
        let m = degrees / 60, a = azimuth * .pi / 180
        return (m * cos(a), m * sin(a))
    }
}

/// A client of the pen's control socket: the protocol of Xorg's inputtest driver
/// (xf86-input-inputtest-protocol.h, version 1.1), whose messages are native C structs.
/// Events reach Xorg in order; `sync()` returns once Xorg has handled all sent so far.
public final class Pen {
    let fd: Int32
    let screen: GimpGUI.Rect
    /// The last reading sent.
    public private(set) var sample = PenSample(x: 0, y: 0, pressure: 0)

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Event and response types, and the axes of the pen (`.ci/inputtest-pen.patch`).
    enum Message: Int32 { case clientVersion = 0, waitForSync, motion, proximity, button }
    static let axisMaximum = 65535.0, tiltMaximum = 64.0, valuators = 64

    init(socket path: String, screen: GimpGUI.Rect) throws {
        self.screen = screen
        fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw Failure(description: "socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { for (i, b) in bytes.enumerated() { $0[i] = b } }
        let deadline = Date().addingTimeInterval(10)
        while withUnsafePointer(to: &address, {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }) != 0 {
            // The driver accepts once Xorg has enabled the device.
            guard Date() < deadline else {
                close(fd)
                throw Failure(description: "cannot connect to \(path): \(String(cString: strerror(errno)))")
            }
            usleep(100_000)
        }
        var hello = Self.header(12, .clientVersion)
        hello += Self.bytes(UInt16(1)) + Self.bytes(UInt16(1))
        try send(hello)
        let answer = try receive(12)
        guard answer[4 ..< 8] == [0, 0, 0, 0], answer[8] == 1 else {
            throw Failure(description: "the pen driver answered \(answer)")
        }
    }

    deinit {
        close(fd)
    }

    // MARK: - Events

    /// The pen comes near the tablet (or leaves it) at `sample`.
    public func proximity(_ inside: Bool, _ sample: PenSample) throws {
        try send(Self.header(1056, .proximity) + Self.bytes(UInt32(inside ? 1 : 0)) + [0, 0, 0, 0] + valuators(sample))
    }

    /// The pen moves to `sample`.
    public func move(_ sample: PenSample) throws {
        try send(Self.header(1056, .motion) + Self.bytes(UInt32(1)) + [0, 0, 0, 0] + valuators(sample))
    }

    /// The tip touches (or leaves) the tablet at `sample`: button 1.
    public func tip(_ down: Bool, _ sample: PenSample) throws {
        try send(Self.header(1064, .button) + Self.bytes(Int32(1)) + Self.bytes(Int32(1)) + Self.bytes(UInt32(down ? 1 : 0))
                 + [0, 0, 0, 0] + valuators(sample))
    }

    /// Returns once Xorg has handled every event sent so far.
    public func sync() throws {
        try send(Self.header(8, .waitForSync))
        let answer = try receive(8)
        guard answer[4 ..< 8] == [1, 0, 0, 0] else { throw Failure(description: "the pen driver answered \(answer)") }
    }

    /// A stroke as a hand makes one: the pen comes near at the first sample, the tip goes down
    /// with that sample's pressure, moves through every sample (`interval` seconds apart),
    /// lifts and the pen goes away.
    public func stroke(_ samples: [PenSample], interval: TimeInterval = 0.008) throws {
        guard let first = samples.first, let last = samples.last else { return }
        try hover(first)
        try tip(true, first)
        try sync()
        for s in samples.dropFirst() {
            try move(s)
            try sync()
            usleep(useconds_t(interval * 1_000_000))
        }
        try tip(false, PenSample(x: last.x, y: last.y, pressure: 0, tilt: last.tilt))
        try hover(last)
        try leave()
    }

    /// A tap: down and up at one place.
    public func tap(_ sample: PenSample) throws {
        try stroke([sample, sample], interval: 0.05)
    }

    /// The pen near the tablet without touching it, at `sample` (no pressure).
    public func hover(_ sample: PenSample) throws {
        var near = sample
        near.pressure = 0
        try proximity(true, near)
        try move(near)
        try sync()
        usleep(30_000)
    }

    /// The pen away from the tablet, so that the mouse (xdotool) has the screen again.
    public func leave() throws {
        try proximity(false, PenSample(x: sample.x, y: sample.y, pressure: 0))
        try sync()
    }

    // MARK: - The wire format (x86-64, natural alignment)

    /// ValuatorData: uint32 has_unaccelerated, uint8 mask[8], 4 bytes padding, double
    /// valuators[64], double unaccelerated[64]. Screen pixel p is device unit p·65536/width
    /// (Xorg maps unit v to v·width/65536).
    func valuators(_ s: PenSample) -> [UInt8] {
        sample = s
        func clamp(_ v: Double, _ r: ClosedRange<Double>) -> Double { v.isFinite ? min(max(v, r.lowerBound), r.upperBound) : 0 }
        let axes = [s.x * (Self.axisMaximum + 1) / Double(screen.width), s.y * (Self.axisMaximum + 1) / Double(screen.height),
                    clamp(s.pressure, 0 ... 1) * Self.axisMaximum,
                    clamp(s.tilt.x, -1 ... 1) * Self.tiltMaximum, clamp(s.tilt.y, -1 ... 1) * Self.tiltMaximum]
        var data = Self.bytes(UInt32(0)) + [UInt8((1 << axes.count) - 1), 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0]
        for i in 0 ..< 2 * Self.valuators { data += Self.bytes((i < axes.count ? axes[i] : 0).bitPattern) }
        return data
    }

    static func header(_ length: UInt32, _ type: Message) -> [UInt8] {
        bytes(length) + bytes(type.rawValue)
    }

    static func bytes<T: FixedWidthInteger>(_ v: T) -> [UInt8] {
        withUnsafeBytes(of: v.littleEndian) { Array($0) }
    }

    func send(_ data: [UInt8]) throws {
        var sent = 0
        while sent < data.count {
            let n = data[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure(description: "the pen's socket: \(String(cString: strerror(errno)))") }
            sent += n
        }
    }

    func receive(_ count: Int) throws -> [UInt8] {
        var data = [UInt8](repeating: 0, count: count), got = 0
        while got < count {
            let n = data[got...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure(description: "the pen driver closed the connection (see the Xorg log)") }
            got += n
        }
        return data
    }
}
