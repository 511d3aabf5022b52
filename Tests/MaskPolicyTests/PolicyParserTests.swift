import MaskEngine
import MaskPolicy
import Testing

/// Compiles a clean policy and returns its only rule.
private func onlyRule(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> MaskRule {
    let compilation = expectClean(text, sourceLocation: sourceLocation)
    let rules = try #require(compilation.table?.rules, sourceLocation: sourceLocation)
    try #require(rules.count == 1, "\(rules)", sourceLocation: sourceLocation)
    return rules[0]
}

@Suite("PolicyParser: valid policies")
struct PolicyParserValidTests {
    @Test("the header alone gives an empty policy")
    func headerOnly() throws {
        let compilation = expectClean("version: 1\ndefault: unmask\n")
        let parsed = try #require(compilation.parsed)
        #expect(parsed.version == 1)
        #expect(parsed.defaultAction == .unmask)
        #expect(parsed.classes.isEmpty && parsed.rules.isEmpty)
        #expect(parsed.file == testFile)
        #expect(compilation.table?.defaultAction == .unmask)
        #expect(compilation.table?.rules.isEmpty == true)
    }

    @Test("default: mask, quoted or not; the default's range is its value", arguments: ["mask", "\"mask\"", "'mask'"])
    func defaultMask(spelling: String) throws {
        let input = MarkedText("version: 1\ndefault: 1️⃣\(spelling)\n")
        let compilation = expectClean(input.text)
        let parsed = try #require(compilation.parsed)
        #expect(parsed.defaultAction == .mask)
        #expect(Position(parsed.defaultRange.start) == input["1️⃣"])
    }

    @Test("null types and rules are empty", arguments: ["types:\nrules:\n", "types: ~\nrules: null\n", "types: {}\nrules: []\n"])
    func emptySections(sections: String) throws {
        let compilation = expectClean(header + sections)
        #expect(compilation.parsed?.classes.isEmpty == true)
        #expect(compilation.parsed?.rules.isEmpty == true)
    }

    @Test("keys may come in any order, version as +1 or 01")
    func keyOrder() {
        expectClean("rules: []\ndefault: mask\ntypes: {}\nversion: 1\n")
        expectClean("version: +1\ndefault: mask\n")
        expectClean("version: 01\ndefault: mask\n")
    }

    @Test(
        "every selector kind makes the right rule",
        arguments: [
            ("type: UILabel", ViewSelector.type("UILabel")),
            ("type: android.widget.TextView", .type("android.widget.TextView")),
            ("id: header", .id(GlobPattern("header"))),
            ("id: \"row-*\"", .id(GlobPattern("row-*"))),
            ("id: 42", .id(GlobPattern("42"))),
            ("accessibilityIdentifier: account.balance", .accessibilityIdentifier(GlobPattern("account.balance"))),
            ("accessibilityIdentifier: \"*.iban\"", .accessibilityIdentifier(GlobPattern("*.iban"))),
            ("accessibilityIdentifier: 1.50", .accessibilityIdentifier(GlobPattern("1.50"))),
            ("restorationIdentifier: dichotomy", .restorationIdentifier(GlobPattern("dichotomy"))),
            ("restorationIdentifier: 'a*b'", .restorationIdentifier(GlobPattern("a*b"))),
            ("tag: 42", .tag(42)),
            ("tag: -7", .tag(-7)),
            ("tag: -1", .tag(-1)),
            ("target: \"UIButton[ai:SalesViewController.on_sale]\"", .target(GlobPattern("UIButton[ai:SalesViewController.on_sale]"))),
            ("target: \"[root]>UIView:eq(0)>UILabel[tg:3]\"", .target(GlobPattern("[root]>UIView:eq(0)>UILabel[tg:3]"))),
            ("target: \"UIButton[ai:*]\"", .target(GlobPattern("UIButton[ai:*]"))),
        ] as [(String, ViewSelector)])
    func selectorKinds(selector: String, expected: ViewSelector) throws {
        for action in MaskAction.allCases {
            let rule = try onlyRule(header + "rules:\n  - \(action.rawValue): { \(selector) }\n")
            #expect(rule.action == action)
            #expect(rule.selector == expected)
            #expect(rule.recursive == true)
            #expect(rule.screen == nil)
            #expect(rule.reason == nil)
            #expect(rule.origin == RuleOrigin(file: testFile, line: 4, column: 5))
        }
    }

    @Test("block-style selectors work too")
    func blockSelector() throws {
        let input = MarkedText(header + """
        rules:
          - reason: why
            1️⃣unmask:
              accessibilityIdentifier: "home.*"
              recursive: false
              screen: HomeViewController
        """)
        let rule = try onlyRule(input.text)
        #expect(rule.action == .unmask)
        #expect(rule.selector == .accessibilityIdentifier(GlobPattern("home.*")))
        #expect(rule.recursive == false)
        #expect(rule.screen == "HomeViewController")
        #expect(rule.reason == "why")
        #expect(rule.origin == RuleOrigin(file: testFile, line: input["1️⃣"].line, column: input["1️⃣"].column))
    }

    @Test("recursive, screen and reason are carried over")
    func options() throws {
        let rule = try onlyRule(header + """
        rules:
          - mask: { accessibilityIdentifier: account.balance, recursive: false, screen: AccountViewController }
            reason: "the balance is personal"
        """)
        #expect(rule.action == .mask)
        #expect(rule.selector == .accessibilityIdentifier(GlobPattern("account.balance")))
        #expect(rule.recursive == false)
        #expect(rule.screen == "AccountViewController")
        #expect(rule.reason == "the balance is personal")
        #expect(rule.ownLevel == .instance)
    }

    @Test("recursive: true is the default and may be written", arguments: ["", ", recursive: true", ", recursive: True", ", recursive: TRUE"])
    func recursiveTrue(option: String) throws {
        let rule = try onlyRule(header + "rules:\n  - unmask: { type: UIButton\(option) }\n")
        #expect(rule.recursive == true)
        #expect(rule.ownLevel == .type)
    }

    @Test("a numeric screen or reason is taken as written; an empty reason is none")
    func numericText() throws {
        let rule = try onlyRule(header + "rules:\n  - mask: { type: UILabel, screen: 404 }\n    reason: 12\n")
        #expect(rule.screen == "404")
        #expect(rule.reason == "12")
        let empty = try onlyRule(header + "rules:\n  - mask: { type: UILabel }\n    reason: \"\"\n")
        #expect(empty.reason == nil)
        let float = try onlyRule(header + "rules:\n  - mask: { type: UILabel }\n    reason: 1.5\n")
        #expect(float.reason == "1.5")
    }

    @Test("multi-line reasons keep their text")
    func blockReason() throws {
        let rule = try onlyRule(header + "rules:\n  - mask: { type: UILabel }\n    reason: |\n      line one\n      line two\n")
        #expect(rule.reason == "line one\nline two\n")
    }

    @Test("rules keep source order and each origin is its action key")
    func originsAndOrder() throws {
        let input = MarkedText(header + """
        rules:
          - 1️⃣unmask: { type: UIButton }
            reason: "buttons show static copy only"
          - 2️⃣mask: { accessibilityIdentifier: account.balance, recursive: false }
          - reason: "action key after the reason"
            3️⃣mask: { target: "UIButton[ai:SalesViewController.on_sale]" }
          -   4️⃣unmask: { restorationIdentifier: dichotomy, screen: SalesViewController }
          - { 5️⃣mask: { tag: 7 } }
        """)
        let compilation = expectClean(input.text)
        let parsed = try #require(compilation.parsed)
        let rules = try #require(compilation.table?.rules)
        #expect(rules.count == 5)
        let markers: [Character] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"]
        for (rule, marker) in zip(rules, markers) {
            let expected = input[marker]
            #expect(rule.origin == RuleOrigin(file: testFile, line: expected.line, column: expected.column), "\(marker)")
        }
        for (parsedRule, marker) in zip(parsed.rules, markers) {
            #expect(Position(parsedRule.actionRange.start) == input[marker])
        }
        #expect(rules.map(\.action) == [.unmask, .mask, .mask, .unmask, .mask])
        #expect(rules.map(\.selector.key) == [.type, .accessibilityIdentifier, .target, .restorationIdentifier, .tag])
        #expect(rules[0].reason == "buttons show static copy only")
        #expect(rules[2].reason == "action key after the reason")
        #expect(rules[3].screen == "SalesViewController")
        #expect(parsed.policy.rules == rules)
    }

    @Test("parsed rules keep the ranges of their selector value and screen")
    func ruleRanges() throws {
        let input = MarkedText(header + "rules:\n  - 1️⃣mask: { id: 2️⃣header, screen: 3️⃣Home }\n")
        let parsed = try #require(expectClean(input.text).parsed)
        let rule = try #require(parsed.rules.first)
        #expect(Position(rule.range.start) == input["1️⃣"])
        #expect(Position(rule.actionRange.start) == input["1️⃣"])
        #expect(Position(rule.selectorRange.start) == input["2️⃣"])
        #expect(rule.screenRange.map { Position($0.start) } == input["3️⃣"])
    }

    @Test("types entries: extends, kind, recurse, and a null value")
    func types() throws {
        let input = MarkedText(header + """
        types:
          1️⃣CenteredLabel: { extends: 2️⃣UILabel }
          3️⃣MapboxMapView: { extends: UIView, kind: 4️⃣map, recurse: false }
          5️⃣PlainView:
          SecretField: { kind: secure-text, recurse: true }
          Text: { kind: swiftui-text }
          Empty: {}
          6️⃣404: { extends: UIView }
        """)
        let compilation = expectClean(input.text)
        let parsed = try #require(compilation.parsed)
        let declarations = parsed.classes.map(\.declaration)
        #expect(declarations.map(\.name) == ["CenteredLabel", "MapboxMapView", "PlainView", "SecretField", "Text", "Empty", "404"])

        #expect(declarations[0].superclass == "UILabel")
        #expect(declarations[0].kind == nil)
        #expect(declarations[0].recurse == nil)
        #expect(declarations[0].origin == RuleOrigin(file: testFile, line: input["1️⃣"].line, column: input["1️⃣"].column))
        #expect(parsed.classes[0].extendsRange.map { Position($0.start) } == input["2️⃣"])
        #expect(parsed.classes[0].kindRange == nil)
        #expect(Position(parsed.classes[0].nameRange.start) == input["1️⃣"])

        #expect(declarations[1] == ClassDeclaration(
            "MapboxMapView", extends: "UIView", kind: .map, recurse: false,
            origin: RuleOrigin(file: testFile, line: input["3️⃣"].line, column: input["3️⃣"].column)))
        #expect(parsed.classes[1].kindRange.map { Position($0.start) } == input["4️⃣"])

        #expect(declarations[2] == ClassDeclaration(
            "PlainView", origin: RuleOrigin(file: testFile, line: input["5️⃣"].line, column: input["5️⃣"].column)))
        #expect(parsed.classes[2].extendsRange == nil)

        #expect(declarations[3].kind == .secureText)
        #expect(declarations[3].recurse == true)
        #expect(declarations[4].kind == .swiftUIText)
        #expect(declarations[5].superclass == nil && declarations[5].kind == nil && declarations[5].recurse == nil)
        #expect(declarations[6].superclass == "UIView")
        #expect(Position(parsed.classes[6].nameRange.start) == input["6️⃣"])

        let table = try #require(compilation.table)
        #expect(table.catalog.declaration(named: "MapboxMapView")?.kind == .map)
        #expect(table.catalog.declaration(named: "MapboxMapView")?.recurse == false)
        #expect(table.catalog.declaration(named: "CenteredLabel")?.superclass == "UILabel")
        #expect(parsed.policy.classes == declarations)
    }

    @Test("every kind name is accepted", arguments: ViewKind.allCases)
    func kinds(kind: ViewKind) throws {
        let compilation = expectClean(header + "types:\n  Custom: { kind: \(kind.rawValue) }\n")
        #expect(compilation.parsed?.classes.first?.declaration.kind == kind)
    }
}

