import MaskDiagnostics
/// `default-unmask`: the policy unmasks by default, so every view no rule names leaks.
enum DefaultUnmaskRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "default-unmask", name: "Unmask by default", category: .privacy, severity: .warning,
        summary: "The policy's default is `unmask`: every view that no rule names is sent in clear, including views added after the policy was written.",
        triggering: [LintExample("version: 1\ndefault: ↓unmask\n")],
        nonTriggering: [LintExample("version: 1\ndefault: mask\n")])

    static func check(_ context: LintContext) -> [Diagnostic] {
        guard context.policy.defaultAction == .unmask else { return [] }
        return [finding("the default is unmask: any view no rule names is sent in clear", at: context.policy.defaultRange,
                        hint: "use 'default: mask' and unmask what is safe")]
    }
}
