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
    /// Whether the rule is a locked mask (`lock: true`): it decides the views it selects
    /// (and, when recursive, their descendants) whatever any other rule says. Only a
    /// `mask` rule is ever locked; the engine ignores the flag on an `unmask`.
    public var locked: Bool

    /// Creates a rule.
    public init(
        _ action: MaskAction, _ selector: ViewSelector, recursive: Bool = true,
        screen: String? = nil, reason: String? = nil, origin: RuleOrigin? = nil, locked: Bool = false
    ) {
        self.action = action
        self.selector = selector
        self.recursive = recursive
        self.screen = screen
        self.reason = reason
        self.origin = origin
        self.locked = locked
    }

    /// Whether the rule is a lock the engine enforces: a locked `mask`.
    public var isLock: Bool { locked && action == .mask }

    /// The level the rule decides at for the views it matches itself.
    public var ownLevel: PrecedenceLevel { selector.isInstance ? .instance : .type }

    /// Whether the rule applies only in trees with a screen (a non-empty one): an
    /// `unmask` rule whose target names a screen (``ReliableTarget/namesScreen(_:)``).
    /// Without a screen such a target cannot tell an identifier from a screen and an
    /// identifier, so it unmasks nothing; a `mask` rule still matches its text as written.
    public var needsScreen: Bool {
        guard action == .unmask, case .target(let pattern) = selector else { return false }
        return ReliableTarget.namesScreen(pattern.text)
    }

    /// Whether the rule applies in a tree on `screen` (nil or empty: no screen): its
    /// `screen` option, if any, equals it, and it does not ``needsScreen`` on a tree
    /// without one.
    public func applies(onScreen screen: String?) -> Bool {
        if let own = self.screen, !Optional(own).isExactly(screen) { return false }
        return !needsScreen || ReliableTarget.isScreen(screen)
    }
}
