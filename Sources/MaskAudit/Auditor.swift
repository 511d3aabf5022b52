import MaskEngine
import MaskJSON
import MaskCorpus

/// One thing an audit found.
public struct AuditFinding: Sendable, Hashable {
    /// How serious it is.
    public var level: AuditLevel
    /// What it is about: a kind of personal data, or a rule category.
    public var category: String
    /// The tree (file, or file:line for NDJSON), if the finding is about a view.
    public var tree: String?
    /// The tree's screen, when it names one.
    public var screen: String?
    /// The view's id or index path, and class.
    public var view: String?
    public var className: String?
    /// The field the value was found in.
    public var field: String?
    /// For findings about a rule: its action and selector (`unmask type=UIButton`).
    public var rule: String?
    /// A shape-only excerpt of the value (never the value).
    public var excerpt: String?
    /// One line saying what was found.
    public var message: String
    /// Where the rule the finding is about was written, or the rule that decided the
    /// view it is about; nil when the default decided or no rule is involved.
    public var ruleOrigin: RuleOrigin? = nil
}

/// Views masked and exposed on one screen, by kind.
public struct ScreenSummary: Sendable, Hashable {
    public var tree: String
    public var screen: String?
    public var views: Int
    public var masked: [ViewKind: Int]
    public var exposed: [ViewKind: Int]
    /// Views inside subtrees that are not emitted (maps, `recurse: false`).
    public var notEmitted: Int
}

/// A view decided differently by the baseline policy and the new one.
public struct DecisionChange: Sendable, Hashable {
    public var tree: String
    public var view: String
    public var className: String
    public var wasMasked: Bool
    public var isMasked: Bool
    public var oldRule: String
    public var newRule: String
}

/// What an audit found over a corpus.
public struct AuditReport: Sendable {
    public var screens: [ScreenSummary]
    public var findings: [AuditFinding]
    /// With a baseline: views whose decision changed, newly exposed first.
    public var changes: [DecisionChange]?
    /// Findings hidden because they were accepted (``AcceptedFindings``).
    public var acceptedCount = 0

    /// Totals over every screen.
    public var totals: (views: Int, masked: [ViewKind: Int], exposed: [ViewKind: Int]) {
        var masked: [ViewKind: Int] = [:], exposed: [ViewKind: Int] = [:]
        for screen in screens {
            for (kind, n) in screen.masked { masked[kind, default: 0] += n }
            for (kind, n) in screen.exposed { exposed[kind, default: 0] += n }
        }
        return (screens.reduce(0) { $0 + $1.views }, masked, exposed)
    }

    /// The most serious finding's level.
    public var worst: AuditLevel? { findings.map(\.level).max() }
}

/// Runs a policy over captured screens and reports what leaves the device: exposed
/// personal data, sensitive identifiers, dead and broad rules, and, against a
/// baseline policy, every decision that changed. Built one tree at a time.
public struct Auditor {
    public let table: DecisionTable
    public let baseline: DecisionTable?
    private var corpus: CorpusReport
    private var screens: [ScreenSummary] = []
    private var findings: [AuditFinding] = []
    private var changes: [DecisionChange] = []
    /// Short strings already scanned and found clean (class names, keys, fonts repeat
    /// on every view), and whether each class takes text input.
    /// By bytes: a clean look-alike (`D\u{212A}...` for `DK...`) must not vouch for a value.
    private var clean = Set<ExactString>()
    private var inputClasses: [String: Bool] = [:]

    /// Creates an auditor for a policy, and optionally the policy it replaces.
    public init(table: DecisionTable, baseline: DecisionTable? = nil) {
        self.table = table
        self.baseline = baseline
        corpus = CorpusReport(table: table)
    }

    /// How a report names a view: its id, else its index path (built from the
    /// traversal's child positions, only for views that are reported).
    static func label(_ facts: ViewFacts, positions: some BidirectionalCollection<Int>) -> String {
        if let id = facts.id, ValueDetectors.scan(id).isEmpty { return id }
        // Past 64 levels, shortened as `explain` and `diff` shorten it: a finding on every
        // level of a deep tree would otherwise make the report grow with the depth squared.
        if positions.count > 64, let last = positions.last { return "…\(last) at depth \(positions.count)" }
        return (["0"] + positions.map(String.init)).joined(separator: ".")
    }

    /// A name from the tree (its screen, a class) as a finding prints it: itself, or
    /// where a value detector finds personal data in it, its shape (``maskedExcerpt(_:)``):
    /// a finding never prints a value, not even in the name of the place it was found.
    /// A view is named by its id the same way, else by its index path (``label(_:positions:)``).
    public static func printable(_ name: String) -> String {
        ReportName.printable(name)
    }

