// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import Glibc
import GeglKit

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
