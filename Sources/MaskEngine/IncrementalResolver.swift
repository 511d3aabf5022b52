/// Decides views one at a time as a tree is read, parents before children, without
/// keeping the views: only what descendants need (the verdicts each view hands down,
/// and reliable-target paths or index paths when the policy uses them).
///
/// `DecisionTable.resolve(_:)` runs on it; the JSON reader feeds it directly while it
/// reads a tree, so `maskc apply` never holds the facts of every view at once.
public struct IncrementalResolver: Sendable {
    private var resolver: ViewResolver
    /// One decision per view added, in order.
    public private(set) var decisions: [MaskDecision] = []
    private var handed: [InheritedVerdicts] = []
    /// Only when the policy matches whole paths: each view's children so far.
    private var childCounts: [Int32] = []
    /// Only when the policy matches whole paths: each view's path state.
    private var paths: [PathState] = []
    /// Only when the policy matches targets: how many children of each class each view
    /// has had so far, by view index (high 32 bits) and class number.
    private var sameClass: [UInt64: Int32] = [:]
    /// The `target` and index-path rules the last view added matched.
    public private(set) var lastPathMatches: [Int] = []
    /// Class facts by ``RawViewFacts/classSlot``, for the views added as bytes.
    private var classesBySlot: [ClassFacts?] = []

    /// Whether views may be added as bytes (``add(raw:parent:)``): the table selects by
    /// neither `target` nor index path, which need the whole `ViewFacts`.
    public var takesRawFacts: Bool { !(resolver.table.usesTargets || resolver.table.usesIDs) }

    /// Starts a tree on `screen`, with room for `expectedCount` views.
    public init(table: DecisionTable, screen: String?, expectedCount: Int = 0) {
        resolver = ViewResolver(table: table, screen: screen)
        reserve(expectedCount)
    }

    /// Starts a tree reusing a resolver (and its caches).
    public init(resolver: ViewResolver, screen: String?, expectedCount: Int = 0) {
        self.resolver = resolver
        self.resolver.setScreen(screen)
        self.resolver.startTree()
        reserve(expectedCount)
    }

    private mutating func reserve(_ count: Int) {
        decisions.reserveCapacity(count)
        handed.reserveCapacity(count)
    }

    /// The resolver, with its warm caches, for the next tree.
    public var finishedResolver: ViewResolver { resolver }

    /// Starts the next tree on `screen`, keeping what trees share: the resolver's
    /// caches, the class facts by slot (unless the new screen changes them) and the
    /// storage of every per-view array. The decisions of the tree before are dropped.
    ///
    /// Class slots keep their meaning across trees only when the caller keeps numbering
    /// class names the same way; otherwise call ``forgetClassSlots()`` first.
    /// - Complexity: O(1) but for emptying the per-view arrays, whose storage is kept.
    public mutating func reset(screen: String?, expectedCount: Int = 0) {
        let generation = resolver.classCacheGeneration
        resolver.setScreen(screen)
        resolver.startTree()
        if resolver.classCacheGeneration != generation { classesBySlot.removeAll(keepingCapacity: true) }
        decisions.removeAll(keepingCapacity: true)
        handed.removeAll(keepingCapacity: true)
        childCounts.removeAll(keepingCapacity: true)
        paths.removeAll(keepingCapacity: true)
        if !sameClass.isEmpty { sameClass.removeAll(keepingCapacity: true) }
        lastPathMatches.removeAll(keepingCapacity: true)
        reserve(expectedCount)
    }

    /// Forgets the class facts kept by ``RawViewFacts/classSlot``: for a caller that
    /// starts numbering class names afresh.
    public mutating func forgetClassSlots() {
        classesBySlot.removeAll(keepingCapacity: true)
    }

    /// Adds the next view in pre-order and decides it.
    /// - Parameter parent: the index of a view added before, or nil for the root.
    /// - Complexity: O(1) expected; when the policy selects by `target` or by index
    ///   path, a step not seen before by this resolver reads the view's own path step
    ///   (never the whole path), and a step seen before is one lookup.
    @discardableResult
    public mutating func add(_ facts: ViewFacts, parent: Int?) -> MaskDecision {
        var targetRules: [Int32] = [], indexRules: [Int32] = []
        if resolver.table.usesTargets || resolver.table.usesIDs {
            // Child positions are kept only for the paths that need them.
            var childIndex: Int32 = 0
            if let parent {
                childIndex = childCounts[parent]
                childCounts[parent] += 1
            }
            childCounts.append(0)
            let parentState = parent.map { paths[$0] } ?? resolver.paths?.rootState ?? PathState(target: 0, index: 0)
            var sameClassIndex: Int32 = 0
            // Roots count as siblings of each other (under parent -1).
            if resolver.paths?.needsSameClassIndex(under: parentState) == true,
               let number = resolver.paths?.classNumber(facts.className) {
                let key = UInt64(UInt32(truncatingIfNeeded: parent ?? -1)) << 32 | UInt64(UInt32(bitPattern: number))
                sameClassIndex = sameClass[key, default: 0]
                sameClass[key] = sameClassIndex + 1
            }
            let state = resolver.paths?.state(of: facts, parent: parentState, isRoot: parent == nil, childIndex: Int(childIndex),
                                              sameClassIndex: Int(sameClassIndex)) ?? parentState
            paths.append(state)
            (targetRules, indexRules) = resolver.paths?.matches(facts, state) ?? ([], [])
            // What the view's selectors match on this screen (scoped rules elsewhere do not).
            lastPathMatches = (targetRules + indexRules).filter { resolver.applies($0) }.map(Int.init)
        }
        let (decision, down) = resolver.decide(facts, targetRules: targetRules, indexPathRules: indexRules,
                                               inherited: parent.map { handed[$0] } ?? .root)
        handed.append(down)
        decisions.append(decision)
        return decision
    }

    /// Adds the next view in pre-order, read as bytes, and decides it: what
    /// ``add(_:parent:)`` does for the same facts, without `String`s.
    /// - Precondition: ``takesRawFacts``; the view has no `superclasses` of its own.
    @discardableResult
    public mutating func add(raw facts: RawViewFacts, parent: Int?) -> MaskDecision {
        precondition(takesRawFacts, "add(raw:) on a table that selects by target or index path")
        let slot = facts.classSlot
        if slot >= classesBySlot.count {
            classesBySlot.append(contentsOf: repeatElement(nil, count: slot + 1 - classesBySlot.count))
        }
        let classFacts: ClassFacts
        if let known = classesBySlot[slot] {
            classFacts = known
        } else {
            classFacts = resolver.classFacts(ViewFacts(className: String(decoding: facts.className, as: UTF8.self)))
            classesBySlot[slot] = classFacts
        }
        let (decision, down) = resolver.decide(raw: facts, classFacts: classFacts, inherited: parent.map { handed[$0] } ?? .root)
        handed.append(down)
        decisions.append(decision)
        return decision
    }
}
