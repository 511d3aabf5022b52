/// The five levels of the masking priority table, highest priority first.
///
/// For every view the first level that applies decides; later levels are not consulted.
public enum PrecedenceLevel: Int, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// The policy's `detect:` safety net found personal data in an unmasked view's
    /// content and masked it (``DecisionTable/safetyNet(_:content:)``), or the echo
    /// guard found a masked descendant's text in it (``MaskedEcho``). Never the
    /// outcome of the five levels themselves: it overrides their unmask.
    case detector = 0
    /// An instance rule (any selector but `type`) matches the view itself.
    case instance = 1
    /// The nearest ancestor matched by a recursive instance rule.
    case parentInstance = 2
    /// A type rule matches the view's own class chain, most specific class first.
    case type = 3
    /// The nearest ancestor whose class chain is matched by a recursive type rule.
    case parentType = 4
    /// No rule applies: the policy's default state.
    case `default` = 5

    /// A short human name for the level, as shown by `explain` and `compile`.
    public var title: String {
        switch self {
        case .detector: return "detector"
        case .instance: return "instance"
        case .parentInstance: return "parent instance"
        case .type: return "type"
        case .parentType: return "parent type"
        case .default: return "default"
        }
    }

    public static func < (lhs: PrecedenceLevel, rhs: PrecedenceLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
