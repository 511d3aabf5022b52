import MaskStorage
/// What a view hands down to its children: the rules of its nearest ancestors that
/// reach descendants (levels 2 and 4).
public struct InheritedVerdicts: Sendable, Hashable {
    /// The nearest ancestor's winning recursive instance rule, or -1.
    var instanceRule: Int32
    /// The nearest ancestor's winning recursive type rule, or -1.
    var typeRule: Int32
    /// Whether an ancestor is secure text entry: everything inside it is secure too.
    var secure: Bool
    /// The nearest ancestor's recursive lock (its instance lock before its type lock), or -1.
    var lockRule: Int32 = -1
    /// Whether an ancestor is a text input: a view inside one draws part of it (UIKit
    /// draws a field's text in child views), so level 5 takes the inputs' default for it
    /// when that is stricter than its own.
    var inInput = false

    /// What the root of a tree inherits: nothing.
    public static let root = InheritedVerdicts(instanceRule: -1, typeRule: -1, secure: false)
}

/// What the engine derives from a class chain once and caches.
struct ClassFacts: Sendable {
    var kind: ViewKind
    var recurses: Bool
    /// The catalog cut the chain (over ``TypeCatalog/maximumChainLength``): the kind and
    /// `recurse` of the classes cut off are unknown, so the view is masked and its
    /// children are not emitted.
    var chainCut: Bool
    /// The most specific type rule on the chain (level 3), or -1.
    var typeRule: Int32
    /// The most specific recursive type rule on the chain (handed down for level 4), or -1.
    /// Both fall back to the `kind` rules of the chain's ``SelectorKind``.
    var recursiveTypeRule: Int32
    /// What level 5 does for views of the class (``DecisionTable/defaultState(for:)``).
    var defaultState: DefaultState
    /// The class is a text input (``SelectorKind/input``): its descendants are inside one.
    var isInput = false
    /// Level 5 for a view of the class inside a text input: the stricter of
    /// ``defaultState`` and the inputs' default (computed with the class facts, so
    /// deciding a view reads no table).
    var insideInputState: DefaultState = .mask
    /// A view of the class shown on level 5 has its text masked
    /// (``DecisionTable/masksTextWhenShown(_:)``).
    var masksTextWhenShown = false
    /// The first type lock on any class of the chain (most specific class first), else
    /// the first locked `kind` rule on the chain's kind, or -1.
    var typeLock: Int32 = -1
    /// The first recursive type lock on any class of the chain, handed down, or -1.
    var recursiveTypeLock: Int32 = -1
    /// The class's number in the resolver's class cache (0, 1, 2... in the order met,
    /// until ``ViewResolver/classCacheGeneration`` changes); for a view that brings its
    /// own superclass chain, -2, -3... in the order the (class, chain) pairs are met.
    var number: Int32 = -1
}

/// What one class name says, for walking chains: its declaration's superclass, kind and
/// `recurse` (``TypeCatalog/declaration(of:)``), whether it is a text input class, and
/// its type rules (``DecisionTable/typeRules(forClass:)``, before screen scoping).
struct ChainStep: Sendable {
    var superclass: String?
    var kind: ViewKind?
    var recurse: Bool?
    var takesInput: Bool
    var typeRules: [Int32]
}

extension DecisionTable {
    /// What a class name says in this table, for walking chains. A method of the table
    /// (not an initializer taking it): a resolver calls it on its table in place, where
    /// passing its table as an argument from a mutating method copied the table.
    /// - Parameter declared: the name's own declaration, when the caller holds it.
    func chainStep(_ name: String, declared: ClassDeclaration? = nil) -> ChainStep {
        let declaration = declared ?? catalog.declaration(of: name)
        return ChainStep(superclass: declaration?.superclass, kind: declaration?.kind, recurse: declaration?.recurse,
                         takesInput: TypeCatalog.isTextInputClass(name), typeRules: typeRules(forClass: name) ?? [])
    }
}

/// The ``ChainStep`` of every class name a table's catalog declares: built with the
/// table, so a new resolver (the first frame after launch) looks the catalog's classes
/// up in it rather than one by one in the catalog, the text-input classes and the type
/// rules. Numbered in the catalog's own order (the numbers never leave the engine):
/// sorting the names was half the cost of building this.
struct ChainSteps: Sendable {
    var index = StringTable<Int32>()
    var steps: [ChainStep] = []
    /// The class name of each step (apart: a step read copies its fields, and a name
    /// there cost a retain and a release a read on every cold frame).
    var names: [String] = []

    /// None: the steps of a table being built.
    init() {}

    init(table: DecisionTable) {
        let declarations = table.catalog.declarations
        index = StringTable(capacity: declarations.count)
        steps.reserveCapacity(declarations.count)
        // A declared name's declaration is its own (``TypeCatalog/declaration(of:)``
        // looks a simple name up only for a name not declared).
        for declaration in declarations {
            index.set(Int32(steps.count), for: declaration.name)
            steps.append(table.chainStep(declaration.name, declared: declaration))
            names.append(declaration.name)
        }
    }
}

