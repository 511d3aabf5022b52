/// What a `kind:` selector names (`mask: { kind: input }`), and what a per-dimension
/// default (``DimensionDefaults``) sorts views by: the view's ``ViewKind`` as its class
/// chain gives it, with one more kind, `input`, for the text views users type into.
///
/// A view's selector kind comes from its class chain alone (the catalog, the policy's
/// `types:`, or the view's own `superclasses`):
/// - `secure-text` when the chain's kind is `secure-text`;
/// - `input` when the chain reaches one of ``TypeCatalog/textInputClasses`` (text
///   fields, text views, search fields, `EditText` and its subclasses) and its kind is
///   `text` or `other`;
/// - otherwise the chain's kind.
///
/// A text field that is secure only by its markers (`isSecureTextEntry`, a password
/// `inputType`) is `input` to selectors; it is masked as bullets whatever any rule
/// says. A ``ViewClassifier``'s kind does not change the selector kind.
public enum SelectorKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Text that is not an input: labels, buttons' titles.
    case text
    /// Text users type: text fields, editable text views, search fields, `EditText`.
    case input
    /// Secure text entry.
    case secureText = "secure-text"
    /// Images.
    case image
    /// SwiftUI text.
    case swiftUIText = "swiftui-text"
    /// Maps (always masked).
    case map
    /// Web views.
    case webview
    /// Anything else.
    case other

    /// The selector kind of a class chain whose kind is `kind` and which does or does
    /// not reach a text input class.
    public init(kind: ViewKind, takesInput: Bool) {
        switch kind {
        case .secureText: self = .secureText
        case .text, .other: self = takesInput ? .input : (kind == .text ? .text : .other)
        case .image: self = .image
        case .swiftUIText: self = .swiftUIText
        case .map: self = .map
        case .webview: self = .webview
        }
    }

    /// The per-dimension default that covers views of this kind, if any: `text` covers
    /// `text` and `swiftui-text`, `inputs` covers `input`, `images` covers `image`.
    /// Secure text, maps, web views and other views fall to `default`.
    public var dimension: DefaultDimension? {
        switch self {
        case .text, .swiftUIText: return .text
        case .input: return .inputs
        case .image: return .images
        case .secureText, .map, .webview, .other: return nil
        }
    }

    /// A small number for the kind (per-kind tables; the table format's code).
    public var code: UInt8 {
        switch self {
        case .text: return 0
        case .input: return 1
        case .secureText: return 2
        case .image: return 3
        case .swiftUIText: return 4
        case .map: return 5
        case .webview: return 6
        case .other: return 7
        }
    }
}

extension TypeCatalog {
    /// The selector kind of views whose class chain is `chain`.
    /// - Complexity: O(length of the chain).
    public func selectorKind(along chain: [String]) -> SelectorKind {
        SelectorKind(kind: kind(along: chain), takesInput: chain.contains(where: Self.isTextInputClass))
    }
}
