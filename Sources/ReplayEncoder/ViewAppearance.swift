import MaskEngine

/// What the encoder needs to know of a view besides its ``MaskEngine/ViewFacts``: where
/// it is, whether and how it draws, and its text.
///
/// Encoders fill one in from their own view objects; `maskc encode` from a tree's
/// fields (`frame`, `contentFrame`, `hidden`, `alpha`, `backgroundColor`, `borderWidth`,
/// `cornerRadius`, `clipsToBounds`, `zIndex`, `transform`, `text`, `placeholder`, `image`).
public struct ViewAppearance: Sendable, Hashable {
    // Stored widest first (the doubles, the text, then the optionals and flags): a copy
    // of the appearance, one a view for an encoder that keeps them, moves fewer pieces.
    /// The view's frame, in the frame's coordinate space (``FrameEncoder/Coordinates``).
    public var frame: ViewFrame
    /// The view's own alpha, 0 to 1; multiplied along the ancestor chain.
    public var alpha: Double
    /// The border width; a positive width draws.
    public var borderWidth: Double
    /// The corner radius: a rounded view covers others only inside its frame inset by
    /// the radius, and so do the descendants of a rounded view that clips them (what is
    /// under the rounded-off corners shows through). Not a number or infinite: covers
    /// nothing.
    public var cornerRadius: Double
    /// The drawing order among siblings: a higher `zIndex` draws later (stable).
    public var zIndex: Double
    /// The text the view draws, as captured; sent only when the masking contract says
    /// `keep` for `textField`.
    public var text: String?
    /// Where the view's content (text, image) is drawn, in the same space as `frame`;
    /// `nil`: the frame. A ``MaskEngine/ViewClassifier`` may adjust it further. Content
    /// clipped to nothing is not sent (the view is then a bare `view` if it draws a
    /// background or border, else left out).
    public var contentFrame: ViewFrame?
    /// The background colour; `nil`: none.
    public var backgroundColor: RGBAColor?
    /// Whether the view clips its descendants, and its own content (`contentFrame`), to
    /// its frame; `nil`: the class's default (scroll views and Android `ViewGroup`s
    /// clip, others do not).
    public var clipsToBounds: Bool?
    /// Whether the view is hidden (iOS `isHidden`, Android `visibility` other than
    /// visible, a capture's `visible-to-user` or Appium's `displayed` false). Hides its
    /// subtree too.
    public var isHidden: Bool
    /// Whether the view has a transform other than the identity (it then covers nothing).
    public var isTransformed: Bool
    /// The field `text` is (``MaskEngine/EmittedField/text`` or
    /// ``MaskEngine/EmittedField/placeholder`` for a hint).
    public var textField: EmittedField
    /// Whether the view shows image content.
    public var hasImage: Bool

    /// Creates a view's appearance; every property but the frame has the default of a
    /// plain visible view.
    public init(frame: ViewFrame, contentFrame: ViewFrame? = nil, isHidden: Bool = false, alpha: Double = 1,
                backgroundColor: RGBAColor? = nil, borderWidth: Double = 0, cornerRadius: Double = 0,
                clipsToBounds: Bool? = nil, zIndex: Double = 0, isTransformed: Bool = false,
                text: String? = nil, textField: EmittedField = .text, hasImage: Bool = false) {
        self.frame = frame
        self.contentFrame = contentFrame
        self.isHidden = isHidden
        self.alpha = alpha
        self.backgroundColor = backgroundColor
        self.borderWidth = borderWidth
        self.cornerRadius = cornerRadius
        self.clipsToBounds = clipsToBounds
        self.zIndex = zIndex
        self.isTransformed = isTransformed
        self.text = text
        self.textField = textField
        self.hasImage = hasImage
    }
}
