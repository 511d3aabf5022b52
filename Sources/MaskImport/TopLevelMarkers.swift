import MaskJSON

/// The members of a JSON document's top-level object that tell maskc's tree from a Rico
/// capture, found by a scan of the whole top level that skips every nested value
/// without parsing it (strings eight bytes at a time).
///
/// Keys are compared decoded (`"r\u006Fot"` is `root`), as both readers compare them.
/// The scan stops at the end of the top-level object, or at the first byte that cannot
/// continue it; a document that is not JSON is then rejected by the reader whichever
/// format is chosen, so a partial scan never picks a document the file does not hold.
struct TopLevelMarkers {
    /// `class` or `root`: maskc's tree, a bare view or the `{"screen", "root"}` wrapper.
    var hasTreeKey = false
    /// `activity_name`, or `activity` with any value: what Rico captures have.
    var hasRicoKey = false
    /// The byte offset of the first `activity` key whose value is an object with a
    /// `root` member: the hierarchy the Rico reader would read.
    var ricoHierarchy: Int?

    /// Scans the object whose `{` is at `start` of `bytes`.
    /// - Complexity: O(n) for the n bytes of the object; stops early once both maskc's
    ///   and Rico's markers are seen.
    init(scanning bytes: UnsafeBufferPointer<UInt8>, objectAt start: Int) {
        var cursor = JSONCursor(bytes: bytes, i: start)
        var hasTreeKey = false, hasRicoKey = false
        var ricoHierarchy: Int?
        cursor.forEachMember { cursor, key in
            if cursor.key(key, is: "class") || cursor.key(key, is: "root") {
                hasTreeKey = true
            } else if cursor.key(key, is: "activity_name") {
                hasRicoKey = true
            } else if cursor.key(key, is: "activity") {
                hasRicoKey = true
                if cursor.at(UInt8(ascii: "{")) {
                    var holdsRoot = false
                    cursor.forEachMember { cursor, key in
                        if cursor.key(key, is: "root") { holdsRoot = true }
                        return cursor.skipValue()
                    }
                    if holdsRoot, ricoHierarchy == nil { ricoHierarchy = key.lowerBound - 1 }
                    return !(hasTreeKey && ricoHierarchy != nil)
                }
            }
            return cursor.skipValue() && !(hasTreeKey && ricoHierarchy != nil)
        }
        self.hasTreeKey = hasTreeKey
        self.hasRicoKey = hasRicoKey
        self.ricoHierarchy = ricoHierarchy
    }
}

/// A position in JSON bytes that moves over whole strings, values and members without
/// checking them (the reader checks).
private struct JSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var i: Int

    static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    @inline(__always)
    func at(_ byte: UInt8) -> Bool { i < bytes.count && bytes[i] == byte }

    @inline(__always)
    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    /// Moves past the string whose opening quote is at `i`; returns the range of its raw
    /// content, nil when it is not closed.
    mutating func string() -> Range<Int>? {
        let start = i + 1
        var j = start
        let raw = UnsafeRawBufferPointer(bytes)
        while true {
            // Eight bytes at a time while none is a quote or a backslash; the lowest
            // flagged byte of a word is exactly the first such byte.
            while j + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
                let special = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
                if special != 0 {
                    j += special.trailingZeroBitCount >> 3
                    break
                }
                j += 8
            }
            while j < bytes.count, bytes[j] != Self.quote, bytes[j] != Self.backslash { j += 1 }
            guard j < bytes.count else { return nil }
            if bytes[j] == Self.quote {
                i = j + 1
                return start..<j
            }
            j += 2  // a backslash and the byte it escapes
        }
    }

    /// Moves `i` to the next byte that may be a quote or a bracket, eight bytes at a time.
    /// `{ } [ ]` are the bytes `b` with `b & 0xD9 == 0x59`; so are `Y _ y` and DEL,
    /// which stop the scan for nothing (outside strings, JSON holds none of them).
    @inline(__always)
    mutating func skipToStructure() {
        let raw = UnsafeRawBufferPointer(bytes)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let quote = word ^ (ones &* 0x22), bracket = (word & (ones &* 0xD9)) ^ (ones &* 0x59)
            let special = (((quote &- ones) & ~quote) | ((bracket &- ones) & ~bracket)) & highs
            if special != 0 {
                i += special.trailingZeroBitCount >> 3
                return
            }
            i += 8
        }
    }

    /// Moves past the value at `i`: a container to its matching end, a string, or a
    /// number or literal up to the next delimiter. False at the end of the input.
    mutating func skipValue() -> Bool {
        guard i < bytes.count else { return false }
        switch bytes[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < bytes.count {
                skipToStructure()
                guard i < bytes.count else { return false }
                switch bytes[i] {
                case Self.quote:
                    guard string() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        i += 1
                        return true
                    }
                default:
                    break
                }
                i += 1
            }
            return false
        case Self.quote:
            return string() != nil
        default:
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") { break }
                i += 1
            }
            return true
        }
    }

    /// Calls `body` with each member's raw key range of the object whose `{` is at `i`,
    /// the cursor on the member's value; `body` moves past the value and returns
    /// whether to go on. Stops at the object's end or where it cannot continue.
    mutating func forEachMember(_ body: (inout JSONCursor, Range<Int>) -> Bool) {
        i += 1
        skipSpace()
        if at(UInt8(ascii: "}")) {
            i += 1
            return
        }
        while true {
            guard at(Self.quote), let key = string() else { return }
            skipSpace()
            guard at(UInt8(ascii: ":")) else { return }
            i += 1
            skipSpace()
            guard body(&self, key) else { return }
            skipSpace()
            if at(UInt8(ascii: ",")) {
                i += 1
                skipSpace()
                continue
            }
            if at(UInt8(ascii: "}")) { i += 1 }
            return
        }
    }

    /// Whether the raw key in `range` decodes to `name` (an ASCII name).
    func key(_ range: Range<Int>, is name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        if range.count == count {
            for k in 0..<count where bytes[range.lowerBound + k] != name.utf8Start[k] { return false }
            return true
        }
        // Escapes make a key longer: at most six bytes (`\u0072`) per character.
        guard range.count > count, range.count <= 6 * count, bytes[range].contains(Self.backslash) else { return false }
        let decoded = JSONString.decode(ArraySlice(bytes[range]))
        return decoded.utf8.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: count))
    }
}
