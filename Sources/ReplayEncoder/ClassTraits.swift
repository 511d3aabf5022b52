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
        self.init(className: chain.first ?? "", superclasses: chain.dropFirst())
    }

    /// The traits of a class and its superclasses (nearest first).
    init<Rest: Sequence<String>>(className: String, superclasses: Rest) {
        add(className)
        for name in superclasses { add(name) }
        // Classes the catalog does not know, by name.
        if !isToggle && !isButton {
            if className.hasSuffix("Switch") || className.hasSuffix("CheckBox") || className.hasSuffix("Toggle") { isToggle = true }
            else if className.hasSuffix("Button") { isButton = true }
        }
        if isToggle { isButton = false }
    }

    private mutating func add(_ name: String) {
        if Self.clippingClasses.contains(name) { clipsByDefault = true }
        if TypeCatalog.textInputClasses.contains(name) { isTextInput = true }
        if Self.toggleClasses.contains(name) { isToggle = true }
        if Self.buttonClasses.contains(name) { isButton = true }
    }
}

/// The traits of each class met, computed once per class: kept by the engine's class
/// number (``MaskEngine/MaskingTraversal/classNumber``), so a view costs one array read
/// rather than a second lookup of its class name.
struct ClassTraitsCache {
    /// Where class chains come from, for views that do not give theirs.
    let catalog: TypeCatalog
    private var byNumber: [ClassTraits?] = []
    /// The engine's class generation the numbers belong to.
    private var generation = 0

    init(catalog: TypeCatalog) {
        self.catalog = catalog
    }

    /// The traits of the view just entered into `traversal`: from its own
    /// `superclasses` when the view gives them, else from the catalog.
    mutating func traits(of facts: ViewFacts, number: Int32, generation current: Int) -> ClassTraits {
        if let superclasses = facts.superclasses {
            return ClassTraits(className: facts.className, superclasses: superclasses)
        }
        if current != generation {
            byNumber.removeAll(keepingCapacity: true)
            generation = current
        }
        let index = Int(number)
        if index >= 0, index < byNumber.count, let known = byNumber[index] { return known }
        let found = ClassTraits(chain: catalog.chain(of: facts.className))
        if index >= 0 {
            if index >= byNumber.count { byNumber.append(contentsOf: repeatElement(nil, count: index + 1 - byNumber.count)) }
            byNumber[index] = found
        }
        return found
    }
}
