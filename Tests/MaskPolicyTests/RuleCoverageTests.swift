import MaskEngine
import MaskPolicy
import Testing

/// When an `allowUnmask:` entry (or a lock) covers a rule: every edge the README lists.
@Suite("RuleCoverage: when an allowance covers a rule")
struct RuleCoverageTests {
    static let catalog = TypeCatalog.builtin.overlaid(with: [
        ClassDeclaration("AcmeButton", extends: "UIButton"),
        ClassDeclaration("AcmeRoundButton", extends: "AcmeButton"),
    ])

    static func covers(_ wide: SelectorReach, _ narrow: SelectorReach) -> Bool {
        RuleCoverage.covers(wide, narrow, catalog: catalog)
    }

    static func ai(_ text: String) -> ViewSelector { .accessibilityIdentifier(GlobPattern(text)) }

    @Test("identifiers: an exact value inside a glob, a narrower glob inside a wider one, never the reverse", arguments: [
        ("catalog.*", "catalog.title", true),
        ("catalog.*", "catalog.row.*", true),
        ("catalog.*", "catalog.*", true),
        ("catalog.*", "catalog*", false),
        ("catalog.*", "cat*", false),
        ("catalog.title", "catalog.*", false),
        ("catalog.title", "catalog.title", true),
        ("*.title", "catalog.*.title", true),
        ("*.title", "catalog.*", false),
        ("a*b", "a*c*b", true),
        ("a*b", "ab*", false),
        ("*x*", "*", false),
    ])
    func globs(_ wide: String, _ narrow: String, _ expected: Bool) {
        #expect(Self.covers(SelectorReach(Self.ai(wide)), SelectorReach(Self.ai(narrow))) == expected)
    }

    @Test("types: a simple name reaches every declared class of that name, each along its own chain")
    func simpleNames() {
        let shadowed = TypeCatalog.builtin.overlaid(with: [
            ClassDeclaration("MyApp.BalanceLabel", extends: "UILabel"),
            ClassDeclaration("BalanceLabel", extends: "UIButton"),
            ClassDeclaration("MyApp.PromoButton", extends: "UIButton"),
        ])
        // `BalanceLabel` also selects `MyApp.BalanceLabel`, a label: not inside buttons.
        #expect(!RuleCoverage.covers(SelectorReach(.type("UIButton")), SelectorReach(.type("BalanceLabel")), catalog: shadowed))
        #expect(RuleCoverage.covers(SelectorReach(.type("UILabel")), SelectorReach(.type("MyApp.BalanceLabel")), catalog: shadowed))
        #expect(RuleCoverage.covers(SelectorReach(.type("UIButton")), SelectorReach(.type("MyApp.PromoButton")), catalog: shadowed))
        // Undeclared as a plain name: a view of class `PromoButton` has no known chain.
        #expect(!RuleCoverage.covers(SelectorReach(.type("UIButton")), SelectorReach(.type("PromoButton")), catalog: shadowed))
        // `EditText` declared as a button still selects the built-in android.widget.EditText.
        let editText = TypeCatalog.builtin.overlaid(with: [ClassDeclaration("EditText", extends: "UIButton")])
        #expect(!RuleCoverage.covers(SelectorReach(.type("UIButton")), SelectorReach(.type("EditText")), catalog: editText))
        // A wide simple name selects the qualified classes below it.
        #expect(RuleCoverage.covers(SelectorReach(.type("TextView")), SelectorReach(.type("android.widget.EditText")), catalog: .builtin))
        #expect(TypeCatalog.builtin.classesSelected(byType: "EditText").contains("android.widget.EditText"))
        #expect(TypeCatalog.builtin.classesSelected(byType: "android.widget.EditText") == ["android.widget.EditText"])
    }

    @Test("types: the class itself or a subclass along the declared chain, not a superclass")
    func types() {
        #expect(Self.covers(SelectorReach(.type("UIButton")), SelectorReach(.type("UIButton"))))
        #expect(Self.covers(SelectorReach(.type("UIButton")), SelectorReach(.type("AcmeRoundButton"))))
        #expect(!Self.covers(SelectorReach(.type("AcmeButton")), SelectorReach(.type("UIButton"))))
        #expect(!Self.covers(SelectorReach(.type("UIButton")), SelectorReach(.type("UILabel"))))
        #expect(!Self.covers(SelectorReach(.type("UIButton")), SelectorReach(.type("UnknownClass"))))
    }

    @Test("screens: a scoped rule inside an unscoped entry, never an unscoped rule inside a scoped entry")
    func screens() {
        #expect(Self.covers(SelectorReach(Self.ai("catalog.*")), SelectorReach(Self.ai("catalog.title"), screen: "Catalog")))
        #expect(Self.covers(SelectorReach(Self.ai("catalog.*"), screen: "Catalog"), SelectorReach(Self.ai("catalog.title"), screen: "Catalog")))
        #expect(!Self.covers(SelectorReach(Self.ai("catalog.*"), screen: "Catalog"), SelectorReach(Self.ai("catalog.title"))))
        #expect(!Self.covers(SelectorReach(Self.ai("catalog.*"), screen: "Catalog"), SelectorReach(Self.ai("catalog.title"), screen: "Home")))
    }

    @Test("reach: a recursive rule needs a recursive entry")
    func reach() {
        #expect(Self.covers(SelectorReach(.type("UIButton")), SelectorReach(.type("UIButton"), recursive: false)))
        #expect(!Self.covers(SelectorReach(.type("UIButton"), recursive: false), SelectorReach(.type("UIButton"))))
        #expect(Self.covers(SelectorReach(.type("UIButton"), recursive: false), SelectorReach(.type("UIButton"), recursive: false)))
    }

    @Test("keys: different keys never cover each other; tags by number; ids and targets as globs")
    func keys() {
        #expect(!Self.covers(SelectorReach(Self.ai("buy")), SelectorReach(.target(GlobPattern("UIButton[ai:Home.buy]")))))
        #expect(!Self.covers(SelectorReach(Self.ai("buy")), SelectorReach(.id(GlobPattern("buy")))))
        #expect(!Self.covers(SelectorReach(.type("UIButton")), SelectorReach(Self.ai("buy"))))
        #expect(Self.covers(SelectorReach(.tag(7)), SelectorReach(.tag(7))))
        #expect(!Self.covers(SelectorReach(.tag(7)), SelectorReach(.tag(8))))
        #expect(Self.covers(SelectorReach(.id(GlobPattern("0.1*"))), SelectorReach(.id(GlobPattern("0.1.2")))))
        #expect(Self.covers(SelectorReach(.target(GlobPattern("UIButton[ai:Home.*]"))), SelectorReach(.target(GlobPattern("UIButton[ai:Home.buy]")))))
    }

    @Test("the glob rule agrees with matching: when it says covered, every sample value the narrow glob matches, the wide one matches")
    func globsAgreeWithMatching() {
        let patterns = ["a*", "*a", "a*b", "ab*", "*ab*", "a*b*c", "abc", "a**", "*b", "b*a"]
        let values = ["", "a", "b", "ab", "ba", "abc", "acb", "aXb", "abXc", "aXbYc", "bXa", "aa", "abab"]
        for wide in patterns {
            for narrow in patterns where RuleCoverage.selects(Self.ai(wide), everyViewOf: Self.ai(narrow), catalog: Self.catalog) {
                for value in values where GlobPattern(narrow).matches(value) {
                    #expect(GlobPattern(wide).matches(value), "\(wide) said to cover \(narrow), but \(value) matches only the latter")
                }
            }
        }
    }
}
