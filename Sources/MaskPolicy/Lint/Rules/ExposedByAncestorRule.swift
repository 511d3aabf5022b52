import MaskDiagnostics
/// `exposed-by-ancestor`: with `--trees`, a recursive unmask on an instance unmasks
/// descendants whose own type rule says mask (level 2 outranks level 3), or whose
/// dimension's `defaults:` entry says mask (level 2 outranks level 5).
enum ExposedByAncestorRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "exposed-by-ancestor", name: "Exposed by an ancestor", category: .corpus, severity: .warning,
        summary: "With `--trees`: a recursive unmask on an instance unmasks descendants whose own type rule says mask, since a parent instance rule outranks a type rule; or descendants (sent at all) that a `defaults:` entry masks (`defaults: {inputs: mask}` and the fields of a form unmasked by its id or by a recursive type rule on its class, the labels inside those fields, or `defaults: {text: mask}` and a button's own text), since levels 2 and 4 outrank every default.",
        triggering: [
            LintExample("version: 1\ndefault: mask\ntypes:\n  BalanceLabel: { extends: UILabel }\nrules:\n  - mask: { type: BalanceLabel }\n  - ↓unmask: { accessibilityIdentifier: home.header }\n    reason: static header\n",
                        trees: [#"{"root": {"class": "UIView", "accessibilityIdentifier": "home.header", "children": [{"class": "BalanceLabel", "text": "$1,204.50"}]}}"#]),
            LintExample("version: 1.1\ndefault: mask\ndefaults: { inputs: mask }\nrules:\n  - ↓unmask: { accessibilityIdentifier: signup.form }\n    reason: static form copy\n",
                        trees: [#"{"root": {"class": "UIView", "accessibilityIdentifier": "signup.form", "children": [{"class": "UILabel", "text": "E-mail"}, {"class": "UITextField", "text": "jane@example.com"}]}}"#]),
            LintExample("version: 1.1\ndefault: unmask\ndefaults: { text: mask }\nrules:\n  - ↓unmask: { accessibilityIdentifier: profile.card }\n    reason: static card chrome\n",
                        trees: [#"{"root": {"class": "UIView", "accessibilityIdentifier": "profile.card", "children": [{"class": "UIButton", "text": "Message Jane Doe"}]}}"#]),
        ],
        nonTriggering: [
            LintExample("version: 1.1\ndefault: mask\ndefaults: { inputs: mask }\nrules:\n  - unmask: { accessibilityIdentifier: signup.form }\n    reason: static form copy\n",
                        trees: [#"{"root": {"class": "UIView", "accessibilityIdentifier": "signup.form", "children": [{"class": "UILabel", "text": "E-mail"}]}}"#]),
            LintExample("version: 1\ndefault: mask\ntypes:\n  BalanceLabel: { extends: UILabel }\nrules:\n  - mask: { type: BalanceLabel }\n  - unmask: { accessibilityIdentifier: home.header, recursive: false }\n    reason: static header\n",
                        trees: [#"{"root": {"class": "UIView", "accessibilityIdentifier": "home.header", "children": [{"class": "BalanceLabel", "text": "$1,204.50"}]}}"#]),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        guard let corpus = context.corpus else { return [] }
        var findings: [Diagnostic] = []
        for (unmask, byType) in corpus.exposures.sorted(by: { $0.key < $1.key }) {
            let parsed = context.policy.rules[unmask]
            for (typeRule, exposure) in byType.sorted(by: { $0.key < $1.key }) {
                let typeParsed = context.policy.rules[typeRule]
                findings.append(finding(
                    "unmasks \(exposure.count) view\(exposure.count == 1 ? "" : "s") that the \(typeParsed.rule.selector) rule at line \(typeParsed.actionRange.start.line) masks, e.g. \(exposure.example)",
                    at: parsed.actionRange, hint: "add 'recursive: false', or mask those views by instance"))
            }
        }
        for (unmask, byDimension) in corpus.defaultExposures.sorted(by: { $0.key < $1.key }) {
            let parsed = context.policy.rules[unmask]
            for (dimension, exposure) in byDimension.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let value = context.policy.defaults.value(of: dimension) ?? "mask"
                findings.append(finding(
                    "unmasks \(exposure.count) view\(exposure.count == 1 ? "" : "s") that 'defaults: {\(dimension.rawValue): \(value)}' masks, e.g. \(exposure.example)",
                    at: parsed.actionRange, hint: "add 'recursive: false', or mask those views by instance"))
            }
        }
        return findings
    }
}
