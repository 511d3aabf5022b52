/// Which classes take text input: fields and editors, where users type what they send.
extension TypeCatalog {
    /// The built-in classes whose views take text input: UIKit text fields and text
    /// views, SwiftUI fields and editors, Android edit texts (platform, AppCompat,
    /// Material) and their XCUITest element types, search views' editors, React
    /// Native's, Flutter's, Material Components for iOS's and Stripe's fields; and the
    /// label UIKit draws a text field's text in (``fieldTextClasses``).
    ///
    /// This is the one list of input classes: a class whose chain reaches one of these
    /// (a subclass, or a policy class declared to extend one) takes text input too, see
    /// ``isTextInput(_:)``. Secure entry is a separate question (``SecureContent``):
    /// `SwiftUI.SecureField` and `XCUIElementTypeSecureTextField` are here, and their
    /// kind makes them secure as well.
    public static let textInputClasses: Set<String> = Set<String>([
        "UITextField", "UISearchTextField", "UITextView", "UITextFieldLabel",
        "SwiftUI.TextField", "SwiftUI.SecureField", "SwiftUI.TextEditor", "TextField", "SecureField", "TextEditor",
        "android.widget.EditText", "android.widget.AutoCompleteTextView", "android.widget.MultiAutoCompleteTextView",
        "androidx.appcompat.widget.AppCompatEditText", "androidx.appcompat.widget.AppCompatAutoCompleteTextView",
        "com.google.android.material.textfield.TextInputEditText", "com.google.android.material.textfield.MaterialAutoCompleteTextView",
        "XCUIElementTypeTextField", "XCUIElementTypeSecureTextField", "XCUIElementTypeTextView", "XCUIElementTypeSearchField",
    ]).union(fieldTextClasses.keys).union(libraryInputClasses)

    /// The fields of cross-platform and component libraries and platform classes that
    /// captures name without their superclasses, by the class names their views carry
    /// at run time: search views' editors (nested classes), XCUITest's combo box, React
    /// Native's, Flutter's, Material Components for iOS's, Stripe's and .NET MAUI's fields. Inputs by name, like
    /// ``fieldTextClasses``, and not declared in the built-in catalog (a declaration
    /// each would cost every resolver's first frame): a view that brings no superclasses
    /// is not a `UITextField` to a type rule; one that brings them reaches `UITextField`
    /// or `EditText` anyway. `kind: input` and `defaults.inputs` reach them either way.
    public static let libraryInputClasses: Set<String> = Set<String>([
        "android.widget.SearchView$SearchAutoComplete", "androidx.appcompat.widget.SearchView$SearchAutoComplete",
        "XCUIElementTypeComboBox", "XCUIElementTypePickerWheel",
        "RCTUITextField", "RCTUITextView", "com.facebook.react.views.textinput.ReactEditText",
        "FlutterTextInputView",
        "MDCTextField", "MDCBaseTextField", "MDCFilledTextField", "MDCOutlinedTextField", "MDCMultilineTextField",
        "MDCBaseTextArea", "MDCFilledTextArea", "MDCOutlinedTextArea",
        "STPFormTextField", "STPPaymentCardTextField",
        // .NET MAUI's editor on iOS (a `UITextView`); AppKit's text view.
        "MauiTextView", "NSTextView",
    ]).union(androidInputSimpleNames)

    /// Android's input classes by their simple names, for the captures that write a
    /// class as `getClass().getSimpleName()` does (`EditText`), and for the same classes
    /// in other packages (the support library's `android.support.v7.widget.AppCompatEditText`,
    /// `android.support.design.widget.TextInputEditText`): a name is looked up by itself
    /// and by its simple name, so `android.support.v7.widget.SearchView$SearchAutoComplete`
    /// and an app's own `com.example.EditText` take input too (when in doubt, input).
    /// Search views' editor written with a `.` (`SearchView.SearchAutoComplete`, as
    /// Kotlin's `qualifiedName` writes a nested class) is `SearchAutoComplete`.
    public static let androidInputSimpleNames: Set<String> = [
        "EditText", "AutoCompleteTextView", "MultiAutoCompleteTextView", "ExtractEditText",
        "AppCompatEditText", "AppCompatAutoCompleteTextView", "AppCompatMultiAutoCompleteTextView",
        "TextInputEditText", "MaterialAutoCompleteTextView", "EmojiEditText", "EmojiAppCompatEditText",
        "SearchEditText", "SearchView$SearchAutoComplete", "SearchAutoComplete", "ReactEditText", "Spinner",
    ]

