/// Class declarations by name: superclass links, kinds and recursion.
///
/// The engine starts from ``TypeCatalog/builtin`` and lays a policy's own
/// `types:` declarations over it.
public struct TypeCatalog: Sendable {
    /// Declarations by class name, byte for byte, as the engine matches classes: keyed
    /// by `String`, a name spelled with U+212A KELVIN SIGN (`M\u{212A}MapView`) or a
    /// decomposed accent would replace the declaration of the name it is canonically
    /// equivalent to (`MKMapView`), which views of that class would then take.
    private var byName: [ExactString: ClassDeclaration]
    /// The same declarations in the engine's string table (FNV-1a over the bytes, not a
    /// seeded SipHash; a simple name looked up without making a `String` of it): the
    /// resolver looks each class of a chain up the first time it meets the class.
    private var index: StringTable<ClassDeclaration>

    private static func index(_ declarations: [ExactString: ClassDeclaration]) -> StringTable<ClassDeclaration> {
        var index = StringTable<ClassDeclaration>(capacity: declarations.count)
        for (name, declaration) in declarations { index.set(declaration, for: name.string) }
        return index
    }

    /// The declaration under exactly this name (no simple-name or generic fallback:
    /// see ``declaration(of:)`` for the one the engine uses).
    public func declaration(named name: String) -> ClassDeclaration? { byName[ExactString(name)] }

    /// Every declaration, one per name, in no particular order. (An array, not an
    /// opaque collection: `some` results need newer Apple OS versions than the package's
    /// defaults.)
    public var declarations: [ClassDeclaration] { Array(byName.values) }

    /// Every declared name, sorted by its bytes (two names that differ only in how an
    /// accent is encoded are two names).
    public var declaredNames: [String] { byName.keys.map(\.string).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }

    /// How many classes are declared.
    public var declarationCount: Int { byName.count }

    /// The longest class chain followed; a longer one is cut (and a cycle stops earlier).
    ///
    /// The policy compiler rejects a policy whose `types:` make a chain longer than this
    /// (`type-chain-limit`). Should a chain be cut anyway (a table built from a policy
    /// that skipped validation, or from a custom catalog), the resolver masks views of
    /// the class and does not emit their children, since the classes cut off may have
    /// carried a kind such as `map` (see ``isCut(_:)``). A view's own `superclasses`
    /// are used whole, whatever their length.
    public static let maximumChainLength = 256

    /// Creates a catalog from declarations; a later declaration of a name wins.
    public init(_ declarations: [ClassDeclaration] = []) {
        var byName: [ExactString: ClassDeclaration] = [:]
        for declaration in declarations { byName[ExactString(declaration.name)] = declaration }
        self.byName = byName
        index = Self.index(byName)
    }

    /// This catalog with `overlay` laid on top, in order: a field an entry leaves unset
    /// keeps what the catalog so far says, an earlier entry of the overlay included (a
    /// layer repeating a base's `PinLabel: {extends: UILabel}` keeps the base's `kind`).
    public func overlaid(with overlay: [ClassDeclaration]) -> TypeCatalog {
        var result = self
        for declaration in overlay {
            var merged = declaration
            let key = ExactString(declaration.name)
            if let base = result.byName[key] {
                merged.superclass = declaration.superclass ?? base.superclass
                merged.kind = declaration.kind ?? base.kind
                merged.recurse = declaration.recurse ?? base.recurse
            }
            result.byName[key] = merged
            result.index.set(merged, for: declaration.name)
        }
        return result
    }

    /// The declared classes a type selector naming `name` selects by name, and `name`
    /// itself: a selector names a class by its simple name too (`EditText` selects
    /// `android.widget.EditText`, ``ClassName/selects(_:_:)``), and each of those classes
    /// has its own chain. What a policy check must follow to know every class a type
    /// rule reaches; an undeclared `Module.Name` takes `name`'s declaration, so its chain
    /// is `name`'s.
    /// - Complexity: O(number of declarations).
    public func classesSelected(byType name: String) -> [String] {
        var names = [name]
        for declared in declaredNames where !declared.isExactly(name) && ClassName.selects(name, declared) { names.append(declared) }
        return names
    }