    static func printable(_ name: String?) -> String? { name.map(printable) }

    /// The rule that decided a view, or what decided it without one
    /// (``DecisionTable/decidedWithoutRule(_:_:)``).
    func ruleLabel(_ table: DecisionTable, _ decision: MaskDecision, _ facts: ViewFacts) -> String {
        guard let rule = table.rule(for: decision) else { return table.decidedWithoutRule(decision, facts) ?? "default \(table.defaultAction.rawValue)" }
        return "\(rule.action.rawValue) \(rule.selector)" + (rule.origin.map { " (\($0))" } ?? "")
    }

    /// Fragments of class names that take text input, for app classes the catalog does
    /// not know (`FloatLabeledEditText`, `PinEntryTextField`).
    static let inputClassMarkers = ["TextField", "EditText", "SearchField", "TextEditor", "SecureField"]

    /// Whether a view takes text input: its class chain (the tree's, else the catalog's)
    /// reaches one of the catalog's input classes, or a class in it is named like one.
    /// Labels (`UILabel`, `android.widget.TextView`) are not inputs.
    static func isTextInput(_ facts: ViewFacts, _ table: DecisionTable) -> Bool {
        let chain = facts.superclasses.map { [facts.className] + $0 } ?? table.catalog.chain(of: facts.className)
        if chain.contains(where: TypeCatalog.isTextInputClass) { return true }
        return chain.contains { name in
            let simple = name.split(separator: ".").last.map(String.init) ?? name
            return inputClassMarkers.contains { simple.contains($0) }
        }
    }

