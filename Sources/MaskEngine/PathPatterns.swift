/// Glob patterns matched against a path that grows one segment at a time (a reliable
/// target `[root]>A:eq(0)>B[ri:x]`, an index path `0.2.1`), without building the path.
///
/// Each pattern is a small automaton over bytes whose state is the set of pattern
/// positions reachable so far. A view's state is its parent's state advanced by its own
/// segment, so matching costs O(segment length · pattern length) per view, however deep
/// the tree: a 100,000-deep tree never spells out a 100,000-step path.
struct PathPatterns: Sendable {
    /// The distinct patterns' bytes and the rules each belongs to.
    private let patterns: [[UInt8]]
    private let rules: [[Int32]]
    /// Where each pattern's bits start in a state, and how many 64-bit words it takes.
    private let offsets: [Int]
    /// Words in a whole state.
    let width: Int

    init(_ entries: [(pattern: GlobPattern, rule: Int32)]) {
        // One automaton per distinct pattern, however many rules share it.
        // Keyed by bytes, as patterns match: two spellings of one text that `String`
        // finds equal (composed and decomposed accents) are two automata.
        var index: [ExactString: Int] = [:]
        var patterns: [[UInt8]] = [], rules: [[Int32]] = []
        for entry in entries {
            let key = ExactString(entry.pattern.text)
            if let existing = index[key] {
                rules[existing].append(entry.rule)
            } else {
                index[key] = patterns.count
                patterns.append(Array(entry.pattern.text.utf8))
                rules.append([entry.rule])
            }
        }
        self.patterns = patterns
        self.rules = rules
        var offsets: [Int] = [], width = 0
        for pattern in patterns {
            offsets.append(width)
            width += (pattern.count + 1 + 63) / 64
        }
        self.offsets = offsets
        self.width = width
    }

    var isEmpty: Bool { patterns.isEmpty }

    /// The state before any byte: position 0 and what `*` reaches from it.
    func start() -> [UInt64] {
        var state = [UInt64](repeating: 0, count: width)
        for index in patterns.indices {
            set(&state, index, 0)
            close(&state, index)
        }
        return state
    }

    @inline(__always)
    private func isSet(_ state: [UInt64], _ pattern: Int, _ position: Int) -> Bool {
        state[offsets[pattern] + position >> 6] & (1 << UInt64(position & 63)) != 0
    }

    @inline(__always)
    private func set(_ state: inout [UInt64], _ pattern: Int, _ position: Int) {
        state[offsets[pattern] + position >> 6] |= 1 << UInt64(position & 63)
    }

    /// Adds the positions after each `*` whose star position is set (a star matches nothing too).
    private func close(_ state: inout [UInt64], _ pattern: Int) {
        let bytes = patterns[pattern]
        var position = 0
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "*") && isSet(state, pattern, position) { set(&state, pattern, position + 1) }
            position += 1
        }
    }

    /// The state after reading `segment` from `state`. Patterns with no live position
    /// are skipped, so a view pays only for the patterns still in play on its path.
    func advance(_ state: [UInt64], by segment: some Sequence<UInt8>) -> [UInt64] {
        guard state.contains(where: { $0 != 0 }) else { return state }
        var current = state
        var next = [UInt64](repeating: 0, count: width)
        var live: [Int] = patterns.indices.filter { index in
            (offsets[index]..<offsets[index] + words(index)).contains { current[$0] != 0 }
        }
        var stillLive: [Int] = []
        stillLive.reserveCapacity(live.count)
        for byte in segment {
            stillLive.removeAll(keepingCapacity: true)
            for index in live {
                let bytes = patterns[index]
                let base = offsets[index]
                var any = false
                for word in 0..<words(index) {
                    var bits = current[base + word]
                    current[base + word] = 0
                    while bits != 0 {
                        let position = word << 6 + bits.trailingZeroBitCount
                        bits &= bits - 1
                        guard position < bytes.count else { continue }
                        let p = bytes[position]
                        if p == UInt8(ascii: "*") {
                            set(&next, index, position)
                            any = true
                        } else if p == byte {
                            set(&next, index, position + 1)
                            any = true
                        }
                    }
                }
                if any {
                    close(&next, index)
                    stillLive.append(index)
                }
            }
            swap(&current, &next)  // `next` is all zero again: live words were cleared above
            swap(&live, &stillLive)
            if live.isEmpty { break }
        }
        return current
    }

    @inline(__always)
    private func words(_ index: Int) -> Int { (patterns[index].count + 1 + 63) / 64 }

    /// Whether every segment read from `state` leads back to `state`: each pattern still
    /// in play has only its final `*` and its end left (it matches whatever follows), and
    /// the others are out. The dead state (nothing in play) is settled too.
    /// - Complexity: O(width + live positions).
    func isSettled(_ state: [UInt64]) -> Bool {
        for index in patterns.indices {
            let bytes = patterns[index]
            var live: [Int] = []
            for word in 0..<words(index) {
                var bits = state[offsets[index] + word]
                while bits != 0 {
                    live.append(word << 6 + bits.trailingZeroBitCount)
                    bits &= bits - 1
                }
            }
            guard !live.isEmpty else { continue }
            let last = bytes.count - 1
            guard last >= 0, bytes[last] == UInt8(ascii: "*"), live == [last, bytes.count] else { return false }
        }
        return true
    }

    /// The rules whose pattern has matched the whole path read so far.
    func accepted(_ state: [UInt64]) -> [Int32] {
        var found: [Int32] = []
        for index in patterns.indices where isSet(state, index, patterns[index].count) { found += rules[index] }
        return found
    }
}
