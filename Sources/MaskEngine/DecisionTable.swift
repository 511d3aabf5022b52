import MaskStorage
/// A compiled masking policy: rules in priority order, indexed for O(1) decisions.
///
/// Compile once, then resolve any number of trees from any number of threads: the
/// table is immutable and `Sendable`. Each thread resolves through its own
/// ``ViewResolver`` (or ``MaskingTraversal``), which caches per-class work.
public struct DecisionTable: Sendable {
    /// The policy's default state (level 5).
    public let defaultAction: MaskAction
    /// The rules, in source order; decisions refer to them by index.
    public let rules: [MaskRule]
    /// Rule indices in priority order: instance rules before type rules, type rules
    /// before kind rules, mask before unmask (mask wins a tie on a level), then source order.
    public let priorityOrder: [Int]
    /// The built-in catalog with the policy's classes laid over it.
    public let catalog: TypeCatalog
    /// Per-dimension defaults (format 1.1): level 5 for the views of their dimension.
    public let defaults: DimensionDefaults
    /// The `detect:` safety net's detectors (format 1.1), in the policy's order.
    public let detectors: [ContentDetector]

    /// Exact instance selectors, tagged by selector key (`memoSlot`): each value's
    /// rules, as a range of `exactPool`.
    let exactRules: StringTable<(start: Int32, count: Int32)>
    let exactPool: [Int32]
    let tagRules: [Int: [Int32]]
    /// Glob instance selectors, tagged by selector key (`memoSlot`).
    let globRules: GlobIndex
    /// Type rules by class name: the name's number in an engine string table
    /// (``typeRules(forClass:)`` looks names up by their bytes), and its rules.
    let typeRuleIndex: StringTable<Int32>
    let typeRuleLists: [[Int32]]
    /// `kind` rules, by ``SelectorKind/code`` (empty when the policy has none).
    let kindRules: [[Int32]]

    /// Whether any rule selects by `target`, so resolvers must compute reliable targets.
    public let usesTargets: Bool
    /// Whether any `id` rule could match an index path (its pattern is digits, dots and
    /// stars), so resolvers must compute index paths of views without an id.
    public let usesIDs: Bool
    /// Whether any rule is scoped to a screen.
    public let usesScreens: Bool
    /// Whether a type or kind rule is scoped to a screen: only then do a class's facts
    /// (its level 3 and 4 rules) change with the screen.
    package let classRulesUseScreens: Bool

