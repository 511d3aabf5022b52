import MaskStorage
/// A small open-addressing hash table keyed by strings compared as UTF-8 bytes, with a
/// cheap FNV-1a hash: the resolver's per-thread caches, looked up once or twice per view.
///
/// - Complexity: O(length of the key) per lookup, no allocation on a hit.
@frozen
package struct StringTable<Value> {
    /// Open addressing: each slot's entry (or -1) and key hash.
    ///
    /// The slots, the entries' keys and their values are three arrays, not the five
    /// they were (entries, hashes, starts, lengths, tags): a new resolver fills several
    /// tables on the first frame, and each array cost an allocation and its free
    /// (callgrind: 500 to 800 instructions each). The values stay apart so that the
    /// probe reads plain numbers only.
    @usableFromInline var slots: [StringTableSlot]
    /// The entries' keys, in the order added: bytes (a range of `arena`) and tag.
    @usableFromInline var keys: [StringTableKey] = []
    @usableFromInline var arena: [UInt8] = []
    /// The entries' values, in the order added.
    @usableFromInline var values: [Value] = []
    @usableFromInline var mask: Int
    /// A direct-mapped cache in front of the table, keyed by the string's own bits:
    /// the same string value (same storage, or the same small string) passed again is
    /// found without hashing its bytes. Each slot holds the key's bits, a stamp (epoch
    /// and tag; 0 is empty), the value, and the key itself, kept only so that its storage
    /// cannot be reused while cached: equal bits then always mean equal contents. A hit
    /// reads plain values only, no reference counting.
    ///
    /// Allocated on the first value found and grown (256, 1,024, then 4,096 slots) as it
    /// fills, so a table made for one screen (the first frame after launch) does not pay
    /// for a cache it will barely use.
    @usableFromInline var recent: [Recent] = []
    @usableFromInline var recentKeys: [String?] = []
    /// How far the mixed bits are shifted right to give a slot: 64 - log2(slots).
    @usableFromInline var recentShift: UInt64 = 64
    /// Values cached since the cache last grew.
    @usableFromInline var recentFill = 0

    /// One slot of the recent-strings cache, read in one piece.
    @usableFromInline
    struct Recent {
        @usableFromInline var bits: (UInt64, UInt64) = (0, 0)
        @usableFromInline var stamp: UInt32 = 0
        @usableFromInline var value: Value?

        @usableFromInline init() {}

        @usableFromInline init(bits: (UInt64, UInt64), stamp: UInt32, value: Value?) {
            self.bits = bits
            self.stamp = stamp
            self.value = value
        }
    }

    /// Stamps of older epochs are stale: emptying the cache is one increment.
    @usableFromInline var epoch: UInt32 = 1
    /// The largest the recent-strings cache grows to.
    @usableFromInline static var recentSize: Int { 4096 }
    /// Its size when first allocated.
    @usableFromInline static var initialRecentSize: Int { 256 }

    /// The number of keys.
    @inlinable package var count: Int { values.count }

    /// A string's own two words, where a `String` is two 64-bit words (64-bit targets);
    /// nil elsewhere (32-bit targets such as watchOS `arm64_32`, where it is 12 bytes),
    /// and the recent-strings cache is skipped: lookups hash the bytes.
    @inlinable @inline(__always)
    static func bits(_ s: String) -> (UInt64, UInt64)? {
        #if arch(x86_64) || arch(arm64) || arch(powerpc64) || arch(powerpc64le) || arch(s390x) || arch(riscv64)
        guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else { return nil }
        return unsafeBitCast(s, to: (UInt64, UInt64).self)
        #else
        return nil
        #endif
    }

    @inlinable @inline(__always)
    static func recentSlot(_ bits: (UInt64, UInt64), shift: UInt64) -> Int {
        let mixed = (bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> shift)
    }

    /// The capacity asked for: the slots are allocated for it on the first key stored.
    @usableFromInline var initialCapacity: Int

    /// An empty table for about `capacity` keys. Allocates nothing until a key is
    /// stored: a resolver made for the first frame after launch starts several tables,
    /// some of which stay empty.
    @inlinable
    package init(capacity: Int = 64) {
        slots = stringTableNoSlots
        mask = 0
        initialCapacity = capacity
    }

    @inlinable @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { Bytes.hash(bytes) }

    /// The value for `key`, if present.
    @inlinable @inline(__always)
    package mutating func value(for key: String, tag: UInt8 = 0) -> Value? {
        guard let keyBits = Self.bits(key) else { return lookup(key, tag: tag) }
        let stamp = epoch << 8 | UInt32(tag)
        if !recent.isEmpty {
            let entry = recent[Self.recentSlot((keyBits.0 ^ UInt64(tag), keyBits.1), shift: recentShift)]
            if entry.stamp == stamp && entry.bits == keyBits, let value = entry.value { return value }
        }
        guard let found = lookup(key, tag: tag) else { return nil }
        remember(key, bits: keyBits, tag: tag, stamp: stamp, value: found)
        return found
    }

    /// Stores `value` for `key` (with `tag`) and caches it as ``value(for:tag:)`` would
    /// on finding it: the next lookup of the same string is found without hashing its
    /// bytes. For the caches filled on a miss (the resolver's classes and identifier
    /// values), whose key is usually met again soon, in the same string: the second
    /// view of a class or value otherwise hashed and probed once more to fill the cache
    /// (callgrind: about 200 instructions each, 110 identifier values and 120 classes a
    /// cold frame of 1,000 real views).
    @inlinable
    package mutating func setRemembering(_ value: Value, for key: String, tag: UInt8 = 0) {
        set(value, for: key, tag: tag)
        // After the set: storing over a key empties the cache (a new epoch).
        guard let keyBits = Self.bits(key) else { return }
        remember(key, bits: keyBits, tag: tag, stamp: epoch << 8 | UInt32(tag), value: value)
    }

    /// Caches a value found, allocating or growing the cache first when it is due.
    @usableFromInline
    mutating func remember(_ key: String, bits keyBits: (UInt64, UInt64), tag: UInt8, stamp: UInt32, value: Value) {
        recentFill += 1
        if recent.isEmpty || (recentFill > recent.count / 2 && recent.count < Self.recentSize) {
            let size = recent.isEmpty ? Self.initialRecentSize : recent.count * 4
            recent = Array(repeating: Recent(), count: size)
            // Each slot set to the literal nil: `Array(repeating:count:)` copied its
            // argument into every slot, a reference count call per slot.
            recentKeys = [String?](unsafeUninitializedCapacity: size) { buffer, count in
                for slot in 0..<size { (buffer.baseAddress! + slot).initialize(to: nil) }
                count = size
            }
            recentShift = UInt64(64 - size.trailingZeroBitCount)
            recentFill = 1
        }
        let slot = Self.recentSlot((keyBits.0 ^ UInt64(tag), keyBits.1), shift: recentShift)
        recent[slot] = Recent(bits: keyBits, stamp: stamp, value: value)
        recentKeys[slot] = key
    }

    /// Empties the recent-strings cache.
    @usableFromInline
    mutating func forgetRecent() {
        epoch &+= 1
        if epoch >= 1 << 24 {
            epoch = 1
            for slot in recent.indices { recent[slot].stamp = 0 }
        }
    }

    /// The value for `key`, without touching the recent-strings cache (for shared, immutable tables).
    @inlinable
    package func lookup(_ key: String, tag: UInt8 = 0) -> Value? {
        // A native or small string's bytes, read in place: `withUTF8` needs a mutable
        // copy, a retain and release of the string's storage a lookup (callgrind: about
        // 45 instructions of the 270 a class name's lookup costs). Others (bridged
        // strings on Apple platforms) are made contiguous on a copy.
        if let found = key.utf8.withContiguousStorageIfAvailable({ lookup(bytes: $0, tag: tag) }) { return found }
        var key = key
        return key.withUTF8 { lookup(bytes: $0, tag: tag) }
    }

    /// The value for the key with these UTF-8 bytes and `tag`, without touching the
    /// recent-strings cache.
    @inlinable @inline(__always)
    package func lookup(bytes: UnsafeBufferPointer<UInt8>, tag: UInt8 = 0) -> Value? {
        let entry = self.entry(bytes, tag: tag, hash: Self.hash(bytes, tag: tag)).entry
        return entry >= 0 ? values[entry] : nil
    }

    @inlinable @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt8) -> UInt64 {
        // A slot is the hash's low bits, and `Bytes.hash` leaves a difference in a key's
        // last bytes in its high bits only: keys that differ at the end (`row_41`,
        // `row_42`) shared their low bits, and linear probing walked runs of them
        // (callgrind: 15 slots a lookup in the encoder's identifier memo). Folded down
        // with a finalizer (MurmurHash3's; one-to-one, so no two hashes merge).
        var hash = hash(bytes) ^ (UInt64(tag) &* 0x9E37_79B9_7F4A_7C15)
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash
    }

    /// The entry holding `bytes` and `tag` (or -1), and the slot it is in or would go in.
    @inlinable @inline(__always)
    func entry(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt8, hash: UInt64) -> (entry: Int, slot: Int) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot].entry)
            if entry < 0 { return (-1, slot) }
            if slots[slot].hash == hash && Int(keys[entry].length) == bytes.count && keys[entry].tag == tag {
                let equal = bytes.isEmpty || arena.withUnsafeBufferPointer { stored in
                    Bytes.equal(stored.baseAddress! + Int(keys[entry].start), bytes.baseAddress!, bytes.count)
                }
                if equal { return (entry, slot) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `value` for `key` (with `tag`).
    @inlinable
    package mutating func set(_ value: Value, for key: String, tag: UInt8 = 0) {
        // In place, as ``lookup(_:tag:)`` reads a key.
        if key.utf8.withContiguousStorageIfAvailable({ set(value, bytes: $0, tag: tag) }) != nil { return }
        var key = key
        key.withUTF8 { set(value, bytes: $0, tag: tag) }
    }

    @inlinable
    package mutating func set(_ value: Value, bytes: UnsafeBufferPointer<UInt8>, tag: UInt8 = 0) {
        if mask == 0 { allocate() }
        let hash = Self.hash(bytes, tag: tag)
        let (entry, slot) = self.entry(bytes, tag: tag, hash: hash)
        if entry >= 0 {
            values[entry] = value
            forgetRecent()
            return
        }
        slots[slot] = StringTableSlot(entry: Int32(values.count), hash: hash)
        keys.append(StringTableKey(start: Int32(arena.count), length: Int32(bytes.count), tag: tag))
        arena.append(contentsOf: bytes)
        values.append(value)
        if values.count * 2 > slots.count { grow() }
    }

    /// The first key is being stored: allocates the slots, and room for the keys.
    @usableFromInline
    mutating func allocate() {
        var size = 16
        while size < initialCapacity * 2 { size <<= 1 }
        slots = Array(repeating: StringTableSlot(), count: size)
        mask = size - 1
        let entries = Swift.min(initialCapacity, 64)
        keys.reserveCapacity(entries)
        values.reserveCapacity(entries)
        arena.reserveCapacity(entries * 16)
    }

    /// Removes every key; the recent-strings cache keeps its storage, the entries theirs.
    @inlinable
    package mutating func removeAll() {
        slots = stringTableNoSlots
        mask = 0
        keys.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        forgetRecent()
    }

    /// Checks the table's invariants (debug builds and tests; nothing in release): every
    /// entry sits in exactly one slot, under its key's hash, reachable by probing from
    /// its home slot; the per-entry arrays agree; the load stays at most one half.
    package func checkInvariants() {
        assert(keys.count == values.count, "StringTable: entry arrays disagree")
        assert(slots.count == mask + 1 && slots.count & mask == 0, "StringTable: slot count and mask disagree")
        assert(values.count * 2 <= slots.count, "StringTable: over half full")
        var seen = [Bool](repeating: false, count: values.count)
        for slot in slots.indices where slots[slot].entry >= 0 {
            let entry = Int(slots[slot].entry)
            assert(entry < values.count && !seen[entry], "StringTable: slot \(slot) holds entry \(entry) twice or out of range")
            seen[entry] = true
            let key = keys[entry]
            let hash = arena.withUnsafeBufferPointer { arena in
                Self.hash(UnsafeBufferPointer(rebasing: arena[Int(key.start)..<Int(key.start) + Int(key.length)]), tag: key.tag)
            }
            assert(slots[slot].hash == hash, "StringTable: slot \(slot) has a stale hash")
            var probe = Int(truncatingIfNeeded: hash) & mask
            while probe != slot {
                assert(slots[probe].entry >= 0, "StringTable: entry \(entry) unreachable from its home slot")
                probe = (probe + 1) & mask
            }
        }
        assert(!seen.contains(false), "StringTable: an entry is in no slot")
    }

    /// Doubles the slots; entries stay as they are.
    @usableFromInline
    mutating func grow() {
        let size = slots.count * 2
        var newSlots = [StringTableSlot](repeating: StringTableSlot(), count: size)
        let newMask = size - 1
        for slot in slots where slot.entry >= 0 {
            var target = Int(truncatingIfNeeded: slot.hash) & newMask
            while newSlots[target].entry >= 0 { target = (target + 1) & newMask }
            newSlots[target] = slot
        }
        slots = newSlots
        mask = newMask
    }
}

/// One slot of a ``StringTable``: its entry (-1: empty) and that entry's key hash, read
/// together while probing.
@frozen @usableFromInline
struct StringTableSlot: Sendable {
    @usableFromInline var entry: Int32
    @usableFromInline var hash: UInt64

    @inlinable init(entry: Int32 = -1, hash: UInt64 = 0) {
        self.entry = entry
        self.hash = hash
    }
}

/// The key of one entry of a ``StringTable``: its bytes (a range of the table's arena)
/// and its tag (one table can hold several key spaces, such as selector keys).
@frozen @usableFromInline
struct StringTableKey: Sendable {
    @usableFromInline var start: Int32
    @usableFromInline var length: Int32
    @usableFromInline var tag: UInt8

    @inlinable init(start: Int32, length: Int32, tag: UInt8) {
        self.start = start
        self.length = length
        self.tag = tag
    }
}

/// The slots of a table before its first key: one empty slot (`mask` 0), shared.
@usableFromInline let stringTableNoSlots: [StringTableSlot] = [StringTableSlot()]

/// A table is as sendable as its values: it holds them, their keys' bytes and plain
/// numbers, and the strings its recent-strings cache keeps alive.
extension StringTable: Sendable where Value: Sendable {}
extension StringTable.Recent: Sendable where Value: Sendable {}
