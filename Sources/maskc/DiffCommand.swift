import ArgumentParser
import MaskEngine
import MaskJSON
import MaskPolicy

/// `maskc diff OLD NEW [--trees PATH...]`: what a policy change does.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "What changes from one policy (or layering) to another: views over captured trees, or rules.",
        discussion: """
            With --trees, every view whose decision changes, grouped by screen and by the \
            rule that now decides it, newly exposed views first (then newly masked, then \
            other changes: secure, left out). Without --trees, a rule-level diff of the two \
            decision tables: rules added and removed, and the default. Text, JSON or \
            Markdown (for a pull-request comment). Exit codes: 0 done; 1 with \
            --fail-on-exposure when anything becomes unmasked (without --trees: an unmask \
            added, a mask removed, or the default turned to unmask); 2 usage error or \
            unreadable input; 3 a policy does not compile; 4 a tree cannot be read.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    @Argument(help: "The policy before the change (YAML, or a portable table: what apps run today).", completion: .file(extensions: ["yaml", "yml", "mtab"]))
    var old: String

    @Argument(help: "The policy after the change (YAML or a portable table).", completion: .file(extensions: ["yaml", "yml", "mtab"]))
    var new: String

    @Option(name: .long, parsing: .upToNextOption, help: "Captured trees to compare the policies on: files, folders, NDJSON, captures.", completion: .file(extensions: ["json", "ndjson", "jsonl", "xml"]))
    var trees: [String] = []

    @Option(help: "Output format: text, json or markdown.")
    var format: Format = .text

    @OptionGroup var inputs: ExcludeOptions

    @OptionGroup var display: DisplayOptions

    @Flag(help: "Exit 1 when anything becomes unmasked.")
    var failOnExposure = false

    func run() throws {
        let before = try PolicyLoader.load(old)
        let after = try PolicyLoader.load(new)
        let exposes: Bool
        if trees.isEmpty {
            let diff = RuleDiff(before, after)
            try FileIO.printOutput(DiffReporter.rules(diff, old: old, new: new, format: format))
            exposes = diff.exposes
        } else {
            var diff = ViewDiff()
            let reader = TreeMasker(table: before)
            let unreadable = try TreeInputs.forEachTree(in: try InputFiles.trees(exclude: inputs.patterns()).expand(trees).files, masker: reader) { item in
                diff.add(item, before: before, after: after)
            }
            if unreadable > 0 {
                FileIO.printError("maskc: error: \(unreadable) tree\(unreadable == 1 ? "" : "s") could not be read; nothing was compared")
                throw Reported(status: .invalidTree)
            }
            try FileIO.printOutput(DiffReporter.views(diff, old: old, new: new, before: before, after: after, format: format))
            exposes = diff.changes.contains { $0.change == .exposed }
        }
        if failOnExposure && exposes { throw Reported(status: .findings) }
    }
}

/// Views whose decision differs between two tables, over a corpus.
struct ViewDiff {
    /// How a view's state changed.
    enum Change: String, CaseIterable {
        /// Sent unmasked now, not before.
        case exposed = "newly exposed"
        /// Not sent unmasked now, sent unmasked before.
        case masked = "newly masked"
        /// Another change: masked, secure or left out, one for another.
        case other = "other changes"
    }

    struct Entry {
        var change: Change
        var screen: String
        /// The rule deciding the view now (its index in the new table), or nil.
        var rule: Int?
        /// What decides the view now when no rule does: the safety net's detector
        /// (`detect:email`) or level 5 as `explain` names it (`defaults.text mask`).
        var decidedBy: String
        var tree: String
        var view: String
        var className: String
        var before: ExpectedViewState
        var after: ExpectedViewState
        /// Shown, its own text masked (``MaskDecision/hidesText``), before and after.
        var textMaskedBefore = false
        var textMaskedAfter = false

        /// A state as the report prints it: `unmasked (text masked)` for a view shown
        /// with its text masked.
        var stateBefore: String { before.rawValue + (textMaskedBefore ? " (text masked)" : "") }
        var stateAfter: String { after.rawValue + (textMaskedAfter ? " (text masked)" : "") }
    }

    private(set) var changes: [Entry] = []
    private(set) var trees = 0
    private(set) var views = 0

    mutating func add(_ item: TreeInputs.Item, before: DecisionTable, after: DecisionTable) {
        let tree = item.document.tree
        // As `apply` decides: the five levels, then the policy's `detect:` safety net.
        let old = TreeMasker(table: before).decide(item.document), new = TreeMasker(table: after).decide(item.document)
        let oldLeftOut = PolicyTestRunner.leftOut(tree, old), newLeftOut = PolicyTestRunner.leftOut(tree, new)
        trees += 1
        views += tree.count
        // Names and input ancestors, made once a tree has a change: a per-view walk to the
        // root would make a deep tree quadratic.
        var places: Places?
        for view in 0..<tree.count {
            let was = PolicyTestRunner.state(old[view], leftOut: oldLeftOut[view])
            let now = PolicyTestRunner.state(new[view], leftOut: newLeftOut[view])
            // Shown both times, its text masked once (an image under `defaults.text`,
            // ``MaskDecision/masksText``): text sent now and not then is an exposure.
            let textChange = was == .unmasked && now == .unmasked && old[view].hidesText != new[view].hidesText
            guard was != now || textChange else { continue }
            let change: Change = textChange ? (old[view].hidesText ? .exposed : .masked)
                : now == .unmasked ? .exposed : was == .unmasked ? .masked : .other
            if places == nil { places = Places(tree, table: after) }
            // Never a value: named as the audit names places.
            changes.append(Entry(change: change, screen: ReportName.printable(tree.screen ?? "(no screen)"), rule: new[view].ruleIndex,
                                 decidedBy: Self.decidedBy(new[view], view: view, in: tree, table: after, places: places!), tree: item.name,
                                 view: places!.names[view], className: ReportName.printable(tree.views[view].className),
                                 before: was, after: now,
                                 textMaskedBefore: was == .unmasked && old[view].hidesText, textMaskedAfter: now == .unmasked && new[view].hidesText))
        }
    }

    /// How a tree's views are named in the report, and each one's nearest text-input
    /// ancestor under the new table, made in one pass over the tree.
    struct Places {
        /// Its id, else its index path; past 64 levels, shortened as `explain` shortens
        /// it, with the depth (`…0 at depth 5000`).
        let names: [String]
        let inputAncestor: [Int32]

        init(_ tree: ViewTree, table: DecisionTable) {
            let (depths, outline) = ExplainCommand.outlineNames(tree)
            names = (0..<tree.count).map { depths[$0] > 64 && tree.views[$0].id == nil ? "\(outline[$0]) at depth \(depths[$0])" : outline[$0] }
            var inputs = [Int32](repeating: -1, count: tree.count)
            for view in 0..<tree.count {
                let parent = Int(tree.parents[view])
                guard parent >= 0 else { continue }
                inputs[view] = table.selectorKind(of: tree.views[parent]) == .input ? Int32(parent) : inputs[parent]
            }
            inputAncestor = inputs
        }
    }

    /// What decides a view when no rule does (``Entry/decidedBy``); empty for a rule.
    static func decidedBy(_ decision: MaskDecision, view: Int, in tree: ViewTree, table: DecisionTable, places: Places) -> String {
        if let detector = decision.detector { return "detect:\(detector.rawValue)" }
        if decision.echoSource != nil { return "echo of a masked view's text" }
        guard decision.ruleIndex == nil else { return "" }
        if decision.contentDimension != nil { return ExplainCommand.decisionText(table, decision, tree.views[view]) }
        let ancestor = Int(places.inputAncestor[view])
        let input = ancestor >= 0 ? "\(places.names[ancestor]) (\(ReportName.printable(tree.views[ancestor].className)))" : nil
        return ExplainCommand.defaultText(table, tree.views[view], inside: input)
    }

    /// The changes of one kind, grouped by screen, then by deciding rule (level 0 and
    /// level 5 last, by what decides), in a stable order.
    func groups(_ change: Change) -> [(screen: String, rule: Int?, decidedBy: String, entries: [Entry])] {
        let mine = changes.filter { $0.change == change }
        var keys: [(String, Int?, String)] = []
        for entry in mine where !keys.contains(where: { $0.0.isExactly(entry.screen) && $0.1 == entry.rule && $0.2 == entry.decidedBy }) {
            keys.append((entry.screen, entry.rule, entry.decidedBy))
        }
        keys.sort { a, b in a.0 != b.0 ? a.0 < b.0 : a.1 != b.1 ? (a.1 ?? Int.max) < (b.1 ?? Int.max) : a.2 < b.2 }
        return keys.map { key in (key.0, key.1, key.2, mine.filter { $0.screen.isExactly(key.0) && $0.rule == key.1 && $0.decidedBy == key.2 }) }
    }
}

/// Rules added and removed between two tables (compared by action, selector,
/// `recursive`, `screen` and lock, not by position), and the default.
struct RuleDiff {
    var added: [MaskRule]
    var removed: [MaskRule]
    var defaultBefore: MaskAction
    var defaultAfter: MaskAction
    /// Per-dimension defaults (`defaults:`, policy format 1.1) that changed: the
    /// dimension, before and after (`-` for unset), and whether it is less strict now.
    var dimensions: [(dimension: DefaultDimension, before: String, after: String, looser: Bool)] = []
    /// `detect:` detectors added and removed.
    var detectorsAdded: [ContentDetector] = []
    var detectorsRemoved: [ContentDetector] = []
    /// Classes whose declaration (`types:`, over the built-in catalog) changed, sorted,
    /// and those of them whose views (or views inside them) are decided less strictly now.
    var classesChanged: [String] = []
    var classesLooser: [String] = []
    /// The classes `type` selectors are compared along (the new table's).
    let catalog: TypeCatalog

    init(_ before: DecisionTable, _ after: DecisionTable) {
        func key(_ rule: MaskRule) -> MaskRule {
            var bare = rule
            bare.origin = nil
            bare.reason = nil
            return bare
        }
        let old = Set(before.rules.map(key)), new = Set(after.rules.map(key))
        added = after.rules.filter { !old.contains(key($0)) }
        removed = before.rules.filter { !new.contains(key($0)) }
        defaultBefore = before.defaultAction
        defaultAfter = after.defaultAction
        catalog = after.catalog
        for dimension in DefaultDimension.allCases {
            let was = before.defaults.value(of: dimension), now = after.defaults.value(of: dimension)
            let looser = after.defaults.strictness(of: dimension, fallback: after.defaultAction)
                < before.defaults.strictness(of: dimension, fallback: before.defaultAction)
            if was != now || looser { dimensions.append((dimension, was ?? "-", now ?? "-", looser)) }
        }
        detectorsAdded = after.detectors.filter { !before.detectors.contains($0) }
        detectorsRemoved = before.detectors.filter { !after.detectors.contains($0) }
        // Names byte for byte, as the engine matches classes.
        let names = Set((before.catalog.declaredNames + after.catalog.declaredNames).map(ExactString.init))
        classesChanged = names.map(\.string).filter { name in
            before.catalog.chain(of: name) != after.catalog.chain(of: name)
                || before.catalog.declaration(named: name).map(Self.shape) != after.catalog.declaration(named: name).map(Self.shape)
        }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        classesLooser = classesChanged.filter { Self.looser($0, before, after) }
    }

    /// A declaration without where it was written.
    private static func shape(_ declaration: ClassDeclaration) -> String {
        "\(declaration.superclass ?? "-") \(declaration.kind?.rawValue ?? "-") \(declaration.recurse.map(String.init) ?? "-")"
    }

    /// Whether a view of `name`, or a view inside one, is decided less strictly by
    /// `after` than by `before` on some screen the rules name (or none), with and
    /// without a bundled image: masked, its text masked, locked or secure then and not
    /// now, or its children sent now and not then.
    private static func looser(_ name: String, _ before: DecisionTable, _ after: DecisionTable) -> Bool {
        let screens = [nil] + (before.rules + after.rules).distinctScreens.map { Optional($0) }
        return ClassProbe.first(name, screens: screens, pairs: [(before, after)]) { a, b in
            (a.isMasked && !b.isMasked) || (a.hidesText && !b.hidesText) || (a.isLocked && !b.isLocked) || (a.isSecure && !b.isSecure)
                || (!a.emitsChildren && b.emitsChildren) ? true : nil
        } != nil
    }

    /// Whether the change can unmask a view: an unmask added that no removed unmask
    /// covered, a mask (or lock) removed that no added mask (lock) covers
    /// (``RuleCoverage``), the default turned to unmask, a per-dimension default less
    /// strict, a detector removed, or a class declaration under which a view is decided
    /// less strictly.
    var exposes: Bool {
        func covers(_ wide: MaskRule, _ narrow: MaskRule) -> Bool {
            RuleCoverage.covers(SelectorReach(wide), SelectorReach(narrow), catalog: catalog)
        }
        let newUnmask = added.contains { u in u.action == .unmask && !removed.contains { $0.action == .unmask && covers($0, u) } }
        let lostMask = removed.contains { m in m.action == .mask && !added.contains { $0.action == .mask && ($0.isLock || !m.isLock) && covers($0, m) } }
        return newUnmask || lostMask || (defaultBefore == .mask && defaultAfter == .unmask)
            || dimensions.contains { $0.looser } || !detectorsRemoved.isEmpty || !classesLooser.isEmpty
    }
}
