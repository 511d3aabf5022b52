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
    /// Per-dimension defaults, which replace `defaultAction` on level 5 for the views of
    /// their dimension (format 1.1).
    public var defaults: DimensionDefaults
    /// The `detect:` safety net: detectors run over the content of unmasked views,
    /// masking a view where one matches (format 1.1). Empty: no safety net.
    public var detectors: [ContentDetector]

    /// Creates a policy.
    public init(default defaultAction: MaskAction = .mask, classes: [ClassDeclaration] = [], rules: [MaskRule] = [],
                defaults: DimensionDefaults = DimensionDefaults(), detectors: [ContentDetector] = []) {
        self.defaultAction = defaultAction
        self.classes = classes
        self.rules = rules
        self.defaults = defaults
        self.detectors = detectors
    }

    /// Whether the policy uses anything of policy format 1.1: `kind` selectors,
    /// per-dimension defaults, `detect:`.
    public var usesFormat11: Bool {
        rules.contains { $0.selector.key == .kind } || !defaults.isEmpty || !detectors.isEmpty
    }
}
