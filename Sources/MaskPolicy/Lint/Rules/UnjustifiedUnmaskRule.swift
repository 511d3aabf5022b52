import MaskDiagnostics
/// `unjustified-unmask`: an unmask rule with no `reason:` for the reviewer.
enum UnjustifiedUnmaskRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "unjustified-unmask", name: "Unmask without a reason", category: .privacy, severity: .note,
        summary: "An unmask rule has no `reason:`; reviewers and auditors need to know why the data is safe to send.",
        triggering: [LintExample("version: 1\ndefault: mask\nrules:\n  - ↓unmask: { type: UIButton }\n")],
        nonTriggering: [LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: UIButton }\n    reason: buttons show static copy only\n")])

    static func check(_ context: LintContext) -> [Diagnostic] {
        context.policy.rules.compactMap { parsed in
            guard parsed.rule.action == .unmask, parsed.rule.reason == nil else { return nil }
            return finding("unmask rule without a reason", at: parsed.actionRange, hint: "add 'reason:' saying why this data is safe to send")
        }
    }
}
