import MaskStorage
import MaskEngine

/// One JSON token on the tape, packed in 8 bytes.
///
/// Strings and numbers point at their bytes in the input; containers point at their
/// matching end token, so a whole value can be skipped in O(1).
public struct JSONToken: Sendable, Hashable {
    /// What the token is.
    public enum Kind: UInt8, Sendable {
        case objectStart, objectEnd, arrayStart, arrayEnd, string, number, `true`, `false`, null
        /// A whole object of numbers kept as one token (`frame`, `bounds`), when the
        /// reader is asked to: its bytes are copied through, minus whitespace.
        case raw
    }

    /// The largest length or end index a token can hold (2^27 - 1).
    public static let maximumLength = (1 << 27) - 1

    /// Byte offset: of the first content byte for a string (after the quote), of the
    /// first byte for anything else.
    public var start: UInt32
    /// Length (27 bits), kind (4 bits), escapes (1 bit).
    private var bits: UInt32

    /// Creates a token.
    @inline(__always)
    public init(kind: Kind, hasEscapes: Bool, start: UInt32, length: UInt32) {
        self.start = start
        self.bits = (length & UInt32(Self.maximumLength)) | UInt32(kind.rawValue) << 27 | (hasEscapes ? 1 << 31 : 0)
    }

    /// What the token is.
    public var kind: Kind {
        // Only `init` writes these bits, always from a valid kind.
        @inline(__always) get { unsafeBitCast(UInt8(truncatingIfNeeded: (bits >> 27) & 0xF), to: Kind.self) }
    }

    /// For strings: whether the raw bytes hold escapes. For `.raw` objects: whether they
    /// hold whitespace.
    public var hasEscapes: Bool {
        @inline(__always) get { bits >> 31 != 0 }
    }

    /// For strings and numbers, the length in bytes of the raw content; for a container
    /// start, the index of its matching end token.
    public var length: UInt32 {
        @inline(__always) get { bits & UInt32(Self.maximumLength) }
        @inline(__always) set { bits = (bits & ~UInt32(Self.maximumLength)) | (newValue & UInt32(Self.maximumLength)) }
    }
}

/// A parsed JSON document: the input bytes and the tokens in document order.
///
/// No value holds another, so any nesting depth is read, walked and released without
/// recursion.
public struct JSONTape: Sendable {
    /// The input.
    public let source: InputBytes
    /// The input, as an array (a copy, when the input is a mapped file).
    public var bytes: [UInt8] { source.bytes }
    /// The tokens, in document order; keys are string tokens.
    public internal(set) var tokens: [JSONToken]

    /// Calls `body` for every token of the value at `value`, in document order, with
    /// whether the token is an object key: a key, a scalar (string, number, boolean,
    /// null) or a container's opening; never a closing.
    /// - Complexity: O(n) in the value's tokens.
    public func forEachToken(inValueAt value: Int, _ body: (_ token: Int, _ isKey: Bool) -> Void) {
        let end = end(ofValueAt: value)
        // One entry per open container: for an object, whether its next token is a key.
        var keyNext: [Bool?] = []
        for t in value..<end {
            let kind = tokens[t].kind
            if kind == .objectEnd || kind == .arrayEnd {
                keyNext.removeLast()
                continue
            }
            if keyNext.last == true {
                keyNext[keyNext.count - 1] = false
                body(t, true)
                continue
            }
            if keyNext.last == false { keyNext[keyNext.count - 1] = true }  // a value: a key comes next
            body(t, false)
            if kind == .objectStart { keyNext.append(true) }
            if kind == .arrayStart { keyNext.append(nil) }
        }
    }

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
        return source[Int(token.start)..<Int(token.start) + Int(token.length)]
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
        return source.withUnsafeBytes { buffer in
            let base = buffer.baseAddress! + Int(token.start)
            return Bytes.equal(base, key.utf8Start, Int(token.length))
        }
    }
}

extension JSONTape {
    /// Whether a key token spells `key`: compared on raw bytes, or decoded first when
    /// it holds escapes (`"r\u006fot"` is `root`). Every comparison of a key against
    /// a name of the tree's schema goes through here or a matcher that decodes the same way.
    @inline(__always)
    public func keyEquals(_ index: Int, _ key: StaticString) -> Bool {
        guard tokens[index].hasEscapes else { return rawEquals(index, key) }
        return string(index) == key.description
    }
}
