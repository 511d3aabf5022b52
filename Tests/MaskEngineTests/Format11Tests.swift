import Testing
@testable import MaskEngine
import MaskTestSupport

/// Policy format 1.1 in the engine: `kind` rules against type rules, per-dimension
/// defaults against `default` and the five levels, bundled images, and the
/// `detect:` safety net's decisions. Each case is checked against the reference
/// resolver too, which is written apart from the engine.
@Suite("Format 1.1")
struct Format11Tests {
    /// Decisions by name, after checking the engine against the reference resolver.
    func decided(_ policy: MaskingPolicy, _ built: Built, sourceLocation: SourceLocation = #_sourceLocation) -> [String: MaskDecision] {
        let table = DecisionTable(policy: policy)
        let expected = ReferenceResolver(policy: policy).resolve(built.tree)
        #expect(table.resolve(built.tree) == expected, "engine and reference disagree", sourceLocation: sourceLocation)
        #expect(traverse(table, built.tree) == expected, "traversal and reference disagree", sourceLocation: sourceLocation)
        return decide(table, built)
    }

    @Test("a type rule beats a kind rule on the same view, on level 3 and on level 4")
    func typeBeatsKind() {
        let built = build(N("root", "UIView", [
            N("field", "UITextField", [N("inner", "UIView")]),
            N("search", "UISearchTextField"),
            N("edit", "android.widget.EditText"),
        ]))
        let policy = MaskingPolicy(default: .unmask, rules: [
            MaskRule(.mask, .kind(.input)),
            MaskRule(.unmask, .type("UITextField")),
        ])
        let d = decided(policy, built)
        // UITextField: its type rule (level 3) beats the kind rule on the same view.
        #expect(d["field"]?.isMasked == false && d["field"]?.level == .type && d["field"]?.ruleIndex == 1)
        // The view inside: the ancestor's recursive type rule beats its recursive kind rule (level 4).
        #expect(d["inner"]?.isMasked == false && d["inner"]?.level == .parentType && d["inner"]?.ruleIndex == 1)
        // A subclass with no type rule of its own still has UITextField's on its chain.
        #expect(d["search"]?.isMasked == false && d["search"]?.ruleIndex == 1)
        // EditText is an input with no type rule: the kind rule decides, on level 3.
        #expect(d["edit"]?.isMasked == true && d["edit"]?.level == .type && d["edit"]?.ruleIndex == 0)
    }

    @Test("a kind rule is level 3 and 4 only: an instance rule beats it, the nearest ancestor hands down")
    func kindLevels() {
        let built = build(N("root", "UIView", [
            N("label", "UILabel", ai: "title"),
            N("plain", "UILabel"),
            N("image", "UIImageView", [N("overlay", "UIView")]),
            N("text", "SwiftUI.Text"),
        ]))
        let policy = MaskingPolicy(default: .mask, rules: [
            MaskRule(.unmask, .kind(.text)),
            MaskRule(.mask, .accessibilityIdentifier(GlobPattern("title"))),
            MaskRule(.unmask, .kind(.image)),
        ])
        let d = decided(policy, built)
        #expect(d["label"]?.isMasked == true && d["label"]?.level == .instance)
        #expect(d["plain"]?.isMasked == false && d["plain"]?.level == .type && d["plain"]?.ruleIndex == 0)
        #expect(d["overlay"]?.isMasked == false && d["overlay"]?.level == .parentType && d["overlay"]?.ruleIndex == 2)
        // SwiftUI text is its own kind: `kind: text` does not select it.
        #expect(d["text"]?.isMasked == true && d["text"]?.level == .default)
    }

    @Test("the selector kinds of catalog classes")
    func selectorKinds() {
        let catalog = TypeCatalog.builtin
        func kind(_ name: String) -> SelectorKind { catalog.selectorKind(along: catalog.chain(of: name)) }
        #expect(kind("UILabel") == .text)
        #expect(kind("UITextField") == .input)
        #expect(kind("UITextView") == .input)
        #expect(kind("UISearchTextField") == .input)
        #expect(kind("android.widget.EditText") == .input)
        #expect(kind("com.google.android.material.textfield.TextInputEditText") == .input)
        #expect(kind("android.widget.TextView") == .text)
        #expect(kind("SwiftUI.SecureField") == .secureText)
        #expect(kind("UIImageView") == .image)
        #expect(kind("MKMapView") == .map)
        #expect(kind("WKWebView") == .webview)
        #expect(kind("UIView") == .other)
    }

