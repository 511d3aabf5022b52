/// A selector value in which `*` matches any run of characters (including none).
///
/// Matching is exact and case-sensitive everywhere else; there is no other wildcard
/// and no escape. Matching compares UTF-8 bytes: identifiers are code, so `café`
/// written precomposed does not match `café` written with a combining accent.
public struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    /// The pieces between the stars: `a*b*c` is `["a", "b", "c"]`; no star gives one piece.
    let pieces: [[UInt8]]

    /// Creates a pattern from its written form.
    public init(_ text: String) {
        self.text = text
        // Over the bytes in place, each piece copied once at its size (the generic
        // `split`, or appending byte by byte, cost more than the rest of loading a
        // table): most selector values have no star and are one piece.
        var text = text
        self.pieces = text.withUTF8 { bytes in
            let star = UInt8(ascii: "*")
            guard bytes.contains(star) else { return [Array(bytes)] }
            var pieces: [[UInt8]] = []
            var start = 0
            for index in bytes.indices where bytes[index] == star {
                pieces.append(Array(bytes[start..<index]))
                start = index + 1
            }
            pieces.append(Array(bytes[start...]))
            return pieces
        }
    }

    /// True when the pattern has no `*` and so matches only its own text.
    public var isExact: Bool { pieces.count == 1 }

    /// True when the pattern matches every string (`*`, `**`, ...).
    public var matchesEverything: Bool { !isExact && pieces.allSatisfy(\.isEmpty) }

    public var description: String { text }

    /// Whether `value` matches the pattern.
    ///
    /// - Complexity: O(n·k) in the worst case for a value of n bytes and k pieces;
    ///   O(n) for a pattern with at most one `*`.
    public func matches(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { matches(bytes: $0) }
    }

    /// Whether the UTF-8 bytes `value` match the pattern.
    public func matches(bytes value: UnsafeBufferPointer<UInt8>) -> Bool {
        if isExact { return value.elementsEqual(pieces[0]) }
        let first = pieces[0], last = pieces[pieces.count - 1]
        guard value.count >= first.count + last.count else { return false }
        guard value.starts(with: first) else { return false }
        guard value[(value.count - last.count)...].elementsEqual(last) else { return false }
        var position = first.count
        let end = value.count - last.count
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = Self.find(piece, in: value, from: position, to: end) else { return false }
            position = found + piece.count
        }
        return true
    }

    private static func find(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int? {
        guard end - from >= needle.count else { return nil }
        var start = from
        while start + needle.count <= end {
            if hay[start] == needle[0] {
                var index = 1
                while index < needle.count && hay[start + index] == needle[index] { index += 1 }
                if index == needle.count { return start }
            }
            start += 1
        }
        return nil
    }
}
