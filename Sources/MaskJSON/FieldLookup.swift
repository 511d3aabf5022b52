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

    private let byLength: [[(name: [UInt8], entry: Entry)]]

    static let shared = FieldLookup()

    private init() {
        var table = [[(name: [UInt8], entry: Entry)]](repeating: [], count: 64)
        let all = ViewField.structuralFields.map { ($0, ViewField.structural) }
            + ViewField.textFields.map { ($0, ViewField.text) }
            + [("image", ViewField.image), ("children", ViewField.children)]
        for (name, role) in all {
            let bytes = Array(name.utf8)
            table[bytes.count].append((bytes, Entry(role: role, name: Self.special(name), numeric: ViewField.numericFields.contains(name))))
        }
        byLength = table
    }

    private static func special(_ name: String) -> Special {
        switch name {
        case "masking": return .masking
        case "text": return .text
        case "placeholder": return .placeholder
        default: return .none
        }
    }

    /// The role of the key at `index` (escaped keys are decoded first).
    @inline(__always)
    func entry(_ tape: JSONTape, _ index: Int) -> Entry {
        let token = tape.tokens[index]
        if token.hasEscapes {
            let name = tape.string(index)
            return Entry(role: ViewField.role(of: name), name: Self.special(name), numeric: ViewField.numericFields.contains(name))
        }
        let length = Int(token.length)
        let unknown = Entry(role: .unknown, name: .none)
        guard length < byLength.count else { return unknown }
        let candidates = byLength[length]
        if candidates.isEmpty { return unknown }
        return tape.bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress! + Int(token.start)
            for candidate in candidates {
                let matched = candidate.name.withUnsafeBufferPointer { memcmpEqual(base, $0.baseAddress!, length) }
                if matched { return candidate.entry }
            }
            return unknown
        }
    }
}