/// A superclass chain a view brought, and the class facts derived from it.
struct GivenChain: Sendable {
    var superclasses: [String]
    var facts: ClassFacts
    /// The array last stored before `superclasses`, holding the same chain (bytes
    /// compared when it was met): trees from two captures that each keep one array per
    /// class alternate between two arrays, and the one met again is then recognised by
    /// its storage instead of comparing its names byte by byte (callgrind: 32 chains a
    /// cold frame of 1,000 real views, about 600 instructions each).
    var previous: [String]? = nil
    /// The array stored before `previous`, also holding the same chain: views from three
    /// captures cycle through three arrays, which `previous` alone missed every time
    /// round (callgrind: about 125 names compared byte by byte, 15,000 instructions, a
    /// cold frame of 1,000 real views from the benchmark's captures).
    var older: [String]? = nil

    /// Makes the previous array the current one (it was met again).
    mutating func promotePrevious() {
        guard let previous else { return }
        self.previous = superclasses
        superclasses = previous
    }

    /// Makes the older array the current one (it was met again).
    mutating func promoteOlder() {
        guard let older else { return }
        self.older = superclasses
        superclasses = older
    }

    /// Stores an array found equal to `superclasses` as the current one, keeping the
    /// one it replaces as the previous, and the previous as the older (the older one
    /// is let go).
    mutating func replace(with equal: [String]) {
        older = previous
        previous = superclasses
        superclasses = equal
    }
}

/// The rules that decide a view on level 3, or that it hands down for level 4: those of
/// the most specific class of its chain with a type rule, or else those of its kind.
/// `Sink` is ``RuleList`` to explain (every rule), ``RuleTally`` to decide (the winner).
struct TypeLevelRules<Sink: RuleSink> {
    /// The class whose type rules these are; nil for kind rules.
    var className: String?
    /// The kind whose `kind` rules these are; nil for type rules.
    var kind: SelectorKind?
    /// The rules, and their winner.
    var rules: Sink
}

/// Decides views against a ``DecisionTable`` within one screen.
///
/// Not thread-safe: give each thread its own. Cheap to create; keeping one across
/// frames keeps its per-class cache warm.
public struct ViewResolver: Sendable {
    /// The compiled policy.
    public let table: DecisionTable
    /// The screen of the tree being resolved (for `screen:`-scoped rules and `ai` targets).
    public private(set) var screen: String?
    private var classCache = StringTable<ClassFacts>()
    /// Class facts for views that bring their own superclass chain, by class name: an
    /// index into `givenChains` (a table of plain numbers: a tuple value in the table's
    /// cache was copied through the runtime's generic witnesses on every lookup).
    private var givenChainCache = StringTable<Int32>()
    private var givenChains: [GivenChain] = []
    /// What each class name met in a chain says (``computeClassFacts(_:)``): by name, a
    /// number into `steps`. Screen-independent (type rules are filtered when tallied).
    private var stepIndex = StringTable<Int32>()
    private var steps: [ChainStep] = []
    /// The class name of each of ``steps`` (``ChainSteps/names``).
    private var stepNames: [String] = []
    /// The chain being summed up (``computeClassFacts(_:)``), kept for its storage.
    private var chainScratch: [Int32] = []
    /// Rules matching recent identifier values, tagged by selector key (see `match`): a
    /// range of `memoPool`.
    private var memo = StringTable<(start: Int32, count: Int32)>()
    private var memoPool: [Int32] = []
    private var memoHits = MemoCounts()
    private var memoMisses = MemoCounts()
    /// Bit i set: the memo for selector key slot i is skipped (its values do not repeat).
    private var memoBypassed: UInt8 = 0
    /// Only when the table selects by `target` or index path: the whole-path matching.
    var paths: PathMatcher?

    /// Creates a resolver for trees of one screen.
    public init(table: DecisionTable, screen: String? = nil) {
        self.table = table
        self.screen = screen
        self.screenID = screen.flatMap { table.screenIDs[ExactString($0)] } ?? -2
        self.hasScreen = ReliableTarget.isScreen(screen)
        self.paths = table.usesTargets || table.usesIDs ? PathMatcher(table: table) : nil
        self.paths?.screenChanged(screen)
    }

    /// The current screen's number among those rules name; -2 when no rule names it.
    private var screenID: Int32
    /// Whether the current tree has a screen (non-empty), for ``MaskRule/needsScreen``.
    private var hasScreen: Bool

    /// How many times the class caches were emptied: a caller that keeps class facts of
    /// its own (``IncrementalResolver``) drops them when this changes.
    @usableFromInline package private(set) var classCacheGeneration = 0

    /// The class number (``ClassFacts/number``) of the view decided last: callers that
    /// keep something per class (the replay encoder's class traits) index an array with
    /// it instead of hashing the class name again. -2, -3... when that view brought its
    /// own superclass chain: one number per class and chain.
    @usableFromInline package private(set) var lastClassNumber: Int32 = -1

