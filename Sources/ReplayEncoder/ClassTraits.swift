import MaskEngine

/// What a view's class chain tells the encoder beyond the engine's kind: whether it
/// clips its children by default, and whether it is a text input, a button or a toggle.
struct ClassTraits: Sendable, Hashable {
    /// Scroll views (UIKit, SwiftUI, Android) and Android `ViewGroup`s clip their
    /// children unless a tree says otherwise.
    var clipsByDefault = false
    /// A text input (``MaskEngine/TypeCatalog/textInputClasses`` along the chain).
    var isTextInput = false
    /// A button.
    var isButton = false
    /// A switch, check box, radio button or toggle.
    var isToggle = false

    /// Classes whose views clip their children.
    static let clippingClasses: Set<String> = [
        "UIScrollView", "SwiftUI.ScrollView", "android.view.ViewGroup", "XCUIElementTypeScrollView",
        "XCUIElementTypeTable", "XCUIElementTypeCollectionView",
    ]
    /// Buttons.
    static let buttonClasses: Set<String> = [
        "UIButton", "SwiftUI.Button", "android.widget.Button", "android.widget.ImageButton", "XCUIElementTypeButton",
    ]
    /// Toggles (checked before buttons: Android's check boxes are buttons).
    static let toggleClasses: Set<String> = [
        "UISwitch", "SwiftUI.Toggle", "android.widget.CompoundButton", "XCUIElementTypeSwitch",
        "XCUIElementTypeCheckBox", "XCUIElementTypeToggle",
    ]

    /// The traits of a class chain (most specific first).
    init(chain: [String]) {
        for name in chain {
            if Self.clippingClasses.contains(name) { clipsByDefault = true }
            if TypeCatalog.textInputClasses.contains(name) { isTextInput = true }
            if Self.toggleClasses.contains(name) { isToggle = true }
            if Self.buttonClasses.contains(name) { isButton = true }
        }
        // Classes the catalog does not know, by name.
        if let name = chain.first, !isToggle && !isButton {
            if name.hasSuffix("Switch") || name.hasSuffix("CheckBox") || name.hasSuffix("Toggle") { isToggle = true }
            else if name.hasSuffix("Button") { isButton = true }
        }
        if isToggle { isButton = false }
    }
}

/// The traits of each class met, computed once per class name: a small direct-mapped
/// cache in front of a dictionary, so most views cost one string comparison.
struct ClassTraitsCache {
    private var traits: [String: ClassTraits] = [:]
    private var slots = [(name: String, traits: ClassTraits)?](repeating: nil, count: 256)

    /// The traits of the view's class: from its own `superclasses` when the view gives
    /// them, else from the catalog.
    mutating func traits(of facts: ViewFacts, catalog: TypeCatalog) -> ClassTraits {
        if let superclasses = facts.superclasses {
            return ClassTraits(chain: [facts.className] + superclasses)
        }
        let name = facts.className
        let utf8 = name.utf8
        // A cheap slot: length and the last two bytes.
        var slot = utf8.count &* 31
        if let last = utf8.last { slot &+= Int(last) &* 7 }
        if utf8.count > 1 { slot &+= Int(utf8[utf8.index(utf8.endIndex, offsetBy: -2)]) }
        slot &= 255
        if let cached = slots[slot], cached.name == name { return cached.traits }
        let found: ClassTraits
        if let known = traits[name] {
            found = known
        } else {
            found = ClassTraits(chain: catalog.chain(of: name))
            traits[name] = found
        }
        slots[slot] = (name, found)
        return found
    }
}
