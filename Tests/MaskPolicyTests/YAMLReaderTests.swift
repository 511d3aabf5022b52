import MaskEngine
import MaskPolicy
import Testing

@Suite("YAMLReader: nodes and positions")
struct YAMLReaderNodeTests {
    @Test("scalars, mappings and sequences keep 1-based start marks")
    func positionsOfNodes() throws {
        let input = MarkedText("""
        1️⃣version: 2️⃣1
        rules:
          - 3️⃣mask: { 4️⃣type: 5️⃣UILabel }
          - 6️⃣unmask: 7️⃣{ id: "8️⃣x" }
        """)
        let (root, diagnostics) = readYAML(input.text)
        #expect(diagnostics.isEmpty, "\(listing(diagnostics))")
        let pairs = try #require(root?.pairs)
        #expect(pairs.map(\.name) == ["version", "rules"])
        #expect(Position(pairs[0].key.range.start) == input["1️⃣"])
        #expect(Position(pairs[0].value.range.start) == input["2️⃣"])
        #expect(Position(try #require(root).range.start) == input["1️⃣"])

        let rules = try #require(value("rules", in: root)?.items)
        #expect(rules.count == 2)
        let first = try #require(rules[0].pairs)
        #expect(Position(first[0].key.range.start) == input["3️⃣"])
        let selector = try #require(first[0].value.pairs)
        #expect(Position(selector[0].key.range.start) == input["4️⃣"])
        #expect(Position(selector[0].value.range.start) == input["5️⃣"])
        #expect(selector[0].value.scalarText == "UILabel")

        let second = try #require(rules[1].pairs)
        #expect(Position(second[0].key.range.start) == input["6️⃣"])
        #expect(Position(second[0].value.range.start) == input["7️⃣"])
        // A quoted scalar starts at its opening quote.
        let id = try #require(second[0].value.pairs?.first?.value)
        #expect(Position(id.range.start) == Position(input["8️⃣"].line, input["8️⃣"].column - 1))
        #expect(id.scalarText == "x")
    }

    @Test("a node's range ends after its content")
    func rangeEnds() throws {
        let (root, _) = readYAML("key: value\nlist: [a, b]\n")
        let key = try #require(root?.pairs?[0])
        #expect(Position(key.value.range.start) == Position(1, 6))
        #expect(Position(key.value.range.end) == Position(1, 11))
        let list = try #require(value("list", in: root))
        #expect(Position(list.range.start) == Position(2, 7))
        #expect(Position(list.range.end) == Position(2, 13))
        #expect(list.items?.map(\.scalarText) == ["a", "b"])
    }

    @Test("the file name is carried on every range")
    func fileName() throws {
        let (root, _) = YAMLReader(file: "dir/custom.yaml").read(Array("a: [b]\n".utf8))
        let node = try #require(root)
        #expect(node.range.file == "dir/custom.yaml")
        #expect(node.pairs?[0].key.range.file == "dir/custom.yaml")
        #expect(node.pairs?[0].value.items?[0].range.file == "dir/custom.yaml")
    }

    @Test("columns count characters, not bytes")
    func columnsInCharacters() throws {
        let input = MarkedText("name: \"caf\u{E9} 👍 日本\"\n1️⃣next: 2️⃣x\n")
        let (root, _) = readYAML(input.text)
        #expect(value("name", in: root)?.scalarText == "caf\u{E9} 👍 日本")
        let next = try #require(root?.pairs?[1])
        #expect(Position(next.key.range.start) == input["1️⃣"])
        #expect(Position(next.value.range.start) == input["2️⃣"])

        let same = MarkedText("name: { a: \"\u{E9}\u{E9}\u{E9}\", 1️⃣b: 1 }\n")
        let (other, _) = readYAML(same.text)
        let b = try #require(value("name", in: other)?.pairs?[1])
        #expect(Position(b.key.range.start) == same["1️⃣"])
        #expect(same["1️⃣"] == Position(1, 19))
    }

    @Test("a byte order mark takes no column")
    func byteOrderMark() throws {
        let (root, diagnostics) = readYAML("\u{FEFF}a: 1\nb: 2\n")
        #expect(diagnostics.isEmpty)
        let a = try #require(root?.pairs?.first)
        #expect(a.name == "a")
        #expect(Position(a.key.range.start) == Position(1, 1))
    }

    @Test("CRLF line breaks count as one line each")
    func crlf() throws {
        let input = MarkedText("a: 1\r\nb: 2\r\n1️⃣c: 3\r\n")
        let (root, diagnostics) = readYAML(input.text)
        #expect(diagnostics.isEmpty)
        let c = try #require(root?.pairs?[2])
        #expect(Position(c.key.range.start) == input["1️⃣"])
        #expect(input["1️⃣"] == Position(3, 1))
    }

