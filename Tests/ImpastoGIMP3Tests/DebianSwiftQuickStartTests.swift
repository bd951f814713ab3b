// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GeglKit
import ImpastoTestSupport
import XCTest

/// The README's quick start on a Debian 13 that has GIMP and no Swift: in a throw-away copy of
/// the trixie-user root (no compiler, no headers, no /opt/swift), with this repository's files in
/// /root/impasto, `./plugin-install.sh --demo` as root installs Debian's own Swift (swiftlang,
/// 6.0.x) and the headers, builds the GEGL module, impasto-data and GIMP 3's plug-in with it,
/// installs them into GIMP 3.0 and runs the demo there, whose picture must be the pencil
/// formula's.
final class DebianSwiftQuickStartTests: XCTestCase {
    func testQuickStartInstallsDebiansSwiftBuildsAndRunsTheDemo() throws {
        try Gimp3Root.skipUnlessRequested(.trixie)
        let script = BuildProducts.packageRoot.appendingPathComponent(".ci/gimp3-root").path
        let made = runCommand(script, ["make", "trixie-user"])
        XCTAssertEqual(made.status, 0, made.output)
        let work = BuildProducts.temporaryDirectory("quickstart")
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // The repository's files as a clone has them (the working tree's versions).
        let tarball = work.appendingPathComponent("impasto.tar").path
        let packed = runCommand("sh", ["-c", "cd \"$0\" && git ls-files -z | tar --null -T - --transform 's|^|impasto/|' -cf \"$1\"",
                                       BuildProducts.packageRoot.path, tarball])
        XCTAssertEqual(packed.status, 0, packed.output)

        let run = runCommand(script, ["scratch", "trixie-user", tarball, out.path, "sh", "-c", """
            command -v swift && exit 3   # a root with Swift would prove nothing
            cd impasto && ./plugin-install.sh --demo && cp /tmp/impasto-demo/*.png /root/out/ && swift --version >/root/out/swift.txt 2>&1
            """])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("swift is not on PATH; Debian's own Swift builds Impasto"), run.output)
        XCTAssertTrue(run.output.contains("installing Debian packages: swiftlang g++"), run.output)
        XCTAssertTrue(run.output.contains("building (release) in /root/impasto: impasto-gegl impasto-data impasto3"), run.output)
        XCTAssertTrue(run.output.contains("plug-in installed for: GIMP 3.0 (/root/.config/GIMP/3.0)"), run.output)
        let swift = (try? String(contentsOf: out.appendingPathComponent("swift.txt"), encoding: .utf8)) ?? ""
        XCTAssertTrue(swift.contains("Swift version 6.0"), swift)

        Gegl.initialize()
        let photo = try XCTUnwrap(FloatImage.load(BuildProducts.fixture("astronaut.png")))
        let made8 = try XCTUnwrap(FloatImage.load(out.appendingPathComponent("astronaut-pencil.png")), run.output)
        XCTAssertLessThanOrEqual(made8.worstRGBDifference(from: photo) { PencilReference.apply($0, azimuth: -60, altitude: 67.5) },
                                 1.0 / 255)
        let embossed = try XCTUnwrap(FloatImage.load(out.appendingPathComponent("impasto-emboss.png")), run.output)
        XCTAssertEqual([embossed.width, embossed.height], [560, 170])
    }
}
