// swift-tools-version:5.9
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Impasto: Simon Gladman's iOS image effects for GIMP, in Swift behind a thin C-ABI shim.
//
//   ImpastoKernels   pure Swift maths (no GEGL, no GIMP, no gettext), tested directly; it marks
//                    the messages users see with `localized`, which the front-ends translate
//   CImpastoABI      the one C header: the contract between the C chant files and Swift
//   ImpastoABI       the Swift side of that header (@_cdecl exports over the kernels)
//   ImpastoGEGL      the GEGL chant files, one per op, plus module.c
//   libimpasto-gegl  the GEGL module (.so) GIMP and the `gegl` CLI load
//   GeglKit          Swift conveniences over GEGL's C API (graphs, buffers, properties)
//   CImpastoUI       the dialogs' thin C kit over libgimpui (GTK 2)
//   CImpastoGtk      the signal glue CImpastoUI and CImpastoWidgets3 share (one header)
//   ImpastoWidgets   the dialogs' own widgets (pencil pad, hemisphere editor, stroke and brush
//                    previews): drawing and mapping once, for both GIMPs' toolkits
//   ImpastoBrushFiles GIMP's brush files for the bristle brush (.gih/.gbr/.gdyn, pipe rules)
//   ImpastoFrontEnd  the seven procedures, written once for both GIMPs against GimpHost
//   impasto          the GIMP 2.10 plug-in (GimpHost over libgimp-2.0, PDB, dialogs in Swift)
//   CImpastoGimp3    the GIMP 3 plug-in's thin C kit over libgimp-3.0 and libgimpui-3.0 (GimpPlugIn subclass, macros, signals)
//   CImpastoWidgets3 ImpastoWidgets' toolkit calls over libgimpui-3.0 (GTK 3)
//   CGlibcCompat     fmod and fmodf without glibc 2.38's symbol versions, for the GIMP 3 plug-in built on Debian 13
//   impasto3         the GIMP 3 plug-in (installed as plug-ins/impasto/impasto of a GIMP 3 profile)
//   impasto-benchmark our ops against GEGL's own on the same buffer
//   impasto-generate the GEGL properties, op list and installer op line, from the Swift declarations
//   impasto-data     a build tool: writes the standard brushes and the help pages an install
//                    puts beside the plug-in (scripts/stage.sh runs it)
import Foundation
import PackageDescription

let packageRoot = String(#filePath.dropLast("Package.swift".count))

// Loaded into GIMP and `gegl`, which have no Swift runtime: link it statically, never let it
// be unloaded (GEGL re-opens modules; the Swift runtime must not go away under it), and export
// only GEGL's two module entry points (modules are opened RTLD_GLOBAL).
let moduleLinkerSettings: [LinkerSetting] = [
    .unsafeFlags([
        "-static-stdlib",
        "-Xlinker", "-znodelete",
        "-Xlinker", "--version-script=\(packageRoot)Sources/ImpastoGEGL/exports.map",
    ]),
]

/// Whether pkg-config would find `module` (its `.pc` file): in $PKG_CONFIG_PATH, or in
/// pkg-config's default directories (Debian's, multiarch included, and /usr/local's).
///
/// Debian 12 ships libgimp2.0-dev only, Debian 13 and testing libgimp-3.0-dev only, so each
/// GIMP front-end is part of the package only where its libgimp is installed. A `.pc` file is
/// what SwiftPM's `systemLibrary(pkgConfig:)` reads anyway; looking for the file (rather than
/// running `pkg-config` from the manifest) needs no process, works where manifests are
/// sandboxed, and cannot hang. SwiftPM caches the evaluated manifest by its text (in
/// ~/.cache, not .build): after installing or removing a libgimp -dev package, build once with
/// `--manifest-cache none` so the targets follow (seen with Swift 6.3.1).
func hasPkgConfig(_ module: String) -> Bool {
    let environment = ProcessInfo.processInfo.environment
    let listed = ["PKG_CONFIG_PATH", "PKG_CONFIG_LIBDIR"].flatMap {
        (environment[$0] ?? "").split(separator: ":").map(String.init)
    }
    let multiarch = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? [])
        .filter { $0.contains("-linux-") }.sorted()
    let standard = multiarch.flatMap { ["/usr/local/lib/\($0)/pkgconfig", "/usr/lib/\($0)/pkgconfig"] }
        + ["/usr/local/lib/pkgconfig", "/usr/local/share/pkgconfig", "/usr/lib/pkgconfig", "/usr/share/pkgconfig"]
    return (listed + standard).contains { FileManager.default.fileExists(atPath: "\($0)/\(module).pc") }
}

