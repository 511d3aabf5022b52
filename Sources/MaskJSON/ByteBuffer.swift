/// Output bytes under construction, in storage of their own: appends are plain stores
/// after one capacity check, with no copy-on-write checks per byte.
struct ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the storage; the buffer is not used after.
    func release() { base.deallocate() }

    /// Makes room for `n` more bytes.
    @inline(__always)
    mutating func reserve(_ n: Int) {
        if capacity - count < n { grow(n) }
    }

    @inline(never)
    private mutating func grow(_ n: Int) {
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity * 2, count + n))
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = max(capacity * 2, count + n)
    }

    /// Appends a byte the caller has reserved room for.
    @inline(__always)
    mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        put(byte)
    }

    /// Appends bytes the caller has reserved room for.
    @inline(__always)
    mutating func put(_ bytes: UnsafePointer<UInt8>, _ n: Int) {
        (base + count).update(from: bytes, count: n)
        count += n
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n)
        put(bytes, n)
    }

    mutating func append(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { if let start = $0.baseAddress { append(start, $0.count) } }
    }

    /// Where the next byte goes (room for it must be reserved).
    var tail: UnsafeMutablePointer<UInt8> { base + count }

    /// Counts `n` bytes written at ``tail`` by the caller, who reserved room for them.
    @inline(__always)
    mutating func advance(by n: Int) {
        count += n
    }

    /// Drops the bytes written after the first `count`.
    @inline(__always)
    mutating func truncate(to count: Int) {
        self.count = min(self.count, count)
    }

    /// Moves the bytes written so far to the end of `out`.
    mutating func drain(into out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        count = 0
    }
}

/// A stack in storage of its own (grown by doubling), so the hottest updates of the
/// iterative reader and writer are plain stores.
struct UnsafeStack<Element> {
    private var base = UnsafeMutablePointer<Element>.allocate(capacity: 64)
    private var capacity = 64
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The innermost element (the stack must not be empty).
    var top: Element {
        @inline(__always) get { base[count - 1] }
        @inline(__always) nonmutating set { base[count - 1] = newValue }
    }

    var last: Element? { count == 0 ? nil : base[count - 1] }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity {
            let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            bigger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = bigger
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return (base + count).move()
    }

    /// Frees the storage; the stack is not used after.
    mutating func release() {
        base.deinitialize(count: count)
        base.deallocate()
        count = 0
    }

    /// The elements, bottom first (valid until the stack changes).
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