@Suite("PolicyParser: schema errors and their positions")
struct PolicyParserErrorTests {
    // MARK: the top level

    @Test("the root must be a mapping")
    func rootNotMapping() {
        expectDiagnostic("wrong-type", "1️⃣- version: 1\n- default: mask\n", messageContains: "found a sequence")
        expectDiagnostic("wrong-type", "1️⃣just text\n", messageContains: "found text")
        expectDiagnostic("wrong-type", "---\n1️⃣", messageContains: "null")
    }

    @Test("missing version is reported at the start of the root mapping")
    func missingVersion() {
        expectDiagnostic("missing-key", "# a comment\n1️⃣default: mask\n", messageContains: "'version'")
        expectDiagnostic("missing-key", "1️⃣{ default: mask }\n", messageContains: "'version'")
    }

    @Test("missing default is reported at the start of the root mapping")
    func missingDefault() {
        expectDiagnostic("missing-key", "\n\n  1️⃣version: 1\n  rules: []\n", messageContains: "'default'")
    }

    @Test("missing both reports both")
    func missingBoth() {
        let compilation = expectDiagnostic("missing-key", "1️⃣rules: []\n", messageContains: "'version'")
        #expect(compilation.diagnostics.filter { $0.ruleID == "missing-key" }.count == 2)
        #expect(compilation.parsed == nil)
    }

