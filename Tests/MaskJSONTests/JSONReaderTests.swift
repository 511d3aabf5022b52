import Testing
import MaskJSON

/// A document the reader must reject, with where it must say the problem is.
struct Rejection: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let offset: Int
    /// The exact JSON path expected, or nil to check only that a path is given.
    let path: String?

    init(_ name: String, _ text: String, offset: Int, path: String? = nil) {
        self.name = name
        self.bytes = Array(text.utf8)
        self.offset = offset
        self.path = path
    }

    init(_ name: String, bytes: [UInt8], offset: Int, path: String? = nil) {
        self.name = name
        self.bytes = bytes
        self.offset = offset
        self.path = path
    }

    var testDescription: String { name }
}

/// A document the reader must accept.
struct Acceptance: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]

    init(_ text: String) {
        name = text
        bytes = Array(text.utf8)
    }

    init(_ name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    var testDescription: String { name }
}

private func check(_ rejection: Rejection, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error = syntaxError(rejection.bytes) else {
        Issue.record("\(rejection.name): accepted, expected a rejection", sourceLocation: sourceLocation)
        return
    }
    #expect(error.offset == rejection.offset, "\(rejection.name): \(error.message)", sourceLocation: sourceLocation)
    #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
    #expect(error.path.hasPrefix("$"), "\(rejection.name): path \(error.path)", sourceLocation: sourceLocation)
    if let path = rejection.path {
        #expect(error.path == path, "\(rejection.name): \(error.message)", sourceLocation: sourceLocation)
    }
}

@Suite("JSONReader")
struct JSONReaderTests {
    // MARK: Accepted documents

    static let acceptedNumbers: [Acceptance] = [
        "0", "-0", "0.0", "-0.0", "1", "-1", "20", "1e5", "1E5", "1e+5", "1e-5", "1E+05", "0e0", "0E-0",
        "-1.5e-10", "3.14159", "123456789012345678901234567890", "1e400", "-1E-400",
        "0.000000000000000000001", "[1,-2,3.5,0,-0.0e+0]", "{\"n\":-0.5E3}",
    ].map(Acceptance.init)

    @Test("valid numbers, including exotic ones, are accepted", arguments: acceptedNumbers)
    func validNumbers(_ input: Acceptance) throws {
        let tape = try JSONReader.parse(input.bytes)
        let hasNumber = tape.tokens.contains { $0.kind == .number }
        #expect(hasNumber)
    }

    @Test("a number token's raw bytes are exactly the literal")
    func numberRawBytes() throws {
        for literal in ["-1.5e-10", "1E+05", "-0", "123456789012345678901234567890"] {
            let tape = try parse("[\(literal)]")
            #expect(tape.tokens[1].kind == .number)
            #expect(String(decoding: tape.raw(1), as: UTF8.self) == literal)
        }
    }

    static let topLevelScalars: [(String, JSONToken.Kind)] = [
        ("1", .number), ("-2.5e3", .number), ("\"x\"", .string), ("true", .true), ("false", .false),
        ("null", .null), ("  7\n", .number), ("\t\"s\" \r\n", .string),
    ]

    @Test("top-level scalars parse", arguments: topLevelScalars)
    func topLevelScalar(_ text: String, _ kind: JSONToken.Kind) throws {
        let tape = try parse(text)
        #expect(tape.tokens.count == 1)
        #expect(tape.tokens[0].kind == kind)
    }

