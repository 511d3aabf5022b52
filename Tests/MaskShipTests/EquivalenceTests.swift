import Testing
import MaskEngine
import MaskPolicy

/// The runtime-compiled table, the table the generated Swift builds and the table
/// loaded from the portable form decide identically: every shipped policy against every
/// tree in Examples/ and Tests/Fixtures, and generated trees, compared as `apply
/// --explain` writes them (each view's decision, level and rule position, and every field).
@Suite("Shipped tables decide as the compiler's")
struct EquivalenceTests {
    @Test("runtime, generated Swift and loaded table write the same explained trees", arguments: ShippedPolicy.all)
    func sameDecisions(_ policy: ShippedPolicy) throws {
        let compiled = try policy.compiled()
        let loaded = try DecisionTable(serialized: TableFormat.encode(compiled.policy))
        let generated = policy.generatedTable()
        #expect(generated.rules == compiled.table.rules)
        #expect(loaded.rules == compiled.table.rules)
        #expect(generated.priorityOrder == compiled.table.priorityOrder)
        let trees = try shippedTrees() + generatedTrees(count: 150)
        #expect(trees.count > 150 + 10, "the shipped trees were not found")
        for tree in trees {
            let expected = try explained(tree, compiled.table)
            #expect(try explained(tree, generated) == expected, "\(policy.path) on \(tree.name): generated Swift")
            #expect(try explained(tree, loaded) == expected, "\(policy.path) on \(tree.name): loaded table")
        }
    }
}