    /// Adds one captured screen.
    ///
    /// The screen is masked as `apply` masks it, and the detectors run over every
    /// string and number of that output (keys, identifiers, structural fields and the
    /// wrapper included): whatever leaves the device is seen, whatever the reason it
    /// was kept.
    public mutating func add(_ document: TreeDocument, name: String) {
        let tree = document.tree
        corpus.add(tree, name: name)
        // As `apply` decides: the policy's `detect:` safety net included.
        let decisions = TreeMasker(table: table).decide(document)
        let old = baseline.map { TreeMasker(table: $0).decide(document) }
        var summary = ScreenSummary(tree: name, screen: Self.printable(tree.screen), views: tree.count, masked: [:], exposed: [:], notEmitted: 0)
        // The views `apply` writes, in the order it writes them.
        var emitted = [Bool](repeating: true, count: tree.count)
        var written: [Int] = []
        written.reserveCapacity(tree.count)
        for view in 0..<tree.count {
            let parent = Int(tree.parents[view])
            if parent >= 0 && (!emitted[parent] || !decisions[parent].emitsChildren) {
                emitted[view] = false
                summary.notEmitted += 1
                continue
            }
            written.append(view)
            let decision = decisions[view]
            if decision.isMasked { summary.masked[decision.kind, default: 0] += 1 } else { summary.exposed[decision.kind, default: 0] += 1 }
        }
        screens.append(summary)

        var output: [UInt8] = []
        TreeMasker(table: table).write(document, decisions: decisions, to: &output, flush: { _ in })
        let tape: JSONTape
        do {
            tape = try JSONReader.parse(output)
        } catch {
            // Cannot happen for the writer's own output; if it does, say so, loudly.
            findings.append(AuditFinding(level: .critical, category: "unreadable-output", tree: name, screen: Self.printable(tree.screen), view: nil, className: nil, field: nil, rule: nil,
                                         excerpt: nil, message: "the masked output could not be read back for the audit"))
            return
        }

        // Personal data in anything emitted; once per view, field and kind.
        var seen = Set<SeenKey>()
        var clearContent: [Int: String] = [:]  // emitted ordinal -> first text or unknown field sent in clear
        EmittedValues.forEach(in: tape, wrapped: document.isWrapped) { place, positions, text in
            let view = place.view.flatMap { $0 < written.count ? written[$0] : nil }  // always in range: the writer emits `written`
            let decision = view.map { decisions[$0] }
            let role = ViewField.role(of: place.field)
            if let ordinal = place.view, let decision, !decision.hidesText, !place.isKey, role == .text || role == .unknown,
               clearContent[ordinal] == nil {
                clearContent[ordinal] = place.field
            }
            guard !clean.contains(ExactString(text)) else { return }
            let kinds = ValueDetectors.scan(text).map(SensitiveKind.init)
            if kinds.isEmpty, text.utf8.count <= 64, clean.count < 65_536 { clean.insert(ExactString(text)) }
            for kind in kinds where seen.insert(SeenKey(view: place.view, field: place.field, kind: kind)).inserted {
                let facts = view.map { tree.views[$0] }
                var message = "\(kind.rawValue) sent in clear in '\(place.field)'"
                if let decision, let facts {
                    if decision.isMasked { message += ", which is kept when the view is masked" }
                    message += " (\(ruleLabel(table, decision, facts)))"
                } else {
                    message += " of the tree's wrapper"
                }
                findings.append(AuditFinding(
                    level: .critical, category: kind.rawValue, tree: name, screen: Self.printable(tree.screen), view: facts.map { Self.label($0, positions: positions) },
                    className: Self.printable(facts?.className), field: place.field, rule: nil, excerpt: maskedExcerpt(text), message: message,
                    ruleOrigin: decision.flatMap { table.rule(for: $0)?.origin }))
            }
        }

        // Names that announce sensitive data, and decisions that changed.
        let previous = Self.previousSiblings(tree)
        var stack: [(view: Int, position: Int)] = []
        for (ordinal, view) in written.enumerated() {
            let parent = Int(tree.parents[view])
            while let last = stack.last, last.view != parent { stack.removeLast() }
            if parent >= 0 { stack.append((view, Int(tree.childIndices[view]))) } else { stack.removeAll() }
            let decision = decisions[view]
            let facts = tree.views[view]
            let exposed = !decision.isMasked
            func here() -> String { Self.label(facts, positions: stack.lazy.map(\.position)) }
            let names = [facts.accessibilityIdentifier, facts.restorationIdentifier, facts.id].compactMap { $0 }
            if !decision.isSecure, isTextInput(facts),
               let words = secureEntryWords(view, document: document, previous: previous) {
                findings.append(AuditFinding(
                    level: exposed ? .high : .medium, category: SensitiveKind.secureEntryNotFlagged.rawValue,
                    tree: name, screen: Self.printable(tree.screen), view: here(), className: Self.printable(facts.className), field: nil, rule: nil, excerpt: nil,
                    message: "text input named for secure entry (\(words.joined(separator: ", "))) is not secure entry\(exposed ? " and is sent in clear" : "; it is masked, but would leak if unmasked")",
                    ruleOrigin: table.rule(for: decision)?.origin))
            } else if exposed, !decision.isSecure, let field = clearContent[ordinal],
                      let hint = names.lazy.compactMap(IdentifierHints.match).first {
                findings.append(AuditFinding(
                    level: .high, category: SensitiveKind.sensitiveIdentifier.rawValue,
                    tree: name, screen: Self.printable(tree.screen), view: here(), className: Self.printable(facts.className), field: field, rule: nil, excerpt: nil,
                    message: "view named for sensitive data (\(hint.words.joined(separator: ", "))) sends its content in clear (\(ruleLabel(table, decision, facts)))",
                    ruleOrigin: table.rule(for: decision)?.origin))
            }
            // Masked or not; else, for an image shown both times, its text masked or not
            // (``MaskDecision/masksText``): text sent now and not then is newly exposed.
            if let old, let baseline {
                let before = old[view]
                let (was, now) = before.isMasked != decision.isMasked ? (before.isMasked, decision.isMasked) : (before.hidesText, decision.hidesText)
                if was != now {
                    changes.append(DecisionChange(tree: name, view: here(), className: Self.printable(facts.className),
                                                  wasMasked: was, isMasked: now,
                                                  oldRule: ruleLabel(baseline, before, facts), newRule: ruleLabel(table, decision, facts)))
                }
            }
        }
    }

    private struct SeenKey: Hashable {
        var view: Int?
        var field: String
        var kind: SensitiveKind
    }

    /// Each view's previous sibling, or -1.
    static func previousSiblings(_ tree: ViewTree) -> [Int32] {
        var previous = [Int32](repeating: -1, count: tree.count)
        var lastChild = [Int32](repeating: -1, count: tree.count)
        for view in 1..<max(1, tree.count) {
            let parent = Int(tree.parents[view])
            previous[view] = lastChild[parent]
            lastChild[parent] = Int32(view)
        }
        return previous
    }

    /// ``isTextInput(_:_:)``, remembered per class when the tree gives no superclasses.
    private mutating func isTextInput(_ facts: ViewFacts) -> Bool {
        guard facts.superclasses == nil else { return Self.isTextInput(facts, table) }
        if let known = inputClasses[facts.className] { return known }
        let answer = Self.isTextInput(facts, table)
        inputClasses[facts.className] = answer
        return answer
    }

    /// Levels of enclosing containers that may label an input: a float-label widget
    /// wraps its field in a frame (`TextInputLayout > FrameLayout > EditText`).
    static let labellingAncestors = 2

