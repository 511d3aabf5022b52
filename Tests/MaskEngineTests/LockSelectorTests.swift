import Testing
import MaskEngine

/// Locks on every selector that can carry one: a locked `kind` rule and a locked type
/// rule written with a class's simple name decide their views inside a recursively
/// unmasked container, as a locked type rule on the full name does.
@Suite("Locks on kinds and simple names")
struct LockSelectorTests {
    static func tree(_ className: String) -> ViewTree {
        var tree = ViewTree(screen: "Checkout")
        let root = tree.append(ViewFacts(className: "UIView", accessibilityIdentifier: "form"), parent: nil)
        tree.append(ViewFacts(className: className), parent: root)
        return tree
    }

    @Test("a locked kind rule beats a recursive unmask on an ancestor", arguments: [false, true])
    func kindLock(_ locked: Bool) {
        let policy = MaskingPolicy(default: .mask, rules: [
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("form"))),
            MaskRule(.mask, .kind(.input), locked: locked),
        ])
        let table = DecisionTable(policy: policy)
        let tree = Self.tree("UITextField")
        let decisions = table.resolve(tree)
        // Without the lock, level 2 (the ancestor's unmask) beats level 3 (the kind rule).
        #expect(decisions[1].isMasked == locked)
        #expect(decisions[1].isLocked == locked)
        #expect(traverse(table, tree) == decisions)
        let shipped = try? DecisionTable(serialized: TableFormat.encode(policy))
        #expect(shipped.map { $0.resolve(tree) } == decisions)
    }

    @Test("a locked type rule written with the simple name locks the module-qualified class")
    func simpleNameLock() {
        let policy = MaskingPolicy(default: .mask, rules: [
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("form"))),
            MaskRule(.mask, .type("BalanceLabel"), locked: true),
        ])
        let table = DecisionTable(policy: policy)
        let tree = Self.tree("MyApp.BalanceLabel")
        let decisions = table.resolve(tree)
        #expect(decisions[1].isMasked && decisions[1].isLocked)
        #expect(traverse(table, tree) == decisions)
    }
}
