import MaskCorpus
import MaskEngine
import MaskJSON
import MaskPolicy
import Testing

/// Every lint rule's examples are its specification: each triggering example produces
/// the rule's finding, and no non-triggering example does.
@Suite("Lint rule examples")
struct LintRuleExampleTests {
    static let rules = PolicyLinter.descriptions

    static func lint(_ example: LintExample) -> LintReport {
        let bytes = Array(example.policy.utf8)
        let compilation = PolicyCompiler.compile(bytes, file: "example.yaml") { path in
            if path == "example.yaml" { return .success(bytes) }
            guard let base = example.bases.first(where: { $0.file == path }) else { return .failure(PolicyReadFailure(message: "no such file")) }
            return .success(Array(base.text.utf8))
        }
        var corpus: CorpusReport?
        if let table = compilation.table, !example.trees.isEmpty {
            var report = CorpusReport(table: table)
            let reader = TreeMasker(table: table)
            for (index, tree) in example.trees.enumerated() {
                do {
                    let document = try reader.read(Array(tree.utf8), file: "tree\(index).json")
                    report.add(document.tree, name: "tree\(index).json", content: document.carriedContent(of:))
                } catch {
                    Issue.record("example tree does not read: \(error.rendered)")
                }
            }
            corpus = report
        }
        return PolicyLinter.lint(compilation, source: bytes, file: "example.yaml", corpus: corpus)
    }

    @Test("each rule has examples both ways", arguments: rules.map(\.id))
    func hasExamples(_ id: String) throws {
        let rule = try #require(Self.rules.first { $0.id == id })
        #expect(!rule.triggering.isEmpty)
        #expect(!rule.nonTriggering.isEmpty)
        #expect(!rule.summary.isEmpty)
        #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "-" })
    }

    @Test("triggering examples trigger the rule exactly where their ↓ marks say", arguments: rules.map(\.id))
    func triggering(_ id: String) throws {
        let rule = try #require(Self.rules.first { $0.id == id })
        for example in rule.triggering {
            #expect(!example.expectedPositions.isEmpty, "a triggering example of \(id) marks no position:\n\(example.markedPolicy)")
            let found = Self.lint(example).diagnostics.filter { $0.ruleID == id }
            #expect(!found.isEmpty, "no \(id) finding for:\n\(example.policy)")
            for finding in found { #expect(finding.severity <= rule.severity) }
            let at = found.map { "\($0.range.start.line):\($0.range.start.column)" }.sorted()
            let marked = example.expectedPositions.map { "\($0.line):\($0.column)" }.sorted()
            #expect(at == marked, "\(id) findings start at \(at), the example marks \(marked):\n\(example.markedPolicy)")
        }
    }

    @Test("marks are read as positions and taken out of the policy")
    func marks() {
        let example = LintExample("version: 1\ndefault: ↓unmask\nrules:\n  - ↓unmask: { type: ↓UIButton }\n")
        #expect(example.policy == "version: 1\ndefault: unmask\nrules:\n  - unmask: { type: UIButton }\n")
        #expect(example.expectedPositions.map { "\($0.line):\($0.column)" } == ["2:10", "4:5", "4:21"])
        #expect(example.expectedPositions.map(\.offset) == [20, 38, 54])
        #expect(Array(example.policy.utf8)[38...43].elementsEqual("unmask".utf8))
        #expect(LintExample("é↓x").expectedPositions.map(\.offset) == [2])
    }

    @Test("non-triggering examples do not", arguments: rules.map(\.id))
    func nonTriggering(_ id: String) throws {
        let rule = try #require(Self.rules.first { $0.id == id })
        for example in rule.nonTriggering {
            #expect(example.expectedPositions.isEmpty, "a non-triggering example of \(id) marks a position")
            let found = Self.lint(example).diagnostics.filter { $0.ruleID == id }
            #expect(found.isEmpty, "unexpected \(id): \(found.map(\.rendered))")
        }
    }

    @Test("the compiler's rules are exactly the typed CompilerRule cases, each described with examples")
    func compilerRules() {
        let described = Set(Self.rules.filter { $0.severity == .error && ($0.category == .syntax || $0.category == .schema) }.map(\.id))
        #expect(described == Set(CompilerRule.allCases.map(\.rawValue)))
    }

    @Test("rule ids are unique")
    func uniqueIDs() {
        #expect(Set(Self.rules.map(\.id)).count == Self.rules.count)
    }

    @Test("a suppression silences only its own rule, on its line or the line below")
    func suppressionScope() {
        let policy = """
            version: 1
            default: mask
            rules:
              - unmask: { type: UIButton }  # maskc:disable=unjustified-unmask copy reviewed
              # maskc:disable=broad-unmask kiosk
              - unmask: { type: UIView }
                reason: kiosk
              - unmask: { type: UISwitch }  # maskc:disable=broad-unmask wrong rule id
            """
        let report = Self.lint(LintExample(policy))
        #expect(report.suppressed.map(\.diagnostic.ruleID).sorted() == ["broad-unmask", "unjustified-unmask"])
        #expect(report.suppressed.first { $0.diagnostic.ruleID == "unjustified-unmask" }?.suppression.reason == "copy reviewed")
        // The UISwitch rule still lacks a reason, and its comment silences nothing.
        let active = report.diagnostics.map { "\($0.range.start.line):\($0.ruleID)" }
        #expect(active.contains("8:unjustified-unmask"))
        #expect(active.contains("8:unused-suppression"))
    }

    @Test("compile errors cannot be suppressed")
    func compileErrorsStay() {
        let report = Self.lint(LintExample("version: 1\ndefault: mask\nrules:\n  # maskc:disable=unknown-key\n  - mask: { typo: UILabel }\n"))
        #expect(report.diagnostics.contains { $0.ruleID == "unknown-key" })
        #expect(report.suppressed.isEmpty)
        #expect(!report.compiled)
    }

    @Test("exposed-by-ancestor names the view and both rules")
    func exposureMessage() throws {
        let rule = try #require(Self.rules.first { $0.id == "exposed-by-ancestor" })
        let finding = try #require(Self.lint(rule.triggering[0]).diagnostics.first { $0.ruleID == "exposed-by-ancestor" })
        #expect(finding.message.contains("view '0.0' (BalanceLabel)"))
        #expect(finding.message.contains("type=BalanceLabel rule at line 6"))
        #expect(finding.range.start.line == 7)
        #expect(!finding.message.contains("1,204"))  // never the view's text
    }
}