    @Test("an unknown top-level key is reported at the key, with a hint")
    func unknownTopKey() {
        expectDiagnostic("unknown-key", header + "1️⃣rule: []\n", hint: .exactly("did you mean 'rules'?"), messageContains: "'rule'")
        expectDiagnostic("unknown-key", header + "1️⃣type: {}\n", hint: .exactly("did you mean 'types'?"))
        expectDiagnostic("unknown-key", "1️⃣verison: 1\ndefault: mask\n", hint: .exactly("did you mean 'version'?"))
        expectDiagnostic("unknown-key", "version: 1\n1️⃣defualt: mask\n", hint: .exactly("did you mean 'default'?"))
        expectDiagnostic("unknown-key", header + "1️⃣colour: blue\n", hint: .absent)
    }

    @Test("version must be the number 1 (or 1.1); another number is an unsupported version", arguments: [
        ("\"1\"", "wrong-type", "found text"),
        ("'1'", "wrong-type", "found text"),
        ("1.2", "invalid-value", "unsupported policy version 1.2"),
        ("3.0", "invalid-value", "unsupported policy version 3.0"),
        ("one", "wrong-type", "found text"),
        ("true", "wrong-type", "found a boolean"),
        ("[1]", "wrong-type", "found a sequence"),
        ("2", "invalid-value", "unsupported policy version 2"),
        ("0", "invalid-value", "unsupported policy version 0"),
        ("-1", "invalid-value", "unsupported policy version -1"),
    ])
    func version(value: String, ruleID: String, message: String) {
        let compilation = expectDiagnostic(ruleID, "version: 1️⃣\(value)\ndefault: mask\n", messageContains: message)
        // A bad version is not also "missing".
        #expect(!compilation.diagnostics.contains { $0.ruleID == "missing-key" }, "\(listing(compilation.diagnostics))")
    }

