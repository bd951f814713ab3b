// impasto-benchmark: our GEGL ops against GEGL's own, on the same buffer, in one process.
//
//   impasto-benchmark [--size N] [--runs N] [--min-time S] [--module PATH]
//                     [--tile N] [--chunk PIXELS] [--blit] [--threads LIST] [--case TEXT]
//
// Each case times buffer-source → op(s) → write-buffer into a preallocated output buffer of
// the same babl format, over the whole extent, for our op and for GEGL's reference, at 1 and
// 2 threads. Rounds alternate thread counts and ours/GEGL's (so background load hits all
// alike); after one warm-up each, every side runs at least N times and until its runs add up
// to its share of --min-time; the best run is reported in megapixels per second.
// A missed target is a result, not an error: the exit status is non-zero only when setup fails.
import CGEGL
import Glibc
import GeglKit

// MARK: - Options

struct Options {
    var size = 2048
    var runs = 7
    var minTime = 2.0        // seconds of timed rounds per case, at least (short runs are noisy)
    var modulePath: String?
    var tile: Int?           // square tile edge for the buffers (GEGL default 128)
    var chunk: Int?          // processor chunk size in pixels (GEGL default 1024 × 1024)
    var blit = false         // one gegl_node_blit over the extent instead of a GeglProcessor
    var threads = [1, 2]
    var only: String?        // run only the cases whose name contains this
}

func fail(_ message: String) -> Never {
    fputs("impasto-benchmark: \(message)\n", stderr)
    exit(1)
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    func value(_ flag: String) -> String {
        guard let v = args.popFirst() else { fail("\(flag) needs a value") }
        return v
    }
    func positive(_ flag: String) -> Int {
        let v = value(flag)
        guard let n = Int(v), n > 0 else { fail("\(flag) wants a positive integer, not '\(v)'") }
        return n
    }
    while let arg = args.popFirst() {
        switch arg {
        case "--size": o.size = positive(arg)
        case "--runs": o.runs = positive(arg)
        case "--min-time":
            let v = value(arg)
            guard let t = Double(v), t >= 0 else { fail("--min-time wants seconds, not '\(v)'") }
            o.minTime = t
        case "--module": o.modulePath = value(arg)
        case "--tile": o.tile = positive(arg)
        case "--chunk": o.chunk = positive(arg)
        case "--blit": o.blit = true
        case "--case": o.only = value(arg)
        case "--threads":
            let v = value(arg)
            let list = v.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
            guard !list.isEmpty else { fail("--threads wants a list like 1,2, not '\(v)'") }
            o.threads = list
        case "-h", "--help":
            print("""
                usage: impasto-benchmark [--size N] [--runs N] [--min-time S] [--module PATH]
                                         [--tile N] [--chunk PIXELS] [--blit] [--threads 1,2]
                                         [--case TEXT]
                  --size N        square buffer edge in pixels (default 2048)
                  --runs N        timed rounds at least, after one warm-up; best is kept (default 7)
                  --min-time S    timed seconds per case, shared by its sides and thread counts,
                                  reached by adding runs (default 2)
                  --module PATH   libimpasto-gegl.so to load (default: next to this executable)
                  --tile N        GEGL tile edge for the buffers (default: GEGL's, 128)
                  --chunk PIXELS  GEGL processor chunk size (default: GEGL's, 1048576)
                  --blit          render with one gegl_node_blit instead of a GeglProcessor
                  --threads LIST  thread counts to run (default 1,2)
                  --case TEXT     only the cases whose name contains TEXT
                """)
            exit(0)
        default: fail("unknown option '\(arg)' (try --help)")
        }
    }
    return o
}

// MARK: - Files (no Foundation)

func executableDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return nil }
    let path = String(decoding: buffer[0 ..< n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return String(path[..<slash])
}

func fileExists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
}

func copyFile(_ from: String, _ to: String) -> Bool {
    let src = open(from, O_RDONLY)
    guard src >= 0 else { return false }
    defer { close(src) }
    let dst = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0o755)
    guard dst >= 0 else { return false }
    defer { close(dst) }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(src, $0.baseAddress, $0.count) }
        if n == 0 { return true }
        if n < 0 { return false }
        var written = 0
        while written < n {
            let w = chunk.withUnsafeBytes { write(dst, $0.baseAddress! + written, n - written) }
            if w <= 0 { return false }
            written += w
        }
    }
}

