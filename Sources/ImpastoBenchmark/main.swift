// SPDX-License-Identifier: GPL-3.0-or-later
// impasto-benchmark: our GEGL ops against GEGL's own, on the same buffer, in one process.
//
//   impasto-benchmark [--size N] [--runs N] [--min-time S] [--module PATH]
//                     [--tile N] [--chunk PIXELS] [--blit] [--threads LIST]
//                     [--case TEXT] [--format NAME] [--csv FILE] [--label TEXT]
//   impasto-benchmark --summarize FILE...
//
// Each case times buffer-source → op(s) → write-buffer into a preallocated output buffer of
// the same babl format, over the whole extent, for our op and for GEGL's reference (and, for
// the normal map, the floor: GEGL's conversions alone), at 1 and 2 threads, in every format
// GIMP hands an op (8-bit, 16-bit, perceptual and linear float, 8-bit without alpha) and with
// the content it meets (colour, a grey bump, a text mask). Rounds alternate thread counts and
// sides (so background load hits all alike); after one warm-up each, every side runs at least
// N times and until its runs add up to its share of --min-time; the best run is reported in
// megapixels per second. --csv appends one line per case and thread count; --summarize reads
// such files (repeat runs, other GEGLs) and prints BENCHMARKS.md's table: each row's median
// ratio, its spread over the runs, and whether every run met the target.
// The region cases (local ops: GIMP re-renders only around a change) time one of our area ops rendering a 256²
// region of a 4096² layer against the same op rendering the whole layer (ratio: the whole's
// time over the region's), with the area floor: the layer over the input the region needs.
// A missed target is a result, not an error: the exit status is non-zero only when setup fails.
import CGEGL
import Glibc
import GeglKit


// MARK: - Main

let options = parseOptions()
if !options.summarize.isEmpty {
    summarize(options.summarize)
    exit(0)
}

// babl: how GEGL converts between formats is babl's choice, made at run time, and it is what
// moved GEGL's own figures between runs (0.62× and 2.25× for the same 8-bit case). For each
// pair of formats babl times candidate paths (their "cost", kept in its cache file), and for
// 8-bit sources it may replace the path by a lookup table over all 2²⁴ colours, decided per
// process by comparing a fresh timing of a table lookup with the cached cost. Under load either
// timing can swing: R'G'B'A u8 → Y'A float (gegl:normal-map's input) ran at 10–18 Mpx/s through
// a table (128 MB, missed by every colour pixel) and at 60–100 through the path, in processes
// minutes apart. So: one babl cache of our own, kept between runs (the costs stay put), and
// babl's table decisions printed (BABL_LUT_INFO=1: "possible LUT for A to B", "no LUT …"),
// so a run that differs shows why. Our ops ask babl only for conversions that never take a table.
let bablCache = options.bablCache ?? ((executableDirectory() ?? "/tmp") + "/babl-cache")
setenv("XDG_CACHE_HOME", bablCache, 1)
setenv("BABL_LUT_INFO", "1", 0)

// As a GPL3 application (Gegl.initialize): GEGL offers its GPL3 ops (gegl:emboss among them)
// and ours only to those.
Gegl.initialize()
if Gegl.hasOperation(ourOp) {
    fail("""
        \(ourOp) is already registered before loading the module under test (an installed copy, \
        e.g. in ${XDG_DATA_HOME:-~/.local/share}/gegl-0.4/plug-ins?). Run with \
        GEGL_PATH=$(pkg-config --variable=pluginsdir gegl-0.4) so only GEGL's own ops load first.
        """)
}

let modulePath: String
if let explicit = options.modulePath {
    modulePath = explicit
} else {
    guard let dir = executableDirectory() else { fail("cannot resolve /proc/self/exe; pass --module PATH") }
    modulePath = dir + "/libimpasto-gegl.so"
}
guard fileExists(modulePath) else {
    fail("""
        no GEGL module at \(modulePath): build it with \
        `swift build -c release --product impasto-gegl` (same scratch path) or pass --module PATH
        """)
}
let (stagedDirectory, stagedFile) = stageModule(modulePath)
defer { unlink(stagedFile); rmdir(stagedDirectory) }
func cleanupAndFail(_ message: String) -> Never {
    unlink(stagedFile)
    rmdir(stagedDirectory)
    fail(message)
}
Gegl.loadModules(from: stagedDirectory)
guard Gegl.hasOperation(ourOp) else {
    cleanupAndFail("\(ourOp) is not available after loading \(modulePath) (is it a GEGL module built from this tree?)")
}
let referenceOps = ["gegl:buffer-source", "gegl:write-buffer", "gegl:nop", "gegl:convert-format",
                    "gegl:invert-linear", "gegl:invert-gamma", "gegl:hue-chroma", "gegl:saturation",
                    "gegl:emboss", "gegl:normal-map", "gegl:bump-map",
                    "impasto:emboss", "impasto:bristle-normal-map", "impasto:normal-light"]
