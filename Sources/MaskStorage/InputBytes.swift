/// The bytes of one input document: an array, or a regular file mapped read-only (no
/// copy, and no fresh memory to clear, for large trees).
///
/// Immutable once made. A mapped file that another process changes while it is read
/// is detected by the caller (see `FileIO.map` in the command line tool), not here.
public final class InputBytes: @unchecked Sendable {
    private let array: [UInt8]
    private let mapped: UnsafeRawPointer?
    /// The number of bytes.
    public let count: Int

    /// Bytes held in an array.
    public init(_ bytes: [UInt8]) {
        array = bytes
        mapped = nil
        count = bytes.count
    }

    /// Maps `count` bytes of the open regular file `descriptor`, read-only; nil when the
    /// system will not (then read the file instead).
    public init?(mapping descriptor: Int32, count: Int) {
        guard count > 0 else { return nil }
        guard let base = SystemMemory.mapReadOnly(descriptor, count: count) else { return nil }
        array = []
        mapped = base
        self.count = count
    }

    deinit {
        if let mapped { SystemMemory.unmap(mapped, count: count) }
    }

    /// Calls `body` with the bytes.
    @inline(__always)
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        if let mapped {
            return try body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: count))
        }
        return try array.withUnsafeBufferPointer { (buffer) throws(E) -> R in try body(buffer) }
    }

    /// The bytes as an array (a copy, for a mapped file).
    public var bytes: [UInt8] {
        mapped == nil ? array : withUnsafeBytes { Array($0) }
    }

    /// A copy of the bytes in `range`.
    public subscript(range: Range<Int>) -> ArraySlice<UInt8> {
        mapped == nil ? array[range] : withUnsafeBytes { ArraySlice(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
