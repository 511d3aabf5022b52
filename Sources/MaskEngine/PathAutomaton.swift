/// The automaton of ``PathPatterns`` made deterministic as views are seen: each set of
/// pattern positions met is numbered once, with the rules it accepts and whether it is
/// settled, and each step taken from a numbered state is remembered, so a step seen
/// before (the same class, index or tag under the same state, as on every frame of a
/// screen) costs one hash lookup instead of a pass over the patterns.
///
/// Per thread (owned by a ``ViewResolver``). States stay valid for the whole tree; the
/// owner starts over between trees when ``isLarge(bound:)`` (identifiers that never
/// repeat make new steps on every frame).
struct PathAutomaton: Sendable {
    /// The patterns (shared with the table, read only).
    let patterns: PathPatterns
    /// Each state's set of positions.
    private var sets: [[UInt64]] = []
    private var numbers: [[UInt64]: Int32] = [:]
    /// Each state's accepted rules (the patterns matched by the whole path so far).
    private(set) var accepted: [[Int32]] = []
    /// Each state's ``PathPatterns/isSettled(_:)``: its steps all lead back to it.
    private(set) var settled: [Bool] = []
    /// Remembered steps, by a key the caller packs (see ``PathMatcher``).
    private var steps = StepTable()

    /// The state with nothing in play: every step leads back to it.
    static let dead: Int32 = 0

    /// How many states are numbered.
    var stateCount: Int { sets.count }

    /// The state before anything is read.
    private(set) var start: Int32 = 0

    init(_ patterns: PathPatterns) {
        self.patterns = patterns
        _ = number([UInt64](repeating: 0, count: patterns.width))
        start = patterns.isEmpty ? Self.dead : number(patterns.start())
    }

    /// The number of a set of positions, numbering it if new.
    private mutating func number(_ set: [UInt64]) -> Int32 {
        if let known = numbers[set] { return known }
        let state = Int32(sets.count)
        sets.append(set)
        numbers[set] = state
        accepted.append(patterns.accepted(set))
        settled.append(patterns.isSettled(set))
        return state
    }

    /// The state after reading `segment` from `state`, computed on the patterns.
    /// - Complexity: O(segment length · positions in play).
    mutating func advance(_ state: Int32, by segment: some Sequence<UInt8>) -> Int32 {
        if settled[Int(state)] { return state }
        return number(patterns.advance(sets[Int(state)], by: segment))
    }

    /// The step remembered under `key`, or nil.
    @inline(__always)
    func step(_ key: UInt64) -> Int32? { steps[key] }

    /// Remembers the step under `key`.
    @inline(__always)
    mutating func remember(_ key: UInt64, _ state: Int32) { steps.set(state, for: key) }

    /// The most states and remembered steps kept from one tree to the next.
    static let bound = 1 << 16

    /// Whether the numbering has grown past `bound` states or `4 × bound` steps: the
    /// owner then starts over between trees (states handed out before would no longer
    /// be valid after).
    func isLarge(bound: Int) -> Bool { sets.count > bound || steps.count > bound * 4 }
}
