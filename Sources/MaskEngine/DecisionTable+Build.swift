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
        /// Type rules by class name: each name's number in `typeIndex` (in order of first
        /// use), and its rules in source order in `typeLists`.
        var typeIndex = StringTable<Int32>(capacity: 16)
        var typeLists: [[Int32]] = []
        /// By ``SelectorKind/code``; empty when no rule selects by kind.
        var kinds: [[Int32]] = []

        /// - Complexity: O(r) for r rules.
        init(_ rules: [MaskRule]) {
            // Exact keys per selector key, in order of first use (deterministic, no sort):
            // each key's number in `exactKeys`, and its rules in `exactLists`.
            var exactNumbers = StringTable<Int32>(capacity: 64)
            var exactKeys: [(key: String, slot: UInt8)] = []
            var exactLists: [[Int32]] = []
            var globEntries: [(pattern: GlobPattern, rule: Int32, tag: UInt8)] = []
            for index in rules.indices {
                let i = Int32(index)
                switch rules[index].selector {
                case .type(let name):
                    if let number = typeIndex.lookup(name) {
                        typeLists[Int(number)].append(i)
                    } else {
                        typeIndex.set(Int32(typeLists.count), for: name)
                        typeLists.append([i])
                    }
                case .kind(let kind):
                    if kinds.isEmpty { kinds = Array(repeating: [], count: SelectorKind.allCases.count) }
                    kinds[Int(kind.code)].append(i)
                case .tag(let n):
                    tags[n, default: []].append(i)
                case .id(let p), .accessibilityIdentifier(let p), .restorationIdentifier(let p), .target(let p):
                    if p.isExact {
                        let slot = rules[index].selector.key.memoSlot
                        if let number = exactNumbers.lookup(p.text, tag: slot) {
                            exactLists[Int(number)].append(i)
                        } else {
                            exactNumbers.set(Int32(exactKeys.count), for: p.text, tag: slot)
                            exactKeys.append((p.text, slot))
                            exactLists.append([i])
                        }
                    } else {
                        globEntries.append((p, i, rules[index].selector.key.memoSlot))
                    }
                }
            }
            exact = StringTable(capacity: max(16, exactKeys.count))
            exactPool.reserveCapacity(exactLists.reduce(0) { $0 + $1.count })
            for (number, entry) in exactKeys.enumerated() {
                let list = exactLists[number]
                exact.set((Int32(exactPool.count), Int32(list.count)), for: entry.key, tag: entry.slot)
                exactPool += list
            }
            globs = GlobIndex(globEntries)
        }
    }

    /// A number for each screen the rules name (in order of first use), and each rule's
    /// screen number (-1 for a rule on every screen).
    static func screens(of rules: [MaskRule]) -> (ids: [ExactString: Int32], ofRule: [Int32]) {
        var ids: [ExactString: Int32] = [:]
        var ofRule: [Int32] = []
        ofRule.reserveCapacity(rules.count)
        for index in rules.indices {
            if let screen = rules[index].screen.map(ExactString.init) {
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
        for index in rules.indices {
            switch rules[index].selector {
            case .target(let pattern): targets.append((pattern, Int32(index)))
            case .id(let pattern) where couldMatchIndexPath(pattern): indexPaths.append((pattern, Int32(index)))
            default: break
            }
        }
        return (PathPatterns(targets), PathPatterns(indexPaths))
    }
}
