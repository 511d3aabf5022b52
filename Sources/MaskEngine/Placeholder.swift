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
        if let ascii = asciiLaPattern(text) { return ascii }
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
        String(repeating: secureCharacter, count: text.count)
    }

    /// The pattern for text made of ASCII only, byte by byte; `nil` for other text.
    /// `\r\n` is one grapheme, as in Unicode.
    private static func asciiLaPattern(_ text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count)
        var position = 0
        var previousCR = false
        for byte in utf8 {
            if byte == 0x0A && previousCR {  // the LF of a CR LF grapheme
                out.append(byte)
                previousCR = false
                continue
            }
            previousCR = byte == 0x0D
            switch byte {
            case 0x09...0x0D, 0x20: out.append(byte)
            default: out.append(position & 1 == 0 ? UInt8(ascii: "l") : UInt8(ascii: "a"))
            }
            position += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Placeholder {
    /// The byte flavour of ``laPattern(_:)`` and ``bullets(_:)``, for the common text in
    /// which every scalar is a grapheme of its own: ASCII without control bytes, Latin
    /// letters and symbols, kana, CJK ideographs and Hangul syllables (see
    /// ``isOwnGrapheme(_:)``). Writes the pattern (no quotes) at `out`, which must have
    /// room for `3 × count` bytes.
    ///
    /// - Returns: the number of bytes written, or `nil` for text with any other scalar
    ///   (or malformed UTF-8), which goes through the `String` flavour; what is at `out`
    ///   is then undefined. Tested against the `String` flavour over every scalar class.
    /// - Complexity: O(n).
    @inlinable
    public static func simplePattern(_ start: UnsafePointer<UInt8>, _ count: Int, bullets: Bool,
                                     into out: UnsafeMutablePointer<UInt8>) -> Int? {
        var k = 0, position = 0, written = 0
        while k < count {
            let byte = start[k]
            var scalar: UInt32
            if byte < 0x80 {
                // Controls (tab, line breaks, CR LF pairs) take the String flavour.
                if byte < 0x20 { return nil }
                scalar = UInt32(byte)
                k += 1
            } else if byte >= 0xC2 && byte < 0xE0 && k + 1 < count && start[k + 1] & 0xC0 == 0x80 {
                scalar = UInt32(byte & 0x1F) << 6 | UInt32(start[k + 1] & 0x3F)
                k += 2
            } else if byte & 0xF0 == 0xE0 && k + 2 < count && start[k + 1] & 0xC0 == 0x80 && start[k + 2] & 0xC0 == 0x80 {
                scalar = UInt32(byte & 0x0F) << 12 | UInt32(start[k + 1] & 0x3F) << 6 | UInt32(start[k + 2] & 0x3F)
                // Overlong forms take the String flavour (which reads them as U+FFFD).
                if scalar < 0x800 { return nil }
                k += 3
            } else {
                return nil
            }
            if scalar == 0x20 && !bullets {
                out[written] = 0x20
                written += 1
            } else if scalar < 0x80 || isOwnGrapheme(scalar) {
                if bullets {
                    out[written] = 0xE2; out[written + 1] = 0x80; out[written + 2] = 0xA2  // •
                    written += 3
                } else {
                    out[written] = position & 1 == 0 ? UInt8(ascii: "l") : UInt8(ascii: "a")
                    written += 1
                }
            } else {
                return nil
            }
            position += 1
        }
        return written
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
