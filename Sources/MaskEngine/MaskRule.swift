/// One rule of a masking policy: an action on the views a selector picks.
public struct MaskRule: Sendable, Hashable {
    /// Mask or unmask.
    public var action: MaskAction
    /// Which views the rule is about.
    public var selector: ViewSelector
    /// Whether the rule reaches the descendants of the views it matches (levels 2 and 4).
    public var recursive: Bool
    /// When set, the rule applies only in trees whose `screen` equals it.
    public var screen: String?
    /// Why the rule exists, as written by the policy's author.
    public var reason: String?
    /// Where the rule was written.
    public var origin: RuleOrigin?

    /// Creates a rule.
    public init(
        _ action: MaskAction, _ selector: ViewSelector, recursive: Bool = true,
        screen: String? = nil, reason: String? = nil, origin: RuleOrigin? = nil
    ) {
        self.action = action
        self.selector = selector
        self.recursive = recursive
        self.screen = screen
        self.reason = reason
        self.origin = origin
    }

    /// The level the rule decides at for the views it matches itself.
    public var ownLevel: PrecedenceLevel { selector.isInstance ? .instance : .type }
}