    @Test("quoted and block scalars are marked quoted; plain ones are not")
    func quoting() throws {
        let (root, _) = readYAML("""
        plain: x
        double: "x"
        single: 'x'
        literal: |
          x
        folded: >
          x
        """)
        func quoted(_ key: String) -> Bool? {
            if case .scalar(_, let quoted)? = value(key, in: root)?.content { return quoted }
            return nil
        }
        #expect(quoted("plain") == false)
        #expect(quoted("double") == true)
        #expect(quoted("single") == true)
        #expect(quoted("literal") == true)
        #expect(quoted("folded") == true)
        #expect(value("literal", in: root)?.scalarText == "x\n")
    }

    @Test("mapping keys keep source order")
    func sourceOrder() throws {
        let (root, _) = readYAML("z: 1\na: 2\nm: 3\n")
        #expect(root?.pairs?.map(\.name) == ["z", "a", "m"])
    }

    @Test(
        "plain scalars follow the YAML 1.2 core schema",
        arguments: [
            ("~", ScalarValue.null), ("null", .null), ("Null", .null), ("NULL", .null),
            ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)),
            ("false", .bool(false)), ("False", .bool(false)), ("FALSE", .bool(false)),
            ("yes", .string("yes")), ("no", .string("no")), ("on", .string("on")), ("off", .string("off")),
            ("y", .string("y")), ("n", .string("n")),
            ("0", .int(0)), ("42", .int(42)), ("-3", .int(-3)), ("+7", .int(7)),
            ("1.5", .float("1.5")), ("-0.5", .float("-0.5")), (".5", .float(".5")), ("1e3", .float("1e3")),
            ("UILabel", .string("UILabel")), ("account.balance", .string("account.balance")),
        ] as [(String, ScalarValue)])
    func coreSchema(text: String, expected: ScalarValue) throws {
        let (root, diagnostics) = readYAML("key: \(text)\n")
        #expect(diagnostics.isEmpty, "\(listing(diagnostics))")
        #expect(value("key", in: root)?.scalarValue == expected)
    }

    @Test("an empty value is null, and quoted scalars are always text")
    func nullAndQuoted() throws {
        let (root, _) = readYAML("empty:\nquotedInt: \"1\"\nquotedBool: 'true'\nquotedNull: \"\"\n")
        #expect(value("empty", in: root)?.scalarValue == .null)
        #expect(value("quotedInt", in: root)?.scalarValue == .string("1"))
        #expect(value("quotedBool", in: root)?.scalarValue == .string("true"))
        #expect(value("quotedNull", in: root)?.scalarValue == .string(""))
    }

    @Test("type names for messages")
    func typeNames() throws {
        let (root, _) = readYAML("m: {}\ns: []\nn: ~\nb: true\ni: 3\nf: 1.5\nt: x\nq: \"3\"\n")
        #expect(value("m", in: root)?.typeName == "a mapping")
        #expect(value("s", in: root)?.typeName == "a sequence")
        #expect(value("n", in: root)?.typeName == "nothing (null)")
        #expect(value("b", in: root)?.typeName == "a boolean")
        #expect(value("i", in: root)?.typeName == "an integer")
        #expect(value("f", in: root)?.typeName == "a number")
        #expect(value("t", in: root)?.typeName == "text")
        #expect(value("q", in: root)?.typeName == "text")
    }

    @Test("scalarText, pairs and items answer only for their own kind")
    func accessors() throws {
        let (root, _) = readYAML("m: {a: b}\ns: [c]\nt: d\n")
        let m = try #require(value("m", in: root))
        let s = try #require(value("s", in: root))
        let t = try #require(value("t", in: root))
        #expect(m.scalarText == nil && m.items == nil && m.pairs?.count == 1)
        #expect(s.scalarText == nil && s.pairs == nil && s.items?.count == 1)
        #expect(t.pairs == nil && t.items == nil && t.scalarText == "d")
        #expect(m.scalarValue == nil)
    }
}

@Suite("YAMLReader: rejected input")
struct YAMLReaderRejectionTests {
    @Test("a repeated key is reported at the repeated key, and the tree is still returned")
    func duplicateKey() throws {
        let input = MarkedText("a: 1\nb: 2\n1️⃣a: 3\n")
        let (root, diagnostics) = readYAML(input.text)
        #expect(root != nil)
        let found = expectDiagnostic("duplicate-key", at: input["1️⃣"], in: diagnostics, messageContains: "'a'")
        #expect(found?.message.contains("line 1") == true)
        #expect(diagnostics.count == 1)
    }

    @Test("a repeated key inside a flow mapping is reported at the repeated key")
    func duplicateKeyInFlow() {
        let input = MarkedText("m: { x: 1, y: 2, 1️⃣x: 3 }\n")
        let (_, diagnostics) = readYAML(input.text)
        expectDiagnostic("duplicate-key", at: input["1️⃣"], in: diagnostics)
    }

