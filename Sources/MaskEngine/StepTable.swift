/// An open-addressing hash table from 64-bit keys to 32-bit values, with a
/// multiplicative hash: the path automaton's remembered steps, looked up once or twice
/// per view, where a `Dictionary`'s seeded hash costs more than the rest of the step.
///
/// - Complexity: O(1) expected per lookup and insertion; no allocation on a lookup.
struct StepTable: Sendable {
    /// Each slot's key, meaningful where `values` is not -1.
    private var keys: [UInt64]
    /// Each slot's value, or -1 for an empty slot (values are never negative).
    private var values: [Int32]
    private var mask: Int
    /// The number of keys.
    private(set) var count = 0

    init() {
        keys = [UInt64](repeating: 0, count: 64)
        values = [Int32](repeating: -1, count: 64)
        mask = 63
    }

    @inline(__always)
    private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        // Fibonacci hashing: the high bits of the product mix every bit of the key.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The value stored under `key`, or nil.
    @inline(__always)
    subscript(key: UInt64) -> Int32? {
        var slot = Self.slot(key, mask)
        while true {
            let value = values[slot]
            if value < 0 { return nil }
            if keys[slot] == key { return value }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `value` (not negative) under `key`, replacing what was there.
    mutating func set(_ value: Int32, for key: UInt64) {
        precondition(value >= 0, "StepTable values are not negative")
        if (count + 1) * 4 > (mask + 1) * 3 { grow() }
        var slot = Self.slot(key, mask)
        while values[slot] >= 0 && keys[slot] != key { slot = (slot + 1) & mask }
        if values[slot] < 0 { count += 1 }
        keys[slot] = key
        values[slot] = value
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let size = (mask + 1) * 2
        keys = [UInt64](repeating: 0, count: size)
        values = [Int32](repeating: -1, count: size)
        mask = size - 1
        count = 0
        for index in oldValues.indices where oldValues[index] >= 0 { set(oldValues[index], for: oldKeys[index]) }
    }

    /// Removes every key, keeping the storage.
    mutating func removeAll() {
        guard count > 0 else { return }
        for index in values.indices { values[index] = -1 }
        count = 0
    }
}
