/// What a structural field of a captured view is expected to hold. A masked view keeps
/// its structural fields (the replay needs its class, flags, colours and fonts) only
/// where the value has the field's shape: a capture that puts text where a flag, a
/// colour or an enumeration belongs (`"selected": "Visa 4111 1111 1111 1111"`,
/// `"keyboardType": "hunter2"`) is not trusted, and that value is masked like an
/// unknown field's (``FieldEmission/keepShaped``).
///
/// Booleans and `null` fit every shape. Arrays are read element by element. Objects fit
/// only ``font`` (a font's attributes) and ``metric`` (geometry). A value of the shape in
/// which a value detector finds personal data (an e-mail address in an identifier, a
/// phone number in a font name) does not fit.
public enum FieldShape: UInt8, Sendable, Hashable, CaseIterable {
    /// `class`, `superclasses`: any string. A class name is code, which the catalog and
    /// the policy's type rules read; it is kept as it came (the audit still reads it).
    case className
    /// `id`, `accessibilityIdentifier`, `restorationIdentifier`, `tag`, and the
    /// wrapper's `screen`: any string or number (identifiers are the policy's selectors
    /// and name code) in which no value detector finds personal data, nor the `secret`
    /// detector a key or token (`sk_live_…`, a JSON Web Token).
    case identifier
    /// Flags (`hidden`, `selected`, `password`, ...): booleans, the numbers `0` and `1`,
    /// the strings `true`, `false`, `yes`, `no`, `0`, `1` in any case.
    case flag
    /// Colours (`backgroundColor`, `textColor`, `tintColor`, `borderColor`): an integer
    /// of at most 10 digits or a component; `#` or `0x` and 3, 4, 6 or 8 hex digits; a
    /// colour function or colour space and one to four numbers of at most three digits
    /// before the point (`rgba(0, 0, 0, 0.5)`, `UIExtendedSRGBColorSpace 1 0 0 1`,
    /// `UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)`, `Color(0xff2196f3)`); or a
    /// colour's name (``ShapeVocabulary/colourNames``, `systemBlue`,
    /// `@android:color/white`, `?attr/colorPrimary`).
    case colour
    /// Enumerations (`keyboardType`, `textContentType`, `inputType`, `autofillHints`,
    /// `contentMode`, `textAlignment`, `lineBreakMode`, `visibility`, `fontWeight`): an
    /// integer of at most 7 digits or a number below 1,000 (`0.4`), `0x` and at most 8
    /// hex digits, or words of the platforms' constants
    /// (``ShapeVocabulary/tokens``) separated by spaces, `, ; | : = / ' "` or brackets,
    /// in any case, with or without their type's prefix (`UIKeyboardTypeNumberPad`,
    /// `TYPE_CLASS_TEXT|TYPE_TEXT_VARIATION_PASSWORD`, `View.GONE`,
    /// `UITextContentType(_rawValue: password)`, `NSTextAlignment(rawValue: 1)`: numbers
    /// of at most three digits among them); never a string of more digits.
    case token
    /// Fonts (`font`, `fontName`): a size (at most 4 digits before the point); a name of
    /// at most 64 bytes of ASCII letters, digits, spaces and `.,_-` with a letter and no
    /// run of more than three digits (`HelveticaNeue-Bold`, `.SFUI-Regular`,
    /// `sans-serif-medium`); an object of a font's attributes
    /// (``ShapeVocabulary/fontAttributes``: `name`, `size`, `weight`, ...) holding such,
    /// one level deep. Any other member of a font object is masked, its name too.
    case font
    /// Geometry and metrics (``ViewField/numericFields``): numbers of at most 7 digits
    /// before the point (a longer one, a card number in a `transform`, is masked).
    case metric

    /// The shape of a structural field; `nil` for a key that is not one.
    public static func of(key: String) -> FieldShape? {
        byKey[key]
    }

    private static let byKey: [String: FieldShape] = {
        var shapes: [String: FieldShape] = [:]
        for key in ["class", "superclasses"] { shapes[key] = .className }
        for key in ["id", "accessibilityIdentifier", "restorationIdentifier", "tag"] { shapes[key] = .identifier }
        for key in ["hidden", "isHidden", "clipsToBounds", "isOpaque", "isSecureTextEntry", "password", "secureTextEntry",
                    "obscureText", "isPassword", "isObscured", "isEnabled", "enabled", "isSelected", "selected", "isUserInteractionEnabled",
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

    /// Whether a number literal (as its JSON bytes) has the shape, and no value detector
    /// finds personal data in it (a card number as an integer `tag`).
    /// - Complexity: O(n) in the literal's length.
    public func accepts(number literal: UnsafeBufferPointer<UInt8>) -> Bool {
        let fits: Bool
        switch self {
        case .className: return true
        case .identifier: fits = true
        case .flag: fits = literal.count == 1 && (literal[0] == UInt8(ascii: "0") || literal[0] == UInt8(ascii: "1"))
        // An ARGB integer (at most 10 digits, signed on Android), or a component.
        case .colour: fits = ShapeVocabulary.isModestNumber(literal, integerDigits: 10, fractionAllowed: false)
            || ShapeVocabulary.isModestNumber(literal, integerDigits: 3, fractionAllowed: true)
        // A raw value (an integer of at most 7 digits: Android's input type flags take 7),
        // or a weight (`UIFont.Weight` 0.4).
        case .token: fits = ShapeVocabulary.isModestNumber(literal, integerDigits: 7, fractionAllowed: false)
            || ShapeVocabulary.isModestNumber(literal, integerDigits: 3, fractionAllowed: true)
        case .font: fits = ShapeVocabulary.isModestNumber(literal, integerDigits: 4, fractionAllowed: true)
        // Geometry: at most 7 digits before the point (ten million points), an exponent
        // that does not make more.
        case .metric: return ShapeVocabulary.isModestNumber(literal, integerDigits: 7, fractionAllowed: true)
        }
        return fits && !ShapeVocabulary.holdsPersonalData(literal)
    }

    /// ``accepts(number:)`` for a literal as a `String`.
    public func accepts(number literal: String) -> Bool {
        var literal = literal
        return literal.withUTF8 { accepts(number: $0) }
    }

    /// Whether a string (its UTF-8 bytes, decoded) has the shape, and no value detector
    /// finds personal data in it (an identifier built from a row's e-mail address).
    /// - Complexity: O(n) in the string's length (at most a few hundred bytes read for
    ///   every shape but ``identifier``; the detectors read a string only where their
    ///   byte gate lets it through).
    public func accepts(string bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let fits: Bool
        switch self {
        case .className: return true
        case .identifier: fits = true
        case .metric: return false
        case .flag: return ShapeVocabulary.isFlag(bytes)
        case .colour: fits = ShapeVocabulary.isColour(bytes)
        case .token: fits = ShapeVocabulary.isToken(bytes)
        case .font: fits = ShapeVocabulary.isFontName(bytes)
        }
        return fits && !ShapeVocabulary.holdsPersonalData(bytes) && !(self == .identifier && ShapeVocabulary.holdsSecret(bytes))
    }

    /// ``accepts(string:)`` for a `String`.
    public func accepts(string: String) -> Bool {
        var string = string
        return string.withUTF8 { accepts(string: $0) }
    }
}
