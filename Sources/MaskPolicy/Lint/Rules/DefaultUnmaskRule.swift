import MaskDiagnostics
/// `default-unmask`: the policy unmasks by default, so every view no rule names leaks.
enum DefaultUnmaskRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "default-unmask", name: "Unmask by default", category: .privacy, severity: .warning,
        summary: "The policy's default is `unmask` (or, in format 1.1, `defaults: { inputs: unmask }`): every view (every text input) that no rule names is sent in clear, including views added after the policy was written.",
        triggering: [LintExample("version: 1\ndefault: ↓unmask\n"), LintExample("version: 1.1\ndefault: mask\ndefaults: { inputs: ↓unmask }\n")],
        nonTriggering: [LintExample("version: 1\ndefault: mask\n"), LintExample("version: 1.1\ndefault: mask\ndefaults: { text: unmask }\n")])

    static func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        if context.policy.defaultAction == .unmask {
            findings.append(finding("the default is unmask: any view no rule names is sent in clear", at: context.policy.defaultRange,
                                    hint: "use 'default: mask' and unmask what is safe"))
        }
        // What users type, shown by default: the same mistake for the views that hold the
        // most personal data (a `default: unmask` policy reports it above already).
        if context.policy.defaults.inputs == .unmask, let range = context.policy.defaultsRanges[.inputs] {
            findings.append(finding("'defaults: { inputs: unmask }' sends what users type in any field no rule names in clear", at: range,
                                    hint: "use 'inputs: mask' and unmask the fields that are safe by instance"))
        }
        return findings
    }
}
