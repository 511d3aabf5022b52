/// A string that equals and hashes by its UTF-8 bytes, as the engine matches names.
///
/// Swift's `String` equality is canonical equivalence: `é` written as one scalar and as
/// `e` with a combining accent are equal, and so are a few singletons and their targets
/// (U+212A KELVIN SIGN and `K`). The engine matches classes, identifiers, screens and
/// targets byte for byte, so a map keyed by `String` could let a key written one way
/// answer for another spelling: a screen's cached matches reused for a screen the rules
/// do not name, or two patterns merged into one. Maps keyed by policy or tree text key
/// by this instead.
package struct ExactString: Hashable, Sendable {
    package let string: String

    package init(_ string: String) {
        self.string = string
    }

    package static func == (a: ExactString, b: ExactString) -> Bool {
        a.string.isExactly(b.string)
    }

    package func hash(into hasher: inout Hasher) {
        // The bytes at once (a native string's are contiguous), not byte by byte.
        if string.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) != nil { return }
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension String {
    /// Whether the two strings have the same UTF-8 bytes (not canonical equivalence,
    /// which `==` tests).
    package func isExactly(_ other: String) -> Bool {
        // Different as Swift compares them (its fast path) means different bytes; equal
        // means equal bytes only for the same spelling, which the bytes then show.
        guard utf8.count == other.utf8.count else { return false }
        // Native strings hold their bytes in one buffer: compared there, eight bytes at a
        // time, not through the view's iterator (ten times the instructions a byte).
        if let equal = utf8.withContiguousStorageIfAvailable({ mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in Self.sameBytes(mine, theirs) }
        }), let equal {
            return equal
        }
        guard self == other else { return false }
        return utf8.elementsEqual(other.utf8)
    }

    /// Whether two buffers of one length hold the same bytes.
    private static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        let rawA = UnsafeRawPointer(pa), rawB = UnsafeRawPointer(pb)
        var i = 0
        while i + 8 <= a.count {
            if rawA.loadUnaligned(fromByteOffset: i, as: UInt64.self) != rawB.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        while i < a.count {
            if pa[i] != pb[i] { return false }
            i += 1
        }
        return true
    }
}

extension Optional where Wrapped == String {
    /// Whether both are nil, or both hold the same UTF-8 bytes.
    package func isExactly(_ other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): return true
        case (let a?, let b?): return a.isExactly(b)
        default: return false
        }
    }
}

extension Sequence where Element == MaskRule {
    /// The screens the rules name, each byte-for-byte spelling once (a look-alike
    /// spelling is another screen), sorted by bytes.
    package var distinctScreens: [String] {
        Set(compactMap(\.screen).map(ExactString.init)).map(\.string).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