for op in referenceOps where !Gegl.hasOperation(op) {
    cleanupAndFail("GEGL's \(op) is not available (is GEGL's plug-in directory loaded?)")
}

let selected = allCases().filter { c in
    (options.only.map { c.name.contains($0) } ?? true) && (options.format.map { c.format == $0 } ?? true)
}
guard !selected.isEmpty else { cleanupAndFail("no case matches --case \(options.only ?? "") --format \(options.format ?? "")") }
if let tile = options.tile { Gegl.setTileSize(width: tile, height: tile) }
if let chunk = options.chunk { Gegl.setChunkSize(chunk) }

var (major, minor, micro) = (Int32(0), Int32(0), Int32(0))
gegl_get_version(&major, &minor, &micro)
let geglVersion = "\(major).\(minor).\(micro)"
babl_get_version(&major, &minor, &micro)
let bablVersion = "\(major).\(minor).\(micro)"
let runLabel = options.label ?? "GEGL \(geglVersion), babl \(bablVersion)"

print("impasto-benchmark: \(options.size)×\(options.size) px, best of ≥ \(options.runs) runs "
      + "(and ≥ \(fixed(options.minTime, 1)) s per case) after 1 warm-up, "
      + "\(options.blit ? "gegl_node_blit" : "GeglProcessor")"
      + "\(options.tile.map { ", tiles \($0)×\($0)" } ?? "")"
      + "\(options.chunk.map { ", chunk \($0) px" } ?? "")")
print("GEGL \(geglVersion), babl \(bablVersion); module: \(modulePath); babl's cache: \(bablCache)/babl")
print("")

// One input and one preallocated output per format and content, shared by the cases using them.
struct BufferKey: Hashable {
    let format: String
    let content: Content
    let size: Int

    init(_ c: Case) { (format, content, size) = (c.format, c.content, c.size(options)) }
}
var buffers: [BufferKey: (input: GeglBufferRef, output: GeglBufferRef)] = [:]
for c in selected where buffers[BufferKey(c)] == nil {
    buffers[BufferKey(c)] = (makeInput(size: c.size(options), format: c.format, c.content),
                             GeglBufferRef(width: c.size(options), height: c.size(options), format: c.format))
}

// Keep one node of every op alive for the whole run: otherwise each fresh graph's op classes
// lose their last reference when it is destroyed, GEGL unloads their module, and the next
// timed run pays for loading it again (dlopen, relocations) — a cost no application sees.
let keepAlive = GeglGraph()
for c in selected {
    _ = c.ours.build(keepAlive)
    _ = c.reference.build(keepAlive)
    _ = c.floor?.build(keepAlive)
}

if let side = options.profileSide {
    for c in selected {
        guard let b = buffers[BufferKey(c)], let chosen = [c.ours, c.reference, c.floor][side] else { continue }
        let region = side == 0 ? c.region.map { busiestRegion(b.input, edge: $0) } : nil
        for t in options.threads {
            Gegl.setThreads(t)
            for _ in 0 ..< options.runs {
                _ = timeOnce(chosen, input: b.input, output: b.output, blit: options.blit, rect: region)
            }
        }
    }
    buffers.removeAll()
    gegl_exit()
    exit(0)
}

let loadBefore = loadAverage()
var rows: [Row] = []
let caseWidth = max(4, selected.map(\.name.count).max() ?? 0) + 2
print(pad("case", caseWidth) + pad("thr", 4, right: true) + pad("ours Mpx/s", 12, right: true)
      + pad("ref Mpx/s", 12, right: true) + pad("ours/ref", 10, right: true)
      + pad("ours/floor", 12, right: true) + pad("target", 9, right: true) + "  result")
