// SPDX-License-Identifier: GPL-3.0-or-later
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
