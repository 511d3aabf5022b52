/// The echo guard: an unmasked view whose text repeats a masked descendant's text is
/// masked too.
///
/// Platforms combine what a container's children say into the container's own
/// accessibility label: an XCUITest cell reads "Jane Doe, jane.doe@example.com" over
/// its two labels, a UIKit container with `isAccessibilityElement` joins its subviews',
/// a Compose node merges its semantics. Masking the child alone would send its value
/// in clear one level up. So after every other decision, a view that is shown and
/// holds the text of a masked view below it (within ``maximumContainers`` such views
/// up) is masked, on level 0, naming that view (``MaskDecision/echoSource``). Locked
/// and secure values are guarded the same way, and so is everything below a masked
/// view whose children are not sent (a map's pins).
///
/// Texts are compared as ``normalized(_:)`` bytes: letters in lower case (every
/// cased script below U+3000, final sigma as sigma, `ß` and `ẞ` as `ss`, the Latin
/// ligatures spelled out), fullwidth forms as ASCII, hyphens
/// as `-`, invisible format characters (bidi marks, zero-width spaces, soft hyphens,
/// variation selectors) dropped,
/// every run of white space as one space, trimmed. A masked text is found where it
/// starts and ends at a word edge of the holding text (``isWordScalar(_:)``): "Jane"
/// is found in "Jane Doe, 42" and "jane, doe", not in "Janet"; "éric" not in
/// "Frédéric"; "太郎" in "山田太郎さん" (scripts written without spaces have no word
/// edges). A masked text with no letter, digit or other non-ASCII character (a lone
/// "-") guards nothing; one digit does ("Code 4 8 1 9" over four one-digit boxes). A
/// secure view's text is found anywhere, word edges or not ("PIN 4819" over four
/// one-digit secure boxes).
///
/// A container whose text ends more than ``maximumCandidates`` masked texts at one
/// place, none of them at word edges, counts as holding one: the check stays linear
/// whatever the texts, and a doubt masks.
///
/// Every consumer calls this one contract: the JSON pass (`maskc apply` and every
/// command reading trees) and the replay encoder over the text it sends, each finding
/// all the masked texts a container holds in one pass over it (``Finder``).
public enum MaskedEcho {
    /// How many shown containers holding text the guard reads above a masked view (the
    /// nearest ones): a combined label is the nearest accessibility element's, and the
    /// bound keeps the pass linear in a tree of any depth.
    public static let maximumContainers = 64

    /// How many masked texts ending at one byte of a container's text are tried before
    /// the container counts as holding one (see ``MaskedEcho``).
    public static let maximumCandidates = 64

    /// The bytes a text is compared by (see ``MaskedEcho``). Malformed UTF-8 reads as
    /// U+FFFD.
    /// - Complexity: O(n).
    public static func normalized<Bytes: Sequence<UInt8>>(_ text: Bytes) -> [UInt8] {
        normalizing(text)
    }

    /// ``normalized(_:)`` of a string's bytes, specialized in this module: the generic
    /// one, called from another (the replay encoder, the JSON pass), is not specialized
    /// there and read each byte through the protocol's witnesses (callgrind: about 150
    /// instructions a byte, a fifth of the replay encoder's per-view cost).
    package static func normalized(_ text: String.UTF8View) -> [UInt8] {
        normalizing(text)
    }

    /// ``normalized(_:)`` of bytes in a buffer, specialized in this module (as for a string).
    package static func normalized(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        normalizing(text)
    }

    /// What U+FB00 to U+FB06 fold to.
    private static let ligatures = ["ff", "fi", "fl", "ffi", "ffl", "st", "st"]