    /// The classes of ``textInputClasses`` that a platform draws a field's text in,
    /// inside the field, each with the superclass captures give it and the field class
    /// it lives in: UIKit's `UITextFieldLabel` (a `UILabel` inside a `UITextField`) holds
    /// what was typed once editing ends. They take
    /// input as their field does (`kind: input` selects them, `kind: text` does not, the
    /// inputs' default reaches them). They are not declared in the built-in catalog: a
    /// view that brings no superclasses is not a `UILabel` for a type rule; one that
    /// does (`"superclasses": ["UILabel", ...]`) is, and a type unmask on a class above
    /// it (`UILabel`) is the `unmask-reaches-field-text` warning's, not
    /// `unmask-covers-input`'s.
    public static let fieldTextClasses: [String: FieldText] = ["UITextFieldLabel": FieldText(superclass: "UILabel", field: "UITextField")]

    /// What the catalog knows of a class a field draws its text in (``fieldTextClasses``).
    public struct FieldText: Sendable, Hashable {
        /// The superclass captures give the class (`UILabel`).
        public let superclass: String
        /// The field class the view lives in (`UITextField`): a lock on it (or on a class
        /// above it) reaches the view as its parent.
        public let field: String

        public init(superclass: String, field: String) {
            self.superclass = superclass
            self.field = field
        }
    }

    /// ``textInputClasses`` in the engine's string table (FNV-1a over the bytes), for the
    /// resolver's walk of a chain the first time it meets a class.
    static let textInputIndex: StringTable<Int32> = {
        var index = StringTable<Int32>(capacity: textInputClasses.count)
        for (number, name) in textInputClasses.sorted().enumerated() { index.set(Int32(number), for: name) }
        return index
    }()

    /// Whether a class name is one of ``textInputClasses``: itself, or by its simple
    /// name (``ClassName``), as every other lookup of a class reads it. Swift's
    /// `String(reflecting:)` writes UIKit's classes as `__C.UITextField`, and captures
    /// write `UIKit.UITextField`: both take text input. The one test of a class name
    /// for input; every consumer (the resolver, `kind: input`, the encoder, the audit)
    /// asks it.
    /// - Complexity: O(n) for a name of n bytes.
    public static func isTextInputClass(_ name: String) -> Bool {
        // Most qualified names met (`android.widget.FrameLayout`, an app's own classes)
        // cannot be one: the first and last bytes of the list's names without a `.` tell,
        // before any hashing (a chain's classes are asked on a cold frame).
        let found = ClassName.lookup(name, in: textInputIndex, both: false, simpleNameEdges: simpleNameBytes)
        return found.own != nil || found.simple != nil || isInputByName(name)
    }

    /// The endings of the names of fields and editors the list does not hold, from
    /// libraries and platforms captures name without superclasses: Stripe's
    /// `CvcEditText`, Xamarin's `FormsEditText`, `MauiTextField`, Flutter's
    /// `FlutterSecureTextInputView`, Compose Multiplatform's `IntermediateTextInputUIView`,
    /// React Native's `RCTTextInputComponentView`, UIKit's `UIFieldEditor`. A name
    /// ending in one takes input: when in doubt, input. Value pickers' endings are
    /// ``valuePickerNameEndings``.
    public static let inputNameEndings: [String] = [
        "EditText", "TextField", "SecureField", "SearchField", "TextArea", "TextEditor", "FieldEditor",
        "TextInputView", "TextInputUIView", "TextInputComponentView", "TextFieldCanvasView", "PinView",
    ]