/// Copies the module into a fresh directory holding only it; returns (directory, file).
func stageModule(_ path: String) -> (String, String) {
    var template = Array("/tmp/impasto-benchmark-XXXXXX".utf8CString)
    guard let dir = mkdtemp(&template) else { fail("cannot create a temporary directory") }
    let directory = String(cString: dir)
    let file = directory + "/libimpasto-gegl.so"
    guard copyFile(path, file) else { fail("cannot copy \(path) to \(file)") }
    return (directory, file)
}

// MARK: - Clock

func clock(_ id: clockid_t) -> Double {
    var ts = timespec()
    clock_gettime(id, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}
func now() -> Double { clock(CLOCK_MONOTONIC) }
func cpuNow() -> Double { clock(CLOCK_PROCESS_CPUTIME_ID) }

// MARK: - Cases

/// Adds the op node(s) of one side of a case to `graph`, in processing order.
typealias OpBuilder = (GeglGraph) -> [OpaquePointer]

struct Side {
    let label: String
    let build: OpBuilder
}

/// What a case's input buffer holds.
enum Input: Hashable {
    /// Pseudo-random samples in every channel: for point filters.
    case noise
    /// Antialiased discs of many sizes on transparency (alpha = coverage): a mask, like text.
    case shapes
}

/// One comparison: our op and a reference (GEGL's own op, or ours with other settings) on the
/// same buffer in `format`; ours must reach `target` × the reference's throughput.
struct Case {
    let name: String
    let format: String
    var input: Input = .noise
    let ours: Side
    let reference: Side
    let target: Double
}

let ourOp = "impasto:pencil-hue-saturation"

/// azimuth −60 → hue +120°, altitude 45 with max-saturation 4 → saturation ×2: the same
/// effect the GEGL chain below approximates (in its own colour model).
func pencil(linear: Bool) -> Side {
    Side(label: "\(ourOp)\(linear ? " linear" : "")") { graph in
        [graph.node(ourOp, [("azimuth", .double(-60)), ("altitude", .double(45)),
                            ("max-saturation", .double(4)), ("linear", .bool(linear))])]
    }
}

func emboss(radius: Double) -> Side {
    Side(label: "impasto:emboss radius \(Int(radius))") { graph in
        [graph.node("impasto:emboss", [("radius", .double(radius))])]
    }
}

func normalMap(smoothness: Double) -> Side {
    Side(label: "impasto:bristle-normal-map smoothness \(smoothness)") { graph in
        [graph.node("impasto:bristle-normal-map", [("smoothness", .double(smoothness))])]
    }
}

/// impasto:normal-light with the input as its own bump (the painting lit through itself).
func normalLight(smoothness: Double) -> Side {
    Side(label: "impasto:normal-light smoothness \(smoothness)") { graph in
        let bump = graph.node("gegl:nop")
        let light = graph.node("impasto:normal-light", [("smoothness", .double(smoothness))])
        graph.connect(bump, to: light, pad: "aux")
        return [bump, light]
    }
}

let cases: [Case] = [
    Case(name: "pencil linear vs gegl:invert-linear", format: "RGBA float",
         ours: pencil(linear: true),
         reference: Side(label: "gegl:invert-linear") { [$0.node("gegl:invert-linear")] },
         target: 0.8),
    Case(name: "pencil perceptual vs gegl:invert-gamma", format: "R'G'B'A float",
         ours: pencil(linear: false),
         reference: Side(label: "gegl:invert-gamma") { [$0.node("gegl:invert-gamma")] },
         target: 0.8),
    Case(name: "pencil vs hue-chroma+saturation", format: "R'G'B'A float",
         ours: pencil(linear: false),
         reference: Side(label: "gegl:hue-chroma → gegl:saturation") { graph in
             [graph.node("gegl:hue-chroma", [("hue", .double(120))]),
              graph.node("gegl:saturation", [("scale", .double(2))])]
         },
         target: 5.0),
    Case(name: "emboss r=10 vs gegl:emboss", format: "RGBA float", input: .shapes,
         ours: emboss(radius: 10),
         reference: Side(label: "gegl:emboss") { [$0.node("gegl:emboss")] },
         target: 1.0),
    Case(name: "emboss r=100 vs emboss r=10", format: "RGBA float", input: .shapes,
         ours: emboss(radius: 100), reference: emboss(radius: 10), target: 0.7),
    Case(name: "normal map smoothness 0 vs gegl:normal-map", format: "R'G'B'A float", input: .shapes,
         ours: normalMap(smoothness: 0),
         reference: Side(label: "gegl:normal-map") { [$0.node("gegl:normal-map")] },
         target: 1.5),
    Case(name: "normal map smoothness 0.75 vs gegl:normal-map", format: "R'G'B'A float", input: .shapes,
         ours: normalMap(smoothness: 0.75),
         reference: Side(label: "gegl:normal-map") { [$0.node("gegl:normal-map")] },
         target: 1.0),
    Case(name: "normal light smoothness 0.75 vs normal map", format: "R'G'B'A float", input: .shapes,
         ours: normalLight(smoothness: 0.75), reference: normalMap(smoothness: 0.75), target: 0.5),
]

let threadScalingTarget = 1.5

// MARK: - Timer

/// The same input on every run: see `Input`.
func makeInput(size: Int, format: String, _ input: Input) -> GeglBufferRef {
    switch input {
    case .noise: noise(size: size, format: format)
    case .shapes: shapes(size: size, format: format)
    }
}

/// About 60 discs with radii from 1 % to 6 % of the size, a soft one-pixel edge, grey.
func shapes(size: Int, format: String) -> GeglBufferRef {
    var state: UInt32 = 0x1234_5678
    func random() -> Double {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return Double(state >> 8) / 16_777_216.0
    }
    let s = Double(size)
    let discs = (0 ..< 60).map { _ in (x: random() * s, y: random() * s, r: (0.01 + 0.05 * random()) * s) }
    let buffer = GeglBufferRef(width: size, height: size, format: format)
    buffer.fill(format: format, components: 4) { samples, x0, y0, width, rows in
        for row in 0 ..< rows {
            let y = Double(y0 + row) + 0.5
            let near = discs.filter { abs($0.y - y) < $0.r + 1 }
            for column in 0 ..< width {
                let x = Double(x0 + column) + 0.5
                var coverage = 0.0
                for d in near {
                    let distance = ((x - d.x) * (x - d.x) + (y - d.y) * (y - d.y)).squareRoot()
                    coverage = max(coverage, min(max(d.r + 0.5 - distance, 0), 1))
                }
                let i = (row * width + column) * 4
                samples[i] = 0.5
                samples[i + 1] = 0.5
                samples[i + 2] = 0.5
                samples[i + 3] = Float(coverage)
            }
        }
    }
    return buffer
}

/// Deterministic pseudo-random samples in [0, 1) (xorshift32), the same on every run.
func noise(size: Int, format: String) -> GeglBufferRef {
    let buffer = GeglBufferRef(width: size, height: size, format: format)
    var state: UInt32 = 0x9E37_79B9
    buffer.fill(format: format, components: 4) { samples, _, _, _, _ in
        for i in samples.indices {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            samples[i] = Float(state >> 8) * (1.0 / 16_777_216.0)
        }
    }
    return buffer
}

struct Timing {
    var wall: Double
    var cpu: Double   // process CPU time: cpu / wall ≈ cores actually busy
}

/// Times one render of buffer-source → `side`'s ops → write-buffer(`output`) over the whole
/// extent. The graph is built fresh (untimed) so no node can answer from a cache.
func timeOnce(_ side: Side, input: GeglBufferRef, output: GeglBufferRef, blit: Bool) -> Timing {
    let graph = GeglGraph()
    let source = graph.node("gegl:buffer-source", [("buffer", .buffer(input))])
    let ops = side.build(graph)
    let sink = graph.node("gegl:write-buffer", [("buffer", .buffer(output))])
    graph.chain([source] + ops + [sink])
    let rect = input.extent
    let (wall0, cpu0) = (now(), cpuNow())
    if blit {
        graph.blit(sink, rect: rect)
    } else {
        graph.process(sink, rect: rect)
    }
    return Timing(wall: now() - wall0, cpu: cpuNow() - cpu0)
}

/// One side of one case at one thread count.
struct Result {
    var timings: [Timing] = []
    func best(_ mpx: Double) -> Double { mpx / timings.map(\.wall).min()! }
    func median(_ mpx: Double) -> Double {
        let s = timings.map(\.wall).sorted()
        return mpx / (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
    }
    var busyCores: Double { timings.map(\.cpu).reduce(0, +) / timings.map(\.wall).reduce(0, +) }
}

struct Measurement {
    var ours = Result()
    var reference = Result()
}

/// Runs `c` at every thread count: one warm-up per side and count, then `runs` rounds in which
/// the thread counts and the two sides alternate, so drifting background load hits all alike.
func measure(_ c: Case, input: GeglBufferRef, output: GeglBufferRef, options: Options) -> [Measurement] {
    var results = [Measurement](repeating: Measurement(), count: options.threads.count)
    for t in options.threads {
        Gegl.setThreads(t)
        _ = timeOnce(c.ours, input: input, output: output, blit: options.blit)
        _ = timeOnce(c.reference, input: input, output: output, blit: options.blit)
    }
    // Each side at each thread count runs at least `runs` times and until its own runs add up
    // to its share of --min-time, so a fast side next to a slow one still gets many samples.
    let share = options.minTime / Double(2 * options.threads.count)
    func needsMore(_ r: Result) -> Bool {
        r.timings.count < options.runs
            || (r.timings.count < 1000 && r.timings.map(\.wall).reduce(0, +) < share)
    }
    while results.contains(where: { needsMore($0.ours) || needsMore($0.reference) }) {
        for (i, t) in options.threads.enumerated() {
            Gegl.setThreads(t)
            if needsMore(results[i].ours) {
                results[i].ours.timings.append(timeOnce(c.ours, input: input, output: output, blit: options.blit))
            }
            if needsMore(results[i].reference) {
                results[i].reference.timings.append(
                    timeOnce(c.reference, input: input, output: output, blit: options.blit))
            }
        }
    }
    return results
}

func loadAverage() -> String {
    guard let f = fopen("/proc/loadavg", "r") else { return "?" }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 128)
    guard fgets(&line, Int32(line.count), f) != nil else { return "?" }
    return String(cString: line).split(separator: " ").prefix(3).joined(separator: " ")
}

// MARK: - Report

func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    let n = s.count
    guard n < width else { return s }
    let fill = String(repeating: " ", count: width - n)
    return right ? fill + s : s + fill
}

