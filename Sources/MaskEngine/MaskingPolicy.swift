/// A masking policy as the engine sees it: a default, class declarations and rules.
///
/// Front ends (the YAML compiler, an encoder's own code) build one of these and
/// compile it into a ``DecisionTable``.
public struct MaskingPolicy: Sendable, Hashable {
    /// The level-5 state, applied when no rule does.
    public var defaultAction: MaskAction
    /// Classes the policy teaches the engine, on top of the built-in catalog.
    public var classes: [ClassDeclaration]
    /// The rules, in source order.
    public var rules: [MaskRule]

    /// Creates a policy.
    public init(default defaultAction: MaskAction = .mask, classes: [ClassDeclaration] = [], rules: [MaskRule] = []) {
        self.defaultAction = defaultAction
        self.classes = classes
        self.rules = rules
    }
}
