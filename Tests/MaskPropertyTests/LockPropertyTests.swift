import MaskEngine
import MaskJSON
import MaskTestSupport
import Testing

/// Locked masks (`lock: true`) over generated policies and trees: every path of the
/// engine decides as the reference resolver does, explain names the lock, and a lock
/// masks what it selects whatever else the policy says.
@Suite("Properties: locked masks")
struct LockPropertyTests {
    static let cases = 250

    /// A generated policy with about a third of its mask rules locked.
    static func lockedPolicy(for tree: ViewTree, seed: UInt64) -> MaskingPolicy {
        var policy = Gen.policy(for: tree, seed: seed)
        var rng = SplitMix64(seed: seed &+ 91)
        for index in policy.rules.indices where policy.rules[index].action == .mask && Int.random(in: 0..<3, using: &rng) == 0 {
            policy.rules[index].locked = true
        }
        return policy
    }

    @Test("the table, the traversal, the byte path and the loaded table agree with the reference resolver")
    func everyPathMatchesReference() throws {
        var lockedViews = 0
        for seed in 0..<UInt64(Self.cases) {
            let generated = Gen.tree(seed: seed &+ 70_000)
            let tree = generated.tree
            let policy = Self.lockedPolicy(for: tree, seed: seed &+ 70_000)
            let expected = ReferenceResolver(policy: policy).resolve(tree)
            let table = DecisionTable(policy: policy)
            let loaded = try DecisionTable(serialized: TableFormat.encode(policy))
            let masker = TreeMasker(table: table)
            let (layout, streamed) = try masker.readDeciding(Array(generated.json.utf8), file: "in.json")
            let paths: [(String, [MaskDecision])] = [("resolve", table.resolve(tree)), ("traversal", traverse(tree, table: table)),
                                                     ("loaded table", loaded.resolve(tree)), ("apply", streamed)]
            // `apply` runs the echo guard after the five levels (its own property test).
            let echoed = masker.guardingEchoes(layout, expected)
            for (name, actual) in paths {
                let expected = name == "apply" ? echoed : expected
                for view in 0..<tree.count where actual[view] != expected[view] {
                    Issue.record("seed \(seed &+ 70_000) view \(view) (\(tree.indexPath(of: view))): \(name) \(actual[view]), reference \(expected[view]); policy \(policy.rules)")
                    break
                }
            }
            lockedViews += expected.filter(\.isLocked).count
        }
        // The generator must exercise locks, or the test proves nothing.
        #expect(lockedViews > 500)
    }

    @Test("explain names the lock that decided, and agrees with apply")
    func traceNamesLock() {
        for seed in 0..<UInt64(120) {
            let tree = Gen.tree(seed: seed &+ 71_000).tree
            let policy = Self.lockedPolicy(for: tree, seed: seed &+ 71_000)
            let table = DecisionTable(policy: policy)
            let decisions = table.resolve(tree)
            for view in 0..<tree.count {
                let trace = table.trace(view, in: tree)
                #expect(trace.decision == decisions[view], "seed \(seed &+ 71_000) view \(view)")
                #expect((trace.lock != nil) == decisions[view].isLocked)
                if let lock = trace.lock {
                    #expect(lock.rule == decisions[view].ruleIndex)
                    #expect(policy.rules[lock.rule].isLock)
                    #expect((lock.ancestor != nil) == (decisions[view].level == .parentInstance || decisions[view].level == .parentType))
                }
            }
        }
    }

    @Test("locking a mask rule never unmasks a view, and every view a lock selects is masked whatever unmask is added")
    func locksOnlyTighten() {
        for seed in 0..<UInt64(Self.cases) {
            let tree = Gen.tree(seed: seed &+ 72_000).tree
            let policy = Gen.policy(for: tree, seed: seed &+ 72_000)
            let locked = Self.lockedPolicy(for: tree, seed: seed &+ 72_000)
            let before = DecisionTable(policy: policy).resolve(tree)
            let after = DecisionTable(policy: locked).resolve(tree)
            for view in 0..<tree.count where before[view].isMasked && !after[view].isMasked {
                Issue.record("seed \(seed &+ 72_000) view \(view): locking unmasked it")
            }
            // Unmask rules added anywhere leave every locked view masked, by the same lock.
            var rng = SplitMix64(seed: seed &+ 5)
            var loosened = locked
            for _ in 0..<4 {
                loosened.rules.insert(Gen.rule(for: tree, &rng, action: .unmask), at: Int.random(in: 0...loosened.rules.count, using: &rng))
            }
            let loose = DecisionTable(policy: loosened).resolve(tree)
            for view in 0..<tree.count where after[view].isLocked {
                #expect(loose[view].isMasked && loose[view].isLocked, "seed \(seed &+ 72_000) view \(view): an unmask beat a lock")
            }
        }
    }
}