    /// Whether the catalog declares the class under this exact name.
    public func contains(_ name: String) -> Bool { byName[ExactString(name)] != nil }

    /// The declaration a class name stands for: its own, else its simple name's
    /// (``ClassName/simpleName(of:)``: `PrimaryButton` for `MyApp.PrimaryButton`).
    /// Every lookup of a class by the engine goes through here.
    ///
    /// A generic class (`SwiftUI.SecureField<SwiftUI.Text>`, as `String(reflecting:)`
    /// writes a SwiftUI view's type) extends its name without the arguments
    /// (``ClassName/genericBase(of:)``) unless its declaration names another
    /// superclass: an undeclared one gets a declaration saying just that, so its views
    /// take the bare class's kind and type rules (a secure field stays secure). A
    /// SwiftUI wrapper extends the view it holds (``ClassName/wrappedViews(of:)``):
    /// `ModifiedContent<SecureField<Text>, _PaddingLayout>` is a secure field with
    /// padding, and `_ConditionalContent<TextField<Text>, SecureField<Text>>` (a
    /// show-password toggle) extends the stricter of its two (``wrapperStrictness(_:)``).
    /// - Complexity: O(n) for a name of n bytes; a wrapper's arguments are looked up too.
    public func declaration(of name: String) -> ClassDeclaration? {
        let found = ClassName.lookup(name, in: index, both: false)
        guard let declared = found.own ?? found.simple else {
            return genericSuperclass(of: name).map { ClassDeclaration(name, extends: $0) }
        }
        guard declared.superclass == nil, let base = genericSuperclass(of: name) else { return declared }
        var linked = declared
        linked.superclass = base
        return linked
    }

    /// The class a generic class extends: the view a SwiftUI wrapper holds (of two, the
    /// stricter; a tie, the first), else its name without the arguments; nil for a name
    /// without arguments.
    func genericSuperclass(of name: String) -> String? {
        guard ClassName.hasGenericArguments(name) else { return nil }
        guard let wrapped = ClassName.wrappedViews(of: name), let first = wrapped.first else { return ClassName.genericBase(of: name) }
        guard wrapped.count > 1 else { return first }
        return wrapped.max { wrapperStrictness($0) < wrapperStrictness($1) }
    }

    /// How strictly the masking treats views of a class, to choose between the views a
    /// wrapper may hold: secure text 3, a text input 2, text or a map 1, anything else 0.
    /// A wrapper inside is read through (the strictest of what it may hold) up to
    /// ``maximumWrapperDepth`` levels, past which a view counts 0: the name is read
    /// level by level, never through ``declaration(of:)`` again, so nested
    /// `_ConditionalContent`s cost their size, not a power of it.
    func wrapperStrictness(_ name: String, depth: Int = 1) -> Int {
        if let wrapped = ClassName.wrappedViews(of: name) {
            guard depth < Self.maximumWrapperDepth else { return 0 }
            return wrapped.map { wrapperStrictness($0, depth: depth + 1) }.max() ?? 0
        }
        let chain = chain(of: name)
        switch kind(along: chain) {
        case .secureText: return 3
        case _ where chain.contains(where: Self.isTextInputClass): return 2
        case .text, .swiftUIText, .map: return 1
        default: return 0
        }
    }

    /// How deep ``wrapperStrictness(_:depth:)`` reads wrappers inside wrappers.
    static let maximumWrapperDepth = 16

    /// Whether the catalog declares the class, under its own or its simple name, or
    /// (for a generic class) knows its name without the arguments.
    public func knows(_ name: String) -> Bool {
        let found = ClassName.lookup(name, in: index, both: false)
        if found.own != nil || found.simple != nil { return true }
        return ClassName.genericBase(of: name).map(knows) ?? false
    }

    /// The class and its superclasses, most specific first. Each class's superclass
    /// is its ``declaration(of:)``'s.
    ///
    /// Stops at a class with no known superclass, at the first repeated class (a
    /// cycle, which the policy validator reports), or at ``maximumChainLength``.
    /// - Complexity: O(length of the chain).
    public func chain(of name: String) -> [String] {
        var result = [name]
        var current = name
        while result.count < Self.maximumChainLength, let next = declaration(of: current)?.superclass {
            // A repeat by bytes, as the engine walks: a look-alike name is another class.
            if result.contains(where: { $0.isExactly(next) }) { break }
            result.append(next)
            current = next
        }
        return result
    }