    /// Switches to another screen, dropping screen-dependent caches if it changed.
    ///
    /// Class facts depend on the screen only through the rules that name one: two
    /// screens that no rule names share them, so a stream of screens the policy does not
    /// scope keeps its caches warm.
    public mutating func setScreen(_ screen: String?) {
        // Byte for byte, as rules match screens: a canonically equivalent spelling is
        // another screen, whose cached matches must not be reused.
        guard !screen.isExactly(self.screen) else { return }
        self.screen = screen
        paths?.screenChanged(screen)
        let id = screen.flatMap { table.screenIDs[ExactString($0)] } ?? -2
        let has = ReliableTarget.isScreen(screen)
        // Class facts hold the type and kind rules that apply on the screen: they are
        // kept across screens unless one of those rules is scoped to a screen (rules
        // that need a screen are `target` rules, never class rules).
        if table.classRulesUseScreens && (id != screenID || has != hasScreen) {
            classCache.removeAll()
            givenChainCache.removeAll()
            givenChains.removeAll(keepingCapacity: true)
            classCacheGeneration &+= 1
        }
        screenID = id
        hasScreen = has
    }

    /// Starts the next tree: bounds what the whole-path matching remembers.
    mutating func startTree() {
        paths?.trimIfLarge()
        paths?.screenChanged(screen)
    }

    /// Decides one view.
    ///
    /// - Parameters:
    ///   - facts: the view.
    ///   - target: the view's reliable target; needed only when ``DecisionTable/usesTargets``.
    ///   - indexPath: the view's index path; needed only when ``DecisionTable/usesIDs`` and `facts.id` is nil.
    ///   - inherited: what the view's parent handed down (``InheritedVerdicts/root`` for a root).
    /// - Returns: the decision, and what the view hands down to its children.
    /// - Complexity: O(1) expected for exact selectors and cached classes, plus
    ///   O(g) for g glob rules on the keys the view carries.
    public mutating func decide(
        _ facts: ViewFacts, target: String? = nil, indexPath: String? = nil, inherited: InheritedVerdicts
    ) -> (MaskDecision, InheritedVerdicts) {
        let targets = target.map { table.rulesMatching(.target, $0) } ?? []
        let indexRules = facts.id == nil ? indexPath.map { table.rulesMatching(.id, $0) } ?? [] : []
        return decide(facts, targetRules: targets, indexPathRules: indexRules, inherited: inherited)
    }

    /// Decides one view whose `target` and index-path matches are already known.
    mutating func decide(
        _ facts: ViewFacts, targetRules: [Int32], indexPathRules: [Int32], inherited: InheritedVerdicts
    ) -> (MaskDecision, InheritedVerdicts) {
        var handed = inherited
        let decision = decide(facts, targetRules: targetRules, indexPathRules: indexPathRules, handing: &handed)
        return (decision, handed)
    }

    /// ``decide(_:targetRules:indexPathRules:inherited:)`` with what the view inherited
    /// in `handed`, replaced by what it hands down: the traversal's call, which returned
    /// both in registers packed and unpacked on each side of the call.
    mutating func decide(
        _ facts: ViewFacts, targetRules: [Int32], indexPathRules: [Int32], handing handed: inout InheritedVerdicts
    ) -> MaskDecision {
        let classFacts = self.classFacts(facts)
        lastClassNumber = classFacts.number
        var own = RuleTally(), ownRecursive = RuleTally()
        tallyInstance(facts, targetRules: targetRules, indexPathRules: indexPathRules, &own, &ownRecursive)
        let (decision, down) = settle(classFacts, own: own, ownRecursive: ownRecursive,
                                      isSecure: SecureContent.ownMarkers(facts, kind: classFacts.kind), imageSource: facts.imageSource, inherited: handed)
        handed = down
        return decision
    }

    /// The rules selecting the view itself (levels 1, and 2 for its descendants): its
    /// id (or index path), identifiers, targets and tag. The one enumeration behind
    /// both ``decide(_:targetRules:indexPathRules:inherited:)`` and ``instanceRules(_:pathRules:)``.
    /// Transparent: `@inline(__always)` left it out of line in `decide` (see ``settle(_:own:ownRecursive:isSecure:imageSource:inherited:)``).
    @_transparent
    private mutating func tallyInstance<Sink: RuleSink>(
        _ facts: ViewFacts, targetRules: [Int32], indexPathRules: [Int32], _ own: inout Sink, _ ownRecursive: inout Sink
    ) {
        if let value = facts.id {
            match(.id, value, &own, &ownRecursive)
        } else {
            for rule in indexPathRules { tally(rule, &own, &ownRecursive) }
        }
        if let value = facts.accessibilityIdentifier { match(.accessibilityIdentifier, value, &own, &ownRecursive) }
        if let value = facts.restorationIdentifier { match(.restorationIdentifier, value, &own, &ownRecursive) }
        for rule in targetRules { tally(rule, &own, &ownRecursive) }
        if let tag = facts.effectiveTag, let list = table.tagRules[tag] {
            for rule in list { tally(rule, &own, &ownRecursive) }
        }
    }

