import Testing
import MaskEngine

/// Selectors: `id` via index paths, tags, accessibility and restoration identifiers,
/// and `screen:` scoping.
@Suite("Selectors and screen scoping")
struct SelectorTests {
    // MARK: - id and index paths

    /// root (no id) > [a (no id), b (no id) > [b0 (no id), b1 (id "named")]]
    static func pathTree(screen: String? = nil) -> Built {
        build(N("root", "UIView", [
            N("a", "UIView"),
            N("b", "UIView", [
                N("b0", "UILabel"),
                N("b1", "UILabel", id: "named"),
            ]),
        ]), screen: screen)
    }

    @Test func indexPaths() {
        let built = Self.pathTree()
        #expect(built.tree.indexPath(of: built["root"]) == "0")
        #expect(built.tree.indexPath(of: built["a"]) == "0.0")
        #expect(built.tree.indexPath(of: built["b"]) == "0.1")
        #expect(built.tree.indexPath(of: built["b0"]) == "0.1.0")
        #expect(built.tree.indexPath(of: built["b1"]) == "0.1.1")
        #expect(built.tree.depth(of: built["b1"]) == 2)
        #expect(built.tree.depth(of: built["root"]) == 0)
        #expect(built.tree.count == 5)
        #expect(built.tree.childIndices[built["b1"]] == 1)
        #expect(built.tree.parents[built["root"]] == -1)
    }

