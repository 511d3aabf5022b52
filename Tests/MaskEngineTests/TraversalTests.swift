import Testing
import MaskEngine

/// MaskingTraversal against DecisionTable.resolve, deep trees, and custom classifiers.
@Suite("Traversal")
struct TraversalTests {
    // MARK: - Same decisions as DecisionTable.resolve

    static let classes = [
        ClassDeclaration("FancyButton", extends: "UIButton"),
        ClassDeclaration("CenteredLabel", extends: "UILabel"),
        ClassDeclaration("OpaqueChart", extends: "UIView", recurse: false),
    ]

    static func handmade(screen: String?) -> Built {
        build(N("root", "UIView", ai: "root", [
            N("header", "UIStackView", ri: "header", [
                N("title", "CenteredLabel"),
                N("close", "FancyButton", tag: 4, [N("closeTitle", "UILabel")]),
                N("close2", "UIButton", [N("close2Title", "UILabel")]),
            ]),
            N("table", "UITableView", [
                N("cell0", "UITableViewCell", id: "cell-0", [N("c0", "UILabel"), N("c0i", "UIImageView")]),
                N("cell1", "UITableViewCell", [N("c1", "UILabel"), N("c1f", "UITextField", contentType: "password")]),
                N("cell2", "UITableViewCell", [N("c2", "UILabel", ai: "price")]),
            ]),
            N("map", "MKMapView", [N("pin", "UIView")]),
            N("chart", "OpaqueChart"),
            N("widget", "Widget", superclasses: ["UIButton", "UIControl", "UIView"], [N("wl", "UILabel")]),
        ]), screen: screen)
    }

