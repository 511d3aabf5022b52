extension ViewResolver {
    /// Every rule that selects a view, whether or not it decides it: instance rules whose
    /// selector matches the view itself, type rules on any class of its chain, and kind
    /// rules on its ``SelectorKind``. Rules
    /// that do not apply on the resolver's screen (``MaskRule/applies(onScreen:)``) are
    /// left out. For audits and the linter, not the hot path.
    /// - Returns: rule indices, ascending.
    public func matchingRules(_ facts: ViewFacts, target: String? = nil, indexPath: String? = nil) -> [Int] {
        var found: [Int32] = []
        func add(_ key: SelectorKey, _ value: String) { found += table.rulesMatching(key, value) }
        if let value = facts.id ?? indexPath { add(.id, value) }
        if let value = facts.accessibilityIdentifier { add(.accessibilityIdentifier, value) }
        if let value = facts.restorationIdentifier { add(.restorationIdentifier, value) }
        if let value = target { add(.target, value) }
        if let tag = facts.effectiveTag, let list = table.tagRules[tag] { found += list }
        let chain = classChain(of: facts)
        for name in chain {
            if let list = table.typeRules(forClass: name) { found += list }
        }
        if !table.kindRules.isEmpty { found += table.kindRules[Int(table.catalog.selectorKind(along: chain).code)] }
        return Set(found).filter { applies($0) }.map { Int($0) }.sorted()
    }
}

extension ViewResolver {
    /// The level-3 rule for a view: the most specific type rule on its class chain, else
    /// its kind's rule, or nil.
    public mutating func typeRuleIndex(_ facts: ViewFacts) -> Int? {
        let rule = classFacts(facts).typeRule
        return rule >= 0 ? Int(rule) : nil
    }
}

extension DecisionTable {
    /// A view's ``SelectorKind``: from its own `superclasses` when given, else from the
    /// catalog's chain. For explaining; the resolver caches it per class.
    public func selectorKind(of facts: ViewFacts) -> SelectorKind {
        let chain = facts.superclasses.map { ClassName.expandingGenerics([facts.className] + $0) } ?? catalog.chain(of: facts.className)
        return catalog.selectorKind(along: chain)
    }
}
