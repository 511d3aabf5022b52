import MaskDiagnostics
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
        summary: "Unmasking a base class such as UIView, UIResponder, NSObject or android.view.View exposes nearly every view.",
        triggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: ↓UIView }\n    reason: everything\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: ↓android.view.View }\n    reason: everything\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: UIButton }\n    reason: static copy\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { type: UIView }\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        context.policy.rules.compactMap { parsed in
            guard parsed.rule.action == .unmask, case .type(let name) = parsed.rule.selector, baseClasses.contains(name) else { return nil }
            return finding("unmasking '\(name)' exposes nearly every view", at: parsed.selectorRange,
                           hint: "unmask the specific classes or instances that hold no user data")
        }
    }
}