let hasGIMP2 = hasPkgConfig("gimpui-2.0")
let hasGIMP3 = hasPkgConfig("gimpui-3.0")

// GIMP 2.10's front-end (Debian 12: libgimp2.0-dev): the plug-in `impasto`, its dialogs' C kit
// over GTK 2, and the tests that install it into GIMP 2.10.
let gimp2Products: [Product] = [.executable(name: "impasto", targets: ["ImpastoPlugIn"])]
let gimp2Targets: [Target] = [
    .systemLibrary(name: "CGIMP", pkgConfig: "gimpui-2.0",
                   providers: [.apt(["libgimp2.0-dev"])]),
    // The dialogs' C kit: wrappers over libgimpui/GTK 2 that Swift cannot call directly.
    .target(name: "CImpastoUI", dependencies: ["CGIMP", "CImpastoGtk"],
            cSettings: [.unsafeFlags(["-Wno-deprecated-declarations"])]),
    .executableTarget(name: "ImpastoPlugIn", dependencies: ["CGIMP", "CImpastoUI", "GeglKit", "ImpastoKernels", "ImpastoFrontEnd", "ImpastoBrushFiles", "ImpastoWidgets"],
                      linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
    .testTarget(name: "ImpastoGIMPTests", dependencies: ["ImpastoTestSupport", "ImpastoFrontEnd"]),
]

// GIMP 3.0 / 3.2's front-end (Debian 13 and testing: libgimp-3.0-dev): the plug-in `impasto3`
// and its C kit. (Its tests, ImpastoGIMP3Tests, run on any host: they build it inside Debian
// roots with GIMP 3.)
let gimp3Products: [Product] = [.executable(name: "impasto3", targets: ["ImpastoPlugIn3"])]
let gimp3Targets: [Target] = [
    // libgimpui-3.0 (GimpProcedureDialog, GTK 3) for the dialogs; it brings libgimp-3.0 along.
    .systemLibrary(name: "CGIMP3", pkgConfig: "gimpui-3.0",
                   providers: [.apt(["libgimp-3.0-dev"])]),
    .target(name: "CImpastoGimp3", dependencies: ["CGIMP3", "CGlibcCompat"],
            cSettings: [.unsafeFlags(["-Wno-deprecated-declarations"])]),
    // The toolkit calls of ImpastoWidgets' widgets over libgimpui-3.0 / GTK 3 (CImpastoUI's counterpart).
    .target(name: "CImpastoWidgets3", dependencies: ["CGIMP3", "CImpastoGtk"]),
    .executableTarget(name: "ImpastoPlugIn3", dependencies: ["CGIMP3", "CImpastoGimp3", "CImpastoWidgets3", "GeglKit", "ImpastoKernels", "ImpastoFrontEnd", "ImpastoWidgets"],
                      linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
]

// The dialogs' own widgets, shared by both GIMP front-ends (drawn with cairo, which GTK 2 and
// GTK 3 both draw with); only where a front-end is built.
let widgetTargets: [Target] = [
    .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
    .target(name: "ImpastoWidgets", dependencies: ["CCairo", "CGEGL", "GeglKit", "ImpastoKernels", "ImpastoFrontEnd", "ImpastoBrushFiles"]),
    .testTarget(name: "ImpastoWidgetsTests", dependencies: ["ImpastoWidgets", "ImpastoKernels", "ImpastoFrontEnd", "CCairo", "CGEGL", "GeglKit"]),
]

let package = Package(
    name: "Impasto",
    products: [
        .library(name: "impasto-gegl", type: .dynamic, targets: ["ImpastoGEGL", "ImpastoABI"]),
        .executable(name: "impasto-benchmark", targets: ["ImpastoBenchmark"]),
        .executable(name: "impasto-generate", targets: ["ImpastoGenerate"]),
        .executable(name: "impasto-data", targets: ["ImpastoData"]),
    ] + (hasGIMP2 ? gimp2Products : []) + (hasGIMP3 ? gimp3Products : []),
    targets: [
        .systemLibrary(name: "CGEGL", pkgConfig: "gegl-0.4",
                       providers: [.apt(["libgegl-dev", "libbabl-dev"])]),

        // gettext (glibc's libintl.h) for `localized`: the one text domain, "impasto".
        .systemLibrary(name: "CLibintl"),
        .target(name: "ImpastoKernels", exclude: ["Emboss.md"]),
        .target(name: "CImpastoABI"),
        // The signal glue GTK 2's and GTK 3's kits share (a header each compiles against its own GTK).
        .target(name: "CImpastoGtk"),
        // fmod and fmodf without glibc 2.38's symbol versions (for the GIMP 3 plug-in built on Debian 13).
        .target(name: "CGlibcCompat"),
        .target(name: "ImpastoABI", dependencies: ["CImpastoABI", "ImpastoKernels"]),
        .target(name: "ImpastoGEGL", dependencies: ["CImpastoABI", "CGEGL"], exclude: ["exports.map"],
                cSettings: [.headerSearchPath("."), .define("GEGL_OP_BUNDLE"),
                            .define("GETTEXT_PACKAGE", to: "\"impasto\"")],
                linkerSettings: moduleLinkerSettings),

        .target(name: "GeglKit", dependencies: ["CGEGL"]),
        // GIMP's brush files (.gih, .gbr, .gdyn) and pipe-selection rules for the bristle brush.
        .target(name: "ImpastoBrushFiles", dependencies: ["ImpastoKernels"]),
        // The procedures, written once for both GIMPs against GimpHost, and what their dialogs share.
        .target(name: "ImpastoFrontEnd", dependencies: ["ImpastoKernels", "GeglKit", "ImpastoBrushFiles", "CGEGL", "CLibintl"]),
        .executableTarget(name: "ImpastoBenchmark", dependencies: ["GeglKit"]),
        // Writes the GEGL properties, the op list and the installer's op line from the declarations.
        .executableTarget(name: "ImpastoGenerate", dependencies: ["ImpastoFrontEnd"]),
        // Writes the brushes and help pages an install and the release bundle put in place
        // (on the build machine, so no GIMP plug-in doubles as a build tool).
        .executableTarget(name: "ImpastoData", dependencies: ["ImpastoFrontEnd", "ImpastoBrushFiles", "ImpastoKernels"]),

        // Independent reference formulas, image files, a private GIMP profile: shared by the tests.
        .target(name: "ImpastoTestSupport", dependencies: ["GeglKit", "ImpastoKernels"], path: "Tests/ImpastoTestSupport"),
        .testTarget(name: "ImpastoKernelsTests", dependencies: ["ImpastoKernels", "ImpastoBrushFiles", "ImpastoTestSupport", "CGlibcCompat"]),
        .testTarget(name: "ImpastoBrushFilesTests", dependencies: ["ImpastoBrushFiles", "ImpastoKernels", "ImpastoTestSupport"]),
        .testTarget(name: "ImpastoFrontEndTests", dependencies: ["ImpastoFrontEnd", "ImpastoKernels", "ImpastoTestSupport", "GeglKit", "CGEGL"]),
        .testTarget(name: "ImpastoGEGLTests", dependencies: ["ImpastoTestSupport", "GeglKit", "CGEGL", "CImpastoABI", "ImpastoKernels", "ImpastoFrontEnd"]),
        // GIMP 3.0 and 3.2 in Debian roots (.ci/gimp3-root); runs when IMPASTO_GIMP3_ROOTS lists them.
        .testTarget(name: "ImpastoGIMP3Tests", dependencies: ["ImpastoTestSupport", "GeglKit", "ImpastoFrontEnd"]),
    ] + (hasGIMP2 ? gimp2Targets : []) + (hasGIMP3 ? gimp3Targets : []) + (hasGIMP2 || hasGIMP3 ? widgetTargets : [])
)
