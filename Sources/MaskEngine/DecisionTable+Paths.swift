/// Where a view is, for selectors that match whole paths: its reliable target's path
/// form and its index path, as automaton states rather than strings.
struct PathState: Sendable {
    var target: [UInt64]
    var index: [UInt64]
}

extension DecisionTable {
    /// The state above the root: the target path has read `[root]`, the index path nothing.
    func virtualRootPathState() -> PathState {
        PathState(target: targetPaths.isEmpty ? [] : targetPaths.advance(targetPaths.start(), by: ReliableTarget.root.utf8),
                  index: indexPaths.isEmpty ? [] : indexPaths.start())
    }

    /// A view's state, from its parent's (or the virtual root's).
    func pathState(of facts: ViewFacts, parent: PathState, isRoot: Bool, childIndex: Int, sameClassIndex: Int, screen: String?) -> PathState {
        var state = PathState(target: [], index: [])
        if !targetPaths.isEmpty {
            let step = ReliableTarget.step(className: facts.className, restorationIdentifier: facts.restorationIdentifier,
                                           tag: facts.tag, sameClassIndex: sameClassIndex, screen: screen)
            state.target = targetPaths.advance(parent.target, by: (">" + step).utf8)
        }
        if !indexPaths.isEmpty {
            state.index = indexPaths.advance(parent.index, by: ((isRoot ? "" : ".") + String(childIndex)).utf8)
        }
        return state
    }

    /// The `target` rules and index-path `id` rules a view matches, given its state.
    func pathMatches(_ facts: ViewFacts, _ state: PathState, screen: String?) -> (targets: [Int32], indexPaths: [Int32]) {
        var targets: [Int32] = []
        if usesTargets {
            if let ai = facts.accessibilityIdentifier {
                // A view with an accessibility identifier has the short form as its target.
                targets = rulesMatching(.target, ReliableTarget.short(className: facts.className, accessibilityIdentifier: ai, screen: screen))
            } else {
                targets = targetPaths.accepted(state.target)
            }
        }
        let indexMatches = usesIDs && facts.id == nil ? indexPaths.accepted(state.index) : []
        return (targets, indexMatches)
    }
}