func fixed(_ x: Double, _ decimals: Int) -> String {
    guard x.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0 ..< decimals { scale *= 10 }
    let rounded = (x * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let have = text.distance(from: dot, to: text.endIndex) - 1
        if decimals == 0 { text = String(text[..<dot]) }
        else if have < decimals { text += String(repeating: "0", count: decimals - have) }
    } else if decimals > 0 {
        text += "." + String(repeating: "0", count: decimals)
    }
    return text
}

func verdict(_ value: Double, _ target: Double) -> String { value >= target ? "PASS" : "MISS" }

// MARK: - Main

let options = parseOptions()

Gegl.initialize()
// GEGL offers its GPL3 ops (gegl:emboss among them) only to GPL3 applications, as the gegl
// CLI and GIMP declare themselves.
Gegl.setApplicationLicense("GPL3")
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
let referenceOps = ["gegl:buffer-source", "gegl:write-buffer", "gegl:invert-linear", "gegl:invert-gamma",
                    "gegl:hue-chroma", "gegl:saturation", "gegl:emboss", "impasto:emboss",
                    "gegl:normal-map", "impasto:bristle-normal-map"]
for op in referenceOps where !Gegl.hasOperation(op) {
    cleanupAndFail("GEGL's \(op) is not available (is GEGL's plug-in directory loaded?)")
}

