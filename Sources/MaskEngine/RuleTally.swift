/// Where the resolver puts the rules that apply to a view on one level. The resolver
/// enumerates rules once, through this, for both deciding (``RuleTally``: the winner
/// only) and explaining (``RuleList``: every rule, and the same winner), so `explain`
/// and `apply` cannot differ in what they count.
protocol RuleSink {
    /// An empty sink.
    init()
    /// Adds a rule that applies; `locked` when it is a lock (``MaskRule/isLock``).
    mutating func add(_ rule: Int32, _ action: MaskAction, locked: Bool)
    /// The winner and first lock of the rules added.
    var tally: RuleTally { get }
}

/// Accumulates the rules that apply on one level and picks the winner: the first mask
/// rule in source order if any, else the first unmask rule (mask wins a tie); and,
/// apart, the first lock in source order, which overrides every level.
struct RuleTally: RuleSink {
    init() {}

    private var firstMask: Int32 = -1
    private var firstUnmask: Int32 = -1
    private var firstLock: Int32 = -1

    @inline(__always)
    mutating func add(_ rule: Int32, _ action: MaskAction, locked: Bool) {
        switch action {
        case .mask:
            if firstMask < 0 || rule < firstMask { firstMask = rule }
            if locked, firstLock < 0 || rule < firstLock { firstLock = rule }
        case .unmask: if firstUnmask < 0 || rule < firstUnmask { firstUnmask = rule }
        }
    }

    /// The winning rule, or -1 when none applied.
    var winner: Int32 { firstMask >= 0 ? firstMask : firstUnmask }
    /// Itself: a tally is its own summary.
    var tally: RuleTally { self }
    /// The first lock among the rules, or -1.
    var lock: Int32 { firstLock }
}

/// Every rule that applies on one level, and the winner a ``RuleTally`` picks from them.
struct RuleList: RuleSink {
    private(set) var tally = RuleTally()
    private var seen: Set<Int32> = []

    init() {}

    mutating func add(_ rule: Int32, _ action: MaskAction, locked: Bool) {
        tally.add(rule, action, locked: locked)
        seen.insert(rule)
    }

    /// The rules, ascending (each once, however many selectors brought it).
    var rules: [Int] { seen.map(Int.init).sorted() }
    /// The winning rule, or nil.
    var winner: Int? { tally.winner >= 0 ? Int(tally.winner) : nil }
    /// The first lock among the rules, or nil.
    var lock: Int? { tally.lock >= 0 ? Int(tally.lock) : nil }
}
