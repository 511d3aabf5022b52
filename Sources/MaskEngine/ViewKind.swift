/// What a view shows, which decides how its content is replaced when masked.
///
/// A class's kind is the first kind found along its class chain; a class with none is `other`.
public enum ViewKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Text: masked text becomes the `la` pattern.
    case text
    /// Secure text entry: every grapheme becomes `•`, even when the view is unmasked.
    case secureText = "secure-text"
    /// An image: masked content is dropped for the `IMG` placeholder.
    case image
    /// SwiftUI text: masked text is dropped for the `RECT` placeholder (a black rectangle).
    case swiftUIText = "swiftui-text"
    /// A map: always the `MAP` placeholder, never unmaskable, subtree never emitted.
    case map
    /// A web view: its page masks itself; the native view follows the ordinary rules.
    case webview
    /// Anything else: visual properties only, strings masked with the `la` pattern.
    case other
}
