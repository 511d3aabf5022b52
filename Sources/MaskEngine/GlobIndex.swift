/// The glob rules of every selector key, indexed by their literal prefix or suffix so a
/// value is checked against the few patterns that can match it, not all of them.
///
/// A pattern `home.*` can only match values starting with `home.`: it is filed under
/// that prefix's length and hash. A pattern starting with `*` is filed under its literal
/// suffix. Only patterns with neither (`*x*`) are scanned. Each pattern carries a tag
/// (its selector key's `memoSlot`) and only matches values looked up with that tag.
///
/// Built once, then read only: flat arrays of plain values, so a lookup does no
/// reference counting.
struct GlobIndex: Sendable {
    private let patterns: [GlobPattern]
    private let rules: [Int32]
    private let tags: [UInt8]
    /// Bit t set: some pattern has tag t.
    private let tagMask: UInt16
    /// Per tag, the distinct lengths of its literal prefixes, then of its literal
    /// suffixes, ascending: ranges of `lengths`.
    private let prefixLengths: [Range<Int>]
    private let suffixLengths: [Range<Int>]
    private let lengths: [Int]
    /// Open addressing over literal hashes: each slot's hash and its patterns, a range
    /// of `pool` (an empty slot has count 0).
    private let slotHashes: [UInt64]
    private let slotStarts: [Int32]
    private let slotCounts: [Int32]
    private let mask: Int
    private let pool: [Int32]
    /// Patterns with no literal prefix or suffix, checked on every lookup.
    private let scanned: [Int32]

    /// An index with no patterns.
    init() { self.init([]) }

    /// Indexes `entries`: each glob pattern, its rule and its tag.
    init(_ entries: [(pattern: GlobPattern, rule: Int32, tag: UInt8)]) {
        patterns = entries.map(\.pattern)
        rules = entries.map(\.rule)
        tags = entries.map(\.tag)
        tagMask = entries.reduce(0) { $0 | 1 << UInt16($1.tag) }
        // Each filed pattern's literal key and index, sorted by key then index: equal keys
        // form a bucket, and the layout depends on nothing but the entries (no
        // dictionary order, no array per bucket).
        var keyed: [(key: UInt64, index: Int32)] = []
        keyed.reserveCapacity(entries.count)
        let tagCount = Int(entries.map(\.tag).max() ?? 0) + 1
        var prefixes = [[Int]](repeating: [], count: tagCount), suffixes = prefixes
        var scanned: [Int32] = []
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                let tag = entries[index].tag
                let pieces = entries[index].pattern.pieces
                let prefix = pieces[0], suffix = pieces[pieces.count - 1]
                if !prefix.isEmpty {
                    keyed.append((Self.key(prefix, tag: tag, isPrefix: true), Int32(index)))
                    prefixes[Int(tag)].append(prefix.count)
                } else if !suffix.isEmpty {
                    keyed.append((Self.key(suffix, tag: tag, isPrefix: false), Int32(index)))
                    suffixes[Int(tag)].append(suffix.count)
                } else {
                    scanned.append(Int32(index))
                }
            }
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
        self.scanned = scanned
        var lengths: [Int] = []
        func ranges(_ lists: [[Int]]) -> [Range<Int>] {
            lists.map { list in
                let start = lengths.count
                var previous = -1
                for length in list.sorted() where length != previous {
                    lengths.append(length)
                    previous = length
                }
                return start..<lengths.count
            }
        }
        prefixLengths = ranges(prefixes)
        suffixLengths = ranges(suffixes)
        self.lengths = lengths
        var bucketCount = 0
        for position in keyed.indices where position == 0 || keyed[position].key != keyed[position - 1].key { bucketCount += 1 }
        var size = 16
        while size < bucketCount * 2 { size <<= 1 }
        var hashes = [UInt64](repeating: 0, count: size), starts = [Int32](repeating: 0, count: size)
        var counts = [Int32](repeating: 0, count: size), pool: [Int32] = []
        pool.reserveCapacity(keyed.count)
        var position = 0
        while position < keyed.count {
            let hash = keyed[position].key
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            while counts[slot] > 0 { slot = (slot + 1) & (size - 1) }
            hashes[slot] = hash
            starts[slot] = Int32(pool.count)
            while position < keyed.count && keyed[position].key == hash {
                pool.append(keyed[position].index)
                position += 1
            }
            counts[slot] = Int32(pool.count) - starts[slot]
        }
        slotHashes = hashes
        slotStarts = starts
        slotCounts = counts
        mask = size - 1
        self.pool = pool
    }

    /// Whether no pattern has `tag`.
    func isEmpty(tag: UInt8) -> Bool { tagMask & (1 << UInt16(tag)) == 0 }

    private static let basis: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    private static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }

    /// The key of a literal's FNV-1a hash, mixed with its length, tag and side.
    @inline(__always)
    private static func finish(_ hash: UInt64, length: Int, tag: UInt8, isPrefix: Bool) -> UInt64 {
        hash ^ (UInt64(length) &* 0x9E37_79B9_7F4A_7C15) ^ ((UInt64(tag) << 1 | (isPrefix ? 1 : 0)) &* 0xBF58_476D_1CE4_E5B9)
    }

    private static func key<C: Collection>(_ bytes: C, tag: UInt8, isPrefix: Bool) -> UInt64 where C.Element == UInt8 {
        finish(bytes.reduce(basis, step), length: bytes.count, tag: tag, isPrefix: isPrefix)
    }

    /// Calls `body` with each rule whose pattern has `tag` and matches `value`.
    @inline(__always)
    func forEachMatch(_ value: UnsafeBufferPointer<UInt8>, tag: UInt8, _ body: (Int32) -> Void) {
        guard !isEmpty(tag: tag) else { return }
        var hash = Self.basis, length = 0
        for index in prefixLengths[Int(tag)] {
            let target = lengths[index]
            if target > value.count { break }
            while length < target { hash = Self.step(hash, value[length]); length += 1 }
            probe(Self.finish(hash, length: target, tag: tag, isPrefix: true), value, tag, body)
        }
        for index in suffixLengths[Int(tag)] where lengths[index] <= value.count {
            let length = lengths[index]
            var hash = Self.basis
            for index in (value.count - length)..<value.count { hash = Self.step(hash, value[index]) }
            probe(Self.finish(hash, length: length, tag: tag, isPrefix: false), value, tag, body)
        }
        for entry in scanned { verify(Int(entry), value, tag, body) }
    }

    @inline(__always)
    private func probe(_ hash: UInt64, _ value: UnsafeBufferPointer<UInt8>, _ tag: UInt8, _ body: (Int32) -> Void) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slotCounts[slot] > 0 {
            if slotHashes[slot] == hash {
                let start = Int(slotStarts[slot])
                for index in start..<start + Int(slotCounts[slot]) { verify(Int(pool[index]), value, tag, body) }
                return
            }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    private func verify(_ entry: Int, _ value: UnsafeBufferPointer<UInt8>, _ tag: UInt8, _ body: (Int32) -> Void) {
        if tags[entry] == tag && patterns[entry].matches(bytes: value) { body(rules[entry]) }
    }
}

extension GlobPattern {
    /// The literal bytes before the first `*`.
    var literalPrefix: [UInt8] { pieces[0] }
    /// The literal bytes after the last `*`.
    var literalSuffix: [UInt8] { pieces[pieces.count - 1] }
}