    @Test("the same key in two different mappings is no duplicate")
    func sameKeyElsewhere() {
        let (_, diagnostics) = readYAML("a: { k: 1 }\nb: { k: 2 }\nc: [{ k: 1 }, { k: 2 }]\n")
        #expect(diagnostics.isEmpty, "\(listing(diagnostics))")
    }

    @Test("a key that is not a scalar is a syntax error at the key")
    func complexKey() {
        let input = MarkedText("? 1️⃣[a, b]\n: c\n")
        let (_, diagnostics) = readYAML(input.text)
        expectDiagnostic("syntax", at: input["1️⃣"], in: diagnostics, messageContains: "plain text")
    }

    @Test(
        "anchors are rejected wherever they are",
        arguments: [
            "a: 1️⃣&x value\n",
            "a: 1️⃣&x\n  b: c\n",
            "a: 1️⃣&x [1, 2]\n",
            "a:\n  - 1️⃣&x { b: c }\n",
            "1️⃣&x a: b\n",
        ])
    func anchors(marked: String) {
        let input = MarkedText(marked)
        let (root, diagnostics) = readYAML(input.text)
        #expect(root == nil)
        expectDiagnostic(
            "anchor-alias", at: input["1️⃣"], in: diagnostics, hint: .exactly("write the value out in full"),
            messageContains: "anchor")
    }

    @Test("an alias is rejected at the alias")
    func alias() {
        let input = MarkedText("a: b\nc: 1️⃣*x\n")
        let (root, diagnostics) = readYAML(input.text)
        #expect(root == nil)
        expectDiagnostic("anchor-alias", at: input["1️⃣"], in: diagnostics, hint: .exactly("write the value out in full"), messageContains: "alias")
    }

    @Test(
        "explicit tags are rejected at the tag",
        arguments: [
            "a: 1️⃣!!str 1\n",
            "a: 1️⃣!!int 1\n",
            "a: 1️⃣!local x\n",
            "a: 1️⃣!!map { b: c }\n",
            "a: 1️⃣!!seq [1]\n",
            "a: 1️⃣! x\n",
        ])
    func tags(marked: String) {
        let input = MarkedText(marked)
        let (root, diagnostics) = readYAML(input.text)
        #expect(root == nil)
        expectDiagnostic("syntax", at: input["1️⃣"], in: diagnostics, messageContains: "tags are not allowed")
    }

    @Test("empty input is a missing-key error at 1:1", arguments: ["", " ", "\n\n", "  \r\n\t\n"])
    func empty(text: String) {
        let (root, diagnostics) = readYAML(text)
        #expect(root == nil)
        expectDiagnostic("missing-key", at: Position(1, 1), in: diagnostics, messageContains: "empty")
    }

    @Test("input with only comments is a missing-key error")
    func onlyComments() {
        let (root, diagnostics) = readYAML("# nothing here\n# at all\n")
        #expect(root == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.ruleID == "missing-key")
        #expect(diagnostics.first?.severity == .error)
    }

    @Test(
        "a second document is rejected where it starts",
        arguments: [
            "a: 1\n1️⃣---\nb: 2\n",
            "--- \na: 1\n1️⃣---\nb: 2\n",
            "a: 1\n1️⃣---\n",
        ])
    func secondDocument(marked: String) {
        let input = MarkedText(marked)
        let (root, diagnostics) = readYAML(input.text)
        #expect(root == nil)
        expectDiagnostic("syntax", at: input["1️⃣"], in: diagnostics, messageContains: "one YAML document")
    }

    @Test("a bare document after '...' is a syntax error where it starts")
    func bareDocumentAfterEnd() {
        let input = MarkedText("a: 1\n...\n1️⃣b: 2\n")
        let (root, diagnostics) = readYAML(input.text)
        #expect(root == nil)
        expectDiagnostic("syntax", at: input["1️⃣"], in: diagnostics)
    }

    @Test("an explicit single document is fine")
    func explicitDocument() {
        let (root, diagnostics) = readYAML("---\na: 1\n...\n")
        #expect(diagnostics.isEmpty, "\(listing(diagnostics))")
        #expect(value("a", in: root)?.scalarValue == .int(1))
    }

    @Test(
        "a tab used for indentation is a syntax error at the tab",
        arguments: [
            "a:\n1️⃣\tb: 1\n",
            "rules:\n1️⃣\t- mask: { type: UILabel }\n",
            "version: 1\n1️⃣\tdefault: mask\n",
            "rules:\n  - mask: { type: UILabel }\n  1️⃣\t- mask: { type: UIButton }\n",
            "rules:\n  - mask: { type: UILabel }\n    1️⃣\treason: x\n",
        ])
    func tabs(marked: String) {
        let input = MarkedText(marked)
        let (root, diagnostics) = readYAML(input.text)
        #expect(root == nil)
        expectDiagnostic("syntax", at: input["1️⃣"], in: diagnostics)
    }

