import Testing
import MaskEngine

/// Reliable targets: the SalesViewController examples, the path form, and `target` selectors.
@Suite("Reliable targets")
struct ReliableTargetTests {
    static let screen = "SalesViewController"

    /// The accessibilityIdentifier example:
    /// viewOne (ai rootView) > viewTwo (ri dichotomy) > viewThree, viewFour, viewFive (UIButtons with ai).
    static func accessibilityTree(screen: String? = screen) -> Built {
        build(N("viewOne", "UIView", ai: "rootView", [
            N("viewTwo", "UIView", ri: "dichotomy", [
                N("viewThree", "UIButton", ai: "on_sale"),
                N("viewFour", "UIButton", ai: "new_arrivals"),
                N("viewFive", "UIButton", ai: "for_kids"),
            ]),
        ]), screen: screen)
    }

    /// The same after `viewThree.removeFromSuperview(); viewFour.addSubview(viewThree)`.
    static func movedTree() -> Built {
        build(N("viewOne", "UIView", ai: "rootView", [
            N("viewTwo", "UIView", ri: "dichotomy", [
                N("viewFour", "UIButton", ai: "new_arrivals", [
                    N("viewThree", "UIButton", ai: "on_sale"),
                ]),
                N("viewFive", "UIButton", ai: "for_kids"),
            ]),
        ]), screen: screen)
    }

    /// The restorationIdentifier example:
    /// viewOne (ri trichotomy) > viewTwo (ri dichotomy) > viewThree, viewFour (plain UIViews).
    static func restorationTree(screen: String? = screen) -> Built {
        build(N("viewOne", "UIView", ri: "trichotomy", [
            N("viewTwo", "UIView", ri: "dichotomy", [
                N("viewThree", "UIView"),
                N("viewFour", "UIView"),
            ]),
        ]), screen: screen)
    }

    static func targets(_ built: Built) -> [String: String] {
        let all = (0..<built.tree.count).map { ReliableTarget.target(of: $0, in: built.tree) }
        var result: [String: String] = [:]
        for (name, i) in built.index { result[name] = all[i] }
        return result
    }

    @Test func accessibilityIdentifierGivesTheShortForm() {
        let t = Self.targets(Self.accessibilityTree())
        #expect(t["viewThree"] == "UIButton[ai:SalesViewController.on_sale]")
        #expect(t["viewFour"] == "UIButton[ai:SalesViewController.new_arrivals]")
        #expect(t["viewFive"] == "UIButton[ai:SalesViewController.for_kids]")
        #expect(t["viewOne"] == "UIView[ai:SalesViewController.rootView]")
        // viewTwo has no accessibility identifier: path form, in which viewOne is a plain step.
        #expect(t["viewTwo"] == "[root]>UIView:eq(0)>UIView[ri:SalesViewController.dichotomy]")
    }

    @Test func shortFormSurvivesAHierarchyChange() {
        let t = Self.targets(Self.movedTree())
        #expect(t["viewThree"] == "UIButton[ai:SalesViewController.on_sale]")
        #expect(t["viewFour"] == "UIButton[ai:SalesViewController.new_arrivals]")
        #expect(t["viewFive"] == "UIButton[ai:SalesViewController.for_kids]")
    }

    @Test func restorationIdentifierGivesTheLongForm() {
        let t = Self.targets(Self.restorationTree())
        #expect(t["viewThree"] == "[root]>UIView[ri:SalesViewController.trichotomy]>UIView[ri:SalesViewController.dichotomy]>UIView:eq(0)")
        #expect(t["viewFour"] == "[root]>UIView[ri:SalesViewController.trichotomy]>UIView[ri:SalesViewController.dichotomy]>UIView:eq(1)")
        #expect(t["viewOne"] == "[root]>UIView[ri:SalesViewController.trichotomy]")
        #expect(t["viewTwo"] == "[root]>UIView[ri:SalesViewController.trichotomy]>UIView[ri:SalesViewController.dichotomy]")
    }

    @Test func tagGivesTheLongForm() {
        // "ex: [root]>UIView[tg:444]>UIView[tg:223]>UIView:eq(1)"
        let built = build(N("a", "UIView", tag: 444, [
            N("b", "UIView", tag: 223, [N("c", "UIView"), N("d", "UIView")]),
        ]), screen: Self.screen)
        let t = Self.targets(built)
        #expect(t["d"] == "[root]>UIView[tg:444]>UIView[tg:223]>UIView:eq(1)")
        #expect(t["c"] == "[root]>UIView[tg:444]>UIView[tg:223]>UIView:eq(0)")
    }

    @Test func withoutAScreenThereIsNoPrefix() {
        let a = Self.targets(Self.accessibilityTree(screen: nil))
        #expect(a["viewThree"] == "UIButton[ai:on_sale]")
        #expect(a["viewTwo"] == "[root]>UIView:eq(0)>UIView[ri:dichotomy]")
        let r = Self.targets(Self.restorationTree(screen: nil))
        #expect(r["viewFour"] == "[root]>UIView[ri:trichotomy]>UIView[ri:dichotomy]>UIView:eq(1)")
    }