    /// For explaining: every instance rule that applies to the view, and those that
    /// reach its descendants, each with the winner ``decide`` takes from them.
    /// - Parameter pathRules: the view's whole-path matches (targets, and index-path
    ///   ids when it has no id), as ``IncrementalResolver`` finds them.
    mutating func instanceRules(_ facts: ViewFacts, pathRules: [Int32]) -> (own: RuleList, recursive: RuleList) {
        var own = RuleList(), recursive = RuleList()
        tallyInstance(facts, targetRules: pathRules, indexPathRules: [], &own, &recursive)
        return (own, recursive)
    }

    /// Decides one view read as bytes, whose class facts the caller has looked up
    /// (``IncrementalResolver`` caches them by class slot). Only for tables that use
    /// neither `target` nor index-path selectors.
    mutating func decide(raw facts: RawViewFacts, classFacts: ClassFacts, inherited: InheritedVerdicts) -> (MaskDecision, InheritedVerdicts) {
        var own = RuleTally(), ownRecursive = RuleTally()
        if let value = facts.id { match(.id, bytes: value, &own, &ownRecursive) }
        if let value = facts.accessibilityIdentifier { match(.accessibilityIdentifier, bytes: value, &own, &ownRecursive) }
        if let value = facts.restorationIdentifier { match(.restorationIdentifier, bytes: value, &own, &ownRecursive) }
        if let tag = facts.tag, tag != 0, let list = table.tagRules[tag] {
            for rule in list { tally(rule, &own, &ownRecursive) }
        }
        let isSecure = SecureContent.isSecure(kind: classFacts.kind, flagged: facts.isSecureTextEntry,
                                              secureContentType: facts.textContentType.map(SecureContent.isSecureName) ?? false,
                                              inputType: facts.inputType)
        return settle(classFacts, own: own, ownRecursive: ownRecursive, isSecure: isSecure, imageSource: facts.imageSource, inherited: inherited)
    }

    /// The decision from what a view's own rules, its class and its ancestors say. Mutating
    /// only so that a call the optimizer keeps out of line passes the resolver in place:
    /// a non-mutating call from `decide` copied it (about 340 bytes a view).
    ///
    /// Transparent (inlined before optimization): `@inline(__always)` was not honoured
    /// here, `decide` being past the size the performance inliner inlines into, and the
    /// out-of-line call packed its ten arguments and two results into registers and
    /// stack slots (callgrind: about 80 instructions a view, 6% of the cold frame).
    @_transparent
    mutating func settle(_ classFacts: ClassFacts, own: RuleTally, ownRecursive: RuleTally, isSecure: Bool, imageSource: ImageSource?,
                        inherited: InheritedVerdicts) -> (MaskDecision, InheritedVerdicts) {
        if table.usesLocks, let locked = settleLocked(classFacts, own: own, ownRecursive: ownRecursive, isSecure: isSecure, inherited: inherited) {
            return locked
        }
        var level: PrecedenceLevel
        var rule = own.winner
        if rule >= 0 {
            level = .instance
        } else if inherited.instanceRule >= 0 {
            level = .parentInstance; rule = inherited.instanceRule
        } else if classFacts.typeRule >= 0 {
            level = .type; rule = classFacts.typeRule
        } else if inherited.typeRule >= 0 {
            level = .parentType; rule = inherited.typeRule
        } else {
            level = .default
        }
        // Level 5: the class's default state (`default`, or its dimension's default);
        // inside a text input, the inputs' default when that is stricter.
        let masks: Bool
        if rule >= 0 {
            masks = table.ruleFacts[Int(rule)].masks
        } else {
            masks = (inherited.inInput ? classFacts.insideInputState : classFacts.defaultState).masks(imageSource: imageSource)
        }
        let kind = classFacts.kind
        // Never unmasked: maps, secure text entry and everything inside it, and a view
        // whose class chain was cut at the limit (the classes cut off may say `map`).
        let secure = isSecure || inherited.secure
        let alwaysMasked = kind == .map || classFacts.chainCut || secure
        let decision = MaskDecision(
            isMasked: masks || alwaysMasked,
            level: level,
            ruleIndex: rule >= 0 ? Int(rule) : nil,
            kind: kind,
            isSecure: secure,
            emitsChildren: classFacts.recurses && kind != .map && !classFacts.chainCut,
            masksText: rule < 0 && !masks && !alwaysMasked && classFacts.masksTextWhenShown
        )
        return (decision, handed(classFacts, ownRecursive: ownRecursive, secure: secure, inherited: inherited))
    }

    /// What a view hands its children: its own recursive rules (instance, type, lock),
    /// else what it inherited, and whether it is secure.
    @inline(__always)
    func handed(_ classFacts: ClassFacts, ownRecursive: RuleTally, secure: Bool, inherited: InheritedVerdicts) -> InheritedVerdicts {
        let recursiveInstance = ownRecursive.winner
        return InheritedVerdicts(
            instanceRule: recursiveInstance >= 0 ? recursiveInstance : inherited.instanceRule,
            typeRule: classFacts.recursiveTypeRule >= 0 ? classFacts.recursiveTypeRule : inherited.typeRule,
            secure: secure,
            lockRule: handedLock(classFacts, ownRecursive: ownRecursive, inherited: inherited),
            inInput: inherited.inInput || classFacts.isInput)
    }

