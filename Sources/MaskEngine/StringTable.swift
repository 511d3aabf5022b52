/// A small open-addressing hash table keyed by strings compared as UTF-8 bytes, with a
/// cheap FNV-1a hash: the resolver's per-thread caches, looked up once or twice per view.
///
/// - Complexity: O(length of the key) per lookup, no allocation on a hit.
struct StringTable<Value>: @unchecked Sendable {
    private var keys: [String?]
    private var hashes: [UInt64]
    private var values: [Value?]
    private(set) var count = 0
    private var mask: Int
    /// A direct-mapped cache in front of the table, keyed by the string's own bits:
    /// the same string value (same storage, or the same small string) passed again is
    /// found without hashing its bytes. Entries keep their string alive, so equal bits
    /// always mean equal contents.
    private var recent: [(key: String, value: Value)?] = Array(repeating: nil, count: StringTable.recentSize)
    private static var recentSize: Int { 4096 }

    @inline(__always)
    private static func bits(_ s: String) -> (UInt64, UInt64) {
        unsafeBitCast(s, to: (UInt64, UInt64).self)
    }

    @inline(__always)
    private static func recentSlot(_ bits: (UInt64, UInt64)) -> Int {
        let mixed = (bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 52)
    }

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: nil, count: size)
        hashes = Array(repeating: 0, count: size)
        values = Array(repeating: nil, count: size)
        mask = size - 1
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var i = 0
        let n = bytes.count
        // Eight bytes at a time where possible.
        while i + 8 <= n {
            var word: UInt64 = 0
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[i..<i + 8])) }
            hash = (hash ^ word) &* 0x100_0000_01b3
            hash ^= hash >> 29
            i += 8
        }
        while i < n {
            hash = (hash ^ UInt64(bytes[i])) &* 0x100_0000_01b3
            i += 1
        }
        return hash ^ UInt64(n)
    }

    @inline(__always)
    static func equal(_ a: String, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var a = a
        return a.withUTF8 { x in
            x.count == b.count && (x.count == 0 || memcmp(x.baseAddress!, b.baseAddress!, x.count) == 0)
        }
    }

    /// The value for `key`, if present.
    @inline(__always)
    mutating func value(for key: String) -> Value? {
        let keyBits = Self.bits(key)
        let recentSlot = Self.recentSlot(keyBits)
        if let entry = recent[recentSlot], Self.bits(entry.key) == keyBits { return entry.value }
        guard let found = lookup(key) else { return nil }
        recent[recentSlot] = (key, found)
        return found
    }

    /// The value for `key`, without touching the recent-strings cache (for shared, immutable tables).
    func lookup(_ key: String) -> Value? {
        var key = key
        return key.withUTF8 { lookup(bytes: $0) }
    }

    /// The value for the key with these UTF-8 bytes, without touching the recent-strings cache.
    @inline(__always)
    func lookup(bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        let hash = Self.hash(bytes)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while let stored = keys[slot] {
            if hashes[slot] == hash && Self.equal(stored, bytes) { return values[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `value` for `key`.
    mutating func set(_ value: Value, for key: String) {
        if (count + 1) * 2 > keys.count { grow() }
        var key = key
        let hash = key.withUTF8 { Self.hash($0) }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while let stored = keys[slot] {
            if hashes[slot] == hash && stored.utf8.elementsEqual(key.utf8) {
                values[slot] = value
                recent = Array(repeating: nil, count: Self.recentSize)
                return
            }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        hashes[slot] = hash
        values[slot] = value
        count += 1
    }

    mutating func removeAll() {
        self = StringTable(capacity: 64)
    }

    private mutating func grow() {
        var bigger = StringTable(capacity: keys.count)
        for slot in keys.indices {
            if let key = keys[slot], let value = values[slot] { bigger.set(value, for: key) }
        }
        self = bigger
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
