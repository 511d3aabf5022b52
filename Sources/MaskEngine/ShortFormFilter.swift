/// Which views' short-form targets (`Class[ai:Screen.identifier]`) could match a
/// `target` rule, decided from the identifier alone: most accessibility identifiers
/// appear in no target, and for those the short form is neither spelled out nor
/// looked up.
///
/// A view's short form is `className[ai:V]`, where V is its identifier, or its screen,
/// a `.` and its identifier. An exact target `C[ai:W]` equal to it has W == V, so the
/// identifier is W or a part of W after one of its dots: the filter keeps those
/// parts of every exact target that does not start with `[`. A short form starts
/// with its class name, so a target starting with `[` (`[root]>...`, the path form)
/// can equal one only when the class name starts with `[` too; such a view, and any
/// view when some glob target does not start with `[`, takes the full lookup.
struct ShortFormFilter: Sendable {
    /// The parts of the exact targets' identifier values that an identifier must equal.
    private var tails = StringTable<Int32>(capacity: 16)
    /// Some glob target does not start with `[`: it could match any short form.
    private var anyGlob = false
    /// The tails' lengths in UTF-8 bytes: bit n for length n, bit 63 for 63 and more.
    /// An identifier of another length is no tail, found without hashing it.
    private var tailLengths: UInt64 = 0

    init(targets: [GlobPattern]) {
        let open = UInt8(ascii: "[")
        for pattern in targets where pattern.text.utf8.first != open {
            guard pattern.isExact else {
                anyGlob = true
                continue
            }
            for tail in Self.tails(of: pattern.text) where tails.lookup(tail) == nil {
                tails.set(Int32(tails.count), for: tail)
                tailLengths |= 1 << UInt64(min(tail.utf8.count, 63))
            }
        }
    }

    /// Whether a view with this identifier could match a target through its short form.
    /// - Complexity: O(length of the identifier).
    func couldMatch(identifier: String) -> Bool {
        anyGlob || (couldMatch(identifierLength: identifier.utf8.count) && tails.lookup(identifier) != nil)
    }

    /// False when no identifier of this many UTF-8 bytes could make a short form match:
    /// the cheap first check, before any hashing.
    /// - Complexity: O(1).
    @inline(__always)
    func couldMatch(identifierLength length: Int) -> Bool {
        anyGlob || tailLengths & (1 << UInt64(min(length, 63))) != 0
    }

    /// Whether the class name makes the filter unusable (it starts with `[`).
    @inline(__always)
    static func classNeedsLookup(_ className: String) -> Bool {
        // The first byte read in place: the view's generic `first` cost 30 instructions,
        // for every view with an accessibility identifier.
        if let first = className.utf8.withContiguousStorageIfAvailable({ $0.first }) { return first == UInt8(ascii: "[") }
        return className.utf8.first == UInt8(ascii: "[")
    }

    /// Every value an identifier in `text` could be: for each `[ai:` in it (a class name
    /// may hold one too), what follows up to the final `]`, and each part of that after
    /// one of its dots.
    static func tails(of text: String) -> [String] {
        let bytes = Array(text.utf8)
        guard bytes.last == UInt8(ascii: "]") else { return [] }
        let end = bytes.count - 1
        var found: [String] = []
        var index = 0
        while index + 4 <= end {
            if bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "a"), bytes[index + 2] == UInt8(ascii: "i"),
               bytes[index + 3] == UInt8(ascii: ":") {
                let start = index + 4
                found.append(String(decoding: bytes[start..<end], as: UTF8.self))
                for dot in start..<end where bytes[dot] == UInt8(ascii: ".") {
                    found.append(String(decoding: bytes[(dot + 1)..<end], as: UTF8.self))
                }
            }
            index += 1
        }
        return found
    }
}
