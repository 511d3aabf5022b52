import Testing
import MaskEngine

/// The type catalog, class chains, kinds, maps, `recurse: false` and secure detection.
@Suite("Type catalog and kinds")
struct CatalogTests {
    // MARK: - The built-in catalog

    @Test func builtinChains() {
        let c = TypeCatalog.builtin
        #expect(c.chain(of: "UIButton") == ["UIButton", "UIControl", "UIView", "UIResponder", "NSObject"])
        #expect(c.chain(of: "UISearchTextField") == ["UISearchTextField", "UITextField", "UIControl", "UIView", "UIResponder", "NSObject"])
        #expect(c.chain(of: "android.widget.EditText") == ["android.widget.EditText", "android.widget.TextView", "android.view.View", "java.lang.Object"])
        #expect(c.chain(of: "SwiftUI.Text") == ["SwiftUI.Text", "SwiftUI.View"])
        #expect(c.chain(of: "NoSuchView") == ["NoSuchView"])
    }

    @Test func builtinKinds() {
        let c = TypeCatalog.builtin
        func kind(_ name: String) -> ViewKind { c.kind(along: c.chain(of: name)) }
        #expect(kind("UILabel") == .text)
        #expect(kind("UITextView") == .text)
        #expect(kind("UITextField") == .text)
        #expect(kind("UISearchTextField") == .text)
        #expect(kind("UIImageView") == .image)
        #expect(kind("SwiftUI.Text") == .swiftUIText)
        #expect(kind("SwiftUI.Image") == .image)
        #expect(kind("SwiftUI.SecureField") == .secureText)
        #expect(kind("MKMapView") == .map)
        #expect(kind("WKWebView") == .webview)
        #expect(kind("android.widget.EditText") == .text)
        #expect(kind("UIButton") == .other)
        #expect(kind("UIView") == .other)
        #expect(kind("NoSuchView") == .other)
        #expect(c.recurses(along: c.chain(of: "MKMapView")) == false)
        #expect(c.recurses(along: c.chain(of: "UIView")))
        #expect(c.recurses(along: ["NoSuchView"]))
        #expect(c.contains("UILabel"))
        #expect(!c.contains("CenteredLabel"))
    }

    @Test func laterDeclarationWins() {
        let c = TypeCatalog([ClassDeclaration("A", kind: .text), ClassDeclaration("A", extends: "B")])
        #expect(c.declaration(named: "A")?.kind == nil)
        #expect(c.chain(of: "A") == ["A", "B"])
    }

    @Test func overlayKeepsUnsetFields() {
        let base = TypeCatalog([
            ClassDeclaration("Base"),
            ClassDeclaration("Label", extends: "Base", kind: .text, recurse: false),
        ])
        let o = base.overlaid(with: [
            ClassDeclaration("Label"),
            ClassDeclaration("Fancy", extends: "Label"),
            ClassDeclaration("Base", kind: .image),
        ])
        #expect(o.declaration(named: "Label")?.superclass == "Base")
        #expect(o.declaration(named: "Label")?.kind == .text)
        #expect(o.declaration(named: "Label")?.recurse == false)
        #expect(o.chain(of: "Fancy") == ["Fancy", "Label", "Base"])
        #expect(o.kind(along: o.chain(of: "Fancy")) == .text)
        #expect(o.kind(along: ["Base"]) == .image)
        #expect(base.declaration(named: "Fancy") == nil)
        let changed = base.overlaid(with: [ClassDeclaration("Label", kind: .secureText, recurse: true)])
        #expect(changed.declaration(named: "Label")?.kind == .secureText)
        #expect(changed.declaration(named: "Label")?.recurse == true)
        #expect(changed.declaration(named: "Label")?.superclass == "Base")
    }

