import Foundation
import Testing
@testable import MaskEngine

/// The `la` pattern over text in any script: grapheme clusters from emoji sequences,
/// flags, keycaps, combining marks, Indic and Thai scripts, Hangul jamo, and Unicode's
/// own grapheme break test data (`Tests/Fixtures/Unicode/GraphemeBreakTest.txt`).
/// Both flavours must agree on every case: the byte flavour either declines or writes
/// what the `String` flavour writes, and the `String` flavour writes one `l`/`a` per
/// grapheme that is not whitespace.
@Suite("Patterns in any script")
struct GraphemePatternTests {
    /// The pattern as defined, by `Character`s and scalar properties: the reference the
    /// engine's faster `String` flavour is held to.
    static func reference(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var position = 0
        for character in text {
            if character.isWhitespace {
                for scalar in character.unicodeScalars where scalar.properties.isWhitespace { result.append(scalar) }
            } else {
                result.append(position & 1 == 0 ? "l" : "a")
            }
            position += 1
        }
        return String(result)
    }

    static func byteFlavour(_ text: String, bullets: Bool) -> String? {
        let bytes = Array(text.utf8)
        var out = [UInt8](repeating: 0, count: bytes.count * 3 + 1)
        let count = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { Placeholder.simplePattern(input.baseAddress!, bytes.count, bullets: bullets, into: $0.baseAddress!) }
        }
        return count.map { String(decoding: out[..<$0], as: UTF8.self) }
    }

    static func check(_ text: String, _ context: @autoclosure () -> String) {
        let pattern = Placeholder.laPattern(text)
        #expect(pattern == reference(text), "\(context())")
        #expect(Placeholder.stringPattern(text) == pattern, "the standard library's breaking: \(context())")
        #expect(Placeholder.bullets(text) == String(repeating: Placeholder.secureCharacter, count: text.count), "bullets: \(context())")
        #expect(pattern.count == text.count, "one grapheme out per grapheme in: \(context())")
        for bullets in [false, true] {
            let bytes = byteFlavour(text, bullets: bullets)
            #expect(bytes == nil || bytes == (bullets ? Placeholder.bullets(text) : pattern), "byte flavour: \(context())")
            // Declined only for a scalar the table leaves to the String flavour.
            let classified = text.unicodeScalars.allSatisfy { GraphemeClass.of($0.value) != GraphemeClass.unknown }
            #expect(bytes != nil || !classified, "byte flavour declined: \(context())")
        }
    }

    @Test("Placeholder.isWhitespace is Unicode's White_Space on every scalar")
    func whitespaceOnEveryScalar() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if Placeholder.isWhitespace(value) != scalar.properties.isWhitespace { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
    }

    /// Clusters real screens carry, alone, next to each other, and around whitespace.
    static let clusters = [
        "👩🏽‍💻", "👨‍👩‍👧‍👦", "👍🏿", "🏳️‍🌈", "🏴‍☠️", "❤️‍🔥", "🇯🇵", "🇫🇷🇧🇷", "1️⃣", "#️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
        "ệ", "e\u{301}\u{323}", "क्ष", "न्त्र", "स्", "مَ", "رْحَ", "بًا", "สวั", "ที่", "กำ",
        "\u{1112}\u{1161}\u{11AB}", "\u{1100}\u{1173}", "한", "Å", "A\u{30A}", "\u{0600}1", "\r\n", "\u{200D}", "\u{FE0F}",
        " \u{301}", "\u{3000}\u{301}", "\t\u{200D}",
    ]

    @Test("clusters from many scripts, alone, in pairs and around whitespace")
    func clustersAndMixes() {
        let separators = ["", " ", "\u{A0}", "\n", "\u{3000}"]
        for a in Self.clusters {
            Self.check(a, a.debugDescription)
            for b in Self.clusters {
                for separator in separators {
                    let text = a + separator + b
                    Self.check(text, text.debugDescription)
                }
            }
        }
    }

    @Test("Unicode's grapheme break test data: every case, and each in a mixed string")
    func unicodeTestData() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Fixtures/Unicode/GraphemeBreakTest.txt"), encoding: .utf8)
        var cases = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "#", maxSplits: 1)[0].split(separator: " ")
            var scalars = String.UnicodeScalarView()
            for field in fields where field != "÷" && field != "×" {
                guard let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) else { continue }
                scalars.append(scalar)
            }
            let sample = String(scalars)
            Self.check(sample, "line: \(line)")
            Self.check("Zoë " + sample + " 日本", "in a string, line: \(line)")
            cases += 1
        }
        #expect(cases > 600)
    }
}
