/// What masked content is replaced with.
public enum Placeholder {
    /// Stands for a masked image.
    public static let image = "IMG"
    /// Stands for a map, always.
    public static let map = "MAP"
    /// Stands for masked SwiftUI text (drawn as a black rectangle).
    public static let swiftUIText = "RECT"
    /// Replaces every grapheme of secure text, whitespace included.
    public static let secureCharacter: Character = "•"

    /// The placeholder a masked view of this kind carries, if any.
    public static func marker(for kind: ViewKind) -> String? {
        switch kind {
        case .image: return image
        case .map: return map
        case .swiftUIText: return swiftUIText
        case .text, .secureText, .webview, .other: return nil
        }
    }

    /// The `la` pattern: each grapheme becomes `l` at even positions and `a` at odd
    /// ones, counting from 0 over the whole string; whitespace stays in place
    /// (`the lazy fox` -> `lal lala ala`). An emoji or a letter with combining marks
    /// is one grapheme.
    /// - Complexity: O(n).
    public static func laPattern(_ text: String) -> String {
        bytePattern(text, bullets: false) ?? stringPattern(text)
    }

    /// ``laPattern(_:)`` by the standard library's grapheme breaking: for text the byte
    /// flavour declines, and the reference it is tested against.
    static func stringPattern(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        // Graphemes by the String's own boundaries (`index(after:)`), without making a
        // `Character` of each; whitespace by ``isWhitespace(_:)``, not a property lookup;
        // the pattern written as UTF-8 bytes.
        let scalars = text.unicodeScalars
        var position = 0
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(after: start)
            if isWhitespace(scalars[start].value) {
                // Only the whitespace itself: marks, joiners or tag characters glued to
                // a space are content, and would otherwise pass through in clear.
                for scalar in scalars[start..<end] where isWhitespace(scalar.value) {
                    UTF8.encode(scalar) { out.append($0) }
                }
            } else {
                out.append(position & 1 == 0 ? UInt8(ascii: "l") : UInt8(ascii: "a"))
            }
            position += 1
            start = end
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a scalar has Unicode's `White_Space` property (what
    /// `Unicode.Scalar.Properties.isWhitespace` says, and `Character.isWhitespace` of a
    /// grapheme starting with it), without the property lookup. Tested against the
    /// property over every scalar.
    @inlinable
    public static func isWhitespace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Secure text: every grapheme, whitespace too, becomes `•`.
    /// - Complexity: O(n).
    public static func bullets(_ text: String) -> String {
        bytePattern(text, bullets: true) ?? String(repeating: secureCharacter, count: text.count)
    }
}

extension Placeholder {
    /// The byte flavour of ``laPattern(_:)`` and ``bullets(_:)``: the same pattern,
    /// written from UTF-8 bytes with grapheme clusters found by a table of scalar
    /// classes (`GraphemeBreak.swift`, derived from the standard library's own breaking
    /// and checked against it over every scalar) and the rules of Unicode's extended
    /// grapheme clusters: combining marks, spacing marks and joiners after a base,
    /// emoji modifier and ZWJ sequences (GB11), flags (GB12/13), Hangul jamo
    /// (GB6–8), Indic conjuncts (GB9c) and CR LF. Writes the pattern (no quotes) at
    /// `out`, which must have room for `3 × count` bytes.
    ///
    /// - Returns: the number of bytes written, or `nil` for text the table does not
    ///   classify with certainty (a `Prepend` scalar, an unassigned code point, or any
    ///   scalar beyond ASCII under a standard library of another Unicode version than
    ///   the table's, but those ``isOwnGrapheme(_:)`` takes) or malformed UTF-8, which
    ///   goes through the `String` flavour; what is at `out` is then undefined. Tested
    ///   against the `String` flavour over every scalar class, Unicode's break test
    ///   data and mixed text.
    /// - Complexity: O(n).
    public static func simplePattern(_ start: UnsafePointer<UInt8>, _ count: Int, bullets: Bool,
                                     into out: UnsafeMutablePointer<UInt8>) -> Int? {
        let table = GraphemeTable.shared
        return table.index.withUnsafeBufferPointer { index in
            table.blocks.withUnsafeBufferPointer { blocks in
                bytePattern(start, count, bullets: bullets, into: out, index: index.baseAddress!, blocks: blocks.baseAddress!)
            }
        }
    }

