import Testing
import MaskEngine
import MaskJSON
import ReplayEncoder
import ReplayTrees

/// A module-qualified class (`MyApp.PrimaryButton`, as `String(reflecting:)` names it)
/// answers to its simple name: a `type: PrimaryButton` rule and a `types:` entry for
/// `PrimaryButton` select and declare it the same way on every path a decision takes,
/// `apply` (the masking writer), `explain` (the trace), the portable table an app
/// loads, and the replay encoder.
@Suite("Module-qualified class names")
struct ModuleQualifiedClassTests {
    /// Default unmask; the app's button class declared and masked by its simple name.
    static let policy = MaskingPolicy(
        default: .unmask,
        classes: [ClassDeclaration("PrimaryButton", extends: "UIButton")],
        rules: [MaskRule(.mask, .type("PrimaryButton"))])

    static let tree = #"{"screen": "Checkout", "root": {"class": "UIView", "frame": {"x": 0, "y": 0, "width": 300, "height": 300}, "children": [{"class": "MyApp.PrimaryButton", "text": "Pay 1,204.50", "frame": {"x": 10, "y": 10, "width": 100, "height": 40}}, {"class": "MyApp.Outer.PrimaryButton", "text": "Pay 99", "frame": {"x": 10, "y": 60, "width": 100, "height": 40}}, {"class": "MyApp.SecondaryButton", "text": "Cancel", "frame": {"x": 10, "y": 110, "width": 100, "height": 40}}]}}"#

    /// The tables the paths use: the compiled one and the one loaded from its portable form.
    static func tables() throws -> [DecisionTable] {
        [DecisionTable(policy: policy), try DecisionTable(serialized: TableFormat.encode(policy))]
    }

    @Test("the simple name's rule and declaration decide for the qualified class")
    func resolver() throws {
        for table in try Self.tables() {
            var resolver = ViewResolver(table: table)
            for name in ["MyApp.PrimaryButton", "MyApp.Outer.PrimaryButton", "PrimaryButton"] {
                let (decision, _) = resolver.decide(ViewFacts(className: name), inherited: .root)
                #expect(decision.isMasked && decision.level == .type && decision.ruleIndex == 0, "\(name)")
                #expect(decision.kind == .other)
                #expect(table.catalog.chain(of: name).dropFirst().first == "UIButton", "\(name) extends what PrimaryButton extends")
            }
            let (other, _) = resolver.decide(ViewFacts(className: "MyApp.SecondaryButton"), inherited: .root)
            #expect(!other.isMasked && other.level == .default)
            // A qualified selector does not select a class given without its module.
            let qualified = DecisionTable(policy: MaskingPolicy(default: .unmask, rules: [MaskRule(.mask, .type("MyApp.PrimaryButton"))]))
            var strict = ViewResolver(table: qualified)
            #expect(strict.decide(ViewFacts(className: "MyApp.PrimaryButton"), inherited: .root).0.isMasked)
            #expect(!strict.decide(ViewFacts(className: "PrimaryButton"), inherited: .root).0.isMasked)
        }
    }

    @Test("apply masks the qualified buttons' text, explain names the type rule, the encoder sends no text")
    func everyPath() throws {
        for table in try Self.tables() {
            let masker = TreeMasker(table: table)
            let masked = String(decoding: try masker.apply(Array(Self.tree.utf8), file: "t.json"), as: UTF8.self)
            #expect(!masked.contains("1,204.50") && !masked.contains("Pay 99"))
            #expect(masked.contains("Cancel"))

            let document = try masker.read(Array(Self.tree.utf8), file: "t.json")
            let trace = table.trace(1, in: document.tree)
            #expect(trace.decision.isMasked && trace.decision.level == .type)
            let typeStep = try #require(trace.steps.first { $0.level == .type })
            #expect(typeStep.winner == 0 && typeStep.className == "MyApp.PrimaryButton")

            var encoder = TreeFrameEncoder(table: table)
            let frame = try encoder.encode(document, timestamp: 0, file: "t.json")
            let texts = frame.views.compactMap(\.text)
            #expect(!texts.contains { $0.contains("Pay") })
            #expect(texts.contains("Cancel"))
        }
    }

    @Test("simple names: after the last dot before any generic argument")
    func simpleNames() {
        #expect(ClassName.simpleName(of: "MyApp.PrimaryButton") == "PrimaryButton")
        #expect(ClassName.simpleName(of: "android.widget.TextView") == "TextView")
        #expect(ClassName.simpleName(of: "MyApp.Box<Swift.Int>") == "Box<Swift.Int>")
        #expect(ClassName.simpleName(of: "UILabel") == nil)
        #expect(ClassName.simpleName(of: "MyApp.") == nil)
        #expect(ClassName.simpleName(of: "Box<Swift.Int>") == nil)
    }
}
