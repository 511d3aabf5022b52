import MaskEngine

/// A view tree read from JSON: the tape (for pass-through emission) and the engine's
/// arena of view facts, with each view's object token.
public struct TreeDocument: Sendable {
    /// The parsed JSON.
    public let tape: JSONTape
    /// The views, for the engine.
    public internal(set) var tree: ViewTree
    /// Each view's object-start token, in view order (ascending).
    public internal(set) var viewTokens: [Int32]
    /// True when the document is `{"screen": ..., "root": NODE}` rather than a bare node.
    public let isWrapped: Bool
}

/// A problem in the tree's shape, before positions are resolved.
struct ShapeError: Error {
    var token: Int
    var path: String
    var message: String
}
