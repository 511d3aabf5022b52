import Testing
import MaskEngine

/// The `la` pattern, bullets and the placeholder markers.
@Suite("Placeholders")
struct PlaceholderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var expected: String
        var testDescription: String { "\(input.debugDescription) -> \(expected.debugDescription)" }
        init(_ input: String, _ expected: String) { self.input = input; self.expected = expected }
    }

    static let laCases: [Case] = [
        // The documentation's example.
        Case("the lazy fox", "lal lala ala"),
        Case("", ""),
        Case("a", "l"),
        Case("ab", "la"),
        Case("abc", "lal"),
        // Positions count over the whole string, whitespace included.
        Case("a b", "l l"),
        Case("ab cd", "la al"),
        Case(" a", " a"),
        Case("  ", "  "),
        Case("Hello, World!", "lalala alalal"),
        Case("42", "la"),
        // Tabs and line breaks are kept.
        Case("a\tb\tc", "l\tl\tl"),
        Case("\tx", "\ta"),
        Case("ab\ncd", "la\nal"),
        Case("ab\rcd", "la\ral"),
        // CR LF is one grapheme: one position.
        Case("ab\r\ncd", "la\r\nal"),
        Case("a\r\n\r\nb", "l\r\n\r\na"),
        Case("a\r\r\nb", "l\r\r\na"),
        Case("a\n\rb", "l\n\ra"),
        Case("\u{0B}\u{0C}x", "\u{0B}\u{0C}l"),
        // Non-ASCII whitespace is kept.
        Case("a\u{00A0}b", "l\u{00A0}l"),
        Case("日本\u{3000}語", "la\u{3000}a"),
        Case("x\u{2003}y\u{2009}z", "l\u{2003}l\u{2009}l"),
        Case("a\u{2028}b\u{2029}c", "l\u{2028}l\u{2029}l"),
        Case("a\u{0085}b", "l\u{0085}l"),
        Case("a\u{202F}b", "l\u{202F}l"),
        Case("é\r\nx", "l\r\nl"),
        Case("ab\r\ncdé", "la\r\nala"),
        // Emoji: one grapheme each, whatever the scalars.
        Case("👍", "l"),
        Case("👍🏽 ok", "l la"),
        Case("👨‍👩‍👧‍👦", "l"),
        Case("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", "lal"),
        Case("🇫🇷🇩🇪", "la"),
        Case("hi 🏳️‍🌈!", "la al"),
        Case("1️⃣2️⃣", "la"),
        // Combining marks: one grapheme with their base.
        Case("e\u{301}", "l"),
        Case("cafe\u{301}", "lala"),
        Case("café", "lala"),
        Case("cafe\u{301} au lait", "lala al lala"),
        Case("a\u{300}\u{301}\u{302}b", "la"),
        Case("\u{1100}\u{1161}\u{11A8}", "l"),
        Case("Grüße", "lalal"),
        Case("日本語", "lal"),
        Case("Привет мир", "lalala ala"),
    ]

    @Test(arguments: laCases)
    func laPattern(_ c: Case) {
        let out = Placeholder.laPattern(c.input)
        #expect(out == c.expected)
        // Byte-exact too: the kept whitespace is the very same scalars.
        #expect(Array(out.unicodeScalars) == Array(c.expected.unicodeScalars))
    }

    @Test func laPatternKeepsTheGraphemeCount() {
        for c in Self.laCases {
            #expect(Placeholder.laPattern(c.input).count == c.input.count, "\(c.input.debugDescription)")
        }
    }

    @Test func asciiAndUnicodePathsAgree() {
        // Every ASCII scalar, alone and as a CR LF neighbour, must give the same pattern
        // whether the string is pure ASCII (fast path) or not (grapheme path).
        var samples: [String] = []
        for byte in UInt8(0)..<0x80 {
            let c = String(UnicodeScalar(byte))
            samples.append("x" + c + "y")
            samples.append("ab" + c + "\r\n" + c + "cd")
            samples.append(c + c)
        }
        samples.append("line one\r\nline two\n\tend")
        for s in samples {
            let ascii = Placeholder.laPattern(s)
            let unicode = Placeholder.laPattern(s + "é")
            #expect(unicode.hasSuffix("l") || unicode.hasSuffix("a"), "\(s.debugDescription)")
            #expect(String(unicode.dropLast()) == ascii, "\(s.debugDescription)")
        }
    }

    @Test func laPatternIsOnlyLAndAOrWhitespace() {
        let text = "Mr. John O'Neil, 12 rue de la Paix — 75002 Paris ✈️"
        let out = Placeholder.laPattern(text)
        for (original, masked) in zip(text, out) {
            if original.isWhitespace { #expect(masked == original) } else { #expect(masked == "l" || masked == "a") }
        }
        #expect(!out.contains("J"))
    }

    static let bulletCases: [Case] = [
        Case("", ""),
        Case("abc", "•••"),
        Case("the lazy fox", "••••••••••••"),
        Case("a b", "•••"),
        Case("\t", "•"),
        Case("\r\n", "•"),
        Case("a\r\nb", "•••"),
        Case("a\u{00A0}b", "•••"),
        Case("e\u{301}", "•"),
        Case("👨‍👩‍👧‍👦 x", "•••"),
        Case("🇫🇷", "•"),
        Case("日本語", "•••"),
    ]

    @Test(arguments: bulletCases)
    func bullets(_ c: Case) {
        #expect(Placeholder.bullets(c.input) == c.expected)
    }

    @Test func markers() {
        #expect(Placeholder.image == "IMG")
        #expect(Placeholder.map == "MAP")
        #expect(Placeholder.swiftUIText == "RECT")
        #expect(Placeholder.secureCharacter == "•")
        #expect(Placeholder.marker(for: .image) == "IMG")
        #expect(Placeholder.marker(for: .map) == "MAP")
        #expect(Placeholder.marker(for: .swiftUIText) == "RECT")
        for kind in [ViewKind.text, .secureText, .webview, .other] {
            #expect(Placeholder.marker(for: kind) == nil, "\(kind)")
        }
    }

    @Test func viewKindRawValues() {
        #expect(ViewKind(rawValue: "secure-text") == .secureText)
        #expect(ViewKind(rawValue: "swiftui-text") == .swiftUIText)
        #expect(ViewKind.allCases.count == 7)
    }

    @Test func fieldRoles() {
        for key in ["text", "placeholder", "accessibilityLabel", "accessibilityValue"] {
            #expect(ViewField.role(of: key) == .text, "\(key)")
        }
        for key in ["class", "frame", "id", "accessibilityIdentifier", "restorationIdentifier", "tag", "backgroundColor", "isSecureTextEntry", "textContentType", "superclasses"] {
            #expect(ViewField.role(of: key) == .structural, "\(key)")
        }
        #expect(ViewField.role(of: "image") == .image)
        #expect(ViewField.role(of: "children") == .children)
        #expect(ViewField.role(of: "userNotes") == .unknown)
        #expect(ViewField.role(of: "Text") == .unknown)
        #expect(Set(ViewField.textFields).isDisjoint(with: ViewField.structuralFields))
    }
}
