import Foundation
import Testing
import MaskEngine
@testable import MaskJSON
@testable import MaskPreview

/// Renders a JSON tree with a YAML policy.
func rendered(_ bytes: [UInt8], policy: String = maskAllPolicy, mode: ScreenRenderer.Mode = .masked,
              sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let table = try compileTable(policy, sourceLocation: sourceLocation)
    let masker = TreeMasker(table: table)
    let document = try masker.read(bytes, file: "t.json")
    return ScreenRenderer(document: document, decisions: masker.decide(document), table: table).render(mode)
}

func rendered(_ json: String, policy: String = maskAllPolicy, mode: ScreenRenderer.Mode = .masked,
              sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    try rendered(Array(json.utf8), policy: policy, mode: mode, sourceLocation: sourceLocation)
}

/// How many times `needle` occurs in `hay` (non-overlapping).
func occurrences(of needle: String, in hay: String) -> Int {
    hay.components(separatedBy: needle).count - 1
}

@Suite("Screen renderer (SVG preview)")
struct ScreenRendererTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func file(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(path)))
    }

    @Test("the masked rendering holds no original text of a masked view; the wireframe holds it")
    func noMaskedOriginals() throws {
        let sales = try Self.file("Examples/sales-view-controller.json")
        let policy = String(decoding: try Self.file("Policies/retail-app.yaml"), as: UTF8.self)
        let svg = try rendered(sales, policy: policy)
        // Masked (or secure, or under a map) in the retail policy.
        for original in ["On sale", "Hello", "Jane", "Appleseed", "JANE-2026", "Promo code", "hunter", "avatar-jane", "12 Main Street", "Main"] {
            #expect(!svg.contains(original), "masked SVG contains '\(original)'")
        }
        // Unmasked by the dichotomy rule: exposed, shown in clear and outlined.
        #expect(svg.contains(">New arrivals<"))
        #expect(svg.contains(">For kids<"))
        #expect(occurrences(of: "class=\"exposed\"", in: svg) == 2 + 1)  // two views and the legend swatch
        #expect(svg.contains("2 views sent in clear"))
        #expect(svg.contains(">lalal lala alalalala<"))  // Hello Jane Appleseed
        #expect(svg.contains(">••••••••<"))  // hunter 2

        let wireframe = try rendered(sales, policy: policy, mode: .wireframe)
        for original in ["On sale", "Hello Jane Appleseed", "JANE-2026", "12 Main Street"] {
            #expect(wireframe.contains(original), "wireframe lacks '\(original)'")
        }
        // But never a password: secure text is bullets, as sent.
        #expect(!wireframe.contains("hunter") && wireframe.contains(">••••••••<"))
        #expect(wireframe.contains("UNMASKED WIREFRAME"))
        #expect(!wireframe.contains("class=\"exposed\""))
    }

    @Test("the wireframe draws a container repeating a secure view's text (its label naming the password) as bullets")
    func wireframeEchoOfSecureText() throws {
        let json = #"{"screen":"Login","root":{"class":"UIView","accessibilityLabel":"Password, HUNTER2x","frame":{"x":0,"y":0,"width":300,"height":300},"children":[{"class":"UITextField","isSecureTextEntry":true,"text":"hunter2x","frame":{"x":0,"y":0,"width":200,"height":40}}]}}"#
        for policy in [maskAllPolicy, "version: 1\ndefault: unmask\n"] {
            let wireframe = try rendered(Array(json.utf8), policy: policy, mode: .wireframe)
            #expect(!wireframe.lowercased().contains("hunter2x"), "\(wireframe)")
            #expect(wireframe.contains(">••••••••<"))
        }
        // Compared as the echo guard compares: case (a Greek final sigma), width,
        // invisible characters, runs of spaces.
        let spellings = [("Password, οδυσσεας", "ΟΔΥΣΣΕΑΣ"), ("Password, tr0ub4dor  horse", "tr0ub4dor horse"),
                         ("pw sec1f", "ｓｅｃ1f"), ("pw sec1g", "se\u{200B}c1g")]
        for (label, secret) in spellings {
            let tree = #"{"root":{"class":"UIView","accessibilityLabel":"\#(label)","frame":{"x":0,"y":0,"width":300,"height":300},"children":[{"class":"UITextField","isSecureTextEntry":true,"text":"\#(secret)","frame":{"x":0,"y":0,"width":200,"height":40}}]}}"#
            let drawn = try rendered(Array(tree.utf8), policy: "version: 1\ndefault: unmask\n", mode: .wireframe)
            #expect(!drawn.contains(label), "\(label)")
        }
        // With no secure view, the container's label is drawn as captured.
        let plain = json.replacingOccurrences(of: #""isSecureTextEntry":true,"#, with: "")
        #expect(try rendered(Array(plain.utf8), policy: maskAllPolicy, mode: .wireframe).contains("Password, HUNTER2x"))
        // Many secure views: any text above one is drawn as secure text.
        let fields = (0..<70).map { #"{"class":"UITextField","isSecureTextEntry":true,"text":"pw\#($0)","frame":{"x":0,"y":\#($0),"width":10,"height":1}}"# }
        let many = #"{"root":{"class":"UIView","accessibilityLabel":"Sign in","frame":{"x":0,"y":0,"width":300,"height":300},"children":["# + fields.joined(separator: ",") + "]}}"
        #expect(!(try rendered(Array(many.utf8), policy: maskAllPolicy, mode: .wireframe)).contains("Sign in"))
    }

    @Test("no masked text of any field leaks, whatever field or kind carries it")
    func noLeakAcrossFields() throws {
        var children: [String] = []
        let classes = ["UILabel", "UITextField", "UIView", "UIImageView", "SwiftUI.Text", "WKWebView", "UIButton", "MKMapView"]
        for (index, name) in classes.enumerated() {
            let y = index * 50
            children.append(#"{"class":"\#(name)","text":"Secret\#(index)Text","placeholder":"Secret\#(index)Place","accessibilityLabel":"Secret\#(index)Label","accessibilityValue":"Secret\#(index)Value","image":"Secret\#(index)Image","extra":"Secret\#(index)Extra","frame":{"x":0,"y":\#(y),"width":300,"height":40}}"#)
        }
        let json = #"{"screen":"S","root":{"class":"UIView","frame":{"x":0,"y":0,"width":300,"height":400},"children":[\#(children.joined(separator: ","))]}}"#
        let svg = try rendered(json, policy: maskAllPolicy)
        #expect(!svg.contains("Secret"))
        #expect(!svg.contains("ecre"))
        // With everything unmasked the same tree shows its text (secure aside).
        let open = try rendered(json, policy: unmaskAllPolicy)
        #expect(open.contains("Secret0Text"))
        #expect(open.contains("sent in clear"))
    }

    @Test("text and names are escaped for XML")
    func escaping() throws {
        let json = #"{"screen":"<S&'\">","root":{"class":"My<View>&","accessibilityIdentifier":"a\"b'c\u0002","text":"x<y & \"z\" 'w'> \u0001 \uFFFE","frame":{"x":0,"y":0,"width":390,"height":40}}}"#
        let svg = try rendered(json, policy: unmaskAllPolicy)
        // In laid-out text a control character is a space; U+FFFE is not XML, so U+FFFD.
        #expect(svg.contains("x&lt;y &amp; &quot;z&quot; &apos;w&apos;&gt;   \u{FFFD}"))
        // In the tooltip a control character is U+FFFD.
        #expect(svg.contains("My&lt;View&gt;&amp; a&quot;b&apos;c\u{FFFD}"))
        #expect(!svg.contains("\u{02}"))
        #expect(svg.contains("&lt;S&amp;&apos;&quot;&gt;"))
        #expect(!svg.contains("\u{01}"))
        #expect(!svg.contains("My<View>"))
        #expect(!svg.contains("x<y"))
        #expect(!svg.contains("\u{FFFE}"))
    }

    @Test("images, maps and SwiftUI text are placeholders; a map's subtree is not drawn")
    func placeholders() throws {
        let json = #"""
        {"class":"UIView","frame":{"x":0,"y":0,"width":390,"height":844},"children":[
          {"class":"UIImageView","image":"a.png","frame":{"x":0,"y":0,"width":100,"height":100}},
          {"class":"SwiftUI.Text","text":"swift","frame":{"x":0,"y":100,"width":200,"height":20}},
          {"class":"MKMapView","frame":{"x":0,"y":200,"width":390,"height":200},
           "children":[{"class":"UILabel","text":"under the map","frame":{"x":10,"y":210,"width":100,"height":20}}]}
        ]}
        """#
        let svg = try rendered(json)
        #expect(svg.contains(">IMG</text>"))
        #expect(svg.contains(">MAP</text>"))
        #expect(svg.contains("<rect class=\"rect\" x=\"0\" y=\"100\" width=\"200\" height=\"20\"/>"))
        #expect(!svg.contains("y=\"210\""))
        #expect(!svg.contains("UILabel"))
        #expect(!svg.contains("swift<"))
        // Unmasked, the image is exposed and SwiftUI text shown; the map stays a placeholder.
        let open = try rendered(json, policy: unmaskAllPolicy)
        #expect(open.contains(">MAP</text>"))
        #expect(open.contains(">swift<"))
        #expect(open.contains(">image</text>"))
        #expect(open.contains("2 views sent in clear"))
        #expect(!open.contains("under the map"))
        // The wireframe draws the map's subtree as captured.
        let wireframe = try rendered(json, mode: .wireframe)
        #expect(wireframe.contains("under the map"))
    }

    @Test("frames: missing ones are skipped but their children drawn; bad sizes ignored; numbers stable")
    func frames() throws {
        let json = #"""
        {"class":"UIView","children":[
          {"class":"UIView","children":[{"class":"UIView","frame":{"x":10.5,"y":20.333,"width":100.004,"height":1e2}}]},
          {"class":"UIView","frame":{"x":0,"y":0,"width":-5,"height":10}},
          {"class":"UIView","frame":{"x":0,"y":0,"width":1e400,"height":10}},
          {"class":"UIView","frame":{"x":0,"y":0,"width":"wide","height":10}},
          {"class":"UIView","frame":null},
          {"class":"UIView","frame":{"x":-2.5,"y":1,"width":2.1,"height":3}}
        ]}
        """#
        let svg = try rendered(json)
        #expect(svg.contains("<rect class=\"v\" x=\"10.5\" y=\"20.33\" width=\"100\" height=\"100\"/>"))
        #expect(svg.contains("<rect class=\"v\" x=\"-2.5\" y=\"1\" width=\"2.1\" height=\"3\"/>"))
        #expect(occurrences(of: "<g><title>", in: svg) == 2)
        // No root frame: the canvas is the union of the drawn frames.
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-2.5 1 113 "))
        #expect(!svg.contains("inf"))
        #expect(!svg.contains("nan"))
        #expect(try rendered(json) == svg, "rendering is deterministic")
    }

    @Test("frames kept as one geometry token are read too")
    func compactGeometry() throws {
        let json = #"{"class":"UIView","frame":{"x":1.5,"y":2,"width":30,"height":40},"children":[{"class":"UILabel","text":"hi","frame":{ "x" : 2, "y" : 3, "width" : 20, "height" : 10 }}]}"#
        let table = try compileTable(unmaskAllPolicy)
        let masker = TreeMasker(table: table)
        let plain = try masker.read(Array(json.utf8), file: "t.json")
        let tape = try JSONReader.parse(Array(json.utf8), compactGeometry: true)
        #expect(tape.tokens.contains { $0.kind == .raw })
        let views = tape.tokens.indices.filter { tape.tokens[$0].kind == .objectStart }.map(Int32.init)
        let compact = TreeDocument(layout: TreeLayout(tape: tape, viewTokens: views, isWrapped: false, screen: nil), tree: plain.tree)
        let expected = ScreenRenderer(document: plain, decisions: masker.decide(plain), table: table).render()
        let actual = ScreenRenderer(document: compact, decisions: masker.decide(plain), table: table).render()
        #expect(actual == expected)
        #expect(actual.contains("x=\"2\" y=\"3\" width=\"20\" height=\"10\""))
    }

    @Test("long text is cut to its frame")
    func longText() throws {
        let long = String(repeating: "word ", count: 20_000)
        let json = #"{"class":"UILabel","text":"\#(long)","frame":{"x":0,"y":0,"width":390,"height":24}}"#
        let svg = try rendered(json, policy: unmaskAllPolicy)
        #expect(svg.contains("…</tspan>"))
        #expect(svg.utf8.count < 5_000)
        let wrapped = try rendered(#"{"class":"UILabel","text":"\#(long)","frame":{"x":0,"y":0,"width":390,"height":100}}"#)
        #expect(occurrences(of: "<tspan", in: wrapped) == 6)
    }

    @Test("a 100,000-deep tree renders without recursion")
    func deep() throws {
        let depth = DeepTreeTests.depth
        let bytes = deepTree(depth: depth, leaf: #"{"class":"UILabel","text":"deep secret","frame":{"x":1,"y":1,"width":50,"height":20}}"#,
                             node: #"{"class":"UIView","frame":{"x":0,"y":0,"width":100,"height":100},"children":["#)
        let svg = try rendered(bytes)
        #expect(occurrences(of: "<g><title>", in: svg) == depth + 1)
        #expect(svg.contains(">lala alalal<"))
        #expect(!svg.contains("secret"))
        #expect(svg.hasSuffix("</svg>\n"))
        let wireframe = try rendered(bytes, mode: .wireframe)
        #expect(wireframe.contains(">deep secret<"))
    }

    @Test("no rendering names a value: secure text is bullets even in the wireframe; ids and classes holding personal data are not printed")
    func namesNoValue() throws {
        let tree = #"{"screen":"reza.yusuf98@gmail.com","root":{"class":"UIView","frame":{"x":0,"y":0,"width":100,"height":100},"children":[{"class":"UILabel","id":"cell_reza.yusuf98@gmail.com","text":"hi","frame":{"x":0,"y":0,"width":50,"height":20}},{"class":"UITextField","isSecureTextEntry":true,"accessibilityIdentifier":"4111 1111 1111 1111","text":"hunter2","frame":{"x":0,"y":30,"width":50,"height":20}}]}}"#
        for mode in ScreenRenderer.Mode.allCases {
            for policy in [maskAllPolicy, unmaskAllPolicy] {
                let svg = try rendered(tree, policy: policy, mode: mode)
                for value in ["hunter2", "reza", "gmail", "4111"] { #expect(!svg.contains(value), "\(mode) shows \(value)") }
                #expect(svg.contains(">•••••••<"))
            }
        }
        // Plain identifiers are still named.
        #expect(try rendered(#"{"class":"UIView","id":"checkout","frame":{"x":0,"y":0,"width":10,"height":10}}"#).contains("UIView checkout"))
    }
}
