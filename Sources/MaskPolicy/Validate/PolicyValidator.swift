import MaskEngine

/// Checks that need the whole policy: `extends` cycles and malformed reliable targets.
public enum PolicyValidator {
    /// Problems that make the policy unusable (errors).
    public static func validate(_ policy: ParsedPolicy, catalog: TypeCatalog = .builtin) -> [Diagnostic] {
        typeCycles(policy, catalog: catalog) + targets(policy)
    }

    /// One `type-cycle` error per cycle, at the `extends` of its first member in source order.
    static func typeCycles(_ policy: ParsedPolicy, catalog: TypeCatalog) -> [Diagnostic] {
        let merged = catalog.overlaid(with: policy.classes.map(\.declaration))
        var reported = Set<String>()
        var diagnostics: [Diagnostic] = []
        for parsed in policy.classes {
            let start = parsed.declaration.name
            var path = [start]
            var current = start
            while let next = merged.declarations[current]?.superclass, path.count <= TypeCatalog.maximumChainLength {
                if let loopStart = path.firstIndex(of: next) {
                    let cycle = Array(path[loopStart...])
                    if loopStart == 0, reported.isDisjoint(with: cycle) {
                        reported.formUnion(cycle)
                        let shown = (cycle + [next]).joined(separator: " -> ")
                        diagnostics.append(Diagnostic(.error, "type-cycle", "'extends' loops: \(shown)",
                            at: parsed.extendsRange ?? parsed.nameRange, hint: "a class cannot be its own superclass"))
                    }
                    break
                }
                path.append(next)
                current = next
            }
        }
        return diagnostics
    }

    /// `target` selectors without a star must have the shape of a reliable target.
    static func targets(_ policy: ParsedPolicy) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for parsed in policy.rules {
            guard case .target(let pattern) = parsed.rule.selector, pattern.isExact else { continue }
            if let problem = ReliableTarget.syntaxProblem(pattern.text) {
                diagnostics.append(Diagnostic(.error, "invalid-value", "'target' is not a reliable target: \(problem)", at: parsed.selectorRange,
                    hint: "write 'Class[ai:Screen.identifier]' or '[root]>Class:eq(0)>...'"))
            }
        }
        return diagnostics
    }
}
