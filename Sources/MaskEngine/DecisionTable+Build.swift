import MaskStorage

/// The stages of ``DecisionTable/init(policy:catalog:)``: each index the table keeps,
/// built from the rules in source order.
extension DecisionTable {
    /// Instance and type selectors by what they match: exact values (one string table,
    /// tagged by selector key, over a pool of rule lists), tags, globs, and class names.
    struct SelectorIndexes {
        var exact: StringTable<(start: Int32, count: Int32)>
        var exactPool: [Int32] = []
        var tags: [Int: [Int32]] = [:]
        var globs: GlobIndex
        var types: [String: [Int32]] = [:]
        /// By ``SelectorKind/code``; empty when no rule selects by kind.
        var kinds: [[Int32]] = []

        /// - Complexity: O(r log r) for r rules (the exact keys are sorted).
        init(_ rules: [MaskRule]) {
            var exactLists = [[UTF8Key: [Int32]]](repeating: [:], count: SelectorKey.allCases.count)
            var globEntries: [(pattern: GlobPattern, rule: Int32, tag: UInt8)] = []
            for (index, rule) in rules.enumerated() {
                let i = Int32(index)
                switch rule.selector {
                case .type(let name):
                    types[name, default: []].append(i)
                case .kind(let kind):
                    if kinds.isEmpty { kinds = Array(repeating: [], count: SelectorKind.allCases.count) }
                    kinds[Int(kind.code)].append(i)
                case .tag(let n):
                    tags[n, default: []].append(i)
                case .id(let p), .accessibilityIdentifier(let p), .restorationIdentifier(let p), .target(let p):
                    if p.isExact {
                        exactLists[Int(rule.selector.key.memoSlot)][UTF8Key(p.text), default: []].append(i)
                    } else {
                        globEntries.append((p, i, rule.selector.key.memoSlot))
                    }
                }
            }
            exact = StringTable(capacity: max(16, exactLists.map(\.count).reduce(0, +)))
            for (slot, table) in exactLists.enumerated() {
                // Keys compared as UTF-8 bytes, like globs; sorted, so the pool is deterministic.
                for (key, list) in table.sorted(by: { $0.key.text.utf8.lexicographicallyPrecedes($1.key.text.utf8) }) {
                    exact.set((Int32(exactPool.count), Int32(list.count)), for: key.text, tag: UInt8(slot))
                    exactPool += list
                }
            }
            globs = GlobIndex(globEntries)
        }
    }

    /// A number for each screen the rules name (in order of first use), and each rule's
    /// screen number (-1 for a rule on every screen).
    static func screens(of rules: [MaskRule]) -> (ids: [String: Int32], ofRule: [Int32]) {
        var ids: [String: Int32] = [:]
        var ofRule: [Int32] = []
        ofRule.reserveCapacity(rules.count)
        for rule in rules {
            if let screen = rule.screen {
                let id = ids[screen] ?? Int32(ids.count)
                ids[screen] = id
                ofRule.append(id)
            } else {
                ofRule.append(-1)
            }
        }
        return (ids, ofRule)
    }

    /// The patterns matched against paths as they grow: `target` selectors, and `id`
    /// selectors that could match an index path.
    static func pathPatterns(of rules: [MaskRule]) -> (targets: PathPatterns, indexPaths: PathPatterns) {
        var targets: [(pattern: GlobPattern, rule: Int32)] = []
        var indexPaths: [(pattern: GlobPattern, rule: Int32)] = []
        for (index, rule) in rules.enumerated() {
            switch rule.selector {
            case .target(let pattern): targets.append((pattern, Int32(index)))
            case .id(let pattern) where couldMatchIndexPath(pattern): indexPaths.append((pattern, Int32(index)))
            default: break
            }
        }
        return (PathPatterns(targets), PathPatterns(indexPaths))
    }
}