    @Test func sameClassIndexCountsOnlySiblingsOfTheSameClass() {
        let built = build(N("root", "UIView", [
            N("l0", "UILabel"), N("b0", "UIButton"), N("l1", "UILabel"), N("b1", "UIButton"),
            N("v0", "UIView", tag: 5), N("v1", "UIView"),
            N("wrap", "UIView", [N("inner0", "UILabel")]),
        ]))
        let t = Self.targets(built)
        #expect(t["l0"] == "[root]>UIView:eq(0)>UILabel:eq(0)")
        #expect(t["b0"] == "[root]>UIView:eq(0)>UIButton:eq(0)")
        #expect(t["l1"] == "[root]>UIView:eq(0)>UILabel:eq(1)")
        #expect(t["b1"] == "[root]>UIView:eq(0)>UIButton:eq(1)")
        #expect(t["v0"] == "[root]>UIView:eq(0)>UIView[tg:5]")
        // A tagged sibling of the same class still counts.
        #expect(t["v1"] == "[root]>UIView:eq(0)>UIView:eq(1)")
        #expect(t["wrap"] == "[root]>UIView:eq(0)>UIView:eq(2)")
        // Counting restarts under every parent.
        #expect(t["inner0"] == "[root]>UIView:eq(0)>UIView:eq(2)>UILabel:eq(0)")
    }

    @Test func identifierPriority() {
        let built = build(N("root", "UIView", [
            N("all", "UIView", ai: "A", ri: "R", tag: 9),
            N("riTag", "UIView", ri: "R", tag: 9, [N("under", "UILabel", tag: 4)]),
            N("tagZero", "UIView", tag: 0),
        ]), screen: "S")
        let t = Self.targets(built)
        #expect(t["all"] == "UIView[ai:S.A]")
        #expect(t["riTag"] == "[root]>UIView:eq(0)>UIView[ri:S.R]")
        #expect(t["under"] == "[root]>UIView:eq(0)>UIView[ri:S.R]>UILabel[tg:4]")
        // Tag 0 counts as no tag.
        #expect(t["tagZero"] == "[root]>UIView:eq(0)>UIView:eq(2)")
    }

    @Test func stepAndShortFormFunctions() {
        #expect(ReliableTarget.short(className: "UIButton", accessibilityIdentifier: "on_sale", screen: "SalesViewController") == "UIButton[ai:SalesViewController.on_sale]")
        #expect(ReliableTarget.short(className: "UIButton", accessibilityIdentifier: "on_sale", screen: nil) == "UIButton[ai:on_sale]")
        #expect(ReliableTarget.step(className: "UIView", restorationIdentifier: "dichotomy", tag: 3, sameClassIndex: 2, screen: "S") == "UIView[ri:S.dichotomy]")
        #expect(ReliableTarget.step(className: "UIView", restorationIdentifier: nil, tag: 444, sameClassIndex: 2, screen: "S") == "UIView[tg:444]")
        #expect(ReliableTarget.step(className: "UIView", restorationIdentifier: nil, tag: 0, sameClassIndex: 2, screen: "S") == "UIView:eq(2)")
        #expect(ReliableTarget.step(className: "UIView", restorationIdentifier: nil, tag: nil, sameClassIndex: 0, screen: nil) == "UIView:eq(0)")
        #expect(ReliableTarget.path(["UIView[tg:444]", "UIView[tg:223]", "UIView:eq(1)"]) == "[root]>UIView[tg:444]>UIView[tg:223]>UIView:eq(1)")
        #expect(ReliableTarget.root == "[root]")
    }

    // MARK: - target selectors

    @Test func exactTargetSelector() {
        let t = table([MaskRule(.mask, .target(GlobPattern("UIButton[ai:SalesViewController.on_sale]")))], default: .unmask)
        #expect(t.usesTargets)
        for built in [Self.accessibilityTree(), Self.movedTree()] {
            let d = decide(t, built)
            #expect(d["viewThree"]!.isMasked)
            #expect(d["viewThree"]!.level == .instance)
            #expect(d["viewThree"]!.ruleIndex == 0)
            for name in ["viewOne", "viewTwo", "viewFive"] {
                #expect(d[name]!.isMasked == false, "\(name)")
            }
        }
        // Moved under viewFour, viewThree still matches; viewFour does not.
        #expect(decide(t, Self.movedTree())["viewFour"]!.isMasked == false)
    }

    @Test func exactLongFormTargetSelector() {
        let t = table([MaskRule(.unmask, .target(GlobPattern(
            "[root]>UIView[ri:SalesViewController.trichotomy]>UIView[ri:SalesViewController.dichotomy]>UIView:eq(1)")))], default: .mask)
        let d = decide(t, Self.restorationTree())
        #expect(d["viewFour"]!.isMasked == false)
        #expect(d["viewFour"]!.level == .instance)
        #expect(d["viewThree"]!.isMasked)
        #expect(d["viewTwo"]!.isMasked)
    }