    @Test func cyclesAndLongChainsStop() {
        let cycle = TypeCatalog([ClassDeclaration("A", extends: "B"), ClassDeclaration("B", extends: "C"), ClassDeclaration("C", extends: "A")])
        #expect(cycle.chain(of: "A") == ["A", "B", "C"])
        let selfCycle = TypeCatalog([ClassDeclaration("S", extends: "S")])
        #expect(selfCycle.chain(of: "S") == ["S"])
        var long: [ClassDeclaration] = []
        for i in 0..<400 { long.append(ClassDeclaration("C\(i)", extends: "C\(i + 1)")) }
        let chain = TypeCatalog(long).chain(of: "C0")
        #expect(chain.count == TypeCatalog.maximumChainLength)
        #expect(chain.first == "C0")
        #expect(chain.last == "C\(TypeCatalog.maximumChainLength - 1)")
    }

    @Test("a chain the catalog cuts is masked with no children, whatever the rules")
    func cutChainsAreMaskedWithoutChildren() {
        // A map subclass 300 levels below MKMapView: the catalog cuts its chain before
        // MKMapView, so its kind is unknown. It must not be sent in clear.
        var classes = [ClassDeclaration("Map0", extends: "MKMapView")]
        for i in 1..<300 { classes.append(ClassDeclaration("Map\(i)", extends: "Map\(i - 1)")) }
        let t = table([MaskRule(.unmask, .type("Map299"))], default: .unmask, classes: classes)
        #expect(t.catalog.isCut(t.catalog.chain(of: "Map299")))
        #expect(!t.catalog.isCut(t.catalog.chain(of: "Map100")))
        #expect(!t.catalog.isCut(t.catalog.chain(of: "UILabel")))
        let given = (0..<299).reversed().map { "Map\($0)" } + ["MKMapView", "UIView", "UIResponder", "NSObject"]
        let built = build(N("root", "UIView", [
            N("deep", "Map299", [N("pin", "UILabel")]), N("shallow", "Map100"), N("given", "Map299", superclasses: given),
        ]))
        let d = decide(t, built)
        #expect(d["deep"]!.isMasked)
        #expect(d["deep"]!.emitsChildren == false)
        #expect(d["deep"]!.level == .type)
        #expect(d["deep"]!.ruleIndex == 0)
        #expect(d["shallow"]!.kind == .map && d["shallow"]!.isMasked)
        // A view's own superclasses are the whole chain, never cut: MKMapView is on it.
        #expect(d["given"]!.kind == .map && d["given"]!.isMasked)
        #expect(d["root"]!.isMasked == false)
        #expect(traverse(t, built.tree) == t.resolve(built.tree))
        // The bytes path too.
        var resolver = IncrementalResolver(table: t, screen: nil)
        var className = "Map299"
        let decision = className.withUTF8 { resolver.add(raw: RawViewFacts(className: $0, classSlot: 0), parent: nil) }
        #expect(decision.isMasked && decision.emitsChildren == false)
        // A cycle ends the chain early: not a cut.
        let cycle = TypeCatalog([ClassDeclaration("A", extends: "B"), ClassDeclaration("B", extends: "A")])
        #expect(!cycle.isCut(cycle.chain(of: "A")))
    }

