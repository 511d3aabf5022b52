/// What the engine needs to know about one view to decide on it.
///
/// Encoders fill one in from their own view objects; the JSON front end from a node.
public struct ViewFacts: Sendable, Hashable {
    /// The concrete class name (`UILabel`, `android.widget.EditText`, `SwiftUI.Text`).
    public var className: String
    /// The superclasses, nearest first, when the capture knows them. When set they are
    /// the whole chain: the catalog is not consulted for this view's superclasses.
    /// Pass the same array for every view of a class (keep one per class): the engine
    /// checks a view's chain against the one it cached for the class, and the same
    /// array matches without a string compared.
    public var superclasses: [String]?
    /// A stable id; when `nil` the view's index path (`0.2.1`) stands in for `id` selectors.
    public var id: String?
    /// `accessibilityIdentifier` (Android: `resource-id`).
    public var accessibilityIdentifier: String?
    /// `restorationIdentifier`.
    public var restorationIdentifier: String?
    /// `tag`; 0 (UIKit's default) counts as no tag.
    public var tag: Int?
    /// Whether the view hides its text: iOS `isSecureTextEntry`, Android's accessibility
    /// `password`, React Native's `secureTextEntry`, Flutter's `obscureText`.
    public var isSecureTextEntry: Bool
    /// iOS `textContentType`; some values make the view secure (see ``SecureContent``).
    public var textContentType: String?
    /// Android `inputType` bits; password variations make the view secure (-1: an
    /// `inputType` that could not be read, which counts as secure).
    public var inputType: Int?
    /// Android `autofillHints`; a hint naming a secret makes the view secure.
    public var autofillHints: [String]?
    /// Where the view's image comes from, if the capture says (`images: mask-non-bundled`
    /// shows only bundled ones); nil: unknown, not bundled.
    public var imageSource: ImageSource?

    /// Creates the facts for a view.
    public init(
        className: String, superclasses: [String]? = nil, id: String? = nil,
        accessibilityIdentifier: String? = nil, restorationIdentifier: String? = nil,
        tag: Int? = nil, isSecureTextEntry: Bool = false, textContentType: String? = nil,
        inputType: Int? = nil, autofillHints: [String]? = nil, imageSource: ImageSource? = nil
    ) {
        self.className = className
        self.superclasses = superclasses
        self.id = id
        self.accessibilityIdentifier = accessibilityIdentifier
        self.restorationIdentifier = restorationIdentifier
        self.tag = tag
        self.isSecureTextEntry = isSecureTextEntry
        self.textContentType = textContentType
        self.inputType = inputType
        self.autofillHints = autofillHints
        self.imageSource = imageSource
    }

    /// The tag, if it is set to something other than UIKit's default 0.
    var effectiveTag: Int? {
        guard let tag, tag != 0 else { return nil }
        return tag
    }
}
