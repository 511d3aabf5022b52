import MaskDiagnostics
/// `unknown-type`: a type selector or `extends` names a class that neither the built-in
/// catalog nor `types:` declares. A misspelt class matches nothing and protects nothing.
enum UnknownTypeRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "unknown-type", name: "Unknown type", category: .correctness, severity: .warning,
        summary: "A type selector or `extends` names a class neither in the built-in catalog nor in `types:`; a misspelt class matches no view.",
        triggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { type: ↓UILabl }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  PriceLabel: { extends: ↓UILable }\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  PriceLabel: { extends: UILabel }\nrules:\n  - mask: { type: PriceLabel }\n"),
        ])

    static func message(_ name: String, _ role: String) -> String {
        "\(role) '\(name)' is neither in the built-in catalog nor in 'types:'"
    }

    static func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let names = context.classNames
        for parsed in context.policy.rules {
            guard case .type(let name) = parsed.rule.selector, !context.isKnownClass(name) else { continue }
            findings.append(finding(message(name, "type"), at: parsed.selectorRange,
                                    hint: SpellingHint.didYouMean(name, in: names) ?? "declare it under 'types:' with the class it extends"))
        }
        for parsed in context.policy.classes {
            guard let superclass = parsed.declaration.superclass, !context.isKnownClass(superclass),
                  let range = parsed.extendsRange else { continue }
            findings.append(finding(message(superclass, "superclass"), at: range,
                                    hint: SpellingHint.didYouMean(superclass, in: names) ?? "declare it under 'types:' too"))
        }
        return findings
    }
}
