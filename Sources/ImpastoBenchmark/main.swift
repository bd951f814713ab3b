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
    var format: String?      // run only the cases in this babl format
    var csv: String?         // append the results here
    var label: String?       // what --csv records as this run's name (default: GEGL and babl versions)
    var summarize: [String] = []
    var bablCache: String?   // babl's fish cache directory (default: next to the executable)
    var profileSide: Int?    // run only this side (0 ours, 1 reference, 2 floor), for a profiler
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
        case "--format": o.format = value(arg)
        case "--csv": o.csv = value(arg)
        case "--label": o.label = value(arg)
        case "--babl-cache": o.bablCache = value(arg)
        case "--profile":
            let v = value(arg)
            guard let side = ["ours", "reference", "floor"].firstIndex(of: v) else {
                fail("--profile wants ours, reference or floor, not '\(v)'")
            }
            o.profileSide = side
        case "--summarize":
            o.summarize = Array(args)
            args.removeAll()
            guard !o.summarize.isEmpty else { fail("--summarize wants the CSV files of earlier runs") }
        case "--threads":
            let v = value(arg)
            let list = v.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
            guard !list.isEmpty else { fail("--threads wants a list like 1,2, not '\(v)'") }
            o.threads = list
        case "-h", "--help":
            print("""
                usage: impasto-benchmark [--size N] [--runs N] [--min-time S] [--module PATH]
                                         [--tile N] [--chunk PIXELS] [--blit] [--threads 1,2]
                                         [--case TEXT] [--format NAME] [--csv FILE] [--label TEXT]
                       impasto-benchmark --summarize FILE...
                  --size N        square buffer edge in pixels (default 2048)
                  --runs N        timed rounds at least, after one warm-up; best is kept (default 7)
                  --min-time S    timed seconds per case, shared by its sides and thread counts,
                                  reached by adding runs (default 2)
                  --module PATH   libimpasto-gegl.so to load (default: next to this executable)
                  --tile N        GEGL tile edge for the buffers (default: GEGL's, 128)
                  --chunk PIXELS  GEGL processor chunk size (default: GEGL's, 1048576)
                  --blit          render with one gegl_node_blit instead of a GeglProcessor
                  --threads LIST  thread counts to run (default 1,2)
                  --case TEXT     only the cases whose name contains TEXT ("region": the
                                  local ops' 256² regions of a 4096² layer against the whole)
                  --format NAME   only the cases in babl format NAME (e.g. "R'G'B'A u8")
                  --csv FILE      append one line per case and thread count to FILE
                  --label TEXT    the run's name in the CSV (default: the GEGL and babl versions)
                  --profile SIDE  render only SIDE (ours, reference or floor) of each case, --runs
                                  times, and report nothing: for callgrind's
                                  --toggle-collect=gegl_processor_work
                  --babl-cache DIR  babl's cache of conversion paths (default: babl-cache/ next
                                  to this executable, kept between runs: babl times its paths
                                  once; see BENCHMARKS.md, "Why the 8-bit figures moved")
                  --summarize FILE...  print the table of earlier runs' CSV files (median
                                  ratio, spread, target met in every run) and exit
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

/// The pixel formats GIMP hands an op: 8-bit perceptual (new images, every JPEG/PNG), 16-bit,
/// perceptual and linear float (high-bit-depth work), and 8-bit without alpha (a flattened
/// photo).
let pixelFormats = ["R'G'B'A u8", "R'G'B'A u16", "R'G'B'A float", "RGBA float", "R'G'B' u8"]

/// What a case's input buffer holds.
enum Content: String, CaseIterable {
    /// A photo-like colour picture: smooth colour fields, edges and fine texture, opaque.
    case colour
    /// A grey bump: discs of different heights with soft edges and a little grain, opaque.
    case grey
    /// A mask like text: antialiased discs, grey, alpha = coverage (white on black where the
    /// format has no alpha).
    case text
    /// Pseudo-random samples in every channel: for point filters.
    case noise
}

/// One comparison: our op and a reference (GEGL's own op, or ours with other settings) on the
/// same buffer in `format`. Ours must reach `target` × the reference's throughput — or, where
/// a `floor` is given (the conversions such an op cannot avoid, as a chain of
/// gegl:convert-format), come within `floorSlack` × the floor's time. `scalingTarget`: what
/// ours must gain from 1 to 2 threads.
struct Case {
    let effect: String
    let format: String
    let content: Content
    let ours: Side
    let reference: Side
    var floor: Side? = nil
    /// Whether coming within `floorSlack` of the floor meets the target (the normal map's
    /// rule), or the floor is only shown: how much of the reference's time the conversions are.
    var floorMeetsTarget = true
    let target: Double
    var scalingTarget: Double? = nil
    /// The layer's edge in pixels, if not --size's.
    var layerSize: Int? = nil
    /// A region case (every op is local: docs/contract.md): ours renders only a region × region
    /// pixels of the layer (`busiestRegion`), as GIMP does around a dab on a layer with a live
    /// filter, and the reference (the same op) the whole layer; the ratio is the whole's time
    /// over the region's.
    var region: Int? = nil
    var name: String { "\(effect) · \(format) · \(content.rawValue)" }

    func size(_ options: Options) -> Int { layerSize ?? options.size }
}

/// Ours may take at most this much longer than the floor's conversions.
let floorSlack = 1.15

let ourOp = "impasto:pencil-hue-saturation"

/// azimuth −60 → hue +120°, altitude 45 with max-saturation 4 → saturation ×2: the same
/// effect the GEGL chain below approximates (in its own colour model).
func pencil(linear: Bool) -> Side {
    Side(label: "\(ourOp)\(linear ? " linear" : "")") { graph in
        [graph.node(ourOp, [("azimuth", .double(-60)), ("altitude", .double(45)),
                            ("max-saturation", .double(4)), ("linear", .bool(linear))])]
    }
}

/// impasto:emboss at `radius`; `heightOnly`: its height field alone (result = height), the
/// part of the method the contract fixes (the exact, antialiased distance) before any shading.
func emboss(radius: Double, heightOnly: Bool = false) -> Side {
    Side(label: "impasto:emboss radius \(Int(radius))\(heightOnly ? ", height field" : "")") { graph in
        [graph.node("impasto:emboss", [("radius", .double(radius))]
                    + (heightOnly ? [("result", .enumNick("height"))] : []))]
    }
}

func normalMap(smoothness: Double) -> Side {
    Side(label: "impasto:bristle-normal-map smoothness \(smoothness)") { graph in
        [graph.node("impasto:bristle-normal-map", [("smoothness", .double(smoothness))])]
    }
}

func gegl(_ op: String, _ properties: [(String, GeglValue)] = []) -> Side {
    Side(label: op) { [$0.node(op, properties)] }
}

/// `op` lit through the input as its own bump (aux), as a painting is lit through its bump.
func litThroughItself(_ op: String, _ properties: [(String, GeglValue)]) -> Side {
    Side(label: "\(op), the input as its bump") { graph in
        let bump = graph.node("gegl:nop")
        let light = graph.node(op, properties)
        graph.connect(bump, to: light, pad: "aux")
        return [bump, light]
    }
}

/// `gegl:normal-map`'s own conversions and nothing else: the input to Y'A float, that to
/// R'G'B'A float, and write-buffer's conversion to the buffer's format.
let normalMapFloor = Side(label: "convert-format Y'A float → R'G'B'A float") { graph in
    [graph.node("gegl:convert-format", [("format", .format("Y'A float"))]),
     graph.node("gegl:convert-format", [("format", .format("R'G'B'A float"))])]
}

/// The pencil's own conversions and nothing else: the input to R'G'B'A float, the formula's
/// encoding, and write-buffer's conversion back to the buffer's format.
let pencilFloor = Side(label: "convert-format R'G'B'A float") { graph in
    [graph.node("gegl:convert-format", [("format", .format("R'G'B'A float"))])]
}

/// The local ops' region cases: a 256² region of a 4096² layer must cost at most a
/// tenth of the whole layer (ratio ≥ 10), in GIMP's 8-bit format, for the emboss at r = 10 and
/// 40 with and without liquify (σ 4), for the normal-map family and for
/// paint relief (paint on a transparent layer: the text mask).
func regionCases() -> [Case] {
    func region(_ effect: String, _ content: Content, _ side: Side) -> Case {
        Case(effect: "\(effect): 256² region / 4096² layer", format: "R'G'B'A u8", content: content,
             ours: side, reference: side, target: 10, layerSize: 4096, region: 256)
    }
    func emboss(radius: Double, liquify: Double) -> Side {
        Side(label: "impasto:emboss radius \(Int(radius)) liquify \(Int(liquify))") { graph in
            [graph.node("impasto:emboss", [("radius", .double(radius)), ("liquify", .double(liquify))])]
        }
    }
    return [
        region("emboss r=10", .text, emboss(radius: 10, liquify: 0)),
        region("emboss r=40", .text, emboss(radius: 40, liquify: 0)),
        region("emboss r=10 liquify 4", .text, emboss(radius: 10, liquify: 4)),
        region("emboss r=40 liquify 4", .text, emboss(radius: 40, liquify: 4)),
        region("normal map s=0.75", .grey, normalMap(smoothness: 0.75)),
        region("normal light s=0.75", .colour, litThroughItself("impasto:normal-light", [("smoothness", .double(0.75))])),
        region("paint relief", .text, Side(label: "impasto:paint-relief") { graph in [graph.node("impasto:paint-relief")] }),
    ]
}

/// The matrix: every effect in every format GIMP hands an op, with the content it meets.
func allCases() -> [Case] {
    var cases: [Case] = [
        Case(effect: "pencil linear vs gegl:invert-linear", format: "RGBA float", content: .noise,
             ours: pencil(linear: true), reference: gegl("gegl:invert-linear"), target: 0.8),
        Case(effect: "pencil perceptual vs gegl:invert-gamma", format: "R'G'B'A float", content: .noise,
             ours: pencil(linear: false), reference: gegl("gegl:invert-gamma"), target: 0.8),
        Case(effect: "emboss r=100 vs emboss r=10", format: "RGBA float", content: .text,
             ours: emboss(radius: 100), reference: emboss(radius: 10), target: 0.7),
        // What the height field alone reaches (no shading): the most any shading can leave.
        // Written as R'G'B'A float (data, as the op writes it), so no conversion is counted.
        Case(effect: "emboss height field r=100 vs r=10", format: "R'G'B'A float", content: .text,
             ours: emboss(radius: 100, heightOnly: true), reference: emboss(radius: 10, heightOnly: true), target: 0.7),
    ]
    for format in pixelFormats {
        for content in [Content.colour, .grey, .text] {
            cases.append(Case(effect: "normal map s=0 vs gegl:normal-map", format: format, content: content,
                              ours: normalMap(smoothness: 0), reference: gegl("gegl:normal-map"),
                              floor: normalMapFloor, target: 1.5))
            cases.append(Case(effect: "normal map s=0.75 vs gegl:normal-map", format: format, content: content,
                              ours: normalMap(smoothness: 0.75), reference: gegl("gegl:normal-map"), target: 1.0))
        }
        for content in [Content.colour, .text] {
            cases.append(Case(effect: "emboss r=10 vs gegl:emboss", format: format, content: content,
                              ours: emboss(radius: 10), reference: gegl("gegl:emboss"),
                              target: 2.0, scalingTarget: 1.7))
            // (Outside R'G'B'A float, babl's conversion of the height field to the buffer's
            // format is counted too; the shaded relief's is in the row above.)
            cases.append(Case(effect: "emboss height field r=10 vs gegl:emboss", format: format, content: content,
                              ours: emboss(radius: 10, heightOnly: true), reference: gegl("gegl:emboss"),
                              target: 2.0))
        }
        cases.append(Case(effect: "normal light vs gegl:bump-map", format: format, content: .colour,
                          ours: litThroughItself("impasto:normal-light", [("smoothness", .double(0.75))]),
                          reference: litThroughItself("gegl:bump-map", []), target: 1.0))
        cases.append(Case(effect: "pencil vs gegl:hue-chroma + gegl:saturation", format: format, content: .colour,
                          ours: pencil(linear: false),
                          reference: Side(label: "gegl:hue-chroma → gegl:saturation") { graph in
                              [graph.node("gegl:hue-chroma", [("hue", .double(120))]),
                               graph.node("gegl:saturation", [("scale", .double(2))])]
                          },
                          // (In R'G'B'A float there is nothing to convert: no floor. A
                          // convert-format to the buffer's own format in the run took ours
                          // from 29× to 8.6× there, likely by write-buffer sharing the input's
                          // tiles with the output, which ours then paid to unshare.)
                          floor: format == "R'G'B'A float" ? nil : pencilFloor, floorMeetsTarget: false,
                          target: 10.0))
    }
    return cases + regionCases()
}

// MARK: - Inputs

/// A deterministic generator (xorshift32): the same input on every run and every machine.
struct Random {
    var state: UInt32
    mutating func next() -> Double {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return Double(state >> 8) / 16_777_216.0
    }
}

/// `content` at `size`² in `format`: generated as R'G'B'A float, stored by babl in `format`
/// (without alpha, a mask is stored white on black).
func makeInput(size: Int, format: String, _ content: Content) -> GeglBufferRef {
    let buffer = GeglBufferRef(width: size, height: size, format: format)
    let opaque = babl_format_has_alpha(babl_format(format)) == 0
    var random = Random(state: 0x9E37_79B9)
    let s = Double(size)
    let discs = (0 ..< 60).map { _ in
        (x: random.next() * s, y: random.next() * s, r: (0.01 + 0.05 * random.next()) * s, h: random.next())
    }
    buffer.fill(format: "R'G'B'A float", components: 4) { samples, x0, y0, width, rows in
        for row in 0 ..< rows {
            let y = Double(y0 + row) + 0.5
            let near = discs.filter { abs($0.y - y) < $0.r + 1 }
            for column in 0 ..< width {
                let x = Double(x0 + column) + 0.5
                let i = (row * width + column) * 4
                var pixel: (Double, Double, Double, Double)
                switch content {
                case .noise:
                    pixel = (random.next(), random.next(), random.next(), random.next())
                case .colour:
                    // Three slow colour fields at different angles, a sharp diagonal edge,
                    // and grain: what a photo's neighbourhoods look like to a kernel.
                    let u = x / s, v = y / s
                    let edge = (u + 0.6 * v > 0.8) ? 0.25 : 0.0
                    let grain = 0.06 * (random.next() - 0.5)
                    pixel = (0.5 + 0.4 * sin(7 * u + 3 * v) * cos(5 * v) + edge + grain,
                             0.5 + 0.4 * sin(4 * v - 6 * u + 1) + grain,
                             0.5 + 0.4 * cos(9 * u * v + 2) - edge + grain, 1)
                case .grey, .text:
                    var coverage = 0.0, height = 0.0
                    for d in near {
                        let distance = ((x - d.x) * (x - d.x) + (y - d.y) * (y - d.y)).squareRoot()
                        let c = min(max(d.r + 0.5 - distance, 0), 1)
                        if c > coverage { coverage = c; height = c * (0.3 + 0.7 * d.h) }
                    }
                    if content == .grey {
                        let g = 0.15 + 0.7 * height + 0.02 * (random.next() - 0.5)
                        pixel = (g, g, g, 1)
                    } else {
                        pixel = opaque ? (coverage, coverage, coverage, 1) : (0.5, 0.5, 0.5, coverage)
                    }
                }
                samples[i] = Float(min(max(pixel.0, 0), 1))
                samples[i + 1] = Float(min(max(pixel.1, 0), 1))
                samples[i + 2] = Float(min(max(pixel.2, 0), 1))
                samples[i + 3] = Float(min(max(pixel.3, 0), 1))
            }
        }
    }
    return buffer
}

// MARK: - Timer

struct Timing {
    var wall: Double
    var cpu: Double   // process CPU time: cpu / wall ≈ cores actually busy
}

/// Times one render of buffer-source → `side`'s ops → write-buffer(`output`) over `rect` (nil:
/// the whole extent). The graph is built fresh (untimed) so no node can answer from a cache.
func timeOnce(_ side: Side, input: GeglBufferRef, output: GeglBufferRef, blit: Bool, rect: GeglRectangle? = nil) -> Timing {
    let graph = GeglGraph()
    let source = graph.node("gegl:buffer-source", [("buffer", .buffer(input))])
    let ops = side.build(graph)
    let sink = graph.node("gegl:write-buffer", [("buffer", .buffer(output))])
    graph.chain([source] + ops + [sink])
    let rect = rect ?? input.extent
    let (wall0, cpu0) = (now(), cpuNow())
    if blit {
        graph.blit(sink, rect: rect)
    } else {
        graph.process(sink, rect: rect)
    }
    return Timing(wall: now() - wall0, cpu: cpuNow() - cpu0)
}

/// The edge × edge tile of `input` (on a grid of such tiles) with the most pixels that differ
/// from their right-hand neighbour (edges, texture: where the relief and the normals are made),
/// so that a region case times a region with paint in it, not an empty one.
func busiestRegion(_ input: GeglBufferRef, edge: Int) -> GeglRectangle {
    let extent = input.extent, width = Int(extent.width), height = Int(extent.height)
    var best = (count: -1, x: 0, y: 0)
    var band = [Float](repeating: 0, count: width * edge * 4)
    for ty in stride(from: 0, to: height - edge + 1, by: edge) {
        var r = GeglRectangle(x: extent.x, y: extent.y + Int32(ty), width: extent.width, height: Int32(edge))
        band.withUnsafeMutableBytes { gegl_buffer_get(input.pointer, &r, 1.0, babl_format("R'G'B'A float"), $0.baseAddress, 0, GEGL_ABYSS_NONE) }
        for tx in stride(from: 0, to: width - edge + 1, by: edge) {
            var count = 0
            for y in 0 ..< edge { for x in tx ..< tx + edge - 1 {
                let i = (y * width + x) * 4
                if abs(band[i] - band[i + 4]) + abs(band[i + 3] - band[i + 7]) > 1.0 / 255 { count += 1 }
            } }
            if count > best.count { best = (count, tx, ty) }
        }
    }
    return GeglRectangle(x: extent.x + Int32(best.x), y: extent.y + Int32(best.y), width: Int32(edge), height: Int32(edge))
}

/// What `side`'s last op needs for `region` of the input it reads most of (GEGL's
/// required-for-output on its input or aux pad: the region and its margin within the layer),
/// and the layer's area over that.
func regionFloor(_ side: Side, input: GeglBufferRef, region: GeglRectangle) -> (needs: GeglRectangle, ratio: Double) {
    let graph = GeglGraph()
    let source = graph.node("gegl:buffer-source", [("buffer", .buffer(input))])
    let ops = side.build(graph)
    graph.chain([source] + ops)
    guard let last = ops.last, let operation = gegl_node_get_gegl_operation(last) else { return (region, 1) }
    _ = gegl_node_get_bounding_box(last)   // prepares the graph: the op knows its inputs
    var needs = region
    for pad in ["input", "aux"] where gegl_node_has_pad(last, pad) != 0 {
        var rect = region
        let pads = gegl_operation_get_required_for_output(operation, pad, &rect)
        if Double(pads.width) * Double(pads.height) > Double(needs.width) * Double(needs.height) { needs = pads }
    }
    let extent = input.extent
    return (needs, Double(extent.width) * Double(extent.height) / max(Double(needs.width) * Double(needs.height), 1))
}

/// One side of one case at one thread count.
struct Result {
    var timings: [Timing] = []
    func best(_ mpx: Double) -> Double { mpx / (timings.map(\.wall).min() ?? .infinity) }
    func median(_ mpx: Double) -> Double {
        let s = timings.map(\.wall).sorted()
        guard !s.isEmpty else { return 0 }
        return mpx / (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
    }
    var busyCores: Double { timings.map(\.cpu).reduce(0, +) / timings.map(\.wall).reduce(0, +) }
}

/// A case's sides at one thread count: ours, the reference, and the floor if it has one.
struct Measurement {
    var sides: [Result]
    var ours: Result { sides[0] }
    var reference: Result { sides[1] }
    var floor: Result? { sides.count > 2 ? sides[2] : nil }
}

/// Runs `c` at every thread count: one warm-up per side and count, then rounds in which the
/// thread counts and the sides alternate, so drifting background load hits all alike.
func measure(_ c: Case, input: GeglBufferRef, output: GeglBufferRef, region: GeglRectangle?, options: Options) -> [Measurement] {
    let sides = [c.ours, c.reference] + (c.floor.map { [$0] } ?? [])
    var results = [Measurement](repeating: Measurement(sides: sides.map { _ in Result() }), count: options.threads.count)
    /// Side k's render: ours over the case's region, if it has one.
    func time(_ k: Int) -> Timing {
        timeOnce(sides[k], input: input, output: output, blit: options.blit, rect: k == 0 ? region : nil)
    }
    for t in options.threads {
        Gegl.setThreads(t)
        for k in sides.indices { _ = time(k) }
    }
    // Each side at each thread count runs at least `runs` times and until its own runs add up
    // to its share of --min-time, so a fast side next to a slow one still gets many samples.
    let share = options.minTime / Double(sides.count * options.threads.count)
    func needsMore(_ r: Result) -> Bool {
        r.timings.count < options.runs
            || (r.timings.count < 1000 && r.timings.map(\.wall).reduce(0, +) < share)
    }
    while results.contains(where: { $0.sides.contains(where: needsMore) }) {
        for (i, t) in options.threads.enumerated() {
            Gegl.setThreads(t)
            for k in sides.indices where needsMore(results[i].sides[k]) {
                results[i].sides[k].timings.append(time(k))
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

/// Whether a case's row meets its target: the ratio to the reference, or (with a floor)
/// ours within `floorSlack` of the floor's time.
func passes(ratio: Double, floorRatio: Double?, target: Double) -> Bool {
    ratio >= target || (floorRatio.map { $0 >= 1 / floorSlack } ?? false)
}

// MARK: - CSV and the summary of several runs

/// One line of --csv: a case at one thread count ("2/1": ours from 1 to 2 threads).
struct Row {
    var label: String
    var effect: String
    var format: String
    var content: String
    var threads: String
    var ours: Double
    var reference: Double
    var ratio: Double
    var floorRatio: Double?
    var target: Double
    var pass: Bool

    static let header = "label\teffect\tformat\tcontent\tthreads\tours\treference\tratio\tfloor-ratio\ttarget\tpass"

    var line: String {
        [label, effect, format, content, threads, fixed(ours, 2), fixed(reference, 2), fixed(ratio, 4),
         floorRatio.map { fixed($0, 4) } ?? "", fixed(target, 2), pass ? "PASS" : "MISS"].joined(separator: "\t")
    }

    init(label: String, effect: String, format: String, content: String, threads: String, ours: Double,
         reference: Double, ratio: Double, floorRatio: Double?, target: Double, pass: Bool) {
        (self.label, self.effect, self.format, self.content, self.threads) = (label, effect, format, content, threads)
        (self.ours, self.reference, self.ratio, self.floorRatio) = (ours, reference, ratio, floorRatio)
        (self.target, self.pass) = (target, pass)
    }

    init?(line: String) {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard f.count == 11, f[0] != "label", let ours = Double(f[5]), let reference = Double(f[6]),
              let ratio = Double(f[7]), let target = Double(f[9]) else { return nil }
        self.init(label: f[0], effect: f[1], format: f[2], content: f[3], threads: f[4], ours: ours,
                  reference: reference, ratio: ratio, floorRatio: Double(f[8]), target: target, pass: f[10] == "PASS")
    }
}

func appendLines(_ lines: [String], to path: String) {
    let exists = fileExists(path)
    guard let file = fopen(path, "a") else { fail("cannot write \(path)") }
    defer { fclose(file) }
    if !exists { fputs(Row.header + "\n", file) }
    for line in lines { fputs(line + "\n", file) }
}

func readLines(_ path: String) -> [String] {
    guard let file = fopen(path, "r") else { fail("cannot read \(path)") }
    defer { fclose(file) }
    var lines: [String] = []
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    while getline(&buffer, &capacity, file) > 0, let buffer {
        lines.append(String(cString: buffer).trimmingNewline())
    }
    return lines
}

extension String {
    func trimmingNewline() -> String {
        var s = self
        while s.last == "\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}

/// BENCHMARKS.md's table from the rows of several runs: for each effect, one line per format,
/// content and thread count, one column per label (a GEGL), each cell the median ratio over
/// the runs, their spread (max / min − 1) and ✓ when every run met the target.
func summarize(_ files: [String]) {
    let rows = files.flatMap(readLines).compactMap(Row.init(line:))
    guard !rows.isEmpty else { fail("no results in \(files.joined(separator: " "))") }
    var labels: [String] = []
    for r in rows where !labels.contains(r.label) { labels.append(r.label) }
    var effects: [String] = []
    for r in rows where !effects.contains(r.effect) { effects.append(r.effect) }
    var met = 0, missed = 0, unsteady = 0
    for effect in effects {
        let mine = rows.filter { $0.effect == effect }
        let target = mine.first.map(\.target) ?? 0
        print("\n#### \(effect)\n")
        print("| format | content | threads | " + labels.joined(separator: " | ") + " |")
        print("|---|---|---|" + labels.map { _ in "---|" }.joined())
        var keys: [(String, String, String)] = []
        for r in mine where !keys.contains(where: { $0 == (r.format, r.content, r.threads) }) {
            keys.append((r.format, r.content, r.threads))
        }
        for (format, content, threads) in keys {
            let cells = labels.map { label -> String in
                let runs = mine.filter { $0.label == label && $0.format == format && $0.content == content
                    && $0.threads == threads }
                guard !runs.isEmpty else { return "–" }
                let ratios = runs.map(\.ratio).sorted()
                let median = ratios[ratios.count / 2]
                let spread = ratios.last! / max(ratios.first!, 1e-9) - 1
                let all = runs.allSatisfy(\.pass)
                if all { met += 1 } else { missed += 1 }
                if spread > 0.15 { unsteady += 1 }
                let floors = runs.compactMap(\.floorRatio).sorted()
                let floorNote = floors.isEmpty ? "" : ", floor \(fixed(floors[floors.count / 2], 2))"
                let mark = all ? "✓" : "**✗**"
                return "\(fixed(median, 2))× ±\(fixed(spread * 100, 0)) %\(floorNote) \(mark)"
                    + (runs.count > 1 ? "" : " (1 run)")
            }
            print("| \(format) | \(content) | \(threads) | " + cells.joined(separator: " | ") + " |")
        }
        print("\ntarget ≥ \(fixed(target, 2))×" + (effect.contains("s=0 ") ? ", or ours ≥ floor / \(fixed(floorSlack, 2))" : ""))
    }
    print("\n\(met) rows met their target in every run, \(missed) did not; \(unsteady) rows spread more than 15 % over their runs.")
}

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