    /// The class chain the engine uses for a view: its own superclasses when given,
    /// else the catalog's chain (policy `types:` over the built-in catalog).
    public func classChain(of facts: ViewFacts) -> [String] {
        if let superclasses = facts.superclasses { return ClassName.expandingGenerics([facts.className] + superclasses) }
        return table.catalog.chain(of: facts.className)
    }

    /// Whether a rule applies on the current screen (``MaskRule/applies(onScreen:)``).
    @inline(__always)
    func applies(_ rule: Int32) -> Bool { applies(table.ruleFacts[Int(rule)]) }

    @inline(__always)
    private func applies(_ facts: RuleFacts) -> Bool {
        (facts.screen < 0 || facts.screen == screenID) && (hasScreen || !facts.needsScreen)
    }

    @inline(__always)
    private func tally<Sink: RuleSink>(_ rule: Int32, _ own: inout Sink, _ recursive: inout Sink) {
        let facts = table.ruleFacts[Int(rule)]  // read once
        guard applies(facts) else { return }
        let action: MaskAction = facts.masks ? .mask : .unmask
        own.add(rule, action, locked: facts.lock)
        if facts.recursive { recursive.add(rule, action, locked: facts.lock) }
    }

    /// Tallies the rules selecting `value` on `key`, through a memo of recent values:
    /// identifiers repeat from frame to frame, so most lookups are one hash.
    ///
    /// Matches are collected before they are tallied, not tallied from a closure: a
    /// closure over this mutating `self` made Swift copy the whole table (a retain and
    /// release of each of its parts) for every view. Most values match nothing, and an
    /// empty list allocates nothing.
    @inline(__always)
    private mutating func match<Sink: RuleSink>(_ key: SelectorKey, _ value: String, _ own: inout Sink, _ recursive: inout Sink) {
        guard table.instanceKeys & (1 << key.memoSlot) != 0 else { return }
        let slot = Int(key.memoSlot)
        if memoBypassed & (1 << slot) != 0 {
            for rule in table.rulesMatching(key, value) { tally(rule, &own, &recursive) }
            return
        }
        let range: (start: Int32, count: Int32)
        if let cached = memo.value(for: value, tag: UInt8(slot)) {
            range = cached
            memoHits[key] &+= 1
        } else {
            range = remember(key, value, table.rulesMatching(key, value))
        }
        tallyMemo(range, &own, &recursive)
    }

    /// ``match(_:_:_:_:)`` for a value given as UTF-8 bytes.
    @inline(__always)
    private mutating func match<Sink: RuleSink>(_ key: SelectorKey, bytes value: UnsafeBufferPointer<UInt8>, _ own: inout Sink, _ recursive: inout Sink) {
        guard table.instanceKeys & (1 << key.memoSlot) != 0 else { return }
        let slot = Int(key.memoSlot)
        if memoBypassed & (1 << slot) != 0 {
            for rule in table.rulesMatching(key, bytes: value) { tally(rule, &own, &recursive) }
            return
        }
        let range: (start: Int32, count: Int32)
        if let cached = memo.lookup(bytes: value, tag: UInt8(slot)) {
            range = cached
            memoHits[key] &+= 1
        } else {
            range = remember(key, String(decoding: value, as: UTF8.self), table.rulesMatching(key, bytes: value))
        }
        tallyMemo(range, &own, &recursive)
    }

    /// Stores the rules matching a value not in the memo; returns their range in `memoPool`.
    private mutating func remember(_ key: SelectorKey, _ value: String, _ list: [Int32]) -> (start: Int32, count: Int32) {
        let slot = Int(key.memoSlot)
        // Values that never repeat (row ids, generated ids) make the memo pure cost:
        // after enough lookups with mostly misses, match this key directly.
        memoMisses[key] &+= 1
        if memoMisses[key] > 4096 && memoMisses[key] > memoHits[key] * 2 {
            memoBypassed |= 1 << slot
        }
        if memo.count >= Self.memoLimit || memoPool.count > Self.memoLimit * 8 {
            memo.removeAll()
            memoPool.removeAll(keepingCapacity: true)
        }
        let range = (Int32(memoPool.count), Int32(list.count))
        memoPool += list
        memo.setRemembering(range, for: value, tag: UInt8(slot))
        return range
    }

    @inline(__always)
    private func tallyMemo<Sink: RuleSink>(_ range: (start: Int32, count: Int32), _ own: inout Sink, _ recursive: inout Sink) {
        var index = Int(range.start)
        let end = index + Int(range.count)
        while index < end {
            tally(memoPool[index], &own, &recursive)
            index += 1
        }
    }

