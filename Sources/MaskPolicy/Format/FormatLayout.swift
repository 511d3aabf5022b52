/// Where a node sits in a policy, for the formatter: which keys come first and which
/// collections are written on one line. Keys the schema does not know keep their
/// source order after the known ones; nodes in unknown places are written in block
/// style, in source order.
enum FormatLayout: Equatable {
    /// The top-level mapping.
    case root
    /// `rules:`, a list of rules.
    case rules
    /// A rule: the action key, `reason`, then the rest.
    case rule
    /// A selector (a rule's `mask:` / `unmask:` value, an `allowUnmask` entry): the
    /// selector key, then `screen`, `recursive`, `lock`. On one line.
    case selector
    /// `allowUnmask:`, a list of selectors and `default`.
    case allowList
    /// `types:`, a mapping of class names, in source order.
    case types
    /// One `types:` entry: `extends`, `kind`, `recurse`. On one line.
    case classEntry
    /// `defaults:`: `text`, `inputs`, `images`. On one line.
    case defaults
    /// `extends:` and `detect:`, lists of names. On one line.
    case nameList
    /// The top-level mapping of a policy test (`*.masktest.yaml`): `policy`, `trees`, `expect`.
    case testRoot
    /// `expect:`, a list of expectations.
    case expectations
    /// An expectation: `view` or `noExposed`, then `tree`, `is`, `rule`.
    case expectation
    /// A `noExposed:` value (`{ class: UILabel }`, `{ detectors: [email] }`). On one line.
    case noExposed
    /// Anywhere else.
    case other

    /// The top-level keys in the order the formatter writes them: what the file is,
    /// what it builds on, its defaults, its rules, then what layers above it may loosen.
    static let topKeyOrder = ["version", "extends", "default", "defaults", "detect", "types", "rules", "allowUnmask"]

    /// The layout of a file's top level: a policy test's when its top-level keys
    /// include one of a policy test's (`policy`, `trees`, `expect`) and none of a
    /// policy's; a policy's otherwise.
    static func top(of root: YAMLNode) -> FormatLayout {
        let keys = Set(root.pairs?.map(\.name) ?? [])
        let policyKeys = Set(PolicySchema.topKeys(for: .v1_1)), testKeys = Set(PolicyTestParser.topKeys)
        return keys.isDisjoint(with: policyKeys) && !keys.isDisjoint(with: testKeys) ? .testRoot : .root
    }

    /// The known keys of this place in the order written; nil keeps source order.
    var keyOrder: [String]? {
        switch self {
        case .root: return Self.topKeyOrder
        case .testRoot: return PolicyTestParser.topKeys
        case .expectation: return ["view", "noExposed", "tree", "is", "rule"]
        case .rule: return PolicySchema.actionKeys + ["reason"]
        case .selector: return ["type", "kind", "id", "accessibilityIdentifier", "identifier", "restorationIdentifier", "tag", "target",
                              "screen", "recursive", "lock"]
        case .classEntry: return PolicySchema.classKeys
        case .defaults: return PolicySchema.defaultsKeys
        default: return nil
        }
    }

    /// Whether a collection here is written on one line (`{ a: b }`, `[a, b]`) when it
    /// holds only scalars (or, in a mapping, lists of scalars) and no comment.
    var prefersFlow: Bool {
        switch self {
        case .selector, .classEntry, .defaults, .nameList, .noExposed: return true
        default: return false
        }
    }

    /// The place of the value of `key` in a mapping here.
    func value(of key: String) -> FormatLayout {
        switch (self, key) {
        case (.root, "rules"): return .rules
        case (.root, "allowUnmask"): return .allowList
        case (.root, "types"): return .types
        case (.root, "defaults"): return .defaults
        case (.root, "extends"), (.root, "detect"): return .nameList
        case (.rule, "mask"), (.rule, "unmask"): return .selector
        case (.types, _): return .classEntry
        case (.testRoot, "trees"): return .nameList
        case (.testRoot, "expect"): return .expectations
        case (.expectation, "view"): return .selector
        case (.expectation, "noExposed"): return .noExposed
        default: return .other
        }
    }

    /// The place of an item of a sequence here.
    var item: FormatLayout {
        switch self {
        case .rules: return .rule
        case .allowList: return .selector
        case .nameList: return .nameList
        case .expectations: return .expectation
        default: return .other
        }
    }

    /// `pairs` in the order written: known keys by ``keyOrder``, then the others in
    /// source order (a stable sort, so repeated keys keep their order too).
    func ordered(_ pairs: [YAMLPair]) -> [YAMLPair] {
        guard let order = keyOrder else { return pairs }
        let rank = { (pair: YAMLPair) -> Int in order.firstIndex(of: pair.name) ?? order.count }
        return pairs.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }
}