    @Test("text-input classes: one list, every entry built in but the labels fields draw in, subclasses and policy classes included")
    func textInputClasses() throws {
        let c = TypeCatalog.builtin
        let fieldText = Set(TypeCatalog.fieldTextClasses.keys)
        let library = TypeCatalog.libraryInputClasses
        for name in TypeCatalog.textInputClasses.subtracting(fieldText).subtracting(library) { #expect(c.contains(name), "\(name)") }
        // Libraries' fields are inputs by name, without a superclass, and not declared.
        for name in library {
            #expect(!c.contains(name) && TypeCatalog.isTextInputClass(name) && c.isTextInput(name), "\(name)")
            // Stripe's card field is named for secret content: secure text.
            #expect(c.selectorKind(along: [name]) == (TypeCatalog.namesSecureEntry(name) ? .secureText : .input), "\(name)")
        }
        #expect(library.isSubset(of: TypeCatalog.textInputClasses) && library.isDisjoint(with: fieldText))
        // Every name without a module answers to its simple name too (the prefilter of
        // first and last bytes and lengths lets each through).
        for name in TypeCatalog.textInputClasses where !name.contains(".") {
            #expect(TypeCatalog.isTextInputClass("MyModule." + name) && TypeCatalog.isTextInputClass("__C." + name), "\(name)")
        }
        #expect(!TypeCatalog.isTextInputClass("MyModule.RCTUITextFields") && !TypeCatalog.isTextInputClass("MyModule.RecyclerView"))
        // React Native's old-architecture inputs, by the ending of their names (a list entry
        // each cost the first frame 5% through the simple-name prefilter).
        #expect(TypeCatalog.isTextInputClass("RCTSinglelineTextInputView") && TypeCatalog.isTextInputClass("RCTMultilineTextInputView"))
        // Android's fields by simple name: bare, in the support library, nested with a `.`;
        // labels and look-alike names take no input.
        for name in ["EditText", "android.support.v7.widget.AppCompatEditText", "android.support.design.widget.TextInputEditText",
                     "android.widget.SearchView.SearchAutoComplete", "android.support.v7.widget.SearchView$SearchAutoComplete"] {
            #expect(TypeCatalog.isTextInputClass(name), "\(name)")
        }
        for name in ["TextView", "android.widget.TextView", "EditTextPreference", "android.preference.EditTextPreference", "SearchView",
                     "UILabel", "TextFieldContainer", "com.x.PinViewHolder", "MaterialTextView"] {
            #expect(!TypeCatalog.isTextInputClass(name), "\(name)")
        }
        // The label a field draws its text in is an input by name, and not declared: a
        // view that brings no superclasses is no `UILabel` to a type rule.
        for name in fieldText {
            #expect(!c.contains(name) && TypeCatalog.isTextInputClass(name) && c.isTextInput(name), "\(name)")
            #expect(c.selectorKind(along: [name]) == .input && c.selectorKind(along: [name, "UILabel", "UIView"]) == .input)
            // Its superclass is a declared class that takes no input; its field is an input.
            let text = try #require(TypeCatalog.fieldTextClasses[name])
            #expect(c.contains(text.superclass) && !c.isTextInput(text.superclass), "\(name)")
            #expect(c.contains(text.field) && c.isTextInput(text.field), "\(name)")
        }
        for name in ["UITextField", "UISearchTextField", "UITextView", "SwiftUI.TextField", "SwiftUI.SecureField", "SwiftUI.TextEditor",
                     "android.widget.EditText", "android.widget.MultiAutoCompleteTextView",
                     "androidx.appcompat.widget.AppCompatAutoCompleteTextView", "com.google.android.material.textfield.TextInputEditText",
                     "XCUIElementTypeTextField", "XCUIElementTypeSecureTextField", "XCUIElementTypeTextView", "XCUIElementTypeSearchField"] {
            #expect(c.isTextInput(name), "\(name)")
        }
        for name in ["UILabel", "UIView", "UIControl", "UIButton", "android.widget.TextView", "android.widget.Button",
                     "androidx.appcompat.widget.AppCompatTextView", "SwiftUI.Text", "XCUIElementTypeStaticText", "NoSuchView"] {
            #expect(!c.isTextInput(name), "\(name)")
        }
        let policy = c.overlaid(with: [ClassDeclaration("AmountField", extends: "UITextField"), ClassDeclaration("Fancy", extends: "UILabel")])
        #expect(policy.isTextInput("AmountField"))
        #expect(!policy.isTextInput("Fancy"))
        #expect(policy.textInputClassNames.contains("AmountField"))
        #expect(policy.textInputClassNames == policy.textInputClassNames.sorted())
        // The list, the catalog's SwiftUI input names without the module, and the
        // catalog's value pickers (inputs by their names' endings).
        #expect(Set(c.textInputClassNames) == TypeCatalog.textInputClasses.subtracting(fieldText).subtracting(library)
            .union(["SecureField", "TextField", "TextEditor"])
            .union(["UIDatePicker", "UIPickerView", "android.widget.AbsSpinner", "android.widget.Spinner"]))
    }

