/// Whether a JSON member name reads as a field name (`text`, `frame`, `customer_note`,
/// `content-desc`) or could be content (`jane.doe@example.com`, `4111 1111 1111 1111`).
///
/// A capture may key a dictionary by what a user typed. Where a view's content is masked
/// (a masked or secure view, the tree's wrapper, a geometry field of a masked view), a
/// member name that does not read as a field name is masked like a string; reports name
/// such a member by its position (`<key 3>`), never by its name.
public enum MemberName {
    /// The longest name that reads as a field name, in bytes.
    public static let maximumLength = 64

    /// Whether the name is an ASCII letter or `_`, then ASCII letters, digits, `_` and
    /// `-`, at most ``maximumLength`` bytes in all, in which no value detector finds
    /// personal data, nor the `secret` detector a key or token.
    /// - Complexity: O(n) for a name of n bytes (at most ``maximumLength`` read).
    public static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, bytes.count <= maximumLength, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        var digits = 0
        for byte in bytes.dropFirst() {
            if byte >= 0x30 && byte <= 0x39 { digits += 1; continue }
            guard isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") else { return false }
        }
        // A name of that form may still hold an account or card number
        // (`DE89370400440532013000`, `card_4111111111111111`): the detectors say.
        if digits >= 6 && ShapeVocabulary.holdsPersonalData(bytes) { return false }
        // Or a key or token (`sk_live_…`, `ghp_…`): the secret detector's byte gate, then
        // the detector, for a name as long as one.
        return bytes.count < ShapeVocabulary.shortestSecret || !ShapeVocabulary.holdsSecret(bytes)
    }

    /// ``isPlain(_:)-(UnsafeBufferPointer<UInt8>)`` for a name as a `String`.
    public static func isPlain(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { isPlain($0) }
    }

    /// The name as a report shows it: itself when plain, else its position among its
    /// object's members, `<key N>` (as error paths show keys that are not the schema's).
    public static func shown(_ name: String, position: Int) -> String {
        isPlain(name) ? name : "<key \(position)>"
    }

    @inline(__always)
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}
