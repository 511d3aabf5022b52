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

    /// Whether a value starts or ends with white space or holds a control character.
    static func isStray(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last else { return false }
        if first.properties.isWhitespace || last.properties.isWhitespace { return true }
        return value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }
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
                let cleaned = String(String.UnicodeScalarView(value.unicodeScalars.filter { !($0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value)) }))
                    .trimmingWhiteSpace
                var finding = finding("'\(key)' value \(Self.quoted(value)) starts or ends with white space or holds a control character: values are compared byte for byte, so it matches only a name spelled so",
                                      at: range, hint: "write \(Self.quoted(cleaned))")
                if parsed.rule.action == .unmask { finding.severity = .warning }
                findings.append(finding)
            }
        }
        return findings
    }

    /// A value quoted with its white space and controls escaped, as YAML would read them.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || (scalar.properties.isWhitespace && scalar != " ") {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
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
