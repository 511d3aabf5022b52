import MaskTestSupport
import Testing
@testable import MaskEngine

/// The short-form filter skips spelling out and looking up `Class[ai:...]` for views
/// whose identifier appears in no exact target: the decisions must be those of the
/// reference resolver, which spells every target out, whatever the identifiers, screens
/// and class names (including class names that start with `[`, as a path does).
@Suite("Short-form filter")
struct ShortFormFilterTests {
    @Test func tailsAreTheIdentifierAndEachPartAfterADot() {
        #expect(ShortFormFilter.tails(of: "UIButton[ai:Sales.on_sale]") == ["Sales.on_sale", "on_sale"])
        #expect(ShortFormFilter.tails(of: "UILabel[ai:x]") == ["x"])
        #expect(ShortFormFilter.tails(of: "UILabel[ai:a.b.c]") == ["a.b.c", "b.c", "c"])
        // A class name may hold `[ai:` too: both readings are kept.
        #expect(ShortFormFilter.tails(of: "W[ai:q][ai:Home.t]") == ["q][ai:Home.t", "t", "Home.t", "t"])
        #expect(ShortFormFilter.tails(of: "UILabel[ai:x") == [])
        #expect(ShortFormFilter.tails(of: "UILabel") == [])
    }

    @Test func theFilterSaysWhichIdentifiersCouldMatch() {
        let exact = ShortFormFilter(targets: [GlobPattern("UIButton[ai:Sales.on_sale]"), GlobPattern("[root]>UIView[ai:p]")])
        #expect(exact.couldMatch(identifier: "on_sale"))
        #expect(exact.couldMatch(identifier: "Sales.on_sale"))
        #expect(!exact.couldMatch(identifier: "sale"))
        #expect(!exact.couldMatch(identifier: "on_salf"), "a tail's length, not a tail")
        #expect(exact.couldMatch(identifierLength: 7) && exact.couldMatch(identifierLength: 13))
        #expect(!exact.couldMatch(identifierLength: 8) && !exact.couldMatch(identifierLength: 0))
        #expect(!exact.couldMatch(identifier: "p"), "a target starting with `[` is left to the full lookup")
        let globbed = ShortFormFilter(targets: [GlobPattern("UIButton[ai:*]")])
        #expect(globbed.couldMatch(identifier: "anything"))
        #expect(globbed.couldMatch(identifierLength: 99))
        let long = ShortFormFilter(targets: [GlobPattern("UILabel[ai:" + String(repeating: "x", count: 70) + "]")])
        #expect(long.couldMatch(identifierLength: 63) && long.couldMatch(identifierLength: 200), "63 bytes and more share one bit")
        #expect(long.couldMatch(identifier: String(repeating: "x", count: 70)))
        #expect(!long.couldMatch(identifier: String(repeating: "x", count: 71)))
        let pathGlob = ShortFormFilter(targets: [GlobPattern("[root]>*")])
        #expect(!pathGlob.couldMatch(identifier: "anything"), "a glob starting with `[` matches only class names starting with `[`")
        #expect(ShortFormFilter.classNeedsLookup("[root]>UIView"))
        #expect(!ShortFormFilter.classNeedsLookup("UIView"))
    }

    @Test func pathFormsMatterOnlyWhenAPathFormOrIndexPathCanMatch() {
        func matchesPathForms(_ rules: [MaskRule]) -> Bool? {
            ViewResolver(table: DecisionTable(policy: MaskingPolicy(default: .mask, rules: rules))).paths?.matchesPathForms
        }
        let short = MaskRule(.unmask, .target(GlobPattern("UIButton[ai:Sales.on_sale]")))
        #expect(matchesPathForms([short]) == false, "short forms only: no path state per view")
        #expect(matchesPathForms([MaskRule(.unmask, .target(GlobPattern("UIButton[ai:*]")))]) == false)
        #expect(matchesPathForms([short, MaskRule(.mask, .target(GlobPattern("[root]>UIView:eq(0)")))]) == true)
        #expect(matchesPathForms([short, MaskRule(.mask, .target(GlobPattern("[root]>*")))]) == true)
        #expect(matchesPathForms([short, MaskRule(.mask, .target(GlobPattern("*:eq(1)")))]) == true)
        #expect(matchesPathForms([short, MaskRule(.mask, .id(GlobPattern("0.1")))]) == true, "index paths")
        #expect(matchesPathForms([MaskRule(.mask, .type("UILabel"))]) == nil, "no path matcher at all")
    }

    static let identifiers = ["on_sale", "sale", "Sales.on_sale", "a.b", "b", "a", "Home.a.b", "x.", ".x", "", "é.ü"]
    static let classes = ["UIButton", "UILabel", "MyApp.Row", "[root]>UIView", "[x", "UIView"]
    static let screens: [String?] = ["Sales", "Home", "a", nil, ""]

    @Test("decisions with exact short-form targets equal the reference resolver's", arguments: 0..<40)
    func agreesWithTheReference(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 91)
        var rules: [MaskRule] = []
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            let className = Self.classes.randomElement(using: &rng)!
            let identifier = Self.identifiers.randomElement(using: &rng)!
            let screen = Self.screens.randomElement(using: &rng)!
            let value = screen.map { "\($0).\(identifier)" } ?? identifier
            let action: MaskAction = Bool.random(using: &rng) ? .mask : .unmask
            rules.append(MaskRule(action, .target(GlobPattern("\(className)[ai:\(value)]"))))
        }
        if seed % 4 == 0 { rules.append(MaskRule(.unmask, .target(GlobPattern("[root]>UIView[ai:a]")))) }
        if seed % 5 == 0 { rules.append(MaskRule(.unmask, .target(GlobPattern("[root]>*")))) }
        let policy = MaskingPolicy(default: Bool.random(using: &rng) ? .mask : .unmask, rules: rules)
        let table = DecisionTable(policy: policy)
        let reference = ReferenceResolver(policy: policy)
        var traversal = MaskingTraversal(table: table)
        for screen in Self.screens {
            var tree = ViewTree(screen: screen)
            // Pre-order: each view's parent is on the path from the root to the view before it.
            var path: [Int] = []
            for _ in 0..<40 {
                let facts = ViewFacts(className: Self.classes.randomElement(using: &rng)!,
                                      accessibilityIdentifier: Bool.random(using: &rng) ? Self.identifiers.randomElement(using: &rng)! : nil)
                if !path.isEmpty { path.removeLast(Int.random(in: 0..<path.count, using: &rng)) }
                path.append(tree.append(facts, parent: path.last))
            }
            let expected = reference.resolve(tree)
            // Twice through one traversal: the second walk reads what the first remembered.
            for pass in 0..<2 {
                let walked = walk(&traversal, tree)
                let first = expected.indices.first { walked[$0] != expected[$0] }
                #expect(first == nil, "seed \(seed), screen \(screen ?? "nil"), pass \(pass): first difference at view \(first ?? -1)")
            }
            #expect(table.resolve(tree) == expected, "seed \(seed), screen \(screen ?? "nil"): resolve")
        }
    }
}
