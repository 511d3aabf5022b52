import MaskEngine

/// What a selector reaches: its selector, its screen (nil: every screen) and whether it
/// reaches descendants. A rule's, an `allowUnmask:` entry's or a lock's.
public struct SelectorReach: Sendable, Hashable {
    /// The selector.
    public var selector: ViewSelector
    /// The screen it is scoped to, or nil for every screen.
    public var screen: String?
    /// Whether it reaches the descendants of the views it selects.
    public var recursive: Bool

    /// Creates a reach.
    public init(_ selector: ViewSelector, screen: String? = nil, recursive: Bool = true) {
        self.selector = selector
        self.screen = screen
        self.recursive = recursive
    }

    /// A rule's reach.
    public init(_ rule: MaskRule) {
        self.init(rule.selector, screen: rule.screen, recursive: rule.recursive)
    }
}

/// When one reach covers another: every view the narrow one decides (the views it
/// selects and, when recursive, their descendants), the wide one reaches too. The one
/// definition behind `allowUnmask:` (an entry covers a layer's unmask) and `dead-by-lock`
/// (a lock covers an unmask), decided from the policy alone:
///
/// - **Screens**: the wide reach is on every screen, or on the narrow one's screen. A
///   rule scoped to a screen is inside an unscoped entry; an unscoped rule is never
///   inside a scoped entry.
/// - **Descendants**: the wide reach is recursive, or the narrow one is not.
/// - **Selectors of the same key**:
///   - `type`: every class the narrow selector names (its class, and when that is a
///     simple name every declared `Module.Name` class, ``TypeCatalog/classesSelected(byType:)``)
///     is a class the wide selector names, or a subclass of one, along the class chains
///     the policy declares (its `types:` over the built-in catalog). A view whose
///     capture brings its own `superclasses` is judged by them at run time, not here.
///   - `id`, `accessibilityIdentifier`, `restorationIdentifier`, `target`: every value
///     the narrow pattern matches, the wide pattern matches. For `*` globs this holds
///     exactly when the wide pattern matches the narrow one's text, its `*`s read as
///     characters: an exact identifier inside an allowed glob (`catalog.title` in
///     `catalog.*`), a narrower glob inside a wider one (`catalog.row.*` in `catalog.*`).
///   - `tag`: the same number.
///   - `kind` over `type`: every class the type selects (and every class the policy
///     or the built-in catalog declares below it) has that selector kind
///     (`mask: {kind: input, lock: true}` covers `unmask: {type: UITextField}`).
/// - **Other selectors of different keys** never cover each other, even where they could
///   select the same views (an `accessibilityIdentifier` entry does not cover a
///   `target` naming that identifier): the policy cannot tell, so it assumes not.
///
/// Further selector keys follow the same rule: a key covers only its own key, by its own
/// containment (a `kind:` selector covers the same kind only).
public enum RuleCoverage {
    /// Whether `wide` covers `narrow` (see the type's documentation).
    /// - Parameter catalog: the class declarations `type` selectors are read along.
    /// - Complexity: O(chain length) for types; O(n·k) for globs of n bytes and k pieces.
    public static func covers(_ wide: SelectorReach, _ narrow: SelectorReach, catalog: TypeCatalog) -> Bool {
        // Screens and classes byte for byte, as the engine matches them.
        if let screen = wide.screen, !Optional(screen).isExactly(narrow.screen) { return false }
        if narrow.recursive && !wide.recursive { return false }
        return selects(wide.selector, everyViewOf: narrow.selector, catalog: catalog)
    }

    /// Whether every view `narrow` selects, `wide` selects.
    public static func selects(_ wide: ViewSelector, everyViewOf narrow: ViewSelector, catalog: TypeCatalog) -> Bool {
        switch (wide, narrow) {
        case (.type(let wideClass), .type(let narrowClass)):
            // Every class the narrow selector reaches by name (its simple name selects
            // `Module.Name` classes declared with chains of their own) is, or descends
            // from, a class the wide one selects.
            return catalog.classesSelected(byType: narrowClass).allSatisfy { name in
                catalog.chain(of: name).contains { ClassName.selects(wideClass, $0) }
            }
        case (.kind(let kind), .type(let narrowClass)):
            // Every class the type selects (itself, by its simple name, and every class
            // declared below it) is of the kind: a `types:` entry that gives a subclass
            // another kind takes it out.
            let selected = catalog.classesSelected(byType: narrowClass)
            guard selected.allSatisfy({ catalog.selectorKind(along: catalog.chain(of: $0)) == kind }) else { return false }
            return catalog.declarations.allSatisfy { declaration in
                let chain = catalog.chain(of: declaration.name)
                return !chain.contains { ClassName.selects(narrowClass, $0) } || catalog.selectorKind(along: chain) == kind
            }
        case (.tag(let a), .tag(let b)):
            return a == b
        case (.kind(let a), .kind(let b)):
            return a == b
        case (.id(let w), .id(let n)), (.accessibilityIdentifier(let w), .accessibilityIdentifier(let n)),
             (.restorationIdentifier(let w), .restorationIdentifier(let n)), (.target(let w), .target(let n)):
            // No literal `*` can be in `w` (a star is always a wildcard), so a star of the
            // narrow text can only be absorbed by one of w's stars, which absorbs any run.
            return w.matches(n.text)
        default:
            return false
        }
    }
}