var scaling: [(Case, Double, Double)] = []
var medians: [String] = []
var regionFloors: [String] = []
for c in selected {
    guard let b = buffers[BufferKey(c)] else { continue }
    // Throughputs in the layer's megapixels per second (a region case's ours: layers' worth).
    let mpx = Double(c.size(options) * c.size(options)) / 1e6
    let region = c.region.map { busiestRegion(b.input, edge: $0) }
    let row = measure(c, input: b.input, output: b.output, region: region, options: options)
    // A region case's floor: the layer's area over what the region needs of the input (its
    // margin), the ratio if the cost were that area's alone.
    let areaFloor = region.map { regionFloor(c.ours, input: b.input, region: $0) }
    if let areaFloor, let region {
        regionFloors.append("  \(pad(c.name, caseWidth)) at (\(region.x), \(region.y)) needs \(areaFloor.needs.width)×"
                            + "\(areaFloor.needs.height) px of the input: floor \(fixed(areaFloor.ratio, 1))×")
    }
    for (t, m) in zip(options.threads, row) {
        let ratio = m.ours.best(mpx) / m.reference.best(mpx)
        let floorRatio = areaFloor.map(\.ratio) ?? m.floor.map { m.ours.best(mpx) / $0.best(mpx) }
        let pass = passes(ratio: ratio, floorRatio: c.floorMeetsTarget && c.region == nil ? floorRatio : nil, target: c.target)
        print(pad(c.name, caseWidth) + pad("\(t)", 4, right: true)
              + pad(fixed(m.ours.best(mpx), 1), 12, right: true)
              + pad(fixed(m.reference.best(mpx), 1), 12, right: true)
              + pad(fixed(ratio, 2) + "×", 10, right: true)
              + pad(floorRatio.map { fixed($0, 2) + "×" } ?? "", 12, right: true)
              + pad("≥ " + fixed(c.target, 1) + "×", 9, right: true) + "  " + (pass ? "PASS" : "MISS"))
        rows.append(Row(label: runLabel, effect: c.effect, format: c.format, content: c.content.rawValue,
                        threads: "\(t)", ours: m.ours.best(mpx), reference: m.reference.best(mpx), ratio: ratio,
                        floorRatio: floorRatio, target: c.target, pass: pass))
    }
    if c.region == nil, let one = options.threads.firstIndex(of: 1), let two = options.threads.firstIndex(of: 2) {
        let ours = row[two].ours.best(mpx) / row[one].ours.best(mpx)
        let reference = row[two].reference.best(mpx) / row[one].reference.best(mpx)
        scaling.append((c, ours, reference))
        if let target = c.scalingTarget {
            rows.append(Row(label: runLabel, effect: "\(c.effect), 2 threads / 1", format: c.format,
                            content: c.content.rawValue, threads: "2/1", ours: row[two].ours.best(mpx),
                            reference: row[one].ours.best(mpx), ratio: ours, floorRatio: nil, target: target,
                            pass: ours >= target))
        }
    }
    medians.append("  " + pad(c.name, caseWidth) + zip(options.threads, row).map { t, m in
        "\(t) thr " + m.sides.map { "\(fixed($0.median(mpx), 1)) @\(fixed($0.busyCores, 2))" }.joined(separator: " | ")
    }.joined(separator: ";  "))
}

if !scaling.isEmpty {
    print("")
    print(pad("thread scaling, 2 thr / 1 thr", caseWidth) + pad("ours", 8, right: true)
          + pad("ref", 8, right: true) + pad("target", 9, right: true) + "  result")
    for (c, ours, reference) in scaling {
        print(pad(c.name, caseWidth) + pad(fixed(ours, 2) + "×", 8, right: true)
              + pad(fixed(reference, 2) + "×", 8, right: true)
              + pad(c.scalingTarget.map { "≥ " + fixed($0, 1) + "×" } ?? "", 9, right: true)
              + "  " + (c.scalingTarget.map { ours >= $0 ? "PASS" : "MISS" } ?? ""))
    }
}

if !regionFloors.isEmpty {
    print("")
    print("region cases: ours/ref is the whole layer's time over the region's; ours/floor shows the layer's area")
    print("over the input the region needs (the region and the op's margin), the ratio if that area were all it cost:")
    regionFloors.forEach { print($0) }
}

print("")
print("medians in Mpx/s and busy cores (CPU time / wall time), ours | reference | floor:")
medians.forEach { print($0) }
print("load average before / after: \(loadBefore) / \(loadAverage())")
if let csv = options.csv { appendLines(rows.map(\.line), to: csv) }
// babl writes the conversion paths it chose to its cache when GEGL exits; later runs re-use them.
buffers.removeAll()
gegl_exit()
