/// Memory advice for the large buffers a big tree needs (its bytes, its tape).
public enum LargeBuffers {
    /// Buffers smaller than this are left alone.
    static let threshold = 4 << 20

    /// Asks the kernel to back a large, not yet touched buffer with huge pages where it
    /// can: a 60 MB tree then costs tens of page faults instead of tens of thousands.
    /// Advice only: where the kernel declines, or on other systems, nothing changes.
    public static func adviseSequentialFill(_ base: UnsafeMutableRawPointer, count: Int) {
        guard count >= threshold else { return }
        SystemMemory.adviseHugePages(base, count: count)
    }
}
