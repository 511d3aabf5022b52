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
        /// For levels 3 and 4: the class whose type rules these are.
        public var className: String?
        /// For levels 3 and 4: the kind whose `kind` rules these are (no type rule applied).
        public var kind: SelectorKind? = nil
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
    /// The lock that decided (``MaskRule/isLock``), if one did: the rule, and the
    /// ancestor it matched when it reached the view from above. A lock overrides every
    /// level; ``steps`` still show what the levels would have said.
    public var lock: (rule: Int, ancestor: Int?)?
    /// The decision the engine made.
    public var decision: MaskDecision
    /// Rules whose selector matches the view but that are scoped to another screen.
    public var otherScreens: [Int]
    /// On a tree without a screen: `unmask` rules whose target text matches the view's
    /// but names a screen, so they do not apply (``MaskRule/needsScreen``).
    public var needScreen: [Int]
    /// The nearest ancestor that is a text input, if any: level 5 takes the inputs'
    /// default for the view when that is stricter than its own.
    public var inputAncestor: Int? = nil
}

extension DecisionTable {
    /// Traces the decision of one view of a tree.
    ///
    /// Built from the resolver's own pieces: the same enumeration of the rules that
    /// apply (``ViewResolver/instanceRules(_:pathRules:)``, ``ViewResolver/typeRules(along:as:)``),
    /// the same winner on each level (``RuleTally``) and the same settling of the five
    /// levels (``ViewResolver/settle(_:own:ownRecursive:isSecure:inherited:)``), so the
    /// trace cannot name another level or rule than `apply` decides with.
    /// - Complexity: O(n) for the tree's whole-path matches, plus O(depth · rules).
    public func trace(_ view: Int, in tree: ViewTree) -> DecisionTrace {
        // One pass records every view's whole-path matches (no path strings are built).
        var incremental = IncrementalResolver(table: self, screen: tree.screen, expectedCount: tree.count)
        var pathMatches: [[Int32]] = []
        pathMatches.reserveCapacity(tree.count)
        for v in 0..<tree.count {
            let parent = Int(tree.parents[v])
            incremental.add(tree.views[v], parent: parent < 0 ? nil : parent)
            pathMatches.append(usesTargets || usesIDs ? incremental.lastPathMatches.map(Int32.init) : [])
        }
        var resolver = ViewResolver(table: self, screen: tree.screen)
        func applies(_ rule: Int) -> Bool { rules[rule].screen.map { Optional($0).isExactly(tree.screen) } ?? true }

        let facts = tree.views[view]
        let classFacts = resolver.classFacts(facts)
        let (own, ownRecursive) = resolver.instanceRules(facts, pathRules: pathMatches[view])
        let chain = resolver.classChain(of: facts)
        let typeLevel = resolver.typeLevelRules(along: chain).own

        // What the ancestors hand down, nearest first: as the traversal hands it.
        var parentInstance: (ancestor: Int, rules: RuleList)?
        var parentType: (ancestor: Int, level: TypeLevelRules<RuleList>)?
        var secureAncestor = false
        var inputAncestor: Int?
        var ancestorLock: (rule: Int, ancestor: Int)?
        var ancestor = Int(tree.parents[view])
        while ancestor >= 0 {
            let ancestorFacts = tree.views[ancestor]
            if parentInstance == nil {
                let reaching = resolver.instanceRules(ancestorFacts, pathRules: pathMatches[ancestor]).recursive
                if reaching.winner != nil { parentInstance = (ancestor, reaching) }
            }
            if parentType == nil, let reaching = resolver.typeLevelRules(along: resolver.classChain(of: ancestorFacts)).recursive {
                parentType = (ancestor, reaching)
            }
            if !secureAncestor { secureAncestor = SecureContent.isSecure(ancestorFacts, kind: resolver.classFacts(ancestorFacts).kind) }
            if inputAncestor == nil, resolver.classFacts(ancestorFacts).isInput { inputAncestor = ancestor }
            if usesLocks, ancestorLock == nil, let rule = resolver.instanceRules(ancestorFacts, pathRules: pathMatches[ancestor]).recursive.lock
                ?? resolver.typeLocks(along: resolver.classChain(of: ancestorFacts)).recursive {
                ancestorLock = (rule, ancestor)
            }
            ancestor = Int(tree.parents[ancestor])
        }
        let inherited = InheritedVerdicts(
            instanceRule: parentInstance?.rules.tally.winner ?? -1,
            typeRule: parentType?.level.rules.tally.winner ?? -1,
            secure: secureAncestor,
            lockRule: ancestorLock.map { Int32($0.rule) } ?? -1,
            inInput: inputAncestor != nil)
        let decision = resolver.settle(classFacts, own: own.tally, ownRecursive: ownRecursive.tally,
                                       isSecure: SecureContent.isSecure(facts, kind: classFacts.kind), imageSource: facts.imageSource,
                                       inherited: inherited).0

        let steps: [DecisionTrace.Step] = [
            .init(level: .instance, matched: own.rules, winner: own.winner, ancestor: nil, className: nil),
            .init(level: .parentInstance, matched: parentInstance?.rules.rules ?? [], winner: parentInstance?.rules.winner,
                  ancestor: parentInstance?.ancestor, className: nil),
            .init(level: .type, matched: typeLevel?.rules.rules ?? [], winner: typeLevel?.rules.winner,
                  ancestor: nil, className: typeLevel?.className, kind: typeLevel?.kind),
            .init(level: .parentType, matched: parentType?.level.rules.rules ?? [], winner: parentType?.level.rules.winner,
                  ancestor: parentType?.ancestor, className: parentType?.level.className, kind: parentType?.level.kind),
            .init(level: .default, matched: [], winner: nil, ancestor: nil, className: nil),
        ]

        // Rules that would match but for their screen.
        var unscoped = MaskingPolicy(default: defaultAction, classes: [], rules: rules)
        unscoped.defaults = defaults
        for index in unscoped.rules.indices { unscoped.rules[index].screen = nil }
        let all = DecisionTable(policy: unscoped, catalog: catalog)
        let target = ReliableTarget.target(of: view, in: tree)
        let allResolver = ViewResolver(table: all, screen: tree.screen)
        let everywhere = allResolver.matchingRules(facts, target: target, indexPath: facts.id == nil ? tree.indexPath(of: view) : nil)
        // Unmask targets that name a screen, on a tree without one (`all` leaves them out too).
        let namingScreen = ReliableTarget.isScreen(tree.screen) || !needsScreens ? [] :
            rulesMatching(.target, target).map(Int.init).filter { rules[$0].needsScreen }
        let otherScreens = Set(everywhere + namingScreen).filter { rules[$0].screen != nil && !applies($0) }.sorted()
        let needScreen = Set(namingScreen).filter { rules[$0].screen == nil }.sorted()

        var lock: (rule: Int, ancestor: Int?)?
        if decision.isLocked, let rule = decision.ruleIndex {
            lock = (rule, decision.level == .parentInstance || decision.level == .parentType ? ancestorLock?.ancestor : nil)
        }
        return DecisionTrace(view: view, chain: chain, target: target, indexPath: tree.indexPath(of: view),
                             steps: steps, lock: lock, decision: decision, otherScreens: otherScreens, needScreen: needScreen,
                             inputAncestor: inputAncestor)
    }
}
