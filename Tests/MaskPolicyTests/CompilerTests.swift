import Foundation
import MaskDiagnostics
import MaskEngine
import MaskPolicy
import Testing

/// The repository's `Policies/` folder, found from this file's path.
private let policiesFolder: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // MaskPolicyTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package
    .appendingPathComponent("Policies")

/// The names of the `.yaml` files in `Policies/`, sorted.
private func shippedPolicies() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: policiesFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".masktest.yaml") }.sorted()
}

/// The classic "billion laughs" file: nine levels of anchors, each aliasing the last nine times.
private let billionLaughs: String = {
    var lines = ["a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
    let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
    for level in 1..<names.count {
        let previous = names[level - 1]
        let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ",")
        lines.append("\(names[level]): &\(names[level]) [\(aliases)]")
    }
    return lines.joined(separator: "\n") + "\n"
}()

@Suite("PolicyCompiler: the shipped policies")
struct ShippedPolicyTests {
    @Test("the Policies folder holds policies")
    func folderFound() {
        #expect(shippedPolicies().count >= 3, "no policies under \(policiesFolder.path)")
    }

    @Test("every shipped policy compiles with no diagnostic", arguments: shippedPolicies())
    func compiles(name: String) throws {
        let url = policiesFolder.appendingPathComponent(name)
        let data = try Data(contentsOf: url)
        let compilation = PolicyCompiler.compile([UInt8](data), file: name)
        #expect(compilation.diagnostics.isEmpty, "\(listing(compilation.diagnostics))")
        let table = try #require(compilation.table)
        let parsed = try #require(compilation.parsed)
        #expect(!table.rules.isEmpty)
        #expect(table.rules.count == parsed.rules.count)
        #expect(table.rules.allSatisfy { $0.origin?.file == name })
    }

    @Test("the retail policy compiles to the rules it spells")
    func retail() throws {
        let url = policiesFolder.appendingPathComponent("retail-app.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        let compilation = expectClean(text, file: "retail-app.yaml")
        let table = try #require(compilation.table)
        #expect(table.defaultAction == .mask)
        #expect(table.rules.map(\.selector) == [
            .type("UIButton"),
            .type("UserProfileView"),
            .accessibilityIdentifier(GlobPattern("home.*")),
            .accessibilityIdentifier(GlobPattern("account.balance")),
            .target(GlobPattern("UIButton[ai:SalesViewController.on_sale]")),
            .restorationIdentifier(GlobPattern("dichotomy")),
        ])
        #expect(table.rules.map(\.action) == [.unmask, .mask, .unmask, .mask, .mask, .unmask])
        #expect(table.rules[3].recursive == false)
        #expect(table.rules[5].screen == "SalesViewController")
        #expect(table.rules[0].reason == "buttons show static copy only")
        #expect(table.catalog.declaration(named: "MapboxMapView")?.kind == .map)
        #expect(table.usesTargets && table.usesScreens && !table.usesIDs)
    }
}

