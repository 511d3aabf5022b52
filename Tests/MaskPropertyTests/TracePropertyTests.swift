import MaskEngine
import MaskTestSupport
import Testing

/// `explain` and `apply` cannot disagree: the trace of every view names the level and
/// rule the resolver decided with, on generated policies and trees.
@Suite("Properties: explain agrees with apply")
struct TracePropertyTests {
    @Test("every view's trace names the deciding level and rule of its decision")
    func traceNamesDecision() {
        for seed in 0..<UInt64(200) {
            let generated = Gen.tree(seed: seed &+ 40_000)
            let tree = generated.tree
            let policy = Gen.policy(for: tree, seed: seed &+ 40_000)
            let table = DecisionTable(policy: policy)
            let decisions = table.resolve(tree)
            for view in 0..<tree.count {
                let trace = table.trace(view, in: tree)
                let deciding = trace.steps.first { $0.winner != nil }
                let level = deciding?.level ?? .default
                let rule = deciding?.winner
                guard trace.decision == decisions[view], level == decisions[view].level, rule == decisions[view].ruleIndex else {
                    Issue.record("seed \(seed &+ 40_000) view \(view) (\(tree.indexPath(of: view))): trace says level \(level) rule \(String(describing: rule)), apply decided \(decisions[view]); policy \(policy.rules)")
                    break
                }
                // A level's winner is one of the rules it lists, and mask wins a tie.
                for step in trace.steps {
                    guard let winner = step.winner else { #expect(step.matched.isEmpty || step.level == .default); continue }
                    #expect(step.matched.contains(winner))
                    if policy.rules[winner].action == .unmask {
                        #expect(!step.matched.contains { policy.rules[$0].action == .mask })
                    }
                }
            }
        }
    }
}
