/// Where a view is, for selectors that match whole paths: the states its reliable
/// target's path form and its index path have reached (``PathAutomaton`` numbers).
struct PathState: Sendable, Equatable {
    var target: Int32
    var index: Int32
}

/// The whole-path automata as every ``PathMatcher`` starts them: their start states
/// numbered and `[root]` read. Built once per table, so a new traversal (the first frame
/// after launch) copies them instead of building them.
struct PathSeed: Sendable {
    var targets: PathAutomaton
    var indexes: PathAutomaton
    /// The target state after `[root]`: a root's parent.
    var targetRoot: Int32

    init(targets: PathPatterns, indexes: PathPatterns) {
        self.targets = PathAutomaton(targets)
        self.indexes = PathAutomaton(indexes)
        targetRoot = self.targets.advance(self.targets.start, by: ReliableTarget.root.utf8)
    }
}

/// Matches the selectors on whole paths (`target`, and `id` on index paths) as a tree
/// is walked, one step per view, without spelling out any path: per thread, owned by a
/// ``ViewResolver`` so its remembered steps stay warm from frame to frame.
///
/// A step is taken in two parts, each remembered: the class (`>Class`), numbered
/// through a string table, then what follows it (`[ri:...]`, `[tg:N]` or `:eq(N)`). A
/// view whose parent's state is settled (nothing in play, or only patterns ending in
/// `*` that already match) shares that state without reading its own step.
struct PathMatcher: Sendable {
    /// The table whose patterns these are, kept here for the short-form rules' lookup:
    /// passed in as an argument to each mutating call, it was copied (retains and a
    /// copy of its bytes) on every view.
    private let table: DecisionTable
    private var targets: PathAutomaton
    private var indexes: PathAutomaton
    /// The state after `[root]`: a root's parent in the target automaton.
    private var targetRoot: Int32 = 0
    private var classNumbers = StringTable<Int32>()
    private var restorationNumbers = StringTable<Int32>()
    /// Steps through a restoration identifier, which depend on the screen
    /// (`[ri:Screen.x]`): by state, restoration identifier and screen number.
    private var restorationSteps = StepTable()
    /// The short-form `target` rules (`Class[ai:Screen.x]`) by class, identifier and
    /// screen number: an index into `shortFormRules`.
    private var shortForms = StepTable()
    private var shortFormRules: [[Int32]] = []
    private var identifierNumbers = StringTable<Int32>()
    /// By identifier number: whether a short form with that identifier could match a
    /// target (``ShortFormFilter``); those that cannot need no further lookup.
    private var identifierCouldMatch: [Bool] = []
    /// The screens seen, numbered from 0, and the current one's number (nil past 16
    /// bits: then steps and short forms that depend on the screen are not remembered).
    private var screenNumbers: [ExactString?: Int32] = [:]
    private var screenNumber: Int32?
    /// The current screen (``screenChanged(_:)``), for the steps and short forms built
    /// on a miss: kept here rather than passed with every view (a retain and release of
    /// its string each time).
    private var screen: String?
    /// How much may be remembered from one tree to the next (``PathAutomaton/bound``;
    /// smaller in tests).
    var bound = PathAutomaton.bound
    /// How many times everything remembered was dropped for the bound.
    private(set) var restarts = 0

    init(table: DecisionTable) {
        self.table = table
        // Copied from the table: shared until this matcher numbers a state of its own.
        self.targets = table.pathSeed.targets
        self.indexes = table.pathSeed.indexes
        targetRoot = table.pathSeed.targetRoot
    }

    /// Whether any path form (`[root]>...` targets) or index path can match: false when
    /// both automata are dead from the start (settled, nothing accepted), as for a
    /// policy whose only `target` selectors are short forms (`Class[ai:...]`). Then a
    /// walk needs no path state, only ``shortFormMatches(_:)`` for views with an
    /// accessibility identifier.
    var matchesPathForms: Bool {
        !(targets.settled[Int(targetRoot)] && targets.accepted[Int(targetRoot)].isEmpty
            && indexes.settled[Int(indexes.start)] && indexes.accepted[Int(indexes.start)].isEmpty)
    }

    /// The `target` rules a view matches through its short form (none without an
    /// accessibility identifier), before screen scoping.
    mutating func shortFormMatches(_ facts: ViewFacts) -> [Int32] {
        guard table.usesTargets, let ai = facts.accessibilityIdentifier else { return [] }
        return shortFormRules(facts.className, ai)
    }

    /// How many states the target and index automata have numbered.
    var stateCount: Int { targets.stateCount + indexes.stateCount }