@Suite("PolicyCompiler: the pipeline")
struct CompilerPipelineTests {
    @Test("the policy from the format description compiles to its table")
    func formatExample() throws {
        let input = MarkedText("""
        version: 1
        default: mask                  # mask | unmask
        types:
          CenteredLabel: { extends: UILabel }
          MapboxMapView: { extends: UIView, kind: map, recurse: false }
        rules:
          - 1️⃣unmask: { type: UIButton }
            reason: "buttons show static copy only"
          - 2️⃣mask: { accessibilityIdentifier: account.balance, recursive: false }
          - 3️⃣mask: { target: "UIButton[ai:SalesViewController.on_sale]" }
          - 4️⃣unmask: { restorationIdentifier: dichotomy, screen: SalesViewController }
        """)
        let compilation = expectClean(input.text, file: "example.yaml")
        let table = try #require(compilation.table)
        func origin(_ marker: Character) -> RuleOrigin {
            RuleOrigin(file: "example.yaml", line: input[marker].line, column: input[marker].column)
        }
        #expect(table.rules == [
            MaskRule(.unmask, .type("UIButton"), reason: "buttons show static copy only", origin: origin("1️⃣")),
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("account.balance")), recursive: false, origin: origin("2️⃣")),
            MaskRule(.mask, .target(GlobPattern("UIButton[ai:SalesViewController.on_sale]")), origin: origin("3️⃣")),
            MaskRule(.unmask, .restorationIdentifier(GlobPattern("dichotomy")), screen: "SalesViewController", origin: origin("4️⃣")),
        ])
        #expect(table.defaultAction == .mask)
        // Instance rules first, mask before unmask, then source order.
        #expect(table.priorityOrder == [1, 2, 3, 0])
        #expect(table.catalog.chain(of: "CenteredLabel").starts(with: ["CenteredLabel", "UILabel"]))
        #expect(table.catalog.declaration(named: "MapboxMapView")?.recurse == false)
        #expect(compilation.parsed?.policy.classes.count == 2)
    }

    @Test("compiling text and compiling its bytes agree")
    func textAndBytes() {
        let text = header + "rules:\n  - mask: { type: UILabel }\n  - unmask: { typo: x }\n"
        let fromText = PolicyCompiler.compile(text, file: testFile)
        let fromBytes = PolicyCompiler.compile(Array(text.utf8), file: testFile)
        #expect(fromText.diagnostics == fromBytes.diagnostics)
        #expect(fromText.diagnostics.count == 1)
    }

    @Test("a failed compilation has no table, and no parsed policy after a schema error")
    func failedHasNoTable() {
        let compilation = PolicyCompiler.compile(header + "rules:\n  - mask: { typo: x }\n", file: testFile)
        let failed = compilation.failed
        #expect(failed, "\(listing(compilation.diagnostics))")
        #expect(compilation.parsed == nil)
    }

    @Test("a duplicate key fails compilation even though the policy parsed")
    func duplicateKeyFails() throws {
        let compilation = expectDiagnostic("duplicate-key", header + "rules:\n  - mask: { type: A }\n1️⃣rules:\n  - mask: { type: B }\n")
        let failed = compilation.failed
        #expect(failed, "\(listing(compilation.diagnostics))")
    }

    @Test("diagnostics come sorted by position")
    func sortedDiagnostics() {
        let compilation = PolicyCompiler.compile("rules:\n  - mask: { typo: x }\n  - mask: { type: \"*\" }\n", file: testFile)
        #expect(compilation.diagnostics.map(\.ruleID) == ["missing-key", "missing-key", "unknown-key", "invalid-value"])
        #expect(compilation.diagnostics.map(\.range.start.line) == [1, 1, 2, 3])
        #expect(compilation.diagnostics[0].message.contains("'default'"))
        #expect(compilation.diagnostics[1].message.contains("'version'"))
        #expect(Diagnostic.sorted(compilation.diagnostics.reversed()) == compilation.diagnostics)
    }

    @Test("rule origins and diagnostics carry the file name given")
    func fileName() throws {
        let good = PolicyCompiler.compile(header + "rules:\n  - mask: { type: UILabel }\n", file: "configs/app.yaml")
        #expect(good.table?.rules.first?.origin == RuleOrigin(file: "configs/app.yaml", line: 4, column: 5))
        #expect(good.table?.rules.first?.origin?.description == "configs/app.yaml:4:5")
        let bad = PolicyCompiler.compile("version: 2\ndefault: mask\n", file: "configs/app.yaml")
        let diagnostic = try #require(bad.diagnostics.first)
        #expect(diagnostic.rendered == "configs/app.yaml:1:10: error: unsupported policy version 2; this maskc reads versions 1 and 1.1 [invalid-value]")
    }

    @Test("a policy with 100,000 rules compiles")
    func hundredThousandRules() throws {
        let count = 100_000
        var text = header + "types:\n  Custom: { extends: UILabel }\nrules:\n"
        text.reserveCapacity(count * 60)
        for i in 0..<count {
            switch i % 5 {
            case 0: text += "  - mask: { accessibilityIdentifier: \"field.\(i)\" }\n"
            case 1: text += "  - unmask: { id: \"row-\(i)-*\", recursive: false }\n"
            case 2: text += "  - mask: { tag: \(i) }\n"
            case 3: text += "  - unmask: { type: Class\(i), screen: Screen\(i % 7) }\n"
            default: text += "  - mask: { restorationIdentifier: r\(i) }\n    reason: \"rule \(i)\"\n"
            }
        }
        let compilation = PolicyCompiler.compile(text, file: "big.yaml")
        #expect(compilation.diagnostics.isEmpty, "\(listing(Array(compilation.diagnostics.prefix(5))))")
        let table = try #require(compilation.table)
        #expect(table.rules.count == count)
        #expect(table.priorityOrder.count == count)
        #expect(table.rules[0].selector == .accessibilityIdentifier(GlobPattern("field.0")))
        #expect(table.rules[0].origin == RuleOrigin(file: "big.yaml", line: 6, column: 5))
        #expect(table.rules[count - 1].selector == .restorationIdentifier(GlobPattern("r\(count - 1)")))
        #expect(table.rules[count - 1].reason == "rule \(count - 1)")
        // Every fifth rule takes two lines.
        #expect(table.rules[count - 1].origin?.line == 6 + (count - 1) + (count - 1) / 5)
        #expect(table.rules[3].screen == "Screen3")
    }

    @Test("the billion-laughs file is rejected at its first anchor")
    func billionLaughsRejected() throws {
        let compilation = PolicyCompiler.compile(billionLaughs, file: testFile)
        let failed = compilation.failed
        #expect(failed, "\(listing(compilation.diagnostics))")
        #expect(compilation.parsed == nil)
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(compilation.diagnostics.count == 1, "\(listing(compilation.diagnostics))")
        #expect(diagnostic.ruleID == "anchor-alias")
        #expect(Position(diagnostic.range.start) == Position(1, 4))
        #expect(billionLaughs.split(separator: "\n").count == 9)
    }

    @Test("billion laughs inside a real policy is rejected too")
    func billionLaughsInPolicy() {
        let compilation = expectDiagnostic("anchor-alias", header + "rules:\n  - mask: 1️⃣&a { type: UILabel }\n  - *a\n  - *a\n")
        #expect(compilation.diagnostics.count == 1)
    }

    @Test("an alias to an anchor never defined is rejected, not crashed on")
    func undefinedAlias() {
        expectDiagnostic("anchor-alias", header + "rules:\n  - 1️⃣*nothing\n")
    }

    @Test("a merge key with an alias is rejected")
    func mergeKey() {
        expectDiagnostic("anchor-alias", header + "types:\n  A: 1️⃣&base { extends: UILabel }\n  B:\n    <<: *base\n")
    }

    @Test("a !!str tag is rejected", arguments: ["version: 1️⃣!!str 1\ndefault: mask\n", header + "rules:\n  - mask: { type: 1️⃣!!str UILabel }\n"])
    func tagRejected(marked: String) {
        expectDiagnostic("syntax", marked, messageContains: "tags are not allowed")
    }

    @Test("an empty file is a missing-key error at 1:1", arguments: ["", "\n", "   \n  \n"])
    func emptyFile(text: String) throws {
        let compilation = PolicyCompiler.compile(text, file: testFile)
        let failed = compilation.failed
        #expect(failed, "\(listing(compilation.diagnostics))")
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(diagnostic.ruleID == "missing-key")
        #expect(diagnostic.rendered.hasPrefix("\(testFile):1:1: error: "))
    }

    @Test("a file with two documents is a syntax error at the second")
    func twoDocuments() {
        expectDiagnostic("syntax", header + "1️⃣---\n" + header)
    }

    @Test("tabs used for indentation are a syntax error at the tab")
    func tabs() {
        expectDiagnostic("syntax", header + "rules:\n1️⃣\t- mask: { type: UILabel }\n")
        expectDiagnostic("syntax", header + "types:\n1️⃣\tA: { extends: UILabel }\n")
    }

    @Test("tabs inside a flow mapping are plain whitespace")
    func tabsInFlow() {
        expectClean(header + "rules:\n  - mask: {\ttype:\tUILabel\t}\n")
    }

    @Test("invalid UTF-8 is a syntax error with a position")
    func invalidUTF8() throws {
        let prefix = MarkedText(header + "rules:\n  - mask: { type: \"UI1️⃣")
        let bytes = prefix.bytes + [0xC0, 0xAF] + Array("Label\" }\n".utf8)
        let compilation = PolicyCompiler.compile(bytes, file: testFile)
        let failed = compilation.failed
        #expect(failed, "\(listing(compilation.diagnostics))")
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(diagnostic.ruleID == "syntax")
        #expect(diagnostic.range.start.line == prefix["1️⃣"].line)
        // The bad sequence starts at the marker; libyaml may name its first or second byte.
        #expect([prefix["1️⃣"].column, prefix["1️⃣"].column + 1].contains(diagnostic.range.start.column), "\(diagnostic.rendered)")
    }

    @Test("a lone 0xFF byte is reported at its line and column")
    func loneFF() {
        let prefix = MarkedText("version: 1\ndefault: 1️⃣")
        let bytes = prefix.bytes + [0xFF] + Array("mask\n".utf8)
        let compilation = PolicyCompiler.compile(bytes, file: testFile)
        let failed = compilation.failed
        #expect(failed, "\(listing(compilation.diagnostics))")
        expectDiagnostic("syntax", at: prefix["1️⃣"], in: compilation.diagnostics, messageContains: "0xFF")
    }

    @Test("nesting deeper than 64 levels is rejected at the 65th level")
    func deepNesting() {
        // The root mapping is level 1, so 63 brackets make 64 levels and 64 make 65.
        let ok = PolicyCompiler.compile(header + "x: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "\n", file: testFile)
        #expect(!ok.diagnostics.contains { $0.ruleID == "input-limit" }, "\(listing(ok.diagnostics))")
        #expect(ok.diagnostics.contains { $0.ruleID == "unknown-key" })

        let over = header + "x: " + String(repeating: "[", count: 63) + "1️⃣[]" + String(repeating: "]", count: 63) + "\n"
        expectDiagnostic("input-limit", over, messageContains: "64")
    }

    @Test("very deep nesting is rejected without exhausting the stack")
    func veryDeepNesting() throws {
        let depth = 100_000
        let text = header + "rules: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
        let compilation = PolicyCompiler.compile(text, file: testFile)
        let failed = compilation.failed
        #expect(failed, "\(listing(compilation.diagnostics))")
        #expect(compilation.diagnostics.contains { $0.ruleID == "input-limit" || $0.ruleID == "syntax" }, "\(listing(compilation.diagnostics))")
        let block = header + (0..<100).map { String(repeating: "  ", count: $0) + "k\($0):\n" }.joined()
        let blockCompilation = PolicyCompiler.compile(block, file: testFile)
        #expect(blockCompilation.diagnostics.contains { $0.ruleID == "input-limit" }, "\(listing(blockCompilation.diagnostics))")
    }

    @Test("input over the byte limit is rejected at 1:1")
    func overSize() throws {
        let text = header + "rules:\n  - mask: { type: UILabel }\n"
        let limits = PolicyLimits(maximumBytes: 32)
        #expect(text.utf8.count > 32)
        let compilation = PolicyCompiler.compile(text, file: testFile, limits: limits)
        let failed = compilation.failed, parsed = compilation.parsed != nil
        #expect(failed && !parsed)
        #expect(compilation.diagnostics.count == 1)
        expectDiagnostic("input-limit", at: Position(1, 1), in: compilation.diagnostics, messageContains: "\(text.utf8.count) bytes")
        // Limits large enough let the same text compile.
        let roomy = PolicyCompiler.compile(text, file: testFile, limits: PolicyLimits(maximumBytes: text.utf8.count))
        #expect(roomy.diagnostics.isEmpty && roomy.table != nil)
    }

    @Test("a small depth limit applies to compile too")
    func smallDepthLimit() {
        expectDiagnostic("input-limit", header + "rules:\n  - 1️⃣mask: { type: UILabel }\n", limits: PolicyLimits(maximumDepth: 2))
    }
}