    @Test("invalid UTF-8 is a syntax error at the offending byte, naming it")
    func invalidUTF8() {
        let prefix = MarkedText("a: 1\nb: caf\u{E9} 1️⃣")
        let bytes = prefix.bytes + [0xFF] + Array("x\n".utf8)
        let (root, diagnostics) = YAMLReader(file: testFile).read(bytes)
        #expect(root == nil)
        let found = expectDiagnostic("syntax", at: prefix["1️⃣"], in: diagnostics, messageContains: "0xFF")
        #expect(found?.range.start.offset == prefix.bytes.count)
    }

    @Test("a UTF-8 sequence cut short at the end is a syntax error at its first byte")
    func truncatedUTF8() {
        let prefix = MarkedText("a: 1\nb: 1️⃣")
        let bytes = prefix.bytes + [0xE6, 0x97]
        let (root, diagnostics) = YAMLReader(file: testFile).read(bytes)
        #expect(root == nil)
        expectDiagnostic("syntax", at: prefix["1️⃣"], in: diagnostics)
    }

    @Test("a control character is a syntax error at its position")
    func controlCharacter() {
        let prefix = MarkedText("a: 1\nb: x1️⃣")
        let bytes = prefix.bytes + [0x07] + Array("y\n".utf8)
        let (root, diagnostics) = YAMLReader(file: testFile).read(bytes)
        #expect(root == nil)
        expectDiagnostic("syntax", at: prefix["1️⃣"], in: diagnostics, messageContains: "0x07")
    }

    @Test("a NUL byte does not crash the reader and is rejected")
    func nulByte() {
        let bytes = Array("a: 1\nb: ".utf8) + [0x00] + Array("c\n".utf8)
        let (root, diagnostics) = YAMLReader(file: testFile).read(bytes)
        #expect(root == nil)
        #expect(diagnostics.contains { $0.ruleID == "syntax" && $0.range.start.line == 2 })
    }

    @Test(
        "libyaml syntax errors carry the rule id 'syntax' and a position",
        arguments: [
            ("a: 1\n  b: 2\n", Position(2, 4)),
            ("a: [1, 2\n", Position(2, 1)),
            ("a: \"open\n", Position(2, 1)),
            ("a: 1\n- b\n", Position(2, 1)),
        ] as [(String, Position)])
    func libyamlErrors(text: String, position: Position) {
        let (root, diagnostics) = readYAML(text)
        #expect(root == nil)
        #expect(diagnostics.count == 1)
        expectDiagnostic("syntax", at: position, in: diagnostics)
    }

    @Test("nesting up to the limit is read; one level more is rejected at the deeper collection")
    func nestingLimit() throws {
        let limits = PolicyLimits(maximumDepth: 3)
        // The root mapping is the first level.
        let (ok, okDiagnostics) = readYAML("a: [[x]]\n", limits: limits)
        #expect(okDiagnostics.isEmpty, "\(listing(okDiagnostics))")
        #expect(ok != nil)
        let input = MarkedText("a: [[1️⃣[x]]]\n")
        let (root, diagnostics) = readYAML(input.text, limits: limits)
        #expect(root == nil)
        expectDiagnostic("input-limit", at: input["1️⃣"], in: diagnostics, messageContains: "3")
    }

    @Test("block nesting counts too")
    func blockNesting() {
        let input = MarkedText("a:\n  b:\n    1️⃣c: 1\n")
        let (root, diagnostics) = readYAML(input.text, limits: PolicyLimits(maximumDepth: 2))
        #expect(root == nil)
        expectDiagnostic("input-limit", at: input["1️⃣"], in: diagnostics)
    }

    @Test("input over the byte limit is rejected at 1:1 before parsing")
    func byteLimit() {
        let limits = PolicyLimits(maximumBytes: 10)
        let (root, diagnostics) = readYAML("a: 12345678\n", limits: limits)
        #expect(root == nil)
        expectDiagnostic("input-limit", at: Position(1, 1), in: diagnostics, messageContains: "12 bytes")
        // Exactly at the limit is fine.
        let (exact, exactDiagnostics) = readYAML("a: 123456\n", limits: limits)
        #expect(exact != nil)
        #expect(exactDiagnostics.isEmpty)
    }

    @Test("the standard limits are 16 MiB and 64 levels")
    func standardLimits() {
        #expect(PolicyLimits.standard.maximumBytes == 16 << 20)
        #expect(PolicyLimits.standard.maximumDepth == 64)
        #expect(PolicyLimits() == .standard)
    }
}
