/// `duplicate`: the same rule written twice.
enum DuplicateRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "duplicate", name: "Duplicate rule", category: .correctness, severity: .warning,
        summary: "The same rule (action, selector, `recursive`, `screen`) appears twice.",
        triggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel }\n  - ↓mask: { type: UILabel }\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel }\n  - mask: { type: UITextView }\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        var seen: [DuplicateKey: Int] = [:]
        var findings: [Diagnostic] = []
        for parsed in context.policy.rules {
            let rule = parsed.rule
            let key = DuplicateKey(action: rule.action, scope: SelectorScope(rule), recursive: rule.recursive)
            if let line = seen[key] {
                findings.append(finding("the same rule as line \(line)", at: parsed.actionRange, hint: "remove one of them"))
            } else {
                seen[key] = parsed.actionRange.start.line
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