    @Test("a file that is no policy (no version, no default, no policy key) has its keys counted, not echoed")
    func foreignKeys() {
        let shadow = "root:\nalice$6$saltsalt$hashhash:\nbob:\n"
        let compilation = PolicyCompiler.compile(shadow, file: "shadow")
        let unknown = compilation.diagnostics.filter { $0.ruleID == "unknown-key" }
        #expect(unknown.count == 1, "\(listing(compilation.diagnostics))")
        #expect(unknown.first?.message.contains("3 unknown keys") == true, "\(listing(compilation.diagnostics))")
        for secret in ["root", "alice", "hashhash", "bob"] {
            #expect(!compilation.diagnostics.contains { $0.rendered.contains(secret) }, "\(listing(compilation.diagnostics))")
        }
        // A policy with a misspelt key still names it, with its hint.
        let typo = PolicyCompiler.compile("verison: 1\ndefualt: mask\n", file: "p.yaml")
        #expect(typo.diagnostics.contains { $0.message.contains("'verison'") }, "\(listing(typo.diagnostics))")
    }

    @Test("a version is compared as a number, as the JSON Schema compares it: 1.0 is 1, 1.10 is 1.1")
    func numericVersion() throws {
        for (written, format11) in [("1.0", false), ("1.00", false), ("1.10", true), ("1.1", true)] {
            let compilation = PolicyCompiler.compile("version: \(written)\ndefault: mask\nrules:\n  - mask: { kind: input }\n", file: "p.yaml")
            // A kind selector is format 1.1's: version 1 refuses it.
            #expect((compilation.table != nil) == format11, "version: \(written): \(listing(compilation.diagnostics))")
            let plain = PolicyCompiler.compile("version: \(written)\ndefault: mask\n", file: "p.yaml")
            #expect(plain.table != nil, "version: \(written): \(listing(plain.diagnostics))")
        }
    }

    @Test("a quoted \"1\" or \"1.1\" version is wrong-type, at the opening quote, with how to write it")
    func quotedVersion() {
        expectDiagnostic("wrong-type", "version: 1️⃣\"1\"\ndefault: mask\n", hint: .exactly("write it without quotes: 'version: 1'"),
                         messageContains: "'version' must be the number 1 or 1.1, found text")
        expectDiagnostic("wrong-type", "version: 1️⃣\"1.1\"\ndefault: mask\n", hint: .exactly("write it without quotes: 'version: 1.1'"),
                         messageContains: "'version' must be the number 1 or 1.1, found text")
    }

    @Test("default must be mask or unmask", arguments: [
        ("masked", "invalid-value", HintExpectation.exactly("did you mean 'mask'?")),
        ("Mask", "invalid-value", .exactly("did you mean 'mask'?")),
        ("unmsk", "invalid-value", .exactly("did you mean 'unmask'?")),
        ("hide", "invalid-value", .absent),
        ("\"\"", "invalid-value", .unchecked),
        ("1", "wrong-type", .absent),
        ("true", "wrong-type", .absent),
        ("~", "wrong-type", .absent),
        ("{ mask: true }", "wrong-type", .absent),
    ] as [(String, String, HintExpectation)])
    func defaultValue(value: String, ruleID: String, hint: HintExpectation) {
        expectDiagnostic(ruleID, "version: 1\ndefault: 1️⃣\(value)\n", hint: hint, messageContains: "'default'")
    }

    @Test("an empty value is reported where the value would be")
    func emptyValues() {
        expectDiagnostic("wrong-type", "version: 1\ndefault:1️⃣\n", messageContains: "'default' must be mask or unmask, found nothing (null)")
        expectDiagnostic("wrong-type", "version:1️⃣\ndefault: mask\n", messageContains: "found nothing")
        expectDiagnostic("wrong-type", header + "rules:\n  - mask:1️⃣\n  - mask: { type: A }\n", messageContains: "'mask' takes a selector")
        // In a flow mapping libyaml places the empty value at the next token.
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { type: A, recursive: 1️⃣}\n", messageContains: "'recursive'")
        expectDiagnostic("wrong-type", header + "types:\n  Custom: { extends: 1️⃣}\n", messageContains: "'extends'")
    }

    @Test("a duplicate top-level key is reported at the repeated key")
    func duplicateTopKey() {
        let compilation = expectDiagnostic("duplicate-key", "version: 1\ndefault: mask\n1️⃣default: unmask\n", messageContains: "first at line 2")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
    }

