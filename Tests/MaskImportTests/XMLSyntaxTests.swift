import Testing
import MaskImport
import MaskJSON

/// The XML reader: encodings, references, markup it skips, and malformed input.
@Suite("XML reader")
struct XMLSyntaxTests {
    static let oneNode = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\"><node class=\"android.widget.TextView\" text=\"Grüße 👋\" bounds=\"[0,0][10,10]\"/></hierarchy>"
    static let oneNodeJSON = "{\"root\":{\"class\":\"android.widget.TextView\",\"frame\":{\"x\":0,\"y\":0,\"width\":10,\"height\":10},\"text\":\"Grüße 👋\"}}"

    @Test("UTF-8 with and without a BOM")
    func utf8() throws {
        #expect(try convertText(Self.oneNode, format: .uiautomator) == Self.oneNodeJSON)
        let withBOM = [0xEF, 0xBB, 0xBF] + Array(Self.oneNode.utf8)
        #expect(CaptureImporter.detect(withBOM) == .format(.uiautomator))
        #expect(try CaptureImporter.convert(withBOM, format: .uiautomator, file: "t.xml") == Array(Self.oneNodeJSON.utf8))
    }

    @Test("UTF-16 LE and BE with a BOM", arguments: [false, true])
    func utf16Input(bigEndian: Bool) throws {
        let bytes = utf16(Self.oneNode, bigEndian: bigEndian)
        #expect(CaptureImporter.detect(bytes) == .format(.uiautomator))
        let converted = try convertAndRead(bytes, format: .uiautomator)
        #expect(converted.text == Self.oneNodeJSON)
        #expect(converted.strings("text") == ["Grüße 👋"])
    }

    @Test("UTF-16 errors are positioned in characters", arguments: [false, true])
    func utf16Error(bigEndian: Bool) throws {
        let bytes = utf16("<hierarchy>\n  <node class=\"ä\">\n  </nod>\n</hierarchy>", bigEndian: bigEndian)
        let error = try #require(importError(bytes, format: .uiautomator))
        #expect((error.line, error.column) == (3, 3))
        // An odd byte count is not UTF-16.
        let odd = try #require(importError(bytes + [0x41], format: .uiautomator))
        #expect(odd.message.contains("UTF-16"))
        #expect((odd.line, odd.column) == (4, 13))
    }

    @Test("a line of text before <?xml or the first < is skipped")
    func leadingText() throws {
        let prefixed = "UI hierchary dumped to: /dev/tty\n" + Self.oneNode
        #expect(CaptureImporter.detect(Array(prefixed.utf8)) == .format(.uiautomator))
        #expect(try convertText(prefixed, format: .uiautomator) == Self.oneNodeJSON)
        let noDeclaration = "garbage line\r\n<hierarchy><node class=\"android.widget.TextView\" text=\"Grüße 👋\" bounds=\"[0,0][10,10]\"/></hierarchy>"
        #expect(try convertText(noDeclaration, format: .uiautomator) == Self.oneNodeJSON)
        // Error positions still count the skipped line.
        let error = try #require(importError("status: ok\n<hierarchy><node class=\"a\"></hierarchy>"))
        #expect((error.line, error.column) == (2, 28))
        // adb's status line after the document is ignored too.
        #expect(try convertText(Self.oneNode + "\nUI hierchary dumped to: /dev/tty\n", format: .uiautomator) == Self.oneNodeJSON)
    }

    @Test("predefined entities and numeric character references")
    func references() throws {
        let xml = "<hierarchy><node class=\"android.widget.TextView\" text=\"a &lt;b&gt; &amp; &apos;c&apos; &quot;d&quot;&#10;e&#x1F600;f&#233;&#x41;\" content-desc='single \"quoted\" &#9;tab' resource-id=\"line&#13;&#10;end\"/></hierarchy>"
        let converted = try convertAndRead(Array(xml.utf8), format: .uiautomator)
        #expect(converted.strings("text") == ["a <b> & 'c' \"d\"\ne😀féA"])
        #expect(converted.strings("accessibilityLabel") == ["single \"quoted\" \ttab"])
        #expect(converted.strings("accessibilityIdentifier") == ["line\r\nend"])
        #expect(converted.text.contains("\"text\":\"a <b> & 'c' \\\"d\\\"\\ne😀féA\""))
    }

