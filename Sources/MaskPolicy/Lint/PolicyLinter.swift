import MaskCorpus
import MaskDiagnostics
import MaskEngine

/// How many views one rule selected and decided over a corpus.
public struct RuleSummary: Sendable, Hashable {
    /// The rule's index in the policy.
    public var index: Int
    /// The rule.
    public var rule: MaskRule
    /// Views its selector matched.
    public var matched: Int
    /// Views it decided.
    public var decided: Int
}

/// The linter's findings for one policy.
public struct LintReport: Sendable {
    /// The policy file.
    public var file: String
    /// Active findings (compiler's and rules'), sorted by position.
    public var diagnostics: [Diagnostic]
    /// Findings silenced by `# maskc:disable=` comments, with the comment that did it.
    public var suppressed: [(diagnostic: Diagnostic, suppression: Suppression)]
    /// Whether the policy compiled.
    public var compiled: Bool
    /// With trees: per rule, views matched and decided; and views decided by the default.
    public var summary: [RuleSummary]?
    /// With trees: the trees and views read, and views decided by the default.
    public var corpusTotals: (trees: Int, views: Int, byDefault: Int)?

    /// The worst severity among active findings.
    public var worst: Severity? { diagnostics.map(\.severity).max() }
}

/// `maskc check`: every compiler finding, then every lint rule, then suppressions.
public enum PolicyLinter {
    static var rules: [any PolicyLintRule.Type] { [
        UnknownTypeRule.self, ConflictRule.self, DuplicateRule.self, NoEffectRule.self,
        BroadUnmaskRule.self, UnmaskCoversInputRule.self, UnmaskReachesFieldTextRule.self, DefaultUnmaskRule.self, UnjustifiedUnmaskRule.self,
        DeadSelectorRule.self, ExposedByAncestorRule.self, DeadKindRule.self, ContradictedDefaultRule.self, DeadByLockRule.self,
        WeakenedSecureClassRule.self, WeakenedMapClassRule.self, WeakenedInputClassRule.self, StraySpaceRule.self,
    ] }

    /// Every rule `maskc check` can report, compiler checks first, by id within each group.
    public static let descriptions: [LintRuleDescription] = CompilerRules.descriptions + rules.map { $0.description }
        + [unusedSuppression]

    /// The rules a project's configuration may turn off or change the severity of:
    /// every rule but the compiler's (a policy with a compiler error does not compile).
    public static var configurableRuleIDs: [String] {
        let compilerIDs = Set(CompilerRules.descriptions.map(\.id))
        return descriptions.map(\.id).filter { !compilerIDs.contains($0) }
    }

    /// `unused-suppression`: a disable comment that silences nothing.
    static let unusedSuppression = LintRuleDescription(
        id: "unused-suppression", name: "Unused suppression", category: .correctness, severity: .warning,
        summary: "A `# maskc:disable=` comment that silences no finding; stale suppressions hide the next real one.",
        triggering: [LintExample("version: 1\ndefault: mask\nrules:\n↓  # maskc:disable=unjustified-unmask reviewed\n  - mask: { type: UILabel }\n")],
        nonTriggering: [LintExample("version: 1\ndefault: mask\nrules:\n  # maskc:disable=unjustified-unmask reviewed in PRIV-12\n  - unmask: { type: UIButton }\n")])

    /// Lints one compiled policy.
    /// - Parameters:
    ///   - compilation: the compiler's result for the file.
    ///   - source: the file's bytes (for suppression comments).
    ///   - corpus: what the policy did over `--trees`, if given.
    public static func lint(_ compilation: PolicyCompilation, source: [UInt8], file: String, corpus: CorpusReport? = nil) -> LintReport {
        lint(compilation, source: source, file: file, corpus: corpus, rules: rules)
    }

    /// The rules whose errors the commands that mask with a policy also report (as
    /// warnings on standard error: the policy is applied as written): the mistakes that
    /// send text in clear which the policy meant to mask, each found in one pass over the
    /// rules and classes.
    static var maskingRules: [any PolicyLintRule.Type] {
        [UnknownTypeRule.self, StraySpaceRule.self, WeakenedSecureClassRule.self, WeakenedMapClassRule.self, WeakenedInputClassRule.self]
    }

    /// The findings of ``maskingRules`` that `check` reports as errors, not silenced by
    /// a disable comment, without the compiler's own.
    public static func maskingErrors(_ compilation: PolicyCompilation, source: [UInt8], file: String) -> [Diagnostic] {
        let compilerIDs = Set(CompilerRules.descriptions.map(\.id))
        return lint(compilation, source: source, file: file, corpus: nil, rules: maskingRules).diagnostics
            .filter { $0.severity == .error && !compilerIDs.contains($0.ruleID) }
    }

    static func lint(_ compilation: PolicyCompilation, source: [UInt8], file: String, corpus: CorpusReport?,
                     rules: [any PolicyLintRule.Type]) -> LintReport {
        var findings = compilation.diagnostics
        var summary: [RuleSummary]?
        var totals: (Int, Int, Int)?
        if let parsed = compilation.parsed, let table = compilation.table {
            let context = LintContext(policy: parsed, table: table, corpus: corpus)
            for rule in rules { findings += rule.check(context) }
            if let corpus {
                summary = parsed.rules.indices.map {
                    RuleSummary(index: $0, rule: parsed.rules[$0].rule, matched: corpus.matched[$0], decided: corpus.decided[$0])
                }
                totals = (corpus.trees, corpus.views, corpus.decidedByDefault)
            }
        }
        // Suppressions apply to lint findings, not to compile errors.
        let suppressions = Suppression.scan(source)
        let compilerIDs = Set(CompilerRules.descriptions.map(\.id))
        // A layer's suppressions sit in its own file: rules of its bases do not count.
        let ruleStarts = compilation.parsed?.rules.filter { $0.range.file == file }.map { ($0.range, $0.actionRange.start.line) } ?? []
        var active: [Diagnostic] = []
        var suppressed: [(Diagnostic, Suppression)] = []
        var used = Set<Int>()
        for finding in findings {
            // A layer is linted for its own lines: its bases are checked on their own.
            if finding.range.file != file && !compilerIDs.contains(finding.ruleID) { continue }
            var lines = [finding.range.start.line]
            if let start = ruleStarts.first(where: { $0.0.start <= finding.range.start && finding.range.start < $0.0.end })?.1 { lines.append(start) }
            if !compilerIDs.contains(finding.ruleID),
               let index = suppressions.firstIndex(where: { $0.silences(finding.ruleID, lines: lines) }) {
                suppressed.append((finding, suppressions[index]))
                used.insert(index)
            } else {
                active.append(finding)
            }
        }
        if compilation.table != nil {
            let corpusIDs = Set(rules.filter { $0.description.needsTrees }.map { $0.description.id })
            for (index, suppression) in suppressions.enumerated() where !used.contains(index) {
                if corpus == nil && suppression.ruleIDs.allSatisfy({ corpusIDs.contains($0) }) { continue }
                let at = SourceRange(file: file, line: suppression.line, column: 1)
                active.append(Diagnostic(.warning, unusedSuppression.id,
                    "'maskc:disable=\(suppression.ruleIDs.joined(separator: ","))' silences nothing", at: at, hint: "remove the comment"))
            }
        }
        return LintReport(file: file, diagnostics: Diagnostic.sorted(active), suppressed: suppressed, compiled: compilation.table != nil,
                          summary: summary, corpusTotals: totals)
    }
}
