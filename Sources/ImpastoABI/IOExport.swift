// SPDX-License-Identifier: GPL-3.0-or-later
import CImpastoABI
import Glibc
import ImpastoKernels

// impasto-abi.h: `ImpastoIO`, the one shape every op is called with, as the kernels' types.

extension ImpastoIO {
    /// The output's size and the input's margin, when they make sense (nothing to do otherwise).
    var extent: (width: Int, height: Int, margin: Int)? {
        guard width > 0, height > 0, margin >= 0, margin <= (Int.max - width) / 2,
              margin <= (Int.max - height) / 2 else { return nil }
        return (width, height, margin)
    }

    /// `parallel` as a ParallelFor; NULL runs serially.
    var parallelFor: ParallelFor {
        guard let parallel else { return .serial }
        return ParallelFor { count, body in
            withoutActuallyEscaping(body) { body in
                var context = body
                withUnsafeMutablePointer(to: &context) { pointer in
                    parallel(count, { offset, size, data in
                        guard let body = data?.assumingMemoryBound(to: ((Range<Int>) -> Void).self).pointee else { return }
                        body(Int(offset) ..< Int(offset) + Int(size))
                    }, pointer)
                }
            }
        }
    }

    /// `progress`, called only on the calling thread (the header's promise; GIMP's progress
    /// bar is GTK, which other threads must not touch).
    var reporter: Progress {
        guard let progress else { return .none }
        let caller = pthread_self(), data = self.data
        return Progress { done in
            if pthread_equal(pthread_self(), caller) != 0 { progress(done, data) }
        }
    }

    /// The op's scratch pool, or a fresh one for this call.
    var scratches: ScratchPool {
        guard let scratch else { return ScratchPool() }
        return Unmanaged<ScratchPool>.fromOpaque(UnsafeRawPointer(scratch)).takeUnretainedValue()
    }

    /// `read` as a kernel's read closure.
    var reader: ((Range<Int>, UnsafeMutablePointer<Float>) -> Void)? {
        guard let read else { return nil }
        let data = self.data
        return { rows, samples in read(rows.lowerBound, rows.count, samples, data) }
    }

    /// `read_color` as a kernel's read closure.
    var colorReader: ((Range<Int>, UnsafeMutablePointer<Float>) -> Void)? {
        guard let read_color else { return nil }
        let data = self.data
        return { rows, rgba in read_color(rows.lowerBound, rows.count, rgba, data) }
    }

    /// `write` as a kernel's write closure.
    var writer: ((Range<Int>, UnsafePointer<Float>) -> Void)? {
        guard let write else { return nil }
        let data = self.data
        return { rows, rgba in write(rows.lowerBound, rows.count, rgba, data) }
    }

    /// Rows of an image with no margin and `components` samples per pixel, for the
    /// whole-image and point kernels: in memory (`in`, `out`) or through `read` and `write`.
    /// A pixel takes `floats` Floats of the rows (fewer than `components` for 8-bit samples
    /// read as they are: see `NormalMap.BumpPixels.floats`).
    func rows(components wanted: Int, floats: Int? = nil) -> RowIO? {
        guard let (width, height, margin) = extent, margin == 0, Int(components) == wanted else { return nil }
        if let `in`, let out {
            guard samples == IMPASTO_FLOAT else { return nil }
            return RowIO.memory(width: width, height: height, input: `in`.assumingMemoryBound(to: Float.self),
                                inputComponents: wanted, output: out.assumingMemoryBound(to: Float.self),
                                progress: reporter, scratch: scratches)
        }
        guard let reader, let writer else { return nil }
        return RowIO(width: width, height: height, inputComponents: floats ?? wanted, progress: reporter,
                     scratch: scratches, read: reader, write: writer)
    }

    /// A point kernel over in-memory RGBA pixels of `Sample`s (`samples` says which):
    /// `transform(input, output, pixels)` on the rows `parallel` shares out.
    func transformPixels<Sample>(_: Sample.Type,
                                 _ transform: (UnsafePointer<Sample>, UnsafeMutablePointer<Sample>, Int) -> Void) {
        guard let (width, height, margin) = extent, margin == 0, components == 4, let `in`, let out,
              height <= Int.max / 4 / width else { return }  // samples counted without overflow
        let input = `in`.assumingMemoryBound(to: Sample.self), output = out.assumingMemoryBound(to: Sample.self)
        parallelFor(height) { rows in
            let start = rows.lowerBound * width * 4
            transform(input + start, output + start, rows.count * width)
        }
    }

    /// What the input's pixels are as a height or mask (impasto_gegl_bump_format's formats):
    /// Y'A (or the emboss's YA of a linear layer), or R'G'B'A or R'G'B' with the space's luma
    /// weights (Rec. 709's if those are not weights).
    var bumpPixels: NormalMap.BumpPixels? {
        switch components {
        case 2: return linear != 0 ? .linearGrayAlpha : .grayAlpha
        case 3, 4:
            let w = SIMD3<Float>(luma.0, luma.1, luma.2)
            let weights = w.min() >= 0 && abs(w.sum() - 1) < 1e-3 ? w : NormalMap.rec709Luma
            if components == 3 { return .rgb(luma: weights) }
            return samples == IMPASTO_U8 ? .rgba8(luma: weights) : .rgba(luma: weights)
        default: return nil
        }
    }

    /// The bump window of the normal-map kernels.
    var bumpWindow: NormalMap.Window? {
        guard let (width, height, margin) = extent, let reader, let pixels = bumpPixels else { return nil }
        return NormalMap.Window(width: width + 2 * margin, height: height + 2 * margin, margin: margin,
                                pixels: pixels, read: reader)
    }
}

/// impasto-abi.h: `impasto_scratch_new`: a pool retained for good (there is no free).
@_cdecl("impasto_scratch_new")
public func impastoScratchNew() -> OpaquePointer? {
    OpaquePointer(Unmanaged.passRetained(ScratchPool()).toOpaque())
}
