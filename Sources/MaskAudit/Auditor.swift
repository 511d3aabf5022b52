import MaskEngine
import MaskJSON
import MaskPolicy

/// One thing an audit found.
public struct AuditFinding: Sendable, Hashable {
    /// How serious it is.
    public var level: AuditLevel
    /// What it is about: a kind of personal data, or a rule category.
    public var category: String
    /// The tree (file, or file:line for NDJSON), if the finding is about a view.
    public var tree: String?
    /// The view's id or index path, and class.
    public var view: String?
    public var className: String?
    /// The field the value was found in.
    public var field: String?
    /// A shape-only excerpt of the value (never the value).
    public var excerpt: String?
    /// One line saying what was found.
    public var message: String
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

    /// Creates an auditor for a policy, and optionally the policy it replaces.
    public init(table: DecisionTable, baseline: DecisionTable? = nil) {
        self.table = table
        self.baseline = baseline
        corpus = CorpusReport(table: table)
    }

    static func label(_ tree: ViewTree, _ view: Int) -> String { tree.views[view].id ?? tree.indexPath(of: view) }

    func ruleLabel(_ table: DecisionTable, _ decision: MaskDecision) -> String {
        guard let rule = table.rule(for: decision) else { return "default \(table.defaultAction.rawValue)" }
        return "\(rule.action.rawValue) \(rule.selector)" + (rule.origin.map { " (\($0))" } ?? "")
    }

    /// Classes whose views take text input (fields and editors, not labels).
    static let inputClassMarkers = ["TextField", "EditText", "SearchField", "TextEditor", "UITextView", "SecureField", "AutoCompleteTextView"]

    /// Whether a view takes text input, judged by its class chain.
    static func isTextInput(_ facts: ViewFacts, _ table: DecisionTable) -> Bool {
        let chain = facts.superclasses.map { [facts.className] + $0 } ?? table.catalog.chain(of: facts.className)
        return chain.contains { name in inputClassMarkers.contains { name.contains($0) } }
    }

    /// Adds one captured screen.
    public mutating func add(_ document: TreeDocument, name: String) {
        let tree = document.tree
        corpus.add(tree, name: name)
        let decisions = table.resolve(tree)
        let old = baseline.map { $0.resolve(tree) }
        var summary = ScreenSummary(tree: name, screen: tree.screen, views: tree.count, masked: [:], exposed: [:], notEmitted: 0)
        var emitted = [Bool](repeating: true, count: tree.count)
        for view in 0..<tree.count {
            let parent = Int(tree.parents[view])
            if parent >= 0 && (!emitted[parent] || !decisions[parent].emitsChildren) {
                emitted[view] = false
                summary.notEmitted += 1
                continue
            }
            let decision = decisions[view]
            let facts = tree.views[view]
            if decision.isMasked { summary.masked[decision.kind, default: 0] += 1 } else { summary.exposed[decision.kind, default: 0] += 1 }
            let where_ = (tree: name, view: Self.label(tree, view), className: facts.className)
            let exposed = !decision.isMasked
            let content = exposed || decision.isSecure ? document.contentFields(of: view) : []
            if exposed && !decision.isSecure {
                for field in content {
                    for kind in ValueDetectors.scan(field.value) {
                        findings.append(AuditFinding(
                            level: .critical, category: kind.rawValue, tree: where_.tree, view: where_.view, className: where_.className,
                            field: field.key, excerpt: maskedExcerpt(field.value),
                            message: "\(kind.rawValue) sent in clear in '\(field.key)' (\(ruleLabel(table, decision)))"))
                    }
                }
            }
            // Identifiers and labels that announce sensitive data.
            let names = [facts.accessibilityIdentifier, facts.restorationIdentifier, facts.id].compactMap { $0 }
            var hint: (words: [String], secure: Bool)?
            for name in names { if let match = IdentifierHints.match(name) { hint = match; break } }
            if let hint {
                let words = hint.words.joined(separator: ", ")
                if hint.secure && decision.kind == .text && !decision.isSecure && Self.isTextInput(facts, table) {
                    findings.append(AuditFinding(
                        level: exposed ? .high : .medium, category: SensitiveKind.secureEntryNotFlagged.rawValue,
                        tree: where_.tree, view: where_.view, className: where_.className, field: nil, excerpt: nil,
                        message: "text view named for secure entry (\(words)) is not secure entry\(exposed ? " and is sent in clear" : "; it is masked, but would leak if unmasked")"))
                } else if exposed && !decision.isSecure && !content.isEmpty {
                    findings.append(AuditFinding(
                        level: .high, category: SensitiveKind.sensitiveIdentifier.rawValue,
                        tree: where_.tree, view: where_.view, className: where_.className, field: content.first?.key,
                        excerpt: content.first.map { maskedExcerpt($0.value) },
                        message: "view named for sensitive data (\(words)) sends its content in clear (\(ruleLabel(table, decision)))"))
                }
            }
            if let old, let baseline, old[view].isMasked != decision.isMasked {
                changes.append(DecisionChange(tree: name, view: where_.view, className: where_.className,
                                              wasMasked: old[view].isMasked, isMasked: decision.isMasked,
                                              oldRule: ruleLabel(baseline, old[view]), newRule: ruleLabel(table, decision)))
            }
        }
        screens.append(summary)
    }

    /// The report, with rule findings over the whole corpus.
    public func report() -> AuditReport {
        var all = findings.sorted { a, b in
            if a.level != b.level { return a.level > b.level }
            return (a.tree ?? "", a.view ?? "", a.category, a.message) < (b.tree ?? "", b.view ?? "", b.category, b.message)
        }
        for (index, rule) in table.rules.enumerated() where corpus.matched[index] == 0 {
            all.append(AuditFinding(level: .low, category: "dead-selector", tree: nil, view: nil, className: nil, field: nil, excerpt: nil,
                                    message: "\(rule.action.rawValue) \(rule.selector)\(rule.origin.map { " (\($0))" } ?? "") matches no view in \(corpus.trees) tree\(corpus.trees == 1 ? "" : "s")"))
        }
        let unmasking = table.rules.indices.filter { table.rules[$0].action == .unmask && corpus.decided[$0] > 0 }
            .sorted { corpus.decided[$0] != corpus.decided[$1] ? corpus.decided[$0] > corpus.decided[$1] : $0 < $1 }
        for index in unmasking.prefix(5) {
            let rule = table.rules[index]
            all.append(AuditFinding(level: .info, category: "top-unmask", tree: nil, view: nil, className: nil, field: nil, excerpt: nil,
                                    message: "unmask \(rule.selector)\(rule.origin.map { " (\($0))" } ?? "") decides \(corpus.decided[index]) view\(corpus.decided[index] == 1 ? "" : "s")"))
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