    @Test func idSelectorUsesTheIndexPathOfViewsWithoutID() {
        let t = table([MaskRule(.mask, .id(GlobPattern("0.1.0")))], default: .unmask)
        #expect(t.usesIDs)
        let d = decide(t, Self.pathTree())
        #expect(d["b0"]!.isMasked)
        #expect(d["b0"]!.level == .instance)
        for name in ["root", "a", "b", "b1"] { #expect(d[name]!.isMasked == false, "\(name)") }
    }

    @Test func idSelectorOnTheRootPath() {
        let d = decide(table([MaskRule(.unmask, .id(GlobPattern("0")))], default: .mask), Self.pathTree())
        #expect(d["root"]!.level == .instance)
        #expect(d["root"]!.isMasked == false)
        for name in ["a", "b", "b0", "b1"] {
            #expect(d[name]!.level == .parentInstance, "\(name)")
            #expect(d[name]!.isMasked == false, "\(name)")
        }
    }

    @Test func aViewWithAnIDIsNotSelectedByItsIndexPath() {
        let byPath = decide(table([MaskRule(.mask, .id(GlobPattern("0.1.1")))], default: .unmask), Self.pathTree())
        #expect(byPath["b1"]!.isMasked == false)
        #expect(byPath["b1"]!.level == .default)
        let byID = decide(table([MaskRule(.mask, .id(GlobPattern("named")))], default: .unmask), Self.pathTree())
        #expect(byID["b1"]!.isMasked)
        #expect(byID["b1"]!.level == .instance)
        #expect(byID["b0"]!.isMasked == false)
    }

    @Test func idGlobOverIndexPaths() {
        let d = decide(table([MaskRule(.mask, .id(GlobPattern("0.1.*")))], default: .unmask), Self.pathTree())
        #expect(d["b0"]!.isMasked)
        #expect(d["b0"]!.level == .instance)
        #expect(d["b1"]!.isMasked == false)  // has an id
        #expect(d["b"]!.isMasked == false)   // "0.1" does not match "0.1.*"
        #expect(d["a"]!.isMasked == false)
    }

    @Test func idIndexPathsThroughTheTraversal() {
        for rules in [
            [MaskRule(.mask, .id(GlobPattern("0.1.0")))],
            [MaskRule(.mask, .id(GlobPattern("0.1.*"))), MaskRule(.unmask, .id(GlobPattern("0")))],
            [MaskRule(.mask, .id(GlobPattern("named"))), MaskRule(.unmask, .id(GlobPattern("0.1")), recursive: false)],
        ] {
            let t = table(rules, default: .unmask)
            let built = Self.pathTree()
            #expect(traverse(t, built.tree) == t.resolve(built.tree))
        }
    }

    // MARK: - Tags

    @Test func tagSelector() {
        let built = build(N("root", "UIView", [
            N("seven", "UIView", tag: 7),
            N("zero", "UIView", tag: 0),
            N("none", "UIView"),
            N("negative", "UIView", tag: -1),
        ]))
        let d = decide(table([MaskRule(.mask, .tag(7)), MaskRule(.mask, .tag(-1))], default: .unmask), built)
        #expect(d["seven"]!.isMasked)
        #expect(d["seven"]!.ruleIndex == 0)
        #expect(d["negative"]!.isMasked)
        #expect(d["negative"]!.ruleIndex == 1)
        #expect(d["zero"]!.isMasked == false)
        #expect(d["none"]!.isMasked == false)
    }

    @Test func tagZeroCountsAsNoTag() {
        let built = build(N("root", "UIView", [N("zero", "UIView", tag: 0), N("none", "UIView")]))
        let d = decide(table([MaskRule(.mask, .tag(0))], default: .unmask), built)
        #expect(d.values.allSatisfy { !$0.isMasked && $0.level == .default })
        #expect(ViewFacts(className: "UIView", tag: 0) != ViewFacts(className: "UIView"))  // the facts keep it
    }

    // MARK: - Identifiers

    @Test func accessibilityAndRestorationIdentifiersAreSeparateKeys() {
        let built = build(N("root", "UIView", [
            N("ai", "UIView", ai: "login"),
            N("ri", "UIView", ri: "login"),
            N("id", "UIView", id: "login"),
        ]))
        let a = decide(table([MaskRule(.mask, .accessibilityIdentifier(GlobPattern("login")))], default: .unmask), built)
        #expect(a["ai"]!.isMasked && !a["ri"]!.isMasked && !a["id"]!.isMasked)
        let r = decide(table([MaskRule(.mask, .restorationIdentifier(GlobPattern("login")))], default: .unmask), built)
        #expect(!r["ai"]!.isMasked && r["ri"]!.isMasked && !r["id"]!.isMasked)
        let i = decide(table([MaskRule(.mask, .id(GlobPattern("login")))], default: .unmask), built)
        #expect(!i["ai"]!.isMasked && !i["ri"]!.isMasked && i["id"]!.isMasked)
    }

    @Test func selectorDescriptions() {
        #expect(ViewSelector.type("UIButton").description == "type=UIButton")
        #expect(ViewSelector.accessibilityIdentifier(GlobPattern("a*")).description == "accessibilityIdentifier=a*")
        #expect(ViewSelector.tag(42).value == "42")
        #expect(ViewSelector.target(GlobPattern("[root]>*")).key == .target)
        #expect(ViewSelector.type("UIButton").isInstance == false)
        for selector in [ViewSelector.id(GlobPattern("x")), .accessibilityIdentifier(GlobPattern("x")), .restorationIdentifier(GlobPattern("x")), .tag(1), .target(GlobPattern("x"))] {
            #expect(selector.isInstance, "\(selector)")
        }
    }

    @Test func tableFlags() {
        let plain = table([MaskRule(.mask, .type("UIView")), MaskRule(.mask, .tag(3))])
        #expect(!plain.usesTargets && !plain.usesIDs && !plain.usesScreens)
        let all = table([
            MaskRule(.mask, .target(GlobPattern("x"))),
            MaskRule(.mask, .id(GlobPattern("0.1*"))),
            MaskRule(.mask, .type("UIView"), screen: "S"),
        ])
        #expect(all.usesTargets && all.usesIDs && all.usesScreens)
        // An id pattern with a letter can never match an index path (digits and dots),
        // so it does not make resolvers compute index paths.
        #expect(!table([MaskRule(.mask, .id(GlobPattern("y")))]).usesIDs)
    }

    // MARK: - Screen scoping

    static func screenTree(_ screen: String?) -> Built {
        build(N("root", "UIView", [
            N("card", "UIView", ai: "card", [N("number", "UILabel")]),
            N("label", "UILabel"),
        ]), screen: screen)
    }

    @Test func scopedInstanceRuleAppliesOnlyOnItsScreen() {
        let t = table([MaskRule(.mask, .accessibilityIdentifier(GlobPattern("card")), screen: "Checkout")], default: .unmask)
        let on = decide(t, Self.screenTree("Checkout"))
        #expect(on["card"]!.isMasked)
        #expect(on["number"]!.isMasked)
        #expect(on["number"]!.level == .parentInstance)
        let screens: [String?] = ["Home", "checkout", "", nil]
        for screen in screens {
            let off = decide(t, Self.screenTree(screen))
            #expect(off.values.allSatisfy { !$0.isMasked && $0.level == .default }, "\(String(describing: screen))")
        }
    }

    @Test func scopedTypeRuleAppliesOnlyOnItsScreen() {
        let t = table([MaskRule(.mask, .type("UILabel"), screen: "Checkout")], default: .unmask)
        #expect(decide(t, Self.screenTree("Checkout"))["label"]!.isMasked)
        #expect(decide(t, Self.screenTree("Checkout"))["label"]!.level == .type)
        #expect(decide(t, Self.screenTree("Home"))["label"]!.isMasked == false)
        #expect(decide(t, Self.screenTree(nil))["label"]!.isMasked == false)
    }

    @Test func scopedAndUnscopedRulesDisagreeing() {
        let t = table([
            MaskRule(.unmask, .type("UILabel")),
            MaskRule(.mask, .type("UILabel"), screen: "Checkout"),
        ], default: .mask)
        let on = decide(t, Self.screenTree("Checkout"))
        #expect(on["label"]!.isMasked)
        #expect(on["label"]!.ruleIndex == 1)
        let off = decide(t, Self.screenTree("Home"))
        #expect(off["label"]!.isMasked == false)
        #expect(off["label"]!.ruleIndex == 0)
    }

    @Test func scopedTypeRuleBehindAnUnscopedOneOnTheChain() {
        // On Checkout the UILabel rule is the most specific; elsewhere the UIView rule decides.
        let t = table([
            MaskRule(.mask, .type("UIView")),
            MaskRule(.unmask, .type("UILabel"), screen: "Checkout"),
        ], default: .unmask)
        #expect(decide(t, Self.screenTree("Checkout"))["label"]!.ruleIndex == 1)
        #expect(decide(t, Self.screenTree("Checkout"))["label"]!.isMasked == false)
        #expect(decide(t, Self.screenTree("Home"))["label"]!.ruleIndex == 0)
        #expect(decide(t, Self.screenTree("Home"))["label"]!.isMasked)
    }

    @Test func reusedResolverFollowsTheScreen() {
        let t = table([
            MaskRule(.mask, .type("UILabel"), screen: "Checkout"),
            MaskRule(.unmask, .type("UIView"), screen: "Home"),
        ], default: .mask)
        for order in [["Checkout", "Home", "Checkout", "Other"], ["Home", "Checkout", "Other", "Home"]] {
            var resolver = ViewResolver(table: t)
            for screen in order {
                let built = Self.screenTree(screen)
                let warm = t.resolve(built.tree, with: &resolver)
                let fresh = t.resolve(built.tree)
                #expect(warm == fresh, "\(order) at \(screen)")
                #expect(resolver.screen == screen)
                let label = warm[built["label"]]
                switch screen {
                case "Checkout": #expect(label.isMasked && label.level == .type && label.ruleIndex == 0)
                case "Home": #expect(!label.isMasked && label.level == .type && label.ruleIndex == 1)
                default: #expect(label.isMasked && label.level == .default)
                }
            }
        }
    }

    @Test func reusedTraversalFollowsTheScreen() {
        let t = table([
            MaskRule(.mask, .type("UILabel"), screen: "Checkout"),
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("card")), screen: "Home"),
        ], default: .unmask)
        var traversal = MaskingTraversal(table: t, screen: "Home")
        for screen in ["Checkout", "Home", nil, "Checkout"] as [String?] {
            let built = Self.screenTree(screen)
            #expect(walk(&traversal, built.tree) == t.resolve(built.tree), "\(String(describing: screen))")
            #expect(traversal.depth == 0)
        }
    }
    // MARK: - Keys kept apart

    @Test("a selector on one identifier never matches the same value on another", arguments: ["home.title", "x.pin", "a-b-c"])
    func keysKeptApart(_ value: String) {
        // Exact, prefix, suffix and scanned globs on every key but the view's own.
        let patterns = [value, "home.*", "*.pin", "*-b-*"].map(GlobPattern.init)
        for own in 0..<3 {
            func selector(_ key: Int, _ pattern: GlobPattern) -> ViewSelector {
                key == 0 ? .id(pattern) : key == 1 ? .accessibilityIdentifier(pattern) : .restorationIdentifier(pattern)
            }
            // On the view's own key, only rules that miss, so its key is looked up at all.
            var rules = ["zz", "zz*", "*zz", "*zz*"].map { MaskRule(.mask, selector(own, GlobPattern($0))) }
            for key in 0..<3 where key != own {
                for pattern in patterns {
                    rules.append(MaskRule(.mask, selector(key, pattern)))
                }
            }
            let t = table(rules, default: .unmask)
            let facts = ViewFacts(className: "UILabel", id: own == 0 ? value : nil,
                                  accessibilityIdentifier: own == 1 ? value : nil, restorationIdentifier: own == 2 ? value : nil)
            var byFacts = IncrementalResolver(table: t, screen: nil)
            #expect(!byFacts.add(facts, parent: nil).isMasked, "key \(own)")
            var byBytes = IncrementalResolver(table: t, screen: nil)
            var className = "UILabel", text = value
            let decision = className.withUTF8 { name in
                text.withUTF8 { bytes in
                    byBytes.add(raw: RawViewFacts(className: name, classSlot: 0, id: own == 0 ? bytes : nil,
                                                  accessibilityIdentifier: own == 1 ? bytes : nil, restorationIdentifier: own == 2 ? bytes : nil),
                                parent: nil)
                }
            }
            #expect(!decision.isMasked, "key \(own), as bytes")
            // And each rule does match the value on its own key.
            var ownRules = rules
            for pattern in patterns where pattern.matches(value) {
                ownRules.append(MaskRule(.mask, selector(own, pattern)))
            }
            var matched = IncrementalResolver(table: table(ownRules, default: .unmask), screen: nil)
            let masked = className.withUTF8 { name in
                text.withUTF8 { bytes in
                    matched.add(raw: RawViewFacts(className: name, classSlot: 0, id: own == 0 ? bytes : nil,
                                                  accessibilityIdentifier: own == 1 ? bytes : nil, restorationIdentifier: own == 2 ? bytes : nil),
                                parent: nil)
                }
            }
            #expect(masked.isMasked && masked.level == .instance, "key \(own), own rules")
        }
    }

    // MARK: - Audit helpers

    @Test func matchingRulesListsEveryRuleSelectingTheView() {
        let t = table([
            MaskRule(.mask, .type("UIView")),                                  // 0: on the chain
            MaskRule(.unmask, .type("UILabel")),                               // 1: on the chain
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("price*"))),  // 2: glob
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("price"))), // 3: exact
            MaskRule(.mask, .tag(4), screen: "Other"),                         // 4: other screen
            MaskRule(.mask, .tag(4)),                                          // 5
            MaskRule(.mask, .type("UIButton")),                                // 6: not on the chain
            MaskRule(.mask, .id(GlobPattern("0.1"))),                          // 7: index path
            MaskRule(.mask, .target(GlobPattern("UILabel[ai:Checkout.price]"))), // 8
        ], default: .unmask)
        var resolver = ViewResolver(table: t, screen: "Checkout")
        let facts = ViewFacts(className: "UILabel", accessibilityIdentifier: "price", tag: 4)
        #expect(resolver.matchingRules(facts, target: "UILabel[ai:Checkout.price]", indexPath: "0.1") == [0, 1, 2, 3, 5, 7, 8])
        #expect(resolver.matchingRules(ViewFacts(className: "UIButton")) == [0, 6])
        #expect(resolver.typeRuleIndex(facts) == 1)
        #expect(resolver.typeRuleIndex(ViewFacts(className: "UIStackView")) == 0)
        #expect(resolver.typeRuleIndex(ViewFacts(className: "Unknown")) == nil)
        resolver.setScreen("Other")
        #expect(resolver.matchingRules(facts).contains(4))
    }
}
