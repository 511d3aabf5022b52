import Testing
@testable import MaskEngine

/// The two flavours of the masking contract's patterns: `Placeholder.simplePattern`
/// masks UTF-8 bytes of "simple" scalars byte by byte, one `l`/`a` (or `•`) per scalar;
/// `Placeholder.laPattern`/`bullets` define the pattern by graphemes. They must agree
/// wherever the byte flavour answers, and it must decline everything else.
@Suite("Byte-level masking patterns")
struct PatternFlavourTests {
    static let ranges: [ClosedRange<UInt32>] = [0x00A1...0x02FF, 0x3041...0x3096, 0x30A1...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3]

    static var simpleScalars: [Unicode.Scalar] {
        ranges.flatMap { $0 }.filter { Placeholder.isOwnGrapheme($0) }.compactMap(Unicode.Scalar.init)
    }

    @Test("every scalar taken as simple is one grapheme next to anything simple, and not whitespace")
    func ownGraphemes() {
        let scalars = Self.simpleScalars
        let neighbours: [Unicode.Scalar] = ["a", " ", "~", "\u{7F}", "é", "ʰ", "˿", "ぁ", "ヿ", "一", "鿿", "가", "힣", "¡"]
        var failures = 0
        for scalar in scalars {
            let character = Character(scalar)
            if character.isWhitespace { failures += 1; Issue.record("U+\(String(scalar.value, radix: 16)) is whitespace") }
            for other in neighbours + [scalar] {
                var pair = String.UnicodeScalarView()
                pair.append(scalar); pair.append(other)
                var reversed = String.UnicodeScalarView()
                reversed.append(other); reversed.append(scalar)
                if String(pair).count != 2 || String(reversed).count != 2 {
                    failures += 1
                    if failures < 10 { Issue.record("U+\(String(scalar.value, radix: 16)) joins U+\(String(other.value, radix: 16))") }
                }
            }
        }
        #expect(scalars.count > 30_000)
    }

    func written(_ bytes: [UInt8], bullets: Bool) -> String? {
        var out = [UInt8](repeating: 0, count: bytes.count * 3 + 1)
        let count = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { Placeholder.simplePattern(input.baseAddress!, bytes.count, bullets: bullets, into: $0.baseAddress!) }
        }
        return count.map { String(decoding: out[..<$0], as: UTF8.self) }
    }

    func written(_ text: String, bullets: Bool) -> String? { written(Array(text.utf8), bullets: bullets) }

    /// The pattern by the standard library's grapheme breaking (what `emit` wrote
    /// before the byte flavour took most text), checked against `emit` as well.
    func expected(_ text: String, bullets: Bool) -> String {
        let reference = bullets ? String(repeating: Placeholder.secureCharacter, count: text.count) : Placeholder.stringPattern(text)
        #expect((bullets ? FieldEmission.bullets : .mask).emit(text) == reference, "\(text.debugDescription)")
        return reference
    }

    @Test("every ASCII byte, controls and CR LF too, agrees with the String flavour")
    func ascii() {
        for byte in UInt8(0)...0x7F {
            for text in [String(decoding: [byte, UInt8(ascii: "x"), byte], as: UTF8.self), String(decoding: [0x0D, byte, 0x0A, byte], as: UTF8.self)] {
                for bullets in [false, true] {
                    #expect(written(text, bullets: bullets) == expected(text, bullets: bullets), "byte \(byte)")
                }
            }
        }
    }

    @Test("malformed UTF-8 is declined, never masked differently", arguments: [
        [0xC3], [0xC3, 0x41], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xE3, 0x81], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x91, 0x8D], [0x80], [0xFF],
    ] as [[UInt8]])
    func malformed(_ bytes: [UInt8]) {
        for bullets in [false, true] {
            let got = written(bytes, bullets: bullets)
            #expect(got == nil || got == expected(String(decoding: bytes, as: UTF8.self), bullets: bullets))
        }
    }

    @Test("random simple text masks as Placeholder does")
    func agreesWithPlaceholder() {
        let scalars = Self.simpleScalars
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<(1 + next(12)) {
                switch next(4) {
                case 0: text.append(" ")
                case 1: text.append(Unicode.Scalar(UInt8(0x21 + next(0x5E))))
                default: text.append(scalars[next(scalars.count)])
                }
            }
            let string = String(text)
            for bullets in [false, true] {
                #expect(written(string, bullets: bullets) == expected(string, bullets: bullets), "\(string.debugDescription)")
            }
        }
    }

    @Test("clusters of many scripts are written from bytes, as Placeholder writes them", arguments: [
        "e\u{301}", "👍🏽", "a\u{A0}b", "soft\u{AD}hyphen", "ш", "\u{3000}", "\u{3099}", "ᄀ", "👩🏽‍💻 🇯🇵🇫", "क्षत्रिय", "ที่นี่", "Việt Nam", "مَرْحَبًا",
        "\u{1112}\u{1161}\u{11AB}", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", " \u{301}x\t\u{200D}", "a\r\nb",
    ])
    func accepts(_ text: String) {
        #expect(written(text, bullets: false) == expected(text, bullets: false))
        #expect(written(text, bullets: true) == expected(text, bullets: true))
    }

    @Test("Prepend and unassigned scalars are left to Placeholder", arguments: ["\u{600}1", "a\u{110BD}", "x\u{378}", "\u{E0000}", "\u{10FFFF}"])
    func declines(_ text: String) {
        #expect(written(text, bullets: false) == nil)
        #expect(written(text, bullets: true) == nil)
        #expect(Placeholder.laPattern(text) == GraphemePatternTests.reference(text))
    }
}
