import Testing
@testable import MaskEngine

/// Whole-path selectors (`target`, index-path `id`) matched one step per view, with the
/// steps remembered from frame to frame: the same decisions as a fresh resolve, however
/// the walk is reused and whatever is dropped for the memory bound.
@Suite("Path matching")
struct PathMatchingTests {
    static let rules = [
        MaskRule(.unmask, .target(GlobPattern("[root]>UIView:eq(0)>*"))),
        MaskRule(.mask, .target(GlobPattern("*>UILabel:eq(1)"))),
        MaskRule(.mask, .target(GlobPattern("*[ri:S1.ri*]*"))),
        MaskRule(.unmask, .target(GlobPattern("*[tg:7]>UILabel:eq(0)"))),
        MaskRule(.mask, .target(GlobPattern("UILabel[ai:*3]"))),
        MaskRule(.unmask, .id(GlobPattern("0.1.*"))),
        MaskRule(.mask, .id(GlobPattern("*.2"))),
    ]

    /// A tree whose restoration identifiers, tags and accessibility identifiers are new on
    /// every call (`salt`), so each walk adds steps that were never seen.
    static func tree(salt: Int, screen: String?) -> ViewTree {
        var tree = ViewTree(screen: screen)
        let classes = ["UIView", "UILabel", "UIButton", "UIStackView"]
        do {
            // Pre-order: each view's parent is on the path from the root to the view before it.
            var path = [tree.append(ViewFacts(className: "UIView"), parent: nil)]
            for i in 0..<120 {
                path.removeLast(min((i * 7 + salt) % 3, path.count - 1))
                let parent = path[path.count - 1]
                let facts = ViewFacts(
                    className: classes[(i + salt) % classes.count],
                    accessibilityIdentifier: i % 9 == 0 ? "a\(salt)x\(i)" : nil,
                    restorationIdentifier: i % 5 == 0 ? "ri\(salt)_\(i)" : nil,
                    tag: i % 4 == 0 ? (i % 8 == 0 ? 7 : salt * 1000 + i) : nil)
                path.append(tree.append(facts, parent: parent))
            }
        }
        return tree
    }

    @Test func reusedWalksAgreeWithFreshResolvesPastTheBound() throws {
        let t = DecisionTable(policy: MaskingPolicy(default: .mask, rules: Self.rules))
        var resolver = ViewResolver(table: t)
        resolver.paths?.bound = 16
        var incremental = IncrementalResolver(resolver: resolver, screen: nil)
        var traversal = MaskingTraversal(table: t)
        var unmasked = 0
        for salt in 0..<60 {
            let screen: String? = ["S1", "S2", nil][salt % 3]
            let tree = Self.tree(salt: salt, screen: screen)
            let expected = t.resolve(tree)
            incremental.reset(screen: screen)
            for i in 0..<tree.count {
                let parent = Int(tree.parents[i])
                incremental.add(tree.views[i], parent: parent < 0 ? nil : parent)
            }
            let walked = walk(&traversal, tree)
            for (name, actual) in [("incremental", incremental.decisions), ("traversal", walked)] {
                let first = expected.indices.first { actual[$0] != expected[$0] }
                #expect(first == nil, "\(name), salt \(salt), first difference at view \(first ?? -1)")
            }
            unmasked += expected.filter { !$0.isMasked }.count
        }
        #expect(unmasked > 0)
        #expect((incremental.finishedResolver.paths?.restarts ?? 0) > 0, "the bound was reached and everything dropped")
    }

    @Test func rootsOfATraversalAreSiblingsOfEachOther() {
        // Two windows entered one after the other: the second `UIWindow` is `eq(1)`.
        let t = DecisionTable(policy: MaskingPolicy(default: .mask, rules: [MaskRule(.unmask, .target(GlobPattern("[root]>UIWindow:eq(1)*")))]))
        var traversal = MaskingTraversal(table: t)
        var masked: [Bool] = []
        for className in ["UIWindow", "UIView", "UIWindow"] {
            masked.append(traversal.enter(ViewFacts(className: className)).isMasked)
            masked.append(traversal.enter(ViewFacts(className: "UILabel")).isMasked)
            traversal.leave()
            traversal.leave()
        }
        #expect(masked == [true, true, true, true, false, false])
    }

