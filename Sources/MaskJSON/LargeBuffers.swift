#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory advice for the large buffers a big tree needs (its bytes, its tape).
public enum LargeBuffers {
    /// Buffers smaller than this are left alone.
    static let threshold = 4 << 20

    /// Asks the kernel to back a large, not yet touched buffer with huge pages where it
    /// can: a 60 MB tree then costs tens of page faults instead of tens of thousands.
    /// Advice only: where the kernel declines, or on other systems, nothing changes.
    public static func adviseSequentialFill(_ base: UnsafeMutableRawPointer, count: Int) {
        #if os(Linux)
        guard count >= threshold else { return }
        let huge = 2 << 20
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + count) & ~(huge - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }
}