    /// The endings of value pickers' class names: what a picker shows is what the user
    /// chose (a birth date, a country), so it is an input to `kind: input` and
    /// `defaults.inputs`, as to Datadog's `maskAllInputs`: `UIDatePicker`,
    /// `UIPickerView`, Android's `DatePicker`, `TimePicker`, `NumberPicker` and
    /// `Spinner`, SwiftUI's `Picker` and `DatePicker`, XCUITest's
    /// `XCUIElementTypeDatePicker` (with ``valuePickerNames``). A loading indicator named
    /// `LoadingSpinner` is an input too: when in doubt, input. Nobody types into one, so
    /// `unmask-covers-input` does not report them (``isValuePicker(_:)``).
    public static let valuePickerNameEndings: [String] = ["Picker", "PickerView", "Spinner"]

    /// Value pickers named whole: Android's `Spinner` by its simple name, XCUITest's
    /// picker wheel.
    public static let valuePickerNames: Set<String> = ["Spinner", "XCUIElementTypePickerWheel"]

    /// Whether a class name is a value picker's (``valuePickerNameEndings``,
    /// ``valuePickerNames``), by itself or its simple name.
    public static func isValuePicker(_ name: String) -> Bool {
        if valuePickerNames.contains(name) || ClassName.simpleName(of: name).map(valuePickerNames.contains) == true { return true }
        return valuePickerNameEndings.contains { name.utf8.count > $0.utf8.count && name.hasSuffix($0) }
    }

    /// The last bytes of ``inputNameEndings`` and of the words ``namesSecureInput(_:)``
    /// ends on, in either case: a name ending in none of them is not read further.
    private static let inputEndingLastBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for name in inputNameEndings + valuePickerNameEndings + ["field", "input", "entry", "box", "pad", "editor", "view"] {
            guard let last = name.utf8.last else { continue }
            table[Int(last)] = true
            table[Int(last & ~0x20)] = true
        }
        // A count or version after the last word (`PinField2`).
        for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(digit)] = true }
        return table
    }()

    /// Whether a class name ends in one of ``inputNameEndings`` (after its module or
    /// package, or `$` of a nested class), with at least one byte before it (`EditText`
    /// and `TextField` alone are in the list), or is named as an input for secure entry
    /// (``namesSecureInput(_:)``: `MyPasswordField`, `OtpView`, `PinCodeView`).
    /// - Complexity: O(e) for the endings' total length, after a one-byte check.
    static func isInputByName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { whole in
            guard let last = whole.last, inputEndingLastBytes[Int(last)] else { return false }
            // An anonymous class (`PasswordEditText$1`) by the name it is numbered in.
            let bytes = last &- 0x30 < 10 ? withoutAnonymousSuffix(whole) : whole
            for ending in inputNameEndingBytes where bytes.count > ending.count {
                var index = 0, offset = bytes.count - ending.count
                while index < ending.count && bytes[offset + index] == ending[index] { index += 1 }
                if index == ending.count { return true }
            }
            return namesSecureInput(bytes)
        }
    }

    /// ``inputNameEndings`` as bytes.
    private static let inputNameEndingBytes: [[UInt8]] = (inputNameEndings + valuePickerNameEndings).map { Array($0.utf8) }

    static let simpleNameBytes = ClassName.EdgeBytes(textInputClasses)

    /// Whether views of the class take text input: its class chain (in this catalog)
    /// reaches one of ``textInputClasses`` (``isTextInputClass(_:)``).
    /// - Complexity: O(length of the chain).
    public func isTextInput(_ name: String) -> Bool {
        chain(of: name).contains(where: Self.isTextInputClass)
    }

    /// Every class this catalog declares that takes text input (``isTextInput(_:)``),
    /// sorted by name.
    /// - Complexity: O(c x l) for c declared classes with chains of length l.
    public var textInputClassNames: [String] {
        declaredNames.filter(isTextInput)
    }
}
