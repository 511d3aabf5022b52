/// The part of a rule that says which views it is about.
public enum ViewSelector: Sendable, Hashable, CustomStringConvertible {
    /// Views whose class chain contains the class (the class and its subclasses).
    case type(String)
    /// Views whose `id` (or index path when the tree gives none) matches.
    case id(GlobPattern)
    /// Views whose accessibility identifier (Android: `resource-id`) matches.
    case accessibilityIdentifier(GlobPattern)
    /// Views whose restoration identifier matches.
    case restorationIdentifier(GlobPattern)
    /// Views whose tag equals the number.
    case tag(Int)
    /// Views whose reliable target string matches (see ``ReliableTarget``).
    case target(GlobPattern)
    /// Views whose selector kind (``SelectorKind``) is the kind: a rule on level 3, and
    /// 4 when recursive, beaten by a type rule on the same view (format 1.1).
    case kind(SelectorKind)

    /// The selector's key as written in a policy.
    public var key: SelectorKey {
        switch self {
        case .type: return .type
        case .id: return .id
        case .accessibilityIdentifier: return .accessibilityIdentifier
        case .restorationIdentifier: return .restorationIdentifier
        case .tag: return .tag
        case .target: return .target
        case .kind: return .kind
        }
    }

    /// The selector's value as written.
    public var value: String {
        switch self {
        case .type(let name): return name
        case .id(let p), .accessibilityIdentifier(let p), .restorationIdentifier(let p), .target(let p): return p.text
        case .tag(let n): return String(n)
        case .kind(let kind): return kind.rawValue
        }
    }

    /// True for every selector but `type` and `kind`: the rule names instances (levels 1 and 2).
    public var isInstance: Bool { key != .type && key != .kind }

    /// `key=value`, as in the decision table listing.
    public var description: String { "\(key.rawValue)=\(value)" }
}

/// The keys that may select views in a rule.
public enum SelectorKey: String, Sendable, Hashable, CaseIterable, Codable {
    case type
    case id
    case accessibilityIdentifier
    case restorationIdentifier
    case tag
    case target
    case kind

    /// A small index for per-key tables.
    var memoSlot: UInt8 {
        switch self {
        case .type: return 0
        case .id: return 1
        case .accessibilityIdentifier: return 2
        case .restorationIdentifier: return 3
        case .tag: return 4
        case .target: return 5
        case .kind: return 6
        }
    }
}