    @inline(__always)
    private static func bytePattern(_ start: UnsafePointer<UInt8>, _ count: Int, bullets: Bool, into out: UnsafeMutablePointer<UInt8>,
                                    index: UnsafePointer<UInt16>, blocks: UnsafePointer<UInt8>) -> Int? {
        typealias C = GraphemeClass
        var k = 0, position = 0, written = 0
        // The last scalar's class (`unknown` before the first), whether the cluster
        // began with whitespace, a regional indicator waiting for its pair, and where
        // the GB11 (`ExtPict Extend* ZWJ`) and GB9c (`Consonant [Extend Linker]* Linker
        // [Extend Linker]*`) sequences stand: 0 outside, 1 inside, 2 ready to join.
        var previous = C.unknown
        var inWhitespace = false, pendingIndicator = false
        var emoji: UInt8 = 0, conjunct: UInt8 = 0
        while k < count {
            let byte = start[k]
            if byte >= 0x20 && byte < 0x7F {
                // Printable ASCII is `Other`: it starts a cluster after anything classified
                // (GB999; only a `Prepend` would hold it, and that is declined), and ends
                // every sequence the rules follow.
                previous = C.other
                emoji = 0; conjunct = 0; pendingIndicator = false
                inWhitespace = byte == 0x20
                if bullets {
                    out[written] = 0xE2; out[written + 1] = 0x80; out[written + 2] = 0xA2  // •
                    written += 3
                } else {
                    out[written] = inWhitespace ? 0x20 : position & 1 == 0 ? UInt8(ascii: "l") : UInt8(ascii: "a")
                    written += 1
                }
                position += 1
                k += 1
                continue
            }
            let scalar: UInt32, length: Int
            if byte < 0x80 {
                scalar = UInt32(byte)
                length = 1
            } else if byte >= 0xC2 && byte < 0xE0 && k + 1 < count && start[k + 1] & 0xC0 == 0x80 {
                scalar = UInt32(byte & 0x1F) << 6 | UInt32(start[k + 1] & 0x3F)
                length = 2
            } else if byte & 0xF0 == 0xE0 && k + 2 < count && start[k + 1] & 0xC0 == 0x80 && start[k + 2] & 0xC0 == 0x80 {
                scalar = UInt32(byte & 0x0F) << 12 | UInt32(start[k + 1] & 0x3F) << 6 | UInt32(start[k + 2] & 0x3F)
                // Overlong forms and surrogates take the String flavour (which reads them as U+FFFD).
                if scalar < 0x800 || scalar & 0xF800 == 0xD800 { return nil }
                length = 3
            } else if byte >= 0xF0 && byte <= 0xF4 && k + 3 < count && start[k + 1] & 0xC0 == 0x80 && start[k + 2] & 0xC0 == 0x80
                        && start[k + 3] & 0xC0 == 0x80 {
                scalar = UInt32(byte & 0x07) << 18 | UInt32(start[k + 1] & 0x3F) << 12 | UInt32(start[k + 2] & 0x3F) << 6 | UInt32(start[k + 3] & 0x3F)
                if scalar < 0x10000 || scalar > 0x10FFFF { return nil }
                length = 4
            } else {
                return nil
            }
            let kind: UInt8
            if scalar < 0x80 {
                kind = scalar >= 0x20 && scalar < 0x7F ? C.other : scalar == 0x0D ? C.cr : scalar == 0x0A ? C.lf : C.control
            } else {
                kind = blocks[Int(index[Int(scalar >> 8)]) << 8 | Int(scalar & 0xFF)]
            }
            // Whether this scalar continues the cluster (UAX #29, GB3–GB13).
            let joins: Bool
            switch kind {
            case C.unknown:
                return nil
            case C.lf:
                joins = previous == C.cr  // GB3, else GB4/GB5
            case C.control, C.cr:
                joins = false  // GB5
            default:
                if previous == C.unknown || previous == C.control || previous == C.cr || previous == C.lf {  // GB4, or the start
                    joins = false
                } else {
                    switch kind {
                    case C.extend, C.extendConjunct, C.linker, C.zwj, C.zwjConjunct, C.spacingMark: joins = true  // GB9, GB9a
                    case C.l, C.lv, C.lvt: joins = previous == C.l  // GB6
                    case C.v: joins = previous == C.l || previous == C.v || previous == C.lv  // GB6, GB7
                    case C.t: joins = previous == C.v || previous == C.lv || previous == C.t || previous == C.lvt  // GB7, GB8
                    case C.regionalIndicator: joins = pendingIndicator  // GB12, GB13
                    case C.pictographic: joins = emoji == 2  // GB11
                    case C.consonant: joins = conjunct == 2  // GB9c
                    default: joins = false  // GB999
                    }
                }
            }
            switch kind {
            case C.pictographic: emoji = 1
            case C.extend, C.extendConjunct, C.linker: emoji = emoji == 1 ? 1 : 0
            case C.zwj, C.zwjConjunct: emoji = emoji == 1 ? 2 : 0
            default: emoji = 0
            }
            switch kind {
            case C.consonant: conjunct = 1
            case C.linker: conjunct = conjunct == 0 ? 0 : 2
            case C.extendConjunct, C.zwjConjunct: break
            default: conjunct = 0
            }
            pendingIndicator = kind == C.regionalIndicator && !joins
            previous = kind
            if joins {
                // Whitespace glued to a whitespace cluster is kept; anything else in it is content.
                if inWhitespace && !bullets && isWhitespace(scalar) {
                    for i in 0..<length { out[written + i] = start[k + i] }
                    written += length
                }
            } else {
                inWhitespace = isWhitespace(scalar)
                if bullets {
                    out[written] = 0xE2; out[written + 1] = 0x80; out[written + 2] = 0xA2  // •
                    written += 3
                } else if inWhitespace {
                    for i in 0..<length { out[written + i] = start[k + i] }
                    written += length
                } else {
                    out[written] = position & 1 == 0 ? UInt8(ascii: "l") : UInt8(ascii: "a")
                    written += 1
                }
                position += 1
            }
            k += length
        }
        return written
    }

    /// The pattern of a `String` by ``simplePattern(_:_:bullets:into:)``, from its UTF-8
    /// storage; `nil` where that declines or the storage is not contiguous.
    static func bytePattern(_ text: String, bullets: Bool) -> String? {
        let count = text.utf8.count
        if count == 0 { return "" }
        let result: String?? = text.utf8.withContiguousStorageIfAvailable { input in
            var out = [UInt8](repeating: 0, count: bullets ? count * 3 : count)
            let written = out.withUnsafeMutableBufferPointer { simplePattern(input.baseAddress!, count, bullets: bullets, into: $0.baseAddress!) }
            return written.map { String(decoding: out[..<$0], as: UTF8.self) }
        }
        return result ?? nil
    }

    /// Scalars beyond ASCII that are always a grapheme of their own and never
    /// whitespace, whatever is around them: Latin letters and symbols (U+00A1–U+02FF but
    /// the soft hyphen), kana, CJK ideographs and Hangul syllables. A string of these
    /// and printable ASCII has one grapheme per scalar.
    @inlinable
    public static func isOwnGrapheme(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00A1...0x02FF: return scalar != 0x00AD
        case 0x3041...0x3096, 0x30A1...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return true
        default: return false
        }
    }
}