    @Test("a per-dimension default replaces level 5 for its dimension only; rules still win; secure and maps stay masked")
    func dimensionDefaults() {
        let built = build(N("root", "UIView", [
            N("label", "UILabel"),
            N("field", "UITextField"),
            N("password", "UITextField", secure: true),
            N("image", "UIImageView"),
            N("map", "MKMapView"),
            N("button", "UIButton", [N("title", "UILabel")]),
            N("kept", "UILabel", ai: "kept"),
        ]))
        let policy = MaskingPolicy(default: .mask, rules: [MaskRule(.mask, .accessibilityIdentifier(GlobPattern("kept")))],
                                   defaults: DimensionDefaults(text: .unmask, inputs: .unmask, images: .unmask))
        let d = decided(policy, built)
        #expect(d["label"]?.isMasked == false && d["label"]?.level == .default && d["label"]?.ruleIndex == nil)
        #expect(d["field"]?.isMasked == false)
        #expect(d["password"]?.isMasked == true && d["password"]?.isSecure == true)
        #expect(d["image"]?.isMasked == false)
        #expect(d["map"]?.isMasked == true)
        // Not a dimension: `default`.
        #expect(d["root"]?.isMasked == true && d["button"]?.isMasked == true)
        #expect(d["title"]?.isMasked == false)
        #expect(d["kept"]?.isMasked == true && d["kept"]?.level == .instance)
    }

