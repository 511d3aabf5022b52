import MaskDiagnostics
import MaskEngine

/// `unmask-reaches-field-text`: a type unmask on a class above the label UIKit draws a
/// text field's text in (`UITextFieldLabel`, a `UILabel`), so a field's text is shown
/// whatever rule masks the field: the label's own type rule (level 3) beats the field's
/// rule reaching it as a parent (level 4).
///
/// Not reported when a more specific class of the label's chain has a type rule that
/// applies wherever the unmask does (it decides first), or when a locked recursive mask
/// on the text inputs (`kind: input`, or a type whose classes include one) applies there
/// (a lock on an ancestor decides whatever the label's rules say).
enum UnmaskReachesFieldTextRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "unmask-reaches-field-text", name: "Unmask reaches a text field's text", category: .privacy, severity: .warning,
        summary: "A type unmask on `UILabel` (or a class above it) also unmasks `UITextFieldLabel`, the label a UIKit text field draws its text in: the field's own mask reaches it only as a parent type, which the label's type rule beats.",
        rationale: """
            UIKit draws a text field's text, once editing ends, in a private `UILabel` \
            subclass inside the field, `UITextFieldLabel`. A capture that walks the view \
            tree meets it as a child of the field, with the text the user typed. Under the \
            five levels a type rule on the view itself (level 3) beats a rule on its \
            ancestor's type (level 4), so `unmask: { type: UILabel }` shows that label even \
            where `mask: { type: UITextField }` masks the field. A warning rather than an \
            error: the label only holds typed text where the capture walks into fields. \
            The fix costs nothing: `mask: { type: UITextFieldLabel }` beside the unmask (a \
            more specific class decides first), or a locked mask on the inputs \
            (`mask: { kind: input, lock: true }`), which decides everything inside them. \
            Neither is reported. `kind: input` masks `UITextFieldLabel` too (it takes input \
            as its field does), and `kind: text` does not select it.
            """,
        triggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: ↓UILabel }\n    reason: static copy\n  - mask: { type: UITextField }\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: ↓UILabel }\n    reason: a lock on another input does not reach a text field's label\n  - mask: { type: UITextView, lock: true }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  CenteredLabel: { extends: UILabel }\nrules:\n  - unmask: { type: ↓UIView }\n    reason: every view\n  - mask: { type: UITextField }\n  - mask: { type: UITextView }\n  - mask: { type: CenteredLabel }\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: UILabel }\n    reason: static copy\n  - mask: { type: UITextFieldLabel }\n"),
            LintExample("version: 1.1\ndefault: mask\nrules:\n  - unmask: { type: UILabel }\n    reason: static copy\n  - mask: { kind: input, lock: true }\n"),
            LintExample("version: 1.1\ndefault: mask\nrules:\n  - unmask: { type: UILabel }\n    reason: the label is an input itself\n  - mask: { kind: input, lock: true, recursive: false }\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: UILabel, screen: Catalog }\n    reason: static copy\n  - mask: { type: UITextField, lock: true }\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: android.widget.TextView }\n    reason: labels\n  - mask: { type: android.widget.EditText }\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        let catalog = context.catalog
        // Each label's chain as a capture that walks the view tree gives it: the label,
        // then its superclass's chain (a policy may declare the label itself).
        // The field it lives in: a lock reaches the label from it (or from a class above
        // it), not from another input (`UITextView`, a subclass).
        let labels: [(name: String, chain: [String], fieldChain: [String])] = TypeCatalog.fieldTextClasses.sorted { $0.key < $1.key }.map { name, text in
            (name, catalog.contains(name) ? catalog.chain(of: name) : [name] + catalog.chain(of: text.superclass), catalog.chain(of: text.field))
        }
        guard !labels.isEmpty else { return [] }
        var findings: [Diagnostic] = []
        let rules = Array(context.policy.rules.enumerated())
        for (position, parsed) in rules {
            guard parsed.rule.action == .unmask, case .type(let unmasked) = parsed.rule.selector else { continue }
            let screen = parsed.rule.screen
            // Rules that apply wherever this one does: unscoped, or on the same screen.
            func applies(_ rule: MaskRule) -> Bool { rule.screen == nil || rule.screen.isExactly(screen) }
            // A locked mask that reaches the label decides it: on `kind: input` (the label
            // is an input itself), on a class of the label's chain, or a recursive one on a
            // class of the field's chain (`UITextField`, `UIControl`, ...).
            let locked = context.policy.rules.contains { other in
                let rule = other.rule
                guard rule.action == .mask, rule.locked, applies(rule) else { return false }
                switch rule.selector {
                case .kind(let kind): return kind == .input
                case .type(let name):
                    return labels.allSatisfy { label in
                        label.chain.contains { ClassName.selects(name, $0) }
                            || (rule.recursive && label.fieldChain.contains { ClassName.selects(name, $0) })
                    }
                default: return false
                }
            }
            guard !locked else { continue }
            let exposed = labels.filter { label in
                guard let depth = label.chain.firstIndex(where: { ClassName.selects(unmasked, $0) }), depth > 0 else { return false }
                // A more specific class with an applicable type rule decides first.
                return !rules.contains { index, other in
                    guard case .type(let name) = other.rule.selector, applies(other.rule), index != position else { return false }
                    return label.chain[..<depth].contains { ClassName.selects(name, $0) }
                }
            }
            guard !exposed.isEmpty else { continue }
            let names = exposed.map(\.name).joined(separator: ", ")
            findings.append(finding(
                "unmasking '\(unmasked)' also unmasks \(names), the label a UIKit text field draws its text in: the field's own mask reaches it only as a parent type, so what users typed is shown",
                at: parsed.selectorRange,
                hint: "add 'mask: { type: \(exposed[0].name) }' beside it, or lock the inputs' mask ('mask: { kind: input, lock: true }')"))
        }
        return findings
    }
}
