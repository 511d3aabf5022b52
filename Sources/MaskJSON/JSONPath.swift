import MaskEngine

/// JSON path spelling for errors, which never quote a tree's content: a key is shown
/// by name only when it is one of the document's schema (a fixed vocabulary, such as
/// `class`, `children`, `text`); any other key may be content (`"jane@example.com"`)
/// and is shown by its position among its object's members instead.
public enum JSONPath {
    /// The keys of maskc's tree JSON: the wrapper's `screen` and `root`, every field the
    /// engine knows (``ViewField``), and `frame`'s `x`, `y`, `width`, `height`.
    public static let treeKeys: Set<String> = Set(["screen", "root", "image", "children", "x", "y", "width", "height"])
        .union(ViewField.structuralFields).union(ViewField.textFields)

    /// `.name` for a key in `names`; any other key `.<key N>`, N its position among its
    /// object's members, counted from 0 (`$.root.<key 3>`: the root view's fourth key).
    /// `<` is never part of a name in a path, so a position cannot be read as one.
    public static func member(_ name: String, position: Int, names: Set<String> = treeKeys) -> String {
        names.contains(name) ? "." + name : ".<key \(position)>"
    }
}
