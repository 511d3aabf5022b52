import MaskDiagnostics
import MaskEngine

/// `contradicted-default`: a `defaults:` entry that never applies (format 1.1), because
/// `kind` rules on every kind of its dimension, on every screen, decide the other way on
/// level 3 before level 5 is reached.
enum ContradictedDefaultRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "contradicted-default", name: "Dimension default that never applies", category: .correctness, severity: .warning,
        summary: "A 'defaults' entry that no view ever gets: kind rules on every screen decide every view of its dimension the other way first (a kind rule is level 3, a default level 5).",
        triggering: [
            LintExample("version: 1.1\ndefault: mask\ndefaults: { inputs: ↓unmask }\nrules:\n  - mask: { kind: input }\n"),
            LintExample("version: 1.1\ndefault: mask\ndefaults: { text: ↓mask }\nrules:\n  - unmask: { kind: text }\n    reason: static copy\n  - unmask: { kind: swiftui-text }\n    reason: static copy\n"),
        ],
        nonTriggering: [
            LintExample("version: 1.1\ndefault: mask\ndefaults: { inputs: unmask }\nrules:\n  - mask: { kind: input, screen: Checkout }\n"),
            LintExample("version: 1.1\ndefault: mask\ndefaults: { text: mask }\nrules:\n  - unmask: { kind: text }\n    reason: static copy\n"),
        ])

    /// The kinds each dimension covers.
    static func kinds(of dimension: DefaultDimension) -> [SelectorKind] {
        SelectorKind.allCases.filter { $0.dimension == dimension }
    }

    static func check(_ context: LintContext) -> [Diagnostic] {
        let policy = context.policy
        var findings: [Diagnostic] = []
        for dimension in DefaultDimension.allCases {
            guard let range = policy.defaultsRanges[dimension], let masks = masks(policy.defaults, dimension) else { continue }
            // Per kind of the dimension: the winner among its kind rules on every screen.
            var deciding: [(kind: SelectorKind, rule: ParsedRule)] = []
            for kind in kinds(of: dimension) {
                let rules = policy.rules.filter { $0.rule.selector == .kind(kind) && $0.rule.screen == nil }
                guard let winner = rules.first(where: { $0.rule.action == .mask }) ?? rules.first else { break }
                deciding.append((kind, winner))
            }
            guard deciding.count == kinds(of: dimension).count,
                  deciding.allSatisfy({ ($0.rule.rule.action == .mask) != masks }) else { continue }
            let named = deciding.map { "'\($0.rule.rule.action.rawValue): { kind: \($0.kind.rawValue) }' at line \($0.rule.actionRange.start.line)" }
            findings.append(finding("'defaults.\(dimension.rawValue)' never applies: \(named.joined(separator: " and ")) decide\(named.count == 1 ? "s" : "") every view of the dimension first",
                                    at: range, hint: "remove the entry, or scope the kind rules to the screens they are for"))
        }
        return findings
    }

    /// Whether the entry masks; nil for an entry that depends on the view
    /// (`mask-non-bundled` is contradicted by neither action).
    static func masks(_ defaults: DimensionDefaults, _ dimension: DefaultDimension) -> Bool? {
        switch dimension {
        case .text: return defaults.text.map { $0 == .mask }
        case .inputs: return defaults.inputs.map { $0 == .mask }
        case .images:
            switch defaults.images {
            case .mask?: return true
            case .unmask?: return false
            case .maskNonBundled?, nil: return nil
            }
        }
    }
}
