/// One JSON token on the tape.
///
/// Strings and numbers point at their bytes in the input; containers point at their
/// matching end token, so a whole value can be skipped in O(1).
public struct JSONToken: Sendable, Hashable {
    /// What the token is.
    public enum Kind: UInt8, Sendable {
        case objectStart, objectEnd, arrayStart, arrayEnd, string, number, `true`, `false`, null
    }

    /// What the token is.
    public var kind: Kind
    /// For strings: whether the raw bytes hold escapes.
    public var hasEscapes: Bool
    /// Byte offset: of the first content byte for a string (after the quote), of the
    /// first byte for anything else.
    public var start: UInt32
    /// For strings and numbers, the length in bytes of the raw content; for a container
    /// start, the index of its matching end token.
    public var length: UInt32
}

/// A parsed JSON document: the input bytes and the tokens in document order.
///
/// No value holds another, so any nesting depth is read, walked and released without
/// recursion.
public struct JSONTape: Sendable {
    /// The input.
    public let bytes: [UInt8]
    /// The tokens, in document order; keys are string tokens.
    public internal(set) var tokens: [JSONToken]

    /// The index just past the value starting at `index` (a scalar or a whole container).
    @inline(__always)
    public func end(ofValueAt index: Int) -> Int {
        let token = tokens[index]
        switch token.kind {
        case .objectStart, .arrayStart: return Int(token.length) + 1
        default: return index + 1
        }
    }

    /// The raw bytes of a string or number token (escapes not decoded).
    @inline(__always)
    public func raw(_ index: Int) -> ArraySlice<UInt8> {
        let token = tokens[index]
        return bytes[Int(token.start)..<Int(token.start) + Int(token.length)]
    }

    /// The decoded text of a string token.
    public func string(_ index: Int) -> String {
        let token = tokens[index]
        let raw = self.raw(index)
        return token.hasEscapes ? JSONString.decode(raw) : String(decoding: raw, as: UTF8.self)
    }

    /// Whether a string token equals an ASCII key, compared on raw bytes.
    @inline(__always)
    func rawEquals(_ index: Int, _ key: StaticString) -> Bool {
        let token = tokens[index]
        guard !token.hasEscapes, Int(token.length) == key.utf8CodeUnitCount else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress! + Int(token.start)
            return memcmpEqual(base, key.utf8Start, Int(token.length))
        }
    }
}

@inline(__always)
func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    while i < count {
        if a[i] != b[i] { return false }
        i += 1
    }
    return true
}