    @Test func aDeepChainUnderAMatchingPrefixSharesOneState() {
        // `[root]>UIView:eq(0)>*` matches every view below the first root: once the state
        // is settled, no step is read, so depth adds no states.
        let t = DecisionTable(policy: MaskingPolicy(default: .mask, rules: [MaskRule(.unmask, .target(GlobPattern("[root]>UIView:eq(0)>*")))]))
        var tree = ViewTree(screen: nil)
        var parent = tree.append(ViewFacts(className: "UIView"), parent: nil)
        for depth in 0..<5_000 { parent = tree.append(ViewFacts(className: depth % 2 == 0 ? "UILabel" : "UIView"), parent: parent) }
        let decisions = traverse(t, tree)
        #expect(decisions[0].isMasked)
        #expect(decisions.dropFirst().allSatisfy { !$0.isMasked })
        func states(_ count: Int) -> Int {
            var incremental = IncrementalResolver(table: t, screen: nil)
            for i in 0..<count { incremental.add(tree.views[i], parent: i == 0 ? nil : i - 1) }
            return incremental.finishedResolver.paths?.stateCount ?? -1
        }
        #expect(states(50) == states(tree.count))
    }
}

extension PathMatchingTests {
    /// Short forms and restoration steps are remembered per screen: a rule scoped by the
    /// screen inside its target (`UILabel[ai:A.x]`) must not carry over to screen B, in
    /// whatever order screens come and whichever screen the resolver starts on.
    @Test func rememberedShortFormsAndRestorationStepsAreKeptApartByScreen() {
        let rules = [
            MaskRule(.unmask, .target(GlobPattern("UILabel[ai:A.x]"))),
            MaskRule(.unmask, .target(GlobPattern("[root]>UIView[ri:A.form]>UILabel:eq(0)"))),
        ]
        let t = DecisionTable(policy: MaskingPolicy(default: .mask, rules: rules))
        func tree(_ screen: String?) -> ViewTree {
            var tree = ViewTree(screen: screen)
            let root = tree.append(ViewFacts(className: "UIView", restorationIdentifier: "form"), parent: nil)
            tree.append(ViewFacts(className: "UILabel"), parent: root)
            tree.append(ViewFacts(className: "UILabel", accessibilityIdentifier: "x"), parent: root)
            return tree
        }
        for first in ["A", "B", nil] as [String?] {
            var traversal = MaskingTraversal(table: t, screen: first)
            var incremental = IncrementalResolver(table: t, screen: first)
            for screen in [first, "A", "B", nil, "A", "B"] {
                let view = tree(screen)
                let expected = t.resolve(view)
                #expect(expected.map(\.isMasked) == (screen == "A" ? [true, false, false] : [true, true, true]))
                #expect(walk(&traversal, view) == expected, "traversal starting on \(first ?? "nil"), screen \(screen ?? "nil")")
                incremental.reset(screen: screen)
                for i in 0..<view.count { incremental.add(view.views[i], parent: i == 0 ? nil : 0) }
                #expect(incremental.decisions == expected, "incremental starting on \(first ?? "nil"), screen \(screen ?? "nil")")
            }
        }
    }
}

extension PathMatchingTests {
    /// Screens are told apart byte for byte, as targets match them: one spelled with a
    /// composed accent and one with a decomposed accent (equal as Swift strings) are two
    /// screens, and what was remembered for one is never reused for the other.
    @Test func screensSpelledAlikeButNotByteForByteAreKeptApart() {
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        let rules = [
            MaskRule(.unmask, .target(GlobPattern("UILabel[ai:\(composed).x]"))),
            MaskRule(.unmask, .target(GlobPattern("[root]>UIView[ri:\(composed).form]>UILabel:eq(0)"))),
            MaskRule(.unmask, .type("UISwitch"), screen: composed),
        ]
        let t = DecisionTable(policy: MaskingPolicy(default: .mask, rules: rules))
        func tree(_ screen: String?) -> ViewTree {
            var tree = ViewTree(screen: screen)
            let root = tree.append(ViewFacts(className: "UIView", restorationIdentifier: "form"), parent: nil)
            tree.append(ViewFacts(className: "UILabel"), parent: root)
            tree.append(ViewFacts(className: "UILabel", accessibilityIdentifier: "x"), parent: root)
            tree.append(ViewFacts(className: "UISwitch"), parent: root)
            return tree
        }
        for first in [composed, decomposed] {
            var traversal = MaskingTraversal(table: t, screen: first)
            var incremental = IncrementalResolver(table: t, screen: first)
            for screen in [first, composed, decomposed, composed, decomposed, decomposed, composed] {
                let view = tree(screen)
                let expected = t.resolve(view)
                let onComposed = screen.unicodeScalars.elementsEqual(composed.unicodeScalars)
                #expect(expected.map(\.isMasked) == (onComposed ? [true, false, false, false] : [true, true, true, true]))
                #expect(walk(&traversal, view) == expected, "traversal starting on \(first.unicodeScalars.count) scalars, screen of \(screen.unicodeScalars.count)")
                incremental.reset(screen: screen)
                for i in 0..<view.count { incremental.add(view.views[i], parent: i == 0 ? nil : 0) }
                #expect(incremental.decisions == expected)
            }
        }
    }
}
