/// The names a view's class answers to.
///
/// Encoders pass class names as their platform writes them: Swift's
/// `String(reflecting:)` and `NSStringFromClass` give the module-qualified
/// `MyApp.PrimaryButton`, `String(describing:)` the simple `PrimaryButton`; Android
/// gives `android.widget.TextView`. A qualified name also answers to its simple name,
/// the part after its last `.` (dots inside generic arguments, after the first `<`,
/// do not count). So `type: PrimaryButton` selects `MyApp.PrimaryButton`, and a
/// `types:` entry for `PrimaryButton` declares it, wherever the engine looks a class
/// up: type rules, the catalog's superclasses, kinds and `recurse`. The exact name
/// comes first: a declaration of `MyApp.PrimaryButton` itself wins over one of
/// `PrimaryButton`, and type rules on both names sit at the same place in the chain
/// (a tie there goes to mask, as any tie does).
///
/// The other way round does not hold: `type: MyApp.PrimaryButton` does not select a
/// view whose class is given as plain `PrimaryButton`, whose module is unknown.
public enum ClassName {
    /// The simple name of a qualified class name (`PrimaryButton` for
    /// `MyApp.PrimaryButton`, `TextView` for `android.widget.TextView`), or nil for a
    /// name without a qualifying `.` (or one ending in `.`).
    /// - Complexity: O(n) for a name of n bytes.
    public static func simpleName(of name: String) -> String? {
        let utf8 = name.utf8
        var lastDot: String.Index?
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: ".") { lastDot = index }
            index = utf8.index(after: index)
        }
        guard let lastDot else { return nil }
        let start = utf8.index(after: lastDot)
        guard start < utf8.endIndex, utf8[start] != UInt8(ascii: "<") else { return nil }
        return String(name[start...])
    }
}
