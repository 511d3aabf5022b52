import MaskStorage
import MaskEngine

/// Finds the engine's ``EmittedField`` of a key token by comparing raw bytes, so keys
/// are not decoded into strings on the hot path. Escaped keys are decoded first and
/// read as the key they spell.
struct FieldLookup: Sendable {
    /// The fields, in the order of `matcher`'s names.
    private let fields: [EmittedField]
    private let matcher: KeyMatcher

    static let shared = FieldLookup()

    private init() {
        let names = ViewField.structuralFields + ViewField.textFields + ["image", "children"]
        fields = names.map(EmittedField.init(key:))
        matcher = KeyMatcher(names)
    }

    /// The field a key names.
    @inline(__always)
    func field(_ tape: JSONTape, bytes: UnsafePointer<UInt8>, _ token: JSONToken, at index: Int) -> EmittedField {
        if token.hasEscapes { return EmittedField(key: tape.string(index)) }
        let found = matcher.match(bytes + Int(token.start), Int(token.length))
        return found >= 0 ? fields[found] : .unknown
    }
}
