import MaskDiagnostics
import MaskEngine

/// Checks that need the whole policy: `extends` cycles, class chains over the engine's
/// limit, and malformed reliable targets.
public enum PolicyValidator {
    /// The validated policy, when neither the earlier stages (`prior`) nor validation
    /// found an error, and validation's diagnostics.
    public static func validated(_ parsed: ParsedPolicy, prior: [Diagnostic],
                                 catalog: TypeCatalog = .builtin) -> (policy: ValidatedPolicy?, diagnostics: [Diagnostic]) {
        let diagnostics = validate(parsed, catalog: catalog)
        let failed = (prior + diagnostics).contains { $0.severity == .error }
        return (failed ? nil : ValidatedPolicy(checked: parsed.policy), diagnostics)
    }

    /// Problems that make the policy unusable (errors).
    /// - Complexity: O(c log c + r) for c classes (the policy's and the catalog's) and r rules.
    public static func validate(_ policy: ParsedPolicy, catalog: TypeCatalog = .builtin) -> [Diagnostic] {
        let chains = ClassChains(declaring: policy.classes.map(\.declaration), over: catalog)
        return typeCycles(policy, chains) + chainLengths(policy, chains) + targets(policy)
    }

    /// One `type-cycle` error per cycle that runs through a policy class, at the
    /// `extends` of its first member in source order.
    static func typeCycles(_ policy: ParsedPolicy, _ chains: ClassChains) -> [Diagnostic] {
        let order = sourceOrder(policy)
        var diagnostics: [Diagnostic] = []
        for cycle in chains.cycles {
            let policyMembers = cycle.indices.compactMap { offset in order[cycle[offset]].map { (offset: offset, index: $0) } }
            // A cycle the catalog makes on its own is not the policy's to report.
            guard let first = policyMembers.min(by: { $0.index < $1.index }) else { continue }
            let parsed = policy.classes[first.index]
            let members = Array(cycle[first.offset...] + cycle[..<first.offset])
            // A long cycle shows its ends: one line, however many classes loop.
            let shown = members.count <= 8 ? (members + [members[0]]).joined(separator: " -> ")
                : (members.prefix(4) + ["..."] + members.suffix(2) + [members[0]]).joined(separator: " -> ") + " (\(members.count) classes)"
            diagnostics.append(Diagnostic(.typeCycle, "'extends' loops: \(shown)",
                at: parsed.extendsRange ?? parsed.nameRange, hint: "a class cannot be its own superclass"))
        }
        return diagnostics
    }

    /// One `type-chain-limit` error per place where chains grow past
    /// ``TypeCatalog/maximumChainLength``: at the `extends` of the first class, from the
    /// root down, whose chain is over the limit, or, when the policy does not declare
    /// that class with `extends` (a built-in class below a redeclared one), of the
    /// nearest class above it that it does. The classes below, whose chains are over the
    /// limit too, are counted in that one message, not reported again.
    static func chainLengths(_ policy: ParsedPolicy, _ chains: ClassChains) -> [Diagnostic] {
        let limit = TypeCatalog.maximumChainLength
        // By name for the messages (look-alike spellings share a line).
        let over = Dictionary(chains.lengths.filter { $0.value > limit }.map { ($0.key.string, $0.value) }, uniquingKeysWith: max)
        guard !over.isEmpty else { return [] }
        let order = sourceOrder(policy)
        // Each class over the limit, by the class where its chain crosses it (the
        // ancestor whose chain is exactly one over); shortest chains first, so a
        // class's superclass is settled before it.
        var crossing: [String: String] = [:]
        for (name, length) in over.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            if length == limit + 1 {
                crossing[name] = name
            } else if let superclass = chains.merged.declaration(of: name)?.superclass, let at = crossing[superclass] {
                crossing[name] = at
            }
        }
        // Each crossing class, by the policy class to report it at.
        var groups: [Int: (crossings: [String], more: Int, longest: Int)] = [:]
        for name in crossing.filter({ $0.key == $0.value }).keys.sorted() {
            var current: String? = name
            var steps = 0
            while let candidate = current, steps <= limit {
                if let index = order[candidate], policy.classes[index].extendsRange != nil {
                    var group = groups[index] ?? ([], 0, limit + 1)
                    group.crossings.append(name)
                    groups[index] = group
                    break
                }
                current = chains.merged.declaration(of: candidate)?.superclass
                steps += 1
            }
            // No policy class with `extends` above it: the catalog's own chain, not the policy's to report.
        }
        let groupOf = Dictionary(groups.flatMap { index, group in group.crossings.map { ($0, index) } }, uniquingKeysWith: { a, _ in a })
        for (name, at) in crossing {
            guard let index = groupOf[at], var group = groups[index], let length = over[name] else { continue }
            if name != at { group.more += 1 }
            group.longest = max(group.longest, length)
            groups[index] = group
        }
        var diagnostics: [Diagnostic] = []
        for (index, group) in groups.sorted(by: { $0.key < $1.key }) {
            let parsed = policy.classes[index]
            guard let range = parsed.extendsRange, let name = group.crossings.first else { continue }
            let declared = parsed.declaration.name
            let others = group.more + group.crossings.count - 1
            var message = "the class chain of '\(name)'\(declared == name ? "" : ", through '\(declared)',") is \(limit + 1) classes long, over the limit of \(limit)"
            if others > 0 {
                message += " (so are those of \(others) more \(others == 1 ? "class" : "classes"), the longest \(group.longest) classes)"
            }
            message += ": the engine would cut it, and views of '\(name)' and its subclasses would lose the kinds and type rules of the classes cut off"
            diagnostics.append(Diagnostic(.typeChainLimit, message, at: range,
                hint: "point 'extends' at a nearer class that carries the kind and rules that matter; a chain need not list every real superclass"))
        }
        return diagnostics
    }

    /// Each policy class's index in `types:`; the first, if a name is repeated.
    static func sourceOrder(_ policy: ParsedPolicy) -> [String: Int] {
        var order: [String: Int] = [:]
        for (index, parsed) in policy.classes.enumerated() where order[parsed.declaration.name] == nil {
            order[parsed.declaration.name] = index
        }
        return order
    }

    /// `target` selectors without a star must have the shape of a reliable target.
    static func targets(_ policy: ParsedPolicy) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for parsed in policy.rules {
            guard case .target(let pattern) = parsed.rule.selector, pattern.isExact else { continue }
            if let problem = ReliableTarget.syntaxProblem(pattern.text) {
                diagnostics.append(Diagnostic(.invalidValue, "'target' is not a reliable target: \(problem)", at: parsed.selectorRange,
                    hint: "write 'Class[ai:Screen.identifier]' or '[root]>Class:eq(0)>...'"))
            }
        }
        return diagnostics
    }
}
