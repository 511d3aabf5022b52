import MaskEngine

/// Finds the engine's ``ViewField`` role of a key token by comparing raw bytes, so keys
/// are not decoded into strings on the hot path.
struct FieldLookup: Sendable {
    private let byLength: [[(name: [UInt8], role: ViewField, isMasking: Bool)]]

    static let shared = FieldLookup()

    private init() {
        var table = [[(name: [UInt8], role: ViewField, isMasking: Bool)]](repeating: [], count: 64)
        let all = ViewField.structuralFields.map { ($0, ViewField.structural) }
            + ViewField.textFields.map { ($0, ViewField.text) }
            + [("image", ViewField.image), ("children", ViewField.children)]
        for (name, role) in all {
            let bytes = Array(name.utf8)
            table[bytes.count].append((bytes, role, name == "masking"))
        }
        byLength = table
    }

    /// The role of the key at `index`, and whether it is `masking` (replaced under `--explain`).
    @inline(__always)
    func role(_ tape: JSONTape, _ index: Int) -> (ViewField, isMasking: Bool) {
        let token = tape.tokens[index]
        if token.hasEscapes {
            let name = tape.string(index)
            return (ViewField.role(of: name), name == "masking")
        }
        let length = Int(token.length)
        guard length < byLength.count else { return (.unknown, false) }
        let candidates = byLength[length]
        if candidates.isEmpty { return (.unknown, false) }
        return tape.bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress! + Int(token.start)
            for candidate in candidates {
                let matched = candidate.name.withUnsafeBufferPointer { memcmpEqual(base, $0.baseAddress!, length) }
                if matched { return (candidate.role, candidate.isMasking) }
            }
            return (.unknown, false)
        }
    }
}
