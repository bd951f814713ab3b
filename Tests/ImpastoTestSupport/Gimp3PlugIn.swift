// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

extension Gimp3Root {
    private static var plugInBuilds: [Suite: Result<URL, Problem>] = [:]

    /// The GIMP 3 plug-in (`impasto3`) built inside the root against its libgimp-3.0, once
    /// per process (the same path inside and out).
    public func buildPlugIn() -> Result<URL, Problem> {
        if let known = Self.plugInBuilds[suite] { return known }
        let product = BuildProducts.packageRoot.appendingPathComponent("\(scratchPath)/debug/impasto3")
        let built = run(["swift", "build", "--scratch-path", scratchPath, "--product", "impasto3"])
        let result: Result<URL, Problem> = built.status == 0 && FileManager.default.fileExists(atPath: product.path)
            ? .success(product)
            : .failure(Problem(description: "swift build --product impasto3 in the \(suite) root failed:\n\(built.output)"))
        Self.plugInBuilds[suite] = result
        return result
    }
}

extension Gimp3Session {
    /// The session's GIMP profile (GIMP3_DIRECTORY) as the host sees it.
    public var hostProfile: URL { hostFolder.appendingPathComponent("profile") }

    /// Installs `plugIn` as `<profile>/plug-ins/impasto/impasto`, where plugin-install.sh puts
    /// it for GIMP 3 (GIMP 3 runs a plug-in only from a folder named like its executable).
    public func installPlugIn(_ plugIn: URL) throws {
        let folder = hostProfile.appendingPathComponent("plug-ins/impasto")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: plugIn, to: folder.appendingPathComponent("impasto"))
    }
}

extension Gimp3Session {
    /// Compiles po/`language`.po into `folder` (relative to the session's folder, as the host
    /// sees it) as <language>/LC_MESSAGES/impasto.mo: the plug-in's catalogues are in
    /// profile/plug-ins/impasto/locale, the module's in data/gegl-0.4/plug-ins/impasto-locale.
    public func installCatalogue(_ language: String, in folder: String) throws {
        let messages = hostFolder.appendingPathComponent("\(folder)/\(language)/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let po = BuildProducts.packageRoot.appendingPathComponent("po/\(language).po").path
        let made = runCommand("msgfmt", ["-o", messages.appendingPathComponent("impasto.mo").path, po])
        guard made.status == 0 else { throw Gimp3Root.Problem(description: "msgfmt \(po): \(made.output)") }
    }

    /// The environment that starts GIMP in `locale` (e.g. "de_DE"), UTF-8. The roots have no
    /// locale but C.UTF-8, and glibc 2.41 (trixie's) ignores LANGUAGE under C.UTF-8 (2.36,
    /// Debian 12's, does not): the locale is compiled into the session's folder with the root's
    /// localedef, from the host's locale sources, and LOCPATH points at it. Skips without the
    /// host's sources (Debian: locales).
    public func makeLocale(_ locale: String) throws -> [String: String] {
        let sources = URL(fileURLWithPath: "/usr/share/i18n")
        guard FileManager.default.fileExists(atPath: sources.appendingPathComponent("locales/\(locale)").path) else {
            throw XCTSkip("needs the host's locale sources (Debian: locales) to make \(locale).UTF-8 in the root")
        }
        let files = FileManager.default
        if !files.fileExists(atPath: hostFolder.appendingPathComponent("i18n").path) {
            try files.copyItem(at: sources, to: hostFolder.appendingPathComponent("i18n"))
        }
        try files.createDirectory(at: hostFolder.appendingPathComponent("locales"), withIntermediateDirectories: true)
        let made = root.run(["localedef", "--no-archive", "-i", locale, "-f", "UTF-8", path("locales/\(locale).UTF-8")],
                            environment: ["I18NPATH": path("i18n")])
        guard made.status == 0 else { throw Gimp3Root.Problem(description: "localedef \(locale): \(made.output)") }
        return ["LOCPATH": path("locales"), "LANG": "\(locale).UTF-8"]
    }
}

extension FloatImage {
    /// The largest difference, over every pixel's R, G and B, between this image and
    /// `expected(input's pixel)` clamped to 0 … 1 (an 8-bit file holds no more); infinity when
    /// the sizes differ.
    public func worstRGBDifference(from input: FloatImage, _ expected: ([Double]) -> [Double]) -> Double {
        guard width == input.width, height == input.height else { return .infinity }
        var worst = 0.0
        for y in 0 ..< height {
            for x in 0 ..< width {
                let e = expected(input.pixel(x, y).prefix(3).map(Double.init))
                let o = pixel(x, y)
                for c in 0 ..< 3 { worst = max(worst, abs(Double(o[o.startIndex + c]) - min(max(e[c], 0), 1))) }
            }
        }
        return worst
    }
}

/// The largest difference between two RGBA images, colours weighted by their alpha (a
/// transparent pixel's colour is nobody's business); infinity when the sizes differ.
public func worstDifference(_ a: FloatImage, _ b: FloatImage) -> Double {
    guard a.width == b.width, a.height == b.height else { return .infinity }
    var worst = 0.0
    for y in 0 ..< a.height {
        for x in 0 ..< a.width {
            let p = Array(a.pixel(x, y)), q = Array(b.pixel(x, y))
            worst = max(worst, Double(abs(p[3] - q[3])))
            for c in 0 ..< 3 { worst = max(worst, Double(abs(p[c] * p[3] - q[c] * q[3]))) }
        }
    }
    return worst
}

/// A GIMP 3 test class's runs, one per suite, made on first use and kept for all its tests
/// (each makes its GIMP session once): a skip unless IMPASTO_GIMP3_ROOTS lists the suite, then
/// the root and a new session, with (`plugIn`) Impasto's plug-in built and installed (`brush`:
/// and the standard brush and dynamics written into the profile, as an install does), then
/// `make`. A failure is kept too, so every test of the suite reports it.
public final class Gimp3Runs<Run> {
    /// (Any error is kept as thrown: an XCTSkip stays a skip.)
    private var runs: [Gimp3Root.Suite: Result<(run: Run, session: Gimp3Session), Error>] = [:]

    public init() {}

    public func run(_ suite: Gimp3Root.Suite, plugIn: Bool = true, brush: Bool = false,
                    _ make: (_ root: Gimp3Root, _ session: Gimp3Session) throws -> Run) throws -> Run {
        try Gimp3Root.skipUnlessRequested(suite)
        if runs[suite] == nil {
            runs[suite] = Result {
                let root = try Gimp3Root.prepare(suite).get()
                let session = try Gimp3Session(root: root)
                if plugIn {
                    let built = try root.buildPlugIn().get()
                    try session.installPlugIn(built)
                    if brush {
                        // On the host, into the profile inside the root, as scripts/stage.sh
                        // writes them for an install.
                        let written = runCommand(BuildProducts.dataTool.path, ["brush", session.hostProfile.path])
                        guard written.status == 0 else {
                            throw Gimp3Root.Problem(description: "impasto-data brush failed:\n\(written.output)")
                        }
                    }
                }
                return (try make(root, session), session)
            }
        }
        return try runs[suite]!.get().run
    }

    /// Removes the sessions made (a test class's tearDown).
    public func removeSessions() {
        for case .success(let made) in runs.values { made.session.remove() }
    }
}
