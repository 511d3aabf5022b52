/// Output bytes under construction, in storage of their own: appends are plain stores
/// after one capacity check, with no copy-on-write checks per byte.
///
/// Owns its storage: not copyable, freed when the buffer's lifetime ends.
package struct ByteBuffer: ~Copyable {
    /// The storage (the bytes written so far, then room).
    var storage: UnsafeMutablePointer<UInt8>
    var written = 0
    var capacity: Int

    /// The start of the bytes written so far.
    package var base: UnsafeMutablePointer<UInt8> { storage }
    /// How many bytes are written.
    package var count: Int { written }

    /// A buffer with room for `capacity` bytes (at least 64) before it grows.
    package init(capacity: Int) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Checks the buffer's invariants (debug builds and tests; nothing in release).
    package func checkInvariants() {
        assert(written >= 0 && written <= capacity, "ByteBuffer: count \(written) outside 0...\(capacity)")
    }

    /// Makes room for `n` more bytes.
    @inline(__always)
    package mutating func reserve(_ n: Int) {
        if capacity - count < n { grow(n) }
    }

    @inline(never)
    mutating func grow(_ n: Int) {
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity * 2, count + n))
        bigger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = bigger
        capacity = max(capacity * 2, count + n)
    }

    /// Appends a byte the caller has reserved room for.
    @inline(__always)
    package mutating func put(_ byte: UInt8) {
        storage[written] = byte
        written += 1
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        put(byte)
    }

    /// Appends bytes the caller has reserved room for.
    @inline(__always)
    package mutating func put(_ bytes: UnsafePointer<UInt8>, _ n: Int) {
        (base + count).update(from: bytes, count: n)
        written += n
    }

    @inline(__always)
    package mutating func append(_ bytes: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n)
        put(bytes, n)
    }

    /// Appends a literal.
    package mutating func append(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    /// Appends an array's bytes.
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { if let start = $0.baseAddress { append(start, $0.count) } }
    }

    /// Where the next byte goes (room for it must be reserved).
    package var tail: UnsafeMutablePointer<UInt8> { base + count }

    /// Counts `n` bytes written at ``tail`` by the caller, who reserved room for them.
    @inline(__always)
    package mutating func advance(by n: Int) {
        written += n
    }

    /// Drops the bytes written after the first `count`.
    @inline(__always)
    package mutating func truncate(to count: Int) {
        written = min(written, count)
    }

    /// Moves the bytes written so far to the end of `out`.
    package mutating func drain(into out: inout [UInt8]) {
        checkInvariants()
        out.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        written = 0
    }
}