    /// The state above the roots: the target path has read `[root]`, the index path nothing.
    var rootState: PathState { PathState(target: targetRoot, index: indexes.start) }

    /// Whether a child's step needs its index among its siblings of the same class: the
    /// parent's target state is still reading steps.
    @inline(__always)
    func needsSameClassIndex(under parent: PathState) -> Bool { !targets.settled[Int(parent.target)] }

    /// A number for a class name, the same for the same name from tree to tree.
    @inline(__always)
    mutating func classNumber(_ name: String) -> Int32 { Self.number(of: name, in: &classNumbers) }

    /// The number of a string in `table`, numbering it (from 0, in order) if new.
    @inline(__always)
    private static func number(of key: String, in table: inout StringTable<Int32>) -> Int32 {
        if let known = table.value(for: key) { return known }
        let number = Int32(table.count)
        table.setRemembering(number, for: key)
        return number
    }

    /// Steps into a view: its state from its parent's, and the rules it matches.
    /// - Parameters:
    ///   - parent: the parent's state; nil for a root.
    ///   - childIndex: the view's index among its parent's children (among the roots for a root).
    ///   - siblingCounts: per-class child counts of the entered views, the parent's
    ///     children's from `countsStart` on; counted only while the parent's target
    ///     state still reads steps.
    mutating func enter(
        _ facts: ViewFacts, parent: PathState?, childIndex: Int,
        siblingCounts: inout [(classNumber: Int32, count: Int32)], countsStart: Int
    ) -> (state: PathState, targets: [Int32], indexPaths: [Int32]) {
        let parentState = parent ?? rootState
        var sameClassIndex = 0
        if needsSameClassIndex(under: parentState) {
            let number = classNumber(facts.className)
            var index = countsStart
            while index < siblingCounts.count && siblingCounts[index].classNumber != number { index += 1 }
            if index < siblingCounts.count {
                sameClassIndex = Int(siblingCounts[index].count)
                siblingCounts[index].count += 1
            } else {
                siblingCounts.append((number, 1))
            }
        }
        let state = state(of: facts, parent: parentState, isRoot: parent == nil, childIndex: childIndex, sameClassIndex: sameClassIndex)
        let (targets, indexPaths) = matches(facts, state)
        return (state, targets, indexPaths)
    }

    /// A view's state from its parent's.
    /// - Parameters:
    ///   - childIndex: the view's index among its parent's children (among the roots for a root).
    ///   - sameClassIndex: its index among its siblings of the same class; read only
    ///     when ``needsSameClassIndex(under:)``.
    /// - Complexity: O(1) expected for a step seen before; else O(step · positions).
    mutating func state(of facts: ViewFacts, parent: PathState, isRoot: Bool, childIndex: Int, sameClassIndex: Int) -> PathState {
        PathState(target: targetState(of: facts, parent: parent.target, sameClassIndex: sameClassIndex),
                  index: indexState(parent: parent.index, isRoot: isRoot, childIndex: childIndex))
    }

