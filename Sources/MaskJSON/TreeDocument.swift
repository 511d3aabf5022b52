import MaskEngine

/// Where a tree's views are in its JSON: what emission needs besides the decisions.
public struct TreeLayout: Sendable {
    /// The parsed JSON.
    public let tape: JSONTape
    /// Each view's object-start token, in view order (pre-order, ascending).
    public let viewTokens: [Int32]
    /// True when the document is `{"screen": ..., "root": NODE}` rather than a bare node.
    public let isWrapped: Bool
    /// The tree's screen, if it names one.
    public let screen: String?
}

/// A view tree read from JSON: its layout (for pass-through emission) and the engine's
/// arena of view facts.
public struct TreeDocument: Sendable {
    /// Where the views are in the JSON.
    public let layout: TreeLayout
    /// The views, for the engine.
    public let tree: ViewTree

    /// The parsed JSON.
    public var tape: JSONTape { layout.tape }
    /// Each view's object-start token, in view order (ascending).
    public var viewTokens: [Int32] { layout.viewTokens }
    /// True when the document is `{"screen": ..., "root": NODE}` rather than a bare node.
    public var isWrapped: Bool { layout.isWrapped }
}

/// A problem in the tree's shape, before positions are resolved.
struct ShapeError: Error {
    var token: Int
    var path: String
    var message: String
}
