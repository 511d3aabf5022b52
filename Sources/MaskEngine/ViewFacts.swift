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
    /// `tag`; 0 (UIKit's default) counts as no tag.
    public var tag: Int?
    /// Whether the view hides its text: iOS `isSecureTextEntry`, Android's accessibility
    /// `password`, React Native's `secureTextEntry`, Flutter's `obscureText`.
    public var isSecureTextEntry: Bool
    /// Android `inputType` bits; password variations make the view secure (-1: an
    /// `inputType` that could not be read, which counts as secure).
    public var inputType: Int?
    /// Where the view's image comes from, if the capture says (`images: mask-non-bundled`
    /// shows only bundled ones); nil: unknown, not bundled.
    public var imageSource: ImageSource?
    /// The facts most views lack, in one shared box (nil when none is set): copying the
    /// facts, as an encoder does for each view it reads, then costs one reference count
    /// for the three of them, not three.
    private var rare: RareViewFacts?

    /// `restorationIdentifier`.
    public var restorationIdentifier: String? {
        get { rare?.restorationIdentifier }
        set { setRare(newValue, textContentType, autofillHints) }
    }
    /// iOS `textContentType`; some values make the view secure (see ``SecureContent``).
    public var textContentType: String? {
        get { rare?.textContentType }
        set { setRare(restorationIdentifier, newValue, autofillHints) }
    }
    /// Android `autofillHints`; a hint naming a secret makes the view secure.
    public var autofillHints: [String]? {
        get { rare?.autofillHints }
        set { setRare(restorationIdentifier, textContentType, newValue) }
    }

    private mutating func setRare(_ restorationIdentifier: String?, _ textContentType: String?, _ autofillHints: [String]?) {
        rare = restorationIdentifier == nil && textContentType == nil && autofillHints == nil ? nil
            : RareViewFacts(restorationIdentifier: restorationIdentifier, textContentType: textContentType, autofillHints: autofillHints)
    }

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
        self.tag = tag
        self.isSecureTextEntry = isSecureTextEntry
        self.inputType = inputType
        self.imageSource = imageSource
        setRare(restorationIdentifier, textContentType, autofillHints)
    }

    public static func == (a: ViewFacts, b: ViewFacts) -> Bool {
        a.className == b.className && a.superclasses == b.superclasses && a.id == b.id
            && a.accessibilityIdentifier == b.accessibilityIdentifier && a.tag == b.tag
            && a.isSecureTextEntry == b.isSecureTextEntry && a.inputType == b.inputType
            && a.imageSource == b.imageSource && a.restorationIdentifier == b.restorationIdentifier
            && a.textContentType == b.textContentType && a.autofillHints == b.autofillHints
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(className)
        hasher.combine(superclasses)
        hasher.combine(id)
        hasher.combine(accessibilityIdentifier)
        hasher.combine(tag)
        hasher.combine(isSecureTextEntry)
        hasher.combine(inputType)
        hasher.combine(imageSource)
        hasher.combine(restorationIdentifier)
        hasher.combine(textContentType)
        hasher.combine(autofillHints)
    }

    /// The tag, if it is set to something other than UIKit's default 0.
    var effectiveTag: Int? {
        guard let tag, tag != 0 else { return nil }
        return tag
    }
}

extension ViewFacts: CustomReflectable {
    /// The facts as they are set, the boxed ones among them (for test failures and
    /// debugging).
    public var customMirror: Mirror {
        Mirror(self, children: [
            "className": className, "superclasses": superclasses as Any, "id": id as Any,
            "accessibilityIdentifier": accessibilityIdentifier as Any, "restorationIdentifier": restorationIdentifier as Any,
            "tag": tag as Any, "isSecureTextEntry": isSecureTextEntry, "textContentType": textContentType as Any,
            "inputType": inputType as Any, "autofillHints": autofillHints as Any, "imageSource": imageSource as Any,
        ], displayStyle: .struct)
    }
}

/// ``ViewFacts``' rarely set facts, shared between copies and never changed (a setter
/// makes a new one).
private final class RareViewFacts: Sendable {
    let restorationIdentifier: String?
    let textContentType: String?
    let autofillHints: [String]?

    init(restorationIdentifier: String?, textContentType: String?, autofillHints: [String]?) {
        self.restorationIdentifier = restorationIdentifier
        self.textContentType = textContentType
        self.autofillHints = autofillHints
    }
}
