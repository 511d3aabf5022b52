import MaskDiagnostics
import MaskEngine

/// `dead-kind-rule`: a `kind` rule that can never change a decision (format 1.1):
/// unmasking maps or secure text, which are never unmasked, or masking them, which are
/// always masked.
enum DeadKindRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "dead-kind-rule", name: "Kind rule with no effect", category: .correctness, severity: .warning,
        summary: "A kind rule that cannot change any decision: maps and secure text are masked whatever the rules say, so unmasking them does nothing and masking them says it again.",
        triggering: [
            LintExample("version: 1.1\ndefault: unmask\nrules:\n  - ↓unmask: { kind: map }\n    reason: store locator\n"),
            LintExample("version: 1.1\ndefault: unmask\nrules:\n  - ↓mask: { kind: secure-text }\n"),
        ],
        nonTriggering: [
            LintExample("version: 1.1\ndefault: unmask\nrules:\n  - mask: { kind: input }\n"),
            LintExample("version: 1.1\ndefault: mask\nrules:\n  - unmask: { kind: text }\n    reason: labels show static copy\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        context.policy.rules.compactMap { parsed in
            guard case .kind(let kind) = parsed.rule.selector, kind == .map || kind == .secureText else { return nil }
            let what = kind == .map ? "maps are" : "secure text entry and everything inside it are"
            let effect = parsed.rule.action == .unmask ? "unmasking" : "masking"
            return finding("\(effect) kind \(kind.rawValue) has no effect: \(what) always masked", at: parsed.actionRange, hint: "remove the rule")
        }
    }
}
