import MaskDiagnostics
import MaskEngine

/// `unmask-covers-input`: a type unmask whose class has text-input subclasses, so what
/// users type is sent in clear (`unmask: {type: android.widget.TextView}` also unmasks
/// every `EditText`).
///
/// An input class is left out when it stays masked: a mask type rule on it or on a
/// superclass more specific than the unmasked one decides first (level 3 takes the most
/// specific class with a rule), on every screen the unmask applies to. Input classes
/// whose kind is secure text are left out too: they are sent as bullets whatever the
/// policy says. A class that is itself an input is not reported: unmasking it is
/// explicit.
enum UnmaskCoversInputRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "unmask-covers-input", name: "Unmask covers text input", category: .privacy, severity: .error,
        summary: "A type unmask also unmasks the text-input classes below it (`android.widget.TextView` covers `EditText`, `UIView` covers `UITextField`): what users type is sent in clear.",
        rationale: """
            An error, not a warning: the views it exposes hold what users type (e-mail \
            addresses, card numbers, addresses, messages; passwords too where the field is \
            not flagged as secure entry), and the unmask was written for labels, so the \
            exposure is almost never intended. The fix costs nothing: a mask rule on the \
            input class beside the unmask keeps inputs masked, even when the app has none \
            today. A deliberate exposure can still be silenced with a \
            `# maskc:disable=unmask-covers-input` comment, whose reason reviewers read. An \
            input class is not reported when a mask type rule on it, or on a superclass \
            more specific than the unmasked class, applies on every screen the unmask \
            applies to (a mask rule scoped to one screen does not cover an unmask on every \
            screen); nor when its kind is secure text (always sent as bullets); nor when \
            the unmasked class is itself an input (that unmask is explicit). Input classes \
            are the engine's one list, `TypeCatalog.textInputClasses` (UIKit text fields \
            and text views, SwiftUI fields and editors, Android, AppCompat and Material \
            edit texts, XCUITest text elements), and every class, built in or in \
            `types:`, whose chain reaches one; value pickers (`UIDatePicker`, `Spinner`) \
            are inputs to `kind: input` and `defaults.inputs` but nobody types into \
            them, and this rule leaves them out. The rule reads type rules only: a recursive \
            unmask on a container or an instance reaches the inputs inside it too; the \
            mask rule it suggests wins over a container's type rule (level 3 before 4), \
            not over an instance rule.
            """,
        triggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: ↓android.widget.TextView }\n    reason: labels are static\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: ↓TextView }\n    reason: a simple name selects android.widget.TextView\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  AmountField: { extends: UITextField }\nrules:\n  - unmask: { type: ↓UIControl }\n    reason: buttons and switches show static copy\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: ↓android.widget.TextView }\n    reason: labels are static\n  - mask: { type: android.widget.EditText, screen: Login }\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: android.widget.TextView }\n    reason: labels are static\n  - mask: { type: android.widget.EditText }\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: UILabel }\n    reason: static copy\n  - unmask: { type: UIButton }\n    reason: static copy\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: android.widget.TextView, screen: Catalog }\n    reason: the catalog shows no user data\n  - mask: { type: android.widget.EditText, screen: Catalog }\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: android.widget.EditText, screen: Kiosk }\n    reason: the kiosk's search box takes product names only\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: EditText, screen: Kiosk }\n    reason: an input named by its simple name is explicit too\n"),
        ])

    /// How many exposed input classes a message names.
    static let namedInMessage = 3

    static func check(_ context: LintContext) -> [Diagnostic] {
        let catalog = context.catalog
        let unmasks = context.policy.rules.filter { parsed in
            guard parsed.rule.action == .unmask, case .type = parsed.rule.selector else { return false }
            return true
        }
        guard !unmasks.isEmpty else { return [] }
        // Input classes that are not always bullets, with their chains.
        // The label a field draws its text in is `unmask-reaches-field-text`'s.
        // Value pickers are inputs too, but nobody types into one.
        let inputs: [(name: String, chain: [String])] = catalog.textInputClassNames.compactMap { name in
            guard TypeCatalog.fieldTextClasses[name] == nil else { return nil }
            let chain = catalog.chain(of: name)
            guard !chain.contains(where: TypeCatalog.isValuePicker) else { return nil }
            return catalog.kind(along: chain) == .secureText ? nil : (name, chain)
        }
        var typeRules: [String: [MaskRule]] = [:]
        for parsed in context.policy.rules {
            if case .type(let name) = parsed.rule.selector { typeRules[name, default: []].append(parsed.rule) }
        }
        var findings: [Diagnostic] = []
        for parsed in unmasks {
            // A selector naming an input class itself (by its name or simple name) is explicit.
            guard case .type(let unmasked) = parsed.rule.selector,
                  !catalog.classesSelected(byType: unmasked).contains(where: catalog.isTextInput) else { continue }
            let screen = parsed.rule.screen
            // Rules that apply wherever this one does: unscoped, or on the same screen.
            func applies(_ rule: MaskRule) -> Bool { rule.screen == nil || rule.screen.isExactly(screen) }
            // At the unmasked class itself, an applicable mask rule wins the tie.
            if typeRules[unmasked]?.contains(where: { $0.action == .mask && applies($0) }) == true { continue }
            var exposed: [(name: String, depth: Int, superclass: String)] = []
            for input in inputs {
                // The unmask selects a class of the chain by its name or simple name
                // (`TextView` selects `android.widget.TextView`).
                guard let depth = input.chain.firstIndex(where: { ClassName.selects(unmasked, $0) }), depth > 0 else { continue }
                // A more specific class with a rule (on its name or simple name) decides
                // first: masked, or exposed by that other rule.
                let decidedBelow = input.chain[..<depth].contains { name in
                    let rules = (typeRules[name] ?? []) + (ClassName.simpleName(of: name).flatMap { typeRules[$0] } ?? [])
                    return rules.contains(where: applies)
                }
                if !decidedBelow { exposed.append((input.name, depth, input.chain[1])) }
            }
            guard !exposed.isEmpty else { continue }
            exposed.sort { ($0.depth, $0.name) < ($1.depth, $1.name) }
            let names = Set(exposed.map(\.name))
            // The most general exposed inputs: masking them keeps every exposed input masked.
            let roots = exposed.filter { !names.contains($0.superclass) }.map(\.name)
            findings.append(finding(
                "unmasking '\(unmasked)' also unmasks text inputs: \(listed(exposed.map(\.name), limit: namedInMessage)); what users type is sent in clear",
                at: parsed.selectorRange,
                hint: "add \(listed(roots.map { "'mask: { type: \($0) }'" }, limit: namedInMessage)) beside it, or unmask a narrower type"))
        }
        return findings
    }

    /// `a`, `a and b`, `a, b and c`, `a, b, c and 2 more`.
    static func listed(_ items: [String], limit: Int) -> String {
        if items.count > limit { return items.prefix(limit).joined(separator: ", ") + " and \(items.count - limit) more" }
        if items.count <= 1 { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