    @Test func cyclicPolicyClassesStillResolve() {
        let t = table([MaskRule(.unmask, .type("B"))], classes: [ClassDeclaration("A", extends: "B"), ClassDeclaration("B", extends: "A")])
        let d = decide(t, build(N("a", "A")))
        #expect(d["a"]!.isMasked == false)
        #expect(d["a"]!.level == .type)
    }

    // MARK: - Policy classes

    @Test func policyClassesExtendTheCatalog() {
        // CenteredLabel extends UILabel -> kind text, covered by rules on UILabel and UIView.
        let classes = [ClassDeclaration("CenteredLabel", extends: "UILabel")]
        let t = table([MaskRule(.unmask, .type("UILabel"))], default: .mask, classes: classes)
        #expect(t.catalog.chain(of: "CenteredLabel") == ["CenteredLabel", "UILabel", "UIView", "UIResponder", "NSObject"])
        let d = decide(t, build(N("root", "UIView", [N("centered", "CenteredLabel", [N("inner", "UIView")])])))
        #expect(d["centered"]!.kind == .text)
        #expect(d["centered"]!.isMasked == false)
        #expect(d["centered"]!.level == .type)
        #expect(d["inner"]!.level == .parentType)
        #expect(d["inner"]!.isMasked == false)
        #expect(d["root"]!.isMasked)
        // Without the declaration the class is unknown: kind other, no type rule.
        let bare = decide(table([MaskRule(.unmask, .type("UILabel"))]), build(N("centered", "CenteredLabel")))
        #expect(bare["centered"]!.kind == .other)
        #expect(bare["centered"]!.level == .default)
    }

    @Test func policyClassKindOverridesTheInheritedOne() {
        let classes = [
            ClassDeclaration("AvatarLabel", extends: "UILabel", kind: .image),
            ClassDeclaration("PinField", extends: "UITextField", kind: .secureText),
            ClassDeclaration("UIButton", kind: .text),
        ]
        let d = decide(table([], classes: classes), build(N("root", "UIView", [
            N("avatar", "AvatarLabel"), N("pin", "PinField"), N("button", "UIButton"), N("fancy", "FancyButton", superclasses: ["UIButton"]),
        ])))
        #expect(d["avatar"]!.kind == .image)
        #expect(d["pin"]!.kind == .secureText)
        #expect(d["pin"]!.isSecure)
        #expect(d["button"]!.kind == .text)
        #expect(d["fancy"]!.kind == .text)
    }

    @Test func customBaseCatalog() {
        let t = DecisionTable(policy: MaskingPolicy(rules: [MaskRule(.unmask, .type("UIView"))]), catalog: TypeCatalog([]))
        let d = decide(t, build(N("root", "UIView", [N("label", "UILabel")])))
        #expect(d["label"]!.kind == .other)
        #expect(d["label"]!.level == .parentType)
        #expect(d["root"]!.level == .type)
    }

    // MARK: - Node-given superclasses