    @Test("containers point at their end tokens; end(ofValueAt:) skips whole values")
    func tapeShape() throws {
        let tape = try parse(#" {"a" : [1, "x", true, false, null, {}], "b": {}} "#)
        let kinds = tape.tokens.map(\.kind)
        #expect(kinds == [.objectStart, .string, .arrayStart, .number, .string, .true, .false, .null,
                          .objectStart, .objectEnd, .arrayEnd, .string, .objectStart, .objectEnd, .objectEnd])
        #expect(tape.tokens[0].length == 14)
        #expect(tape.tokens[2].length == 10)
        #expect(tape.end(ofValueAt: 0) == 15)
        #expect(tape.end(ofValueAt: 2) == 11)
        #expect(tape.end(ofValueAt: 3) == 4)
        #expect(tape.string(1) == "a")
        #expect(tape.string(4) == "x")
        #expect(tape.string(11) == "b")
    }

    @Test("nested containers and empty containers parse")
    func nested() throws {
        for text in ["{}", "[]", "[[[]]]", "[{}]", #"{"a":{"b":[1,{"c":null}]}}"#, #"{"":""}"#, "[\"\"]"] {
            let tape = try parse(text)
            #expect(tape.end(ofValueAt: 0) == tape.tokens.count, "\(text)")
        }
    }

    // MARK: Strings and escapes

    static let decodedStrings: [(String, String)] = [
        (#""plain""#, "plain"),
        (#""\u00e9""#, "é"),
        (#""caf\u00E9""#, "café"),
        (#""\u20AC""#, "€"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\uD834\uDD1E""#, "𝄞"),
        (#""\ud800\udc00""#, "\u{10000}"),
        (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        (#""a\u0301""#, "a\u{301}"),
        (#""\u0000""#, "\u{0}"),
        (#""\u001f""#, "\u{1F}"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""a\/b""#, "a/b"),
        (#""x\ud83d\ude00y\u00e9z""#, "x😀yéz"),
    ]

    @Test("escapes are decoded, surrogate pairs into one scalar", arguments: decodedStrings)
    func decodesEscapes(_ json: String, _ expected: String) throws {
        let tape = try parse(json)
        #expect(tape.tokens[0].kind == .string)
        #expect(tape.string(0) == expected)
        #expect(tape.string(0).unicodeScalars.elementsEqual(expected.unicodeScalars))
        #expect(tape.tokens[0].hasEscapes == json.contains("\\"))
    }

    @Test("a surrogate pair decodes to exactly one scalar")
    func surrogatePairIsOneScalar() throws {
        let tape = try parse(#"["\ud83d\ude00"]"#)
        let scalars = Array(tape.string(1).unicodeScalars)
        #expect(scalars.count == 1)
        #expect(scalars.first?.value == 0x1F600)
        #expect(Array(tape.string(1).utf8) == [0xF0, 0x9F, 0x98, 0x80])
    }

    static let validUTF8: [Acceptance] = [
        Acceptance("2-byte é", bytes: [0x22, 0xC3, 0xA9, 0x22]),
        Acceptance("3-byte €", bytes: [0x22, 0xE2, 0x82, 0xAC, 0x22]),
        Acceptance("4-byte 😀", bytes: [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22]),
        Acceptance("U+10FFFF", bytes: [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]),
        Acceptance("U+FFFF", bytes: [0x22, 0xEF, 0xBF, 0xBF, 0x22]),
        Acceptance("U+D7FF", bytes: [0x22, 0xED, 0x9F, 0xBF, 0x22]),
        Acceptance("U+E000", bytes: [0x22, 0xEE, 0x80, 0x80, 0x22]),
        Acceptance("U+0800", bytes: [0x22, 0xE0, 0xA0, 0x80, 0x22]),
        Acceptance("U+10000", bytes: [0x22, 0xF0, 0x90, 0x80, 0x80, 0x22]),
        Acceptance("DEL", bytes: [0x22, 0x7F, 0x22]),
    ]

    @Test("valid UTF-8 in strings is accepted and kept", arguments: validUTF8)
    func validUTF8Accepted(_ input: Acceptance) throws {
        let tape = try JSONReader.parse(input.bytes)
        #expect(Array(tape.raw(0)) == Array(input.bytes.dropFirst().dropLast()))
        #expect(Array(tape.string(0).utf8) == Array(input.bytes.dropFirst().dropLast()))
        #expect(tape.tokens[0].hasEscapes == false)
    }

    static let badStrings: [Rejection] = [
        Rejection("unknown escape \\x", #""\x""#, offset: 1, path: "$"),
        Rejection("unknown escape in array", #"["\x"]"#, offset: 2, path: "$[0]"),
        Rejection("upper-case \\U", #""\U0041""#, offset: 1),
        Rejection("escaped single quote", #""\'""#, offset: 1),
        Rejection("truncated \\u", #""\u12""#, offset: 3),
        Rejection("non-hex \\u", #""\u12G4""#, offset: 3),
        Rejection("lone high surrogate", #""\ud800""#, offset: 1, path: "$"),
        Rejection("lone high surrogate then text", #""\ud800x""#, offset: 1),
        Rejection("lone high surrogate at end of array item", #"["a","\uD83D"]"#, offset: 6, path: "$[1]"),
        Rejection("lone low surrogate", #""\udc00""#, offset: 1),
        Rejection("low surrogate first", #""\ude00\ud83d""#, offset: 1),
        Rejection("high then non-surrogate", #""\ud800\u0041""#, offset: 7),
        Rejection("high then high", #""\udbff\udbff""#, offset: 7),
        Rejection("unterminated string", #""abc"#, offset: 0),
        Rejection("unterminated string in array", #"["abc"#, offset: 1, path: "$[0]"),
        Rejection("unterminated after backslash", #""\"#, offset: 0),
        Rejection("single-quoted string", "['a']", offset: 1),
        Rejection("raw NUL", bytes: [0x22, 0x61, 0x00, 0x62, 0x22], offset: 2),
        Rejection("raw newline", bytes: [0x22, 0x0A, 0x22], offset: 1),
        Rejection("raw tab", bytes: [0x22, 0x09, 0x22], offset: 1),
        Rejection("raw carriage return", bytes: [0x22, 0x0D, 0x22], offset: 1),
        Rejection("raw U+001F", bytes: [0x22, 0x1F, 0x22], offset: 1),
        Rejection("control char in a key", bytes: Array(#"{"a"#.utf8) + [0x01] + Array(#"":1}"#.utf8), offset: 3, path: "$"),
    ]

    @Test("bad escapes, lone surrogates and control characters are rejected", arguments: badStrings)
    func badStringRejected(_ rejection: Rejection) {
        check(rejection)
    }

    static let invalidUTF8: [Rejection] = [
        Rejection("lone continuation byte", bytes: [0x22, 0x80, 0x22], offset: 1),
        Rejection("overlong 2-byte C0", bytes: [0x22, 0xC0, 0xAF, 0x22], offset: 1),
        Rejection("overlong 2-byte C1", bytes: [0x22, 0xC1, 0xBF, 0x22], offset: 1),
        Rejection("overlong 3-byte", bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], offset: 1),
        Rejection("overlong 4-byte", bytes: [0x22, 0xF0, 0x8F, 0xBF, 0xBF, 0x22], offset: 1),
        Rejection("UTF-8 encoded surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], offset: 1),
        Rejection("above U+10FFFF", bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], offset: 1),
        Rejection("F5 lead byte", bytes: [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], offset: 1),
        Rejection("FE byte", bytes: [0x22, 0xFE, 0x22], offset: 1),
        Rejection("FF byte", bytes: [0x22, 0xFF, 0x22], offset: 1),
        Rejection("3-byte sequence cut by the quote", bytes: [0x22, 0xE2, 0x82, 0x22], offset: 1),
        Rejection("2-byte sequence cut by end of input", bytes: [0x22, 0xC3], offset: 1),
        Rejection("bad 4th byte", bytes: [0x22, 0xF0, 0x9F, 0x98, 0x41, 0x22], offset: 1),
        Rejection("bad 2nd byte after ASCII", bytes: [0x22, 0x61, 0xC3, 0x28, 0x22], offset: 2),
        Rejection("non-ASCII byte outside a string", bytes: [0x5B, 0xC3, 0xA9, 0x5D], offset: 1, path: "$[0]"),
        Rejection("invalid UTF-8 in a key", bytes: [0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D], offset: 2, path: "$"),
    ]

    @Test("invalid UTF-8 is rejected", arguments: invalidUTF8)
    func invalidUTF8Rejected(_ rejection: Rejection) {
        check(rejection)
    }

    // MARK: Numbers

    static let badNumbers: [Rejection] = [
        Rejection("leading zero", "01", offset: 0, path: "$"),
        Rejection("leading zeros", "00", offset: 0),
        Rejection("negative leading zero", "-01", offset: 0),
        Rejection("leading zero in array", "[1,012]", offset: 3, path: "$[1]"),
        Rejection("minus alone", "-", offset: 1),
        Rejection("minus alone in array", "[-]", offset: 2, path: "$[0]"),
        Rejection("minus then space", "- 1", offset: 1),
        Rejection("trailing dot", "1.", offset: 2),
        Rejection("trailing dot in array", "[1.]", offset: 3, path: "$[0]"),
        Rejection("dot then exponent", "1.e5", offset: 2),
        Rejection("leading dot", ".5", offset: 0),
        Rejection("leading dot in array", "[.5]", offset: 1, path: "$[0]"),
        Rejection("bare exponent", "1e", offset: 2),
        Rejection("exponent sign only", "1e+", offset: 3),
        Rejection("exponent minus only", "1E-", offset: 3),
        Rejection("double exponent", "1ee2", offset: 2),
        Rejection("plus sign", "+1", offset: 0),
        Rejection("NaN", "NaN", offset: 0),
        Rejection("NaN in array", "[1,NaN]", offset: 3, path: "$[1]"),
        Rejection("Infinity", "Infinity", offset: 0),
        Rejection("-Infinity", "-Infinity", offset: 1),
        Rejection("hex", "0x10", offset: 1),
        Rejection("leading zero in object", #"{"tag":01}"#, offset: 7, path: "$.tag"),
        Rejection("trailing dot nested", #"{"a":{"n":1.}}"#, offset: 12, path: "$.<key 0>.<key 0>"),
    ]

    @Test("numbers outside the JSON grammar are rejected", arguments: badNumbers)
    func badNumberRejected(_ rejection: Rejection) {
        check(rejection)
    }

    // MARK: Structure

    static let badStructure: [Rejection] = [
        Rejection("empty input", "", offset: 0, path: "$"),
        Rejection("whitespace only", " \n\t ", offset: 4, path: "$"),
        Rejection("trailing comma in array", "[1,]", offset: 3),
        Rejection("trailing comma in object", #"{"a":1,}"#, offset: 7),
        Rejection("trailing comma in nested array", #"{"a":[1,2,]}"#, offset: 10),
        Rejection("double comma", "[1,,2]", offset: 3),
        Rejection("leading comma", "[,1]", offset: 1),
        Rejection("lone comma in object", "{,}", offset: 1),
        Rejection("missing comma", "[1 2]", offset: 3, path: "$[0]"),
        Rejection("missing colon", #"{"a" 1}"#, offset: 5),
        Rejection("missing value", #"{"a":}"#, offset: 5),
        Rejection("number key", "{1:2}", offset: 1),
        Rejection("single-quoted key", "{'a':1}", offset: 1),
        Rejection("trailing garbage after object", "{}x", offset: 2, path: "$"),
        Rejection("two documents", "[] []", offset: 3),
        Rejection("two numbers", "1 2", offset: 2),
        Rejection("two strings", #""a""b""#, offset: 3),
        Rejection("extra close", "{}}", offset: 2),
        Rejection("extra close after member", #"{"a":1}}"#, offset: 7),
        Rejection("close only", "]", offset: 0),
        Rejection("mismatched close", "[}", offset: 1),
        Rejection("mismatched close in object", #"{"a":1]"#, offset: 6),
        Rejection("unclosed array", "[", offset: 1),
        Rejection("unclosed object", #"{"a":1"#, offset: 6),
        Rejection("unclosed nested", "[[]", offset: 3),
        Rejection("object ends after colon", #"{"a":"#, offset: 5),
        Rejection("object ends after key", #"{"a""#, offset: 4),
        Rejection("truncated literal", "tru", offset: 0),
        Rejection("truncated null", "[nul]", offset: 1),
        Rejection("capitalised literal", "True", offset: 0),
        Rejection("literal with garbage", "falsey", offset: 5),
        Rejection("null with garbage", "nullx", offset: 4),
        Rejection("comment", "[1] // c", offset: 4),
        Rejection("garbage after a view", #"{"class":"UIView"} ,"#, offset: 19),
    ]

    @Test("malformed structure, trailing commas and trailing garbage are rejected", arguments: badStructure)
    func badStructureRejected(_ rejection: Rejection) {
        check(rejection)
    }

    // MARK: Byte order mark

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    @Test("a byte order mark is skipped at the start of a file only; elsewhere it is content")
    func byteOrderMark() throws {
        let mark = Self.byteOrderMark, document = Array(#"{"a":"b"}"#.utf8)
        // Skipped when the bytes start a file, whitespace after it allowed.
        let tape = try JSONReader.parse(mark + Array(" \n".utf8) + document, skipsByteOrderMark: true)
        #expect(tape.tokens.count == 4 && tape.string(1) == "a")
        #expect(Int(tape.tokens[0].start) == 5)
        // Not skipped otherwise, nor a second time, nor after whitespace.
        for (bytes, skips, offset) in [(mark + document, false, 0), (mark + mark + document, true, 3), (Array(" ".utf8) + mark + document, true, 1)] {
            let error = try #require(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes, skipsByteOrderMark: skips) }
            #expect(error.offset == offset)
            #expect(error.message == "byte order mark (U+FEFF) where a value was expected; one is skipped only at the start of a file")
        }
        // Inside a string it is a character, kept as is.
        #expect(try JSONReader.parse(Array("\"a\u{FEFF}b\"".utf8), skipsByteOrderMark: true).string(0) == "a\u{FEFF}b")
        // Between tokens, an error.
        check(Rejection("mark after a colon", bytes: Array(#"{"a":"#.utf8) + mark + Array("1}".utf8), offset: 5))
        check(Rejection("mark after a value", bytes: Array(#"{"a":1"#.utf8) + mark + Array("}".utf8), offset: 6))
    }

    // MARK: Paths

    @Test("a rejection names the JSON path of the value being read")
    func rejectionPath() {
        let text = #"{"root":{"class":"UIView","children":[{"class":"A"},{"class":"B","text":"\q"}]}}"#
        let error = syntaxError(text)
        #expect(error?.path == "$.root.children[1].text")
        #expect(error?.offset == Array(text.utf8).firstIndex(of: UInt8(ascii: "\\")))
    }

    @Test("invalid UTF-8 deep in a tree names its path")
    func invalidUTF8Path() {
        let prefix = Array(#"{"root":{"class":"UIView","children":[{"class":"A"},{"class":"B","text":"ok "#.utf8)
        let bytes = prefix + [0xC3, 0x28] + Array(#""}]}}"#.utf8)
        let error = syntaxError(bytes)
        #expect(error?.path == "$.root.children[1].text")
        #expect(error?.offset == prefix.count)
    }

    @Test("control character deep in a tree names its path")
    func controlCharacterPath() {
        let prefix = Array(#"{"screen":"S","root":{"class":"UIView","children":[{"class":"A","children":[{"class":"B","accessibilityLabel":"a"#.utf8)
        let bytes = prefix + [0x0A] + Array(#""}]}]}}"#.utf8)
        let error = syntaxError(bytes)
        #expect(error?.path == "$.root.children[0].children[0].accessibilityLabel")
        #expect(error?.offset == prefix.count)
    }

    @Test("paths show keys of the tree schema by name and any other key by position")
    func pathMembers() {
        #expect(syntaxError(#"{"a b":{"c":tru}}"#)?.path == "$.<key 0>.<key 0>")
        #expect(syntaxError(#"{"\u00e9":[1,x]}"#)?.path == "$.<key 0>[1]")
        #expect(syntaxError(#"{"ok_name-1":[0,01]}"#)?.path == "$.<key 0>[1]")
        #expect(syntaxError(#"{"root":{"class":"A","jane@example.com":1,"card 4111":{"x":tru}}}"#)?.path == "$.root.<key 2>.x")
        #expect(syntaxError(#"{"screen":"S","root":{"class":"A","frame":{"x":1,"width":-}}}"#)?.path == "$.root.frame.width")
        // An escaped schema key is the key it spells.
        #expect(syntaxError(#"{"r\u006fot":{"t\u0065xt":tru}}"#)?.path == "$.root.text")
        // A key that is read when the error strikes is not in the path yet.
        #expect(syntaxError(#"{"class":"A","jane@example.com":{"4111 1111\x":1}}"#)?.path == "$.<key 1>")
    }

    @Test("a path never quotes a key outside the schema: the key text, and every digit run in it, stay out")
    func pathsDoNotQuoteKeys() {
        let cases: [(text: String, path: String)] = [
            (#"{"contacts": {"jane.doe@example.com": {"card 4111111111111111": NaN}}}"#, "$.<key 0>.<key 0>.<key 0>"),
            (#"{"screen":"S","jane.doe@example.com":{"card 4111111111111111":[1,NaN]},"root":{"class":"A"}}"#, "$.<key 1>.<key 0>[1]"),
            (#"{"class":"A","text":{"jane.doe@example.com":{"card 4111111111111111":01}}}"#, "$.text.<key 0>.<key 0>"),
            (#"{"class":"A","children":[{"class":"B","jane.doe@example.com":"\q"}]}"#, "$.children[0].<key 1>"),
            (#"{"class":"A","jane.doe@example.com":{"card 4111111111111111":"#, "$.<key 1>.<key 0>"),
        ]
        for (text, path) in cases {
            let error = syntaxError(text)
            #expect(error?.path == path, "\(text)")
            for fragment in ["contacts", "jane", "doe", "example", "card", "4111111111111111", "41", "11"] {
                #expect(error?.path.contains(fragment) == false, "\(text): \(fragment)")
                #expect(error?.message.contains(fragment) == false, "\(text): \(fragment)")
            }
        }
    }

    @Test("a document's own schema names its keys: the reader is told which")
    func pathKeyNames() throws {
        let text = Array(#"{"activity_name":"a","activity":{"root":{"resource-id":tru}}}"#.utf8)
        do {
            _ = try JSONReader.parse(text, keyNames: ["activity", "root"])
            Issue.record("accepted, expected a rejection")
        } catch {
            #expect(error.path == "$.activity.root.<key 0>")
        }
        #expect(JSONPath.member("text", position: 4) == ".text")
        #expect(JSONPath.member("jane@example.com", position: 4) == ".<key 4>")
        #expect(JSONPath.member("children", position: 0, names: []) == ".<key 0>")
    }

    @Test("a document cut off names the last value read; a bad value names its own place")
    func truncatedPaths() {
        #expect(syntaxError(#"{"text":[1,2,"#)?.path == "$.text[1]")
        #expect(syntaxError(#"{"a":[1,2, "#)?.message == "the document ends inside an array")
        #expect(syntaxError(#"{"text":[1,2,}"#)?.path == "$.text[2]")
        #expect(syntaxError(#"{"a":[1,2,]"#)?.message == "unexpected character ']'")
        // A letter or digit is named, never quoted: it is likely a value's first character.
        #expect(syntaxError(#"{"a":Jane}"#)?.message == "unexpected letter (text must be in double quotes)")
        #expect(syntaxError(#"{"a":1 4111}"#).map { !$0.message.contains("4") } == true)
        #expect(syntaxError(#"{Jane:1}"#).map { !$0.message.contains("J") } == true)
        #expect(syntaxError(#"{"text":["#)?.path == "$.text[0]")
        #expect(syntaxError(#"{"a":1,"#)?.path == "$.<key 0>")
        #expect(syntaxError(#"{"a":1,"#)?.message == "the document ends inside an object")
        #expect(syntaxError(#"{"a":1,}"#)?.message == "expected a string key")
        #expect(syntaxError(#"{"a" 1}"#)?.message == "expected ':' after a key")
        #expect(syntaxError(#"[1 2]"#)?.message == "expected ',' or ']'")
        #expect(syntaxError(#"{"a":1 "b":2}"#)?.message == "expected ',' or '}'")
        #expect(syntaxError(#"{} {}"#)?.message == "unexpected data after the end of the document")
        #expect(syntaxError("  ")?.message == "the document is empty")
    }

    @Test("an error inside a key names the object, not the member before it")
    func errorInsideLaterKey() {
        #expect(syntaxError(#"{"a":1,"b\x":2}"#)?.path == "$")
        #expect(syntaxError(#"{"root":{"class":"A","te\qt":"x"}}"#)?.path == "$.root")
        #expect(syntaxError(Array(#"{"a":1,""#.utf8) + [0xC3, 0x28] + Array(#"":2}"#.utf8))?.path == "$")
    }

    @Test("array indices in paths count elements")
    func arrayIndexPath() {
        #expect(syntaxError("[0,1,2,[3,[4,-]]]")?.path == "$[3][1][1]")
        #expect(syntaxError(#"[{"a":1},{"b":[true,NaN]}]"#)?.path == "$[1].<key 0>[1]")
        #expect(syntaxError(#"[{"a":1},{"text":[true,NaN]}]"#)?.path == "$[1].text[1]")
    }

    // MARK: Limits

    @Test("nesting beyond the depth limit is rejected; at the limit it parses")
    func depthLimit() throws {
        let limits = JSONLimits(maximumDepth: 2)
        _ = try JSONReader.parse(Array("[[]]".utf8), limits: limits)
        do {
            _ = try JSONReader.parse(Array("[[[]]]".utf8), limits: limits)
            Issue.record("accepted a document nested beyond the limit")
        } catch {
            #expect(error.offset == 2)
            #expect(error.path == "$[0][0]")
        }
    }

    @Test("documents beyond the byte limit are rejected")
    func byteLimit() {
        do {
            _ = try JSONReader.parse(Array("[1,2]".utf8), limits: JSONLimits(maximumBytes: 3))
            Issue.record("accepted a document over the byte limit")
        } catch {
            #expect(error.offset == 0)
            #expect(error.path == "$")
        }
    }

    @Test("error messages never quote string values")
    func messagesDoNotQuoteValues() {
        let cases = [
            #"{"class":"UIView","text":"SECRETVALUE\x"}"#,
            #"{"class":"UIView","text":"SECRETVALUE"} junk"#,
            #"{"class":"UIView","text":"SECRETVALUE","#,
        ]
        for text in cases {
            let error = syntaxError(text)
            #expect(error != nil)
            #expect(error?.message.contains("SECRETVALUE") == false)
            #expect(error?.path.contains("SECRETVALUE") == false)
        }
    }

    // MARK: String encoding

    @Test("appendQuoted escapes quotes, backslashes and control characters and round-trips")
    func appendQuotedRoundTrip() throws {
        let text = "a\"b\\c\n\r\t\u{0}\u{1F}é😀/"
        var out: [UInt8] = []
        JSONString.appendQuoted(text, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #""a\"b\\c\n\r\t\u0000\u001fé😀/""#)
        let tape = try JSONReader.parse(out)
        #expect(tape.string(0) == text)
    }
}