    // MARK: types

    @Test("types must be a mapping")
    func typesNotMapping() {
        expectDiagnostic("wrong-type", header + "types: 1️⃣[UILabel]\n", messageContains: "'types'")
        expectDiagnostic("wrong-type", header + "types: 1️⃣UILabel\n")
    }

    @Test("a types entry must be a mapping or null")
    func typesEntryNotMapping() {
        expectDiagnostic("wrong-type", header + "types:\n  Custom: 1️⃣UILabel\n", messageContains: "'Custom'")
        expectDiagnostic("wrong-type", header + "types:\n  Custom: 1️⃣[extends, UILabel]\n")
        expectDiagnostic("wrong-type", header + "types:\n  Custom: 1️⃣3\n")
    }

    @Test("an unknown key in a types entry is reported at the key, with a hint")
    func typesUnknownKey() {
        expectDiagnostic("unknown-key", header + "types:\n  Custom: { 1️⃣extend: UILabel }\n", hint: .exactly("did you mean 'extends'?"), messageContains: "'Custom'")
        expectDiagnostic("unknown-key", header + "types:\n  Custom: { 1️⃣knd: map }\n", hint: .exactly("did you mean 'kind'?"))
        expectDiagnostic("unknown-key", header + "types:\n  Custom: { 1️⃣recursive: false }\n", hint: .exactly("did you mean 'recurse'?"))
        expectDiagnostic("unknown-key", header + "types:\n  Custom:\n    extends: UIView\n    1️⃣colour: red\n", hint: .absent)
    }

    @Test("extends must name one class")
    func extendsValue() {
        expectDiagnostic("invalid-value", header + "types:\n  Custom: { extends: 1️⃣\"UI*\" }\n", messageContains: "'*'")
        expectDiagnostic("wrong-type", header + "types:\n  Custom: { extends: 1️⃣[UIView] }\n", messageContains: "'extends'")
        expectDiagnostic("wrong-type", header + "types:\n  Custom: { extends: 1️⃣true }\n")
        expectDiagnostic("empty-pattern", header + "types:\n  Custom: { extends: 1️⃣\"\" }\n")
    }

    @Test("kind must be a known kind", arguments: [
        ("mapp", HintExpectation.exactly("did you mean 'map'?")),
        ("Image", .exactly("did you mean 'image'?")),
        ("secure_text", .exactly("did you mean 'secure-text'?")),
        ("webView", .exactly("did you mean 'webview'?")),
        ("button", .absent),
        ("3", .unchecked),
        ("\"\"", .unchecked),
    ] as [(String, HintExpectation)])
    func kindValue(value: String, hint: HintExpectation) {
        expectDiagnostic("invalid-value", header + "types:\n  Custom: { extends: UIView, kind: 1️⃣\(value) }\n", hint: hint, messageContains: "'kind' must be one of")
    }

    @Test("recurse must be a boolean; YAML 1.1 booleans get a hint", arguments: [
        ("yes", HintExpectation.exactly("write true or false")),
        ("no", .exactly("write true or false")),
        ("off", .exactly("write true or false")),
        ("\"false\"", .absent),
        ("0", .absent),
    ] as [(String, HintExpectation)])
    func recurseValue(value: String, hint: HintExpectation) {
        expectDiagnostic("wrong-type", header + "types:\n  Custom: { recurse: 1️⃣\(value) }\n", hint: hint, messageContains: "'recurse' must be true or false")
    }

    @Test("a types entry named twice is a duplicate key at the second")
    func duplicateType() {
        expectDiagnostic("duplicate-key", header + "types:\n  Custom: {}\n  1️⃣Custom: { extends: UIView }\n")
    }

    @Test("a types entry names one class: '*' in its name is invalid-value")
    func typeNameStar() {
        expectDiagnostic("invalid-value", header + "types:\n  1️⃣\"UI*\": { extends: UIView }\n")
        expectDiagnostic("invalid-value", header + "types:\n  1️⃣\"*\":\n")
    }

    @Test("an empty type name is reported")
    func emptyTypeName() {
        expectDiagnostic("empty-pattern", header + "types:\n  1️⃣\"\": { extends: UIView }\n")
    }

    // MARK: rules

    @Test("rules must be a sequence")
    func rulesNotSequence() {
        expectDiagnostic("wrong-type", header + "rules:\n  1️⃣mask: { type: UILabel }\n", messageContains: "'rules' must be a list of rules, found a mapping")
        expectDiagnostic("wrong-type", header + "rules: 1️⃣UILabel\n")
    }

    @Test("a rule must be a mapping")
    func ruleNotMapping() {
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { type: UILabel }\n  - 1️⃣UILabel\n", messageContains: "a rule must be a mapping")
        expectDiagnostic("wrong-type", header + "rules:\n  - 1️⃣[mask, UILabel]\n")
    }