    @Test func globTargetSelectors() {
        let buttons = table([MaskRule(.unmask, .target(GlobPattern("UIButton[ai:SalesViewController.*]")))], default: .mask)
        let d = decide(buttons, Self.accessibilityTree())
        for name in ["viewThree", "viewFour", "viewFive"] {
            #expect(d[name]!.isMasked == false, "\(name)")
            #expect(d[name]!.level == .instance, "\(name)")
        }
        #expect(d["viewOne"]!.isMasked)
        #expect(d["viewTwo"]!.isMasked)

        let below = table([MaskRule(.unmask, .target(GlobPattern("[root]>UIView[ri:SalesViewController.trichotomy]>*")), recursive: false)], default: .mask)
        let e = decide(below, Self.restorationTree())
        #expect(e["viewOne"]!.isMasked)
        for name in ["viewTwo", "viewThree", "viewFour"] {
            #expect(e[name]!.isMasked == false, "\(name)")
            #expect(e[name]!.level == .instance, "\(name)")
        }

        let second = table([MaskRule(.unmask, .target(GlobPattern("*:eq(1)")))], default: .mask)
        let f = decide(second, Self.restorationTree())
        #expect(f["viewFour"]!.isMasked == false)
        #expect(f["viewThree"]!.isMasked)
    }

    @Test func targetSelectorsDependOnTheScreen() {
        let t = table([MaskRule(.mask, .target(GlobPattern("UIButton[ai:SalesViewController.on_sale]")))], default: .unmask)
        let other = build(N("viewThree", "UIButton", ai: "on_sale"), screen: "CartViewController")
        #expect(decide(t, other)["viewThree"]!.isMasked == false)
        let none = build(N("viewThree", "UIButton", ai: "on_sale"))
        #expect(decide(t, none)["viewThree"]!.isMasked == false)
        let plain = table([MaskRule(.mask, .target(GlobPattern("UIButton[ai:on_sale]")))], default: .unmask)
        #expect(decide(plain, none)["viewThree"]!.isMasked)
        #expect(decide(plain, other)["viewThree"]!.isMasked == false)
    }

    @Test func targetRulesResolveTheSameThroughTheTraversal() {
        let t = table([
            MaskRule(.unmask, .target(GlobPattern("UIButton[ai:SalesViewController.*]"))),
            MaskRule(.mask, .target(GlobPattern("[root]>UIView[ri:SalesViewController.trichotomy]>UIView[ri:SalesViewController.dichotomy]>UIView:eq(1)"))),
            MaskRule(.unmask, .target(GlobPattern("[root]>UIView:eq(0)>UIView[ri:SalesViewController.dichotomy]")), recursive: false),
        ], default: .mask)
        for built in [Self.accessibilityTree(), Self.movedTree(), Self.restorationTree()] {
            let expected = t.resolve(built.tree)
            #expect(traverse(t, built.tree) == expected)
        }
        let d = decide(t, Self.accessibilityTree())
        #expect(d["viewTwo"]!.isMasked == false)
        #expect(d["viewTwo"]!.ruleIndex == 2)
        let r = decide(t, Self.restorationTree())
        #expect(r["viewFour"]!.isMasked)
        #expect(r["viewFour"]!.ruleIndex == 1)
    }
    // MARK: - Target syntax

    @Test func computedTargetsAreWellFormed() {
        var trees = [Self.accessibilityTree(), Self.movedTree(), Self.restorationTree(), Self.accessibilityTree(screen: nil)].map(\.tree)
        for seed in UInt64(1)...10 {
            trees.append(TraversalTests.generated(count: 200, seed: seed, screen: seed % 2 == 0 ? "S1" : nil))
        }
        for tree in trees {
            for target in (0..<tree.count).map({ ReliableTarget.target(of: $0, in: tree) }) {
                #expect(ReliableTarget.syntaxProblem(target) == nil, "\(target)")
            }
        }
    }

    @Test func seedTargetsAreWellFormedAndMalformedOnesAreNot() {
        for text in [
            "UIButton[ai:SalesViewController.on_sale]",
            "[root]>UIView[ri:SalesViewController.trichotomy]>UIView[ri:SalesViewController.dichotomy]>UIView:eq(1)",
            "[root]>UIView[tg:444]>UIView[tg:223]>UIView:eq(1)",
        ] {
            #expect(ReliableTarget.syntaxProblem(text) == nil, "\(text)")
        }
        for text in [
            "UIButton", "[ai:x]", "UIButton[ri:x]", "UIButton[ai:]",
            "[root]", "[root]UIView:eq(0)", "[root]>", "[root]>UIView:eq(-1)", "[root]>UIView:eq(x)",
            "[root]>UIView[tg:abc]", "[root]>UIView[ri:]", "[root]>:eq(0)", "[root]>UIView>>UIView:eq(0)",
        ] {
            #expect(ReliableTarget.syntaxProblem(text) != nil, "\(text)")
        }
    }
}
