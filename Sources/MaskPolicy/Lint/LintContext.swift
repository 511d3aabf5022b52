import MaskCorpus
import MaskEngine

/// What a lint rule sees: the parsed policy, its compiled table, and, with `--trees`,
/// what the policy did on every captured view.
struct LintContext {
    let policy: ParsedPolicy
    let table: DecisionTable
    let corpus: CorpusReport?

    /// The catalog the policy's classes extend.
    var catalog: TypeCatalog { table.catalog }

    /// Whether a class is known to the built-in catalog or the policy: declared under
    /// its own or its simple name (``TypeCatalog/knows(_:)``), or the simple name of a
    /// declared class (`TextView`, which selects `android.widget.TextView`).
    func isKnownClass(_ name: String) -> Bool { catalog.knows(name) || simpleNames.contains(name) }

    /// The simple names of the declared classes that have one (``ClassName``).
    var simpleNames: Set<String> { Set(catalog.declaredNames.compactMap(ClassName.simpleName)) }

    /// Every class name a hint may suggest: the declared names, then the simple names
    /// that are not declared themselves.
    var classNames: [String] {
        let declared = catalog.declaredNames
        return declared + simpleNames.subtracting(declared).sorted()
    }

    /// The policy's locks (``MaskRule/isLock``), in source order.
    var lockRules: [ParsedRule] { policy.rules.filter { $0.rule.isLock } }

    /// Where a rule is, for a message: `line N` in the policy's own file, else
    /// `FILE:LINE` (a rule of a layer's base).
    func place(of rule: ParsedRule) -> String {
        rule.actionRange.file == policy.file ? "line \(rule.actionRange.start.line)" : "\(rule.actionRange.file):\(rule.actionRange.start.line)"
    }
}

/// A rule identified by selector and screen, for comparing rules with one another.
struct SelectorScope: Hashable {
    let selector: ViewSelector
    let screen: String?

    init(_ rule: MaskRule) {
        selector = rule.selector
        screen = rule.screen
    }
}
