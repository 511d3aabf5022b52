/// The engine's answer for one view.
public struct MaskDecision: Sendable, Hashable {
    /// Whether the view's content is masked. Always true, whatever the policy says,
    /// for maps, for secure text entry and every view inside it, and for a view whose
    /// class chain the catalog had to cut (``TypeCatalog/maximumChainLength``).
    public var isMasked: Bool
    /// The level that decided.
    public var level: PrecedenceLevel
    /// Whether the view is shown but its text is masked: an image view shown on level 5
    /// by `defaults.images` while the text default (`defaults.text`, else `default`)
    /// masks. The image is sent; its text-bearing fields (an icon's
    /// `accessibilityLabel`) and unknown fields are masked as a masked view's are
    /// (``emission(for:)``). A rule that decides the view (levels 1 to 4) shows its text
    /// too. Meaningless when ``isMasked``. (Stored beside `level`, where the padding
    /// before `rule` holds it: a decision stays 12 bytes.)
    public var masksText: Bool
    /// The deciding rule's index in ``DecisionTable/rules``; `nil` at level 5.
    /// On levels 2 and 4 it is the ancestor's rule.
    public var ruleIndex: Int? {
        get { rule >= 0 ? Int(rule) : nil }
        set { rule = newValue.map { Int32($0) } ?? -1 }
    }
    /// The detector of the policy's `detect:` safety net that masked the view (level 0),
    /// or nil.
    public var detector: ContentDetector? {
        rule <= -2 && rule > Self.contentBase ? ContentDetector(code: UInt8(truncatingIfNeeded: -2 - rule)) : nil
    }
    /// The dimension whose default masked the view for the content it carries (a view
    /// of no dimension with text or an image of its own, level 5:
    /// ``DecisionTable/contentDefault(_:kind:carriesText:image:)``), or nil.
    public var contentDimension: DefaultDimension? {
        switch rule {
        case Self.contentBase: return .text
        case Self.contentBase - 1: return .images
        default: return nil
        }
    }
    /// The masked view whose text this view repeats (``MaskedEcho``): the view was shown
    /// and is masked on level 0 for holding that text. A view number in the tree (the
    /// tree's pre-order; a ``FrameEncoder``'s entered views), or nil.
    public var echoSource: Int? {
        rule <= Self.echoBase ? Int(Self.echoBase) - Int(rule) : nil
    }
    /// `ruleIndex`, -1 for none, -2 - code for the safety net's detector,
    /// ``contentBase`` and below for a content default, or ``echoBase`` - view for an
    /// echo: a decision is kept for every view of a tree, so it stays small (12 bytes).
    private var rule: Int32
    /// Where the content defaults' codes start (below every detector's).
    private static let contentBase: Int32 = -1000
    /// Where the echo guard's codes start (below the content defaults').
    private static let echoBase: Int32 = -2000
    /// The view's kind.
    public var kind: ViewKind
    /// Whether the view is secure text entry or inside one: it is masked, its
    /// text-bearing fields become bullets.
    public var isSecure: Bool
    /// Whether the view's children are emitted (false below maps, `recurse: false`
    /// classes and views whose class chain was cut).
    public var emitsChildren: Bool
    /// Whether a locked mask decided (``MaskRule/isLock``): the rule named is the lock,
    /// and ``level`` is where it matched (1 or 3 on the view itself, 2 or 4 on an
    /// ancestor); no other rule was consulted.
    public var isLocked: Bool

    /// Creates a decision.
    public init(isMasked: Bool, level: PrecedenceLevel, ruleIndex: Int?, kind: ViewKind, isSecure: Bool, emitsChildren: Bool,
                isLocked: Bool = false, masksText: Bool = false) {
        self.isMasked = isMasked
        self.level = level
        self.rule = ruleIndex.map { Int32($0) } ?? -1
        self.kind = kind
        self.isSecure = isSecure
        self.emitsChildren = emitsChildren
        self.isLocked = isLocked
        self.masksText = masksText
    }

    /// Whether the view's text is masked: the view is, or its text alone is
    /// (``masksText``). What the echo guard and the audits read as "this text is not sent".
    @inlinable
    public var hidesText: Bool { isMasked || masksText }

    /// This decision as the `detect:` safety net makes it when `detector` matches the
    /// view's content: masked, level 0, the detector as its rule; kind, security and
    /// children as they were.
    public func detected(by detector: ContentDetector) -> MaskDecision {
        var copy = self
        copy.isMasked = true
        copy.level = .detector
        copy.rule = -2 - Int32(detector.code)
        return copy
    }

    /// This decision masked on level 5 by the default of the content the view carries
    /// (`text` or `images`); kind, security and children as they were.
    func maskedByContent(_ dimension: DefaultDimension) -> MaskDecision {
        var copy = self
        copy.isMasked = true
        copy.level = .default
        copy.rule = dimension == .text ? Self.contentBase : Self.contentBase - 1
        return copy
    }

    /// This decision as the echo guard makes it when the view holds the text of the
    /// masked view `source` (``MaskedEcho``): masked, level 0, `source` named; kind,
    /// security and children as they were. A view number past what the code holds
    /// (about two billion) is kept as the largest it holds.
    public func echoing(_ source: Int) -> MaskDecision {
        var copy = self
        copy.isMasked = true
        copy.level = .detector
        copy.rule = Self.echoBase - Int32(clamping: min(max(source, 0), Int(Int32.max) + Int(Self.echoBase)))
        return copy
    }

    /// True when the view is a map, which is masked whatever the policy says.
    public var isForcedByKind: Bool { kind == .map }

    /// True when the view is masked whatever the policy says: a map, or secure text
    /// entry (or a view inside one).
    public var isForcedMask: Bool { kind == .map || isSecure }
}
