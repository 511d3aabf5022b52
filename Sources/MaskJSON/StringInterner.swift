#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns repeated raw string bytes into one shared `String`: class names and
/// identifiers repeat across a tree, so each distinct value is decoded and allocated
/// once, and the engine's per-thread caches see the same string again.
struct StringInterner {
    private var strings: [String?]
    private var hashes: [UInt64]
    private var count = 0
    private var mask: Int

    init(capacity: Int = 1024) {
        var size = 64
        while size < capacity * 2 { size <<= 1 }
        strings = Array(repeating: nil, count: size)
        hashes = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The string for raw UTF-8 bytes that need no unescaping.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
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
        hash ^= UInt64(n)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while let stored = strings[slot] {
            if hashes[slot] == hash {
                var candidate = stored
                let equal = candidate.withUTF8 { $0.count == bytes.count && ($0.count == 0 || memcmp($0.baseAddress!, bytes.baseAddress!, $0.count) == 0) }
                if equal { return stored }
            }
            slot = (slot + 1) & mask
        }
        let string = String(decoding: bytes, as: UTF8.self)
        if (count + 1) * 2 > strings.count {
            grow()
            return intern(bytes)
        }
        strings[slot] = string
        hashes[slot] = hash
        count += 1
        return string
    }

    private mutating func grow() {
        var bigger = StringInterner(capacity: strings.count)
        for slot in strings.indices {
            guard var string = strings[slot] else { continue }
            _ = string.withUTF8 { bigger.intern($0) }
        }
        self = bigger
    }
}
