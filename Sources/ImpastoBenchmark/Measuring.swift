// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import Glibc
import GeglKit

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
