/// A drawn view's type on the wire: the 4 low bits of a PDU's first byte.
///
/// Types 0 to 6 are views whose content may be sent (text: labels, text inputs, buttons, toggles); types 8 to 12 are placeholders,
/// whose content never is (bit 3 set: a player can tell a placeholder without a table).
/// 7, 13, 14 and 15 are reserved: a decoder refuses them.
public enum ReplayViewType: UInt8, Sendable, Hashable, CaseIterable {
    /// Text shown as it is (the seed: `label = 0`); its text may be in the text section.
    case label = 0
    /// An unmasked text input (text field, text view, edit text); its text may be sent.
    case textInput = 1
    /// A button; its own title may be sent when unmasked.
    case button = 2
    /// An unmasked image (its geometry only: pixels are never sent).
    case image = 3
    /// A switch, check box, radio button or toggle.
    case toggle = 4
    /// A web view (its page masks itself).
    case webView = 5
    /// A view that draws only a background or a border.
    case view = 6
    /// Masked text: drawn by the player as its placeholder; no text is sent.
    case maskedText = 8
    /// Secure text entry, or text inside one: bullets; no text is sent.
    case secureText = 9
    /// A masked image: the `IMG` placeholder.
    case maskedImage = 10
    /// Masked SwiftUI text: the `RECT` placeholder, a black rectangle.
    case maskedSwiftUIText = 11
    /// A map: the `MAP` placeholder, always.
    case map = 12

    /// Whether the type stands for masked content (the player draws a placeholder).
    public var isPlaceholder: Bool { rawValue & 0x08 != 0 }

    /// Whether the text section may carry text for views of this type.
    public var carriesText: Bool {
        switch self {
        case .label, .textInput, .button, .toggle: return true
        case .view, .image, .webView, .maskedText, .secureText, .maskedImage, .maskedSwiftUIText, .map: return false
        }
    }

    /// Whether views of this type are positioned by their content frame rather than
    /// their frame (text and images: the seed's centred label).
    public var usesContentFrame: Bool {
        switch self {
        case .label, .textInput, .image, .maskedText, .secureText, .maskedImage, .maskedSwiftUIText: return true
        case .button, .toggle, .webView, .view, .map: return false
        }
    }

    /// The name `maskc decode` prints (`label`, `masked-text`, ...).
    public var name: String {
        switch self {
        case .label: return "label"
        case .textInput: return "text-input"
        case .button: return "button"
        case .image: return "image"
        case .toggle: return "toggle"
        case .webView: return "webview"
        case .view: return "view"
        case .maskedText: return "masked-text"
        case .secureText: return "secure-text"
        case .maskedImage: return "masked-image"
        case .maskedSwiftUIText: return "masked-swiftui-text"
        case .map: return "map"
        }
    }
}