    @Test("literal line ends and tabs in attribute values become spaces")
    func attributeNormalization() throws {
        let converted = try convertAndRead(Array("<hierarchy><node class=\"V\" text=\"a\r\nb\tc\nd\"/></hierarchy>".utf8), format: .uiautomator)
        #expect(converted.strings("text") == ["a b c d"])
    }

    @Test("comments, processing instructions, CDATA, DOCTYPE and text content are skipped")
    func skippedMarkup() throws {
        let xml = """
        <?xml version="1.0"?>
        <!-- a comment with <node class="Fake"/> inside -->
        <!DOCTYPE hierarchy SYSTEM "hierarchy.dtd">
        <hierarchy>
          <?tool instruction <node?>
          <node class="Real"><![CDATA[ <node class="AlsoFake"/> & ]]>some text &amp; more</node>
          <!-- -- -->
        </hierarchy>
        <!-- trailing comment -->
        """
        #expect(try convertText(xml, format: .uiautomator) == "{\"root\":{\"class\":\"Real\"}}")
    }

    @Test("self-closing and empty elements are the same")
    func selfClosing() throws {
        let a = try convertText("<hierarchy><node class=\"A\"><node class=\"B\"/><node class=\"C\" ></node></node></hierarchy>", format: .uiautomator)
        #expect(a == "{\"root\":{\"class\":\"A\",\"children\":[{\"class\":\"B\"},{\"class\":\"C\"}]}}")
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        var xml: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { message }
    }

    static let malformed: [Malformed] = [
        // Unclosed element: reported at its start tag.
        Malformed(xml: "<hierarchy>\n  <node class=\"a\" text=\"secret\">\n", line: 2, column: 3,
                  message: "element <node> is not closed before the end of the input"),
        // Input ends inside a start tag.
        Malformed(xml: "<hierarchy>\n<node text=\"secret\" class=\"x\"", line: 2, column: 30,
                  message: "unexpected end of input inside the start tag of <node>"),
        // Mismatched end tag.
        Malformed(xml: "<hierarchy>\n  <node class=\"a\" text=\"secret\">\n  </nod>\n</hierarchy>", line: 3, column: 3,
                  message: "mismatched end tag </?>: expected </node> (opened at 2:3)"),
        Malformed(xml: "<hierarchy></node>", line: 1, column: 12,
                  message: "mismatched end tag </node>: expected </hierarchy> (opened at 1:1)"),
        Malformed(xml: "<hierarchy/></hierarchy>", line: 1, column: 13,
                  message: "end tag </hierarchy> without a matching start tag"),
        // Bad attributes.
        Malformed(xml: "<hierarchy>\n <node text=secret class=\"a\"/>\n</hierarchy>", line: 2, column: 13,
                  message: "expected a quoted value for attribute 'text' of <node>"),
        Malformed(xml: "<hierarchy>\n <node text \"secret\"/>\n</hierarchy>", line: 2, column: 13,
                  message: "expected '=' after attribute 'text' of <node>"),
        Malformed(xml: "<hierarchy><node text=\"secret\"class=\"a\"/></hierarchy>", line: 1, column: 31,
                  message: "expected whitespace, '>' or '/>' in the start tag of <node>"),
        Malformed(xml: "<hierarchy><node text=\"sec<ret\"/></hierarchy>", line: 1, column: 27,
                  message: "'<' in the value of attribute 'text' of <node> (write &lt;)"),
        Malformed(xml: "<hierarchy><node text=\"secret\" text=\"secret2\"/></hierarchy>", line: 1, column: 32,
                  message: "duplicate attribute 'text' on <node>"),
        Malformed(xml: "<hierarchy>\n<node text=\"secret", line: 2, column: 12,
                  message: "unterminated value of attribute 'text' of <node>"),
        Malformed(xml: "<hierarchy><node text=\"se&cret;\"/></hierarchy>", line: 1, column: 26,
                  message: "unknown entity reference (only &lt; &gt; &amp; &apos; &quot; and numeric references are defined)"),
        Malformed(xml: "<hierarchy><node text=\"secret & co\"/></hierarchy>", line: 1, column: 31,
                  message: "'&' not starting a reference (write &amp;)"),
        Malformed(xml: "<hierarchy><node text=\"&#0;secret\"/></hierarchy>", line: 1, column: 24,
                  message: "character U+0000 is not allowed in XML, raw or as a reference"),
        Malformed(xml: "<hierarchy><node text=\"&#xD800;secret\"/></hierarchy>", line: 1, column: 24,
                  message: "character U+D800 is not allowed in XML, raw or as a reference"),
        Malformed(xml: "<hierarchy><node text=\"&#x12G;secret\"/></hierarchy>", line: 1, column: 24,
                  message: "malformed character reference (expected hex digits and ';')"),
        Malformed(xml: "<hierarchy><node text=\"&#X41;secret\"/></hierarchy>", line: 1, column: 24,
                  message: "malformed character reference (expected digits and ';')"),
        Malformed(xml: "<hierarchy><node text=\"&#xFFFE;secret\"/></hierarchy>", line: 1, column: 24,
                  message: "character U+FFFE is not allowed in XML, raw or as a reference"),
        Malformed(xml: "<hierarchy><node text=\"&#99999999;\"/></hierarchy>", line: 1, column: 24,
                  message: "character reference out of the Unicode range"),
        // Structure.
        Malformed(xml: "<hierarchy/>\n<hierarchy/>", line: 2, column: 1, message: "a second root element (a document has one)"),
        Malformed(xml: "<?xml version=\"1.0\"?>\nsecret<hierarchy/>", line: 2, column: 1, message: "text before the root element"),
        Malformed(xml: "<hierarchy>< node/></hierarchy>", line: 1, column: 13, message: "expected an element name after '<'"),
        Malformed(xml: "<hierarchy><!-- secret", line: 1, column: 12, message: "unterminated comment (no '-->')"),
        Malformed(xml: "<hierarchy><![CDATA[secret", line: 1, column: 12, message: "unterminated CDATA section (no ']]>')"),
        Malformed(xml: "<?xml version=\"1.0\"", line: 1, column: 1, message: "unterminated processing instruction (no '?>')"),
        Malformed(xml: "<!DOCTYPE h [<!ENTITY e \"secret\">]><h/>", line: 1, column: 13, message: "DOCTYPE with an internal subset is not supported"),
        Malformed(xml: "no markup at all", line: 1, column: 17, message: "no XML element found (the input has no '<')"),
        Malformed(xml: "<hierarchy></hierarchy>", line: 1, column: 1, message: "<hierarchy> holds no view element"),
    ]