    @Test("a rule without an action is reported at the rule")
    func ruleWithoutAction() {
        expectDiagnostic("selector-arity", header + "rules:\n  - 1️⃣reason: \"no action\"\n", messageContains: "needs one of mask or unmask")
        expectDiagnostic("selector-arity", header + "rules:\n  - 1️⃣{}\n")
    }

    @Test("a rule with both actions is reported at the second")
    func ruleWithTwoActions() {
        expectDiagnostic("selector-arity", header + "rules:\n  - mask: { type: UILabel }\n    1️⃣unmask: { type: UIButton }\n", messageContains: "'mask' is already given")
        expectDiagnostic("selector-arity", header + "rules:\n  - { unmask: { type: A }, 1️⃣mask: { type: B } }\n", messageContains: "'unmask' is already given")
    }

    @Test("the same action twice is a duplicate key at the second")
    func repeatedAction() {
        expectDiagnostic("duplicate-key", header + "rules:\n  - mask: { type: UILabel }\n    1️⃣mask: { type: UIButton }\n")
    }

    @Test("an unknown key in a rule is reported at the key, with a hint")
    func ruleUnknownKey() {
        expectDiagnostic("unknown-key", header + "rules:\n  - mask: { type: UILabel }\n    1️⃣reasn: x\n", hint: .exactly("did you mean 'reason'?"), messageContains: "in a rule")
        expectDiagnostic("unknown-key", header + "rules:\n  - mask: { type: UILabel }\n    1️⃣comment: x\n", hint: .absent)
        // A selector key written at the rule level.
        expectDiagnostic("unknown-key", header + "rules:\n  - mask: { type: UILabel }\n    1️⃣screen: Home\n")
        // A misspelt action.
        expectDiagnostic("unknown-key", header + "rules:\n  - 1️⃣unmsk: { type: UILabel }\n", hint: .exactly("did you mean 'unmask'?"))
    }

    @Test("an action's value must be a selector mapping")
    func actionNotMapping() {
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: 1️⃣UILabel\n", messageContains: "'mask' takes a selector")
        expectDiagnostic("wrong-type", header + "rules:\n  - unmask: 1️⃣[type, UILabel]\n", messageContains: "'unmask' takes a selector")
    }

    @Test("a selector naming no view is reported at the selector")
    func emptySelector() {
        expectDiagnostic("selector-arity", header + "rules:\n  - mask: 1️⃣{}\n", messageContains: "names no view")
        expectDiagnostic("selector-arity", header + "rules:\n  - mask: 1️⃣{ recursive: false, screen: Home }\n")
    }

    @Test("a selector with two selector keys is reported at the second")
    func twoSelectorKeys() {
        expectDiagnostic("selector-arity", header + "rules:\n  - mask: { type: UILabel, 1️⃣id: header }\n", messageContains: "'type' is already given")
        expectDiagnostic("selector-arity", header + "rules:\n  - unmask:\n      tag: 3\n      1️⃣target: \"A[ai:b]\"\n", messageContains: "'tag' is already given")
    }

    @Test("an unknown key in a selector is reported at the key, with a hint")
    func selectorUnknownKey() {
        expectDiagnostic("unknown-key", header + "rules:\n  - mask: { 1️⃣typo: UILabel }\n", hint: .exactly("did you mean 'type'?"), messageContains: "'typo' in a selector")
        expectDiagnostic("unknown-key", header + "rules:\n  - mask: { type: UILabel, 1️⃣recursve: false }\n", hint: .exactly("did you mean 'recursive'?"))
        expectDiagnostic("unknown-key", header + "rules:\n  - mask: { type: UILabel, 1️⃣scren: Home }\n", hint: .exactly("did you mean 'screen'?"))
        expectDiagnostic("unknown-key", header + "rules:\n  - mask: { 1️⃣accessibilityIdentifer: x }\n", hint: .exactly("did you mean 'accessibilityIdentifier'?"))
        expectDiagnostic("unknown-key", header + "rules:\n  - mask: { 1️⃣restorationID: x }\n", hint: .absent)
        expectDiagnostic("unknown-key", header + "rules:\n  - mask: { type: A, 1️⃣reason: x }\n", hint: .absent)
        expectDiagnostic("unknown-key", header + "rules:\n  - mask: { 1️⃣class: UILabel }\n", hint: .absent)
    }

    @Test("an unknown selector key alone does not also claim the selector names no view")
    func unknownKeyOnly() {
        let compilation = expectDiagnostic("unknown-key", header + "rules:\n  - mask: { 1️⃣typo: UILabel }\n")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
    }

    @Test("the rendered typo diagnostic")
    func renderedTypo() throws {
        let compilation = PolicyCompiler.compile(header + "rules:\n  - mask: { typo: UILabel }\n", file: "app/policy.yaml")
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(diagnostic.rendered == "app/policy.yaml:4:13: error: unknown key 'typo' in a selector (did you mean 'type'?) [unknown-key]")
    }

