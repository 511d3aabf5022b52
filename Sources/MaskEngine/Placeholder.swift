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
        var result = ""
        result.unicodeScalars.reserveCapacity(text.utf8.count)
        var position = 0
        for character in text {
            if character.isWhitespace {
                // Only the whitespace itself: marks, joiners or tag characters glued to
                // a space are content, and would otherwise pass through in clear.
                for scalar in character.unicodeScalars where scalar.properties.isWhitespace {
                    result.unicodeScalars.append(scalar)
                }
            } else {
                result.append(position & 1 == 0 ? "l" : "a")
            }
            position += 1
        }
        return result
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
