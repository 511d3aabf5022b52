import MaskDiagnostics
import MaskEngine
/// `broad-unmask`: unmasking a base class that nearly every view descends from.
enum BroadUnmaskRule: PolicyLintRule {
    /// Classes so basic that unmasking them exposes nearly everything.
    static let baseClasses: Set<String> = [
        "NSObject", "UIResponder", "UIView", "UIControl", "UIScrollView",
        "java.lang.Object", "android.view.View", "android.view.ViewGroup",
        "SwiftUI.View", "XCUIElement", "XCUIElementTypeAny", "XCUIElementTypeOther",
    ]

    static let description = LintRuleDescription(
        id: "broad-unmask", name: "Broad unmask", category: .privacy, severity: .warning,
        summary: "Unmasking a base class such as UIView, UIResponder, NSObject or android.view.View (or its simple name, `View`), or recursively the kind `other`, exposes nearly every view.",
        triggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: ↓UIView }\n    reason: everything\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: ↓android.view.View }\n    reason: everything\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: ↓View }\n    reason: a simple name selects android.view.View and SwiftUI.View\n"),
            LintExample("version: 1.1\ndefault: mask\nrules:\n  - unmask: { kind: ↓other }\n    reason: containers\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: UIButton }\n    reason: static copy\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { type: UIView }\n"),
            LintExample("version: 1.1\ndefault: mask\nrules:\n  - unmask: { kind: other, recursive: false }\n    reason: containers draw no user data themselves\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        context.policy.rules.compactMap { parsed in
            guard parsed.rule.action == .unmask else { return nil }
            switch parsed.rule.selector {
            case .type(let name) where baseClasses.contains(where: { ClassName.selects(name, $0) }):
                return finding("unmasking '\(name)' exposes nearly every view", at: parsed.selectorRange,
                               hint: "unmask the specific classes or instances that hold no user data")
            case .kind(.other) where parsed.rule.recursive:
                // Containers are `other`: a recursive unmask reaches everything inside them
                // on level 4, text fields included, as `type: UIView` does.
                return finding("unmasking kind 'other' exposes nearly every view: containers are 'other', and the unmask reaches everything inside them",
                               at: parsed.selectorRange, hint: "unmask the specific classes or instances that hold no user data, or add 'recursive: false'")
            default:
                return nil
            }
        }
    }
}