    @Test("a type selector names one class, with no star")
    func typeStar() {
        expectDiagnostic("invalid-value", header + "rules:\n  - mask: { type: 1️⃣\"UI*\" }\n", messageContains: "'*'")
        expectDiagnostic("invalid-value", header + "rules:\n  - mask: { type: 1️⃣\"*\" }\n")
        expectDiagnostic("invalid-value", header + "rules:\n  - mask: { type: 1️⃣\"*Label\" }\n")
    }

    @Test("a type selector's value must be text")
    func typeValue() {
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { type: 1️⃣[UILabel] }\n", messageContains: "'type' must be text, found a sequence")
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { type: 1️⃣false }\n")
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { type: 1️⃣~ }\n")
        expectDiagnostic("empty-pattern", header + "rules:\n  - mask: { type: 1️⃣\"\" }\n")
    }

    @Test(
        "a pattern matching every view, or an empty one, is empty-pattern",
        arguments: ["id", "accessibilityIdentifier", "restorationIdentifier", "target"],
        ["\"*\"", "'**'", "\"***\"", "\"\""])
    func matchEverything(key: String, value: String) {
        expectDiagnostic("empty-pattern", header + "rules:\n  - unmask: { \(key): 1️⃣\(value) }\n")
    }

    @Test("identifier selectors reject non-text values", arguments: ["id", "accessibilityIdentifier", "restorationIdentifier", "target"])
    func identifierValues(key: String) {
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { \(key): 1️⃣true }\n", messageContains: "'\(key)' must be text")
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { \(key): 1️⃣{ a: b } }\n", messageContains: "found a mapping")
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { \(key): 1️⃣null }\n", messageContains: "found nothing")
    }

    @Test("tag must be an integer", arguments: ["\"42\"", "forty", "1.5", "true", "[1]"])
    func tagValue(value: String) {
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { tag: 1️⃣\(value) }\n", messageContains: "'tag' must be an integer")
    }

    @Test("tag 0 counts as no tag, so a tag: 0 selector is an error at its value", arguments: [
        "mask: { tag: 1️⃣0 }", "unmask: { tag: 1️⃣0 }", "mask: { tag: 1️⃣-0, recursive: false }",
        "mask: { tag: 1️⃣+0 }", "mask:\n      screen: Home\n      tag: 1️⃣0",
    ])
    func tagZero(rule: String) {
        let compilation = expectDiagnostic(
            "invalid-value", header + "rules:\n  - \(rule)\n",
            hint: .exactly("give the view a non-zero tag, or select it by accessibilityIdentifier or id"),
            messageContains: "'tag: 0' matches no view: tag 0 is UIKit's default and counts as no tag")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
    }

    @Test("recursive must be a boolean; YAML 1.1 booleans get a hint", arguments: [
        ("yes", HintExpectation.exactly("write true or false")),
        ("Yes", .exactly("write true or false")),
        ("NO", .exactly("write true or false")),
        ("on", .exactly("write true or false")),
        ("Off", .exactly("write true or false")),
        ("y", .exactly("write true or false")),
        ("n", .exactly("write true or false")),
        ("1", .absent),
        ("\"true\"", .absent),
        ("maybe", .absent),
    ] as [(String, HintExpectation)])
    func recursiveValue(value: String, hint: HintExpectation) {
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { type: UILabel, recursive: 1️⃣\(value) }\n", hint: hint, messageContains: "'recursive' must be true or false")
    }

    @Test("recursive: yes in block style points at the value")
    func recursiveYesBlock() {
        let compilation = expectDiagnostic(
            "wrong-type",
            header + "rules:\n  - mask:\n      type: UILabel\n      recursive: 1️⃣yes\n",
            hint: .exactly("write true or false"), messageContains: "found text")
        #expect(compilation.diagnostics.count == 1)
    }

    @Test("screen must be non-empty text")
    func screenValue() {
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { type: UILabel, screen: 1️⃣[Home] }\n", messageContains: "'screen'")
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { type: UILabel, screen: 1️⃣true }\n")
        expectDiagnostic("empty-pattern", header + "rules:\n  - mask: { type: UILabel, screen: 1️⃣\"\" }\n")
    }

    @Test("a star in screen is an error at the screen's value: screens are compared exactly", arguments: [
        ("mask: { type: UILabel, screen: 1️⃣\"Checkout*\" }", "Checkout*"),
        ("unmask: { accessibilityIdentifier: total, screen: 1️⃣\"*\" }", "*"),
        ("mask: { id: header, screen: 1️⃣'*Controller' }", "*Controller"),
        ("mask:\n      screen: 1️⃣Check*out\n      type: UILabel", "Check*out"),
    ] as [(String, String)])
    func screenStar(rule: String, screen: String) {
        let compilation = expectDiagnostic(
            "invalid-value", header + "rules:\n  - \(rule)\n",
            hint: .exactly("list the screen by its exact name, or drop 'screen:' to apply the rule on every screen"),
            messageContains: "'screen' names one screen, compared exactly; '*' is not allowed in '\(screen)'")
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
    }

