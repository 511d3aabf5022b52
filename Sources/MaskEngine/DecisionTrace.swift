/// Why a view got its decision: every level considered, the rules that matched on it,
/// the winner, and which level decided. Built from scratch for one view (the slow,
/// explanatory path, not the one encoders run).
public struct DecisionTrace: Sendable {
    /// One level of the priority table, as it applied to the view.
    public struct Step: Sendable {
        /// The level.
        public var level: PrecedenceLevel
        /// Rules that matched on this level (indices into the table's rules).
        public var matched: [Int]
        /// The rule that wins this level (mask wins a tie), if any matched.
        public var winner: Int?
        /// For levels 2 and 4: the ancestor whose rules these are.
        public var ancestor: Int?
        /// For level 3: the class whose rules these are.
        public var className: String?
    }

    /// The view.
    public var view: Int
    /// The view's class chain, most specific first.
    public var chain: [String]
    /// The view's reliable target and index path.
    public var target: String
    public var indexPath: String
    /// The five levels, in order.
    public var steps: [Step]
    /// The decision the engine made.
    public var decision: MaskDecision
    /// Rules whose selector matches the view but that are scoped to another screen.
    public var otherScreens: [Int]
    /// On a tree without a screen: `unmask` rules whose target text matches the view's
    /// but names a screen, so they do not apply (``MaskRule/needsScreen``).
    public var needScreen: [Int]
}

extension DecisionTable {
    /// Traces the decision of one view of a tree.
    /// - Complexity: O(depth · rules) at most; meant for one view at a time.
    public func trace(_ view: Int, in tree: ViewTree) -> DecisionTrace {
        // One pass records every view's whole-path matches (no path strings are built).
        var incremental = IncrementalResolver(table: self, screen: tree.screen, expectedCount: tree.count)
        var pathMatches: [[Int]] = []
        pathMatches.reserveCapacity(tree.count)
        for v in 0..<tree.count {
            let parent = Int(tree.parents[v])
            incremental.add(tree.views[v], parent: parent < 0 ? nil : parent)
            pathMatches.append(usesTargets || usesIDs ? incremental.lastPathMatches : [])
        }
        let decision = incremental.decisions[view]
        var resolver = ViewResolver(table: self, screen: tree.screen)
        // The `screen` option alone; ``MaskRule/needsScreen`` rules are reported apart.
        func applies(_ rule: Int) -> Bool { rules[rule].screen.map { $0 == tree.screen } ?? true }
        func matching(_ v: Int) -> [Int] {
            Array(Set(resolver.matchingRules(tree.views[v])).union(pathMatches[v])).sorted()
        }
        func winner(_ candidates: [Int]) -> Int? {
            candidates.first { rules[$0].action == .mask } ?? candidates.first
        }
        let own = matching(view)
        var steps: [DecisionTrace.Step] = []
        let instance = own.filter { rules[$0].selector.isInstance }
        steps.append(.init(level: .instance, matched: instance, winner: winner(instance), ancestor: nil, className: nil))

        var parentInstance = DecisionTrace.Step(level: .parentInstance, matched: [], winner: nil, ancestor: nil, className: nil)
        var ancestor = Int(tree.parents[view])
        while ancestor >= 0 {
            let found = matching(ancestor).filter { rules[$0].selector.isInstance && rules[$0].recursive }
            if !found.isEmpty {
                parentInstance = .init(level: .parentInstance, matched: found, winner: winner(found), ancestor: ancestor, className: nil)
                break
            }
            ancestor = Int(tree.parents[ancestor])
        }
        steps.append(parentInstance)

        let chain = resolver.classChain(of: tree.views[view])
        func typeStep(_ chain: [String], recursiveOnly: Bool, level: PrecedenceLevel, ancestor: Int?) -> DecisionTrace.Step? {
            for name in chain {
                let found = (typeRules[name] ?? []).map(Int.init).filter { applies($0) && (!recursiveOnly || rules[$0].recursive) }.sorted()
                if !found.isEmpty { return .init(level: level, matched: found, winner: winner(found), ancestor: ancestor, className: name) }
            }
            return nil
        }
        steps.append(typeStep(chain, recursiveOnly: false, level: .type, ancestor: nil)
            ?? .init(level: .type, matched: [], winner: nil, ancestor: nil, className: nil))
        var parentType = DecisionTrace.Step(level: .parentType, matched: [], winner: nil, ancestor: nil, className: nil)
        ancestor = Int(tree.parents[view])
        while ancestor >= 0 {
            if let step = typeStep(resolver.classChain(of: tree.views[ancestor]), recursiveOnly: true, level: .parentType, ancestor: ancestor) {
                parentType = step
                break
            }
            ancestor = Int(tree.parents[ancestor])
        }
        steps.append(parentType)
        steps.append(.init(level: .default, matched: [], winner: nil, ancestor: nil, className: nil))

        // Rules that would match but for their screen.
        var unscoped = MaskingPolicy(default: defaultAction, classes: [], rules: rules)
        for index in unscoped.rules.indices { unscoped.rules[index].screen = nil }
        let all = DecisionTable(policy: unscoped, catalog: catalog)
        let target = ReliableTarget.target(of: view, in: tree)
        let facts = tree.views[view]
        var allResolver = ViewResolver(table: all, screen: tree.screen)
        let everywhere = allResolver.matchingRules(facts, target: target, indexPath: facts.id == nil ? tree.indexPath(of: view) : nil)
        // Unmask targets that name a screen, on a tree without one (`all` leaves them out too).
        let namingScreen = ReliableTarget.isScreen(tree.screen) || !needsScreens ? [] :
            rulesMatching(.target, target).map(Int.init).filter { rules[$0].needsScreen }
        let otherScreens = Set(everywhere + namingScreen).filter { rules[$0].screen != nil && !applies($0) }.sorted()
        let needScreen = Set(namingScreen).filter { rules[$0].screen == nil }.sorted()

        return DecisionTrace(view: view, chain: chain, target: target, indexPath: tree.indexPath(of: view),
                             steps: steps, decision: decision, otherScreens: otherScreens, needScreen: needScreen)
    }
}
