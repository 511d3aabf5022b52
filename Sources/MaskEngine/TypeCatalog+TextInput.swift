/// Which classes take text input: fields and editors, where users type what they send.
extension TypeCatalog {
    /// The built-in classes whose views take text input: UIKit text fields and text
    /// views, SwiftUI fields and editors, Android edit texts (platform, AppCompat,
    /// Material) and their XCUITest element types.
    ///
    /// This is the one list of input classes: a class whose chain reaches one of these
    /// (a subclass, or a policy class declared to extend one) takes text input too, see
    /// ``isTextInput(_:)``. Secure entry is a separate question (``SecureContent``):
    /// `SwiftUI.SecureField` and `XCUIElementTypeSecureTextField` are here, and their
    /// kind makes them secure as well.
    public static let textInputClasses: Set<String> = [
        "UITextField", "UISearchTextField", "UITextView",
        "SwiftUI.TextField", "SwiftUI.SecureField", "SwiftUI.TextEditor", "TextField", "SecureField", "TextEditor",
        "android.widget.EditText", "android.widget.AutoCompleteTextView", "android.widget.MultiAutoCompleteTextView",
        "androidx.appcompat.widget.AppCompatEditText", "androidx.appcompat.widget.AppCompatAutoCompleteTextView",
        "com.google.android.material.textfield.TextInputEditText", "com.google.android.material.textfield.MaterialAutoCompleteTextView",
        "XCUIElementTypeTextField", "XCUIElementTypeSecureTextField", "XCUIElementTypeTextView", "XCUIElementTypeSearchField",
    ]

    /// ``textInputClasses`` in the engine's string table (FNV-1a over the bytes), for the
    /// resolver's walk of a chain the first time it meets a class.
    static let textInputIndex: StringTable<Int32> = {
        var index = StringTable<Int32>(capacity: textInputClasses.count)
        for (number, name) in textInputClasses.sorted().enumerated() { index.set(Int32(number), for: name) }
        return index
    }()

    /// Whether views of the class take text input: its class chain (in this catalog)
    /// reaches one of ``textInputClasses``.
    /// - Complexity: O(length of the chain).
    public func isTextInput(_ name: String) -> Bool {
        chain(of: name).contains { Self.textInputClasses.contains($0) }
    }

    /// Every class this catalog declares that takes text input (``isTextInput(_:)``),
    /// sorted by name.
    /// - Complexity: O(c x l) for c declared classes with chains of length l.
    public var textInputClassNames: [String] {
        declaredNames.filter(isTextInput)
    }
}
