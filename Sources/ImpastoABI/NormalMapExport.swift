import CImpastoABI
import Glibc
import ImpastoKernels

/// impasto-abi.h: `impasto_bristle_normal_map_margin`.
@_cdecl("impasto_bristle_normal_map_margin")
public func impastoBristleNormalMapMargin(_ smoothness: Double) -> Int {
    NormalMap(smoothness: Float(smoothness)).margin
}

/// impasto-abi.h: `ImpastoScratch`: a pool of `Scratch`, one per call in progress.
final class ScratchPool: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var idle: [Scratch] = []

    init() { pthread_mutex_init(lock, nil) }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with a scratch no other call is using, and keeps it for the next call.
    func withScratch(_ body: (Scratch) -> Void) {
        pthread_mutex_lock(lock)
        let scratch = idle.popLast() ?? Scratch()
        pthread_mutex_unlock(lock)
        body(scratch)
        pthread_mutex_lock(lock)
        idle.append(scratch)
        pthread_mutex_unlock(lock)
    }
}

/// impasto-abi.h: `impasto_scratch_new`.
@_cdecl("impasto_scratch_new")
public func impastoScratchNew() -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(ScratchPool()).toOpaque())
}

/// impasto-abi.h: `impasto_scratch_free`.
@_cdecl("impasto_scratch_free")
public func impastoScratchFree(_ scratch: OpaquePointer?) {
    guard let scratch else { return }
    Unmanaged<ScratchPool>.fromOpaque(UnsafeRawPointer(scratch)).release()
}

/// impasto-abi.h: `impasto_bristle_normal_map`.
@_cdecl("impasto_bristle_normal_map")
public func impastoBristleNormalMap(
    _ windowWidth: Int, _ windowHeight: Int, _ margin: Int, _ io: UnsafePointer<ImpastoNormalMapIO>?,
    _ params: UnsafePointer<ImpastoNormalMapParams>?, _ scratch: OpaquePointer?
) {
    guard let io = io?.pointee, let read = io.read, let write = io.write, let params, let scratch,
          windowWidth > 0, windowHeight > 0 else { return }
    let pixels: NormalMap.BumpPixels
    switch io.components {
    case 2: pixels = .grayAlpha
    case 4:
        guard let luma = io.luma else { return }
        pixels = .rgba { rgba, grayAlpha, n in luma(rgba, grayAlpha, n, io.data) }
    default: return
    }
    let p = params.pointee
    let window = NormalMap.Window(width: windowWidth, height: windowHeight, margin: margin, pixels: pixels) { rows, samples in
        read(rows.lowerBound, rows.count, samples, io.data)
    }
    Unmanaged<ScratchPool>.fromOpaque(UnsafeRawPointer(scratch)).takeUnretainedValue().withScratch { scratch in
        NormalMap(smoothness: Float(p.smoothness), contrast: Float(p.contrast), flipY: p.flip_y != 0)
            .render(window, scratch: scratch) { rows, rgba in write(rows.lowerBound, rows.count, rgba, io.data) }
    }
}
