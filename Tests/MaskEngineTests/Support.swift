import Testing
import MaskEngine

// Shared helpers for the MaskEngine tests: a small tree DSL with named views, and
// helpers that resolve a tree through DecisionTable.resolve or MaskingTraversal.

/// A view in a test tree, with a name the tests use to look its decision up.
struct N {
    var name: String
    var facts: ViewFacts
    var children: [N]

    init(
        _ name: String, _ className: String = "UIView",
        id: String? = nil, ai: String? = nil, ri: String? = nil, tag: Int? = nil,
        superclasses: [String]? = nil, secure: Bool = false, contentType: String? = nil,
        _ children: [N] = []
    ) {
        self.name = name
        self.facts = ViewFacts(
            className: className, superclasses: superclasses, id: id,
            accessibilityIdentifier: ai, restorationIdentifier: ri, tag: tag,
            isSecureTextEntry: secure, textContentType: contentType)
        self.children = children
    }
}

/// A tree built from ``N`` nodes, with the index of every named view.
struct Built {
    var tree: ViewTree
    var index: [String: Int]

    subscript(_ name: String) -> Int {
        guard let i = index[name] else { fatalError("no view named \(name)") }
        return i
    }
}

/// Builds the arena (pre-order, children in order) without recursion.
func build(_ root: N, screen: String? = nil) -> Built {
    var tree = ViewTree(screen: screen)
    var index: [String: Int] = [:]
    var stack: [(N, Int?)] = [(root, nil)]
    while let (node, parent) = stack.popLast() {
        let i = tree.append(node.facts, parent: parent)
        precondition(index[node.name] == nil, "duplicate name \(node.name)")
        index[node.name] = i
        for child in node.children.reversed() { stack.append((child, i)) }
    }
    return Built(tree: tree, index: index)
}

/// A compiled table from rules, a default and policy classes.
func table(_ rules: [MaskRule], default action: MaskAction = .mask, classes: [ClassDeclaration] = []) -> DecisionTable {
    DecisionTable(policy: MaskingPolicy(default: action, classes: classes, rules: rules))
}

/// Decisions by view name, through `DecisionTable.resolve`.
func decide(_ table: DecisionTable, _ built: Built) -> [String: MaskDecision] {
    let decisions = table.resolve(built.tree)
    var result: [String: MaskDecision] = [:]
    for (name, i) in built.index { result[name] = decisions[i] }
    return result
}

/// Decisions in tree order, through a `MaskingTraversal` walking the arena with
/// enter/leave in pre-order (iteratively).
func traverse(_ table: DecisionTable, _ tree: ViewTree, classifier: (any ViewClassifier)? = nil) -> [MaskDecision] {
    var traversal = MaskingTraversal(table: table, screen: tree.screen, classifier: classifier)
    return walk(&traversal, tree)
}

/// Walks a tree with an existing traversal (after resetting it to the tree's screen).
func walk(_ traversal: inout MaskingTraversal, _ tree: ViewTree) -> [MaskDecision] {
    traversal.reset(screen: tree.screen)
    var depths = [Int](repeating: 0, count: tree.count)
    var decisions: [MaskDecision] = []
    decisions.reserveCapacity(tree.count)
    for i in 0..<tree.count {
        let parent = Int(tree.parents[i])
        let depth = parent < 0 ? 0 : depths[parent] + 1
        depths[i] = depth
        while traversal.depth > depth { traversal.leave() }
        decisions.append(traversal.enter(tree.views[i]))
    }
    while traversal.depth > 0 { traversal.leave() }
    return decisions
}

/// What a text field of the view carries once the decision is applied: bullets for
/// secure text (whatever the decision), the `la` pattern when masked, else the text.
func rendered(_ text: String, _ decision: MaskDecision) -> String {
    decision.emission(for: .text).emit(text) ?? ""
}

/// A deterministic pseudo-random generator for generated trees.
struct LCG {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}
