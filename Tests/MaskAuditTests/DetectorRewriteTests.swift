import Foundation
@testable import MaskAudit
@testable import MaskEngine
import MaskTestSupport
import Testing

/// The repository root.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The value detectors read a text once into `DetectorText` and index its characters;
/// they must decide exactly as the former implementation (`ReferenceDetectors`), which
/// walked the `String` in every detector: the same findings, and the same ranges for
/// machine words, cards and IBANs, on the labelled corpus and on generated text built
/// from the characters where reading by characters and by bytes part ways.
@Suite("Detectors read once")
struct DetectorRewriteTests {
    /// Fragments for generated text: digits and separators, phone and number words,
    /// token prefixes and PEM markers, and look-alikes: U+212A KELVIN SIGN (`== "K"`),
    /// U+037E (`== ";"`), U+1FEF (`` == "`" ``), combining marks after digits and
    /// punctuation, CR LF, non-ASCII digits and spaces, emoji with modifiers and flags.
    static let pieces = [
        "0", "1", "4", "7", "12", "415", "555", "0100", "4111", "1111", "2016", "05", "03", "9", " ", "  ", "-", ".", "(", ")", "+", "/",
        "_", "@", ",", "'", "\"", ":", ";", "=", "tel", "Tél", "Te\u{301}l", "TELEFONO", "call", "order", "isbn", "no", "phone", "WhatsApp",
        "jane", "example.com", "jane@example.com", "a.b@c-d.org", "DE89 3704 0044 0532 0130 00", "GB82WEST12345698765432", "sk_live_", "A\u{212A}IA", "AKIA", "eyJ",
        "-----BEGIN RSA PRIVATE KEY-----", "-----BEGIN", "PRIVATE \u{212A}EY-----", "abcdEFGH1234", "AbCdEfGhIjKlMnOpQrStUvWx",
        "deadbeef12", "56db506c2f0e", "IMG_0042.JPG", ".m\u{212A}v", ".jpg", "/storage/emulated/0/", "://", "~/", "../",
        "\u{212A}", "\u{37E}", "\u{1FEF}", "1\u{301}", "-\u{301}", "\u{301}", "\r\n", "\r", "\n", "\t", "\u{A0}", "\u{2003}",
        "٣٤٥", "５６７", "ß", "İ", "👍🏽", "🇫🇷", "日本", "é", "QQ 12 34 56 C", "123-45-6789", "(0882251292745)", "+62 812 3456 7890",
        "3714 496353 98431", "10.0.19041.1234", "125.000.000", "x", "ID", "\u{600}", "\u{200D}",
    ]

    /// `ranges` as UTF-8 offsets of `text`.
    static func offsets(_ ranges: [Range<String.Index>], in text: String) -> [Range<Int>] {
        ranges.map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound)..<text.utf8.distance(from: text.startIndex, to: $0.upperBound) }
    }

    /// Every part the two implementations share, compared on one text.
    static func compare(_ text: String, _ label: @autoclosure () -> String) {
        let characters = DetectorText(text)
        #expect(characters.count == text.count, "\(label())")
        let machine = MachineTokens(characters), reference = ReferenceMachineTokens(text)
        #expect(machine.ranges == offsets(reference.ranges, in: text), "machine words: \(label())")
        let ibans = ValueDetectors.ibanRanges(text), referenceIBANs = ReferenceDetectors.ibanRanges(text)
        #expect(ibans == offsets(referenceIBANs, in: text), "IBANs: \(label())")
        let cards = ValueDetectors.paymentCardRanges(characters, skipping: machine, ibans: ibans)
        let referenceCards = ReferenceDetectors.paymentCardRanges(text, skipping: reference, ibans: referenceIBANs)
        #expect(cards == offsets(referenceCards, in: text), "cards: \(label())")
        #expect(ValueDetectors.containsPhone(characters, skipping: machine, taken: ibans + cards)
                    == ReferenceDetectors.containsPhone(text, skipping: reference, taken: referenceIBANs + referenceCards), "phone: \(label())")
        #expect(ValueDetectors.containsSecret(characters) == ReferenceDetectors.containsSecret(text), "secret: \(label())")
        #expect(ValueDetectors.scan(text) == ReferenceDetectors.scan(text), "scan: \(label())")
        #expect(ValueDetectors.scanUngated(text) == ReferenceDetectors.scanUngated(text), "ungated: \(label())")
        for word in text.split(whereSeparator: \.isWhitespace) {
            #expect(MachineTokens.isMachineWord(word) == ReferenceMachineTokens.isMachineWord(word), "word \(String(word).debugDescription): \(label())")
        }
    }

    @Test("the labelled corpus: every finding and range as before")
    func corpus() throws {
        let corpus = try DetectorCorpus(parsing: String(contentsOf: root.appendingPathComponent("Tests/Fixtures/Detectors/corpus.tsv"), encoding: .utf8))
        #expect(corpus.entries.count >= 400)
        for entry in corpus.entries { Self.compare(entry.text, "corpus.tsv line \(entry.line)") }
    }

    @Test("generated text with look-alikes, combining marks, CR LF and other scripts: every finding and range as before")
    func generated() {
        var rng = SplitMix64(seed: 2026)
        var found: [ContentDetector: Int] = [:]
        for _ in 0..<8_000 {
            let text = (0..<Int.random(in: 1...14, using: &rng)).map { _ in Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &rng)] }.joined()
            Self.compare(text, text.debugDescription)
            for kind in ValueDetectors.scan(text) { found[kind, default: 0] += 1 }
        }
        // The texts reach every detector, so equal findings are not equal silence.
        for kind in ValueDetectors.kinds { #expect(found[kind, default: 0] > 30, "\(kind) found \(found[kind, default: 0]) times") }
    }

    @Test("characters are read as String reads them, ASCII byte by byte and everything else by graphemes")
    func characters() {
        for text in ["", "a", "\r\n", "a\r\nb\r", "\r\r\n\n", "1\u{301}2", "K\u{212A}", "x\u{600}1", "👍🏽🇫🇷a", "e\u{301}\r\n"] {
            let characters = DetectorText(text)
            #expect(characters.traits == text.map(DetectorText.Traits.init), "\(text.debugDescription)")
            var offset = 0
            for (index, character) in text.enumerated() {
                #expect(characters.offset(index) == offset, "\(text.debugDescription) character \(index)")
                #expect(characters.character(index) == character)
                offset += character.utf8.count
            }
            #expect(characters.offset(characters.count) == text.utf8.count)
        }
        // Equal as `Character ==` says: the three look-alikes of ASCII characters.
        #expect(DetectorText("\u{212A}\u{37E}\u{1FEF}").traits.map(\.code) == [UInt8(ascii: "K"), UInt8(ascii: ";"), UInt8(ascii: "`")])
        #expect(DetectorText("\r\n").traits.map(\.code) == [0xFF])
    }
}
