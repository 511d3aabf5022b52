/// A captured screen as an arena: views in pre-order, each pointing at its parent.
///
/// No view holds another: a tree of any depth is built, resolved and released without
/// recursion.
public struct ViewTree: Sendable {
    /// The screen (view controller, activity) the tree was captured on.
    public var screen: String?
    /// The views, in pre-order (a parent before its children).
    public private(set) var views: [ViewFacts] = []
    /// Each view's parent index, -1 for the root.
    public private(set) var parents: [Int32] = []
    /// Each view's index among its parent's children.
    public private(set) var childIndices: [Int32] = []
    private var childCounts: [Int32] = []

    /// Creates an empty tree.
    public init(screen: String? = nil) { self.screen = screen }

    /// The number of views.
    public var count: Int { views.count }

    /// Reserves room for `count` views.
    public mutating func reserveCapacity(_ count: Int) {
        views.reserveCapacity(count)
        parents.reserveCapacity(count)
        childIndices.reserveCapacity(count)
        childCounts.reserveCapacity(count)
    }

    /// Appends a view under `parent` (an index already in the tree), or as the root.
    /// - Returns: the new view's index.
    /// - Precondition: `parent` is an existing index; only one root.
    @discardableResult
    public mutating func append(_ facts: ViewFacts, parent: Int?) -> Int {
        let index = views.count
        views.append(facts)
        childCounts.append(0)
        if let parent {
            precondition(parent >= 0 && parent < index, "parent must precede its child")
            parents.append(Int32(parent))
            childIndices.append(childCounts[parent])
            childCounts[parent] += 1
        } else {
            precondition(index == 0, "a tree has one root")
            parents.append(-1)
            childIndices.append(0)
        }
        return index
    }

    /// The view's index path: `0` for the root, `0.2` for its third child, and so on.
    /// - Complexity: O(depth).
    public func indexPath(of view: Int) -> String {
        var parts: [Int32] = []
        var current = view
        while current > 0 {
            parts.append(childIndices[current])
            current = Int(parents[current])
        }
        parts.append(0)
        return parts.reversed().map(String.init).joined(separator: ".")
    }

    /// The view's depth: 0 for the root.
    public func depth(of view: Int) -> Int {
        var depth = 0, current = view
        while current > 0 { current = Int(parents[current]); depth += 1 }
        return depth
    }
}
