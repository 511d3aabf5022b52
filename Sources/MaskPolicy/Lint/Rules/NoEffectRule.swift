import MaskDiagnostics
import MaskEngine

/// `no-effect`: a rule that cannot change any decision. Unmasking a kind that is never
/// unmaskable (maps, secure text), or a rule that another rule on the same selector
/// always overrides or already covers.
enum NoEffectRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "no-effect", name: "Rule with no effect", category: .correctness, severity: .warning,
        summary: "A rule that cannot change any decision: unmasking maps or secure text, or a rule that another rule on the same selector overrides (mask wins) or already covers.",
        triggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - ↓unmask: { type: MKMapView }\n    reason: store locator\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { id: header }\n  - ↓unmask: { id: header, recursive: false }\n    reason: static\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { id: header }\n  - ↓mask: { id: header, screen: Home }\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - unmask: { type: UILabel }\n    reason: static copy\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { id: header, recursive: false }\n  - unmask: { id: header }\n    reason: children are static\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let rules = context.policy.rules
        for parsed in rules where parsed.rule.action == .unmask {
            guard case .type(let name) = parsed.rule.selector else { continue }
            let kind = context.catalog.kind(along: context.catalog.chain(of: name))
            if kind == .map {
                findings.append(finding("unmasking '\(name)' has no effect: maps are never unmaskable", at: parsed.actionRange))
            } else if kind == .secureText {
                findings.append(finding("unmasking '\(name)' has no effect: secure text entry and everything inside it are always masked, text as bullets", at: parsed.actionRange))
            }
        }
        // Rules on the same selector: does another rule override or cover this one?
        var bySelector: [ViewSelector: [ParsedRule]] = [:]
        for parsed in rules { bySelector[parsed.rule.selector, default: []].append(parsed) }
        for parsed in rules {
            let rule = parsed.rule
            for other in bySelector[rule.selector] ?? [] where other.actionRange != parsed.actionRange {
                let o = other.rule
                let appliesWherever = o.screen == nil || o.screen.isExactly(rule.screen)
                let reachesAsFar = o.recursive || !rule.recursive
                guard appliesWherever, reachesAsFar else { continue }
                let sameScopeAndReach = o.screen.isExactly(rule.screen) && o.recursive == rule.recursive
                if sameScopeAndReach { continue }  // `duplicate` or `conflict` says it
                if rule.action == .unmask && o.action == .mask {
                    findings.append(finding(
                        "'unmask' of \(rule.selector) never wins: 'mask' of the same selector at \(context.place(of: other)) applies wherever it does, and mask wins",
                        at: parsed.actionRange))
                    break
                }
                if rule.action == o.action {
                    findings.append(finding(
                        "'\(rule.action.rawValue)' of \(rule.selector) is already covered by the same rule\(o.screen == nil ? " on every screen" : "")\(o.recursive && !rule.recursive ? " with descendants" : "") at \(context.place(of: other))",
                        at: parsed.actionRange, hint: "remove it"))
                    break
                }
            }
        }
        return findings
    }
}
