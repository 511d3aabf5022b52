import MaskDiagnostics
import MaskEngine

/// `weakened-secure-class`: a `types:` entry makes a secure-text class (built in, such
/// as `XCUIElementTypeSecureTextField`, or one whose superclass is secure text) a class
/// of another kind, by its `kind` or its `extends`. Its views are then no longer secure:
/// what users type in them follows the rules, and a permissive policy sends it in clear.
enum WeakenedSecureClassRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "weakened-secure-class", name: "Secure class made another kind", category: .privacy, severity: .error,
        summary: "A `types:` entry gives a secure-text class (built in, or extending one) another kind, so its views are no longer always bullets.",
        rationale: """
            Secure text is never unmaskable: no rule shows what users type in a password \
            field. A `types:` entry can still change what a class is. Redeclaring a \
            built-in secure class with another `kind` or `extends` (or declaring a \
            subclass of one with another `kind`) turns that guarantee off for every view \
            of the class, silently. When that is meant, say why in a disable comment.
            """,
        triggering: [
            LintExample("version: 1\ndefault: mask\ntypes:\n  XCUIElementTypeSecureTextField: { kind: ↓text }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  SecureField: { extends: UIView, kind: ↓text }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  PinField: { extends: SwiftUI.SecureField, kind: ↓text }\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\ntypes:\n  PinField: { extends: SwiftUI.SecureField }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  PinField: { extends: UITextField, kind: secure-text }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  XCUIElementTypeSecureTextField: { recurse: false }\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        let builtin = TypeCatalog.builtin, catalog = context.catalog
        var findings: [Diagnostic] = []
        for parsed in context.policy.classes {
            let name = parsed.declaration.name
            let kind = catalog.kind(along: catalog.chain(of: name))
            guard kind != .secureText else { continue }
            // Secure before this entry (the built-in class), or by what it extends.
            let superclass = parsed.declaration.superclass
            let was: String
            if builtin.kind(along: builtin.chain(of: name)) == .secureText {
                was = "is secure text in the built-in catalog"
            } else if let superclass, catalog.kind(along: catalog.chain(of: superclass)) == .secureText {
                was = "extends secure text ('\(superclass)')"
            } else {
                continue
            }
            findings.append(finding(
                "'\(name)' \(was), and this entry makes it '\(kind.rawValue)': what users type in its views is no longer always bullets",
                at: parsed.kindRange ?? parsed.extendsRange ?? parsed.nameRange,
                hint: "remove the entry's 'kind' or 'extends', or declare a class of your own"))
        }
        return findings
    }
}
