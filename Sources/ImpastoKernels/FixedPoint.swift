// SPDX-License-Identifier: GPL-3.0-or-later
/// `v` with `digits` decimals ("%.*f"), without Foundation (the plug-in and the module link
/// no Foundation): "–" for a value that is not finite, no "-0.00".
public func fixedPoint(_ v: Double, digits: Int) -> String {
    guard v.isFinite, abs(v) < 1e12 else { return "–" }
    let digits = min(max(digits, 0), 9)
    var scale = 1
    for _ in 0 ..< digits { scale *= 10 }
    let units = Int((abs(v) * Double(scale)).rounded())
    let sign = v < 0 && units > 0 ? "-" : ""
    guard digits > 0 else { return "\(sign)\(units)" }
    let fraction = String(units % scale)
    return "\(sign)\(units / scale).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
}
