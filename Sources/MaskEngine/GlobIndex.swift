/// The glob rules of one selector key, indexed by their literal prefix or suffix so a
/// value is checked against the few patterns that can match it, not all of them.
///
/// A pattern `home.*` can only match values starting with `home.`: it is filed under
/// that prefix's length and hash. A pattern starting with `*` is filed under its literal
/// suffix. Only patterns with neither (`*x*`) are scanned.
struct GlobIndex: Sendable {
    private var patterns: [GlobPattern] = []
    private var rules: [Int32] = []
    private var byPrefix: [UInt64: [Int32]] = [:]
    private var prefixLengths: [Int] = []
    private var bySuffix: [UInt64: [Int32]] = [:]
    private var suffixLengths: [Int] = []
    private var scanned: [Int32] = []

    var isEmpty: Bool { patterns.isEmpty }

    mutating func add(_ pattern: GlobPattern, rule: Int32) {
        let entry = Int32(patterns.count)
        patterns.append(pattern)
        rules.append(rule)
        let prefix = pattern.literalPrefix, suffix = pattern.literalSuffix
        if !prefix.isEmpty {
            byPrefix[Self.key(prefix[...]), default: []].append(entry)
            if !prefixLengths.contains(prefix.count) { prefixLengths.append(prefix.count); prefixLengths.sort() }
        } else if !suffix.isEmpty {
            bySuffix[Self.key(suffix[...]), default: []].append(entry)
            if !suffixLengths.contains(suffix.count) { suffixLengths.append(suffix.count); suffixLengths.sort() }
        } else {
            scanned.append(entry)
        }
    }

    /// FNV-1a over the bytes, mixed with the length.
    @inline(__always)
    static func key<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// Appends the rules whose pattern matches `value`.
    func matches(_ value: UnsafeBufferPointer<UInt8>, into found: inout [Int32]) {
        forEachMatch(value) { found.append($0) }
    }

    /// Calls `body` with each rule whose pattern matches `value`.
    @inline(__always)
    func forEachMatch(_ value: UnsafeBufferPointer<UInt8>, _ body: (Int32) -> Void) {
        if !prefixLengths.isEmpty {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var next = 0, length = 0
            while next < prefixLengths.count && prefixLengths[next] <= value.count {
                let target = prefixLengths[next]
                while length < target { hash = (hash ^ UInt64(value[length])) &* 0x100_0000_01b3; length += 1 }
                if let entries = byPrefix[hash ^ (UInt64(target) &* 0x9E37_79B9_7F4A_7C15)] { verify(entries, value, body) }
                next += 1
            }
        }
        for length in suffixLengths where length <= value.count {
            if let entries = bySuffix[Self.key(value[(value.count - length)...])] { verify(entries, value, body) }
        }
        verify(scanned, value, body)
    }

    @inline(__always)
    private func verify(_ entries: [Int32], _ value: UnsafeBufferPointer<UInt8>, _ body: (Int32) -> Void) {
        for entry in entries where patterns[Int(entry)].matches(bytes: value) { body(rules[Int(entry)]) }
    }
}

extension GlobPattern {
    /// The literal bytes before the first `*`.
    var literalPrefix: [UInt8] { pieces[0] }
    /// The literal bytes after the last `*`.
    var literalSuffix: [UInt8] { pieces[pieces.count - 1] }
}
