/// How reports name the places of a tree without printing a value through them: a
/// screen, a class or an identifier that a value detector finds personal data in (an
/// id that is a card number, a screen named by an e-mail address) is shown by its
/// shape, and a view whose id holds some by its index path. The audit, `maskc test`,
/// `maskc diff --trees`, `maskc check --trees` and the previews' titles all name places
/// through here.
public enum ReportName {
    /// The separators a shape-only excerpt keeps: they give e-mail addresses, phone,
    /// card and account numbers and tokens their shape, and are no content.
    public static let separators: Set<Character> = ["@", ".", "-", "_", "+", "(", ")", "/", ":"]

    /// A shape-only excerpt of a value, at most 24 characters: letters become `x`,
    /// digits `#`, whitespace a space, the ``separators`` stay, and every other
    /// character (punctuation, symbols, controls, marks) becomes `?`; `…` when cut.
    /// Made of those characters only: it shows what was found, never the value, and
    /// carries nothing a terminal would obey.
    /// - Complexity: O(n), at most 24 characters read past the start.
    public static func excerpt(_ value: String) -> String {
        let out = String(value.prefix(24).map { shape($0) })
        return value.count > 24 ? out + "…" : out
    }

    /// What a shape shows of one character (``excerpt(_:)``); `kept` stays as it is.
    private static func shape(_ character: Character, keeping kept: Set<Character> = separators) -> Character {
        if character.isLetter { return "x" }
        if character.isNumber { return "#" }
        if character.isWhitespace { return " " }
        return kept.contains(character) ? character : "?"
    }

    /// A name from the tree (a screen, a class) as a report prints it: itself, or
    /// where a value detector finds personal data in it, its ``excerpt(_:)``.
    /// - Complexity: O(n).
    public static func printable(_ name: String) -> String {
        ValueDetectors.scan(name).isEmpty ? name : excerpt(name)
    }

    /// A reliable target as a report prints it: itself, or where a value detector finds
    /// personal data in it (an identifier, a tag or a screen it names), its shape whole
    /// (letters `x`, digits `#`, as ``excerpt(_:)`` writes them, not cut: `[`, `]`, `>`
    /// and `=` kept, so the path's form still shows).
    /// - Complexity: O(n).
    public static func printableTarget(_ target: String) -> String {
        guard !ValueDetectors.scan(target).isEmpty else { return target }
        return String(target.map { shape($0, keeping: targetSeparators) })
    }

    /// The ``separators`` and the marks of a reliable target's form.
    static let targetSeparators = separators.union(["[", "]", ">", "="])

    /// ``printable(_:)`` for an optional name.
    public static func printable(_ name: String?) -> String? { name.map(printable) }

    /// A view as a report names it: its id, unless a value detector finds personal data
    /// in it; else its index path (`0.2.1`).
    public static func view(_ view: Int, in tree: ViewTree) -> String {
        identifier(tree.views[view].id) ?? tree.indexPath(of: view)
    }

    /// An identifier as a report prints it: itself, or `nil` where a value detector
    /// finds personal data in it.
    public static func identifier(_ id: String?) -> String? {
        guard let id, ValueDetectors.scan(id).isEmpty else { return nil }
        return id
    }
}