    @Test("reason must be text")
    func reasonValue() {
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { type: UILabel }\n    reason: 1️⃣[a, b]\n", messageContains: "'reason' must be text")
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { type: UILabel }\n    reason: 1️⃣true\n")
        expectDiagnostic("wrong-type", header + "rules:\n  - mask: { type: UILabel }\n    reason: 1️⃣{ why: x }\n")
    }

    @Test("a duplicate selector key is reported at the repeated key")
    func duplicateSelectorKey() {
        expectDiagnostic("duplicate-key", header + "rules:\n  - mask: { type: UILabel, 1️⃣type: UIButton }\n")
        expectDiagnostic("duplicate-key", header + "rules:\n  - mask: { type: UILabel, recursive: true, 1️⃣recursive: false }\n")
    }

    @Test("every problem in a file is reported, not only the first")
    func manyProblems() {
        let input = MarkedText("""
        version: 1
        default: mask
        1️⃣colour: red
        types:
          A: { 2️⃣extnds: UIView }
        rules:
          - mask: { 3️⃣typo: UILabel }
          - unmask: { id: 4️⃣"*" }
          - mask: { type: UILabel, recursive: 5️⃣yes }
          - mask: { type: 6️⃣"UI*" }
          - 7️⃣{ reason: none }
        """)
        let compilation = PolicyCompiler.compile(input.text, file: testFile)
        let failed = compilation.failed
        #expect(failed, "\(listing(compilation.diagnostics))")
        #expect(compilation.parsed == nil)
        expectDiagnostic("unknown-key", at: input["1️⃣"], in: compilation.diagnostics)
        expectDiagnostic("unknown-key", at: input["2️⃣"], in: compilation.diagnostics, hint: .exactly("did you mean 'extends'?"))
        expectDiagnostic("unknown-key", at: input["3️⃣"], in: compilation.diagnostics, hint: .exactly("did you mean 'type'?"))
        expectDiagnostic("empty-pattern", at: input["4️⃣"], in: compilation.diagnostics)
        expectDiagnostic("wrong-type", at: input["5️⃣"], in: compilation.diagnostics, hint: .exactly("write true or false"))
        expectDiagnostic("invalid-value", at: input["6️⃣"], in: compilation.diagnostics)
        expectDiagnostic("selector-arity", at: input["7️⃣"], in: compilation.diagnostics)
        #expect(compilation.diagnostics.count == 7, "\(listing(compilation.diagnostics))")
    }

    @Test("positions are right after multi-byte characters")
    func positionsAfterUnicode() {
        expectDiagnostic("unknown-key", header + "rules:\n  - mask: { accessibilityIdentifier: \"caf\u{E9}.👍.日本\", 1️⃣typo: x }\n")
        expectDiagnostic("unknown-key", "# r\u{E9}sum\u{E9} 日本語 policy\n" + header + "1️⃣rulez: []\n")
    }

    @Test("positions after a byte order mark ignore it")
    func positionsAfterBOM() {
        let compilation = PolicyCompiler.compile("\u{FEFF}versio: 1\ndefault: mask\n", file: testFile)
        expectDiagnostic("unknown-key", at: Position(1, 1), in: compilation.diagnostics, hint: .exactly("did you mean 'version'?"))
    }

    @Test("rules in an indentless sequence have their origins")
    func indentlessSequence() throws {
        let input = MarkedText(header + "rules:\n- 1️⃣mask: {type: A}\n- 2️⃣unmask: {type: B}\n")
        let rules = try #require(expectClean(input.text).table?.rules)
        #expect(rules.map(\.origin) == [
            RuleOrigin(file: testFile, line: input["1️⃣"].line, column: input["1️⃣"].column),
            RuleOrigin(file: testFile, line: input["2️⃣"].line, column: input["2️⃣"].column),
        ])
    }

    @Test("positions are right with CRLF line breaks")
    func positionsWithCRLF() {
        expectDiagnostic("unknown-key", "version: 1\r\ndefault: mask\r\nrules:\r\n  - mask: { 1️⃣typo: UILabel }\r\n", hint: .exactly("did you mean 'type'?"))
    }

    @Test("PolicyParser.parse works on a tree from YAMLReader")
    func parseDirectly() throws {
        let (root, readDiagnostics) = readYAML(header + "rules:\n  - mask: { type: UILabel }\n")
        #expect(readDiagnostics.isEmpty)
        let (parsed, diagnostics) = PolicyParser.parse(try #require(root), file: "other.yaml")
        #expect(diagnostics.isEmpty)
        let policy = try #require(parsed)
        #expect(policy.file == "other.yaml")

        let (bad, badDiagnostics) = PolicyParser.parse(try #require(readYAML("version: 1\n").0), file: "other.yaml")
        #expect(bad == nil)
        #expect(badDiagnostics.map(\.ruleID) == ["missing-key"])
    }
}
