import Testing
import MaskEngine

/// The worked examples of the "Personal Data Masking" documentation, verbatim.
@Suite("Seed examples: Personal Data Masking")
struct SeedExampleTests {
    /// "Let's say we have the following structure": a parent view containing
    /// "Parent Label" and a child view, which contains "Child Label".
    static func parentChild() -> Built {
        build(N("parentView", "UIView", ai: "parentView", [
            N("parentLabel", "UILabel"),
            N("childView", "UIView", ai: "childView", [
                N("childLabel", "UILabel"),
            ]),
        ]))
    }

    static let parentText = "Parent Label"
    static let childText = "Child Label"

    static func texts(_ t: DecisionTable) -> (parent: String, child: String, d: [String: MaskDecision]) {
        let d = decide(t, parentChild())
        return (rendered(parentText, d["parentLabel"]!), rendered(childText, d["childLabel"]!), d)
    }

    @Test func maskedLabelTextsAreTheLaPattern() {
        #expect(Placeholder.laPattern(Self.parentText) == "lalala alala")
        #expect(Placeholder.laPattern(Self.childText) == "lalal lalal")
    }

    @Test func noRuleEverythingIsMasked() {
        // "If no rule is applied: everything is masked including "Parent Label" and "Child Label""
        let (parent, child, d) = Self.texts(DecisionTable(policy: MaskingPolicy()))
        #expect(d.values.allSatisfy { $0.isMasked && $0.level == .default })
        #expect(parent == "lalala alala")
        #expect(child == "lalal lalal")
    }

