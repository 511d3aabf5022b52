/// What a structural field of a captured view is expected to hold. A masked view keeps
/// its structural fields (the replay needs its class, flags, colours and fonts) only
/// where the value has the field's shape: a capture that puts text where a flag, a
/// colour or an enumeration belongs (`"selected": "Visa 4111 1111 1111 1111"`,
/// `"keyboardType": "hunter2"`) is not trusted, and that value is masked like an
/// unknown field's (``FieldEmission/keepShaped``).
///
/// Booleans and `null` fit every shape. Arrays are read element by element. Objects fit
/// only ``font`` (whose members are read by the same shape, names that are not field
/// names masked) and ``metric`` (geometry).
public enum FieldShape: UInt8, Sendable, Hashable, CaseIterable {
    /// `class`, `superclasses`, `id`, `accessibilityIdentifier`, `restorationIdentifier`,
    /// `tag`: any string or number (identifiers are the policy's selectors and name code).
    case identifier
    /// Flags (`hidden`, `selected`, `password`, ...): booleans, the numbers `0` and `1`,
    /// the strings `true`, `false`, `yes`, `no`, `0`, `1` in any case.
    case flag
    /// Colours (`backgroundColor`, `textColor`, `tintColor`, `borderColor`): a number;
    /// `#` or `0x` and 3, 4, 6 or 8 hex digits; a colour function or colour space and up
    /// to five numbers (`rgba(0, 0, 0, 0.5)`, `UIExtendedSRGBColorSpace 1 0 0 1`); or a
    /// colour's name (``ShapeVocabulary/colourNames``, `systemBlue`, `@android:color/white`).
    case colour
    /// Enumerations (`keyboardType`, `textContentType`, `inputType`, `autofillHints`,
    /// `contentMode`, `textAlignment`, `lineBreakMode`, `visibility`, `fontWeight`): an
    /// integer of at most 10 digits, or words of the platforms' constants
    /// (``ShapeVocabulary/tokens``) separated by spaces, `, ; | : = / ' "` or brackets,
    /// in any case, with or without their type's prefix (`UIKeyboardTypeNumberPad`,
    /// `TYPE_CLASS_TEXT|TYPE_TEXT_VARIATION_PASSWORD`, `View.GONE`,
    /// `UITextContentType(_rawValue: password)`); never a string of digits.
    case token
    /// Fonts (`font`, `fontName`): a number; a name of at most 64 bytes of ASCII letters,
    /// digits, spaces and `.,_-` with a letter and no run of more than three digits
    /// (`HelveticaNeue-Bold`, `.SFUI-Regular`, `sans-serif-medium`); an object of such.
    case font
    /// Geometry and metrics (``ViewField/numericFields``): numbers.
    case metric

    /// The shape of a structural field; `nil` for a key that is not one.
    public static func of(key: String) -> FieldShape? {
        byKey[key]
    }

    private static let byKey: [String: FieldShape] = {
        var shapes: [String: FieldShape] = [:]
        for key in ["class", "superclasses", "id", "accessibilityIdentifier", "restorationIdentifier", "tag"] { shapes[key] = .identifier }
        for key in ["hidden", "isHidden", "clipsToBounds", "isOpaque", "isSecureTextEntry", "password", "secureTextEntry",
                    "obscureText", "isEnabled", "enabled", "isSelected", "selected", "isUserInteractionEnabled",
                    "clickable", "focusable", "focused", "scrollable", "checkable", "checked"] { shapes[key] = .flag }
        for key in ["backgroundColor", "textColor", "tintColor", "borderColor"] { shapes[key] = .colour }
        for key in ["visibility", "fontWeight", "textAlignment", "lineBreakMode", "contentMode", "textContentType",
                    "keyboardType", "inputType", "autofillHints"] { shapes[key] = .token }
        for key in ["font", "fontName"] { shapes[key] = .font }
        for key in ViewField.numericFields { shapes[key] = .metric }
        return shapes
    }()

    /// Whether an object may stand for the value (its members read by the same shape).
    public var acceptsObjects: Bool { self == .font || self == .metric }

    /// Whether a number literal (as its JSON bytes) has the shape.
    /// - Complexity: O(n) in the literal's length.
    public func accepts(number literal: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .identifier, .colour, .font, .metric: return true
        case .flag: return literal.count == 1 && (literal[0] == UInt8(ascii: "0") || literal[0] == UInt8(ascii: "1"))
        case .token:
            // An enumeration's raw value: an integer.
            guard !literal.isEmpty, literal.count <= 11 else { return false }
            let digits = literal[0] == UInt8(ascii: "-") ? literal.dropFirst() : literal[...]
            return !digits.isEmpty && digits.count <= 10 && digits.allSatisfy(ShapeVocabulary.isDigit)
        }
    }

    /// ``accepts(number:)`` for a literal as a `String`.
    public func accepts(number literal: String) -> Bool {
        var literal = literal
        return literal.withUTF8 { accepts(number: $0) }
    }

    /// Whether a string (its UTF-8 bytes, decoded) has the shape.
    /// - Complexity: O(n) in the string's length (at most a few hundred bytes read for
    ///   every shape but ``identifier``).
    public func accepts(string bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .identifier: return true
        case .metric: return false
        case .flag: return ShapeVocabulary.isFlag(bytes)
        case .colour: return ShapeVocabulary.isColour(bytes)
        case .token: return ShapeVocabulary.isToken(bytes)
        case .font: return ShapeVocabulary.isFontName(bytes)
        }
    }

    /// ``accepts(string:)`` for a `String`.
    public func accepts(string: String) -> Bool {
        var string = string
        return string.withUTF8 { accepts(string: $0) }
    }
}
