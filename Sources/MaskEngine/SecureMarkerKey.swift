/// The secure-entry markers by the names other tools give them: a view's key or
/// attribute in any case, with `-` or `_` between its words (`PASSWORD`, `is_password`,
/// `input-type`, `Autofill_Hints`, `text_content_type`). The JSON tree reader takes its
/// documented keys exactly (their wrong types are errors) and these spellings as
/// markers that fail closed; the capture importers take every spelling.
public enum SecureMarkerKey: Sendable, Equatable {
    /// A flag: `password`, `isPassword`, `isObscured`, `obscureText`, `secureTextEntry`,
    /// `isSecureTextEntry`.
    case flag
    /// Android's `inputType`: a number, hex, or `textPassword|...` names.
    case inputType
    /// Android's `autofillHints`: hints joined with commas, or a list.
    case autofillHints
    /// A content type: `autocomplete` (HTML, React Native's `autoComplete`) and
    /// `textContentType` (UIKit), secure when it names a secret
    /// (``SecureContent/isSecureName(_:)``).
    case contentType

    /// The marker a key names, read from its bytes: ASCII letters in any case, `-` and
    /// `_` ignored, after a namespace prefix (`a:password`). nil for any other key.
    /// - Complexity: O(n) for a key of n bytes; a key longer than 40 bytes, or shorter
    ///   than 8, is no marker and is not folded.
    public static func of(_ key: UnsafeBufferPointer<UInt8>) -> SecureMarkerKey? {
        guard key.count >= 8, key.count <= 40 else { return nil }
        var start = 0
        if let colon = key.lastIndex(of: UInt8(ascii: ":")) { start = colon + 1 }
        // Every marker begins with one of `p i o s a t`: most other keys a tree holds
        // (`contentDescription`, `backgroundColor`) stop at their first letter.
        while start < key.count, key[start] == UInt8(ascii: "-") || key[start] == UInt8(ascii: "_") { start += 1 }
        guard start < key.count, Self.firstLetters.contains(key[start] | 0x20) else { return nil }
        // Folded into a fixed buffer: no allocation for the keys a tree holds.
        var folded: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        for index in start..<key.count {
            var byte = key[index]
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") { continue }
            if byte >= 65 && byte <= 90 { byte += 32 }
            guard byte >= 97 && byte <= 122, count < 24 else { return nil }
            let shift = UInt64(count % 8) * 8
            switch count / 8 {
            case 0: folded.0 |= UInt64(byte) << shift
            case 1: folded.1 |= UInt64(byte) << shift
            default: folded.2 |= UInt64(byte) << shift
            }
            count += 1
        }
        for (name, marker) in foldedNames where name.count == count && name.words == folded { return marker }
        return nil
    }

    /// The first letters of the markers' names, lower-cased.
    private static let firstLetters: Set<UInt8> = Set("piosat".utf8)

    /// ``of(_:)`` for a key held as a string.
    public static func of(_ key: String) -> SecureMarkerKey? {
        var key = key
        return key.withUTF8 { of($0) }
    }

    private struct Folded {
        let count: Int
        let words: (UInt64, UInt64, UInt64)

        init(_ name: String) {
            var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
            for (index, byte) in name.utf8.enumerated() {
                let shift = UInt64(index % 8) * 8
                switch index / 8 {
                case 0: words.0 |= UInt64(byte) << shift
                case 1: words.1 |= UInt64(byte) << shift
                default: words.2 |= UInt64(byte) << shift
                }
            }
            count = name.utf8.count
            self.words = words
        }
    }

    private static let foldedNames: [(Folded, SecureMarkerKey)] = [
        ("password", flag), ("ispassword", flag), ("isobscured", flag), ("obscuretext", flag),
        ("securetextentry", flag), ("issecuretextentry", flag),
        ("inputtype", inputType), ("autofillhints", autofillHints),
        ("autocomplete", contentType), ("textcontenttype", contentType),
    ].map { (Folded($0.0), $0.1) }
}
