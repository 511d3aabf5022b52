import Testing
import MaskJSON

@Suite("Report text escaping")
struct ReportTextTests {
    /// Every scalar a report must not carry raw, by class.
    static let controls: [(name: String, scalars: [Unicode.Scalar])] = [
        ("C0", (0x00...0x1F).map { Unicode.Scalar($0)! }),
        ("DEL", ["\u{7F}"]),
        ("C1", (0x80...0x9F).map { Unicode.Scalar($0)! }),
        ("bidi", ["\u{61C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
                  "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]),
        ("separators", ["\u{2028}", "\u{2029}"]),
    ]

    @Test("C0, DEL, C1, bidi controls and line separators are shown as \\u{HEX}")
    func controlsEscaped() {
        for (name, scalars) in Self.controls {
            for scalar in scalars {
                #expect(ReportText.isControl(scalar), "\(name) U+\(String(scalar.value, radix: 16))")
                let escaped = ReportText.escaped("a" + String(scalar) + "b")
                #expect(escaped == "a\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}b", "\(name)")
            }
        }
        #expect(ReportText.escaped("card\u{1B}[8m") == "card\\u{1B}[8m")
        #expect(ReportText.escaped("root\nforged") == "root\\u{A}forged")
        #expect(ReportText.escaped("\r\n") == "\\u{D}\\u{A}")
        #expect(ReportText.escaped("\u{202E}abc") == "\\u{202E}abc")
    }

    @Test("everything else is kept as it is, and escaping twice changes nothing")
    func othersKept() {
        for text in ["", "UILabel", "café 日本 😀 👩‍👩‍👧", "a\\u{1B}b", "\u{200B}\u{200D}\u{FEFF}", "tab\\t", "x\u{301}"] {
            #expect(ReportText.escaped(text) == text)
        }
        // Every scalar of the Basic Multilingual Plane: the result holds no control, and
        // a second pass is the identity.
        var all = String.UnicodeScalarView()
        for value in 0...0xFFFF { if let scalar = Unicode.Scalar(value) { all.append(scalar) } }
        let once = ReportText.escaped(String(all))
        #expect(!once.unicodeScalars.contains(where: ReportText.isControl))
        #expect(ReportText.escaped(once) == once)
    }

    @Test("a report's lines are escaped one by one: only the joins are newlines")
    func lines() {
        let text = ReportText.lines(["first \u{1B}[8m", "second\nforged", "third"])
        #expect(text == "first \\u{1B}[8m\nsecond\\u{A}forged\nthird")
        #expect(text.split(separator: "\n").count == 3)
    }

    @Test("JSON reports escape DEL, C1 and bidi controls too; the value is unchanged")
    func jsonReports() throws {
        let value = "id\u{1B}[8m\u{7F}\u{85}\u{9B}\u{202E}\u{2066}\u{2028}é😀"
        let rendered = JSONValue.object([value: .string(value)]).rendered(pretty: false)
        #expect(rendered == #"{"id\u001b[8m\u007f\u0085\u009b\u202e\u2066\u2028é😀":"id\u001b[8m\u007f\u0085\u009b\u202e\u2066\u2028é😀"}"#)
        #expect(!rendered.unicodeScalars.contains(where: ReportText.isControl))
        let tape = try JSONReader.parse(Array(rendered.utf8))
        #expect(tape.string(1) == value && tape.string(2) == value)
        // Trees keep their bytes: only C0 controls, which JSON requires, are escaped there.
        var out: [UInt8] = []
        JSONString.appendQuoted("\u{85}\u{202E}\u{1B}", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\"\u{85}\u{202E}\\u001b\"")
    }
}