let selected = cases.filter { c in options.only.map { c.name.contains($0) } ?? true }
guard !selected.isEmpty else { cleanupAndFail("no case matches --case \(options.only ?? "")") }
if let tile = options.tile { Gegl.setTileSize(width: tile, height: tile) }
if let chunk = options.chunk { Gegl.setChunkSize(chunk) }

print("impasto-benchmark: \(options.size)×\(options.size) px, best of ≥ \(options.runs) runs "
      + "(and ≥ \(fixed(options.minTime, 1)) s per case) after 1 warm-up, "
      + "\(options.blit ? "gegl_node_blit" : "GeglProcessor")"
      + "\(options.tile.map { ", tiles \($0)×\($0)" } ?? "")"
      + "\(options.chunk.map { ", chunk \($0) px" } ?? "")")
print("module: \(modulePath)")
print("")


// One input and one preallocated output per format and input, shared by the cases using them.
struct BufferKey: Hashable {
    let format: String
    let input: Input
}
var buffers: [BufferKey: (input: GeglBufferRef, output: GeglBufferRef)] = [:]
for c in selected where buffers[BufferKey(format: c.format, input: c.input)] == nil {
    buffers[BufferKey(format: c.format, input: c.input)] = (
        makeInput(size: options.size, format: c.format, c.input),
        GeglBufferRef(width: options.size, height: options.size, format: c.format))
}

