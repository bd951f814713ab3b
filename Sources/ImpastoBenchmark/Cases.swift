// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import Glibc
import GeglKit

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

/// The project's speed goals (BENCHMARKS.md, "Reading the figures"), each a ratio of
/// throughputs, ours ÷ the reference's.
enum Goal {
    /// The emboss of a mask (text, a logo) at radius 10 against `gegl:emboss`, GIMP's own
    /// emboss filter: the relief is worth its price only if it costs less than GIMP's 3 × 3
    /// kernel; the height field alone is held to the same.
    static let embossVsGegl = 1.5
    /// A second GEGL thread: at least what a 2-thread memcpy gains on a 2-core machine (a
    /// point filter's bound; the emboss's mask reads and column pass are memory-bound).
    static let twoThreads = 1.5
    /// Radius 100 against radius 10: the distance transform costs the same at any radius, but
    /// ten times the radius slopes about five times the pixels.
    static let wideRadius = 0.4
    /// A photo embossed by its brightness, against `gegl:emboss`: every pixel of it slopes, so
    /// every pixel is shaded; at most twice GIMP's kernel's time.
    static let photo = 0.5
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
             ours: emboss(radius: 100), reference: emboss(radius: 10), target: Goal.wideRadius),
        // What the height field alone reaches (no shading): the most any shading can leave.
        // Written as R'G'B'A float (data, as the op writes it), so no conversion is counted.
        Case(effect: "emboss height field r=100 vs r=10", format: "R'G'B'A float", content: .text,
             ours: emboss(radius: 100, heightOnly: true), reference: emboss(radius: 10, heightOnly: true),
             target: Goal.wideRadius),
        // A flattened photo (no alpha) is embossed by its brightness; the height field alone
        // on it, shown as the floor, is the most any shading could leave.
        Case(effect: "emboss r=10 of a photo's brightness vs gegl:emboss", format: "R'G'B' u8", content: .colour,
             ours: emboss(radius: 10), reference: gegl("gegl:emboss"), floor: emboss(radius: 10, heightOnly: true),
             floorMeetsTarget: false, target: Goal.photo, scalingTarget: Goal.twoThreads),
    ]
    for format in pixelFormats {
        for content in [Content.colour, .grey, .text] {
            cases.append(Case(effect: "normal map s=0 vs gegl:normal-map", format: format, content: content,
                              ours: normalMap(smoothness: 0), reference: gegl("gegl:normal-map"),
                              floor: normalMapFloor, target: 1.5))
            cases.append(Case(effect: "normal map s=0.75 vs gegl:normal-map", format: format, content: content,
                              ours: normalMap(smoothness: 0.75), reference: gegl("gegl:normal-map"), target: 1.0))
        }
        // A mask: text on a transparent layer, or white on black where the format has no
        // alpha. (An opaque picture in a format with alpha would be a flat plate.)
        cases.append(Case(effect: "emboss r=10 vs gegl:emboss", format: format, content: .text,
                          ours: emboss(radius: 10), reference: gegl("gegl:emboss"),
                          target: Goal.embossVsGegl, scalingTarget: Goal.twoThreads))
        // (Outside R'G'B'A float, babl's conversion of the height field to the buffer's
        // format is counted too; the shaded relief's is in the row above.)
        cases.append(Case(effect: "emboss height field r=10 vs gegl:emboss", format: format, content: .text,
                          ours: emboss(radius: 10, heightOnly: true), reference: gegl("gegl:emboss"),
                          target: Goal.embossVsGegl))
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