    @Test("malformed XML is an error with line:column, never quoting a value", arguments: malformed)
    func malformedXML(_ sample: Malformed) throws {
        let error = try #require(importError(sample.xml, format: .uiautomator, file: "bad.xml"))
        #expect(error.message == sample.message)
        #expect((error.line, error.column) == (sample.line, sample.column))
        #expect(error.rendered == "bad.xml:\(sample.line):\(sample.column): error: \(sample.message)")
        #expect(!error.rendered.contains("secret"))
        #expect(!error.rendered.contains("cret"))
    }

    @Test("invalid UTF-8 is an error at its position")
    func invalidUTF8() throws {
        let bytes = Array("<hierarchy>\n<node text=\"".utf8) + [0xC3, 0x28] + Array("\"/></hierarchy>".utf8)
        let error = try #require(importError(bytes, format: .uiautomator))
        #expect((error.line, error.column) == (2, 13))
        #expect(error.message.contains("UTF-8"))
        // Detection says the same, so `--input-format auto` reports the bytes, not JSON.
        #expect(CaptureImporter.detect(bytes) == .undecodable(line: 2, column: 13, message: error.message))
    }

    /// Characters XML 1.0 does not allow: every control character but tab, line feed and
    /// carriage return, and U+FFFE, U+FFFF.
    static let forbidden: [UInt32] = Array(0x00...0x08) + [0x0B, 0x0C] + Array(0x0E...0x1F) + [0xFFFE, 0xFFFF]