    @Test func nodeSuperclassesOverrideTheCatalog() {
        let classes = [ClassDeclaration("CenteredLabel", extends: "UILabel")]
        let t = table([MaskRule(.unmask, .type("UILabel"))], default: .mask, classes: classes)
        let built = build(N("root", "UIView", [
            // The node says its chain is CenteredLabel < UIView: the catalog's UILabel link is not used.
            N("given", "CenteredLabel", superclasses: ["UIView"]),
            N("catalog", "CenteredLabel"),
            // A catalog class with a node chain that does not contain UILabel.
            N("label", "UILabel", superclasses: ["CustomBase"]),
            // An unknown class whose node chain names UILabel.
            N("custom", "MyText", superclasses: ["UILabel", "UIView"]),
            // An empty chain: only the class itself.
            N("empty", "UIButton", superclasses: []),
        ]))
        var resolver = ViewResolver(table: t)
        #expect(resolver.classChain(of: built.tree.views[built["given"]]) == ["CenteredLabel", "UIView"])
        #expect(resolver.classChain(of: built.tree.views[built["catalog"]]) == ["CenteredLabel", "UILabel", "UIView", "UIResponder", "NSObject"])
        #expect(resolver.classChain(of: built.tree.views[built["empty"]]) == ["UIButton"])
        let d = t.resolve(built.tree, with: &resolver)
        #expect(d[built["given"]].level == .default)
        #expect(d[built["given"]].isMasked)
        #expect(d[built["given"]].kind == .other)
        #expect(d[built["catalog"]].level == .type)
        #expect(d[built["catalog"]].isMasked == false)
        #expect(d[built["catalog"]].kind == .text)
        #expect(d[built["label"]].level == .type)  // its own class is UILabel
        #expect(d[built["label"]].kind == .text)
        #expect(d[built["custom"]].level == .type)
        #expect(d[built["custom"]].isMasked == false)
        #expect(d[built["custom"]].kind == .text)
    }

    @Test func emptyNodeChainIgnoresCatalogSuperclasses() {
        let t = table([MaskRule(.unmask, .type("UIControl"))], default: .mask)
        let d = decide(t, build(N("root", "UIView", [
            N("empty", "UIButton", superclasses: []),
            N("plain", "UIButton"),
        ])))
        #expect(d["empty"]!.level == .default)
        #expect(d["empty"]!.isMasked)
        #expect(d["plain"]!.level == .type)
        #expect(d["plain"]!.isMasked == false)
    }

    @Test func nodeChainsDoNotShareACacheEntryWithCatalogChains() {
        // One resolver, the same class name with and without node superclasses, in
        // both orders: every view gets its own chain.
        let t = table([MaskRule(.unmask, .type("UIButton"))], default: .mask)
        for order in [["x", "y", "z"], ["z", "y", "x"], ["y", "x", "z"]] {
            var nodes: [N] = []
            for name in order {
                switch name {
                case "x": nodes.append(N("x", "Widget", superclasses: ["UIButton"]))
                case "y": nodes.append(N("y", "Widget"))
                default: nodes.append(N("z", "Widget", superclasses: ["UILabel"]))
                }
            }
            let built = build(N("root", "UIView", nodes))
            var resolver = ViewResolver(table: t)
            let d = t.resolve(built.tree, with: &resolver)
            #expect(d[built["x"]].isMasked == false, "\(order)")
            #expect(d[built["y"]].isMasked, "\(order)")
            #expect(d[built["z"]].isMasked, "\(order)")
            #expect(d[built["z"]].kind == .text, "\(order)")
            #expect(d[built["y"]].kind == .other, "\(order)")
            // And again with the warm resolver.
            #expect(t.resolve(built.tree, with: &resolver) == d)
        }
    }

    // MARK: - Maps

    @Test(arguments: ["MKMapView", "GMSMapView", "SwiftUI.Map", "com.google.android.gms.maps.MapView", "XCUIElementTypeMap"])
    func mapsAreAlwaysMaskedAndEmitNoChildren(_ className: String) {
        let t = table([
            MaskRule(.unmask, .type(className)),
            MaskRule(.unmask, .accessibilityIdentifier(GlobPattern("map"))),
        ], default: .unmask)
        let d = decide(t, build(N("root", "UIView", [N("map", className, ai: "map", [N("pin", "UIView")]), N("other", className)])))
        #expect(d["map"]!.kind == .map)
        #expect(d["map"]!.isMasked)
        #expect(d["map"]!.isForcedByKind)
        #expect(d["map"]!.emitsChildren == false)
        #expect(d["map"]!.level == .instance)
        #expect(d["map"]!.ruleIndex == 1)
        #expect(d["other"]!.isMasked)
        #expect(d["other"]!.level == .type)
        #expect(d["other"]!.emitsChildren == false)
        #expect(d["root"]!.isMasked == false)
        #expect(d["root"]!.isForcedByKind == false)
    }

