// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL

/// Swift conveniences over GEGL's C API, for the plug-in, the tests and the benchmark.
///
/// GEGL's convenience calls are C variadics, which Swift cannot call; these wrappers use the
/// `_valist` variants with C strings that outlive the call (a Swift `String` passed through
/// `withVaList` would arrive as an object, not a `char *`).
public enum Gegl {
    /// Starts GEGL once per process; safe to call again.
    ///
    /// Impasto is GPL-3.0-or-later and its ops say so (their "license" key, GPL3+): GEGL offers
    /// them only to an application that declares GPL3, as GIMP, its plug-ins and the gegl tool
    /// do, and as every Impasto program (the plug-ins, the tests, the benchmark) may. Declared
    /// before gegl_init, and only where it is not yet (libgimp declares it before a plug-in
    /// starts): once GEGL is up, setting the licence makes it load its modules again, each op
    /// warning that it is registered twice.
    public static func initialize() {
        if applicationLicense != "GPL3" { setApplicationLicense("GPL3") }
        gegl_init(nil, nil)
    }

    /// Loads every GEGL module in `directory` (in addition to GEGL's own directories).
    public static func loadModules(from directory: String) {
        gegl_load_module_directory(directory)
    }

    public static func hasOperation(_ name: String) -> Bool {
        gegl_has_operation(name) != 0
    }

    /// Worker threads GEGL processes with (what GEGL_THREADS sets).
    public static func setThreads(_ count: Int) {
        setConfig([("threads", .int(count))])
    }

    /// GEGL's tile size for buffers created from now on.
    public static func setTileSize(width: Int, height: Int) {
        setConfig([("tile-width", .int(width)), ("tile-height", .int(height))])
    }

    static func setConfig(_ properties: [(String, GeglValue)]) {
        withPropertyVaList(properties) { first, list in
            g_object_set_valist(UnsafeMutableRawPointer(gegl_config()).assumingMemoryBound(to: GObject.self),
                                first, list)
        }
    }
}

/// A value for a GEGL property, as C's varargs want it.
public enum GeglValue {
    case double(Double)
    case int(Int)
    case bool(Bool)
    case string(String)
    case buffer(GeglBufferRef)
    /// An enum property, by the nick GEGL shows (e.g. "gold"); resolved against the node.
    case enumNick(String)
    /// A colour property, linear RGB (opaque).
    case color(Double, Double, Double)
    /// A babl format property (e.g. gegl:convert-format's "format"), by the format's name.
    case format(String)
}

/// The NULL that ends a C property list (a pointer-sized zero in the va_list).
private let vaListEnd: CVarArg = Int(0)

/// Runs `body` with C copies of `strings` that live until it returns.
func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies)
}

/// Calls a GObject/GEGL `_valist` setter: `body(first name, va_list of value, name, value, …, NULL)`.
func withPropertyVaList<R>(_ properties: [(String, GeglValue)],
                           _ body: (UnsafeMutablePointer<CChar>?, CVaListPointer) -> R) -> R {
    var strings: [String] = []
    for (name, value) in properties {
        strings.append(name)
        if case .string(let s) = value { strings.append(s) }
    }
    var colors: [UnsafeMutablePointer<GeglColor>] = []
    defer { colors.forEach { g_object_unref(UnsafeMutableRawPointer($0)) } }
    return withCStrings(strings) { c in
        var args: [CVarArg] = []
        var next = 1  // c[0] is the first name, passed on its own
        for (index, (_, value)) in properties.enumerated() {
            if index > 0 { args.append(c[next]!); next += 1 }
            switch value {
            case .double(let v): args.append(v)
            case .int(let v): args.append(Int32(clamping: v))
            case .bool(let v): args.append(Int32(v ? 1 : 0))
            case .string: args.append(c[next]!); next += 1
            case .buffer(let b): args.append(b.pointer)
            case .color(let r, let g, let b):
                if let color = gegl_color_new(nil) {
                    gegl_color_set_rgba(color, r, g, b, 1)
                    colors.append(color)
                    args.append(color)
                } else {
                    args.append(Int(0))  // NULL: GEGL keeps the property's default
                }
            case .format(let name):
                if let format = babl_format(name) { args.append(format) } else { args.append(Int(0)) }
            case .enumNick(let nick): preconditionFailure("enum \(nick) must be resolved against its node first")
            }
        }
        args.append(vaListEnd)
        return withVaList(args) { body(c.first ?? nil, $0) }
    }
}
