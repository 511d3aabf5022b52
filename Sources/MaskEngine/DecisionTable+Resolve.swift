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
        var incremental = IncrementalResolver(resolver: resolver, screen: tree.screen, expectedCount: tree.count)
        for view in 0..<tree.count {
            let parent = Int(tree.parents[view])
            incremental.add(tree.views[view], parent: parent < 0 ? nil : parent)
        }
        resolver = incremental.finishedResolver
        return incremental.decisions
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
