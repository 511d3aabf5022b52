import Testing
@testable import MaskEngine

/// Swift writes a generic SwiftUI view's type with its arguments
/// (`String(reflecting:)`: `SwiftUI.SecureField<SwiftUI.Text>`; `String(describing:)`:
/// `SecureField<Text>`). Such a class extends its name without the arguments, so it
/// keeps the bare class's kind, input and secure status and type rules.
@Suite("Generic class names")
struct GenericClassNameTests {
    static func decide(_ className: String, _ policy: MaskingPolicy) -> MaskDecision {
        var traversal = MaskingTraversal(table: DecisionTable(policy: policy))
        traversal.reset(screen: nil)
        return traversal.enter(ViewFacts(className: className))
    }

    @Test func genericBaseIsTheNameBeforeTheFirstAngleBracket() {
        #expect(ClassName.genericBase(of: "SwiftUI.SecureField<SwiftUI.Text>") == "SwiftUI.SecureField")
        #expect(ClassName.genericBase(of: "SwiftUI.ModifiedContent<SwiftUI.Text, SwiftUI._PaddingLayout>") == "SwiftUI.ModifiedContent")
        #expect(ClassName.genericBase(of: "SecureField<Text>") == "SecureField")
        #expect(ClassName.genericBase(of: "SwiftUI.Text") == nil)
        #expect(ClassName.genericBase(of: "<unknown>") == nil)
        #expect(ClassName.genericBase(of: "") == nil)
    }

    @Test("a secure field stays secure under an unmask-everything policy, however its type is written",
          arguments: ["SwiftUI.SecureField<SwiftUI.Text>", "SecureField<Text>", "SecureField", "MyApp.SecureField",
                      "SwiftUI.SecureField<SwiftUI.Label<SwiftUI.Text, SwiftUI.Image>>"])
    func secureFieldsStaySecure(className: String) {
        let decision = Self.decide(className, MaskingPolicy(default: .unmask, rules: [MaskRule(.unmask, .type("SwiftUI.View"), recursive: true)]))
        #expect(decision.isSecure && decision.isMasked && decision.kind == .secureText, "\(className)")
    }

    @Test("a secure field inside a SwiftUI wrapper (modifiers, a show-password toggle, an optional) stays secure",
          arguments: ["SwiftUI.ModifiedContent<SwiftUI.SecureField<SwiftUI.Text>, SwiftUI._PaddingLayout>",
                      "ModifiedContent<SecureField<Text>, _FrameLayout>",
                      "SwiftUI.ModifiedContent<SwiftUI.ModifiedContent<SwiftUI.SecureField<SwiftUI.Text>, SwiftUI._PaddingLayout>, SwiftUI._BackgroundStyleModifier<SwiftUI.Color>>",
                      "SwiftUI._ConditionalContent<SwiftUI.TextField<SwiftUI.Text>, SwiftUI.SecureField<SwiftUI.Text>>",
                      "SwiftUI._ConditionalContent<SwiftUI.SecureField<SwiftUI.Text>, SwiftUI.TextField<SwiftUI.Text>>",
                      "Swift.Optional<SwiftUI.SecureField<SwiftUI.Text>>",
                      "SwiftUI._ConditionalContent<SwiftUI.Text, SwiftUI.ModifiedContent<SwiftUI.SecureField<SwiftUI.Text>, SwiftUI._PaddingLayout>>"])
    func wrappedSecureFieldsStaySecure(className: String) {
        let decision = Self.decide(className, MaskingPolicy(default: .unmask, rules: [MaskRule(.unmask, .type("SwiftUI.View"), recursive: true)]))
        #expect(decision.isSecure && decision.isMasked && decision.kind == .secureText, "\(className)")
    }