    static let handmadeRules: [MaskRule] = [
        MaskRule(.unmask, .type("UIButton")),
        MaskRule(.mask, .type("FancyButton"), recursive: false),
        MaskRule(.unmask, .type("UITableViewCell")),
        MaskRule(.mask, .id(GlobPattern("cell-*"))),
        MaskRule(.unmask, .id(GlobPattern("0.1.1.*"))),
        MaskRule(.mask, .target(GlobPattern("*UITableViewCell:eq(2)"))),
        MaskRule(.unmask, .target(GlobPattern("UILabel[ai:Checkout.price]"))),
        MaskRule(.mask, .tag(4)),
        MaskRule(.unmask, .restorationIdentifier(GlobPattern("header")), recursive: false),
        MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("root")), screen: "Home"),
        MaskRule(.unmask, .type("MKMapView")),
        MaskRule(.mask, .type("UILabel"), screen: "Checkout"),
    ]

    @Test(arguments: ["Checkout", "Home", nil] as [String?])
    func traversalMatchesResolveOnAHandmadeTree(_ screen: String?) {
        for action in [MaskAction.mask, .unmask] {
            let t = table(Self.handmadeRules, default: action, classes: Self.classes)
            let built = Self.handmade(screen: screen)
            let expected = t.resolve(built.tree)
            let actual = traverse(t, built.tree)
            #expect(actual.count == built.tree.count)
            for i in 0..<expected.count {
                #expect(actual[i] == expected[i], "view \(built.index.first { $0.value == i }!.key) on \(String(describing: screen))")
            }
        }
    }

    @Test("one traversal reused across screen changes decides as a fresh resolve on each screen, whether class facts are kept (only instance rules scoped to screens) or dropped (a type rule scoped to a screen)",
          arguments: [true, false])
    func screenChangesKeepOrDropClassFacts(_ withScopedTypeRule: Bool) {
        let rules = withScopedTypeRule ? Self.handmadeRules : Self.handmadeRules.filter { !($0.screen != nil && $0.selector.key == .type) }
        for action in [MaskAction.mask, .unmask] {
            let t = table(rules, default: action, classes: Self.classes)
            #expect(t.classRulesUseScreens == withScopedTypeRule)
            var traversal = MaskingTraversal(table: t)
            for screen in ["Checkout", "Home", nil, "Checkout", "Other", "Home", "Checkout"] as [String?] {
                let built = Self.handmade(screen: screen)
                #expect(walk(&traversal, built.tree) == t.resolve(built.tree), "on \(String(describing: screen)), default \(action)")
            }
        }
    }

    @Test func handmadeTreeDecisionsOnCheckout() {
        // Spot checks that the comparison above is about decisions that vary.
        let t = table(Self.handmadeRules, default: .mask, classes: Self.classes)
        let d = decide(t, Self.handmade(screen: "Checkout"))
        #expect(d["close"]!.level == .instance && d["close"]!.ruleIndex == 7 && d["close"]!.isMasked)
        #expect(d["closeTitle"]!.level == .parentInstance && d["closeTitle"]!.ruleIndex == 7)
        #expect(d["close2"]!.level == .type && d["close2"]!.ruleIndex == 0 && !d["close2"]!.isMasked)
        #expect(d["close2Title"]!.level == .type && d["close2Title"]!.ruleIndex == 11 && d["close2Title"]!.isMasked)
        #expect(d["header"]!.isMasked == false && d["title"]!.level == .type && d["title"]!.ruleIndex == 11)
        #expect(d["cell0"]!.level == .instance && d["cell0"]!.ruleIndex == 3 && d["cell0"]!.isMasked)
        #expect(d["c0"]!.level == .parentInstance && d["c0"]!.ruleIndex == 3)
        #expect(d["c1"]!.level == .instance && d["c1"]!.ruleIndex == 4 && !d["c1"]!.isMasked)
        #expect(d["c1f"]!.isSecure && d["c1f"]!.isMasked, "secure text entry is masked even under an unmask rule")
        #expect(d["cell2"]!.level == .instance && d["cell2"]!.ruleIndex == 5)
        #expect(d["c2"]!.level == .instance && d["c2"]!.ruleIndex == 6 && !d["c2"]!.isMasked)
        #expect(d["map"]!.isMasked && !d["map"]!.emitsChildren)
        #expect(d["chart"]!.emitsChildren == false)
        #expect(d["wl"]!.level == .type && d["wl"]!.ruleIndex == 11)
        #expect(d["root"]!.level == .default)
        let home = decide(t, Self.handmade(screen: "Home"))
        #expect(home["root"]!.level == .instance && !home["root"]!.isMasked)
        #expect(home["wl"]!.level == .parentInstance && home["wl"]!.ruleIndex == 9)
        let none = decide(t, Self.handmade(screen: nil))
        #expect(none["close2Title"]!.level == .parentType && none["close2Title"]!.ruleIndex == 0 && !none["close2Title"]!.isMasked)
    }

    /// A pre-order tree of `count` views with a mix of classes and identifiers.
    static func generated(count: Int, seed: UInt64, screen: String?) -> ViewTree {
        var rng = LCG(state: seed)
        let classNames = ["UIView", "UILabel", "UIButton", "UIStackView", "UITableViewCell", "FancyButton", "CenteredLabel", "MKMapView", "UITextField", "SwiftUI.Text", "Widget", "OpaqueChart"]
        var tree = ViewTree(screen: screen)
        var path: [Int] = []
        for i in 0..<count {
            if i > 0 {
                let pops = rng.next(3) == 0 ? rng.next(path.count) : 0
                path.removeLast(min(pops, path.count - 1))
            }
            let className = classNames[rng.next(classNames.count)]
            let facts = ViewFacts(
                className: className,
                superclasses: className == "Widget" ? (rng.next(2) == 0 ? ["UIButton", "UIControl", "UIView"] : ["UILabel"]) : nil,
                id: rng.next(4) == 0 ? "id\(rng.next(4))" : nil,
                accessibilityIdentifier: rng.next(4) == 0 ? "ai\(rng.next(5))" : nil,
                restorationIdentifier: rng.next(6) == 0 ? "ri\(rng.next(3))" : nil,
                tag: rng.next(3) == 0 ? rng.next(4) : nil,
                isSecureTextEntry: rng.next(10) == 0,
                textContentType: rng.next(10) == 0 ? "oneTimeCode" : nil)
            let index = tree.append(facts, parent: path.last)
            path.append(index)
        }
        return tree
    }

    static func generatedRules(seed: UInt64) -> [MaskRule] {
        var rng = LCG(state: seed)
        let selectors: [ViewSelector] = [
            .type("UIView"), .type("UILabel"), .type("UIButton"), .type("FancyButton"), .type("UIStackView"),
            .type("UITableViewCell"), .type("MKMapView"), .type("UIControl"), .type("CenteredLabel"),
            .id(GlobPattern("id1")), .id(GlobPattern("id*")), .id(GlobPattern("0.0.*")), .id(GlobPattern("0.*.1")), .id(GlobPattern("0.2")),
            .accessibilityIdentifier(GlobPattern("ai2")), .accessibilityIdentifier(GlobPattern("ai*")),
            .restorationIdentifier(GlobPattern("ri1")), .restorationIdentifier(GlobPattern("*2")),
            .tag(1), .tag(2), .tag(0),
            .target(GlobPattern("*UIButton:eq(1)*")), .target(GlobPattern("[root]>UIView:eq(0)>UIStackView*")),
            .target(GlobPattern("UILabel[ai:*")), .target(GlobPattern("*[ri:S1.ri0]*")), .target(GlobPattern("*>UILabel:eq(0)")),
        ]
        var rules: [MaskRule] = []
        for _ in 0..<(6 + rng.next(10)) {
            let selector = selectors[rng.next(selectors.count)]
            let screen: String? = rng.next(4) == 0 ? (rng.next(2) == 0 ? "S1" : "S2") : nil
            rules.append(MaskRule(rng.next(2) == 0 ? .mask : .unmask, selector, recursive: rng.next(3) != 0, screen: screen))
        }
        return rules
    }

    @Test func traversalMatchesResolveOnGeneratedTrees() {
        var levels: Set<PrecedenceLevel> = []
        var masked = 0, unmasked = 0
        for seed in UInt64(1)...40 {
            let rules = Self.generatedRules(seed: seed &* 7919)
            let t = table(rules, default: seed % 2 == 0 ? .mask : .unmask, classes: Self.classes)
            for screen in ["S1", "S2", nil] as [String?] {
                let tree = Self.generated(count: 300, seed: seed &* 104729 &+ 17, screen: screen)
                let expected = t.resolve(tree)
                let actual = traverse(t, tree)
                #expect(actual == expected, "seed \(seed) screen \(String(describing: screen))")
                if actual != expected {
                    if let i = (0..<tree.count).first(where: { actual[$0] != expected[$0] }) {
                        Issue.record("first difference at \(tree.indexPath(of: i)): traversal \(actual[i]) resolve \(expected[i])")
                    }
                }
                for d in expected {
                    levels.insert(d.level)
                    if d.isMasked { masked += 1 } else { unmasked += 1 }
                }
            }
        }
        // Level 0 is the `detect:` safety net's, which works on content, not on facts.
        #expect(levels == Set(PrecedenceLevel.allCases).subtracting([.detector]))
        #expect(masked > 0 && unmasked > 0)
    }

    @Test func oneTraversalReusedAcrossTrees() {
        let t = table(Self.handmadeRules, default: .mask, classes: Self.classes)
        var traversal = MaskingTraversal(table: t)
        for (i, screen) in (["Checkout", "Home", nil, "Checkout"] as [String?]).enumerated() {
            let tree = i % 2 == 0 ? Self.handmade(screen: screen).tree : Self.generated(count: 200, seed: UInt64(i + 5), screen: screen)
            #expect(walk(&traversal, tree) == t.resolve(tree))
        }
    }

    @Test func traversalDepthAndLeave() {
        var traversal = MaskingTraversal(table: table([]))
        #expect(traversal.depth == 0)
        traversal.leave()  // nothing entered: does nothing
        #expect(traversal.depth == 0)
        _ = traversal.enter(ViewFacts(className: "UIView"))
        _ = traversal.enter(ViewFacts(className: "UILabel"))
        #expect(traversal.depth == 2)
        traversal.leave()
        #expect(traversal.depth == 1)
        traversal.reset(screen: "X")
        #expect(traversal.depth == 0)
        #expect(traversal.table.defaultAction == .mask)
    }

    @Test func resolverDecideByHand() {
        // The documented low-level API: decide one view with what its parent handed down.
        let t = table([MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("parent")))])
        var resolver = ViewResolver(table: t)
        let (parent, handed) = resolver.decide(ViewFacts(className: "UIView", accessibilityIdentifier: "parent"), inherited: .root)
        #expect(parent.level == .instance && !parent.isMasked)
        let (child, _) = resolver.decide(ViewFacts(className: "UILabel"), inherited: handed)
        #expect(child.level == .parentInstance && child.ruleIndex == 0 && !child.isMasked)
        let (orphan, _) = resolver.decide(ViewFacts(className: "UILabel"), inherited: .root)
        #expect(orphan.level == .default && orphan.isMasked)
    }

    // MARK: - Deep trees

    static let deep = 100_000
    static let tagged = 60_000
    static let deepTable = table([
        MaskRule(.unmask, .type("UIScrollView")),
        MaskRule(.mask, .tag(9)),
        MaskRule(.unmask, .type("UILabel")),
    ], default: .mask)

    static func deepFacts(_ i: Int) -> ViewFacts {
        if i == 0 { return ViewFacts(className: "UIScrollView") }
        if i == tagged { return ViewFacts(className: "UIView", tag: 9) }
        if i == deep - 1 { return ViewFacts(className: "UILabel") }
        return ViewFacts(className: "UIView")
    }

    static func checkDeep(_ decisions: [MaskDecision]) {
        #expect(decisions.count == deep)
        guard decisions.count == deep else { return }
        #expect(decisions[0].level == .type && decisions[0].ruleIndex == 0 && !decisions[0].isMasked)
        #expect(decisions[1..<tagged].allSatisfy { $0.level == .parentType && $0.ruleIndex == 0 && !$0.isMasked })
        #expect(decisions[tagged].level == .instance && decisions[tagged].ruleIndex == 1 && decisions[tagged].isMasked)
        #expect(decisions[(tagged + 1)...].allSatisfy { $0.level == .parentInstance && $0.ruleIndex == 1 && $0.isMasked })
        #expect(decisions[deep - 1].kind == .text)
    }

    @Test func deepTreeThroughViewTree() {
        var tree = ViewTree(screen: "Deep")
        for i in 0..<Self.deep { tree.append(Self.deepFacts(i), parent: i == 0 ? nil : i - 1) }
        #expect(tree.count == Self.deep)
        #expect(tree.depth(of: Self.deep - 1) == Self.deep - 1)
        let path = tree.indexPath(of: Self.deep - 1)
        #expect(path.split(separator: ".").count == Self.deep)
        Self.checkDeep(Self.deepTable.resolve(tree))
    }

    @Test func deepTreeThroughTraversal() {
        var traversal = MaskingTraversal(table: Self.deepTable, screen: "Deep")
        var decisions: [MaskDecision] = []
        decisions.reserveCapacity(Self.deep)
        for i in 0..<Self.deep { decisions.append(traversal.enter(Self.deepFacts(i))) }
        #expect(traversal.depth == Self.deep)
        for _ in 0..<Self.deep { traversal.leave() }
        #expect(traversal.depth == 0)
        Self.checkDeep(decisions)
    }

    @Test func deepishTreeWithTargetAndIDRules() {
        // Target and id rules make every view carry its path; a 1,000-deep chain with
        // siblings keeps that affordable while exercising both computations deep down.
        let depth = 1_000
        var tree = ViewTree(screen: "S")
        var parent: Int? = nil
        for i in 0..<depth {
            let index = tree.append(ViewFacts(className: i % 3 == 0 ? "UIStackView" : "UIView", tag: i % 50 == 0 ? 7 : nil), parent: parent)
            tree.append(ViewFacts(className: "UILabel"), parent: index)
            tree.append(ViewFacts(className: "UILabel", accessibilityIdentifier: "leaf\(i)"), parent: index)
            parent = index
        }
        let t = table([
            MaskRule(.unmask, .target(GlobPattern("*>UILabel:eq(0)"))),
            MaskRule(.unmask, .target(GlobPattern("UILabel[ai:S.leaf9*]"))),
            MaskRule(.mask, .id(GlobPattern("0.2.2.2.*.0"))),
            MaskRule(.unmask, .id(GlobPattern("*.2.1")), recursive: false),
            MaskRule(.mask, .type("UIStackView"), recursive: false),
            MaskRule(.mask, .target(GlobPattern("*UIView[tg:7]>UIStackView:eq(0)")), screen: "S"),
        ], default: .unmask)
        let expected = t.resolve(tree)
        #expect(traverse(t, tree) == expected)
        #expect(expected.contains { $0.level == .instance && $0.ruleIndex == 0 })
        #expect(expected.contains { $0.level == .instance && $0.ruleIndex == 1 })
        #expect(expected.contains { $0.level == .instance && $0.ruleIndex == 2 })
        #expect(expected.contains { $0.level == .instance && $0.ruleIndex == 5 })
        #expect(expected.contains { $0.level == .parentInstance && $0.ruleIndex == 5 })
    }

    // MARK: - Custom classifiers

    struct MapCanvasClassifier: ViewClassifier {
        func classify(_ view: ViewFacts, frame: inout ViewFrame) -> ViewClassification? {
            switch view.className {
            case "CustomMapCanvas":
                frame = ViewFrame(x: frame.x + 10, y: frame.y + 10, width: 100, height: 50)
                return ViewClassification(kind: .map, recurse: true)
            case "TextBlob":
                return ViewClassification(kind: .text, recurse: false)
            case "PinPad":
                return ViewClassification(kind: .secureText)
            default:
                return nil
            }
        }
    }

    static func classifierTree() -> Built {
        build(N("root", "UIView", [
            N("canvas", "CustomMapCanvas", [N("overlay", "UILabel")]),
            N("blob", "TextBlob", [N("blobChild", "UIView")]),
            N("pad", "PinPad"),
            N("label", "UILabel"),
        ]))
    }

    @Test func classifierChangesKindToMap() {
        let t = table([MaskRule(.unmask, .type("UIView"))], default: .unmask)
        let built = Self.classifierTree()
        let plain = t.resolve(built.tree)
        let classified = traverse(t, built.tree, classifier: MapCanvasClassifier())
        let canvas = classified[built["canvas"]]
        #expect(plain[built["canvas"]].isMasked == false)
        #expect(plain[built["canvas"]].kind == .other)
        #expect(canvas.kind == .map)
        #expect(canvas.isMasked)
        #expect(canvas.isForcedByKind)
        #expect(canvas.emitsChildren == false)
        #expect(canvas.level == plain[built["canvas"]].level)
        #expect(canvas.ruleIndex == plain[built["canvas"]].ruleIndex)
        // Views the classifier leaves alone keep the engine's decision.
        for name in ["root", "overlay", "label", "blobChild"] {
            #expect(classified[built[name]] == plain[built[name]], "\(name)")
        }
    }

    @Test func classifierDoesNotChangeMaskingExceptForMapsAndSecureText() {
        for action in [MaskAction.mask, .unmask] {
            let t = table([], default: action)
            let built = Self.classifierTree()
            let d = traverse(t, built.tree, classifier: MapCanvasClassifier())
            let blob = d[built["blob"]]
            #expect(blob.kind == .text)
            #expect(blob.emitsChildren == false)
            #expect(blob.isMasked == (action == .mask))
            let pad = d[built["pad"]]
            #expect(pad.kind == .secureText)
            #expect(pad.isSecure)
            #expect(pad.isMasked, "secure text entry is never unmasked")
            #expect(d[built["canvas"]].isMasked)
        }
    }

    @Test func classifierAdjustsTheFrame() {
        var traversal = MaskingTraversal(table: table([]), classifier: MapCanvasClassifier())
        var frame = ViewFrame(x: 5, y: 6, width: 300, height: 200)
        let decision = traversal.enter(ViewFacts(className: "CustomMapCanvas"), frame: &frame)
        #expect(decision.kind == .map)
        #expect(frame == ViewFrame(x: 15, y: 16, width: 100, height: 50))
        var untouched = ViewFrame(x: 1, y: 2, width: 3, height: 4)
        _ = traversal.enter(ViewFacts(className: "UILabel"), frame: &untouched)
        #expect(untouched == ViewFrame(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func applyingAClassification() {
        let base = MaskDecision(isMasked: false, level: .type, ruleIndex: 2, kind: .text, isSecure: false, emitsChildren: true)
        let facts = ViewFacts(className: "X")
        let map = base.applying(ViewClassification(kind: .map), facts: facts)
        #expect(map.isMasked && map.kind == .map && !map.emitsChildren && map.level == .type && map.ruleIndex == 2)
        let image = base.applying(ViewClassification(kind: .image, recurse: false), facts: facts)
        #expect(!image.isMasked && image.kind == .image && !image.emitsChildren)
        let secure = base.applying(ViewClassification(kind: .text), facts: ViewFacts(className: "X", textContentType: "creditCardNumber"))
        #expect(secure.isSecure && secure.isMasked && secure.emitsChildren)
        // A classifier never makes a secure view less secure.
        let stillSecure = MaskDecision(isMasked: true, level: .default, ruleIndex: nil, kind: .secureText, isSecure: true, emitsChildren: true)
            .applying(ViewClassification(kind: .text), facts: facts)
        #expect(stillSecure.isSecure && stillSecure.isMasked)
        #expect(ViewClassification(kind: .other).recurse)
    }
}
