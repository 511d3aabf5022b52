/// What a policy (or the built-in catalog) says about one view class.
public struct ClassDeclaration: Sendable, Hashable {
    /// The class name as the view tree spells it (`UILabel`, `android.widget.TextView`).
    public var name: String
    /// The direct superclass, if known.
    public var superclass: String?
    /// The kind the class shows, if it sets one; otherwise it is inherited along the chain.
    public var kind: ViewKind?
    /// `false`: the subtree below a view of this class is not emitted. `nil`: inherited.
    public var recurse: Bool?
    /// Where the declaration was written, for policy declarations.
    public var origin: RuleOrigin?

    /// Creates a declaration.
    public init(_ name: String, extends superclass: String? = nil, kind: ViewKind? = nil, recurse: Bool? = nil, origin: RuleOrigin? = nil) {
        self.name = name
        self.superclass = superclass
        self.kind = kind
        self.recurse = recurse
        self.origin = origin
    }
}
