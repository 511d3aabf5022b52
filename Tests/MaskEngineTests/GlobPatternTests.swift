import Testing
import MaskEngine

/// `*` globs in selector values.
@Suite("Glob patterns")
struct GlobPatternTests {
    /// Matches through both entry points (String and UTF-8 bytes), which must agree.
    static func matches(_ pattern: String, _ value: String) -> Bool {
        let p = GlobPattern(pattern)
        let viaString = p.matches(value)
        var copy = value
        let viaBytes = copy.withUTF8 { p.matches(bytes: $0) }
        #expect(viaString == viaBytes, "String and byte matching disagree for \(pattern) ~ \(value)")
        return viaString
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: String
        var value: String
        var expected: Bool
        var testDescription: String { "\(pattern) ~ \(value) -> \(expected)" }
        init(_ pattern: String, _ value: String, _ expected: Bool) {
            self.pattern = pattern; self.value = value; self.expected = expected
        }
    }

    static let cases: [Case] = [
        // Exact.
        Case("login", "login", true),
        Case("login", "Login", false),
        Case("login", "login2", false),
        Case("login", "", false),
        Case("", "", true),
        Case("", "a", false),
        // Prefix.
        Case("user_*", "user_name", true),
        Case("user_*", "user_", true),
        Case("user_*", "user", false),
        Case("user_*", "a_user_name", false),
        // Suffix.
        Case("*_field", "email_field", true),
        Case("*_field", "_field", true),
        Case("*_field", "email_fields", false),
        // Middle.
        Case("cell.*.title", "cell.3.title", true),
        Case("cell.*.title", "cell..title", true),
        Case("cell.*.title", "cell.3.subtitle", false),
        Case("cell.*.title", "cell.title", false),
        Case("ab*ba", "aba", false),
        Case("ab*ba", "abba", true),
        Case("a*a", "a", false),
        Case("a*a", "aa", true),
        // Multiple stars.
        Case("*name*", "username", true),
        Case("*name*", "name", true),
        Case("*name*", "nam", false),
        Case("a*b*c", "abc", true),
        Case("a*b*c", "a-x-b-y-c", true),
        Case("a*b*c", "acb", false),
        Case("a*b*c", "a-c-b-c", true),
        Case("a*bc*bc", "abcbc", true),
        Case("a*bc*bc", "abc", false),
        Case("*a*b*", "xxbxxaxx", false),
        Case("*a*b*", "xxaxxbxx", true),
        Case("0.*.1", "0.2.3.1", true),
        Case("0.*.1", "0.1", false),
        // Empty pieces: leading, trailing and doubled stars.
        Case("*", "", true),
        Case("*", "anything at all", true),
        Case("**", "", true),
        Case("**", "xyz", true),
        Case("a**b", "ab", true),
        Case("a**b", "a123b", true),
        Case("a**b", "a123", false),
        Case("*a*", "", false),
        Case("***a***", "a", true),
        // Unicode.
        Case("Café*", "Café au lait", true),
        Case("*ü*", "Grüße", true),
        Case("*ü*", "Grusse", false),
        Case("日本*", "日本語", true),
        Case("*語", "日本語", true),
        Case("日*語", "日本語", true),
        Case("日*語", "日本", false),
        Case("*👨‍👩‍👧*", "family 👨‍👩‍👧 here", true),
        Case("🇫🇷*", "🇫🇷 Paris", true),
        Case("*é", "cafe", false),
    ]

    @Test(arguments: cases)
    func matching(_ c: Case) {
        #expect(Self.matches(c.pattern, c.value) == c.expected)
    }

    @Test func properties() {
        #expect(GlobPattern("abc").isExact)
        #expect(GlobPattern("").isExact)
        #expect(!GlobPattern("a*").isExact)
        #expect(GlobPattern("*").matchesEverything)
        #expect(GlobPattern("***").matchesEverything)
        #expect(!GlobPattern("a*").matchesEverything)
        #expect(!GlobPattern("abc").matchesEverything)
        #expect(GlobPattern("user_*").text == "user_*")
        #expect(GlobPattern("user_*").description == "user_*")
        #expect(GlobPattern("a*b") == GlobPattern("a*b"))
        #expect(GlobPattern("a*b") != GlobPattern("a*c"))
    }

    @Test func questionMarksAndBracketsAreLiteral() {
        #expect(Self.matches("a?c", "a?c"))
        #expect(!Self.matches("a?c", "abc"))
        #expect(Self.matches("[root]>*", "[root]>UIView:eq(0)"))
        #expect(!Self.matches("[a-z]*", "abc"))
    }

    @Test func globsSelectInEveryGlobbableKey() {
        let built = build(N("root", "UIView", id: "screen-root", [
            N("a", "UILabel", id: "user_name", ai: "profile.name", ri: "restore_name"),
            N("b", "UILabel", id: "user_mail", ai: "profile.mail", ri: "restore_mail"),
            N("c", "UILabel", id: "title", ai: "header.title", ri: "title"),
        ]))
        let keys: [(String, ViewSelector)] = [
            ("id", .id(GlobPattern("user_*"))),
            ("ai", .accessibilityIdentifier(GlobPattern("profile.*"))),
            ("ri", .restorationIdentifier(GlobPattern("restore_*"))),
        ]
        for (key, selector) in keys {
            let d = decide(table([MaskRule(.mask, selector)], default: .unmask), built)
            #expect(d["a"]!.isMasked, "\(key)")
            #expect(d["a"]!.level == .instance, "\(key)")
            #expect(d["b"]!.isMasked, "\(key)")
            #expect(d["c"]!.isMasked == false, "\(key)")
            #expect(d["root"]!.isMasked == false, "\(key)")
        }
    }

    @Test func typeSelectorsAreNotGlobs() {
        let built = build(N("root", "UIView", [N("label", "UILabel"), N("button", "UIButton")]))
        let d = decide(table([MaskRule(.unmask, .type("UI*"))], default: .mask), built)
        #expect(d.values.allSatisfy { $0.isMasked && $0.level == .default })
        let literal = build(N("odd", "UI*"))
        let e = decide(table([MaskRule(.unmask, .type("UI*"))], default: .mask), literal)
        #expect(e["odd"]!.isMasked == false)
        #expect(e["odd"]!.level == .type)
    }
    @Test func selectorsCompareUTF8BytesNotCanonicalEquivalence() {
        // Identifiers are code: selectors match them byte for byte, exact and glob alike.
        let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(precomposed == decomposed)  // Swift String equality: canonical equivalence
        #expect(GlobPattern("caf*").matches(decomposed))
        #expect(GlobPattern("caf*").matches(precomposed))
        var value = decomposed
        let exact = GlobPattern(precomposed)
        let viaBytes = value.withUTF8 { exact.matches(bytes: $0) }
        #expect(exact.matches(decomposed) == viaBytes)
        #expect(!exact.matches(decomposed))
        #expect(exact.matches(precomposed))
        let built = build(N("v", "UIView", ai: decomposed))
        let byExact = decide(table([MaskRule(.mask, .accessibilityIdentifier(GlobPattern(precomposed)))], default: .unmask), built)
        let byGlob = decide(table([MaskRule(.mask, .accessibilityIdentifier(GlobPattern("c*" + precomposed.dropFirst())))], default: .unmask), built)
        #expect(byExact["v"]?.isMasked == false)
        #expect(byExact["v"]?.isMasked == byGlob["v"]?.isMasked)
    }
}