    @Test("a wrapped text field takes input, wrapped text is text, a wrapped map is a map; other generics keep their bare name")
    func wrappedKinds() {
        let catalog = TypeCatalog.builtin
        #expect(catalog.isTextInput("SwiftUI.ModifiedContent<SwiftUI.TextField<SwiftUI.Text>, SwiftUI._PaddingLayout>"))
        #expect(catalog.isTextInput("SwiftUI._ConditionalContent<SwiftUI.Text, SwiftUI.TextField<SwiftUI.Text>>"))
        #expect(catalog.kind(along: catalog.chain(of: "SwiftUI.ModifiedContent<SwiftUI.Text, SwiftUI._PaddingLayout>")) == catalog.kind(along: catalog.chain(of: "SwiftUI.Text")))
        #expect(catalog.kind(along: catalog.chain(of: "ModifiedContent<SwiftUI.Map, _FrameLayout>")) == .map)
        let inputs = MaskingPolicy(default: .unmask, rules: [MaskRule(.mask, .kind(.input))])
        #expect(Self.decide("SwiftUI.ModifiedContent<SwiftUI.TextField<SwiftUI.Text>, SwiftUI._PaddingLayout>", inputs).isMasked)
        // A generic that is no wrapper extends its bare name, as before.
        #expect(catalog.chain(of: "SwiftUI.Label<SwiftUI.Text, SwiftUI.Image>").dropFirst().first == "SwiftUI.Label")
        #expect(ClassName.genericArguments(of: "A<B<C, D>, (E, F), [G]>") == ["B<C, D>", "(E, F)", "[G]"])
        #expect(ClassName.genericArguments(of: "A<B") == [] && ClassName.genericArguments(of: "A<>") == [] && ClassName.genericArguments(of: "A<B>>") == [])
        #expect(ClassName.wrappedViews(of: "SwiftUI.ModifiedContent<X>") == nil && ClassName.wrappedViews(of: "SwiftUI.Group<X>") == nil)
    }

    @Test("toggles nested 24 deep are read in linear work, the secure field at the bottom found")
    func nestedToggles() {
        var name = "SwiftUI.SecureField<SwiftUI.Text>"
        for _ in 0..<24 { name = "SwiftUI._ConditionalContent<SwiftUI.Text, \(name)>" }
        // Past the depth read, the first of two is taken: the chain still ends in a view,
        // and a name a little shallower finds the secure field.
        #expect(!TypeCatalog.builtin.chain(of: name).isEmpty)
        var shallow = "SwiftUI.SecureField<SwiftUI.Text>"
        for _ in 0..<8 { shallow = "SwiftUI._ConditionalContent<SwiftUI.Text, \(shallow)>" }
        let decision = Self.decide(shallow, MaskingPolicy(default: .unmask, rules: []))
        #expect(decision.isSecure && decision.isMasked, "\(shallow)")
    }

    @Test("text fields and editors take input, with or without their arguments",
          arguments: ["SwiftUI.TextField<SwiftUI.Text>", "TextField<Text>", "SwiftUI.TextEditor", "TextEditor"])
    func textFieldsTakeInput(className: String) {
        let policy = MaskingPolicy(default: .unmask, rules: [MaskRule(.mask, .kind(.input))])
        let decision = Self.decide(className, policy)
        #expect(decision.isMasked && !decision.isSecure && decision.kind == .text, "\(className)")
        #expect(TypeCatalog.builtin.isTextInput(className), "\(className)")
    }