    /// Compiles a policy.
    ///
    /// The engine trusts its input here; the policy front end validates first.
    /// - Complexity: O(r log r) for r rules.
    public init(policy: MaskingPolicy, catalog base: TypeCatalog = .builtin) {
        defaultAction = policy.defaultAction
        defaults = policy.defaults
        detectors = policy.detectors
        let rules = policy.rules
        self.rules = rules
        catalog = base.overlaid(with: policy.classes)
        // One pass over the rules, read in place (a rule copied is a retain and a
        // release of each of its strings: a dozen passes of copies were most of a
        // 1,000-rule table's build). Each rule's rank (level, then mask before unmask)
        // is computed once: comparing rules themselves would copy them on every
        // comparison. A kind rule ranks after the type rules of its level: a type rule
        // beats it.
        var ranks: [Int] = [], facts: [RuleFacts] = []
        ranks.reserveCapacity(rules.count)
        facts.reserveCapacity(rules.count)
        var targets = false, ids = false, screens = false, classScreens = false, locks = false, needsScreen = false
        var keys: UInt8 = 0
        var targetPatterns: [GlobPattern] = []
        rules.withUnsafeBufferPointer { rules in
            for index in rules.indices {
                // Stored fields and the selector's key only: `ownLevel`, `isLock` and
                // `needsScreen` are computed properties, and calling one on an element
                // copied the whole rule first.
                let key = rules[index].selector.key
                let mask = rules[index].action == .mask
                let instance = key != .type && key != .kind  // `ownLevel`: instance or type
                let level = instance ? PrecedenceLevel.instance : PrecedenceLevel.type
                ranks.append(4 * level.rawValue + (key == .kind ? 2 : 0) + (mask ? 0 : 1))
                let lock = rules[index].locked && mask  // `isLock`
                var screenNeeded = false  // `needsScreen`: an unmask target naming a screen
                if key == .target && !mask, case .target(let pattern) = rules[index].selector {
                    screenNeeded = ReliableTarget.namesScreen(pattern.text)
                }
                facts.append(RuleFacts(masks: mask, recursive: rules[index].recursive, lock: lock, needsScreen: screenNeeded))
                locks = locks || lock
                needsScreen = needsScreen || screenNeeded
                if key == .target, case .target(let pattern) = rules[index].selector {
                    targets = true
                    targetPatterns.append(pattern)
                }
                if rules[index].screen != nil {
                    screens = true
                    if key == .type || key == .kind { classScreens = true }
                }
                if instance { keys |= 1 << key.memoSlot }
                if key == .id, case .id(let pattern) = rules[index].selector, Self.couldMatchIndexPath(pattern) { ids = true }
            }
        }
        // By rank, then source order: a counting sort (ranks are a few small numbers),
        // stable, O(r).
        var firstOfRank = [Int](repeating: 0, count: (ranks.max() ?? 0) + 2)
        for rank in ranks { firstOfRank[rank + 1] += 1 }
        for rank in firstOfRank.indices.dropFirst() { firstOfRank[rank] += firstOfRank[rank - 1] }
        var order = [Int](repeating: 0, count: ranks.count)
        for (index, rank) in ranks.enumerated() {
            order[firstOfRank[rank]] = index
            firstOfRank[rank] += 1
        }
        priorityOrder = order
        let selectors = SelectorIndexes(rules)
        exactRules = selectors.exact
        exactPool = selectors.exactPool
        tagRules = selectors.tags
        globRules = selectors.globs
        typeRuleIndex = selectors.typeIndex
        typeRuleLists = selectors.typeLists
        kindRules = selectors.kinds
        usesTargets = targets
        usesIDs = ids
        usesScreens = screens
        classRulesUseScreens = classScreens
        instanceKeys = keys
        let ruleScreens: [Int32]
        (screenIDs, ruleScreens) = Self.screens(of: rules)
        for index in facts.indices { facts[index].screen = ruleScreens[index] }
        ruleFacts = facts
        needsScreens = needsScreen
        usesLocks = locks
        let (targetPaths, indexPaths) = Self.pathPatterns(of: rules)
        pathSeed = PathSeed(targets: targetPaths, indexes: indexPaths)
        shortForms = ShortFormFilter(targets: targetPatterns)
        chainSteps = ChainSteps(table: self)
    }