    /// The secure-entry words an input is named with, by any of: its own identifiers,
    /// hint and content description; the identifiers, hint and label of its enclosing
    /// containers; the label just before it (or before its container). Nil when none.
    func secureEntryWords(_ view: Int, document: TreeDocument, previous: [Int32]) -> [String]? {
        let tree = document.tree
        func identifiers(_ v: Int) -> [String] {
            let facts = tree.views[v]
            return [facts.accessibilityIdentifier, facts.restorationIdentifier, facts.id].compactMap { $0 }
        }
        func labels(_ v: Int) -> [String] {
            document.contentFields(of: v).filter { $0.key == "placeholder" || $0.key == "accessibilityLabel" }.map(\.value)
        }
        // A label: a text view that is not an input; what it shows.
        func shownText(_ v: Int) -> [String] {
            let facts = tree.views[v]
            let chain = facts.superclasses.map { [facts.className] + $0 } ?? table.catalog.chain(of: facts.className)
            guard table.catalog.kind(along: chain) == .text, !Self.isTextInput(facts, table) else { return [] }
            return document.contentFields(of: v).filter { $0.key == "text" || $0.key == "accessibilityLabel" }.map(\.value)
        }
        var names = identifiers(view) + labels(view)
        var holder = view
        for _ in 0..<Self.labellingAncestors {
            if previous[holder] >= 0 { names += shownText(Int(previous[holder])) }
            let parent = Int(tree.parents[holder])
            guard parent >= 0 else { break }
            names += identifiers(parent) + labels(parent)
            holder = parent
        }
        var words: [String] = []
        for name in names {
            for word in SecureEntryNames.match(name) ?? [] where !words.contains(word) { words.append(word) }
        }
        return words.isEmpty ? nil : words
    }

    /// The report, with rule findings over the whole corpus.
    public func report() -> AuditReport {
        var all = findings.sorted { a, b in
            if a.level != b.level { return a.level > b.level }
            return (a.tree ?? "", a.view ?? "", a.category, a.message) < (b.tree ?? "", b.view ?? "", b.category, b.message)
        }
        for (index, rule) in table.rules.enumerated() where corpus.matched[index] == 0 {
            all.append(AuditFinding(level: .low, category: "dead-selector", tree: nil, screen: nil, view: nil, className: nil, field: nil,
                                    rule: "\(rule.action.rawValue) \(rule.selector)", excerpt: nil,
                                    message: "\(rule.action.rawValue) \(rule.selector)\(rule.origin.map { " (\($0))" } ?? "") matches no view in \(corpus.trees) tree\(corpus.trees == 1 ? "" : "s")",
                                    ruleOrigin: rule.origin))
        }
        let unmasking = table.rules.indices.filter { table.rules[$0].action == .unmask && corpus.decided[$0] > 0 }
            .sorted { corpus.decided[$0] != corpus.decided[$1] ? corpus.decided[$0] > corpus.decided[$1] : $0 < $1 }
        for index in unmasking.prefix(5) {
            let rule = table.rules[index]
            all.append(AuditFinding(level: .info, category: "top-unmask", tree: nil, screen: nil, view: nil, className: nil, field: nil,
                                    rule: "unmask \(rule.selector)", excerpt: nil,
                                    message: "unmask \(rule.selector)\(rule.origin.map { " (\($0))" } ?? "") decides \(corpus.decided[index]) view\(corpus.decided[index] == 1 ? "" : "s")",
                                    ruleOrigin: rule.origin))
        }
        // Most serious first; within a level, view findings in corpus order, then rule
        // findings in the order above (dead selectors by rule, broadest unmask first).
        all = AuditLevel.allCases.reversed().flatMap { level in all.filter { $0.level == level } }
        var ordered: [DecisionChange]?
        if baseline != nil {
            // Newly exposed first, then newly masked; each in corpus order.
            ordered = changes.filter { $0.wasMasked && !$0.isMasked } + changes.filter { !$0.wasMasked && $0.isMasked }
        }
        return AuditReport(screens: screens, findings: all, changes: ordered)
    }
}

extension Auditor {
    /// The findings about views so far, handed over and forgotten: a stream of captures
    /// reports each screen's findings as it is read and keeps none.
    public mutating func drainFindings() -> [AuditFinding] {
        defer { findings.removeAll(keepingCapacity: true) }
        return findings
    }

    /// The screen summaries so far, handed over and forgotten (see ``drainFindings()``).
    public mutating func drainScreens() -> [ScreenSummary] {
        defer { screens.removeAll(keepingCapacity: true) }
        return screens
    }

    /// Per rule, over every tree added: views its selector matched and views it decided.
    /// Counts of several audits add up, so a rule no part of a corpus matched can be
    /// found once the parts are summed.
    public var ruleCounts: (matched: [Int], decided: [Int]) { (corpus.matched, corpus.decided) }
}
