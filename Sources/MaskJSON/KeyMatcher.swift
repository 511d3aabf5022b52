import MaskStorage
/// Finds which of a fixed set of names a key's raw bytes spell, comparing machine words
/// rather than bytes: a key of n bytes is read as its first and last 8 (or 4, or 2)
/// bytes, which for n ≤ 16 determine it; longer names are compared in full after that.
///
/// Built once per name set (usually held by a `static let`) and shared; frees its
/// storage when the last reference goes. Immutable after `init`, which is what makes it
/// safe to share between threads.
package final class KeyMatcher: @unchecked Sendable {
    struct Candidate {
        var first: UInt64
        var last: UInt64
        var name: Int32

        init(first: UInt64, last: UInt64, name: Int32) {
            self.first = first
            self.last = last
            self.name = name
        }
    }

    /// The longest name length with candidates of its own; longer keys match nothing.
    static var lengths: Int { 64 }
    /// For each length, the range of `candidates` with that length.
    let starts: UnsafeMutablePointer<Int32>
    let candidates: UnsafeMutablePointer<Candidate>
    let candidateCount: Int
    /// The names, for full comparison of long ones.
    let names: [[UInt8]]

    /// A matcher for `names` (a key matches the index of the name it spells).
    package init(_ names: [String]) {
        let bytes = names.map { Array($0.utf8) }
        self.names = bytes
        let sorted = bytes.indices.filter { bytes[$0].count < Self.lengths }.sorted { bytes[$0].count < bytes[$1].count }
        starts = .allocate(capacity: Self.lengths + 1)
        candidates = .allocate(capacity: max(1, sorted.count))
        candidateCount = sorted.count
        var next = 0
        for length in 0...Self.lengths {
            starts[length] = Int32(next)
            while next < sorted.count && bytes[sorted[next]].count == length {
                let name = bytes[sorted[next]]
                let (first, last) = name.withUnsafeBufferPointer { Self.words($0.baseAddress!, length) }
                (candidates + next).initialize(to: Candidate(first: first, last: last, name: Int32(sorted[next])))
                next += 1
            }
        }
    }

    deinit {
        candidates.deinitialize(count: candidateCount)
        candidates.deallocate()
        starts.deallocate()
    }

    /// Checks that every length's candidates have that length (debug builds and tests).
    package func checkInvariants() {
        for length in 0..<Self.lengths {
            assert(starts[length] <= starts[length + 1], "KeyMatcher: starts out of order at \(length)")
            for index in Int(starts[length])..<Int(starts[length + 1]) {
                assert(names[Int(candidates[index].name)].count == length, "KeyMatcher: candidate \(index) filed under length \(length)")
            }
        }
        assert(Int(starts[Self.lengths]) == candidateCount, "KeyMatcher: \(candidateCount) candidates, \(starts[Self.lengths]) filed")
    }

    /// The first and last word of `n` bytes at `p` (overlapping, or shorter, for short keys).
    @inline(__always)
    static func words(_ p: UnsafePointer<UInt8>, _ n: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(p)
        if n >= 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
        }
        if n >= 4 {
            return (UInt64(raw.loadUnaligned(as: UInt32.self)), UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)))
        }
        if n >= 2 {
            return (UInt64(raw.loadUnaligned(as: UInt16.self)), UInt64(raw.loadUnaligned(fromByteOffset: n - 2, as: UInt16.self)))
        }
        return n == 1 ? (UInt64(p[0]), 0) : (0, 0)
    }

    /// The index of the name the `length` bytes at `p` spell, or -1.
    @inline(__always)
    package func match(_ p: UnsafePointer<UInt8>, _ length: Int) -> Int {
        guard length < Self.lengths else { return -1 }
        var index = Int(starts[length])
        let end = Int(starts[length + 1])
        guard index < end else { return -1 }
        let (first, last) = Self.words(p, length)
        while index < end {
            let candidate = candidates[index]
            if candidate.first == first && candidate.last == last {
                let name = Int(candidate.name)
                if length <= 16 || names[name].withUnsafeBufferPointer({ Bytes.equal(p, $0.baseAddress!, length) }) { return name }
            }
            index += 1
        }
        return -1
    }
}