    @Test("one rule for characters XML forbids: refused raw anywhere and as a reference, at their position", arguments: forbidden)
    func forbiddenCharacters(_ scalar: UInt32) throws {
        let raw = String(Character(Unicode.Scalar(scalar)!))
        let hex = String(scalar, radix: 16, uppercase: true)
        let message = "character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) is not allowed in XML, raw or as a reference"
        // (XML, line, column of the character or of its reference's '&')
        let places: [(String, Int, Int)] = [
            ("<hierarchy>\n<node class=\"V\" text=\"se\(raw)cret\"/></hierarchy>", 2, 25),
            ("<hierarchy>\n<node class=\"V\" text=\"se&#\(scalar);cret\"/></hierarchy>", 2, 25),
            ("<hierarchy>\n<node class=\"V\" text='se&#x\(hex);cret'/></hierarchy>", 2, 25),
            ("<hierarchy>\n<node class=\"V\"/>se&#x\(hex);cret</hierarchy>", 2, 20),
            ("<hierarchy>\n<node class=\"V\"/>se\(raw)cret</hierarchy>", 2, 20),
            ("<hierarchy>\n<node class=\"V\"/><!-- se\(raw)cret --></hierarchy>", 2, 25),
            ("<hierarchy>\n<node class=\"V\"/><![CDATA[se\(raw)cret]]></hierarchy>", 2, 29),
            ("se\(raw)cret dumped to: /dev/tty\n<hierarchy><node class=\"V\"/></hierarchy>", 1, 3),
            ("<hierarchy><node class=\"V\"/></hierarchy>\nse\(raw)cret", 2, 3),
            ("<hierarchy>\n<node class=\"V\" te\(raw)xt=\"a\"/></hierarchy>", 2, 19),
        ]
        for (xml, line, column) in places {
            let error = try #require(importError(xml), "\(xml.debugDescription)")
            #expect(error.message == message, "\(xml.debugDescription)")
            #expect((error.line, error.column) == (line, column), "\(xml.debugDescription)")
            #expect(!error.rendered.contains("cret"))
        }
    }

    @Test("characters XML allows are read raw and as references: tab and line breaks, C1 controls, U+FEFF, U+FFFD")
    func allowedCharacters() throws {
        let xml = "<hierarchy><node class=\"V\" text=\"a&#9;b&#10;c&#13;d&#x85;e\u{85}\u{7F}f\u{FEFF}g&#xFFFD;\" content-desc=\"x\ty\"/></hierarchy>"
        let converted = try convertAndRead(Array(xml.utf8), format: .uiautomator)
        #expect(converted.strings("text") == ["a\tb\nc\rd\u{85}e\u{85}\u{7F}f\u{FEFF}g\u{FFFD}"])
        #expect(converted.strings("accessibilityLabel") == ["x y"])
    }

    @Test("a UTF-8 byte order mark is skipped only at the start of a file")
    func byteOrderMarkOnlyAtStart() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        // Inside a value it is a character like any other.
        let inside = try convertAndRead(Array("<hierarchy><node class=\"V\" text=\"a\u{FEFF}b\"/></hierarchy>".utf8), format: .uiautomator)
        #expect(inside.strings("text") == ["a\u{FEFF}b"])
        // Outside markup it is an error, as any text there is.
        let outside = try #require(importError("<?xml version=\"1.0\"?>\u{FEFF}<hierarchy><node class=\"V\"/></hierarchy>"))
        #expect(outside.message == "text before the root element")
        #expect((outside.line, outside.column) == (1, 22))
        // Rico: after the first mark, a second one is not skipped.
        let rico = Array(#"{"activity":{"root":{"class":"V"}}}"#.utf8)
        #expect(try CaptureImporter.convert(mark + rico, format: .rico, file: "r.json") == CaptureImporter.convert(rico, format: .rico, file: "r.json"))
        let twice = try #require(importError(mark + mark + rico, format: .rico, file: "r.json"))
        #expect((twice.line, twice.column) == (1, 1))
        #expect(twice.message.hasPrefix("byte order mark (U+FEFF) where a value was expected"))
        // On a later line of an NDJSON file, not skipped either; lines count from it.
        do {
            _ = try CaptureImporter.convert(mark + rico, format: .rico, file: "r.ndjson", firstLine: 7)
            Issue.record("a byte order mark on line 7 was skipped")
        } catch {
            #expect((error.line, error.column) == (7, 1))
        }
    }

    @Test("a truncated document fails at every cut, without crashing")
    func everyPrefix() throws {
        let xml = Array(XMLSyntaxTests.oneNode.utf8)
        var failures = 0
        for cut in 0..<xml.count {
            if importError(Array(xml[..<cut]), format: .uiautomator) != nil { failures += 1 }
        }
        // Every proper prefix ends before the root element is closed.
        #expect(failures == xml.count)
    }
}