@Suite("Diagnostics")
struct DiagnosticTests {
    private let range = SourceRange(file: "a.yaml", start: SourceMark(line: 3, column: 7), end: SourceMark(line: 3, column: 9))

    @Test("rendered: FILE:LINE:COL: severity: message (hint) [rule-id]")
    func rendered() {
        #expect(Diagnostic(.error, "unknown-key", "unknown key 'x'", at: range, hint: "did you mean 'y'?").rendered
            == "a.yaml:3:7: error: unknown key 'x' (did you mean 'y'?) [unknown-key]")
        #expect(Diagnostic(.warning, "some-rule", "a message", at: range).rendered == "a.yaml:3:7: warning: a message [some-rule]")
        #expect(Diagnostic(.note, "n", "m", at: .fileStart("b.yaml")).rendered == "b.yaml:1:1: note: m [n]")
    }

    @Test("severities order note < warning < error")
    func severityOrder() {
        #expect(Severity.note < .warning && Severity.warning < .error)
        #expect(Severity.allCases.max() == .error)
    }

    @Test("sorting is by file, position, rule id, then message")
    func sorting() {
        func at(_ file: String, _ line: Int, _ column: Int, _ rule: String, _ message: String = "m") -> Diagnostic {
            Diagnostic(.error, rule, message, at: SourceRange(file: file, line: line, column: column))
        }
        let expected = [at("a", 1, 1, "r"), at("a", 1, 2, "r"), at("a", 2, 1, "a"), at("a", 2, 1, "b", "x"), at("a", 2, 1, "b", "y"), at("b", 1, 1, "r")]
        #expect(Diagnostic.sorted(expected.reversed()) == expected)
        #expect(Diagnostic.sorted([expected[3], expected[0], expected[5], expected[1], expected[4], expected[2]]) == expected)
    }

    @Test("source marks compare by line then column, ignoring the offset")
    func marks() {
        #expect(SourceMark(line: 1, column: 9) < SourceMark(line: 2, column: 1))
        #expect(SourceMark(line: 2, column: 1, offset: 50) < SourceMark(line: 2, column: 2, offset: 0))
        #expect(SourceRange.fileStart("f").location == "f:1:1")
        #expect(range.location == "a.yaml:3:7")
    }
}
