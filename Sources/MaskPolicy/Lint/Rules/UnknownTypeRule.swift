import MaskDiagnostics
import MaskEngine

/// `unknown-type`: a type selector or `extends` names a class that neither the built-in
/// catalog nor `types:` declares. A misspelt class matches nothing and protects nothing.
///
/// In a `mask` rule it is an error: the views it was meant to hide are sent in clear
/// under `default: unmask` (or under an unmask of a superclass). In an `unmask` rule
/// and in `extends` it is a warning: nothing is exposed by it.
enum UnknownTypeRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "unknown-type", name: "Unknown type", category: .correctness, severity: .error,
        summary: "A type selector or `extends` names a class neither in the built-in catalog nor in `types:`; a misspelt class matches no view.",
        rationale: """
            An error in a `mask` rule, since the views it was meant to hide are then sent \
            in clear; a warning in an `unmask` rule and in `extends`, which expose nothing \
            by it. A class is known when the catalog or `types:` declares it under its \
            own name or its simple name (`MyApp.PrimaryButton` is known when \
            `PrimaryButton` is declared), or when it is the simple name of a known class \
            (`TextView` for `android.widget.TextView`). The hint suggests the closest \
            known name.
            """,
        triggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { type: ↓UILabl }\n"),
            LintExample("version: 1\ndefault: unmask\nrules:\n  - mask: { type: ↓UIBarButon }\n  - unmask: { type: ↓UITextFeld }\n    reason: static copy\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  PriceLabel: { extends: ↓UILable }\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  PriceLabel: { extends: UILabel }\nrules:\n  - mask: { type: PriceLabel }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  PrimaryButton: { extends: UIButton }\nrules:\n  - mask: { type: MyApp.PrimaryButton }\n  - mask: { type: TextView }\n"),
        ])

    static func message(_ name: String, _ role: String) -> String {
        "\(role) '\(name)' is neither in the built-in catalog nor in 'types:'"
    }

    static func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let names = context.classNames
        for parsed in context.policy.rules {
            guard case .type(let name) = parsed.rule.selector, !context.isKnownClass(name) else { continue }
            var finding = finding(message(name, "type"), at: parsed.selectorRange,
                                  hint: SpellingHint.didYouMeanClass(name, in: names) ?? "declare it under 'types:' with the class it extends")
            if parsed.rule.action == .unmask { finding.severity = .warning }
            findings.append(finding)
        }
        for parsed in context.policy.classes {
            guard let superclass = parsed.declaration.superclass, !context.isKnownClass(superclass),
                  let range = parsed.extendsRange else { continue }
            var finding = finding(message(superclass, "superclass"), at: range,
                                  hint: SpellingHint.didYouMeanClass(superclass, in: names) ?? "declare it under 'types:' too")
            finding.severity = .warning
            findings.append(finding)
        }
        return findings
    }
}
