/// The view dimensions a policy may give a default of its own (`defaults:`).
public enum DefaultDimension: String, Sendable, Hashable, CaseIterable, Codable {
    /// `text` and `swiftui-text` views.
    case text
    /// `input` views (text fields, editable text views, search fields, `EditText`).
    case inputs
    /// `image` views.
    case images
}

/// What `defaults: { images: ... }` says.
public enum ImageDefault: String, Sendable, Hashable, CaseIterable, Codable {
    /// Every image is masked.
    case mask
    /// Every image is sent.
    case unmask
    /// Images from the app's bundle or asset catalog are sent, every other image
    /// (remote, the user's, or of unknown source) is masked.
    case maskNonBundled = "mask-non-bundled"
}

/// Per-dimension defaults (`defaults: { text: unmask, inputs: mask, images: mask }`),
/// beside the policy's `default`.
///
/// How they combine with the five levels: a per-dimension default replaces level 5
/// (`default`) for the views of its dimension only (``SelectorKind/dimension``); rules
/// on levels 1 to 4 still decide first, and views of no dimension given here (secure
/// text, maps, web views, other views, and dimensions left out) keep `default`. A view
/// inside a text input (a descendant of an `input` view: UIKit draws a field's text in
/// child views) takes the stricter of its own default and the inputs' one, so
/// `inputs: mask` masks what a field draws in its children too. Secure text and maps
/// stay masked whatever any default says. A decision made by a
/// per-dimension default is level 5 with no rule, like one made by `default`.
public struct DimensionDefaults: Sendable, Hashable {
    /// The default of `text` and `swiftui-text` views; nil: `default`.
    public var text: MaskAction?
    /// The default of `input` views; nil: `default`.
    public var inputs: MaskAction?
    /// The default of `image` views; nil: `default`.
    public var images: ImageDefault?

    /// Creates per-dimension defaults; nil leaves a dimension to `default`.
    public init(text: MaskAction? = nil, inputs: MaskAction? = nil, images: ImageDefault? = nil) {
        self.text = text
        self.inputs = inputs
        self.images = images
    }

    /// The default of `dimension` as a policy writes it (`unmask`, `mask-non-bundled`),
    /// or nil when the policy leaves it to `default`.
    public func value(of dimension: DefaultDimension) -> String? {
        switch dimension {
        case .text: return text?.rawValue
        case .inputs: return inputs?.rawValue
        case .images: return images?.rawValue
        }
    }

    /// No dimension has a default of its own.
    public var isEmpty: Bool { text == nil && inputs == nil && images == nil }

    /// How strictly level 5 treats a dimension: 2 masks, 1 masks all but bundled images
    /// (`images: mask-non-bundled`), 0 unmasks; a dimension left unset follows `fallback`
    /// (the policy's `default`). Layering and `maskc diff` compare defaults by it.
    public func strictness(of dimension: DefaultDimension, fallback: MaskAction) -> Int {
        switch dimension {
        case .text: return (text ?? fallback) == .mask ? 2 : 0
        case .inputs: return (inputs ?? fallback) == .mask ? 2 : 0
        case .images:
            switch images {
            case .mask?: return 2
            case .maskNonBundled?: return 1
            case .unmask?: return 0
            case nil: return fallback == .mask ? 2 : 0
            }
        }
    }

    /// What level 5 does for views of `kind` when the policy's `default` is `fallback`.
    public func state(for kind: SelectorKind, fallback: MaskAction) -> DefaultState {
        switch kind.dimension {
        case .text?: return DefaultState(text ?? fallback)
        case .inputs?: return DefaultState(inputs ?? fallback)
        case .images?:
            switch images {
            case .mask?: return .mask
            case .unmask?: return .unmask
            case .maskNonBundled?: return .unmaskBundled
            case nil: return DefaultState(fallback)
            }
        case nil: return DefaultState(fallback)
        }
    }
}

/// What level 5 does for one class of views: mask, unmask, or (`images:
/// mask-non-bundled`) unmask only the views whose image ships with the app.
public enum DefaultState: UInt8, Sendable, Hashable {
    /// Masked.
    case mask
    /// Unmasked.
    case unmask
    /// Unmasked when the view's ``ImageSource/isBundled``, masked otherwise (unknown
    /// and absent sources included).
    case unmaskBundled

    /// The state of a plain action.
    public init(_ action: MaskAction) { self = action == .mask ? .mask : .unmask }

    /// The stricter of this state and `other`: mask, then unmask-bundled, then unmask.
    @inline(__always)
    public func stricter(_ other: DefaultState) -> DefaultState {
        self == .mask || other == .mask ? .mask : self == .unmaskBundled || other == .unmaskBundled ? .unmaskBundled : .unmask
    }

    /// Whether a view in this state is masked, given its image's source.
    @inline(__always)
    public func masks(imageSource: ImageSource?) -> Bool {
        switch self {
        case .mask: return true
        case .unmask: return false
        case .unmaskBundled: return !(imageSource?.isBundled ?? false)
        }
    }
}
