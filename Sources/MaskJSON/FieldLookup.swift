import MaskEngine

/// Finds the engine's ``ViewField`` role of a key token by comparing raw bytes, so keys
/// are not decoded into strings on the hot path.
struct FieldLookup: Sendable {
    /// A key's role, and which of the keys emission treats specially it is.
    struct Entry {
        var role: ViewField
        var name: Special
        /// A structural field that holds numbers (``ViewField/numericFields``).
        var numeric = false
    }

    /// Keys emission treats specially.
    enum Special { case none, masking, text, placeholder }

    /// The entries, in the order of `matcher`'s names.
    private let entries: [Entry]
    private let matcher: KeyMatcher

    static let shared = FieldLookup()

    private init() {
        let all = ViewField.structuralFields.map { ($0, ViewField.structural) }
            + ViewField.textFields.map { ($0, ViewField.text) }
            + [("image", ViewField.image), ("children", ViewField.children)]
        entries = all.map { name, role in Entry(role: role, name: Self.special(name), numeric: ViewField.numericFields.contains(name)) }
        matcher = KeyMatcher(all.map(\.0))
    }

    private static func special(_ name: String) -> Special {
        switch name {
        case "masking": return .masking
        case "text": return .text
        case "placeholder": return .placeholder
        default: return .none
        }
    }

    /// The role of a key (escaped keys are decoded first).
    @inline(__always)
    func entry(_ tape: JSONTape, bytes: UnsafePointer<UInt8>, _ token: JSONToken, at index: Int) -> Entry {
        if token.hasEscapes {
            let name = tape.string(index)
            return Entry(role: ViewField.role(of: name), name: Self.special(name), numeric: ViewField.numericFields.contains(name))
        }
        let found = matcher.match(bytes + Int(token.start), Int(token.length))
        return found >= 0 ? entries[found] : Entry(role: .unknown, name: .none)
    }
}