    /// Whether `chain`, as ``chain(of:)`` returned it, was cut at ``maximumChainLength``:
    /// its last class has a superclass that is not a repeat (a cycle).
    /// - Complexity: O(length of the chain).
    public func isCut(_ chain: [String]) -> Bool {
        guard chain.count >= Self.maximumChainLength, let last = chain.last, let next = declaration(of: last)?.superclass else { return false }
        return !chain.contains { $0.isExactly(next) }
    }

    /// The first kind declared along `chain`, or `.other`; `secure-text` for a chain
    /// that takes input with a class named for secure entry before that declaration
    /// (``chainKind(declared:takesInput:undeclaredNamesSecureEntry:)``).
    public func kind(along chain: [String]) -> ViewKind {
        let first = chain.firstIndex { declaration(of: $0)?.kind != nil }
        return Self.chainKind(declared: first.flatMap { declaration(of: chain[$0])?.kind },
                              takesInput: chain.contains(where: Self.isTextInputClass)) { chain[..<(first ?? chain.count)].contains(where: Self.namesSecureEntry) }
    }

    /// Whether views of the first class along `chain` that says so emit their subtree
    /// (`recurse`); `true` when none says.
    public func recurses(along chain: [String]) -> Bool {
        for name in chain { if let recurse = declaration(of: name)?.recurse { return recurse } }
        return true
    }

    /// ``chain(of:)``, ``kind(along:)``, ``recurses(along:)``, ``isCut(_:)`` and the
    /// chain's ``SelectorKind`` in one walk, with one ``declaration(of:)`` per class:
    /// what the resolver computes the first time it meets a class (each of those alone
    /// looks every class of the chain up again).
    func summary(of name: String) -> ChainSummary {
        var summary = ChainSummary(chain: [name])
        var current = name
        while true {
            let declaration = declaration(of: current)
            summary.note(current, declaration)
            guard let next = declaration?.superclass, !summary.chain.contains(where: { $0.isExactly(next) }) else { break }
            if summary.chain.count >= Self.maximumChainLength {
                summary.isCut = true
                break
            }
            summary.chain.append(next)
            current = next
        }
        return summary
    }

    /// The same for a chain given whole (a view's own `superclasses`): never cut.
    func summary(along chain: [String]) -> ChainSummary {
        var summary = ChainSummary(chain: chain)
        for name in chain { summary.note(name, declaration(of: name)) }
        return summary
    }
}

/// What the engine derives from a class chain's declarations (``TypeCatalog/summary(of:)``).
struct ChainSummary {
    /// The class and its superclasses, most specific first.
    var chain: [String]
    private var firstKind: ViewKind?
    /// How many classes of the chain come before the first declared kind.
    private var undeclaredCount = 0
    private var firstRecurse: Bool?
    /// Whether a class of the chain is one of ``TypeCatalog/textInputClasses``.
    private var takesInput = false
    /// Whether the chain was cut at ``TypeCatalog/maximumChainLength``.
    var isCut = false

    init(chain: [String]) { self.chain = chain }

    /// The first kind declared along the chain, or `.other`, or `secure-text` for an
    /// input named for secure entry (``TypeCatalog/kind(along:)``).
    var kind: ViewKind { TypeCatalog.chainKind(declared: firstKind, takesInput: takesInput) { chain[..<undeclaredCount].contains(where: TypeCatalog.namesSecureEntry) } }
    /// ``TypeCatalog/recurses(along:)``.
    var recurses: Bool { firstRecurse ?? true }
    /// ``TypeCatalog/selectorKind(along:)``.
    var selectorKind: SelectorKind { SelectorKind(kind: kind, takesInput: takesInput) }

    mutating func note(_ name: String, _ declaration: ClassDeclaration?) {
        if firstKind == nil {
            firstKind = declaration?.kind
            if firstKind == nil { undeclaredCount += 1 }
        }
        if firstRecurse == nil { firstRecurse = declaration?.recurse }
        if !takesInput && TypeCatalog.isTextInputClass(name) { takesInput = true }
    }
}
