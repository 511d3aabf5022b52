import MaskStorage
import MaskEngine

/// The one classifier of a view object's keys: what each key means to the reader
/// (``TreeBuilder/Field``, the facts the engine decides on) and to the writer (the
/// engine's ``EmittedField``, what masking does with it). Keys are compared as raw bytes,
/// so the hot paths decode no key into a string; a key with escapes is decoded first
/// and read as the key it spells.
struct TreeKeys: Sendable {
    /// What one key means.
    struct Meaning: Sendable, Hashable {
        /// The fact the reader takes from it (``TreeBuilder/Field/other`` for none).
        var field: TreeBuilder.Field
        /// What emission does with it.
        var emitted: EmittedField
        /// The shape its value must have to be kept in a masked view (structural
        /// fields only).
        var shape: FieldShape? = nil
    }

    /// A key of no meaning to either side.
    static let unknown = Meaning(field: .other, emitted: .unknown)

    /// The keys both sides know, once each, in `matcher`'s order.
    let names: [String]
    private let meanings: [Meaning]
    private let matcher: KeyMatcher

    static let shared = TreeKeys()

    private init() {
        var names: [String] = []
        for name in ViewField.structuralFields + ViewField.textFields + ["image", "children"] + TreeBuilder.Field.byName.keys.sorted()
        where !names.contains(name) {
            names.append(name)
        }
        self.names = names
        meanings = names.map { Self.meaning(of: $0) }
        matcher = KeyMatcher(names)
    }

    /// What a key, as text, means.
    static func meaning(of name: String) -> Meaning {
        Meaning(field: TreeBuilder.Field.byName[name] ?? .other, emitted: EmittedField(key: name), shape: FieldShape.of(key: name))
    }

    /// What the key token at `index` means (its bytes at `bytes`, the tape's storage).
    @inline(__always)
    func meaning(_ tape: JSONTape, bytes: UnsafePointer<UInt8>, _ token: JSONToken, at index: Int) -> Meaning {
        if token.hasEscapes { return Self.meaning(of: tape.string(index)) }
        let found = matcher.match(bytes + Int(token.start), Int(token.length))
        return found >= 0 ? meanings[found] : Self.unknown
    }

    /// What the key token at `index` means.
    func meaning(_ tape: JSONTape, _ index: Int) -> Meaning {
        tape.source.withUnsafeBytes { meaning(tape, bytes: $0.baseAddress!, tape.tokens[index], at: index) }
    }
}
