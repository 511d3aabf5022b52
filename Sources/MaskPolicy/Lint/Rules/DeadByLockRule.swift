import MaskDiagnostics
import MaskEngine

/// `dead-by-lock`: an unmask rule that a locked mask makes dead. Every view the unmask
/// would decide (its own views and, when recursive, their descendants), the lock
/// selects and decides first, so the unmask never lets anything through. Coverage is
/// ``RuleCoverage``'s: same selector key, the unmask's values inside the lock's, a
/// subclass of the locked class, a screen-scoped unmask inside an unscoped lock.
enum DeadByLockRule: PolicyLintRule {
    static let description = LintRuleDescription(
        id: "dead-by-lock", name: "Unmask made dead by a lock", category: .correctness, severity: .warning,
        summary: "An unmask rule that never decides a view: a locked mask (`lock: true`) selects every view it would unmask and decides first.",
        rationale: """
            A lock decides its views whatever any other rule says, so an unmask inside it \
            only misleads a reader. Found from the policy alone, with the coverage \
            `allowUnmask:` entries use: an \
            unmask of a subclass of a locked class, of a class whose every view is of a \
            locked kind (`unmask: {type: UITextField}` under `mask: {kind: input, lock: \
            true}`), of identifiers inside a locked glob, on \
            a screen inside an unscoped lock; a recursive unmask is dead only under a \
            recursive lock. An unmask selecting by another key than the lock (an \
            identifier inside a locked type) may still be dead on real trees; run with \
            `--trees` and read the per-rule summary. Views whose capture brings its own \
            `superclasses` are judged by them, so a type unmask reported here may still \
            decide such a view.
            """,
        triggering: [
            LintExample("version: 1\ndefault: mask\ntypes:\n  BalanceLabel: { extends: UILabel }\nrules:\n  - mask: { type: UILabel, lock: true }\n  - ↓unmask: { type: BalanceLabel }\n    reason: rounded\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { accessibilityIdentifier: \"account.*\", lock: true }\n  - ↓unmask: { accessibilityIdentifier: account.title, screen: Home }\n    reason: static title\n"),
            LintExample("version: 1.1\ndefault: mask\nrules:\n  - mask: { kind: input, lock: true }\n  - ↓unmask: { type: UITextField }\n    reason: search terms are product names\n"),
        ],
        nonTriggering: [
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel, lock: true, recursive: false }\n  - unmask: { type: UILabel }\n    reason: its children are static\n"),
            LintExample("version: 1\ndefault: mask\nrules:\n  - mask: { accessibilityIdentifier: account.balance, lock: true, screen: Home }\n  - unmask: { accessibilityIdentifier: account.balance }\n    reason: shown rounded elsewhere\n"),
            LintExample("version: 1.1\ndefault: mask\nrules:\n  - mask: { kind: input, lock: true }\n  - unmask: { type: UIControl }\n    reason: buttons and switches show static copy\n"),
        ])

    static func check(_ context: LintContext) -> [Diagnostic] {
        let locks = context.lockRules
        guard !locks.isEmpty else { return [] }
        var findings: [Diagnostic] = []
        for parsed in context.policy.rules where parsed.rule.action == .unmask {
            let reach = SelectorReach(parsed.rule)
            guard let lock = locks.first(where: { RuleCoverage.covers(SelectorReach($0.rule), reach, catalog: context.catalog) }) else { continue }
            findings.append(finding(
                "'unmask' of \(parsed.rule.selector) never decides a view: the locked mask of \(lock.rule.selector) at \(context.place(of: lock)) selects every view it would unmask, and a lock decides first",
                at: parsed.actionRange, hint: "remove the unmask, or narrow the lock"))
        }
        return findings
    }
}
