#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns repeated raw string bytes into one shared `String` and a dense number: class
/// names repeat across a tree, so each distinct value is decoded and allocated once, and
/// the resolver caches per class by its number.
struct StringInterner {
    /// The distinct strings, numbered in the order first seen.
    private(set) var names: [String] = []
    /// Open addressing: each slot's entry in `names`, or -1.
    private var slots: [Int32]
    private var hashes: [UInt64]
    private var mask: Int

    init(capacity: Int = 1024) {
        var size = 64
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        hashes = Array(repeating: 0, count: size)
        mask = size - 1
        names.reserveCapacity(capacity)
    }

    /// The shared string for raw UTF-8 bytes that need no unescaping.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        names[number(bytes)]
    }

    /// The number of raw UTF-8 bytes that need no unescaping: 0 for the first distinct
    /// value seen, then 1, and so on.
    mutating func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(bytes)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let entry = Int(slots[slot])
            if hashes[slot] == hash {
                var candidate = names[entry]
                let equal = candidate.withUTF8 { $0.count == bytes.count && ($0.count == 0 || memcmp($0.baseAddress!, bytes.baseAddress!, $0.count) == 0) }
                if equal { return entry }
            }
            slot = (slot + 1) & mask
        }
        let entry = names.count
        names.append(String(decoding: bytes, as: UTF8.self))
        slots[slot] = Int32(entry)
        hashes[slot] = hash
        if names.count * 2 > slots.count { grow() }
        return entry
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var i = 0
        let n = bytes.count
        let raw = UnsafeRawBufferPointer(bytes)
        while i + 8 <= n {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x100_0000_01b3
            hash ^= hash >> 29
            i += 8
        }
        while i < n {
            hash = (hash ^ UInt64(bytes[i])) &* 0x100_0000_01b3
            i += 1
        }
        return hash ^ UInt64(n)
    }

    /// Doubles the table; numbers stay as they are.
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
