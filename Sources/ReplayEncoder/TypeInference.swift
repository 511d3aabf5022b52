import MaskEngine

extension ReplayViewType {
    /// The wire type of a view, from its masking decision first, then what it draws.
    ///
    /// - A map is always ``map``; secure text entry (and text inside it) is
    ///   ``secureText``.
    /// - A masked view: an image is ``maskedImage``, SwiftUI text ``maskedSwiftUIText``,
    ///   text (by kind, or any view that draws text) ``maskedText``, a view that shows
    ///   an image ``maskedImage``; other masked views keep their structural type
    ///   (button, toggle, web view, view), which carries no content.
    /// - An unmasked view: its kind, refined by its class (text inputs, buttons, toggles).
    ///
    /// - Parameters:
    ///   - decision: the engine's decision (after any classifier).
    ///   - hasText: whether the view draws text (it may not be sent).
    ///   - hasImage: whether the view shows image content.
    static func infer(_ decision: MaskDecision, traits: ClassTraits, hasText: Bool, hasImage: Bool) -> ReplayViewType {
        let kind = decision.kind
        if kind == .map { return .map }
        if decision.isSecure && (hasText || kind == .text || kind == .secureText || traits.isTextInput) { return .secureText }
        if kind == .secureText { return .secureText }
        if decision.isMasked {
            switch kind {
            case .image: return .maskedImage
            case .swiftUIText: return .maskedSwiftUIText
            case .text: return .maskedText
            case .webview: return .webView
            case .other, .map, .secureText:
                if hasText { return .maskedText }
                if hasImage { return .maskedImage }
                return structural(traits)
            }
        }
        switch kind {
        case .image: return .image
        case .text, .swiftUIText:
            if traits.isTextInput { return .textInput }
            if traits.isToggle { return .toggle }
            return traits.isButton ? .button : .label
        case .webview: return .webView
        case .other, .map, .secureText:
            if traits.isToggle { return .toggle }
            if traits.isButton { return .button }
            if traits.isTextInput { return .textInput }
            if hasText { return .label }
            if hasImage { return .image }
            return .view
        }
    }

    /// A view that shows no content the policy masks.
    private static func structural(_ traits: ClassTraits) -> ReplayViewType {
        if traits.isToggle { return .toggle }
        if traits.isButton { return .button }
        return .view
    }
}
