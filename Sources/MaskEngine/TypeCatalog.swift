/// Class declarations by name: superclass links, kinds and recursion.
///
/// The engine starts from ``TypeCatalog/builtin`` and lays a policy's own
/// `types:` declarations over it.
public struct TypeCatalog: Sendable {
    /// Declarations by class name.
    public private(set) var declarations: [String: ClassDeclaration]

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
        self.declarations = [:]
        for declaration in declarations { self.declarations[declaration.name] = declaration }
    }

    /// This catalog with `overlay` laid on top: a field the overlay leaves unset keeps
    /// this catalog's value.
    public func overlaid(with overlay: [ClassDeclaration]) -> TypeCatalog {
        var result = self
        for declaration in overlay {
            var merged = declaration
            if let base = declarations[declaration.name] {
                merged.superclass = declaration.superclass ?? base.superclass
                merged.kind = declaration.kind ?? base.kind
                merged.recurse = declaration.recurse ?? base.recurse
            }
            result.declarations[declaration.name] = merged
        }
        return result
    }

    /// Whether the catalog declares the class under this exact name.
    public func contains(_ name: String) -> Bool { declarations[name] != nil }

    /// The declaration a class name stands for: its own, else its simple name's
    /// (``ClassName/simpleName(of:)``: `PrimaryButton` for `MyApp.PrimaryButton`).
    /// Every lookup of a class by the engine goes through here.
    /// - Complexity: O(n) for a name of n bytes.
    public func declaration(of name: String) -> ClassDeclaration? {
        if let own = declarations[name] { return own }
        guard let simple = ClassName.simpleName(of: name) else { return nil }
        return declarations[simple]
    }

    /// Whether the catalog declares the class, under its own or its simple name.
    public func knows(_ name: String) -> Bool { declaration(of: name) != nil }

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
            if result.contains(next) { break }
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
        return !chain.contains(next)
    }

    /// The first kind declared along `chain`, or `.other`.
    public func kind(along chain: [String]) -> ViewKind {
        for name in chain { if let kind = declaration(of: name)?.kind { return kind } }
        return .other
    }

    /// Whether views of the first class along `chain` that says so emit their subtree
    /// (`recurse`); `true` when none says.
    public func recurses(along chain: [String]) -> Bool {
        for name in chain { if let recurse = declaration(of: name)?.recurse { return recurse } }
        return true
    }
}
