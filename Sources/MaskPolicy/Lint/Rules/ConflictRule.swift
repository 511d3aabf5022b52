import MaskDiagnostics
/// `conflict`: the same selector, on the same screen and with the same reach, is both
/// masked and unmasked. Mask wins at run time, so the unmask is a mistake either way.
enum ConflictRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "conflict", name: "Conflicting rules", category: .correctness, severity: .error,
        summary: "The same selector (same screen, same `recursive`) is both masked and unmasked; mask wins, so one of the two rules is wrong.",
        triggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { accessibilityIdentifier: profile.name }\n  - ↓unmask: { accessibilityIdentifier: profile.name }\n    reason: shown\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { accessibilityIdentifier: profile.name, screen: Settings }\n  - unmask: { accessibilityIdentifier: profile.name, screen: Home }\n    reason: shown\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { id: card, recursive: false }\n  - unmask: { id: card }\n    reason: the card's children are static copy\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        var first: [ScopeAndReach: ParsedRule] = [:]
        var findings: [Diagnostic] = []
        for parsed in context.policy.rules {
            let key = ScopeAndReach(scope: SelectorScope(parsed.rule), recursive: parsed.rule.recursive)
            if let earlier = first[key] {
                if earlier.rule.action != parsed.rule.action {
                    findings.append(finding(
                        "'\(parsed.rule.action.rawValue)' of \(parsed.rule.selector) contradicts '\(earlier.rule.action.rawValue)' of the same selector at \(context.place(of: earlier)); mask wins",
                        at: parsed.actionRange, hint: "remove one of the two rules"))
                }
            } else {
                first[key] = parsed
            }
        }
        return findings
    }
}

struct ScopeAndReach: Hashable {
    let scope: SelectorScope
    let recursive: Bool
}
