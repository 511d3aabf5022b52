#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The memory calls the JSON side makes into the operating system, behind one wall:
/// the rest of the target is plain Swift (`scripts/check-portability` fails on a
/// platform import or call anywhere else).
enum SystemMemory {
    /// Maps `count` bytes of an open regular file, read-only and private; nil when the
    /// system will not.
    static func mapReadOnly(_ descriptor: Int32, count: Int) -> UnsafeRawPointer? {
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE
        #endif
        guard let base = mmap(nil, count, PROT_READ, flags, descriptor, 0), base != MAP_FAILED else { return nil }
        return UnsafeRawPointer(base)
    }

    /// Unmaps what ``mapReadOnly(_:count:)`` mapped.
    static func unmap(_ base: UnsafeRawPointer, count: Int) {
        _ = munmap(UnsafeMutableRawPointer(mutating: base), count)
    }

    /// Advises the kernel to back the 2 MiB-aligned part of a buffer with huge pages,
    /// where it can (Linux); nothing elsewhere.
    static func adviseHugePages(_ base: UnsafeMutableRawPointer, count: Int) {
        #if os(Linux)
        let huge = 2 << 20
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + count) & ~(huge - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }
}
