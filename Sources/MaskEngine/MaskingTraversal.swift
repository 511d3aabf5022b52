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
    private var resolver: ViewResolver
    private let classifier: (any ViewClassifier)?
    private var stack: [Frame] = []
    private var rootCount = 0

    private struct Frame: Sendable {
        var handed: InheritedVerdicts
        var childCount: Int32 = 0
        var path: String = ""
        var indexPath: String = ""
        var sameClass: [String: Int] = [:]
    }

    /// Creates a traversal for one screen.
    public init(table: DecisionTable, screen: String? = nil, classifier: (any ViewClassifier)? = nil) {
        self.resolver = ViewResolver(table: table, screen: screen)
        self.classifier = classifier
    }

    /// The compiled policy.
    public var table: DecisionTable { resolver.table }

    /// How many views are entered and not yet left.
    public var depth: Int { stack.count }

    /// Starts a new tree, on `screen`.
    public mutating func reset(screen: String?) {
        resolver.setScreen(screen)
        stack.removeAll(keepingCapacity: true)
        rootCount = 0
    }

    /// Enters a view (a child of the view entered last and not yet left) and decides it.
    /// - Complexity: O(1) expected; see ``ViewResolver/decide(_:target:indexPath:inherited:)``.
    public mutating func enter(_ facts: ViewFacts) -> MaskDecision {
        var frame = ViewFrame(x: 0, y: 0, width: 0, height: 0)
        return enter(facts, frame: &frame)
    }

    /// Enters a view and decides it, letting the classifier adjust its content frame.
    public mutating func enter(_ facts: ViewFacts, frame: inout ViewFrame) -> MaskDecision {
        let table = resolver.table
        let inherited = stack.last?.handed ?? .root
        var childIndex: Int32 = 0
        var next = Frame(handed: .root)
        if let parent = stack.indices.last {
            childIndex = stack[parent].childCount
            stack[parent].childCount += 1
        } else {
            childIndex = Int32(rootCount)
            rootCount += 1
        }
        var target: String?
        if table.usesTargets {
            var sameClassIndex = 0
            let parentPath: String
            if let parent = stack.indices.last {
                sameClassIndex = stack[parent].sameClass[facts.className, default: 0]
                stack[parent].sameClass[facts.className] = sameClassIndex + 1
                parentPath = stack[parent].path
            } else {
                sameClassIndex = Int(childIndex)
                parentPath = ReliableTarget.root
            }
            let computed = ReliableTarget.target(of: facts, parentPath: parentPath, sameClassIndex: sameClassIndex, screen: resolver.screen)
            target = computed.target
            next.path = computed.path
        }
        var indexPath: String?
        if table.usesIDs {
            next.indexPath = stack.last.map { $0.indexPath + "." + String(childIndex) } ?? String(childIndex)
            if facts.id == nil { indexPath = next.indexPath }
        }
        var (decision, handed) = resolver.decide(facts, target: target, indexPath: indexPath, inherited: inherited)
        if let classifier, let classification = classifier.classify(facts, frame: &frame) {
            decision = decision.applying(classification, facts: facts)
        }
        next.handed = handed
        stack.append(next)
        return decision
    }

    /// Leaves the view entered last. Leaving with nothing entered does nothing.
    public mutating func leave() {
        _ = stack.popLast()
    }
}
