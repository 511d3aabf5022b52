/// Locked masks (`lock: true`, ``MaskRule/isLock``): a lock that selects a view decides
/// it, and a recursive lock on an ancestor decides it, whatever any other rule says.
///
/// Which lock a locked decision names: the view's own instance lock, else its own type
/// lock (on any class of its chain, most specific class first: a lock is not outranked
/// by a more specific class's rule), else the nearest ancestor's recursive lock (that
/// ancestor's instance lock before its type lock). On each, the first in source order.
/// The decision's level is where the lock matched: 1 or 3 on the view, 2 or 4 on an
/// ancestor.
extension ViewResolver {
    /// The decision when a lock applies to the view, else nil; and what it hands down.
    @inline(__always)
    func settleLocked(_ classFacts: ClassFacts, own: RuleTally, ownRecursive: RuleTally, isSecure: Bool,
                      inherited: InheritedVerdicts) -> (MaskDecision, InheritedVerdicts)? {
        let level: PrecedenceLevel
        let rule: Int32
        if own.lock >= 0 {
            (level, rule) = (.instance, own.lock)
        } else if classFacts.typeLock >= 0 {
            (level, rule) = (.type, classFacts.typeLock)
        } else if inherited.lockRule >= 0 {
            rule = inherited.lockRule
            level = table.rules[Int(rule)].selector.isInstance ? .parentInstance : .parentType
        } else {
            return nil
        }
        let kind = classFacts.kind
        let secure = isSecure || inherited.secure
        let decision = MaskDecision(isMasked: true, level: level, ruleIndex: Int(rule), kind: kind, isSecure: secure,
                                    emitsChildren: classFacts.recurses && kind != .map && !classFacts.chainCut, isLocked: true)
        return (decision, handed(classFacts, ownRecursive: ownRecursive, secure: secure, inherited: inherited))
    }

    /// The lock a view hands its children: its own recursive instance lock, else its own
    /// recursive type lock, else the one it inherited.
    @inline(__always)
    func handedLock(_ classFacts: ClassFacts, ownRecursive: RuleTally, inherited: InheritedVerdicts) -> Int32 {
        guard table.usesLocks else { return -1 }
        if ownRecursive.lock >= 0 { return ownRecursive.lock }
        if classFacts.recursiveTypeLock >= 0 { return classFacts.recursiveTypeLock }
        return inherited.lockRule
    }

    /// The type locks a class chain brings: the first lock (in source order) on the most
    /// specific class that has one applying on this screen, and the same among recursive
    /// locks.
    func typeLocks(along chain: [String]) -> (own: Int?, recursive: Int?) {
        var own: Int?, recursive: Int?
        for name in chain {
            guard let list = table.typeRules(forClass: name) else { continue }
            var first: Int32 = -1, firstRecursive: Int32 = -1
            for rule in list where table.ruleFacts[Int(rule)].lock && applies(rule) {
                if first < 0 || rule < first { first = rule }
                if table.ruleFacts[Int(rule)].recursive, firstRecursive < 0 || rule < firstRecursive { firstRecursive = rule }
            }
            if own == nil, first >= 0 { own = Int(first) }
            if recursive == nil, firstRecursive >= 0 { recursive = Int(firstRecursive) }
            if own != nil && recursive != nil { break }
        }
        // Then locked `kind` rules on the chain's kind (a type lock, more specific, comes first).
        if (own == nil || recursive == nil) && !table.kindRules.isEmpty {
            var first: Int32 = -1, firstRecursive: Int32 = -1
            for rule in table.kindRules[Int(table.catalog.selectorKind(along: chain).code)] where table.ruleFacts[Int(rule)].lock && applies(rule) {
                if first < 0 || rule < first { first = rule }
                if table.ruleFacts[Int(rule)].recursive, firstRecursive < 0 || rule < firstRecursive { firstRecursive = rule }
            }
            if own == nil, first >= 0 { own = Int(first) }
            if recursive == nil, firstRecursive >= 0 { recursive = Int(firstRecursive) }
        }
        return (own, recursive)
    }
}
