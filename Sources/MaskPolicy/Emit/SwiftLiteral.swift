/// Swift source text for values, as generated code spells them.
enum SwiftLiteral {
    /// A string literal: printable ASCII as is, `"` and `\` escaped, every other
    /// character as `\u{HEX}` (upper-case hex). Escaping all of non-ASCII keeps bidi
    /// controls and look-alikes out of the source, and the output byte-stable.
    static func string(_ value: String) -> String {
        "\"" + escaped(value, quote: true) + "\""
    }

    /// Text for a `//` comment: as ``string(_:)`` without the quotes, so no newline can
    /// end the comment early.
    static func commentText(_ value: String) -> String {
        escaped(value, quote: false)
    }

    private static func escaped(_ value: String, quote: Bool) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x22 where quote: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x20...0x7E: out.unicodeScalars.append(scalar)
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }
}
