import CImpastoABI
import ImpastoKernels

extension ParallelFor {
    /// The C side's parallel-for as a ParallelFor; NULL runs serially.
    init(_ c: ImpastoParallelFunc?) {
        guard let c else {
            self = .serial
            return
        }
        self.init { count, body in
            withoutActuallyEscaping(body) { body in
                var context = body
                withUnsafeMutablePointer(to: &context) { pointer in
                    c(count, { offset, size, data in
                        guard let body = data?.assumingMemoryBound(to: ((Range<Int>) -> Void).self).pointee else { return }
                        body(Int(offset) ..< Int(offset) + Int(size))
                    }, pointer)
                }
            }
        }
    }
}
