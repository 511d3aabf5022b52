import Foundation
import Testing

/// Per-dimension defaults by the content a view carries: `default: unmask` with
/// `defaults: {text: mask}` masks the text a view of no dimension (a button, a cell, a
/// Compose `View`) holds itself, in `apply`, `explain` and `encode` alike; rules and the
/// views of a dimension decide as before.
@Suite("Defaults by carried content")
struct ContentDefaultsTests {
    static let tree = #"""
        {"screen":"Profile","root":{"class":"UIView","frame":{"x":0,"y":0,"width":400,"height":800},"children":[
        {"class":"UIButton","id":"pay","frame":{"x":0,"y":0,"width":200,"height":40},"text":"Pay LEAKA Jane"},
        {"class":"UITableViewCell","id":"row","frame":{"x":0,"y":50,"width":400,"height":40},"accessibilityLabel":"Jane Doe, LEAKB balance"},
        {"class":"android.view.View","id":"compose","frame":{"x":0,"y":100,"width":400,"height":40},"subtitle":"LEAKC Jayesh"},
        {"class":"UIView","id":"pin","frame":{"x":0,"y":150,"width":400,"height":40},"text":4242},
        {"class":"UIView","id":"plain","frame":{"x":0,"y":200,"width":400,"height":40},"text":""},
        {"class":"UIButton","id":"avatar","frame":{"x":0,"y":250,"width":40,"height":40},"image":{"source":"user","url":"LEAKD"}},
        {"class":"UIButton","id":"logo","frame":{"x":0,"y":300,"width":40,"height":40},"image":{"source":"bundle","url":"logo"}},
        {"class":"UILabel","id":"title","frame":{"x":0,"y":350,"width":400,"height":40},"text":"LEAKE title"},
        {"class":"UIButton","id":"help","frame":{"x":0,"y":400,"width":200,"height":40},"text":"Help"}]}}
        """#

    static let policy = """
        version: 1.1
        default: unmask
        defaults: { text: mask, inputs: mask, images: mask-non-bundled }
        rules:
          - unmask: { id: help }
            reason: static copy
        """

    /// Writes the tree and a policy to a fresh folder.
    static func files(policy: String = policy) throws -> (tree: String, policy: String, folder: URL) {
        try CLIHarness.treeAndPolicy("maskc-content-defaults", tree: Self.tree, policy: policy)
    }

    @Test("apply: text and images a view of no dimension carries follow their dimension's default; rules still decide")
    func apply() throws {
        let (tree, policy, _) = try Self.files()
        let result = try CLIHarness.run(["apply", tree, "--policy", policy])
        #expect(result.exit == 0, "\(result.stderr)")
        for leak in ["LEAKA", "LEAKB", "LEAKC", "4242", "LEAKD", "LEAKE", "Jane", "Jayesh"] {
            #expect(!result.stdout.contains(leak), "\(leak): \(result.stdout)")
        }
        // A bundled image is shown; an instance unmask decides its view; a view with
        // nothing to carry stays as `default` says.
        #expect(result.stdout.contains(#""url":"logo""#) && result.stdout.contains(#""text":"Help""#), "\(result.stdout)")
        #expect(result.stdout.contains(#""id":"plain","frame":{"x":0,"y":200,"width":400,"height":40},"text":"""#), "\(result.stdout)")
    }

    @Test("user text in a structural field (a flag, an enumeration, geometry, a font) is text the view carries; fields of their shapes are not")
    func structuralFieldsOutOfShape() throws {
        let (tree, policy, _) = try CLIHarness.treeAndPolicy("maskc-content-structural", tree: #"""
            {"root":{"class":"UIView","children":[
            {"class":"UISegmentedControl","id":"country","selected":"Jane Doe, 12 Main Street"},
            {"class":"UIButton","id":"card","isSelected":"Visa LEAKF"},
            {"class":"UIView","id":"kb","keyboardType":"jane.doe@example.com"},
            {"class":"UIView","id":"geo","frame":{"x":"LEAKG","y":0,"width":10,"height":10}},
            {"class":"UIView","id":"font","font":{"name":"Helvetica","note":"LEAKH"}},
            {"class":"UIView","id":"bg","backgroundColor":"LEAKI Jones"},
            {"class":"UIView","id":"fk","frame":{"x":0,"y":0,"width":1,"height":1,"jane.doe@example.com":2}},
            {"class":"UIView","id":"bk","bounds":{"x":0,"y":0,"width":1,"height":1,"sk_live_51HxYzAbCdEfGhIjKlMnOpQr":1}},
            {"class":"UIView","id":"ok","selected":true,"keyboardType":"numberPad","backgroundColor":"#FF0000","font":{"name":"Helvetica","size":12},"frame":{"x":0,"y":0,"width":10,"height":10}}]}}
            """#, policy: "version: 1.1\ndefault: unmask\ndefaults: { text: mask }\n")
        let result = try CLIHarness.run(["apply", tree, "--policy", policy, "--explain"])
        #expect(result.exit == 0, "\(result.stderr)")
        for leak in ["Jane", "Main Street", "LEAKF", "jane.doe", "LEAKG", "LEAKH", "LEAKI", "sk_live"] {
            #expect(!result.stdout.contains(leak), "\(leak): \(result.stdout)")
        }
        let explained = try CLIHarness.run(["explain", tree, "--policy", policy])
        #expect(explained.stdout.components(separatedBy: "masked, level 5: defaults.text mask").count - 1 == 8, "\(explained.stdout)")
        // The safety net reads a key or token as a geometry field's member name too, and a
        // masked view masks it.
        for (policy, expected) in [("version: 1.1\ndefault: unmask\ndetect: [secret]\n", #""rule":"detect:secret""#), ("version: 1\ndefault: mask\n", #""masked":true"#)] {
            let (keyed, keyedPolicy, _) = try CLIHarness.treeAndPolicy("maskc-content-geometry-key", tree: #"""
                {"class":"UIView","frame":{"x":0,"y":0,"width":1,"height":1,"sk_live_51HxYzAbCdEfGhIjKlMnOpQr":1}}
                """#, policy: policy)
            let applied = try CLIHarness.run(["apply", keyed, "--policy", keyedPolicy, "--explain"])
            #expect(applied.exit == 0 && !applied.stdout.contains("sk_live") && applied.stdout.contains(expected), "\(applied.stdout)")
        }
        #expect(explained.stdout.contains("ok UIView [other] shown, level 5: default unmask"), "\(explained.stdout)")
    }

    @Test("explain names the dimension that masked a view for what it carries")
    func explain() throws {
        let (tree, policy, _) = try Self.files()
        let result = try CLIHarness.run(["explain", tree, "--policy", policy])
        #expect(result.exit == 0, "\(result.stderr)")
        #expect(result.stdout.contains("UIButton [other] masked, level 5: defaults.text mask (the view carries text and its kind has no default of its own)"), "\(result.stdout)")
        #expect(result.stdout.contains("defaults.images mask-non-bundled (the view carries an image and its kind has no default of its own)"), "\(result.stdout)")
        #expect(result.stdout.contains("UIView [other] shown, level 5: default unmask"), "\(result.stdout)")
    }

    @Test("encode sends no text a view of no dimension carries when defaults.text masks")
    func encode() throws {
        let (tree, policy, folder) = try Self.files()
        let bytes = try CLIHarness.encodedBytes(tree, policy: policy, in: folder).bytes
        for leak in ["LEAKA", "LEAKE", "Jane", "4242"] { #expect(bytes.range(of: Data(leak.utf8)) == nil, "\(leak)") }
    }

    @Test("without a stricter dimension default nothing changes: text shown where default and defaults.text unmask")
    func unchangedWithoutStricterDefaults() throws {
        for policy in ["version: 1.1\ndefault: unmask\ndefaults: { text: unmask, inputs: mask }\n", "version: 1\ndefault: unmask\n"] {
            let (tree, path, _) = try Self.files(policy: policy)
            let result = try CLIHarness.run(["apply", tree, "--policy", path])
            #expect(result.exit == 0 && result.stdout.contains("Pay LEAKA Jane") && result.stdout.contains("LEAKC Jayesh"), "\(result.transcript)")
            // The label follows defaults.text as before.
            #expect(result.stdout.contains("LEAKE title"), "\(result.stdout)")
        }
    }

    @Test("fields of React Native, Flutter, MDC, Stripe, search views and Android by simple name follow defaults.inputs without superclasses")
    func libraryInputs() throws {
        let names = ["RCTUITextField", "RCTUITextView", "com.facebook.react.views.textinput.ReactEditText", "FlutterTextInputView",
                     "MDCOutlinedTextField", "STPFormTextField", "androidx.appcompat.widget.SearchView$SearchAutoComplete",
                     "XCUIElementTypeComboBox",
                     // Android's fields by simple name, and in the support library's packages.
                     "EditText", "ReactEditText", "AppCompatEditText", "android.support.v7.widget.AppCompatEditText",
                     "android.support.design.widget.TextInputEditText", "android.support.v7.widget.SearchView$SearchAutoComplete",
                     "android.widget.SearchView.SearchAutoComplete", "android.inputmethodservice.ExtractEditText",
                     // By the ending of their names: Stripe, Xamarin and MAUI, Flutter's
                     // secure field, Compose Multiplatform, React Native's new architecture,
                     // UIKit's field editor, PIN views, nested editors.
                     "com.stripe.android.view.CvcEditText", "crc64a0e0a82d0dbef0c4.FormsEditText", "Microsoft.Maui.Platform.MauiAppCompatEditText",
                     "MauiTextField", "FlutterSecureTextInputView", "IntermediateTextInputUIView", "RCTTextInputComponentView",
                     "UIFieldEditor", "_UITextFieldCanvasView", "STPInputTextField", "com.chaos.view.PinView",
                     "androidx.leanback.widget.GuidedActionEditText", "android.widget.NumberPicker$CustomEditText"]
        let children = names.enumerated().map { #"{"class":"\#($1)","id":"f\#($0)","text":"LEAK\#($0) jane@example.com"}"# }
        let (tree, policy, _) = try CLIHarness.treeAndPolicy(
            "maskc-library-inputs", tree: #"{"root":{"class":"UIView","children":["# + children.joined(separator: ",") + #",{"class":"UILabel","text":"shown"}]}}"#,
            policy: "version: 1.1\ndefault: unmask\ndefaults: { inputs: mask }\n")
        let result = try CLIHarness.run(["apply", tree, "--policy", policy])
        #expect(result.exit == 0 && !result.stdout.contains("LEAK") && result.stdout.contains(#""text":"shown""#), "\(result.transcript)")
        let explained = try CLIHarness.run(["explain", tree, "--policy", policy])
        // Those named for secure entry (Stripe's CVC field, Flutter's secure field, a PIN
        // view) are secure text, masked whatever the defaults.
        let secure = ["com.stripe.android.view.CvcEditText", "FlutterSecureTextInputView", "com.chaos.view.PinView"]
        #expect(explained.stdout.components(separatedBy: "[other] masked, level 5: defaults.inputs mask").count - 1 == names.count - secure.count,
                "\(explained.stdout)")
        for name in secure { #expect(explained.stdout.contains("\(name) [secure-text] masked"), "\(name): \(explained.stdout)") }
    }
    @Test("audit and render name what decided a view without a rule: the dimension's default, the inputs' default around it, not 'default'")
    func decidedWithoutRule() throws {
        let (tree, policy, _) = try CLIHarness.treeAndPolicy(
            "maskc-decided-by", tree: #"{"root":{"class":"UIView","frame":{"x":0,"y":0,"width":100,"height":100},"children":[{"class":"UILabel","text":"jane@example.com","frame":{"x":0,"y":0,"width":50,"height":20}},{"class":"UITextField","text":"x","frame":{"x":0,"y":50,"width":50,"height":20},"children":[{"class":"UILabel","text":"typed","frame":{"x":0,"y":0,"width":50,"height":20}}]}]}}"#,
            policy: "version: 1.1\ndefault: mask\ndefaults: { text: unmask, inputs: mask }\n")
        let audit = try CLIHarness.run(["audit", tree, "--policy", policy])
        #expect(audit.stdout.contains("email sent in clear in 'text' (defaults.text unmask)"), "\(audit.transcript)")
        #expect(!audit.stdout.contains("(default mask)"), "\(audit.stdout)")
        let out = URL(fileURLWithPath: tree).deletingLastPathComponent().appendingPathComponent("screen.svg").path
        let render = try CLIHarness.run(["render", tree, "--policy", policy, "-o", out])
        #expect(render.exit == 0, "\(render.transcript)")
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.contains("UILabel · text · unmasked · EXPOSED · default: defaults.text unmask"), "\(svg)")
        #expect(svg.contains("UIView · other · masked · default</title>"), "\(svg)")
        #expect(svg.contains(": defaults.inputs mask (inside a text input)"), "\(svg)")
    }
    @Test("check --trees: an ancestor's unmask exposing a label inside a field, or a button's own text under defaults.text, is exposed-by-ancestor")
    func exposedByAncestorContent() throws {
        let tree = #"{"root":{"class":"UIView","id":"form","children":[{"class":"UITextField","text":"jane","children":[{"class":"UILabel","text":"jane"}]},{"class":"UIButton","text":"Message Jane"},{"class":"UIView"}]}}"#
        let rules = "rules:\n  - unmask: { id: form }\n    reason: form chrome\n"
        // The field and the label inside it (the inputs' default is stricter there than
        // the label's own); the button's text is shown by defaults.text.
        let (inputsTree, inputs, _) = try CLIHarness.treeAndPolicy(
            "maskc-exposed-inputs", tree: tree, policy: "version: 1.1\ndefault: unmask\ndefaults: { text: unmask, inputs: mask }\n" + rules)
        let result = try CLIHarness.run(["check", inputs, "--trees", inputsTree])
        #expect(result.stdout.contains("unmasks 2 views that 'defaults: {inputs: mask}' masks"), "\(result.transcript)")
        // A recursive type rule on the form's class hands its unmask down as well (level 4).
        let typed = tree.replacingOccurrences(of: #""class":"UIView","id":"form""#, with: #""class":"FormView""#)
        let (typeTree, typePolicy, _) = try CLIHarness.treeAndPolicy(
            "maskc-exposed-type", tree: typed,
            policy: "version: 1.1\ndefault: mask\ndefaults: { inputs: mask }\ntypes:\n  FormView: { extends: UIView }\nrules:\n  - unmask: { type: FormView }\n    reason: form chrome\n")
        let byType = try CLIHarness.run(["check", typePolicy, "--trees", typeTree])
        #expect(byType.stdout.contains("unmasks 2 views that 'defaults: {inputs: mask}' masks"), "\(byType.transcript)")
        // A field below a map is never sent: nothing to report.
        let (mapTree, mapPolicy, _) = try CLIHarness.treeAndPolicy(
            "maskc-exposed-map", tree: #"{"root":{"class":"UIView","id":"form","children":[{"class":"MKMapView","children":[{"class":"UITextField","text":"jane"}]}]}}"#,
            policy: "version: 1.1\ndefault: unmask\ndefaults: { inputs: mask }\n" + rules)
        let underMap = try CLIHarness.run(["check", mapPolicy, "--trees", mapTree])
        #expect(!underMap.stdout.contains("exposed-by-ancestor"), "\(underMap.transcript)")
        #expect(!result.stdout.contains("'defaults: {text"), "\(result.transcript)")
        // The label (its own dimension) and the button (by the text it carries); the
        // field's default is the policy's unmask, and the empty view carries nothing.
        let (textTree, text, _) = try CLIHarness.treeAndPolicy(
            "maskc-exposed-text", tree: tree, policy: "version: 1.1\ndefault: unmask\ndefaults: { text: mask }\n" + rules)
        let content = try CLIHarness.run(["check", text, "--trees", textTree])
        #expect(content.stdout.contains("unmasks 2 views that 'defaults: {text: mask}' masks"), "\(content.transcript)")
        // An image's own label follows defaults.text on level 5: exposed by the unmask too.
        let (imageTree, imagePolicy, _) = try CLIHarness.treeAndPolicy(
            "maskc-exposed-image-text", tree: #"{"root":{"class":"UIView","id":"form","children":[{"class":"UIImageView","accessibilityLabel":"Photo of Jane Doe"}]}}"#,
            policy: "version: 1.1\ndefault: unmask\ndefaults: { text: mask }\n" + rules)
        let image = try CLIHarness.run(["check", imagePolicy, "--trees", imageTree])
        #expect(image.stdout.contains("unmasks 1 view that 'defaults: {text: mask}' masks"), "\(image.transcript)")
        #expect(!content.stdout.contains("'defaults: {inputs"), "\(content.transcript)")
    }
}
