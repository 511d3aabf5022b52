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
        if TypeCatalog.isTextInputClass(name) { isTextInput = true }
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
    /// By superclass-chain number (the engine's -2, -3... as 0, 1...).
    private var byGivenChain: [ClassTraits?] = []
    /// The engine's class generation the numbers belong to.
    private var generation = 0

    init(catalog: TypeCatalog) {
        self.catalog = catalog
    }

    /// The traits of the view just entered into `traversal`: from its own
    /// `superclasses` when the view gives them, else from the catalog.
    @inline(__always)
    mutating func traits(of facts: ViewFacts, number: Int32, generation current: Int) -> ClassTraits {
        // The class met before, inline; the rest out of line (as a call, this read cost
        // the call and its spills a view).
        if current == generation && number >= 0 && Int(number) < byNumber.count, let known = byNumber[Int(number)] { return known }
        return traitsMissed(of: facts, number: number, generation: current)
    }

    @inline(never)
    private mutating func traitsMissed(of facts: ViewFacts, number: Int32, generation current: Int) -> ClassTraits {
        if current != generation {
            byNumber.removeAll(keepingCapacity: true)
            byGivenChain.removeAll(keepingCapacity: true)
            generation = current
        }
        if number >= 0 {
            let index = Int(number)
            if index < byNumber.count, let known = byNumber[index] { return known }
            let found = ClassTraits(chain: catalog.chain(of: facts.className))
            Self.keep(found, at: index, in: &byNumber)
            return found
        }
        guard let superclasses = facts.superclasses else { return ClassTraits(chain: catalog.chain(of: facts.className)) }
        // A view that brought its own chain: numbered -2, -3... per class and chain.
        guard number <= -2 else { return ClassTraits(className: facts.className, superclasses: superclasses) }
        let index = Int(-2 - number)
        if index < byGivenChain.count, let known = byGivenChain[index] { return known }
        let found = ClassTraits(className: facts.className, superclasses: superclasses)
        Self.keep(found, at: index, in: &byGivenChain)
        return found
    }

    private static func keep(_ traits: ClassTraits, at index: Int, in kept: inout [ClassTraits?]) {
        if index >= kept.count { kept.append(contentsOf: repeatElement(nil, count: index + 1 - kept.count)) }
        kept[index] = traits
    }
}
