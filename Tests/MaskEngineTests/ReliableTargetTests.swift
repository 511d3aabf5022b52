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
    // MARK: - Targets that name a screen, on trees without one (issue 16, item 7)

    /// A tree whose label's accessibility identifier is spelled like a screen-qualified one.
    static func dottedIdentifierTree(screen: String?, ai: String = "Home.title") -> Built {
        build(N("root", "UIView", [N("label", "UILabel", ai: ai)]), screen: screen)
    }

    /// Decisions through every String path: `resolve` (IncrementalResolver), the
    /// traversal, and `ViewResolver.decide(_:target:...)` with a computed target; they must agree.
    static func decideEverywhere(_ t: DecisionTable, _ built: Built) -> [String: MaskDecision] {
        let resolved = t.resolve(built.tree)
        #expect(traverse(t, built.tree) == resolved)
        var resolver = ViewResolver(table: t, screen: built.tree.screen)
        var handed: [InheritedVerdicts] = []
        for view in 0..<built.tree.count {
            let parent = Int(built.tree.parents[view])
            let (decision, down) = resolver.decide(built.tree.views[view], target: ReliableTarget.target(of: view, in: built.tree),
                                                   inherited: parent < 0 ? .root : handed[parent])
            handed.append(down)
            #expect(decision == resolved[view], "view \(view)")
        }
        var result: [String: MaskDecision] = [:]
        for (name, i) in built.index { result[name] = resolved[i] }
        return result
    }

    @Test("an unmask target naming a screen does not match in a tree without a screen (absent, null or empty)")
    func screenQualifiedShortFormNeedsItsScreen() {
        let t = table([MaskRule(.unmask, .target(GlobPattern("UILabel[ai:Home.title]")))], default: .mask)
        for screen in [nil, ""] as [String?] {
            let d = Self.decideEverywhere(t, Self.dottedIdentifierTree(screen: screen))
            #expect(d["label"]!.isMasked, "screen \(String(describing: screen))")
            #expect(d["label"]!.level == .default)
        }
        // On its screen it matches; on another screen it does not.
        let home = Self.decideEverywhere(t, Self.dottedIdentifierTree(screen: "Home", ai: "title"))
        #expect(home["label"]!.isMasked == false)
        #expect(home["label"]!.level == .instance)
        #expect(Self.decideEverywhere(t, Self.dottedIdentifierTree(screen: "Other"))["label"]!.isMasked)
        #expect(Self.decideEverywhere(t, Self.dottedIdentifierTree(screen: "Other", ai: "title"))["label"]!.isMasked)
        // The same view is still selectable by its identifier.
        let byIdentifier = table([MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("Home.title")))], default: .mask)
        #expect(Self.decideEverywhere(byIdentifier, Self.dottedIdentifierTree(screen: nil))["label"]!.isMasked == false)
    }

    @Test("a glob whose ai: value has a dot names a screen too; one without a dot matches as before")
    func screenQualifiedGlobs() {
        let none = Self.dottedIdentifierTree(screen: nil)
        for pattern in ["UILabel[ai:Home.*]", "UILabel[ai:*.title]", "*[ai:Home.title]", "UILabel[ai:Home.title]*"] {
            let t = table([MaskRule(.unmask, .target(GlobPattern(pattern)))], default: .mask)
            #expect(Self.decideEverywhere(t, none)["label"]!.isMasked, "\(pattern)")
        }
        for pattern in ["UILabel[ai:*]", "UILabel[ai:Home*]", "UILabel[ai:*title]"] {
            let t = table([MaskRule(.unmask, .target(GlobPattern(pattern)))], default: .mask)
            #expect(Self.decideEverywhere(t, none)["label"]!.isMasked == false, "\(pattern)")
        }
        let plain = table([MaskRule(.unmask, .target(GlobPattern("UILabel[ai:title]")))], default: .mask)
        #expect(Self.decideEverywhere(plain, Self.dottedIdentifierTree(screen: nil, ai: "title"))["label"]!.isMasked == false)
    }

    @Test("a path-form target with a dotted ri: step does not match in a tree without a screen")
    func screenQualifiedPathFormNeedsItsScreen() {
        func tree(_ screen: String?, ri: String) -> Built {
            build(N("form", "UIView", ri: ri, [N("label", "UILabel"), N("other", "UILabel")]), screen: screen)
        }
        let t = table([MaskRule(.unmask, .target(GlobPattern("[root]>UIView[ri:Home.form]>UILabel:eq(0)")))], default: .mask)
        for screen in [nil, ""] as [String?] {
            let d = Self.decideEverywhere(t, tree(screen, ri: "Home.form"))
            #expect(d["label"]!.isMasked, "screen \(String(describing: screen))")
        }
        #expect(Self.decideEverywhere(t, tree("Home", ri: "form"))["label"]!.isMasked == false)
        #expect(Self.decideEverywhere(t, tree("Other", ri: "Home.form"))["label"]!.isMasked)
        // A dot in a later step's value counts; class names with dots do not.
        let later = table([MaskRule(.unmask, .target(GlobPattern("[root]>UIView:eq(0)>UILabel[ri:a.b]")), recursive: false)], default: .mask)
        let underPlain = build(N("top", "UIView", [N("label", "UILabel", ri: "a.b")]))
        #expect(Self.decideEverywhere(later, underPlain)["label"]!.isMasked)
        let android = table([MaskRule(.unmask, .target(GlobPattern("[root]>android.view.View[ri:form]>android.widget.TextView:eq(0)")))], default: .mask)
        let androidTree = build(N("form", "android.view.View", ri: "form", [N("label", "android.widget.TextView")]))
        #expect(Self.decideEverywhere(android, androidTree)["label"]!.isMasked == false)
    }

    @Test("a mask target naming a screen still matches its text as written without a screen: the ambiguity never unmasks")
    func screenQualifiedMaskStillMasks() {
        let t = table([
            MaskRule(.mask, .target(GlobPattern("UILabel[ai:Home.title]"))),
            MaskRule(.unmask, .type("UILabel")),
        ], default: .unmask)
        for screen in [nil, ""] as [String?] {
            let d = Self.decideEverywhere(t, Self.dottedIdentifierTree(screen: screen))
            #expect(d["label"]!.isMasked)
            #expect(d["label"]!.ruleIndex == 0)
        }
    }

    @Test("which target texts name a screen")
    func namesScreen() {
        for text in ["UILabel[ai:Home.title]", "UILabel[ai:*.x]", "*[ai:a.b", "[root]>UIView[ri:Home.form]>UILabel:eq(0)",
                     "[root]>UIView:eq(0)>UIView[ri:S.x]", "[root]>*[ri:a.*", "android.widget.TextView[ai:Home.title]"] {
            #expect(ReliableTarget.namesScreen(text), "\(text)")
        }
        for text in ["UILabel[ai:title]", "UILabel[ai:*]", "android.widget.TextView[ai:title]", "[root]>UIView[tg:4]>UILabel:eq(0)",
                     "[root]>UIView[ri:form]>android.widget.TextView:eq(0)", "[root]>My.View:eq(0)", "*:eq(1)", "*[tg:*", ""] {
            #expect(ReliableTarget.namesScreen(text) == false, "\(text)")
        }
        #expect(MaskRule(.unmask, .target(GlobPattern("UILabel[ai:Home.title]"))).needsScreen)
        #expect(MaskRule(.mask, .target(GlobPattern("UILabel[ai:Home.title]"))).needsScreen == false)
        #expect(MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("Home.title"))).needsScreen == false)
        let rule = MaskRule(.unmask, .target(GlobPattern("UILabel[ai:Home.title]")))
        #expect(rule.applies(onScreen: nil) == false && rule.applies(onScreen: "") == false)
        #expect(rule.applies(onScreen: "Home") && rule.applies(onScreen: "Other"))
    }

    @Test("the trace names an unmask target that needs a screen as not applied")
    func traceNamesTargetsThatNeedAScreen() {
        let t = table([MaskRule(.unmask, .target(GlobPattern("UILabel[ai:Home.title]")))], default: .mask)
        let built = Self.dottedIdentifierTree(screen: nil)
        let trace = t.trace(built["label"], in: built.tree)
        #expect(trace.needScreen == [0])
        #expect(trace.otherScreens.isEmpty)
        #expect(trace.steps[0].matched.isEmpty)
        #expect(trace.decision.isMasked)
        let scoped = table([MaskRule(.unmask, .target(GlobPattern("UILabel[ai:Home.title]")), screen: "Home")], default: .mask)
        let scopedTrace = scoped.trace(built["label"], in: built.tree)
        #expect(scopedTrace.needScreen.isEmpty && scopedTrace.otherScreens == [0])
        var resolver = ViewResolver(table: t, screen: nil)
        #expect(resolver.matchingRules(built.tree.views[built["label"]], target: "UILabel[ai:Home.title]").isEmpty)
        resolver.setScreen("Home")
        #expect(resolver.matchingRules(built.tree.views[built["label"]], target: "UILabel[ai:Home.title]") == [0])
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
