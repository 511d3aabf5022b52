import Testing
import MaskEngine

/// The five levels of the priority table, their order, and the tie-breaks.
@Suite("Precedence levels")
struct PrecedenceTests {
    /// root (UIView, ai "root") > container (UIStackView, ai "container", id "cont", ri "c", tag 3)
    ///   > label (UILabel, ai "label", id "lbl", tag 7) > inner (UIView) ; sibling (UIView) under root.
    static func sample(screen: String? = nil) -> Built {
        build(
            N("root", "UIView", ai: "root", [
                N("container", "UIStackView", id: "cont", ai: "container", ri: "c", tag: 3, [
                    N("label", "UILabel", id: "lbl", ai: "label", tag: 7, [
                        N("inner", "UIView"),
                    ]),
                    N("button", "UIButton"),
                ]),
                N("sibling", "UIView"),
            ]), screen: screen)
    }

    // MARK: - Level 1

    @Test func level1InstanceRuleDecidesTheViewItself() {
        let d = decide(table([MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("label")))]), Self.sample())
        #expect(d["label"]!.isMasked == false)
        #expect(d["label"]!.level == .instance)
        #expect(d["label"]!.ruleIndex == 0)
        #expect(d["root"]!.level == .default)
        #expect(d["root"]!.isMasked)
        #expect(d["root"]!.ruleIndex == nil)
        #expect(d["container"]!.level == .default)
    }

    @Test func level1BeatsLevel2() {
        let d = decide(table([
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("container"))),
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("label"))),
        ], default: .unmask), Self.sample())
        #expect(d["container"]! .level == .instance)
        #expect(d["container"]!.isMasked == false)
        #expect(d["label"]!.level == .instance)
        #expect(d["label"]!.ruleIndex == 1)
        #expect(d["label"]!.isMasked)
        // The label's own recursive rule reaches its child at level 2.
        #expect(d["inner"]!.level == .parentInstance)
        #expect(d["inner"]!.ruleIndex == 1)
        #expect(d["inner"]!.isMasked)
        #expect(d["button"]!.level == .parentInstance)
        #expect(d["button"]!.ruleIndex == 0)
        #expect(d["button"]!.isMasked == false)
    }

    @Test func level1BeatsLevel3() {
        let d = decide(table([
            MaskRule(.mask, .type("UILabel")),
            MaskRule(.unmask, .tag(7)),
        ], default: .mask), Self.sample())
        #expect(d["label"]!.level == .instance)
        #expect(d["label"]!.ruleIndex == 1)
        #expect(d["label"]!.isMasked == false)
    }

    // MARK: - Level 2

    @Test func level2NamesTheAncestorsRule() {
        let t = table([MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("container")))])
        let d = decide(t, Self.sample())
        for name in ["label", "inner", "button"] {
            #expect(d[name]!.level == .parentInstance, "\(name)")
            #expect(d[name]!.ruleIndex == 0, "\(name)")
            #expect(d[name]!.isMasked == false, "\(name)")
            #expect(t.rule(for: d[name]!)?.selector == .accessibilityIdentifier(GlobPattern("container")))
        }
        #expect(d["sibling"]!.level == .default)
        #expect(d["sibling"]!.isMasked)
    }

    @Test func level2TakesTheNearestAncestor() {
        let d = decide(table([
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("root"))),
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("container"))),
        ], default: .mask), Self.sample())
        #expect(d["label"]!.level == .parentInstance)
        #expect(d["label"]!.ruleIndex == 1)
        #expect(d["label"]!.isMasked == false)
        #expect(d["inner"]!.ruleIndex == 1)
        #expect(d["inner"]!.isMasked == false)
        #expect(d["sibling"]!.level == .parentInstance)
        #expect(d["sibling"]!.ruleIndex == 0)
        #expect(d["sibling"]!.isMasked)
    }

    @Test func level2BeatsLevel3() {
        let d = decide(table([
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("container"))),
            MaskRule(.mask, .type("UILabel")),
        ], default: .mask), Self.sample())
        #expect(d["label"]!.level == .parentInstance)
        #expect(d["label"]!.ruleIndex == 0)
        #expect(d["label"]!.isMasked == false)
    }

    @Test func level2BeatsANearerLevel4Ancestor() {
        // The stack view (recursive type rule) is nearer to the label than the root
        // (recursive instance rule), but level 2 is consulted first.
        let d = decide(table([
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("root"))),
            MaskRule(.mask, .type("UIStackView")),
        ], default: .mask), Self.sample())
        #expect(d["container"]!.level == .parentInstance)
        #expect(d["label"]!.level == .parentInstance)
        #expect(d["label"]!.ruleIndex == 0)
        #expect(d["label"]!.isMasked == false)
        #expect(d["button"]!.level == .parentInstance)
        #expect(d["button"]!.isMasked == false)
    }

    // MARK: - Level 3

    @Test func level3TypeRuleOnOwnClass() {
        let d = decide(table([MaskRule(.unmask, .type("UILabel"))]), Self.sample())
        #expect(d["label"]!.level == .type)
        #expect(d["label"]!.ruleIndex == 0)
        #expect(d["label"]!.isMasked == false)
        #expect(d["button"]!.level == .default)
    }

    @Test func level3BeatsLevel4() {
        let d = decide(table([
            MaskRule(.unmask, .type("UIStackView")),
            MaskRule(.mask, .type("UILabel")),
        ], default: .mask), Self.sample())
        #expect(d["container"]!.level == .type)
        #expect(d["container"]!.isMasked == false)
        #expect(d["label"]!.level == .type)
        #expect(d["label"]!.ruleIndex == 1)
        #expect(d["label"]!.isMasked)
        #expect(d["button"]!.level == .parentType)
        #expect(d["button"]!.ruleIndex == 0)
        #expect(d["button"]!.isMasked == false)
        // The label's own recursive type rule is the nearer one for its child.
        #expect(d["inner"]!.level == .parentType)
        #expect(d["inner"]!.ruleIndex == 1)
        #expect(d["inner"]!.isMasked)
    }

    @Test func level3MostSpecificClassFirst() {
        let classes = [ClassDeclaration("FancyButton", extends: "UIButton")]
        let rules = [
            MaskRule(.mask, .type("UIButton")),
            MaskRule(.unmask, .type("FancyButton")),
            MaskRule(.mask, .type("UIView")),
            MaskRule(.unmask, .type("UIControl")),
        ]
        let built = build(N("root", "UIView", [
            N("fancy", "FancyButton"),
            N("plain", "UIButton"),
            N("switch", "UISwitch"),
            N("label", "UILabel"),
        ]))
        let d = decide(table(rules, default: .unmask, classes: classes), built)
        #expect(d["fancy"]!.level == .type)
        #expect(d["fancy"]!.ruleIndex == 1)
        #expect(d["fancy"]!.isMasked == false)
        #expect(d["plain"]!.ruleIndex == 0)
        #expect(d["plain"]!.isMasked)
        #expect(d["switch"]!.ruleIndex == 3)
        #expect(d["switch"]!.isMasked == false)
        #expect(d["label"]!.ruleIndex == 2)
        #expect(d["label"]!.isMasked)
    }

    @Test func level3MostSpecificClassWinsWhateverTheSourceOrder() {
        let built = build(N("label", "UILabel"))
        let a = decide(table([MaskRule(.unmask, .type("UILabel")), MaskRule(.mask, .type("UIView"))]), built)
        let b = decide(table([MaskRule(.mask, .type("UIView")), MaskRule(.unmask, .type("UILabel"))]), built)
        #expect(a["label"]!.isMasked == false)
        #expect(a["label"]!.ruleIndex == 0)
        #expect(b["label"]!.isMasked == false)
        #expect(b["label"]!.ruleIndex == 1)
    }

    @Test func typeRuleOnSuperclassCoversSubclasses() {
        let classes = [ClassDeclaration("FancyButton", extends: "UIButton")]
        let built = build(N("root", "UIView", [
            N("button", "UIButton", [N("title", "UILabel")]),
            N("fancy", "FancyButton"),
            N("nodeGiven", "MyButton", superclasses: ["UIButton", "UIControl", "UIView"]),
            N("control", "UIControl"),
            N("field", "UITextField"),
        ]))
        let d = decide(table([MaskRule(.unmask, .type("UIButton"))], classes: classes), built)
        for name in ["button", "fancy", "nodeGiven"] {
            #expect(d[name]!.level == .type, "\(name)")
            #expect(d[name]!.isMasked == false, "\(name)")
            #expect(d[name]!.ruleIndex == 0, "\(name)")
        }
        // `unmask type UIButton` also unmasks the button's title label child (level 4).
        #expect(d["title"]!.level == .parentType)
        #expect(d["title"]!.ruleIndex == 0)
        #expect(d["title"]!.isMasked == false)
        // Not the superclass, nor a sibling class.
        #expect(d["control"]!.level == .default)
        #expect(d["control"]!.isMasked)
        #expect(d["field"]!.isMasked)

        let wide = decide(table([MaskRule(.unmask, .type("UIControl"))]), build(N("root", "UIView", [
            N("field", "UISearchTextField"), N("button", "UIButton"), N("label", "UILabel"),
        ])))
        #expect(wide["field"]!.isMasked == false)
        #expect(wide["field"]!.level == .type)
        #expect(wide["button"]!.isMasked == false)
        #expect(wide["label"]!.isMasked)
    }

    // MARK: - Level 4

    @Test func level4TakesTheNearestTypeMatchedAncestor() {
        let built = build(N("table", "UITableView", [
            N("cell", "UITableViewCell", [N("cellLabel", "UILabel")]),
            N("tableLabel", "UILabel"),
        ]))
        let d = decide(table([
            MaskRule(.mask, .type("UITableView")),
            MaskRule(.unmask, .type("UITableViewCell")),
        ], default: .unmask), built)
        #expect(d["cellLabel"]!.level == .parentType)
        #expect(d["cellLabel"]!.ruleIndex == 1)
        #expect(d["cellLabel"]!.isMasked == false)
        #expect(d["tableLabel"]!.level == .parentType)
        #expect(d["tableLabel"]!.ruleIndex == 0)
        #expect(d["tableLabel"]!.isMasked)
    }

    @Test func level4UsesTheAncestorsMostSpecificRecursiveTypeRule() {
        let classes = [ClassDeclaration("FancyButton", extends: "UIButton")]
        let built = build(N("root", "UIView", [
            N("fancy", "FancyButton", [N("fancyTitle", "UILabel")]),
            N("plain", "UIButton", [N("plainTitle", "UILabel")]),
        ]))
        let d = decide(table([
            MaskRule(.mask, .type("UIButton")),
            MaskRule(.unmask, .type("FancyButton")),
        ], default: .mask, classes: classes), built)
        #expect(d["fancyTitle"]!.level == .parentType)
        #expect(d["fancyTitle"]!.ruleIndex == 1)
        #expect(d["fancyTitle"]!.isMasked == false)
        #expect(d["plainTitle"]!.level == .parentType)
        #expect(d["plainTitle"]!.ruleIndex == 0)
        #expect(d["plainTitle"]!.isMasked)
    }

    @Test func level4SkipsANonRecursiveSpecificRuleForTheRecursiveOne() {
        let classes = [ClassDeclaration("FancyButton", extends: "UIButton")]
        let built = build(N("fancy", "FancyButton", [N("title", "UILabel")]))
        let d = decide(table([
            MaskRule(.unmask, .type("FancyButton"), recursive: false),
            MaskRule(.mask, .type("UIButton")),
        ], default: .unmask, classes: classes), built)
        #expect(d["fancy"]!.level == .type)
        #expect(d["fancy"]!.ruleIndex == 0)
        #expect(d["fancy"]!.isMasked == false)
        #expect(d["title"]!.level == .parentType)
        #expect(d["title"]!.ruleIndex == 1)
        #expect(d["title"]!.isMasked)
    }

    @Test func level4SkipsAnAncestorWithOnlyNonRecursiveTypeRules() {
        let built = build(N("table", "UITableView", [
            N("cell", "UITableViewCell", [N("label", "UILabel")]),
        ]))
        let d = decide(table([
            MaskRule(.unmask, .type("UITableView")),
            MaskRule(.mask, .type("UITableViewCell"), recursive: false),
        ], default: .mask), built)
        #expect(d["cell"]!.level == .type)
        #expect(d["cell"]!.isMasked)
        #expect(d["label"]!.level == .parentType)
        #expect(d["label"]!.ruleIndex == 0)
        #expect(d["label"]!.isMasked == false)
    }

    // MARK: - Level 5

    @Test(arguments: [MaskAction.mask, .unmask])
    func level5Default(_ action: MaskAction) {
        let d = decide(table([MaskRule(.mask, .type("UISwitch")), MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("nothing")))], default: action), Self.sample())
        for name in ["root", "container", "label", "inner", "button", "sibling"] {
            #expect(d[name]!.level == .default)
            #expect(d[name]!.ruleIndex == nil)
            #expect(d[name]!.isMasked == (action == .mask))
        }
    }

    @Test func emptyPolicyMasksEverything() {
        let t = DecisionTable(policy: MaskingPolicy())
        let decisions = t.resolve(Self.sample().tree)
        #expect(decisions.count == 6)
        #expect(decisions.allSatisfy { $0.isMasked && $0.level == .default && $0.ruleIndex == nil })
    }

    // MARK: - Tie-breaks

    @Test func level1DisagreementMaskWinsNamingFirstMaskRule() {
        let t = table([
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("label"))),
            MaskRule(.unmask, .tag(7)),
            MaskRule(.mask, .id(GlobPattern("lbl"))),
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("lab*"))),
        ], default: .unmask)
        let d = decide(t, Self.sample())
        #expect(d["label"]!.level == .instance)
        #expect(d["label"]!.isMasked)
        #expect(d["label"]!.ruleIndex == 2)
    }

    @Test func level1DisagreementGlobBeforeExact() {
        // The first mask rule in source order is named even when it is a glob and a
        // later mask rule is exact.
        let t = table([
            MaskRule(.unmask, .id(GlobPattern("lbl"))),
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("*abel"))),
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("label"))),
        ], default: .unmask)
        let d = decide(t, Self.sample())
        #expect(d["label"]!.isMasked)
        #expect(d["label"]!.ruleIndex == 1)
    }

    @Test func level1AgreementNamesFirstRule() {
        let t = table([
            MaskRule(.mask, .type("UILabel")),
            MaskRule(.unmask, .tag(7)),
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("label"))),
        ], default: .mask)
        let d = decide(t, Self.sample())
        #expect(d["label"]!.isMasked == false)
        #expect(d["label"]!.ruleIndex == 1)
    }

    @Test func level2DisagreementOnTheSameAncestorMaskWins() {
        let t = table([
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("container"))),
            MaskRule(.mask, .restorationIdentifier(GlobPattern("c"))),
            MaskRule(.mask, .tag(3)),
        ], default: .unmask)
        let d = decide(t, Self.sample())
        #expect(d["container"]!.level == .instance)
        #expect(d["container"]!.ruleIndex == 1)
        #expect(d["container"]!.isMasked)
        for name in ["label", "inner", "button"] {
            #expect(d[name]!.level == .parentInstance, "\(name)")
            #expect(d[name]!.ruleIndex == 1, "\(name)")
            #expect(d[name]!.isMasked, "\(name)")
        }
    }

    @Test func level2NonRecursiveMaskDoesNotReachChildren() {
        // On the container itself mask wins the tie; its children only see the
        // recursive unmask rule.
        let t = table([
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("container")), recursive: false),
            MaskRule(.unmask, .id(GlobPattern("cont"))),
        ], default: .mask)
        let d = decide(t, Self.sample())
        #expect(d["container"]!.level == .instance)
        #expect(d["container"]!.ruleIndex == 0)
        #expect(d["container"]!.isMasked)
        #expect(d["button"]!.level == .parentInstance)
        #expect(d["button"]!.ruleIndex == 1)
        #expect(d["button"]!.isMasked == false)
    }

    @Test func level3DisagreementOnTheSameClassMaskWins() {
        let t = table([
            MaskRule(.unmask, .type("UILabel")),
            MaskRule(.mask, .type("UILabel")),
            MaskRule(.mask, .type("UILabel")),
            MaskRule(.unmask, .type("UILabel")),
        ], default: .unmask)
        let d = decide(t, Self.sample())
        #expect(d["label"]!.level == .type)
        #expect(d["label"]!.ruleIndex == 1)
        #expect(d["label"]!.isMasked)
    }

    @Test func level3AgreementNamesFirstRule() {
        let t = table([
            MaskRule(.unmask, .type("UIView")),
            MaskRule(.unmask, .type("UILabel")),
            MaskRule(.unmask, .type("UILabel")),
        ], default: .mask)
        let d = decide(t, Self.sample())
        #expect(d["label"]!.ruleIndex == 1)
        #expect(d["label"]!.isMasked == false)
    }

    @Test func level4DisagreementOnTheSameAncestorMaskWins() {
        let t = table([
            MaskRule(.unmask, .type("UIStackView")),
            MaskRule(.mask, .type("UIStackView")),
        ], default: .unmask)
        let d = decide(t, Self.sample())
        #expect(d["container"]!.level == .type)
        #expect(d["container"]!.ruleIndex == 1)
        #expect(d["button"]!.level == .parentType)
        #expect(d["button"]!.ruleIndex == 1)
        #expect(d["button"]!.isMasked)
    }

    @Test func level4NonRecursiveMaskOnTheAncestorDoesNotReachChildren() {
        let t = table([
            MaskRule(.mask, .type("UIStackView"), recursive: false),
            MaskRule(.unmask, .type("UIStackView")),
        ], default: .mask)
        let d = decide(t, Self.sample())
        #expect(d["container"]!.level == .type)
        #expect(d["container"]!.ruleIndex == 0)
        #expect(d["container"]!.isMasked)
        #expect(d["button"]!.level == .parentType)
        #expect(d["button"]!.ruleIndex == 1)
        #expect(d["button"]!.isMasked == false)
    }

    // MARK: - recursive: false

    @Test func nonRecursiveInstanceRuleDecidesOnlyTheView() {
        let t = table([MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("container")), recursive: false)])
        let d = decide(t, Self.sample())
        #expect(d["container"]!.level == .instance)
        #expect(d["container"]!.isMasked == false)
        for name in ["label", "inner", "button"] {
            #expect(d[name]!.level == .default, "\(name)")
            #expect(d[name]!.isMasked, "\(name)")
        }
    }

    @Test func nonRecursiveTypeRuleDecidesOnlyTheView() {
        let t = table([MaskRule(.unmask, .type("UIStackView"), recursive: false)])
        let d = decide(t, Self.sample())
        #expect(d["container"]!.level == .type)
        #expect(d["container"]!.isMasked == false)
        #expect(d["button"]!.level == .default)
        #expect(d["button"]!.isMasked)
        #expect(d["label"]!.level == .default)
    }

    @Test func nonRecursiveRuleOnANearerAncestorDoesNotHideAFartherRecursiveOne() {
        let t = table([
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("root"))),
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("container")), recursive: false),
        ], default: .unmask)
        let d = decide(t, Self.sample())
        #expect(d["container"]!.isMasked == false)
        #expect(d["container"]!.ruleIndex == 1)
        #expect(d["button"]!.level == .parentInstance)
        #expect(d["button"]!.ruleIndex == 0)
        #expect(d["button"]!.isMasked)
    }

    @Test func aViewsOwnRulesReachBelowItAgain() {
        // "Masking is applied recursively to all children unless a specific rule has
        // been applied to one of them. In this case the rule will again be applied recursively."
        let t = table([
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("root"))),
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("label"))),
        ], default: .unmask)
        let d = decide(t, Self.sample())
        #expect(d["inner"]!.isMasked)
        #expect(d["inner"]!.ruleIndex == 1)
        #expect(d["button"]!.isMasked == false)
        #expect(d["button"]!.ruleIndex == 0)
    }

    // MARK: - The table

    @Test func priorityOrderListsInstanceThenTypeMaskBeforeUnmaskThenSourceOrder() {
        let t = table([
            MaskRule(.unmask, .type("A")),                       // 0
            MaskRule(.mask, .type("B")),                         // 1
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("x"))), // 2
            MaskRule(.mask, .tag(3)),                            // 3
            MaskRule(.mask, .id(GlobPattern("y"))),              // 4
            MaskRule(.unmask, .target(GlobPattern("z"))),        // 5
            MaskRule(.mask, .type("C")),                         // 6
        ])
        #expect(t.priorityOrder == [3, 4, 2, 5, 1, 6, 0])
    }

    @Test func ruleForDecisionNamesTheRule() {
        let rule = MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("label")), reason: "safe", origin: RuleOrigin(file: "p.yaml", line: 3, column: 5))
        let t = table([MaskRule(.mask, .type("UIButton")), rule])
        let d = decide(t, Self.sample())
        #expect(t.rule(for: d["label"]!) == rule)
        #expect(t.rule(for: d["label"]!)?.origin?.description == "p.yaml:3:5")
        #expect(t.rule(for: d["root"]!) == nil)
    }

    @Test func levelsAreOrderedAndNamed() {
        #expect(PrecedenceLevel.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(PrecedenceLevel.detector < .instance)
        #expect(PrecedenceLevel.instance < .parentInstance)
        #expect(PrecedenceLevel.parentType < .default)
        #expect(PrecedenceLevel.allCases.map(\.title) == ["detector", "instance", "parent instance", "type", "parent type", "default"])
        #expect(MaskRule(.mask, .type("UIView")).ownLevel == .type)
        #expect(MaskRule(.mask, .tag(1)).ownLevel == .instance)
        #expect(MaskRule(.mask, .target(GlobPattern("*"))).ownLevel == .instance)
    }
}
