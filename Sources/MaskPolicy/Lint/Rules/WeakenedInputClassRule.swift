import MaskDiagnostics
import MaskEngine

/// `weakened-input-class`: in a policy that masks text inputs (`defaults: {inputs:
/// mask}`, or a `mask` rule on `kind: input`), a `types:` entry gives a class that takes
/// text input (built in, one the engine knows by name, or one extending an input class)
/// a kind under which it is no longer `input`: `image`, `swiftui-text`, `webview`. The
/// inputs' mask then passes its views by, and what users type in them follows what
/// the new kind's views get.
enum WeakenedInputClassRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "weakened-input-class", name: "Text input made another kind", category: .privacy, severity: .error,
        summary: "In a policy that masks text inputs, a `types:` entry gives an input class another kind, so the inputs' mask no longer reaches its views.",
        rationale: """
            `defaults: {inputs: mask}` and `mask: {kind: input}` reach the views whose \
            class takes text input and whose kind is `text` or `other`. A `types:` entry \
            that gives such a class (a built-in field, a library's, or a class extending \
            one) the kind `image`, `swiftui-text` or `webview` takes its views out of the \
            inputs: what users type in them is decided as those kinds' views are, and a \
            policy that shows images or text sends it. Give the class `kind: text` (or \
            none), or mask it by type.
            """,
        triggering: [
            LintExample("version: 1.1\ndefault: unmask\ndefaults: { inputs: mask }\ntypes:\n  UITextView: { kind: ↓swiftui-text }\n"),
            LintExample("version: 1.1\ndefault: unmask\nrules:\n  - mask: { kind: input }\ntypes:\n  AvatarField: { extends: UITextField, kind: ↓image }\n"),
        ],
        nonTriggering: [
            LintExample("version: 1.1\ndefault: unmask\ndefaults: { inputs: mask }\ntypes:\n  NoteField: { extends: UITextField, kind: text }\n"),
            LintExample("version: 1.1\ndefault: mask\ntypes:\n  UITextView: { kind: swiftui-text }\n"),
            LintExample("version: 1.1\ndefault: unmask\ndefaults: { inputs: mask }\ntypes:\n  PinBox: { extends: UITextField, kind: secure-text }\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        let policy = context.policy
        let masksInputs = policy.defaults.inputs == .mask
            || policy.rules.contains { $0.rule.action == .mask && $0.rule.selector == .kind(.input) }
        guard masksInputs else { return [] }
        let builtin = TypeCatalog.builtin, catalog = context.catalog
        var findings: [Diagnostic] = []
        for parsed in policy.classes {
            let name = parsed.declaration.name
            let now = catalog.selectorKind(along: catalog.chain(of: name))
            guard now != .input, now != .secureText, now != .map else { continue }
            // An input before this entry (built in, or by name), or by what it extends.
            let was: String
            if builtin.selectorKind(along: builtin.chain(of: name)) == .input {
                was = "takes text input"
            } else if let superclass = parsed.declaration.superclass, catalog.selectorKind(along: catalog.chain(of: superclass)) == .input {
                was = "extends a text input ('\(superclass)')"
            } else {
                continue
            }
            findings.append(finding(
                "'\(name)' \(was), and this entry makes it '\(now.rawValue)': the inputs' mask no longer reaches its views, and what users type in them is sent as '\(now.rawValue)' views are",
                at: parsed.kindRange ?? parsed.extendsRange ?? parsed.nameRange,
                hint: "give it 'kind: text' or no kind, or mask it by type"))
        }
        return findings
    }
}
