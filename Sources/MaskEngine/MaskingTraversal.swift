/// Decides views while an encoder walks its own view hierarchy: `enter` a view, get its
/// decision in O(1), visit its children, `leave` it.
///
/// Iterative by design: the traversal keeps its own stack, so an encoder that walks
/// with an explicit stack handles trees of any depth. Not thread-safe: one per thread;
/// reuse it across frames with ``reset(screen:)`` to keep its caches warm.
///
/// ```swift
/// var traversal = MaskingTraversal(table: table, screen: "Checkout")
/// let decision = traversal.enter(ViewFacts(className: "UILabel"))
/// // ... children ...
/// traversal.leave()
/// ```
public struct MaskingTraversal: Sendable {
    // Internal, not private, for the inlinable getters below (no cross-module call a view).
    @usableFromInline private(set) var resolver: ViewResolver
    private let classifier: (any ViewClassifier)?
    /// Whether there is a classifier (checked per view without copying it).
    private let hasClassifier: Bool
    /// What each entered view hands down, and how many children it has had so far (kept
    /// only when ``matchesPaths``: 0 otherwise, as is `rootCount`): the first `entered`
    /// slots. Leaving only lowers `entered`; entering overwrites the next slot (the
    /// array grown and shrunk on every view cost a uniqueness check and a capacity check
    /// each way).
    private var stack: [(handed: InheritedVerdicts, childCount: Int32)] = []
    /// How many views are entered and not yet left.
    @usableFromInline private(set) var entered = 0
    /// Only when the policy matches whole paths (`target`, index paths): each entered
    /// view's path state, and where its children's per-class counts start in
    /// `siblingCounts`.
    private var paths: [(state: PathState, countsStart: Int32)] = []
    /// Per-class child counts of the entered views, each view's after its parent's: a
    /// view's children are entered only after its earlier children were left, so its
    /// counts are always the last ones.
    private var siblingCounts: [(classNumber: Int32, count: Int32)] = []
    private var rootCount: Int32 = 0
    /// Whether a path form or index path can match (``PathMatcher/matchesPathForms``):
    /// each view's path state is kept.
    private let matchesPaths: Bool
    /// Whether targets match, but only through short forms: no path state is kept.
    private let matchesShortFormsOnly: Bool

    /// Creates a traversal for one screen.
    public init(table: DecisionTable, screen: String? = nil, classifier: (any ViewClassifier)? = nil) {
        self.resolver = ViewResolver(table: table, screen: screen)
        self.classifier = classifier
        hasClassifier = classifier != nil
        matchesPaths = resolver.paths?.matchesPathForms ?? false
        matchesShortFormsOnly = !matchesPaths && resolver.table.usesTargets
    }

    /// The compiled policy.
    public var table: DecisionTable { resolver.table }

    /// A number for the class of the view entered last, stable while ``classGeneration``
    /// is: 0, 1, 2... in the order classes are met; -2, -3... for a view that brought its
    /// own superclass chain (``ViewFacts/superclasses``), one per class and chain.
    @inlinable package var classNumber: Int32 { resolver.lastClassNumber }

    /// Changes when class numbers are given out afresh (a screen change that drops the
    /// engine's class facts).
    @inlinable package var classGeneration: Int { resolver.classCacheGeneration }

    /// How many views are entered and not yet left.
    @inlinable public var depth: Int { entered }

    /// Starts a new tree, on `screen`.
    public mutating func reset(screen: String?) {
        resolver.setScreen(screen)
        resolver.startTree()
        entered = 0
        paths.removeAll(keepingCapacity: true)
        siblingCounts.removeAll(keepingCapacity: true)
        rootCount = 0
    }

    /// Enters a view (a child of the view entered last and not yet left) and decides it.
    /// - Complexity: O(1) expected; see ``ViewResolver/decide(_:target:indexPath:inherited:)``.
    public mutating func enter(_ facts: ViewFacts) -> MaskDecision {
        guard hasClassifier else { return decideEntering(facts) }
        var frame = ViewFrame(x: 0, y: 0, width: 0, height: 0)
        return enter(facts, frame: &frame)
    }

    /// Inlined into both `enter`s (transparent: the optimizer kept it out of line, a call
    /// a view).
    @_transparent
    private mutating func decideEntering(_ facts: ViewFacts) -> MaskDecision {
        // What the view inherits, replaced by what it hands down (one value in memory
        // across the call, not two packed into registers).
        var handed: InheritedVerdicts
        // A view's index among its siblings is read only by the whole-path matching:
        // without it the counts are not kept (a write to the stack a view, with its
        // uniqueness check).
        var childIndex: Int32 = 0
        if entered == 0 {
            handed = .root
            if matchesPaths {
                childIndex = rootCount
                rootCount += 1
            }
        } else {
            let parent = entered - 1
            handed = stack[parent].handed
            if matchesPaths {
                childIndex = stack[parent].childCount
                stack[parent].childCount += 1
            }
        }
        let decision: MaskDecision
        if matchesPaths {
            // One mutating call on the matcher in place: reading it through `?.` copied
            // it (a retain of each of its parts) several times a view.
            let parent = paths.last
            let step = resolver.paths!.enter(facts, parent: parent?.state, childIndex: Int(childIndex),
                                             siblingCounts: &siblingCounts, countsStart: Int(parent?.countsStart ?? 0))
            paths.append((step.state, Int32(siblingCounts.count)))
            decision = resolver.decide(facts, targetRules: step.targets, indexPathRules: step.indexPaths, handing: &handed)
        } else if matchesShortFormsOnly && facts.accessibilityIdentifier != nil {
            let targets = resolver.paths!.shortFormMatches(facts)
            decision = resolver.decide(facts, targetRules: targets, indexPathRules: [], handing: &handed)
        } else {
            // Literal empty lists, passed straight in: a variable holding them cost a
            // release of each a view.
            decision = resolver.decide(facts, targetRules: [], indexPathRules: [], handing: &handed)
        }
        if entered < stack.count {
            stack[entered] = (handed, 0)
        } else {
            stack.append((handed, 0))
        }
        entered += 1
        return decision
    }

    /// Enters a view and decides it, letting the classifier set its kind and adjust its
    /// content frame.
    public mutating func enter(_ facts: ViewFacts, frame: inout ViewFrame) -> MaskDecision {
        let decision = decideEntering(facts)
        // Checked before the classifier is bound: binding it copies the existential.
        guard hasClassifier, let classifier, let classification = classifier.classify(facts, frame: &frame) else { return decision }
        let classified = decision.applying(classification, facts: facts)
        // A view the classifier makes secure hands that down as the engine's own would.
        if classified.isSecure { stack[entered - 1].handed.secure = true }
        return classified
    }

    /// Leaves the view entered last. Leaving with nothing entered does nothing.
    public mutating func leave() {
        guard entered > 0 else { return }
        entered -= 1
        guard matchesPaths else { return }
        let countsStart = Int(paths[paths.count - 1].countsStart)
        paths.removeLast()
        // The view's children's counts go with it (most views have none).
        if countsStart < siblingCounts.count { siblingCounts.removeSubrange(countsStart...) }
    }
}