    @Test("a module-qualified input class takes text input: `__C.UITextField` (String(reflecting:)) and `UIKit.UITextField`")
    func qualifiedInputClasses() {
        let names = ["UIKit.UITextField", "__C.UITextField", "UIKit.UITextView", "UIKit.UISearchTextField", "MyApp.UITextField"]
        for name in names { #expect(TypeCatalog.isTextInputClass(name), "\(name)") }
        for name in ["UIKit.UILabel", "__C.UILabel", "UITextField.", "UITextFieldLabelView", "My.TextFieldish"] { #expect(!TypeCatalog.isTextInputClass(name), "\(name)") }
        var children = names.enumerated().map { N("q\($0.offset)", $0.element, [N("c\($0.offset)", "UILabel")]) }
        children.append(N("given", "PinField", superclasses: ["__C.UITextField", "UIControl", "UIView"]))
        children.append(N("label", "__C.UILabel"))
        let built = build(N("root", "UIView", children))
        // Inputs masked by their dimension's default, text shown: every qualified field
        // and what it draws inside is masked; a label is not.
        var d = decided(MaskingPolicy(default: .mask, defaults: DimensionDefaults(text: .unmask, inputs: .mask)), built)
        for index in names.indices {
            #expect(d["q\(index)"]?.isMasked == true, "\(names[index])")
            #expect(d["c\(index)"]?.isMasked == true, "inside \(names[index])")
        }
        #expect(d["given"]?.isMasked == true)
        #expect(d["label"]?.isMasked == false)
        // `kind: input` selects them too.
        d = decided(MaskingPolicy(default: .unmask, rules: [MaskRule(.mask, .kind(.input))]), built)
        for index in names.indices { #expect(d["q\(index)"]?.isMasked == true && d["q\(index)"]?.level == .type, "\(names[index])") }
        #expect(d["given"]?.isMasked == true && d["label"]?.isMasked == false)
        let table = DecisionTable(policy: MaskingPolicy(default: .unmask))
        #expect(table.catalog.selectorKind(along: ["__C.UITextField", "UIControl", "UIView"]) == .input)
        #expect(table.catalog.isTextInput("UIKit.UITextView"))
    }

    @Test("a view inside a text input takes the inputs' default when it is stricter: a field's child label holds what users type")
    func insideInputs() {
        let built = build(N("root", "UIView", [
            N("field", "UITextField", [N("typed", "UILabel", id: "typed", [N("deeper", "UIImageView")])]),
            N("label", "UILabel"),
            N("search", "UISearchBar", [N("query", "UITextField", [N("queryText", "UILabel")])]),
        ]))
        // Inputs masked, text and images shown: the field's children are masked with it.
        var d = decided(MaskingPolicy(default: .unmask, defaults: DimensionDefaults(inputs: .mask)), built)
        #expect(d["field"]?.isMasked == true)
        #expect(d["typed"]?.isMasked == true && d["typed"]?.level == .default && d["typed"]?.ruleIndex == nil)
        #expect(d["deeper"]?.isMasked == true)
        #expect(d["label"]?.isMasked == false)
        #expect(d["queryText"]?.isMasked == true)
        // The inputs' default from `default`: the same.
        d = decided(MaskingPolicy(default: .mask, defaults: DimensionDefaults(text: .unmask, images: .unmask)), built)
        #expect(d["typed"]?.isMasked == true && d["deeper"]?.isMasked == true && d["label"]?.isMasked == false)
        // Inputs shown, text masked: the stricter one stays (a child is never loosened).
        d = decided(MaskingPolicy(default: .unmask, defaults: DimensionDefaults(text: .mask, inputs: .unmask)), built)
        #expect(d["field"]?.isMasked == false && d["typed"]?.isMasked == true && d["deeper"]?.isMasked == false)
        // Rules still decide first: an instance unmask on the child shows it.
        let rule = MaskRule(.unmask, .id(GlobPattern("typed")), recursive: false)
        d = decided(MaskingPolicy(default: .unmask, rules: [rule], defaults: DimensionDefaults(inputs: .mask)), built)
        #expect(d["typed"]?.isMasked == false && d["typed"]?.level == .instance && d["deeper"]?.isMasked == true)
    }

    @Test("value pickers are inputs: the value they show (a birth date, a country) is what the user chose")
    func valuePickers() {
        let pickers = [
            "UIDatePicker", "UIPickerView", "android.widget.Spinner", "Spinner", "androidx.appcompat.widget.AppCompatSpinner",
            "android.widget.DatePicker", "android.widget.TimePicker", "android.widget.NumberPicker", "SwiftUI.DatePicker",
            "SwiftUI.Picker", "XCUIElementTypeDatePicker", "XCUIElementTypePicker", "XCUIElementTypePickerWheel", "CountryPickerView",
        ]
        for name in pickers { #expect(TypeCatalog.isTextInputClass(name) || TypeCatalog.builtin.isTextInput(name), "\(name)") }
        for name in ["Picker", "UIImageView", "PickerLabel", "SpinnerLabel", "UISegmentedControl"] {
            #expect(!TypeCatalog.builtin.isTextInput(name), "\(name)")
        }
        // A date picker's wheels draw the chosen value in labels (UIKit) or text views
        // (Android): under `defaults: {text: unmask, inputs: mask}` (Datadog's
        // `maskAllInputs`) they are masked; a label beside is not.
        let built = build(N("root", "UIView", [
            N("date", "UIDatePicker", [N("wheel", "UIPickerView", [N("day", "UILabel")])]),
            N("spinner", "android.widget.Spinner", [N("chosen", "android.widget.TextView")]),
            N("label", "UILabel"),
        ]))
        var d = decided(MaskingPolicy(default: .unmask, defaults: DimensionDefaults(text: .unmask, inputs: .mask)), built)
        for id in ["date", "wheel", "day", "spinner", "chosen"] { #expect(d[id]?.isMasked == true, "\(id)") }
        #expect(d["label"]?.isMasked == false)
        // `kind: input` selects them.
        d = decided(MaskingPolicy(default: .unmask, rules: [MaskRule(.mask, .kind(.input))]), built)
        #expect(d["date"]?.isMasked == true && d["date"]?.level == .type && d["spinner"]?.isMasked == true)
        #expect(d["label"]?.isMasked == false)
    }

    @Test("mask-non-bundled shows bundle and asset images only; an unknown source is not bundled")
    func bundledImages() {
        var tree = ViewTree(screen: nil)
        let root = tree.append(ViewFacts(className: "UIView"), parent: nil)
        for source in [ImageSource.bundle, .asset, .remote, .user, nil] {
            tree.append(ViewFacts(className: "UIImageView", imageSource: source), parent: root)
        }
        let policy = MaskingPolicy(default: .unmask, defaults: DimensionDefaults(images: .maskNonBundled))
        let decisions = DecisionTable(policy: policy).resolve(tree)
        #expect(decisions == ReferenceResolver(policy: policy).resolve(tree))
        #expect(decisions.map(\.isMasked) == [false, false, false, true, true, true])
    }

    @Test("a decision the safety net makes is masked, level 0, and names its detector")
    func detectedDecision() {
        let table = DecisionTable(policy: MaskingPolicy(default: .unmask, detectors: [.phone, .email]))
        let shown = MaskDecision(isMasked: false, level: .default, ruleIndex: nil, kind: .text, isSecure: false, emitsChildren: true)
        let detected = table.safetyNet(shown, content: ["Hello", "write to jane@example.com"])
        #expect(detected.isMasked && detected.level == .detector && detected.detector == .email && detected.ruleIndex == nil)
        #expect(table.safetyNet(shown, content: ["Hello", "Add to bag"]) == shown)
        // Only the policy's detectors run.
        #expect(table.detector(matching: "IBAN DE89 3704 0044 0532 0130 00") == nil)
        #expect(DecisionTable(policy: MaskingPolicy(default: .unmask)).safetyNet(shown, content: ["jane@example.com"]) == shown)
        // Masked views stay as they were.
        var masked = shown
        masked.isMasked = true
        #expect(table.safetyNet(masked, content: ["jane@example.com"]) == masked)
    }

    @Test("scan's byte gates never skip a detector that would match: against every detector run, on generated text")
    func scanGates() {
        var rng = SplitMix64(seed: 29)
        let pieces = ["jane", "@", "example.com", "4111 1111 1111 1111", "+1 415 555 0100", "DE89 3704 0044 0532 0130 00",
                      "sk_live_", "sk-proj-", "ghp_", "github_pat_", "glpat-", "xoxb-", "xapp-", "AKIA", "AIza", "ya29.", "shpat_",
                      "abcdEFGH1234", "AbCdEfGhIjKlMnOpQrStUvWx", "-----BEGIN RSA PRIVATE KEY-----", "-----", " ", "\n", "'", "\"", ",",
                      "é", "12", "-", "AB", "123-45-6789", "QQ 12 34 56 C", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc",
                      "日本", "0", "٠١٢٣٤٥٦٧٨٩", "０１２３４５６７８９", "＠", "(415) 555-0100", "07700 900123", "GB82WEST12345698765432",
                      "la", "lalala", "XXXXXXXXXXXXXXXXXXXXXXXX", "_", "/", "=", "+"]
        var flagged = 0
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...8, using: &rng)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &rng)] }.joined()
            let found = ValueDetectors.scan(text)
            if !found.isEmpty { flagged += 1 }
            #expect(found == ValueDetectors.scanUngated(text), "\(text.debugDescription)")
        }
        #expect(flagged > 2_000)
    }

    @Test("the safety net's byte prefilter never skips text the detectors flag")
    func prefilter() {
        var rng = SplitMix64(seed: 18)
        let pieces = ["jane", "@", "example.com", "4111 1111 1111 1111", "+1 415 555 0100", "DE89 3704 0044 0532 0130 00",
                      "sk_live_", "abcdEFGH1234", "-----BEGIN RSA PRIVATE KEY-----", " ", "\n", "'", "\"", ",", "é", "12", "-", "AB",
                      "123-45-6789", "QQ 12 34 56 C", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc", "日本", "0"]
        var flagged = 0
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...6, using: &rng)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &rng)] }.joined()
            let found = !ValueDetectors.scan(text).isEmpty
            if found { flagged += 1 }
            #expect(!found || ValueDetectors.mayMatch(text.utf8), "prefilter skips \(text.debugDescription)")
        }
        #expect(flagged > 1_000)
        #expect(!ValueDetectors.mayMatch("Add to bag".utf8) && !ValueDetectors.mayMatch("Total: $12".utf8))
    }
}
