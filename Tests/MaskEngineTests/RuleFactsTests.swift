import Testing
import MaskTestSupport
@testable import MaskEngine

/// The table's per-rule facts, computed in its one pass from stored fields, agree with
/// the rule's own computed properties (`isLock`, `needsScreen`, `action`, `recursive`,
/// `screen`) for every kind of selector.
struct RuleFactsTests {
    @Test func factsAgreeWithTheRulesOwnProperties() {
        var generator = PolicyGenerator(seed: 41)
        var rules = generator.policy(rules: 400, targets: true, locks: true).rules
        rules += [
            MaskRule(.unmask, .target(GlobPattern("UILabel[ai:Checkout.total]"))),  // names a screen
            MaskRule(.mask, .target(GlobPattern("UILabel[ai:Checkout.total]"))),
            MaskRule(.unmask, .target(GlobPattern("[root]>UIView:eq(0)"))),
            MaskRule(.mask, .kind(.text), screen: "Login", locked: true),
            MaskRule(.unmask, .kind(.image), recursive: false, locked: true),  // an unmask lock is no lock
            MaskRule(.mask, .tag(7), recursive: false),
        ]
        let table = DecisionTable(policy: MaskingPolicy(default: .mask, rules: rules))
        #expect(table.ruleFacts.count == rules.count)
        #expect(rules.contains { $0.needsScreen })
        #expect(rules.contains { $0.isLock })
        for (index, rule) in rules.enumerated() {
            let facts = table.ruleFacts[index]
            #expect(facts.masks == (rule.action == .mask), "rule \(index)")
            #expect(facts.recursive == rule.recursive, "rule \(index)")
            #expect(facts.lock == rule.isLock, "rule \(index)")
            #expect(facts.needsScreen == rule.needsScreen, "rule \(index)")
            #expect(facts.screen == (rule.screen.map { table.screenIDs[ExactString($0)]! } ?? -1), "rule \(index)")
        }
        #expect(table.usesLocks == rules.contains { $0.isLock })
        #expect(table.needsScreens == rules.contains { $0.needsScreen })
    }
}
