/// A stack in storage of its own (grown by doubling), so the hottest updates of the
/// iterative reader and writer are plain stores.
///
/// Owns its storage: not copyable; its elements are deinitialized and the storage freed
/// when the stack's lifetime ends.
package struct UnsafeStack<Element>: ~Copyable {
    var base = UnsafeMutablePointer<Element>.allocate(capacity: 64)
    var capacity = 64
    var depth = 0

    /// How many elements the stack holds.
    package var count: Int { depth }

    /// An empty stack.
    package init() {}

    deinit {
        base.deinitialize(count: depth)
        base.deallocate()
    }

    /// Whether the stack holds no element.
    package var isEmpty: Bool { count == 0 }

    /// Checks the stack's invariants (debug builds and tests; nothing in release).
    package func checkInvariants() {
        assert(depth >= 0 && depth <= capacity && capacity >= 64, "UnsafeStack: count \(depth), capacity \(capacity)")
    }

    /// The innermost element (the stack must not be empty).
    package var top: Element {
        @inline(__always) get { base[count - 1] }
        @inline(__always) nonmutating set { base[count - 1] = newValue }
    }

    /// The innermost element, if any.
    package var last: Element? { count == 0 ? nil : base[count - 1] }

    /// Pushes an element.
    @inline(__always)
    package mutating func append(_ element: Element) {
        if count == capacity {
            let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            bigger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = bigger
            capacity *= 2
        }
        (base + count).initialize(to: element)
        depth += 1
    }

    /// Pops the innermost element, if any.
    @inline(__always)
    package mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        depth -= 1
        return (base + count).move()
    }

    /// The elements, bottom first (valid until the stack changes).
    package var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
