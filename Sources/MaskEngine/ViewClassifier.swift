/// How a custom classifier sees a view: its kind, and whether its subtree is emitted.
public struct ViewClassification: Sendable, Hashable {
    /// The view's kind.
    public var kind: ViewKind
    /// `false`: the subtree below the view is not emitted.
    public var recurse: Bool

    /// Creates a classification.
    public init(kind: ViewKind, recurse: Bool = true) {
        self.kind = kind
        self.recurse = recurse
    }
}

/// An encoder's own classification of views the catalog cannot know, such as a label
/// that draws its text centred in a wider frame.
///
/// Return `nil` to keep the engine's classification. The classifier may shrink
/// `frame` to the content actually drawn. It never unmasks a view: a map and secure
/// text entry are always masked, and a view the engine found secure stays secure.
public protocol ViewClassifier: Sendable {
    /// Classifies a view, possibly adjusting its content frame.
    func classify(_ view: ViewFacts, frame: inout ViewFrame) -> ViewClassification?
}