    @Test func mapKindNeverEmitsChildrenEvenWithRecurseTrue() {
        let classes = [
            ClassDeclaration("MyMap", extends: "UIView", kind: .map, recurse: true),
            ClassDeclaration("MyMapSubclass", extends: "MyMap"),
        ]
        let d = decide(table([], default: .unmask, classes: classes), build(N("root", "UIView", [
            N("map", "MyMap"), N("sub", "MyMapSubclass"), N("given", "Other", superclasses: ["MKMapView", "UIView"]),
        ])))
        for name in ["map", "sub", "given"] {
            #expect(d[name]!.kind == .map, "\(name)")
            #expect(d[name]!.isMasked, "\(name)")
            #expect(d[name]!.emitsChildren == false, "\(name)")
        }
        #expect(Placeholder.marker(for: d["map"]!.kind) == "MAP")
    }

    // MARK: - recurse: false

    @Test func recurseFalseClassesEmitNoChildren() {
        let classes = [
            ClassDeclaration("OpaqueChart", extends: "UIView", recurse: false),
            ClassDeclaration("BarChart", extends: "OpaqueChart"),
            ClassDeclaration("OpenChart", extends: "OpaqueChart", recurse: true),
        ]
        let d = decide(table([], default: .unmask, classes: classes), build(N("root", "UIView", [
            N("opaque", "OpaqueChart", [N("bar", "UIView")]), N("sub", "BarChart"), N("open", "OpenChart"),
        ])))
        #expect(d["opaque"]!.emitsChildren == false)
        #expect(d["opaque"]!.isMasked == false)
        #expect(d["opaque"]!.kind == .other)
        #expect(d["sub"]!.emitsChildren == false)
        #expect(d["open"]!.emitsChildren)
        #expect(d["root"]!.emitsChildren)
    }

    // MARK: - Secure text

    @Test func secureDetection() {
        let built = build(N("root", "UIView", [
            N("flag", "UITextField", secure: true),
            N("password", "UITextField", contentType: "password"),
            N("newPassword", "UITextField", contentType: "newPassword"),
            N("otp", "UITextField", contentType: "oneTimeCode"),
            N("card", "UITextField", contentType: "creditCardNumber"),
            N("username", "UITextField", contentType: "username"),
            N("email", "UITextField", contentType: "emailAddress"),
            N("plain", "UITextField"),
            N("swiftUI", "SwiftUI.SecureField"),
            N("xcui", "XCUIElementTypeSecureTextField"),
            N("android", "android.widget.EditText", secure: true),
            N("label", "UILabel"),
        ]))
        for policy in [MaskAction.mask, .unmask] {
            let d = decide(table([], default: policy), built)
            for name in ["flag", "password", "newPassword", "otp", "card", "swiftUI", "xcui", "android"] {
                #expect(d[name]!.isSecure, "\(name)")
                #expect(d[name]!.isMasked, "\(name): secure text entry is never unmasked")
                #expect(d[name]!.level == .default, "\(name): the level still says what the policy decided")
                #expect(rendered("1234 5678", d[name]!) == "•••••••••", "\(name)")
            }
            for name in ["username", "email", "plain", "label", "root"] {
                #expect(d[name]!.isSecure == false, "\(name)")
            }
        }
        #expect(SecureContent.isSecure(ViewFacts(className: "X"), kind: .secureText))
        #expect(SecureContent.isSecure(ViewFacts(className: "X", textContentType: "Password"), kind: .text), "any case")
        #expect(!SecureContent.isSecure(ViewFacts(className: "X", textContentType: "username"), kind: .text))
    }
}
