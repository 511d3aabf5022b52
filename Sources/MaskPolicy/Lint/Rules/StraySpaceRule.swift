import MaskDiagnostics
import MaskEngine

/// `stray-space`: a rule's `screen`, or the value of an identifier or `target` selector,
/// starts or ends with white space, or holds a line break, a tab or another control
/// character. Screens and identifiers are compared byte for byte, so `"Checkout "` (or a
/// folded block scalar, which ends in a line break) matches no screen an encoder names.
enum StraySpaceRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "stray-space", name: "Stray space", category: .correctness, severity: .error,
        summary: "A `screen` or an identifier or `target` value starts or ends with white space or holds a control character; values are compared byte for byte, so it matches nothing an encoder names.",
        rationale: """
            An error in a `mask` rule, whose views are then sent in clear under \
            `default: unmask` or an unmask above them; a warning in an `unmask` rule. A \
            YAML block scalar (`screen: >` on one line, the name on the next) ends in a \
            line break: write the name inline. The hint gives the value without the \
            stray characters.
            """,
        triggering: [
            LintExample("version: 1\ndefault: unmask\nrules:\n  - mask: { type: UILabel, screen: ↓\"Checkout \" }\n"),
            LintExample("version: 1\ndefault: unmask\nrules:\n  - mask: { accessibilityIdentifier: ↓\"card.number\\t\" }\n"),
            LintExample("version: 1\ndefault: unmask\nrules:\n  - mask:\n      type: UILabel\n      screen: ↓>\n        Checkout\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: unmask\nrules:\n  - mask: { type: UILabel, screen: Checkout }\n  - mask: { accessibilityIdentifier: \"card number\" }\n"),
        ])

    /// Whether a value starts or ends with white space or holds a character YAML writes
    /// as an escape (controls, line separators: ``ScalarStyle/needsEscape(_:)``).
    static func isStray(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last else { return false }
        return first.properties.isWhitespace || last.properties.isWhitespace || value.unicodeScalars.contains(where: ScalarStyle.needsEscape)
    }

    static func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for parsed in context.policy.rules {
            var stray: [(String, String, SourceRange)] = []
            switch parsed.rule.selector {
            case .id(let pattern), .accessibilityIdentifier(let pattern), .restorationIdentifier(let pattern), .target(let pattern):
                if isStray(pattern.text) { stray.append((parsed.rule.selector.key.rawValue, pattern.text, parsed.selectorRange)) }
            default: break
            }
            if let screen = parsed.rule.screen, let range = parsed.screenRange, isStray(screen) { stray.append(("screen", screen, range)) }
            for (key, value, range) in stray {
                let cleaned = String(String.UnicodeScalarView(value.unicodeScalars.filter { !ScalarStyle.needsEscape($0) })).trimmingWhiteSpace
                var finding = finding("'\(key)' value \(ScalarStyle.doubleQuoted(value)) starts or ends with white space or holds a control character: values are compared byte for byte, so it matches only a name spelled so",
                                      at: range, hint: "write \(ScalarStyle.doubleQuoted(cleaned))")
                if parsed.rule.action == .unmask { finding.severity = .warning }
                findings.append(finding)
            }
        }
        return findings
    }
}

extension String {
    /// The string without white space at either end.
    fileprivate var trimmingWhiteSpace: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }
}