// Keep one node of every op alive for the whole run: otherwise each fresh graph's op classes
// lose their last reference when it is destroyed, GEGL unloads their module, and the next
// timed run pays for loading it again (dlopen, relocations) — a cost no application sees.
let keepAlive = GeglGraph()
for c in selected {
    _ = c.ours.build(keepAlive)
    _ = c.reference.build(keepAlive)
}

let mpx = Double(options.size * options.size) / 1e6
let loadBefore = loadAverage()
let results = selected.map { c in
    let b = buffers[BufferKey(format: c.format, input: c.input)]!
    return measure(c, input: b.input, output: b.output, options: options)
}

let caseWidth = max(4, selected.map(\.name.count).max()!) + 2
print(pad("case", caseWidth) + pad("thr", 4, right: true) + pad("ours Mpx/s", 12, right: true)
      + pad("ref Mpx/s", 12, right: true) + pad("ours/ref", 11, right: true)
      + pad("target", 9, right: true) + "  result")
for (c, row) in zip(selected, results) {
    for (t, m) in zip(options.threads, row) {
        let ratio = m.ours.best(mpx) / m.reference.best(mpx)
        print(pad(c.name, caseWidth) + pad("\(t)", 4, right: true)
              + pad(fixed(m.ours.best(mpx), 1), 12, right: true)
              + pad(fixed(m.reference.best(mpx), 1), 12, right: true)
              + pad(fixed(ratio, 2) + "×", 11, right: true)
              + pad("≥ " + fixed(c.target, 1) + "×", 9, right: true) + "  " + verdict(ratio, c.target))
    }
}

if let one = options.threads.firstIndex(of: 1), let two = options.threads.firstIndex(of: 2) {
    print("")
    print(pad("thread scaling, 2 thr / 1 thr", caseWidth) + pad("ours", 8, right: true)
          + pad("ref", 8, right: true) + pad("target", 9, right: true) + "  result")
    for (c, row) in zip(selected, results) {
        let ours = row[two].ours.best(mpx) / row[one].ours.best(mpx)
        let reference = row[two].reference.best(mpx) / row[one].reference.best(mpx)
        print(pad(c.name, caseWidth) + pad(fixed(ours, 2) + "×", 8, right: true)
              + pad(fixed(reference, 2) + "×", 8, right: true)
              + pad("≥ " + fixed(threadScalingTarget, 1) + "×", 9, right: true)
              + "  " + verdict(ours, threadScalingTarget))
    }
}

print("")
print("runs per case (ours/GEGL's at each thread count): " + results.map { row in
    row.map { "\($0.ours.timings.count)/\($0.reference.timings.count)" }.joined(separator: " ")
}.joined(separator: ", "))
print("medians in Mpx/s and busy cores (CPU time / wall time), ours | GEGL's:")
for (c, row) in zip(selected, results) {
    let cells = zip(options.threads, row).map { t, m in
        "\(t) thr \(fixed(m.ours.median(mpx), 1)) @\(fixed(m.ours.busyCores, 2))"
            + " | \(fixed(m.reference.median(mpx), 1)) @\(fixed(m.reference.busyCores, 2))"
    }
    print("  " + pad(c.name, caseWidth) + cells.joined(separator: ";  "))
}
print("load average before / after: \(loadBefore) / \(loadAverage())")