    private static func normalizing<Bytes: Sequence<UInt8>>(_ text: Bytes) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.underestimatedCount)
        var pendingSpace = false
        var iterator = text.makeIterator()
        var decoder = UTF8()
        func put(_ value: UInt32) {
            if pendingSpace && !out.isEmpty { out.append(0x20) }
            pendingSpace = false
            UTF8Writing.append(value, to: &out)
        }
        while true {
            let scalar: Unicode.Scalar
            switch decoder.decode(&iterator) {
            case .scalarValue(let decoded): scalar = decoded
            case .emptyInput: return out
            case .error: scalar = "\u{FFFD}"
            }
            var value = scalar.value
            if value < 0x80 {
                switch value {
                case 0x09...0x0D, 0x20: pendingSpace = true
                case 0x41...0x5A: put(value | 0x20)
                default: put(value)
                }
                continue
            }
            if value >= 0xFF01 && value <= 0xFF5E { value -= 0xFEE0 }  // fullwidth ASCII
            switch value {
            case 0x41...0x5A: put(value | 0x20)
            case 0x21...0x7E: put(value)
            case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
                pendingSpace = true
            case 0x2010...0x2015, 0x2212, 0xFE63: put(0x2D)  // hyphens and dashes
            case 0x3C2: put(0x3C3)  // final sigma: σ
            // Case folding beyond lowercasing: sharp s (`straße`, `STRASSE`), long s, the
            // Latin ligatures (`ﬁle` is `file`).
            case 0xDF, 0x1E9E: put(0x73); put(0x73)
            case 0x17F: put(0x73)
            case 0xFB00...0xFB06:
                for byte in Self.ligatures[Int(value - 0xFB00)].utf8 { put(UInt32(byte)) }
            case 0x34F, 0x61C, 0x180B...0x180F, 0xFE00...0xFE0F:
                continue  // grapheme joiner, Arabic letter mark, Mongolian and other variation selectors
            default:
                if DetectorFold.isInvisible(scalar) { continue }
                if value < 0x3000, scalar.properties.changesWhenLowercased {
                    for lower in scalar.properties.lowercaseMapping.unicodeScalars { put(lower.value) }
                } else {
                    put(value)
                }
            }
        }
    }

    /// Whether a normalized masked text is guarded: it holds an ASCII letter or digit,
    /// or any character outside ASCII (any script's letters, an emoji).
    public static func guards(_ masked: [UInt8]) -> Bool {
        masked.contains { isWordByte($0) || $0 >= 0xC0 }
    }

    /// Whether the normalized text `holder` holds the normalized masked text `masked`
    /// starting and ending at word edges (``guards(_:)`` is the caller's to check).
    /// - Complexity: O(n + m).
    public static func holds(_ holder: [UInt8], _ masked: [UInt8]) -> Bool {
        Finder([masked]).first(in: holder) != nil
    }

    /// Whether a scalar continues a word: ASCII letters and digits, and the letters of
    /// the scripts written with spaces between words (U+00C0 to U+1FFF, but × and ÷, and
    /// Thai, Lao, Myanmar and Khmer, written without). Ideographs, kana, Hangul,
    /// punctuation and symbols do not: a masked text may start or end beside them.
    public static func isWordScalar(_ value: UInt32) -> Bool {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0xD7, 0xF7, 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF: return false
        case 0xC0...0x1FFF: return true
        default: return false
        }
    }

    /// ASCII letters and digits.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return true
        default: return false
        }
    }

    /// The scalar that starts at `index` of valid UTF-8 `bytes` (normalized texts are).
    static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let lead = UInt32(bytes[index])
        func next(_ offset: Int) -> UInt32 { index + offset < bytes.count ? UInt32(bytes[index + offset]) & 0x3F : 0 }
        switch lead {
        case ..<0x80: return lead
        case ..<0xE0: return (lead & 0x1F) << 6 | next(1)
        case ..<0xF0: return (lead & 0x0F) << 12 | next(1) << 6 | next(2)
        default: return (lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3)
        }
    }

    /// The scalar that ends just before `index` of valid UTF-8 `bytes`.
    static func scalar(before index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var start = index - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 && index - start < 4 { start -= 1 }
        return scalar(at: start, in: bytes)
    }

    /// The bytes a text holds, as a set: a masked text holding a byte that a container's
    /// text lacks, or longer than it, is not found in it. Leaving such texts out of the
    /// container's ``Finder`` finds the same (one never found is never counted among the
    /// candidates ending at a byte either), and spares building their part of the
    /// automaton.
    package struct ByteSet: Sendable {
        private var low: UInt64 = 0, high: UInt64 = 0, upper: UInt64 = 0, top: UInt64 = 0

        package init(_ bytes: [UInt8]) {
            for byte in bytes {
                let bit = UInt64(1) << UInt64(byte & 63)
                switch byte >> 6 {
                case 0: low |= bit
                case 1: high |= bit
                case 2: upper |= bit
                default: top |= bit
                }
            }
        }

        /// Whether every byte of `bytes` is in the set.
        package func containsAll(_ bytes: [UInt8]) -> Bool {
            for byte in bytes {
                let word: UInt64
                switch byte >> 6 {
                case 0: word = low
                case 1: word = high
                case 2: word = upper
                default: word = top
                }
                if word & UInt64(1) << UInt64(byte & 63) == 0 { return false }
            }
            return true
        }
    }

    /// Finds, in one pass over a text, whether it holds any of several masked texts at
    /// word edges (the Aho-Corasick automaton of the masked texts): what a container is
    /// checked with, once, against every masked text below it.
    public struct Finder: Sendable {
        /// The masked texts (normalized), as given, and which are found anywhere.
        private let patterns: [[UInt8]]
        private let anywhere: [Bool]
        /// Trie edges: (node << 8 | byte) to node.
        private var edges: [Int: Int32] = [:]
        /// Each node's failure link (the longest proper suffix that is a trie node).
        private var failure: [Int32] = [0]
        /// The patterns ending at each node, and the nearest node on the failure chain
        /// where some pattern ends (-1: none).
        private var ending: [[Int32]] = [[]]
        private var outputLink: [Int32] = [-1]

        /// Builds the automaton of `patterns` (empty ones are never found); those whose
        /// `anywhere` is true (a secure view's) are found without word edges.
        /// - Complexity: O(total length of the patterns), expected.
        public init(_ patterns: [[UInt8]], anywhere: [Bool] = []) {
            self.patterns = patterns
            self.anywhere = anywhere
            for (index, pattern) in patterns.enumerated() where !pattern.isEmpty {
                var node: Int32 = 0
                for byte in pattern {
                    let key = Int(node) << 8 | Int(byte)
                    if let child = edges[key] {
                        node = child
                    } else {
                        let child = Int32(failure.count)
                        edges[key] = child
                        failure.append(0)
                        ending.append([])
                        outputLink.append(-1)
                        node = child
                    }
                }
                ending[Int(node)].append(Int32(index))
            }
            // Breadth first: each node's failure link from its parent's.
            var children = [[(UInt8, Int32)]](repeating: [], count: failure.count)
            for (key, child) in edges { children[key >> 8].append((UInt8(truncatingIfNeeded: key), child)) }
            var queue: [Int32] = children[0].map(\.1)
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                for (byte, child) in children[Int(node)] {
                    var fallback = failure[Int(node)]
                    var link: Int32 = 0
                    while true {
                        if node != 0, let found = edges[Int(fallback) << 8 | Int(byte)] { link = found; break }
                        if fallback == 0 { break }
                        fallback = failure[Int(fallback)]
                    }
                    failure[Int(child)] = link
                    outputLink[Int(child)] = ending[Int(link)].isEmpty ? outputLink[Int(link)] : link
                    queue.append(child)
                }
            }
        }

        /// The index of a pattern `text` holds at word edges and `accepting` takes, or
        /// nil. The patterns ending at each byte are tried until one is taken; past
        /// ``MaskedEcho/maximumCandidates`` of them at one byte, the one tried then is
        /// taken (a doubt masks).
        /// - Complexity: O(n + the total length of the patterns).
        public func first(in text: [UInt8], accepting: (Int) -> Bool = { _ in true }) -> Int? {
            guard !edges.isEmpty else { return nil }
            return text.withUnsafeBufferPointer { bytes -> Int? in
                var state: Int32 = 0
                for index in 0..<bytes.count {
                    let byte = bytes[index]
                    while true {
                        if let next = edges[Int(state) << 8 | Int(byte)] { state = next; break }
                        if state == 0 { break }
                        state = failure[Int(state)]
                    }
                    // Patterns end here only where a scalar ends.
                    if index + 1 < bytes.count && bytes[index + 1] & 0xC0 == 0x80 { continue }
                    var node = ending[Int(state)].isEmpty ? outputLink[Int(state)] : state
                    var tried = 0
                    while node >= 0 {
                        for pattern in ending[Int(node)] {
                            tried += 1
                            guard accepting(Int(pattern)) else {
                                if tried > MaskedEcho.maximumCandidates { return Int(pattern) }
                                continue
                            }
                            if tried > MaskedEcho.maximumCandidates { return Int(pattern) }
                            if (Int(pattern) < anywhere.count && anywhere[Int(pattern)])
                                || atWordEdges(patterns[Int(pattern)], endingAt: index + 1, in: bytes) { return Int(pattern) }
                        }
                        node = outputLink[Int(node)]
                    }
                }
                return nil
            }
        }

        /// Whether `pattern`, found in `bytes` ending before `end`, starts and ends at word
        /// edges there (edges are needed only where the pattern itself starts or ends
        /// inside a word).
        private func atWordEdges(_ pattern: [UInt8], endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let start = end - pattern.count
            return pattern.withUnsafeBufferPointer { own in
                if start > 0, isWordScalar(scalar(at: 0, in: own)), isWordScalar(scalar(before: start, in: bytes)) { return false }
                if end < bytes.count, isWordScalar(scalar(before: own.count, in: own)), isWordScalar(scalar(at: end, in: bytes)) { return false }
                return true
            }
        }
    }
}
