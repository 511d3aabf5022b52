import Foundation
import MaskDiagnostics
import MaskEngine
import MaskPolicy
import MaskTestSupport
import Testing

/// `maskc fmt`'s formatter: idempotent, keeps every comment in order, and never
/// changes what a policy decides, over the shipped policies, the test fixtures and
/// generated policies; and one messy policy's canonical layout, exactly.
@Suite("Policy formatter")
struct PolicyFormatterTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `*.yaml` below `folder` that is not a policy test, sorted.
    static func yamlFiles(_ folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let found = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { ($0 as? URL)?.path } ?? []
        return found.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".masktest.yaml") }
            .map { String($0.dropFirst(root.path.count + 1)) }.sorted()
    }

    /// The shipped policies and every fixture whose YAML reads.
    static let fileInputs: [String] = (yamlFiles("Policies") + yamlFiles("Tests/Fixtures")).filter { path in
        guard let bytes = try? [UInt8](Data(contentsOf: root.appendingPathComponent(path))) else { return false }
        if case .success = PolicyFormatter.format(bytes, file: path) { return true }
        return false
    }

    /// Generated policies, plain and with comments and blank lines sprinkled over them.
    static let generatedInputs: [(String, String)] = (1...12).flatMap { seed -> [(String, String)] in
        var generator = PolicyGenerator(seed: UInt64(seed))
        let policy = generator.policy(rules: 5 + seed * 3, targets: seed % 2 == 0, locks: seed % 3 == 0, default: seed % 4 == 0 ? .unmask : .mask)
        let yaml = PolicyGenerator.yaml(policy)
        return [("generated-\(seed).yaml", yaml), ("commented-\(seed).yaml", sprinkled(yaml, seed: UInt64(seed)))]
    }

    /// `yaml` with full-line comments, end-of-line comments and blank lines added at random.
    static func sprinkled(_ yaml: String, seed: UInt64) -> String {
        var rng = SplitMix64(seed: seed &* 7919)
        var out: [String] = []
        for (index, line) in yaml.split(separator: "\n").enumerated() {
            let indent = String(line.prefix { $0 == " " })
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: out.append("\(indent)# about line \(index)")
            case 1: out.append("")
            default: break
            }
            out.append(Int.random(in: 0..<4, using: &rng) == 0 ? "\(line)  # note \(index)" : String(line))
        }
        return out.joined(separator: "\n") + "\n# the end\n"
    }

    static func read(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
    }

    static func formatted(_ bytes: [UInt8], file: String) throws -> [UInt8] {
        switch PolicyFormatter.format(bytes, file: file) {
        case .success(let out): return out
        case .failure(let failure): throw FormatTestError(message: listing(failure.diagnostics))
        }
    }

    struct FormatTestError: Error { var message: String }

    /// The comments of a YAML text, in order: `#` at a line's start or after a space,
    /// outside quotes.
    static func comments(_ text: String) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n") {
            var quote: Character?
            var previous: Character = " "
            for (offset, character) in line.enumerated() {
                if let open = quote {
                    if character == open && previous != "\\" { quote = nil }
                } else if character == "\"" || character == "'" {
                    if previous == " " || previous == "{" || previous == "[" || previous == ":" || previous == "," { quote = character }
                } else if character == "#" && (previous == " " || previous == "\t" || offset == 0) {
                    found.append(String(line.dropFirst(offset)).trimmingCharacters(in: .whitespaces))
                    break
                }
                previous = character
            }
        }
        return found
    }

    /// Whether every comment of `input` appears in `output`, in the same order.
    static func keepsComments(_ input: String, _ output: String) -> [String] {
        var cursor = output.startIndex
        var missing: [String] = []
        for comment in comments(input) {
            if let found = output.range(of: comment, range: cursor..<output.endIndex) {
                cursor = found.upperBound
            } else {
                missing.append(comment)
            }
        }
        return missing
    }

    /// What a policy decides, without source positions: the compiled table's rules,
    /// priorities, classes, defaults and detectors, and the rule ids the linter reports
    /// and suppresses.
    struct Decisions: Equatable {
        var compiled: Bool
        var defaultAction: MaskAction?
        var rules: [MaskRule] = []
        var priority: [Int] = []
        var classes: [ClassDeclaration] = []
        var defaults: DimensionDefaults?
        var detectors: [ContentDetector] = []
        var findings: [String]
        var suppressed: [String]

        init(_ bytes: [UInt8]) {
            let compilation = PolicyCompiler.compile(bytes, file: testFile)
            let report = PolicyLinter.lint(compilation, source: bytes, file: testFile)
            compiled = compilation.table != nil
            findings = report.diagnostics.map(\.ruleID).sorted()
            suppressed = report.suppressed.map(\.diagnostic.ruleID).sorted()
            guard let table = compilation.table, let parsed = compilation.parsed else { return }
            defaultAction = table.defaultAction
            rules = table.rules.map { rule in
                var rule = rule
                rule.origin = nil
                return rule
            }
            priority = table.priorityOrder
            classes = parsed.classes.map { parsedClass in
                var declaration = parsedClass.declaration
                declaration.origin = nil
                return declaration
            }
            defaults = table.defaults
            detectors = table.detectors
        }
    }

    /// Inputs whose keys the formatter reorders, taking their comments along: their
    /// comments are all kept, not in source order.
    static let reordered: Set<String> = ["Tests/Fixtures/Format/messy.yaml"]

    static func checkProperties(_ input: [UInt8], file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let once = try formatted(input, file: file)
        let twice = try formatted(once, file: file)
        #expect(once == twice, "not idempotent: \(file)\n\(String(decoding: once, as: UTF8.self))", sourceLocation: sourceLocation)
        let inText = String(decoding: input, as: UTF8.self), outText = String(decoding: once, as: UTF8.self)
        if reordered.contains(file) {
            #expect(comments(inText).sorted() == comments(outText).sorted(), "comments lost in \(file):\n\(outText)", sourceLocation: sourceLocation)
        } else {
            #expect(keepsComments(inText, outText) == [], "comments lost or reordered in \(file):\n\(outText)", sourceLocation: sourceLocation)
        }
        #expect(Decisions(input) == Decisions(once), "decisions changed in \(file):\n\(outText)", sourceLocation: sourceLocation)
        #expect(outText.hasSuffix("\n") && !outText.hasSuffix("\n\n") && !outText.contains("\t"), "\(file)", sourceLocation: sourceLocation)
    }

    @Test("shipped policies and fixtures: idempotent, every comment kept in order, same decisions and findings", arguments: fileInputs)
    func fileProperties(_ path: String) throws {
        try Self.checkProperties(try Self.read(path), file: path)
    }

    /// Every policy test file shipped.
    static let testFileInputs: [String] = {
        ["Policies", "Examples", "Tests/Fixtures"].flatMap { folder -> [String] in
            let found = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)?.compactMap { ($0 as? URL)?.path } ?? []
            return found.filter { $0.hasSuffix(".masktest.yaml") }.map { String($0.dropFirst(root.path.count + 1)) }
        }.sorted()
    }()

    @Test("policy tests (*.masktest.yaml): idempotent, every comment kept in order, same expectations", arguments: testFileInputs)
    func testFileProperties(_ path: String) throws {
        let input = try Self.read(path)
        let once = try Self.formatted(input, file: path)
        #expect(try Self.formatted(once, file: path) == once)
        #expect(Self.keepsComments(String(decoding: input, as: UTF8.self), String(decoding: once, as: UTF8.self)) == [])
        let before = PolicyTestParser.parse(input, file: path), after = PolicyTestParser.parse(once, file: path)
        #expect(before.1.map(\.ruleID) == after.1.map(\.ruleID))
        let summary = { (file: PolicyTestFile?) -> [String]? in
            file.map { [$0.policy.path] + $0.trees.map(\.path) + $0.expectations.map { $0.title + " " + ($0.tree?.path ?? "") } }
        }
        #expect(summary(before.0) == summary(after.0))
    }

    @Test("a policy test is laid out with its own key order")
    func testFileLayout() throws {
        let input = """
            expect:
              - is: masked
                tree: a.json
                view:
                  screen: Home
                  "identifier": "account.*"
              - noExposed:
                  detectors: [email,
                    phone]
            trees: ["a.json"]
            policy: 'app.yaml'
            """
        let out = try Self.formatted(Array(input.utf8), file: "app.masktest.yaml")
        #expect(String(decoding: out, as: UTF8.self) == """
            policy: app.yaml
            trees: [a.json]
            expect:
              - view: { identifier: account.*, screen: Home }
                tree: a.json
                is: masked
              - noExposed: { detectors: [email, phone] }

            """)
    }

    @Test("the property inputs include the shipped policies and the fixtures")
    func inputsAreThere() {
        #expect(Self.fileInputs.contains("Policies/retail-app.yaml"))
        #expect(Self.fileInputs.contains("Tests/Fixtures/BrokenPolicies/suppressed.yaml"))
        #expect(Self.fileInputs.count >= 30, "\(Self.fileInputs)")
    }

    @Test("generated policies, with and without comments: idempotent, comments kept, same decisions")
    func generatedProperties() throws {
        for (name, yaml) in Self.generatedInputs {
            try Self.checkProperties(Array(yaml.utf8), file: name)
        }
    }

    @Test("non-ASCII text anywhere before a node (libyaml counts characters, the formatter slices bytes): numbers stay numbers, comments stay, idempotent, same decisions; with a byte order mark too")
    func nonASCIIBeforeNodes() throws {
        let prefixes = ["# кириллица 日本語 🙂 café\n", "\u{FEFF}# é\n"]
        for (name, yaml) in Self.generatedInputs.prefix(12) {
            for prefix in prefixes {
                try Self.checkProperties(Array((prefix + yaml).utf8), file: name + "+non-ASCII")
            }
        }
        let policy = """
            # комментарий
            version: 1
            default: mask
            rules:
              - mask: { type: Café日 }
              #x
              - mask: { tag: 12, recursive: false }
              - unmask: { id: "a#b" }
                reason: "ünïcode 🙂"  # end
              # maskc:disable=broad-unmask checked
              - unmask: { type: UIView }
                reason: 全部
            """ + "\n"
        try Self.checkProperties(Array(policy.utf8), file: "unicode.yaml")
        let out = String(decoding: try Self.formatted(Array(policy.utf8), file: "unicode.yaml"), as: UTF8.self)
        #expect(out.contains("  - mask: { tag: 12, recursive: false }\n") && out.contains("  - unmask: { id: a#b }\n"), "\(out)")
        #expect(!out.contains("\"false\"") && !out.contains("\"12\""), "\(out)")
    }

    static let messy = """
        # yaml-language-server: $schema=maskc-policy.schema.json
        # A messy policy.


        rules:   # the rules


            # first rule
            -   reason: 'static copy'
                unmask:
                   type: "UIButton"   # buttons
                   recursive: false
            - mask: {accessibilityIdentifier: "home.*", screen: 'Home'}  # home
            -   mask:
                  # the balance
                  accessibilityIdentifier: account.balance
            # maskc:disable=broad-unmask reviewed


            - unmask: { type: UIView }
              reason: "1"
            - {"unmask": {"id": "legal-footer", recursive: false}, reason: "the footer: fixed text"}
        "default": mask
        "version": 1
        types:
            CenteredLabel: {extends: UILabel, recurse: false, kind: text}
            MapView:
                recurse: false
                extends: UIView  # a map
            Plain:
        detect: [ email,
           phone ]
        custom: { a: 1, b: [x, y] }   # not in the schema: kept
        # trailing comment
        """

    static let messyCanonical = """
        # yaml-language-server: $schema=maskc-policy.schema.json
        # A messy policy.

        version: 1
        default: mask
        detect: [email, phone]
        types:
          CenteredLabel: { extends: UILabel, kind: text, recurse: false }
          MapView: { extends: UIView, recurse: false }  # a map
          Plain:
        rules:  # the rules
          # first rule
          - unmask:
              type: UIButton  # buttons
              recursive: false
            reason: static copy
          - mask: { accessibilityIdentifier: home.*, screen: Home }  # home
          - mask:
              # the balance
              accessibilityIdentifier: account.balance
          # maskc:disable=broad-unmask reviewed

          - unmask: { type: UIView }
            reason: "1"
          - unmask: { id: legal-footer, recursive: false }
            reason: "the footer: fixed text"
        custom: { a: 1, b: [x, y] }  # not in the schema: kept
        # trailing comment

        """

    @Test("golden: a messy policy in its canonical layout")
    func messyGolden() throws {
        let out = try Self.formatted(Array(Self.messy.utf8), file: testFile)
        let text = String(decoding: out, as: UTF8.self)
        #expect(text == Self.messyCanonical, "\(text)")
        #expect(Decisions(Array(Self.messy.utf8)) == Decisions(out))
        #expect(try Self.formatted(out, file: testFile) == out)
        #expect(Set(Self.comments(Self.messy)) == Set(Self.comments(text)))
    }

    @Test("a suppressed finding stays suppressed after fmt, on a rule written in block style and at the end of a line")
    func suppressionsKeepWorking() throws {
        let input = """
            version: 1
            default: mask
            rules:
              # maskc:disable=broad-unmask the kiosk build shows no user data
              - unmask:
                  type: UIView
                reason: kiosk build
              - unmask: {type: UIButton}  # maskc:disable=unjustified-unmask reviewed in PRIV-7
            """
        let out = try Self.formatted(Array(input.utf8), file: testFile)
        let before = PolicyLinter.lint(PolicyCompiler.compile(input, file: testFile), source: Array(input.utf8), file: testFile)
        let after = PolicyLinter.lint(PolicyCompiler.compile(out, file: testFile), source: out, file: testFile)
        #expect(before.suppressed.map(\.diagnostic.ruleID).sorted() == ["broad-unmask", "unjustified-unmask"])
        #expect(after.suppressed.map(\.diagnostic.ruleID).sorted() == ["broad-unmask", "unjustified-unmask"], "\(String(decoding: out, as: UTF8.self))")
        #expect(after.diagnostics.map(\.ruleID) == before.diagnostics.map(\.ruleID))
    }

    @Test("scalars: plain when plain reads back as the same string, else double-quoted", arguments: [
        ("\"home.*\"", "home.*"), ("'static copy'", "static copy"), ("\"1\"", "\"1\""), ("\"true\"", "\"true\""),
        ("\"1.1\"", "\"1.1\""), ("\"yes\"", "\"yes\""), ("\"\"", "\"\""), ("\"*.iban\"", "\"*.iban\""),
        ("\"a: b\"", "\"a: b\""), ("\"a #b\"", "\"a #b\""), ("'it''s'", "it's"), ("\"0x1F\"", "\"0x1F\""),
        ("\"tab\\there\"", "\"tab\\there\""), ("\"bell\\a\"", "\"bell\\u0007\""), ("\"naïve Zoë\"", "naïve Zoë"),
        ("\"a, b\"", "a, b"), ("true", "true"), ("1.10", "1.10"), ("0x1F", "0x1F"), ("|\n  two\n  lines\n", "\"two\\nlines\\n\""),
    ])
    func scalarQuoting(_ written: String, _ expected: String) throws {
        let out = try Self.formatted(Array("custom: \(written)\n".utf8), file: testFile)
        #expect(String(decoding: out, as: UTF8.self) == "custom: \(expected)\n")
    }

    @Test("comments in odd places", arguments: [
        // After a dash: with the item that follows.
        ("rules:\n- mask: {type: A}\n- # odd\n  mask: {type: B}\n", "rules:\n  - mask: { type: A }\n  # odd\n  - mask: { type: B }\n"),
        // Between a key and its value: on the key's line.
        ("default:\n  # the default\n  mask\n", "default: mask  # the default\n"),
        // On a key and on its value below it: both on the one line, in order.
        ("default:  # one\n  mask  # two\n", "default: mask  # one # two\n"),
        // On a document marker: heads the file; the markers go.
        ("--- # doc\nversion: 1\n...\n", "# doc\nversion: 1\n"),
        // On a block scalar's header line.
        ("reason: |  # why\n  two\n  lines\n", "reason: \"two\\nlines\\n\"  # why\n"),
        // Inside a one-line form: block style, comments in place.
        ("types:\n  A: {\n    extends: B, # base\n    kind: text }\n", "types:\n  A:\n    extends: B  # base\n    kind: text\n"),
        // After the last entry: at the end, indented like the entries of their column.
        ("rules:\n    - mask: { type: A }\n      # reason: x\n\n    # - mask: { type: B }\n# end\n",
         "rules:\n  - mask: { type: A }\n    # reason: x\n\n  # - mask: { type: B }\n# end\n"),
    ])
    func oddComments(_ input: String, _ expected: String) throws {
        let out = try Self.formatted(Array(input.utf8), file: testFile)
        #expect(String(decoding: out, as: UTF8.self) == expected)
        #expect(try Self.formatted(out, file: testFile) == out)
    }

    @Test("in a selector, a plain scalar with a ',' or a bracket is quoted so the one-line form reads back")
    func flowIndicatorsQuoted() throws {
        let out = try Self.formatted(Array("rules:\n  - mask:\n      accessibilityIdentifier: a,b[1]\n".utf8), file: testFile)
        #expect(String(decoding: out, as: UTF8.self) == "rules:\n  - mask: { accessibilityIdentifier: \"a,b[1]\" }\n")
    }

    @Test("YAML that does not read: the reader's diagnostics, with positions")
    func failure() {
        guard case .failure(let failure) = PolicyFormatter.format("version: 1\nrules: [\n", file: testFile) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.diagnostics.first?.ruleID == "syntax")
        #expect(failure.diagnostics.first?.range.start.line == 3)
        guard case .failure(let duplicate) = PolicyFormatter.format("version: 1\nversion: 1\n", file: testFile) else {
            Issue.record("expected a failure")
            return
        }
        #expect(duplicate.diagnostics.map(\.ruleID) == ["duplicate-key"])
    }

    @Test("a byte order mark and CRLF line ends are dropped; offsets after non-ASCII text stay right")
    func encodings() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let out = try Self.formatted(bom + Array("version: 1\r\ndefault: mask # café\r\ntypes:\r\n  Zoë: { extends: UILabel }  # naïve\r\n".utf8), file: testFile)
        #expect(String(decoding: out, as: UTF8.self) == "version: 1\ndefault: mask  # café\ntypes:\n  Zoë: { extends: UILabel }  # naïve\n")
    }
}
