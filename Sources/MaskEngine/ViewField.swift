/// What the engine knows about a field of a captured view, which decides what a mask does to it.
public enum ViewField: Sendable, Hashable {
    /// Text-bearing (`text`, `placeholder`, `accessibilityLabel`, `accessibilityValue`):
    /// the `la` pattern when masked, bullets when secure.
    case text
    /// Structural or visual (ids, class, frame, colours, ...): kept as it is.
    case structural
    /// Image content: dropped when masked.
    case image
    /// The view's children.
    case children
    /// Anything else: every string in it becomes the `la` pattern when masked.
    case unknown

    /// The text-bearing fields.
    public static let textFields: [String] = ["text", "placeholder", "accessibilityLabel", "accessibilityValue"]

    /// The structural and visual fields, kept in every view. Identifiers are kept:
    /// they are the policy's selectors and name code, not user data.
    public static let structuralFields: [String] = [
        "class", "superclasses", "id", "accessibilityIdentifier", "restorationIdentifier", "tag",
        "frame", "bounds", "contentFrame", "alpha", "opacity", "hidden", "isHidden", "visibility",
        "backgroundColor", "textColor", "tintColor", "borderColor", "borderWidth", "cornerRadius",
        "font", "fontName", "fontSize", "fontWeight", "textAlignment", "numberOfLines", "lineBreakMode",
        "contentMode", "clipsToBounds", "isOpaque", "zIndex", "transform",
        "isSecureTextEntry", "textContentType", "password", "keyboardType",
        "inputType", "autofillHints", "secureTextEntry", "obscureText", "isPassword", "isObscured",
        "isEnabled", "enabled", "isSelected", "selected", "isUserInteractionEnabled",
        "clickable", "focusable", "focused", "scrollable", "checkable", "checked",
        "masking",
    ]

    /// Structural fields that hold numbers (geometry and metrics). In a masked view any
    /// string found under them is masked: a capture that puts text there is not trusted.
    public static let numericFields: Set<String> = [
        "frame", "bounds", "contentFrame", "transform", "alpha", "opacity", "borderWidth",
        "cornerRadius", "fontSize", "numberOfLines", "zIndex",
    ]

    private static let roles: [String: ViewField] = {
        var roles: [String: ViewField] = [:]
        for name in structuralFields { roles[name] = .structural }
        for name in textFields { roles[name] = .text }
        roles["image"] = .image
        roles["children"] = .children
        return roles
    }()

    /// The role of a field by its key.
    public static func role(of key: String) -> ViewField { roles[key] ?? .unknown }
}