    private mutating func targetState(of facts: ViewFacts, parent: Int32, sameClassIndex: Int) -> Int32 {
        if targets.settled[Int(parent)] { return parent }
        // `>Class`, keyed by state and class number.
        let classKey = UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(bitPattern: classNumber(facts.className)))
        let middle: Int32
        if let known = targets.step(classKey) {
            middle = known
        } else {
            middle = targets.advance(parent, by: (">" + facts.className).utf8)
            targets.remember(classKey, middle)
        }
        if targets.settled[Int(middle)] { return middle }
        // What follows the class. Keys: state in the top 24 bits (bit 63 set, to keep
        // them apart from class keys), then 2 bits of kind, then the value.
        if let ri = facts.restorationIdentifier {
            let key = Self.pack(middle, Self.number(of: ri, in: &restorationNumbers), screenNumber)
            if let key, let known = restorationSteps[key] { return known }
            let next = targets.advance(middle, by: ReliableTarget.stepSuffix(restorationIdentifier: ri, tag: nil, sameClassIndex: 0, screen: screen).utf8)
            if let key { restorationSteps.set(next, for: key) }
            return next
        }
        let kind: UInt64, value: Int
        if let tag = facts.tag, tag != 0 { (kind, value) = (1, tag) } else { (kind, value) = (2, sameClassIndex) }
        let keyed = middle < 1 << 23 && value >= 0 && UInt64(value) < 1 << 38  // else too large to key: read it
        let key = 1 << 63 | UInt64(middle) << 40 | kind << 38 | UInt64(keyed ? value : 0)
        if keyed, let known = targets.step(key) { return known }
        let suffix = ReliableTarget.stepSuffix(restorationIdentifier: nil, tag: kind == 1 ? value : nil, sameClassIndex: value, screen: nil)
        let next = targets.advance(middle, by: suffix.utf8)
        guard keyed else { return next }
        targets.remember(key, next)
        return next
    }

    private mutating func indexState(parent: Int32, isRoot: Bool, childIndex: Int) -> Int32 {
        if indexes.settled[Int(parent)] { return parent }
        // A root reads `N`, any other view `.N`: roots are not remembered, so the two never share a key.
        if isRoot { return indexes.advance(parent, by: String(childIndex).utf8) }
        guard childIndex >= 0, UInt64(childIndex) < 1 << 32 else { return indexes.advance(parent, by: ("." + String(childIndex)).utf8) }
        let key = UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(childIndex)
        if let known = indexes.step(key) { return known }
        let next = indexes.advance(parent, by: ("." + String(childIndex)).utf8)
        indexes.remember(key, next)
        return next
    }

    /// The `target` rules and index-path `id` rules a view matches, before screen scoping.
    mutating func matches(_ facts: ViewFacts, _ state: PathState) -> (targets: [Int32], indexPaths: [Int32]) {
        var targetRules: [Int32] = []
        if table.usesTargets {
            if facts.accessibilityIdentifier != nil {
                // A view with an accessibility identifier has the short form as its target.
                targetRules = shortFormMatches(facts)
            } else {
                targetRules = targets.accepted[Int(state.target)]
            }
        }
        let indexRules = table.usesIDs && facts.id == nil ? indexes.accepted[Int(state.index)] : []
        return (targetRules, indexRules)
    }

    private mutating func shortFormRules(_ className: String, _ identifier: String) -> [Int32] {
        // Most identifiers are of no target's length: no numbering, no lookup. (A class
        // name starting with `[` always takes the full lookup.)
        let filtered = !ShortFormFilter.classNeedsLookup(className)
        if filtered && !table.shortForms.couldMatch(identifierLength: identifier.utf8.count) { return [] }
        let identifierNumber: Int32
        if let known = identifierNumbers.value(for: identifier) {
            identifierNumber = known
        } else {
            identifierNumber = Int32(identifierNumbers.count)
            identifierNumbers.setRemembering(identifierNumber, for: identifier)
            identifierCouldMatch.append(table.shortForms.couldMatch(identifier: identifier))
        }
        if filtered && !identifierCouldMatch[Int(identifierNumber)] { return [] }
        let key = Self.pack(classNumber(className), identifierNumber, screenNumber)
        if let key, let known = shortForms[key] { return shortFormRules[Int(known)] }
        let rules = table.rulesMatching(.target, ReliableTarget.short(className: className, accessibilityIdentifier: identifier, screen: screen))
        if let key {
            shortForms.set(Int32(shortFormRules.count), for: key)
            shortFormRules.append(rules)
        }
        return rules
    }

    /// Three numbers in one key (24, 24 and 16 bits), or nil when one does not fit.
    private static func pack(_ a: Int32, _ b: Int32, _ screen: Int32?) -> UInt64? {
        guard let screen, a >= 0, a < 1 << 24, b >= 0, b < 1 << 24, screen >= 0, screen < 1 << 16 else { return nil }
        return UInt64(a) << 40 | UInt64(b) << 16 | UInt64(screen)
    }

    /// The screen changed: what depends on it (steps through restoration identifiers,
    /// short forms) is remembered under its number.
    mutating func screenChanged(_ screen: String?) {
        self.screen = screen
        let key = screen.map(ExactString.init)
        if let known = screenNumbers[key] {
            screenNumber = known
        } else if screenNumbers.count < 1 << 16 {
            screenNumber = Int32(screenNumbers.count)
            screenNumbers[key] = screenNumber
        } else {
            screenNumber = nil
        }
    }

    /// Between trees: starts over what has grown past its bound (identifiers that never
    /// repeat add steps on every frame), so memory stays flat over a stream of trees.
    mutating func trimIfLarge() {
        guard targets.isLarge(bound: bound) || indexes.isLarge(bound: bound) || classNumbers.count > bound
            || restorationNumbers.count > bound || identifierNumbers.count > bound || restorationSteps.count > bound * 4
            || shortForms.count > bound * 4 || screenNumbers.count > bound else { return }
        // Class, identifier, restoration and screen numbers key the remembered steps:
        // start over all together (the screen is numbered again when the tree starts).
        var fresh = PathMatcher(table: table)
        fresh.bound = bound
        fresh.restarts = restarts + 1
        self = fresh
    }
}