    @Test("a generic secure class in a chain the capture gives makes the view secure, with and without locks",
          arguments: ["SwiftUI.SecureField<SwiftUI.Text>", "SecureField<Text>"])
    func givenChainsReadGenericNames(superclass: String) {
        let facts = ViewFacts(className: "MyApp.PinField", superclasses: [superclass, "SwiftUI.View"])
        for locks in [false, true] {
            var rules = [MaskRule(.unmask, .type("SwiftUI.View"), recursive: true)]
            if locks { rules.append(MaskRule(.mask, .type("Elsewhere"), locked: true)) }
            let table = DecisionTable(policy: MaskingPolicy(default: .unmask, rules: rules))
            var traversal = MaskingTraversal(table: table)
            traversal.reset(screen: nil)
            let decision = traversal.enter(facts)
            #expect(decision.isSecure && decision.isMasked && decision.kind == .secureText, "\(superclass), locks: \(locks)")
            #expect(table.selectorKind(of: facts) == table.selectorKind(of: ViewFacts(className: "SwiftUI.SecureField")))
        }
        #expect(ClassName.expandingGenerics(["A", superclass, "SwiftUI.View"]) == ["A", superclass, ClassName.genericBase(of: superclass)!, "SwiftUI.View"])
        // Already followed by its bare name: unchanged.
        let bare = ClassName.genericBase(of: superclass)!
        #expect(ClassName.expandingGenerics(["A", superclass, bare]) == ["A", superclass, bare])
    }

    @Test func typeRulesOnTheBareNameSelectItsSpecializations() {
        let policy = MaskingPolicy(default: .mask, rules: [MaskRule(.unmask, .type("SwiftUI.Button"))])
        #expect(!Self.decide("SwiftUI.Button<SwiftUI.Text>", policy).isMasked)
        #expect(Self.decide("SwiftUI.Toggle<SwiftUI.Text>", policy).isMasked)
        // A rule on one specialization selects that one only.
        let exact = MaskingPolicy(default: .unmask, rules: [MaskRule(.mask, .type("SwiftUI.Button<SwiftUI.Text>"))])
        #expect(Self.decide("SwiftUI.Button<SwiftUI.Text>", exact).isMasked)
        #expect(!Self.decide("SwiftUI.Button<SwiftUI.Image>", exact).isMasked)
    }

    @Test func aDeclaredSuperclassWinsOverTheBareName() {
        let catalog = TypeCatalog.builtin.overlaid(with: [
            ClassDeclaration("MyApp.Box<Int>", extends: "UILabel"),
            ClassDeclaration("MyApp.Tag<Int>", kind: .image),
        ])
        #expect(Array(catalog.chain(of: "MyApp.Box<Int>").prefix(3)) == ["MyApp.Box<Int>", "UILabel", "UIView"])
        #expect(!catalog.chain(of: "MyApp.Box<Int>").contains("MyApp.Box"))
        // Declared without a superclass: still extends its bare name, its own kind first.
        #expect(catalog.chain(of: "MyApp.Tag<Int>") == ["MyApp.Tag<Int>", "MyApp.Tag"])
        #expect(catalog.kind(along: catalog.chain(of: "MyApp.Tag<Int>")) == .image)
        #expect(Array(catalog.chain(of: "SwiftUI.Text<X>").prefix(3)) == ["SwiftUI.Text<X>", "SwiftUI.Text", "SwiftUI.View"])
    }

    @Test func aGenericClassIsKnownWhenItsBareNameIs() {
        let catalog = TypeCatalog.builtin
        #expect(catalog.knows("SwiftUI.SecureField<SwiftUI.Text>"))
        #expect(catalog.knows("SecureField<Text>"))
        #expect(!catalog.knows("MyApp.Widget<Int>"))
        #expect(!catalog.knows("<unknown>"))
    }

    @Test func theOneWalkAgreesWithTheCatalogOnGenericNames() {
        for name in ["SwiftUI.SecureField<SwiftUI.Text>", "SecureField<Text>", "TextField<Text>", "MyApp.Widget<Int>",
                     "SwiftUI.ScrollView<SwiftUI.VStack<SwiftUI.Text>>", "<unknown>"] {
            ChainSummaryTests.expectAgrees(TypeCatalog.builtin, name)
            let table = DecisionTable(policy: MaskingPolicy(default: .unmask, rules: [MaskRule(.mask, .type("SwiftUI.ScrollView"))]))
            var resolver = ViewResolver(table: table)
            let facts = ViewFacts(className: name)
            #expect(ChainStepTests.same(resolver.computeClassFacts(facts), resolver.classFactsFromCatalog(facts)), "\(name)")
        }
    }
}
