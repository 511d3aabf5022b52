/// Byte comparison and hashing for the hot paths of the engine and its JSON reader: by
/// machine words, without a call into the C library for the short keys that dominate
/// (class names, identifiers, JSON keys).
package enum Bytes {
    /// Whether the `count` bytes at `a` and at `b` are equal.
    @inlinable @inline(__always)
    package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
        if count >= 8 {
            var i = 0
            while i + 8 <= count {
                if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
                i += 8
            }
            // The tail, as the (overlapping) last word.
            return i == count
                || a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        if count >= 2 {
            return a.loadUnaligned(as: UInt16.self) == b.loadUnaligned(as: UInt16.self)
                && a.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self) == b.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
        }
        return count == 0 || a.load(as: UInt8.self) == b.load(as: UInt8.self)
    }

    /// A hash of the bytes, word by word (the tail as an overlapping last word): for
    /// tables that compare keys after a hash match, not for anything stored or shown.
    @inlinable @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x100_0000_01b3
            hash ^= hash >> 29
        }
        if count >= 8 {
            var i = 0
            while i + 8 <= count {
                mix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            if i < count { mix(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) }
        } else if count >= 4 {
            mix(UInt64(raw.loadUnaligned(as: UInt32.self)) | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32)
        } else if count > 0 {
            mix(UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16)
        }
        return hash
    }
}