    /// Index paths are digits and dots: only patterns of digits, dots and stars can match one.
    static func couldMatchIndexPath(_ pattern: GlobPattern) -> Bool {
        pattern.text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "*") }
    }

    /// The automata of the `target` patterns (matched against path-form targets as they
    /// grow) and of the `id` patterns that could match index paths, as every
    /// ``PathMatcher`` starts them.
    let pathSeed: PathSeed
    /// Which accessibility identifiers could make a short-form target match.
    let shortForms: ShortFormFilter
    /// What each class name the catalog declares says, for walking chains.
    private(set) var chainSteps = ChainSteps()

    /// Bit i set when some instance rule uses the selector key with memo slot i.
    let instanceKeys: UInt8
    /// Screens named by rules, numbered.
    let screenIDs: [ExactString: Int32]
    /// Per rule, what deciding reads of it, in one 8-byte value: a rule matched costs
    /// one cache line, not one per fact.
    let ruleFacts: [RuleFacts]
    /// Whether any rule applies only in trees with a screen.
    let needsScreens: Bool
    /// Whether any rule is a lock.
    public let usesLocks: Bool

    /// Every instance rule whose selector on `key` matches `value` (exact and glob), in
    /// no particular order, before screen scoping.
    func rulesMatching(_ key: SelectorKey, _ value: String) -> [Int32] {
        let slot = Int(key.memoSlot)
        var found: [Int32] = []
        if let range = exactRules.lookup(value, tag: UInt8(slot)) { found += exactPool[Int(range.start)..<Int(range.start + range.count)] }
        // Called on the elements in place: copying a table or index out of its array
        // would retain every array inside it.
        if !globRules.isEmpty(tag: UInt8(slot)) {
            var value = value
            value.withUTF8 { globRules.forEachMatch($0, tag: UInt8(slot)) { found.append($0) } }
        }
        return found
    }

    /// ``rulesMatching(_:_:)`` for a value given as UTF-8 bytes.
    func rulesMatching(_ key: SelectorKey, bytes value: UnsafeBufferPointer<UInt8>) -> [Int32] {
        var found: [Int32] = []
        forEachRuleMatching(key, value) { found.append($0) }
        return found
    }

    /// Calls `body` with every instance rule whose selector on `key` matches the UTF-8
    /// bytes `value` (exact and glob), in no particular order, before screen scoping.
    @inline(__always)
    func forEachRuleMatching(_ key: SelectorKey, _ value: UnsafeBufferPointer<UInt8>, _ body: (Int32) -> Void) {
        let slot = Int(key.memoSlot)
        if let range = exactRules.lookup(bytes: value, tag: UInt8(slot)) {
            for index in Int(range.start)..<Int(range.start + range.count) { body(exactPool[index]) }
        }
        globRules.forEachMatch(value, tag: UInt8(slot), body)
    }

    /// The type rules on a class of a chain: those naming it, then those naming its
    /// simple name (``ClassName``), in source order within each; nil when none.
    /// The one lookup of type rules by class.
    func typeRules(forClass name: String) -> [Int32]? {
        guard !typeRuleLists.isEmpty else { return nil }
        let found = ClassName.lookup(name, in: typeRuleIndex, both: true)
        guard let own = found.own else { return found.simple.map { typeRuleLists[Int($0)] } }
        guard let simple = found.simple else { return typeRuleLists[Int(own)] }
        return typeRuleLists[Int(own)] + typeRuleLists[Int(simple)]
    }

    /// The rule a decision names, if any.
    public func rule(for decision: MaskDecision) -> MaskRule? {
        decision.ruleIndex.map { rules[$0] }
    }

    /// Whether the policy says anything format 1.1 added: `kind` selectors, per-dimension
    /// defaults, or the `detect:` safety net.
    public var usesFormat11: Bool {
        !kindRules.isEmpty || !defaults.isEmpty || !detectors.isEmpty
    }

    /// What level 5 does for views of `kind`: the per-dimension default covering it, or
    /// the policy's `default`.
    public func defaultState(for kind: SelectorKind) -> DefaultState {
        defaults.state(for: kind, fallback: defaultAction)
    }

    /// Whether a view of `kind` that level 5 shows has its text masked
    /// (``MaskDecision/masksText``): an image view, whose dimension default shows its
    /// image, while the text default (`defaults.text`, else `default`) masks text. The
    /// images default speaks for the image; the view's own text follows the text one.
    public func masksTextWhenShown(_ kind: SelectorKind) -> Bool {
        kind.dimension == .images && defaultState(for: .text) == .mask
    }

    /// The action of a rule index, or the default for none.
    @inline(__always)
    func action(of rule: Int32) -> MaskAction {
        rule < 0 ? defaultAction : (ruleFacts[Int(rule)].masks ? .mask : .unmask)
    }
}

/// What deciding reads of one rule: its screen and its flags.
struct RuleFacts: Sendable, Hashable {
    /// The rule's screen's number (``DecisionTable/screenIDs``), or -1 for every screen.
    var screen: Int32 = -1
    private var flags: UInt8

    init(masks: Bool, recursive: Bool, lock: Bool, needsScreen: Bool) {
        flags = (masks ? 1 : 0) | (recursive ? 2 : 0) | (lock ? 4 : 0) | (needsScreen ? 8 : 0)
    }

    /// Whether the rule masks.
    var masks: Bool { flags & 1 != 0 }
    /// Whether the rule is recursive.
    var recursive: Bool { flags & 2 != 0 }
    /// Whether the rule is a lock (``MaskRule/isLock``).
    var lock: Bool { flags & 4 != 0 }
    /// Whether the rule applies only in trees with a screen (``MaskRule/needsScreen``).
    var needsScreen: Bool { flags & 8 != 0 }
}
