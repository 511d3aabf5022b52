import MaskTestSupport
import Testing
@testable import MaskEngine

/// The resolver works out a class's facts from per-name chain steps it remembers
/// (``ViewResolver/computeClassFacts(_:)``); the catalog's own walk
/// (``ViewResolver/classFactsFromCatalog(_:)``) is the reference. The two must agree on
/// every class: catalog classes, policy classes extending them, module-qualified names
/// answering to simple names, cycles, chains past the limit, chains views bring, type
/// and kind rules scoped to screens, on every screen, however the steps were met.
@Suite("Chain steps")
struct ChainStepTests {
    static func same(_ a: ClassFacts, _ b: ClassFacts) -> Bool {
        a.kind == b.kind && a.recurses == b.recurses && a.chainCut == b.chainCut && a.typeRule == b.typeRule
            && a.recursiveTypeRule == b.recursiveTypeRule && a.defaultState == b.defaultState
            && a.typeLock == b.typeLock && a.recursiveTypeLock == b.recursiveTypeLock
    }

    static let builtin = ["UIView", "UILabel", "UIButton", "UITextField", "UIScrollView", "UIImageView", "MKMapView",
                          "android.widget.TextView", "android.widget.EditText", "android.view.ViewGroup", "SwiftUI.Text"]

    @Test("the remembered steps give the catalog walk's class facts", arguments: 0..<30)
    func stepsAgreeWithTheCatalog(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 7_001)
        // Policy classes: chains over the built-in ones, a cycle, a chain past the limit,
        // simple names, a redeclared built-in.
        var classes: [ClassDeclaration] = []
        let kinds: [ViewKind?] = [nil, nil, .text, .image, .map, .other]
        for index in 0..<12 {
            let parent = Bool.random(using: &rng) ? Self.builtin.randomElement(using: &rng)! : "Custom\(Int.random(in: 0..<12, using: &rng))"
            classes.append(ClassDeclaration("Custom\(index)", extends: parent == "Custom\(index)" ? "UIView" : parent,
                                            kind: kinds.randomElement(using: &rng)!, recurse: [nil, nil, false, true].randomElement(using: &rng)!))
        }
        classes.append(ClassDeclaration("LoopA", extends: "LoopB"))
        classes.append(ClassDeclaration("LoopB", extends: "LoopA"))
        for index in 0..<(TypeCatalog.maximumChainLength + 5) {
            classes.append(ClassDeclaration("Long\(index)", extends: index == TypeCatalog.maximumChainLength + 4 ? "UILabel" : "Long\(index + 1)"))
        }
        classes.append(ClassDeclaration("PrimaryButton", extends: "UIButton"))
        // Inputs named for secure entry: undeclared, declared without a kind, given one.
        classes.append(ClassDeclaration("SecretField", extends: "UITextField"))
        classes.append(ClassDeclaration("PasswordHintField", extends: "UITextField", kind: .text))
        if seed % 3 == 0 { classes.append(ClassDeclaration("UILabel", kind: .image)) }
        let names = Self.builtin + (0..<12).map { "Custom\($0)" } + ["LoopA", "Long0", "Long3", "MyApp.PrimaryButton", "PrimaryButton",
                                                                     "MyApp.Custom3", "Unknown", "Other.UILabel",
                                                                     "PasswordEditText", "SecretField", "PasswordHintField", "OTPTextField"]
        var rules: [MaskRule] = []
        for _ in 0..<Int.random(in: 0...10, using: &rng) {
            let selector: ViewSelector = Int.random(in: 0..<4, using: &rng) == 0
                ? .kind([.text, .input, .image, .map, .other].randomElement(using: &rng)!)
                : .type(names.randomElement(using: &rng)!.split(separator: ".").last.map(String.init)!)
            rules.append(MaskRule(Bool.random(using: &rng) ? .mask : .unmask, selector, recursive: Bool.random(using: &rng),
                                  screen: Int.random(in: 0..<4, using: &rng) == 0 ? "Settings" : nil))
        }
        let table = DecisionTable(policy: MaskingPolicy(default: Bool.random(using: &rng) ? .mask : .unmask, classes: classes, rules: rules))
        var resolver = ViewResolver(table: table)
        for screen in ["Home", "Settings", "Home"] as [String?] {
            resolver.setScreen(screen)
            for name in names.shuffled(using: &rng) {
                var facts = ViewFacts(className: name)
                #expect(Self.same(resolver.computeClassFacts(facts), resolver.classFactsFromCatalog(facts)), "seed \(seed), \(name) on \(screen ?? "nil")")
                facts.superclasses = (0..<Int.random(in: 0...4, using: &rng)).map { _ in names.randomElement(using: &rng)! }
                #expect(Self.same(resolver.computeClassFacts(facts), resolver.classFactsFromCatalog(facts)),
                        "seed \(seed), \(name) with \(facts.superclasses ?? []) on \(screen ?? "nil")")
            }
        }
    }

    @Test("a table carries the step of every name its catalog declares, as a resolver would look it up")
    func aTableCarriesItsCatalogsSteps() {
        let table = DecisionTable(policy: MaskingPolicy(default: .mask, classes: [ClassDeclaration("PrimaryButton", extends: "UIButton")],
                                                        rules: [MaskRule(.unmask, .type("UIButton"), recursive: false, screen: nil)]))
        #expect(table.chainSteps.steps.count == table.catalog.declarationCount)
        for name in table.catalog.declaredNames {
            guard let number = table.chainSteps.index.lookup(name) else {
                Issue.record("\(name) has no step")
                continue
            }
            let seeded = table.chainSteps.steps[Int(number)], fresh = table.chainStep(name)
            #expect(seeded.superclass == fresh.superclass && seeded.kind == fresh.kind && seeded.recurse == fresh.recurse
                    && seeded.takesInput == fresh.takesInput && seeded.typeRules == fresh.typeRules, "\(name)")
        }
        #expect(table.chainSteps.steps[Int(table.chainSteps.index.lookup("PrimaryButton") ?? 0)].superclass == "UIButton")
        #expect(table.chainSteps.steps[Int(table.chainSteps.index.lookup("UIButton") ?? 0)].typeRules == [0])
        #expect(table.chainSteps.index.lookup("MyApp.PrimaryButton") == nil)
    }

    @Test func aCycleEndsTheChainAndTheLimitCutsIt() {
        let classes = [ClassDeclaration("LoopA", extends: "LoopB", kind: .text), ClassDeclaration("LoopB", extends: "LoopA")]
            + (0...TypeCatalog.maximumChainLength).map { ClassDeclaration("Long\($0)", extends: "Long\($0 + 1)") }
        let table = DecisionTable(policy: MaskingPolicy(default: .unmask, classes: classes))
        var resolver = ViewResolver(table: table)
        let loop = resolver.computeClassFacts(ViewFacts(className: "LoopB"))
        #expect(loop.kind == .text && !loop.chainCut)
        #expect(resolver.computeClassFacts(ViewFacts(className: "Long0")).chainCut)
        #expect(!resolver.computeClassFacts(ViewFacts(className: "Long\(TypeCatalog.maximumChainLength - 200)")).chainCut)
    }
}

