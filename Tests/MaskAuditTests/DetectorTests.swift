import MaskAudit
import Testing

@Suite("Value detectors")
struct DetectorTests {
    @Test("e-mail addresses", arguments: [
        ("write to jane.appleseed@example.com today", true), ("a@b.co", true), ("user+tag@mail.example.org", true),
        ("@handle", false), ("x@y", false), ("name@host.c", false), ("10 @ 5.99", false),
    ])
    func email(_ text: String, _ expected: Bool) {
        #expect(ValueDetectors.scan(text).contains(.email) == expected)
    }

    @Test("payment cards are Luhn-checked", arguments: [
        ("4242 4242 4242 4242", true), ("4111-1111-1111-1111", true), ("5500005555555559", true), ("378282246310005", true),
        ("4242 4242 4242 4241", false), ("0000 0000 0000 0000", false), ("1234", false), ("order 123456789012", false),
    ])
    func card(_ text: String, _ expected: Bool) {
        #expect(ValueDetectors.scan(text).contains(.paymentCard) == expected)
    }

    @Test("IBANs are mod-97-checked", arguments: [
        ("DE89 3704 0044 0532 0130 00", true), ("GB82WEST12345698765432", true), ("fr14 2004 1010 0505 0001 3m02 606", true),
        ("DE89 3704 0044 0532 0130 01", false), ("GB00WEST12345698765432", false), ("DE89", false),
    ])
    func iban(_ text: String, _ expected: Bool) {
        #expect(ValueDetectors.scan(text).contains(.iban) == expected)
    }

    @Test("government ids", arguments: [
        ("SSN 123-45-6789", true), ("QQ 12 34 56 C", true), ("AB123456D", true),
        ("000-12-3456", false), ("666-12-3456", false), ("123-00-6789", false), ("1123-45-67890", false), ("AB123456E", false),
    ])
    func governmentID(_ text: String, _ expected: Bool) {
        #expect(ValueDetectors.scan(text).contains(.governmentID) == expected)
    }

    @Test("phone numbers need a plus or grouping", arguments: [
        ("Call +1 415 555 0100", true), ("(415) 555-0100", true), ("+447911123456", true),
        ("Total 12345678", false), ("2026", false), ("Room 12", false),
    ])
    func phone(_ text: String, _ expected: Bool) {
        #expect(ValueDetectors.scan(text).contains(.phone) == expected)
    }

    @Test("secrets", arguments: [
        ("sk_live_51HxAbCdEfGhIjKlMn", true), ("ghp_abcdefghijklmnopqrstuvwxyz0123456789", true),
        ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.abcDEF123", true), ("AKIAIOSFODNN7EXAMPLE", true),
        ("Q9xT2mLp8ZrV4nKc7WbY3hJd", true), ("The quick brown fox", false), ("internationalization", false),
    ])
    func secret(_ text: String, _ expected: Bool) {
        #expect(ValueDetectors.scan(text).contains(.secret) == expected)
    }

    @Test("identifier words split at punctuation and camel case; spinner is not a PIN")
    func identifierWords() {
        #expect(IdentifierHints.words(of: "login.passwordField") == ["login", "password", "field"])
        #expect(IdentifierHints.words(of: "cardCVV_input") == ["card", "cvv", "input"])
        #expect(IdentifierHints.match("loading.spinner") == nil)
        #expect(IdentifierHints.match("shipping.method") == nil)
        #expect(IdentifierHints.match("payment.cvv")?.secure == true)
        #expect(IdentifierHints.match("profile.email")?.secure == false)
    }

    @Test("excerpts keep the shape, never the value")
    func excerpt() {
        #expect(maskedExcerpt("jane@example.com") == "xxxx@xxxxxxx.xxx")
        #expect(maskedExcerpt("4242 4242") == "#### ####")
        #expect(maskedExcerpt(String(repeating: "a", count: 30)) == String(repeating: "x", count: 24) + "…")
        #expect(maskedExcerpt("+1 (555) 010-9999") == "+# (###) ###-####")
        #expect(maskedExcerpt("sk_live/ab:cd") == "xx_xxxx/xx:xx")
    }

    @Test("excerpts reduce controls, other punctuation and symbols to '?': only the shape is left")
    func excerptShape() {
        #expect(maskedExcerpt("jane@example.com\u{1B}[8m") == "xxxx@xxxxxxx.xxx??#x")
        #expect(maskedExcerpt("a\u{7F}b\u{85}c\u{9B}d\u{202E}e\u{2066}f") == "x?x x?x?x?x")
        #expect(maskedExcerpt("Doe, Jane; \"pin\"") == "xxx? xxxx? ?xxx?")
        #expect(maskedExcerpt("#4=5%&'<>$!*[]{}|\\~`^") == "?#?#" + String(repeating: "?", count: 17))
        #expect(maskedExcerpt("€5 ©x") == "?# ?x")
        #expect(maskedExcerpt("a\tb\nc\r\nd") == "x x x x")
        // Whatever the input, an excerpt holds only the shape characters.
        let allowed = Set("x# ?…").union(excerptSeparators)
        var scalars = String.UnicodeScalarView()
        for value in 0...0x3000 { if let scalar = Unicode.Scalar(value) { scalars.append(scalar) } }
        let text = String(scalars)
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: 24, limitedBy: text.endIndex) ?? text.endIndex
            let excerpt = maskedExcerpt(String(text[start..<end]))
            #expect(excerpt.allSatisfy(allowed.contains), "\(excerpt)")
            start = end
        }
    }
}
