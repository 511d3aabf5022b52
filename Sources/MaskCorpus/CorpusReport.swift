import MaskEngine

/// What a policy did over a corpus of captured trees: for every rule, how many views it
/// selects and how many it decides, and where a recursive unmask exposes views that
/// their own type rule, or their dimension's default, masks. Built one tree at a time, so memory does not grow with
/// the number of trees.
public struct CorpusReport: Sendable {
    /// A view exposed by an ancestor's unmask rule although its own type rule masks it.
    public struct Exposure: Sendable, Hashable {
        /// The ancestor's unmask rule that decided the view (level 2).
        public var unmaskRule: Int
        /// The view's own type rule, which says mask.
        public var typeRule: Int
        /// How many views this pair exposed.
        public var count: Int
        /// The first such view: tree name, view id (or index path) and class.
        public var example: String
    }

    /// Trees read.
    public private(set) var trees = 0
    /// Views decided.
    public private(set) var views = 0
    /// Trees without a screen (absent, null or empty), where `unmask` targets that name a
    /// screen match nothing (``MaskRule/needsScreen``).
    public private(set) var treesWithoutScreen = 0
    /// Per rule: views its selector matched (scoped rules only on their screen).
    public private(set) var matched: [Int]
    /// Per rule: views it decided.
    public private(set) var decided: [Int]
    /// Views decided by the default.
    public private(set) var decidedByDefault = 0
    /// Exposures, keyed by (unmask rule, type rule).
    public private(set) var exposures: [Int: [Int: Exposure]] = [:]
    /// Views an ancestor's unmask rule exposes (level 2) that the `defaults:` entry of
    /// their dimension masks on level 5 (`defaults: {inputs: mask}` under a recursive
    /// `unmask: {id: form}`), keyed by (unmask rule, dimension); `typeRule` is -1.
    public private(set) var defaultExposures: [Int: [DefaultDimension: Exposure]] = [:]

    private var resolver: ViewResolver

    /// Creates an empty report for a table.
    public init(table: DecisionTable) {
        matched = Array(repeating: 0, count: table.rules.count)
        decided = Array(repeating: 0, count: table.rules.count)
        resolver = ViewResolver(table: table)
    }

    /// Adds one tree.
    /// - Parameters:
    ///   - name: how findings name the tree (file, or file:line for NDJSON).
    ///   - content: what a view carries (text, an image), for views whose kind has no
    ///     dimension: one an ancestor's unmask exposes while `defaults.text` (or
    ///     `defaults.images`) would mask its content is an exposure too. Without it,
    ///     only views of a dimension's kind are counted.
    public mutating func add(_ tree: ViewTree, name: String, content: ((Int) -> (text: Bool, image: ImageSource??))? = nil) {
        let table = resolver.table
        resolver.setScreen(tree.screen)
        var incremental = IncrementalResolver(resolver: resolver, screen: tree.screen, expectedCount: tree.count)
        trees += 1
        views += tree.count
        if !ReliableTarget.isScreen(tree.screen) { treesWithoutScreen += 1 }
        // Per view: whether a text input is around it (level 5 takes the inputs' default
        // there when it is stricter than the view's own).
        var insideInput = [Bool](repeating: false, count: tree.count)
        // Per view: whether it is sent at all (no map or `recurse: false` class above it).
        var emitted = [Bool](repeating: true, count: tree.count)
        for view in 0..<tree.count {
            let facts = tree.views[view]
            let parent = Int(tree.parents[view])
            if parent >= 0 { insideInput[view] = insideInput[parent] || table.selectorKind(of: tree.views[parent]) == .input }
            incremental.add(facts, parent: parent < 0 ? nil : parent)
            // Selectors on the view itself and its class chain, plus whole-path selectors.
            var selecting = Set(resolver.matchingRules(facts))
            selecting.formUnion(incremental.lastPathMatches)
            for rule in selecting { matched[rule] += 1 }
            let decision = incremental.decisions[view]
            if parent >= 0 { emitted[view] = emitted[parent] && incremental.decisions[parent].emitsChildren }
            if let rule = decision.ruleIndex { decided[rule] += 1 } else { decidedByDefault += 1 }
            if decision.level == .parentInstance, let unmask = decision.ruleIndex, table.rules[unmask].action == .unmask,
               let typeRule = resolver.typeRuleIndex(facts), table.rules[typeRule].action == .mask {
                if exposures[unmask]?[typeRule] == nil {
                    let example = "\(name) view '\(ReportName.view(view, in: tree))' (\(ReportName.printable(facts.className)))"
                    exposures[unmask, default: [:]][typeRule] = Exposure(unmaskRule: unmask, typeRule: typeRule, count: 0, example: example)
                }
                exposures[unmask]?[typeRule]?.count += 1
            } else if decision.level == .parentInstance || decision.level == .parentType, let unmask = decision.ruleIndex,
                      table.rules[unmask].action == .unmask, !decision.isMasked, emitted[view],
                      let dimension = Self.maskingDefault(table, facts, insideInput: insideInput[view], content: { content?(view) }) {
                if defaultExposures[unmask]?[dimension] == nil {
                    let example = "\(name) view '\(ReportName.view(view, in: tree))' (\(ReportName.printable(facts.className)))"
                    defaultExposures[unmask, default: [:]][dimension] = Exposure(unmaskRule: unmask, typeRule: -1, count: 0, example: example)
                }
                defaultExposures[unmask]?[dimension]?.count += 1
            }
        }
        resolver = incremental.finishedResolver
    }

    /// The `defaults:` entry that would mask a view on level 5, if any: its kind's
    /// dimension's; else, inside a text input, the inputs' (stricter there); else, for an
    /// image carrying text, the text default; else, for a view of no dimension, the
    /// dimension of the content it carries (`defaults.text` for a button's text). Only entries the policy gives count: `default: mask`
    /// alone is no `defaults:` entry.
    static func maskingDefault(_ table: DecisionTable, _ facts: ViewFacts, insideInput: Bool,
                               content: () -> (text: Bool, image: ImageSource??)?) -> DefaultDimension? {
        guard !table.defaults.isEmpty else { return nil }
        let kind = table.selectorKind(of: facts)
        if let dimension = kind.dimension, table.defaults.value(of: dimension) != nil,
           table.defaultState(for: kind).masks(imageSource: facts.imageSource) {
            return dimension
        }
        if insideInput, table.defaults.inputs != nil, table.defaultState(for: .input).masks(imageSource: facts.imageSource) { return .inputs }
        // An image's own text follows the text default on level 5 (``MaskDecision/masksText``).
        if kind.dimension == .images, table.defaults.text != nil, table.defaultState(for: .text) == .mask, content()?.text == true { return .text }
        guard kind.dimension == nil, let carried = content() else { return nil }
        if carried.text, table.defaults.text != nil, table.defaultState(for: .text) == .mask { return .text }
        if let image = carried.image, table.defaults.images != nil, table.defaultState(for: .image).masks(imageSource: image) { return .images }
        return nil
    }
}