/// Class facts for views that bring their own superclasses are kept by class name, with
/// the chain they were derived from: a class met again with another chain is decided by
/// that chain, and then by the first again.
@Suite("Given chains")
struct GivenChainTests {
    @Test func aClassMetWithAnotherChainIsDecidedByThatChain() {
        let table = DecisionTable(policy: MaskingPolicy(default: .unmask, rules: [MaskRule(.mask, .type("UILabel"))]))
        var traversal = MaskingTraversal(table: table)
        let chains: [[String]] = [["UILabel", "UIView"], ["UIView"], ["UILabel"], ["UIView"], []]
        for (pass, chain) in (chains + chains).enumerated() {
            traversal.reset(screen: nil)
            let decision = traversal.enter(ViewFacts(className: "Custom", superclasses: chain))
            traversal.leave()
            #expect(decision.isMasked == chain.contains("UILabel"), "pass \(pass), chain \(chain)")
            #expect(decision.kind == (chain.contains("UILabel") ? .text : .other), "pass \(pass), chain \(chain)")
        }
    }

    /// Each (class, chain) pair gets its own number below -1, the same every time it is
    /// met; past the limit of remembered chains the generation changes.
    @Test func eachClassAndChainHasItsOwnNumber() {
        let table = DecisionTable(policy: MaskingPolicy(default: .mask))
        var traversal = MaskingTraversal(table: table)
        func number(_ className: String, _ chain: [String]?) -> Int32 {
            traversal.reset(screen: nil)
            _ = traversal.enter(ViewFacts(className: className, superclasses: chain))
            traversal.leave()
            return traversal.classNumber
        }
        let a = number("Custom", ["UILabel"]), b = number("Custom", ["UIView"]), c = number("Other", ["UILabel"])
        #expect(a <= -2 && b <= -2 && c <= -2)
        #expect(Set([a, b, c]).count == 3)
        #expect(number("Custom", ["UIView"]) == b && number("Other", ["UILabel"]) == c)
        #expect(number("UILabel", nil) >= 0, "a catalog class is numbered from 0")
        let generation = traversal.classGeneration
        for index in 0..<ViewResolver.givenChainLimit { _ = number("Custom", ["UIView", "Base\(index)"]) }
        #expect(traversal.classGeneration != generation)
        #expect(number("Custom", ["UILabel"]) <= -2)
    }
}