    /// The most values remembered before the memo starts over.
    static let memoLimit = 65_536
    /// The most superclass chains remembered before they are dropped (a new class
    /// generation).
    static let givenChainLimit = 4_096

    /// A view's class facts: from the caches when the class was met (with the same chain),
    /// else computed and cached (``newClassFacts(_:superclasses:)``, out of line).
    /// Transparent, so that deciding a view calls nothing for a class met before:
    /// `@inline(__always)` left it out of line in `decide`.
    @_transparent
    mutating func classFacts(_ facts: ViewFacts) -> ClassFacts {
        if let superclasses = facts.superclasses {
            // Keyed by class; the stored chain must equal the view's. The same array (one
            // kept per class, or read from one tree) is equal at once.
            if let index = givenChainCache.value(for: facts.className),
               Self.sameStorage(givenChains[Int(index)].superclasses, superclasses) {
                return givenChains[Int(index)].facts
            }
            return newClassFacts(facts, superclasses: superclasses)
        }
        if let cached = classCache.value(for: facts.className) { return cached }
        return newClassFacts(facts, superclasses: nil)
    }

    /// ``classFacts(_:)`` for a class not met before, or (given `superclasses`) met with
    /// another array than the view's.
    @inline(never)
    mutating func newClassFacts(_ facts: ViewFacts, superclasses: [String]?) -> ClassFacts {
        if let superclasses {
            // A class met with another chain gets a new entry (and number): an entry never
            // changes, so a caller's facts kept by number stay right.
            if let index = givenChainCache.value(for: facts.className) {
                let entry = Int(index)
                // An equal array from elsewhere is kept in place of the one stored, so the
                // views that follow it (from the same tree) have the same array.
                // Compared by bytes: `==` takes a look-alike spelling (U+212A for `K`) as
                // equal, which would hand one chain's facts (not a map) to another's.
                // The array stored before, met again (held, so its storage is not reused):
                // equal.
                if let previous = givenChains[entry].previous, Self.sameStorage(previous, superclasses) {
                    givenChains[entry].promotePrevious()
                    return givenChains[entry].facts
                }
                if let older = givenChains[entry].older, Self.sameStorage(older, superclasses) {
                    givenChains[entry].promoteOlder()
                    return givenChains[entry].facts
                }
                let stored = givenChains[entry].superclasses
                // The same array (the views of one tree share it, see below): equal.
                let same = stored.withUnsafeBufferPointer { a in superclasses.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count } }
                if same || (stored.count == superclasses.count && zip(stored, superclasses).allSatisfy({ $0.isExactly($1) })) {
                    givenChains[entry].replace(with: superclasses)
                    return givenChains[entry].facts
                }
            }
            if givenChains.count >= Self.givenChainLimit {
                // A class whose chain keeps changing: start over, and say so.
                givenChainCache.removeAll()
                givenChains.removeAll(keepingCapacity: true)
                classCacheGeneration &+= 1
            }
            var result = computeClassFacts(facts)
            result.number = -2 - Int32(givenChains.count)
            givenChainCache.setRemembering(Int32(givenChains.count), for: facts.className)
            givenChains.append(GivenChain(superclasses: superclasses, facts: result))
            return result
        }
        var result = computeClassFacts(facts)
        result.number = Int32(classCache.count)
        classCache.setRemembering(result, for: facts.className)
        return result
    }

    /// Whether two arrays share their storage (so are equal).
    @inline(__always)
    private static func sameStorage(_ a: [String], _ b: [String]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    /// A class's facts, from what each class name of its chain says (remembered per
    /// resolver in ``ChainStep``s: a chain sharing superclasses with one met before costs
    /// a lookup per class, not a catalog walk). Policies with locks take
    /// ``classFactsFromCatalog(_:)``, as does the test that holds the two equal.
    mutating func computeClassFacts(_ facts: ViewFacts) -> ClassFacts {
        guard !table.usesLocks else { return classFactsFromCatalog(facts) }
        if steps.count > Self.stepLimit {
            stepIndex.removeAll()
            steps.removeAll(keepingCapacity: true)
            stepNames.removeAll(keepingCapacity: true)
        }
        // The chain as step numbers; the same walk as ``TypeCatalog/summary(of:)`` (a
        // repeated class ends it, the limit cuts it) or, given, the view's chain whole.
        // The resolver's scratch array, taken for the call (no allocation after the first).
        var chain: [Int32] = []
        swap(&chain, &chainScratch)
        chain.removeAll(keepingCapacity: true)
        defer { swap(&chain, &chainScratch) }
        var cut = false
        if let superclasses = facts.superclasses {
            // The given chain as ``ClassName/expandingGenerics(_:)`` reads it, without
            // making the array: a generic class is followed by its bare name.
            chain.reserveCapacity(superclasses.count + 1)
            var name = facts.className
            for index in 0...superclasses.count {
                let next = index < superclasses.count ? superclasses[index] : nil
                chain.append(stepNumber(name))
                if ClassName.hasGenericArguments(name), let base = ClassName.genericBase(of: name), base != next { chain.append(stepNumber(base)) }
                if let next { name = next }
            }
        } else {
            var current = stepNumber(facts.className)
            chain.append(current)
            while let next = chainStep(current).superclass {
                let number = stepNumber(next)
                if chain.contains(number) { break }
                if chain.count >= TypeCatalog.maximumChainLength {
                    cut = true
                    break
                }
                chain.append(number)
                current = number
            }
        }
        // ``ChainSummary``: the first kind and `recurse` declared, any text input.
        var declaredKind: ViewKind?, recurse: Bool?, takesInput = false, undeclared = 0
        for number in chain {
            let step = chainStep(number)
            if declaredKind == nil {
                declaredKind = step.kind
                if declaredKind == nil { undeclared += 1 }
            }
            if recurse == nil { recurse = step.recurse }
            if step.takesInput { takesInput = true }
        }
        let kind = TypeCatalog.chainKind(declared: declaredKind, takesInput: takesInput) {
            chain[..<undeclared].contains { TypeCatalog.namesSecureEntry(stepName($0)) }
        }
        let selectorKind = SelectorKind(kind: kind, takesInput: takesInput)
        // ``typeLevelRules(along:selectorKind:as:)``: on each level, the most specific
        // class with a type rule that applies, else the kind's rules.
        var own: Int32 = -1, recursive: Int32 = -1
        for number in chain {
            let list = chainStep(number).typeRules
            guard !list.isEmpty else { continue }
            var all = RuleTally(), reaching = RuleTally()
            for rule in list { add(rule, to: &all, &reaching) }
            if own < 0 { own = all.winner }
            if recursive < 0 { recursive = reaching.winner }
            if own >= 0 && recursive >= 0 { break }
        }
        if !table.kindRules.isEmpty && (own < 0 || recursive < 0) {
            let kinds = kindRules(for: selectorKind, as: RuleTally.self)
            if own < 0 { own = kinds.own?.winner ?? -1 }
            if recursive < 0 { recursive = kinds.recursive?.winner ?? -1 }
        }
        return ClassFacts(kind: kind, recurses: recurse ?? true, chainCut: cut, typeRule: own, recursiveTypeRule: recursive,
                          defaultState: table.defaultState(for: selectorKind), isInput: selectorKind == .input,
                          insideInputState: table.defaultState(for: selectorKind).stricter(table.defaultState(for: .input)),
                          masksTextWhenShown: table.masksTextWhenShown(selectorKind))
    }

    /// The number of a class name's ``ChainStep``: the table's own for a name the
    /// catalog declares (``ChainSteps``), else this resolver's, looking the name up the
    /// first time (numbered after the table's).
    private mutating func stepNumber(_ name: String) -> Int32 {
        // The table's first: the two indexes are disjoint (a name goes into this
        // resolver's only when the table's lacks it), and most names met are the
        // catalog's, so most take one lookup; a new resolver's index is empty.
        if let seeded = table.chainSteps.index.lookup(name) { return seeded }
        if stepIndex.count > 0, let known = stepIndex.value(for: name) { return known }
        let number = Int32(table.chainSteps.steps.count + steps.count)
        steps.append(table.chainStep(name))
        stepNames.append(name)
        stepIndex.set(number, for: name)
        return number
    }

    /// The ``ChainStep`` numbered `number` (``stepNumber(_:)``).
    @inline(__always)
    private func chainStep(_ number: Int32) -> ChainStep {
        let seeded = table.chainSteps.steps.count
        return Int(number) < seeded ? table.chainSteps.steps[Int(number)] : steps[Int(number) - seeded]
    }

    /// The class name of the ``ChainStep`` numbered `number`.
    private func stepName(_ number: Int32) -> String {
        let seeded = table.chainSteps.names.count
        return Int(number) < seeded ? table.chainSteps.names[Int(number)] : stepNames[Int(number) - seeded]
    }

    /// The most class names remembered before they are looked up afresh.
    static let stepLimit = 65_536

    /// A class's facts from the catalog's walk of its chain (``TypeCatalog/summary(of:)``).
    func classFactsFromCatalog(_ facts: ViewFacts) -> ClassFacts {
        // The chain and what its declarations say, in one walk (``classChain(of:)``).
        let summary = facts.superclasses.map { table.catalog.summary(along: ClassName.expandingGenerics([facts.className] + $0)) }
            ?? table.catalog.summary(of: facts.className)
        let chain = summary.chain
        let selectorKind = summary.selectorKind
        // Winners only: a tally, not the list `explain` keeps.
        let levels = typeLevelRules(along: chain, selectorKind: selectorKind, as: RuleTally.self)
        let locks: (own: Int?, recursive: Int?) = table.usesLocks ? typeLocks(along: chain) : (nil, nil)
        return ClassFacts(
            kind: summary.kind,
            recurses: summary.recurses,
            chainCut: summary.isCut,
            typeRule: levels.own?.rules.winner ?? -1,
            recursiveTypeRule: levels.recursive?.rules.winner ?? -1,
            defaultState: table.defaultState(for: selectorKind),
            isInput: selectorKind == .input,
            insideInputState: table.defaultState(for: selectorKind).stricter(table.defaultState(for: .input)),
            masksTextWhenShown: table.masksTextWhenShown(selectorKind),
            typeLock: locks.own.map(Int32.init) ?? -1,
            recursiveTypeLock: locks.recursive.map(Int32.init) ?? -1
        )
    }

    /// The rules of levels 3 (own) and 4 (handed down) for a class chain: its type rules
    /// (``typeRules(along:as:)``), or where it has none on a level, the `kind` rules of its
    /// ``SelectorKind`` (``kindRules(for:as:)``). A type rule beats a kind rule.
    func typeLevelRules<Sink: RuleSink>(
        along chain: [String], selectorKind: SelectorKind? = nil, as sink: Sink.Type = RuleList.self
    ) -> (own: TypeLevelRules<Sink>?, recursive: TypeLevelRules<Sink>?) {
        let types = typeRules(along: chain, as: sink)
        var own = types.own.map { TypeLevelRules(className: $0.className, kind: nil, rules: $0.rules) }
        var recursive = types.recursive.map { TypeLevelRules(className: $0.className, kind: nil, rules: $0.rules) }
        if !table.kindRules.isEmpty && (own == nil || recursive == nil) {
            let kind = selectorKind ?? table.catalog.selectorKind(along: chain)
            let kinds = kindRules(for: kind, as: sink)
            if own == nil, let rules = kinds.own { own = TypeLevelRules(className: nil, kind: kind, rules: rules) }
            if recursive == nil, let rules = kinds.recursive { recursive = TypeLevelRules(className: nil, kind: kind, rules: rules) }
        }
        return (own, recursive)
    }

    /// The `kind` rules on `kind` that apply on the current screen (level 3), and the
    /// recursive ones among them (handed down for level 4); nil where there are none.
    func kindRules<Sink: RuleSink>(for kind: SelectorKind, as sink: Sink.Type = RuleList.self) -> (own: Sink?, recursive: Sink?) {
        guard !table.kindRules.isEmpty else { return (nil, nil) }
        var all = Sink(), reaching = Sink()
        for rule in table.kindRules[Int(kind.code)] { add(rule, to: &all, &reaching) }
        return (all.tally.winner >= 0 ? all : nil, reaching.tally.winner >= 0 ? reaching : nil)
    }

    /// The type rules a class chain brings (level 3) and hands down (level 4): on each,
    /// the most specific class with a rule that applies, and every such rule of it.
    func typeRules<Sink: RuleSink>(
        along chain: [String], as sink: Sink.Type = RuleList.self
    ) -> (own: (className: String, rules: Sink)?, recursive: (className: String, rules: Sink)?) {
        var own: (className: String, rules: Sink)?, recursive: (className: String, rules: Sink)?
        for name in chain {
            guard let list = table.typeRules(forClass: name) else { continue }
            var all = Sink(), reaching = Sink()
            for rule in list { add(rule, to: &all, &reaching) }
            if own == nil, all.tally.winner >= 0 { own = (name, all) }
            if recursive == nil, reaching.tally.winner >= 0 { recursive = (name, reaching) }
            if own != nil && recursive != nil { break }
        }
        return (own, recursive)
    }

    /// Adds a class-level rule that applies on the current screen to `all`, and to
    /// `reaching` when it is recursive: read from the rule's packed facts (copying the
    /// rule itself would retain and release each of its strings).
    @inline(__always)
    private func add<Sink: RuleSink>(_ rule: Int32, to all: inout Sink, _ reaching: inout Sink) {
        let facts = table.ruleFacts[Int(rule)]
        guard applies(facts) else { return }
        let action: MaskAction = facts.masks ? .mask : .unmask
        all.add(rule, action, locked: facts.lock)
        if facts.recursive { reaching.add(rule, action, locked: facts.lock) }
    }
}

/// How often the resolver's memo of identifier values hit or missed, per selector key.
/// Fields, not an array: counting a hit in an array's element checked that its storage
/// was unique (a runtime call) for every identifier found in the memo.
struct MemoCounts: Sendable {
    private var type = 0, id = 0, accessibilityIdentifier = 0, restorationIdentifier = 0, tag = 0, target = 0, kind = 0

    /// The count for `key`.
    subscript(key: SelectorKey) -> Int {
        @inline(__always) get {
            switch key {
            case .type: type
            case .id: id
            case .accessibilityIdentifier: accessibilityIdentifier
            case .restorationIdentifier: restorationIdentifier
            case .tag: tag
            case .target: target
            case .kind: kind
            }
        }
        @inline(__always) set {
            switch key {
            case .type: type = newValue
            case .id: id = newValue
            case .accessibilityIdentifier: accessibilityIdentifier = newValue
            case .restorationIdentifier: restorationIdentifier = newValue
            case .tag: tag = newValue
            case .target: target = newValue
            case .kind: kind = newValue
            }
        }
    }
}
