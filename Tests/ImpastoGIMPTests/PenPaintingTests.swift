// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoTestSupport
import XCTest

/// The Impasto brushes painted in GIMP 2.10 with a pen (pressure and tilt) and with the mouse,
/// on the virtual pen's X server (`PenDisplay`): the pages of `PenPlan`, counted from GIMP's own
/// saved painting. The profile enables the pen as the README tells a user (Edit → Input
/// Devices, mode Screen, which GIMP keeps in devicerc); without that GIMP 2.10 takes the pen
/// for a mouse. Then the pen on the pencil pad of Impasto Pencil Hue/Saturation. One GIMP
/// session (about two minutes).
final class PenPaintingTests: XCTestCase {
    struct Run {
        let session: PrivateGimp
        let result: PrivateGimp.BatchResult
        let notes: [String]
        var log: String { result.log + "\ndriver: \(notes)" }

        func page(_ index: Int) throws -> ImageCodes {
            Gegl.initialize()
            return try XCTUnwrap(ImageCodes.load(session.root.appendingPathComponent("page-\(index).png")),
                                 "page \(index) was not saved:\n\(log)")
        }
    }

    static let pages = PenPlan.pages(live: false)
    nonisolated(unsafe) static var painted: Result<Run, Error>?

    /// What the README's "Painting with a tablet" has a GIMP 2.10 user set in Edit → Input
    /// Devices: the pen in mode Screen, its axes as the tablet reports them.
    static let devicerc = """
        (GimpDeviceInfo "Impasto Pen"
            (mode screen)
            (axes 5 x y pressure xtilt ytilt)
            (keys 0))
        """

    func painting() throws -> Run {
        if Self.painted == nil {
            Self.painted = Result {
                let session = PrivateGimp(data: true)
                guard session.installOutput.status == 0 else {
                    throw GimpGUI.unavailable("install failed:\n\(session.installOutput.output)")
                }
                try Self.devicerc.write(toFile: session.path("profile/devicerc"), atomically: true, encoding: .utf8)
                guard let display = PenDisplay() else { throw PenDisplay.unavailable() }
                guard let gui = GimpGUI(session: session, pen: display) else { throw GimpGUI.unavailable() }
                let pen = try display.pen()
                var notes: [String] = []
                let script = CanvasPainting.script(Self.pages, dialect: .gimp2, folder: session.root.path)
                let result = gui.run([script, PenPadPlan.script(.gimp2, folder: session.root.path)], prelude: "") {
                    notes = CanvasPainting.paint(Self.pages, with: $0, folder: session.root, pen: pen)
                        + PenPadPlan.drive($0, pen: pen, name: "gimp-2.10")
                }
                for i in Self.pages.indices {
                    let kept = GimpGUI.artifacts.appendingPathComponent("pen-gimp-2.10-page-\(i).png")
                    try? FileManager.default.removeItem(at: kept)
                    try? FileManager.default.copyItem(at: session.root.appendingPathComponent("page-\(i).png"), to: kept)
                }
                display.close()
                return Run(session: session, result: result, notes: notes)
            }
        }
        let run = try Self.painted!.get()
        XCTAssertEqual(run.result.outcomes, [.success, .success], run.log)
        XCTAssertEqual(run.notes, [], run.log)
        return run
    }

    override class func tearDown() {
        if case .success(let run) = painted { run.session.remove() }
        super.tearDown()
    }

    func testPressureWidensTheStrokeAndTiltNeverNarrowsIt() throws {
        PenPlan.checkPressureAndTilt(try painting().page(PenPlan.rampIndex), "GIMP 2.10")
    }

    func testAPenLeaning45DegreesStreaksInEveryDirection() throws {
        let run = try painting()
        PenPlan.checkFan(try PenPlan.fanIndices.map(run.page), "GIMP 2.10")
    }

    func testTheFlatBrushStreaksAcrossItsRow() throws {
        PenPlan.checkFlat(try painting().page(PenPlan.flatIndex), "GIMP 2.10")
    }

    func testATapOrAClickLeavesTheRingsDots() throws {
        let run = try painting()
        PenPlan.checkTaps(try run.page(PenPlan.tapIndex), clicks: try run.page(PenPlan.clickIndex), "GIMP 2.10")
    }

    func testThePenPadTakesHueAndSaturationFromThePensTilt() throws {
        let run = try painting()
        let made = try XCTUnwrap(FloatImage.load(run.session.root.appendingPathComponent("pencil.png")), "pencil.png:\n\(run.log)")
        try PenPadPlan.check(made, "GIMP 2.10")
    }

    func testTheMouseStreaksInEveryDirection() throws {
        PenPlan.checkMouse(try painting().page(PenPlan.mouseIndex), "GIMP 2.10")
    }
}
