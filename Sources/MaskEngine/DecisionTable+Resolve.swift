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