    @Test func parentUnmaskedBothLabelsUnmasked() {
        // "If parent view is unmasked and no other rule is applied: both "Parent Label"
        // and "Child Label" are unmasked"
        let (parent, child, d) = Self.texts(table([
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("parentView"))),
        ], default: .mask))
        #expect(parent == "Parent Label")
        #expect(child == "Child Label")
        #expect(d["parentLabel"]!.level == .parentInstance)
        #expect(d["childView"]!.isMasked == false)
        #expect(d["childLabel"]!.level == .parentInstance)
        #expect(d["childLabel"]!.ruleIndex == 0)
    }

    @Test func parentUnmaskedChildMasked() {
        // "If parent view is unmasked and child view is masked: "Parent Label" is
        // unmasked and "Child Label" is masked"
        let (parent, child, d) = Self.texts(table([
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("parentView"))),
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("childView"))),
        ], default: .mask))
        #expect(parent == "Parent Label")
        #expect(child == "lalal lalal")
        #expect(d["parentLabel"]!.ruleIndex == 0)
        #expect(d["childLabel"]!.level == .parentInstance)
        #expect(d["childLabel"]!.ruleIndex == 1)
    }

    @Test func parentUnmaskedChildMaskedWhateverTheRuleOrder() {
        let (parent, child, _) = Self.texts(table([
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("childView"))),
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("parentView"))),
        ], default: .mask))
        #expect(parent == "Parent Label")
        #expect(child == "lalal lalal")
    }

    @Test func defaultUnmaskedNoRule() {
        // "If default masking is set to false and no other rule is applied: "Parent
        // Label" and "Child Label" are unmasked"
        let (parent, child, d) = Self.texts(table([], default: .unmask))
        #expect(parent == "Parent Label")
        #expect(child == "Child Label")
        #expect(d.values.allSatisfy { !$0.isMasked && $0.level == .default })
    }

    @Test func defaultUnmaskedParentMasked() {
        // "If default masking is set to false and parent view is masked: both "Parent
        // Label" and "Child Label" are masked"
        let (parent, child, d) = Self.texts(table([
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("parentView"))),
        ], default: .unmask))
        #expect(parent == "lalala alala")
        #expect(child == "lalal lalal")
        #expect(d["childView"]!.isMasked)
    }

    // MARK: - Unmask an instance when its type is masked

    static func labels() -> Built {
        build(N("root", "UIView", [
            N("myLabel", "UILabel", ai: "myLabel"),
            N("other1", "UILabel"),
            N("other2", "UILabel", ai: "someoneElse"),
            N("subclass", "CenteredLabel"),
        ]))
    }
    static let centered = [ClassDeclaration("CenteredLabel", extends: "UILabel")]

    @Test(arguments: [false, true])
    func unmaskInstanceWhenTypeMasked(instanceRuleFirst: Bool) {
        // "If you've masked UILabel types specifically [...] and you call
        // unmask(view: myLabel), all UILabel instances will be masked except myLabel."
        let typeRule = MaskRule(.mask, .type("UILabel"))
        let instanceRule = MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("myLabel")))
        let rules = instanceRuleFirst ? [instanceRule, typeRule] : [typeRule, instanceRule]
        let d = decide(table(rules, default: .unmask, classes: Self.centered), Self.labels())
        #expect(d["myLabel"]!.isMasked == false)
        #expect(d["myLabel"]!.level == .instance)
        for name in ["other1", "other2", "subclass"] {
            #expect(d[name]!.isMasked, "\(name)")
            #expect(d[name]!.level == .type, "\(name)")
        }
        #expect(d["root"]!.isMasked == false)
    }

    @Test func unmaskInstanceInDefaultMasking() {
        // "[...] or are in default masking, and you call unmask(view: myLabel) [...]"
        let d = decide(table([MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("myLabel")))], default: .mask, classes: Self.centered), Self.labels())
        #expect(d["myLabel"]!.isMasked == false)
        for name in ["root", "other1", "other2", "subclass"] {
            #expect(d[name]!.isMasked, "\(name)")
            #expect(d[name]!.level == .default, "\(name)")
        }
    }

    // MARK: - Mask an instance when its type is unmasked

    @Test(arguments: [false, true])
    func maskInstanceWhenTypeUnmasked(instanceRuleFirst: Bool) {
        // "If you've unmasked UILabel type specifically [...] and you call
        // mask(view: myLabel), no UILabel will be masked except myLabel."
        let typeRule = MaskRule(.unmask, .type("UILabel"))
        let instanceRule = MaskRule(.mask, .accessibilityIdentifier(GlobPattern("myLabel")))
        let rules = instanceRuleFirst ? [instanceRule, typeRule] : [typeRule, instanceRule]
        let d = decide(table(rules, default: .mask, classes: Self.centered), Self.labels())
        #expect(d["myLabel"]!.isMasked)
        #expect(d["myLabel"]!.level == .instance)
        for name in ["other1", "other2", "subclass"] {
            #expect(d[name]!.isMasked == false, "\(name)")
            #expect(d[name]!.level == .type, "\(name)")
        }
    }

    @Test func maskInstanceInDefaultUnmasked() {
        let d = decide(table([MaskRule(.mask, .accessibilityIdentifier(GlobPattern("myLabel")))], default: .unmask, classes: Self.centered), Self.labels())
        #expect(d["myLabel"]!.isMasked)
        for name in ["root", "other1", "other2", "subclass"] {
            #expect(d[name]!.isMasked == false, "\(name)")
        }
    }

    // MARK: - Un-masking UIButtons, then masking myButton

    @Test func unmaskButtonsThenMaskMyButton() {
        // "you are in default masking, the UIButton are unmasked but a screen shows a
        // button, myButton, that contains sensitive information [...] mask(view: myButton)"
        let built = build(N("root", "UIView", [
            N("myButton", "UIButton", ai: "myButton", [N("myTitle", "UILabel")]),
            N("okButton", "UIButton", [N("okTitle", "UILabel")]),
            N("custom", "MyFancyButton", superclasses: ["UIButton", "UIControl", "UIView", "UIResponder", "NSObject"]),
            N("label", "UILabel"),
        ]))
        let d = decide(table([
            MaskRule(.unmask, .type("UIButton")),
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("myButton"))),
        ], default: .mask), built)
        #expect(d["myButton"]!.isMasked)
        #expect(d["myButton"]!.level == .instance)
        #expect(d["myTitle"]!.isMasked)
        #expect(d["myTitle"]!.level == .parentInstance)
        #expect(d["okButton"]!.isMasked == false)
        #expect(d["okTitle"]!.isMasked == false)
        #expect(d["okTitle"]!.level == .parentType)
        #expect(d["custom"]!.isMasked == false)
        #expect(d["label"]!.isMasked)
    }

    // MARK: - Masking mechanisms

    @Test func masksEverythingByDefault() {
        #expect(MaskingPolicy().defaultAction == .mask)
        let built = build(N("window", "UIWindow", [N("view", "UIView"), N("custom", "SomeUnknownView")]))
        let d = decide(DecisionTable(policy: MaskingPolicy()), built)
        #expect(d.values.allSatisfy { $0.isMasked })
    }

    @Test func masksByKindOfElement() {
        let built = build(N("root", "UIView", [
            N("image", "UIImageView"),
            N("swiftImage", "SwiftUI.Image"),
            N("label", "UILabel"),
            N("textView", "UITextView"),
            N("field", "UITextField"),
            N("secureField", "UITextField", secure: true),
            N("swiftText", "SwiftUI.Text"),
            N("other", "UISwitch"),
        ]))
        let d = decide(DecisionTable(policy: MaskingPolicy()), built)
        #expect(Placeholder.marker(for: d["image"]!.kind) == "IMG")
        #expect(Placeholder.marker(for: d["swiftImage"]!.kind) == "IMG")
        #expect(d["label"]!.kind == .text)
        #expect(d["textView"]!.kind == .text)
        #expect(d["field"]!.kind == .text)
        #expect(rendered("the lazy fox", d["label"]!) == "lal lala ala")
        #expect(rendered("the lazy fox", d["field"]!) == "lal lala ala")
        // isSecureTextEntry: all characters, including whitespaces, become "•".
        #expect(rendered("the lazy fox", d["secureField"]!) == "••••••••••••")
        #expect(d["swiftText"]!.kind == .swiftUIText)
        #expect(Placeholder.marker(for: d["swiftText"]!.kind) == "RECT")
        #expect(d["other"]!.kind == .other)
        #expect(Placeholder.marker(for: d["other"]!.kind) == nil)
    }

    @Test func secureTextStaysBulletsWhenUnmasked() {
        let built = build(N("field", "UITextField", secure: true))
        let d = decide(table([], default: .unmask), built)
        #expect(d["field"]!.isMasked, "secure text entry is never unmasked")
        #expect(d["field"]!.level == .default)
        #expect(d["field"]!.isSecure)
        #expect(rendered("p4ss word", d["field"]!) == "•••••••••")
    }
}
