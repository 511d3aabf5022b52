/// The echo guard: an unmasked view whose text repeats a masked descendant's text is
/// masked too.
///
/// Platforms combine what a container's children say into the container's own
/// accessibility label: an XCUITest cell reads "Jane Doe, jane.doe@example.com" over
/// its two labels, a UIKit container with `isAccessibilityElement` joins its subviews',
/// a Compose node merges its semantics. Masking the child alone would send its value
/// in clear one level up. So after every other decision, a view that is shown and
/// holds, in a text-bearing field, the text of a masked view below it
/// (within ``maximumContainers`` such views up) is masked, on level 0, naming that view
/// (``MaskDecision/echoSource``). Locked and secure values are guarded the same way.
///
/// Texts are compared as ``normalized(_:)`` bytes: ASCII letters in lower case, every
/// run of white space (line breaks and no-break spaces included) as one space, trimmed.
/// A masked text is found where it starts and ends at a word edge of the holding text:
/// "Jane" is found in "Jane Doe, 42" and "jane, doe", not in "Janet". A masked text
/// with fewer than two letters or digits (a lone "3", a "-") guards nothing.
///
/// The texts read: a container's strings and numbers in text-bearing fields (where
/// platforms combine labels); a masked view's the same, and the string values of its
/// unknown fields (member names and numbers there are structure, not text).
///
/// Every consumer calls this one contract: the JSON pass (`maskc apply` and every
/// command reading trees) and the replay encoder over the text it sends.
public enum MaskedEcho {
    /// How many shown ancestors holding text the guard reads above a masked view (the
    /// nearest ones): a combined label is the nearest accessibility element's, and the
    /// bound keeps the pass linear in a tree of any depth.
    public static let maximumContainers = 64

    /// The bytes a text is compared by: ASCII letters lowered, runs of white space (ASCII,
    /// U+0085, U+00A0, U+1680, U+2000...U+200A, U+2028, U+2029, U+202F, U+205F, U+3000)
    /// as one space, none at either end. Other bytes (any script) are kept as they are.
    /// - Complexity: O(n).
    public static func normalized<Bytes: Sequence<UInt8>>(_ text: Bytes) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.underestimatedCount)
        var pendingSpace = false
        // Bytes of a multi-byte sequence held back until it is known not to be a space.
        var held: [UInt8] = []
        func put(_ byte: UInt8) {
            if pendingSpace && !out.isEmpty { out.append(0x20) }
            pendingSpace = false
            out.append(byte)
        }
        func flushHeld() {
            guard !held.isEmpty else { return }
            if isSpace(held) {
                pendingSpace = true
            } else {
                for byte in held { put(byte) }
            }
            held.removeAll(keepingCapacity: true)
        }
        for byte in text {
            if byte & 0xC0 == 0x80, !held.isEmpty {
                held.append(byte)
                continue
            }
            flushHeld()
            switch byte {
            case 0x09...0x0D, 0x20:
                pendingSpace = true
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                put(byte | 0x20)
            case 0xC2, 0xE1, 0xE2, 0xE3:
                // The lead bytes of the non-ASCII spaces: decided when the sequence ends.
                held.append(byte)
            default:
                put(byte)
            }
        }
        flushHeld()
        return out
    }

    /// Whether a held-back UTF-8 sequence is one of the non-ASCII spaces.
    private static func isSpace(_ sequence: [UInt8]) -> Bool {
        switch sequence.count {
        case 2: return sequence[0] == 0xC2 && (sequence[1] == 0x85 || sequence[1] == 0xA0)
        case 3:
            let (a, b, c) = (sequence[0], sequence[1], sequence[2])
            if a == 0xE1 { return b == 0x9A && c == 0x80 }
            if a == 0xE3 { return b == 0x80 && c == 0x80 }
            guard a == 0xE2 else { return false }
            if b == 0x80 { return (0x80...0x8A).contains(c) || c == 0xA8 || c == 0xA9 || c == 0xAF }
            return b == 0x81 && c == 0x9F
        default: return false
        }
    }

    /// Whether a normalized masked text is guarded: it holds at least two letters or
    /// digits (ASCII ones, or characters of any other script). A lone letter, digit or
    /// mark says too little to be told apart from a container's own text.
    public static func guards(_ masked: [UInt8]) -> Bool {
        var units = 0
        for byte in masked where isWordByte(byte) || byte >= 0xC0 {
            units += 1
            if units >= 2 { return true }
        }
        return false
    }

    /// Whether the normalized text `holder` holds the normalized masked text `masked`
    /// starting and ending at word edges (``guards(_:)`` is the caller's to check).
    /// - Complexity: O(n * m) for texts of n and m bytes, in practice O(n).
    public static func holds(_ holder: [UInt8], _ masked: [UInt8]) -> Bool {
        let m = masked.count, n = holder.count
        guard m > 0, m <= n else { return false }
        return holder.withUnsafeBufferPointer { h in
            masked.withUnsafeBufferPointer { s in
                let first = s[0]
                let startsWord = isWordByte(first), endsWord = isWordByte(s[m - 1])
                var i = 0
                while i <= n - m {
                    if h[i] == first,
                       !(startsWord && i > 0 && isWordByte(h[i - 1])),
                       !(endsWord && i + m < n && isWordByte(h[i + m])) {
                        var j = 1
                        while j < m && h[i + j] == s[j] { j += 1 }
                        if j == m { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }

    /// ASCII letters and digits: a word goes on across them.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return true
        default: return false
        }
    }
}
