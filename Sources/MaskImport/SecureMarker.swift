/// A capture's secure-entry marker given as text (uiautomator's `password="true"`, a
/// Rico `password` written as a string or number).
enum SecureMarker {
    /// Whether an attribute or key names a `type` (a web input's or another tool's), in
    /// any case, after a namespace prefix too (`a:type`, `x:Type`): every importer reads
    /// it as a tree's `type` is read.
    static func isTypeName(_ name: String) -> Bool {
        (name.split(separator: ":", omittingEmptySubsequences: false).last ?? "").lowercased() == "type"
    }

    /// Whether the marker is set. Fails closed: only `false` and `0` (any case, spaces
    /// around them ignored) leave it unset; `true`, `TRUE`, `1`, ` true`, an empty value
    /// and anything else the importer cannot read make the view secure.
    static func isSet(_ value: String) -> Bool {
        let trimmed = value.trimmingSpaces.lowercased()
        return trimmed != "false" && trimmed != "0"
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
