extension DecisionTable {
    /// Decides every view of a tree.
    ///
    /// - Returns: one decision per view, in the tree's order.
    /// - Complexity: O(n) for n views, plus reliable-target strings when the policy
    ///   selects by `target` (O(depth) each).
    public func resolve(_ tree: ViewTree) -> [MaskDecision] {
        var resolver = ViewResolver(table: self, screen: tree.screen)
        return resolve(tree, with: &resolver)
    }

    /// Decides every view of a tree with a caller's resolver (to keep its caches warm).
    public func resolve(_ tree: ViewTree, with resolver: inout ViewResolver) -> [MaskDecision] {
        resolver.setScreen(tree.screen)
        let n = tree.count
        var decisions: [MaskDecision] = []
        decisions.reserveCapacity(n)
        var handed = [InheritedVerdicts](repeating: .root, count: n)
        let targets = usesTargets ? ReliableTargets(tree) : nil
        var paths: [String] = usesIDs ? [] : []
        if usesIDs { paths.reserveCapacity(n) }
        for view in 0..<n {
            let facts = tree.views[view]
            let parent = Int(tree.parents[view])
            var indexPath: String?
            if usesIDs {
                let path = parent < 0 ? "0" : paths[parent] + "." + String(tree.childIndices[view])
                paths.append(path)
                if facts.id == nil { indexPath = path }
            }
            let (decision, down) = resolver.decide(
                facts, target: targets?.targets[view], indexPath: indexPath,
                inherited: parent < 0 ? .root : handed[parent])
            handed[view] = down
            decisions.append(decision)
        }
        return decisions
    }
}

/// The reliable targets of every view of a tree.
public struct ReliableTargets: Sendable {
    /// One target per view.
    public private(set) var targets: [String]

    /// Computes the targets of a tree.
    /// - Complexity: O(total depth), since each path-form target spells out its path.
    public init(_ tree: ViewTree) {
        var paths: [String] = []
        paths.reserveCapacity(tree.count)
        targets = []
        targets.reserveCapacity(tree.count)
        var sameClass: [SiblingClass: Int] = [:]
        for view in 0..<tree.count {
            let facts = tree.views[view]
            let parent = Int(tree.parents[view])
            let key = SiblingClass(parent: parent, className: facts.className)
            let index = sameClass[key, default: 0]
            sameClass[key] = index + 1
            let (target, path) = ReliableTarget.target(
                of: facts, parentPath: parent < 0 ? ReliableTarget.root : paths[parent],
                sameClassIndex: index, screen: tree.screen)
            paths.append(path)
            targets.append(target)
        }
    }

    private struct SiblingClass: Hashable {
        var parent: Int
        var className: String
    }
}
