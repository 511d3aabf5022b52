/// A small open-addressing hash table keyed by strings compared as UTF-8 bytes, with a
/// cheap FNV-1a hash: the resolver's per-thread caches, looked up once or twice per view.
///
/// - Complexity: O(length of the key) per lookup, no allocation on a hit.
package struct StringTable<Value>: @unchecked Sendable {
    /// Open addressing: each slot's entry, or -1.
    private var slots: [Int32]
    /// Each slot's key hash.
    private var hashes: [UInt64]
    /// The entries, in the order added: key bytes (a range of `arena`) and value.
    private var starts: [Int32] = []
    private var lengths: [Int32] = []
    /// Each entry's tag: one table can hold several key spaces (selector keys).
    private var tags: [UInt8] = []
    private var arena: [UInt8] = []
    private var values: [Value] = []
    private var mask: Int
    /// A direct-mapped cache in front of the table, keyed by the string's own bits:
    /// the same string value (same storage, or the same small string) passed again is
    /// found without hashing its bytes. Each slot holds the key's bits, a stamp (epoch
    /// and tag; 0 is empty), the value, and the key itself, kept only so that its storage
    /// cannot be reused while cached: equal bits then always mean equal contents. A hit
    /// reads plain values only, no reference counting.
    private var recent: [Recent] = Array(repeating: Recent(), count: StringTable.recentSize)
    private var recentKeys: [String?] = Array(repeating: nil, count: StringTable.recentSize)

    /// One slot of the recent-strings cache, read in one piece.
    private struct Recent {
        var bits: (UInt64, UInt64) = (0, 0)
        var stamp: UInt32 = 0
        var value: Value?
    }

    /// Stamps of older epochs are stale: emptying the cache is one increment.
    private var epoch: UInt32 = 1
    private static var recentSize: Int { 4096 }

    /// The number of keys.
    var count: Int { values.count }

    /// A string's own two words, where a `String` is two 64-bit words (64-bit targets);
    /// nil elsewhere (32-bit targets such as watchOS `arm64_32`, where it is 12 bytes),
    /// and the recent-strings cache is skipped: lookups hash the bytes.
    @inline(__always)
    private static func bits(_ s: String) -> (UInt64, UInt64)? {
        #if arch(x86_64) || arch(arm64) || arch(powerpc64) || arch(powerpc64le) || arch(s390x) || arch(riscv64)
        guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else { return nil }
        return unsafeBitCast(s, to: (UInt64, UInt64).self)
        #else
        return nil
        #endif
    }

    @inline(__always)
    private static func recentSlot(_ bits: (UInt64, UInt64)) -> Int {
        let mixed = (bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 52)
    }

    package init(capacity: Int = 64) {
        let main = Main(capacity: capacity)
        slots = main.slots
        hashes = main.hashes
        mask = main.mask
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { Bytes.hash(bytes) }

    /// The value for `key`, if present.
    @inline(__always)
    mutating func value(for key: String, tag: UInt8 = 0) -> Value? {
        guard let keyBits = Self.bits(key) else { return lookup(key, tag: tag) }
        let slot = Self.recentSlot((keyBits.0 ^ UInt64(tag), keyBits.1))
        let stamp = epoch << 8 | UInt32(tag)
        let entry = recent[slot]
        if entry.stamp == stamp && entry.bits == keyBits, let value = entry.value { return value }
        guard let found = lookup(key, tag: tag) else { return nil }
        recent[slot] = Recent(bits: keyBits, stamp: stamp, value: found)
        recentKeys[slot] = key
        return found
    }

    /// Empties the recent-strings cache.
    private mutating func forgetRecent() {
        epoch &+= 1
        if epoch >= 1 << 24 {
            epoch = 1
            for slot in recent.indices { recent[slot].stamp = 0 }
        }
    }

    /// The value for `key`, without touching the recent-strings cache (for shared, immutable tables).
    func lookup(_ key: String, tag: UInt8 = 0) -> Value? {
        var key = key
        return key.withUTF8 { lookup(bytes: $0, tag: tag) }
    }

    /// The value for the key with these UTF-8 bytes and `tag`, without touching the
    /// recent-strings cache.
    @inline(__always)
    package func lookup(bytes: UnsafeBufferPointer<UInt8>, tag: UInt8 = 0) -> Value? {
        let entry = self.entry(bytes, tag: tag, hash: Self.hash(bytes, tag: tag)).entry
        return entry >= 0 ? values[entry] : nil
    }

    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt8) -> UInt64 {
        hash(bytes) ^ (UInt64(tag) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The entry holding `bytes` and `tag` (or -1), and the slot it is in or would go in.
    @inline(__always)
    private func entry(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt8, hash: UInt64) -> (entry: Int, slot: Int) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return (-1, slot) }
            if hashes[slot] == hash && Int(lengths[entry]) == bytes.count && tags[entry] == tag {
                let equal = bytes.isEmpty || arena.withUnsafeBufferPointer { stored in
                    Bytes.equal(stored.baseAddress! + Int(starts[entry]), bytes.baseAddress!, bytes.count)
                }
                if equal { return (entry, slot) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `value` for `key` (with `tag`).
    package mutating func set(_ value: Value, for key: String, tag: UInt8 = 0) {
        var key = key
        key.withUTF8 { set(value, bytes: $0, tag: tag) }
    }

    private mutating func set(_ value: Value, bytes: UnsafeBufferPointer<UInt8>, tag: UInt8) {
        let hash = Self.hash(bytes, tag: tag)
        let (entry, slot) = self.entry(bytes, tag: tag, hash: hash)
        if entry >= 0 {
            values[entry] = value
            forgetRecent()
            return
        }
        slots[slot] = Int32(values.count)
        hashes[slot] = hash
        starts.append(Int32(arena.count))
        lengths.append(Int32(bytes.count))
        tags.append(tag)
        arena.append(contentsOf: bytes)
        values.append(value)
        if values.count * 2 > slots.count { grow() }
    }

    /// Removes every key; the recent-strings cache keeps its storage.
    mutating func removeAll() {
        let empty = StringTable<Value>.Main(capacity: 64)
        slots = empty.slots
        hashes = empty.hashes
        mask = empty.mask
        starts.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        tags.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        forgetRecent()
    }

    /// An empty open-addressing index.
    private struct Main {
        var slots: [Int32]
        var hashes: [UInt64]
        var mask: Int

        init(capacity: Int) {
            var size = 16
            while size < capacity * 2 { size <<= 1 }
            slots = Array(repeating: -1, count: size)
            hashes = Array(repeating: 0, count: size)
            mask = size - 1
        }
    }

    /// Doubles the slots; entries stay as they are.
    private mutating func grow() {
        let size = slots.count * 2
        var newSlots = [Int32](repeating: -1, count: size)
        var newHashes = [UInt64](repeating: 0, count: size)
        let newMask = size - 1
        for slot in slots.indices where slots[slot] >= 0 {
            var target = Int(truncatingIfNeeded: hashes[slot]) & newMask
            while newSlots[target] >= 0 { target = (target + 1) & newMask }
            newSlots[target] = slots[slot]
            newHashes[target] = hashes[slot]
        }
        slots = newSlots
        hashes = newHashes
        mask = newMask
    }
}
