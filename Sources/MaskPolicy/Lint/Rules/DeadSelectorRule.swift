import MaskDiagnostics
import MaskEngine
/// `dead-selector`: with `--trees`, a rule whose selector matches no view in any tree:
/// the typo or renamed identifier that silently stops protecting data. An `unmask`
/// target that names a screen, run over trees without one, gets a hint of its own: there
/// it matches nothing by design (``MaskRule/needsScreen``).
enum DeadSelectorRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "dead-selector", name: "Dead selector", category: .corpus, severity: .warning,
        summary: "With `--trees`: a rule's selector (instance or type) matches no view in any tree, often a typo or a renamed identifier.",
        triggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { accessibilityIdentifier: ↓account.balanse }\n",
                        trees: [#"{"screen": "Account", "root": {"class": "UILabel", "accessibilityIdentifier": "account.balance", "text": "$12"}}"#]),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { target: ↓\"UILabel[ai:Home.title]\" }\n    reason: static title\n",
                        trees: [#"{"root": {"class": "UILabel", "accessibilityIdentifier": "Home.title", "text": "Welcome"}}"#]),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { accessibilityIdentifier: account.balance }\n",
                        trees: [#"{"screen": "Account", "root": {"class": "UILabel", "accessibilityIdentifier": "account.balance", "text": "$12"}}"#]),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { target: \"UILabel[ai:Home.title]\" }\n    reason: static title\n",
                        trees: [#"{"screen": "Home", "root": {"class": "UILabel", "accessibilityIdentifier": "title", "text": "Welcome"}}"#]),
        ])

    /// Whether a short-form target names its class without a module (`PrimaryButton[ai:buy]`).
    static func namesSimpleClass(_ selector: ViewSelector) -> Bool {
        guard case .target(let pattern) = selector, !pattern.text.hasPrefix("["), let bracket = pattern.text.firstIndex(of: "[") else { return false }
        let className = pattern.text[..<bracket]
        return !className.isEmpty && !className.contains(".") && !className.contains("*") && !className.contains("?")
    }

    static func check(_ context: LintContext) -> [Diagnostic] {
        guard let corpus = context.corpus else { return [] }
        return context.policy.rules.enumerated().compactMap { index, parsed in
            guard corpus.matched[index] == 0 else { return nil }
            let scope = parsed.rule.screen.map { " on screen '\($0)'" } ?? ""
            let hint = parsed.rule.needsScreen && corpus.treesWithoutScreen > 0
                ? "its target names a screen, and in \(corpus.treesWithoutScreen) tree\(corpus.treesWithoutScreen == 1 ? "" : "s") without a screen it matches nothing; select by accessibilityIdentifier or restorationIdentifier there"
                : Self.namesSimpleClass(parsed.rule.selector)
                ? "check the spelling against the app; a target's class is written as the tree gives it, and a module-qualified class (MyApp.PrimaryButton) does not answer to its simple name there"
                : "check the spelling against the app, or remove the rule"
            return finding("\(parsed.rule.selector) matches no view\(scope) in \(corpus.trees) tree\(corpus.trees == 1 ? "" : "s") (\(corpus.views) views)",
                           at: parsed.selectorRange, hint: hint)
        }
    }
}
