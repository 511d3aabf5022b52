import Testing
import MaskEngine
@testable import MaskJSON

/// The writer masks raw strings of "simple" scalars byte by byte, one `l`/`a` (or `•`)
/// per scalar; `Placeholder` defines the pattern by graphemes. The two must agree.
@Suite("Byte-level masking patterns")
struct SimplePatternTests {
    static let ranges: [ClosedRange<UInt32>] = [0x00A1...0x02FF, 0x3041...0x3096, 0x30A1...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3]

    static var simpleScalars: [Unicode.Scalar] {
        ranges.flatMap { $0 }.filter { MaskedTreeWriter.Emitter.isOwnGrapheme($0) }.compactMap(Unicode.Scalar.init)
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

    func written(_ text: String, bullets: Bool) -> String? {
        var out = ByteBuffer(capacity: 64)
        defer { out.release() }
        let bytes = Array(text.utf8)
        let done = bytes.withUnsafeBufferPointer { MaskedTreeWriter.Emitter.appendSimplePattern($0.baseAddress!, bytes.count, bullets: bullets, to: &out) }
        guard done else {
            #expect(out.count == 0, "nothing is left behind when the fast path declines")
            return nil
        }
        return String(decoding: UnsafeBufferPointer(start: out.base, count: out.count), as: UTF8.self)
    }

    func expected(_ text: String, bullets: Bool) -> String {
        var quoted: [UInt8] = []
        JSONString.appendQuoted(bullets ? Placeholder.bullets(text) : Placeholder.laPattern(text), to: &quoted)
        return String(decoding: quoted, as: UTF8.self)
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

    @Test("anything else is left to Placeholder", arguments: ["e\u{301}", "👍🏽", "a\u{A0}b", "soft\u{AD}hyphen", "ш", "\u{3000}", "\u{3099}", "ᄀ"])
    func declines(_ text: String) {
        #expect(written(text, bullets: false) == nil)
        #expect(written(text, bullets: true) == nil)
    }
}
