// swift-tools-version:5.9
//
// Impasto: Simon Gladman's iOS image effects for GIMP, in Swift behind a thin C-ABI shim.
//
//   ImpastoKernels   pure Swift maths (no GEGL, no GIMP), tested directly
//   CImpastoABI      the one C header: the contract between the C chant files and Swift
//   ImpastoABI       the Swift side of that header (@_cdecl exports over the kernels)
//   ImpastoGEGL      the GEGL chant files, one per op, plus module.c
//   libimpasto-gegl  the GEGL module (.so) GIMP and the `gegl` CLI load
//   ImpastoGegl      Swift conveniences over GEGL's C API (graphs, buffers, properties)
//   CImpastoUI       the dialogs' thin C kit over libgimpui (GTK 2)
//   impasto          the GIMP 2.10 plug-in (one file per PDB procedure, dialogs in Swift)
//   impasto-benchmark our ops against GEGL's own on the same buffer
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

let package = Package(
    name: "Impasto",
    products: [
        .library(name: "impasto-gegl", type: .dynamic, targets: ["ImpastoGEGL", "ImpastoABI"]),
        .executable(name: "impasto", targets: ["ImpastoPlugIn"]),
        .executable(name: "impasto-benchmark", targets: ["ImpastoBenchmark"]),
    ],
    targets: [
        .systemLibrary(name: "CGEGL", pkgConfig: "gegl-0.4",
                       providers: [.apt(["libgegl-dev", "libbabl-dev"])]),
        .systemLibrary(name: "CGIMP", pkgConfig: "gimpui-2.0",
                       providers: [.apt(["libgimp2.0-dev"])]),

        .target(name: "ImpastoKernels"),
        .target(name: "CImpastoABI"),
        .target(name: "ImpastoABI", dependencies: ["CImpastoABI", "ImpastoKernels"]),
        .target(name: "ImpastoGEGL", dependencies: ["CImpastoABI", "CGEGL"], exclude: ["exports.map"],
                cSettings: [.headerSearchPath("."), .define("GEGL_OP_BUNDLE"),
                            .define("GETTEXT_PACKAGE", to: "\"impasto\"")],
                linkerSettings: moduleLinkerSettings),

        .target(name: "ImpastoGegl", dependencies: ["CGEGL"]),
        // GIMP's brush files (.gih, .gbr, .gdyn) and pipe-selection rules for the bristle brush.
        .target(name: "ImpastoBrushFiles", dependencies: ["ImpastoKernels"]),
        // What the GIMP front-ends share that is no GIMP API call: dialog layouts, labels.
        .target(name: "ImpastoFrontEnd", dependencies: ["ImpastoKernels"]),
        // The dialogs' C kit: wrappers over libgimpui/GTK 2 that Swift cannot call directly.
        .target(name: "CImpastoUI", dependencies: ["CGIMP"],
                cSettings: [.unsafeFlags(["-Wno-deprecated-declarations"])]),
        .executableTarget(name: "ImpastoPlugIn", dependencies: ["CGIMP", "CImpastoUI", "ImpastoGegl", "ImpastoKernels", "ImpastoFrontEnd", "ImpastoBrushFiles"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
        .executableTarget(name: "ImpastoBenchmark", dependencies: ["ImpastoGegl"]),

        // Independent reference formulas, image files, a private GIMP profile: shared by the tests.
        .target(name: "ImpastoTestSupport", dependencies: ["ImpastoGegl"], path: "Tests/ImpastoTestSupport"),
        .testTarget(name: "ImpastoKernelsTests", dependencies: ["ImpastoKernels", "ImpastoTestSupport"]),
        .testTarget(name: "ImpastoBrushFilesTests", dependencies: ["ImpastoBrushFiles", "ImpastoKernels"]),
        .testTarget(name: "ImpastoFrontEndTests", dependencies: ["ImpastoFrontEnd", "ImpastoKernels"]),
        .testTarget(name: "ImpastoGEGLTests", dependencies: ["ImpastoTestSupport", "ImpastoGegl", "CGEGL", "ImpastoKernels"]),
        .testTarget(name: "ImpastoGIMPTests", dependencies: ["ImpastoTestSupport"]),
        // GIMP 3.0 and 3.2 in Debian roots (.ci/gimp3-root); runs when IMPASTO_GIMP3_ROOTS lists them.
        .testTarget(name: "ImpastoGIMP3Tests", dependencies: ["ImpastoTestSupport", "ImpastoGegl"]),
    ]
)
