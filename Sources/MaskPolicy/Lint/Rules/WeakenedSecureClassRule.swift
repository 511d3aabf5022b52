import MaskDiagnostics
import MaskEngine

/// `weakened-secure-class`: a `types:` entry makes a secure-text class (built in, such
/// as `XCUIElementTypeSecureTextField`, a text input named for secure entry such as
/// `PasswordEditText`, or one whose superclass is secure text) a class of another kind,
/// by its `kind` or its `extends`. Its views are then no longer secure:
/// what users type in them follows the rules, and a permissive policy sends it in clear.
enum WeakenedSecureClassRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "weakened-secure-class", name: "Secure class made another kind", category: .privacy, severity: .error,
        summary: "A `types:` entry gives a secure-text class (built in, a text input named for secure entry, or extending one) another kind, so its views are no longer always bullets.",
        rationale: """
            Secure text is never unmaskable: no rule shows what users type in a password \
            field. A `types:` entry can still change what a class is. Redeclaring a \
            built-in secure class with another `kind` or `extends` (or declaring a \
            subclass of one with another `kind`) turns that guarantee off for every view \
            of the class, silently. A text input whose class is named for secure entry \
            (`PasswordEditText`, `OTPTextField`, `CvcEditText`) is secure text without a \
            declaration; an entry giving it another `kind` is reported too. When that is \
            meant (a `PasswordHintTextField` holds no secret), say why in a disable comment.
            """,
        triggering: [
            LintExample("version: 1\ndefault: mask\ntypes:\n  XCUIElementTypeSecureTextField: { kind: ↓text }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  SecureField: { extends: UIView, kind: ↓text }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  PinField: { extends: SwiftUI.SecureField, kind: ↓text }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  PasswordTextField: { extends: UITextField, kind: ↓text }\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\ntypes:\n  PinField: { extends: SwiftUI.SecureField }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  PinField: { extends: UITextField, kind: secure-text }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  XCUIElementTypeSecureTextField: { recurse: false }\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        WeakenedKind.findings(context, kind: .secureText, noun: "secure text", consequence: "what users type in its views is no longer always bullets",
                              finding: finding)
    }
}

/// `weakened-map-class`: a `types:` entry makes a map class (built in, such as
/// `MKMapView`, or one whose superclass is a map) a class of another kind. Its views are
/// then no longer the `MAP` placeholder: the places and addresses they show, and their
/// children, follow the rules, and an unmask sends them.
enum WeakenedMapClassRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "weakened-map-class", name: "Map class made another kind", category: .privacy, severity: .error,
        summary: "A `types:` entry gives a map class (built in, or extending one) another kind, so its views are no longer always a `MAP` placeholder.",
        rationale: """
            Maps are never unmaskable: a map shows where a user is, lives or goes, and \
            always becomes a `MAP` placeholder with nothing below it sent. A `types:` entry \
            can still change what a class is. Redeclaring a built-in map class with \
            another `kind` or `extends` (or declaring a subclass of one with another \
            `kind`) turns that guarantee off for every view of the class, silently: an \
            unmask then sends its labels and children. When that is meant, say why in a \
            disable comment.
            """,
        triggering: [
            LintExample("version: 1\ndefault: mask\ntypes:\n  MKMapView: { kind: ↓other }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  StoreMap: { extends: MKMapView, kind: ↓other }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  GMSMapView: { extends: UIView, kind: ↓image }\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\ntypes:\n  StoreMap: { extends: MKMapView }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  MapboxMaps.MapView: { extends: UIView, kind: map }\n"),
            LintExample("version: 1\ndefault: mask\ntypes:\n  MKMapView: { recurse: false }\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        WeakenedKind.findings(context, kind: .map, noun: "a map", consequence: "its views are no longer a MAP placeholder, and what they and their children show follows the rules",
                              finding: finding)
    }
}

/// What the weakened-kind rules share: each `types:` entry whose class had `kind` (in
/// the built-in catalog, or through the class it extends) and has another once the
/// policy's entries are laid over the catalog.
enum WeakenedKind {
    static func findings(_ context: LintContext, kind protected: ViewKind, noun: String, consequence: String,
                         finding: (String, SourceRange, String?) -> Diagnostic) -> [Diagnostic] {
        let builtin = TypeCatalog.builtin, catalog = context.catalog
        var findings: [Diagnostic] = []
        for parsed in context.policy.classes {
            let name = parsed.declaration.name
            let kind = catalog.kind(along: catalog.chain(of: name))
            guard kind != protected else { continue }
            // The kind before this entry (the built-in class), or by what it extends.
            let superclass = parsed.declaration.superclass
            let was: String
            let builtinChain = builtin.chain(of: name)
            if builtin.kind(along: builtinChain) == protected {
                // Declared so along its chain, or (secure text) named for secure entry.
                let declared = builtinChain.lazy.compactMap { builtin.declaration(of: $0)?.kind }.first
                was = declared == protected ? "is \(noun) in the built-in catalog" : "is \(noun) by its name (a text input named for secure entry)"
            } else if let superclass, catalog.kind(along: catalog.chain(of: superclass)) == protected {
                was = "extends \(noun) ('\(superclass)')"
            } else {
                continue
            }
            findings.append(finding(
                "'\(name)' \(was), and this entry makes it '\(kind.rawValue)': \(consequence)",
                parsed.kindRange ?? parsed.extendsRange ?? parsed.nameRange,
                "remove the entry's 'kind' or 'extends', or declare a class of your own"))
        }
        return findings
    }
}
