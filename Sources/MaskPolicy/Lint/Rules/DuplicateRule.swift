/// `duplicate`: the same rule written twice.
enum DuplicateRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "duplicate", name: "Duplicate rule", category: .correctness, severity: .warning,
        summary: "The same rule (action, selector, `recursive`, `screen`) appears twice, in one file or across a layer and its bases.",
        triggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel }\n  - ↓mask: { type: UILabel }\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel }\n  - mask: { type: UITextView }\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        var seen: [DuplicateKey: ParsedRule] = [:]
        var findings: [Diagnostic] = []
        for parsed in context.policy.rules {
            let rule = parsed.rule
            let key = DuplicateKey(action: rule.action, scope: SelectorScope(rule), recursive: rule.recursive)
            if let earlier = seen[key] {
                findings.append(finding("the same rule as \(context.place(of: earlier))", at: parsed.actionRange, hint: "remove one of them"))
            } else {
                seen[key] = parsed
            }
        }
        return findings
    }

    private struct DuplicateKey: Hashable {
        let action: MaskAction
        let scope: SelectorScope
        let recursive: Bool
    }
}

import MaskDiagnostics
import MaskEngine
