/// What the engine needs to know about one view to decide on it.
///
/// Encoders fill one in from their own view objects; the JSON front end from a node.
public struct ViewFacts: Sendable, Hashable {
    /// The concrete class name (`UILabel`, `android.widget.EditText`, `SwiftUI.Text`).
    public var className: String
    /// The superclasses, nearest first, when the capture knows them. When set they are
    /// the whole chain: the catalog is not consulted for this view's superclasses.
    public var superclasses: [String]?
    /// A stable id; when `nil` the view's index path (`0.2.1`) stands in for `id` selectors.
    public var id: String?
    /// `accessibilityIdentifier` (Android: `resource-id`).
    public var accessibilityIdentifier: String?
    /// `restorationIdentifier`.
    public var restorationIdentifier: String?
    /// `tag`; 0 (UIKit's default) counts as no tag.
    public var tag: Int?
    /// `isSecureTextEntry` (Android: `password`).
    public var isSecureTextEntry: Bool
    /// `textContentType`; some values make the view secure (see ``SecureContent``).
    public var textContentType: String?

    /// Creates the facts for a view.
    public init(
        className: String, superclasses: [String]? = nil, id: String? = nil,
        accessibilityIdentifier: String? = nil, restorationIdentifier: String? = nil,
        tag: Int? = nil, isSecureTextEntry: Bool = false, textContentType: String? = nil
    ) {
        self.className = className
        self.superclasses = superclasses
        self.id = id
        self.accessibilityIdentifier = accessibilityIdentifier
        self.restorationIdentifier = restorationIdentifier
        self.tag = tag
        self.isSecureTextEntry = isSecureTextEntry
        self.textContentType = textContentType
    }

    /// The tag, if it is set to something other than UIKit's default 0.
    var effectiveTag: Int? {
        guard let tag, tag != 0 else { return nil }
        return tag
    }
}

/// Which views count as secure text entry.
public enum SecureContent {
    /// `textContentType` values that make a view secure even without `isSecureTextEntry`.
    public static let secureTextContentTypes: Set<String> = ["password", "newPassword", "oneTimeCode", "creditCardNumber"]

    /// Whether a view with these facts and kind is secure text entry.
    public static func isSecure(_ facts: ViewFacts, kind: ViewKind) -> Bool {
        isSecure(kind: kind, flagged: facts.isSecureTextEntry,
                 secureContentType: facts.textContentType.map { secureTextContentTypes.contains($0) } ?? false)
    }

    /// The rule itself, for facts however they are held: a secure-text kind, the
    /// view's own flag, or a secure `textContentType`.
    @inline(__always)
    static func isSecure(kind: ViewKind, flagged: Bool, secureContentType: Bool) -> Bool {
        kind == .secureText || flagged || secureContentType
    }
}
