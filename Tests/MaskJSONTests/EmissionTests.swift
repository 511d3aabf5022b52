import Testing
import MaskEngine
import MaskJSON

/// Checks that masking `input` gives exactly `expected` followed by a newline.
func expectOutput(
    _ input: String, _ expected: String, policy: String = maskAllPolicy, explain: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let output = try masked(input, policy: policy, explain: explain, sourceLocation: sourceLocation)
    #expect(output == expected + "\n", sourceLocation: sourceLocation)
}

/// A policy with one type rule on line 4, column 5: `mask: { type: UILabel }`.
let labelRulePolicy = """
version: 1
default: unmask
rules:
  - mask: { type: UILabel }
"""

@Suite("Emission")
struct EmissionTests {
    // MARK: The la pattern

    @Test("masked text becomes the la pattern, whitespace kept")
    func laPattern() throws {
        try expectOutput(#"{"class":"UILabel","text":"the lazy fox"}"#, #"{"class":"UILabel","text":"lal lala ala"}"#)
        try expectOutput(#"{"class":"UILabel","text":"a\tb  c\nd"}"#, #"{"class":"UILabel","text":"l\tl  a\na"}"#)
        try expectOutput(#"{"class":"UILabel","text":""}"#, #"{"class":"UILabel","text":""}"#)
    }

    @Test("every text-bearing field of a masked view is masked")
    func allTextFields() throws {
        try expectOutput(
            #"{"class":"UITextField","text":"Jane Doe","placeholder":"Your name","accessibilityLabel":"Name field","accessibilityValue":"Jane"}"#,
            #"{"class":"UITextField","text":"lala ala","placeholder":"lala alal","accessibilityLabel":"lala alala","accessibilityValue":"lala"}"#)
    }

    @Test("text-bearing fields are masked whatever the kind", arguments: ["UIView", "UIButton", "WKWebView", "android.widget.LinearLayout", "SomeCustomView"])
    func textFieldsInAnyKind(_ className: String) throws {
        try expectOutput(#"{"class":"\#(className)","accessibilityLabel":"Pay now","accessibilityValue":"ok"}"#,
                         #"{"class":"\#(className)","accessibilityLabel":"lal lal","accessibilityValue":"la"}"#)
    }

    @Test("numbers in text-bearing fields of masked views become la strings of their digits")
    func numbersInTextFields() throws {
        try expectOutput(#"{"class":"UILabel","text":2024,"accessibilityValue":7,"placeholder":31337}"#,
                         #"{"class":"UILabel","text":"lala","accessibilityValue":"l","placeholder":"lalal"}"#)
    }

    @Test("non-string scalars in text-bearing fields are kept")
    func nonStringScalarsInTextFields() throws {
        try expectOutput(#"{"class":"UILabel","text":null,"accessibilityValue":true}"#,
                         #"{"class":"UILabel","text":null,"accessibilityValue":true}"#)
    }

    @Test("graphemes count once: emoji, ZWJ sequences, flags and combining marks")
    func laGraphemes() throws {
        // a 😀 b ␠ é(e+U+0301) x ␠ 👨‍👩‍👧 !
        try expectOutput("{\"class\":\"UILabel\",\"text\":\"a😀b e\\u0301x 👨‍👩‍👧!\"}", #"{"class":"UILabel","text":"lal la al"}"#)
        try expectOutput("{\"class\":\"UILabel\",\"text\":\"🇫🇷🇩🇪 e\u{301}\u{302}\"}", #"{"class":"UILabel","text":"la a"}"#)
        try expectOutput(#"{"class":"UILabel","text":"\ud83d\ude00\ud83d\ude00\ud83d\ude00"}"#, #"{"class":"UILabel","text":"lal"}"#)
    }

    @Test("non-ASCII whitespace and CR LF are kept in the la pattern")
    func laWhitespace() throws {
        try expectOutput(#"{"class":"UILabel","text":"a\u00a0b"}"#, "{\"class\":\"UILabel\",\"text\":\"l\u{a0}l\"}")
        try expectOutput(#"{"class":"UILabel","text":"ab\r\ncd"}"#, #"{"class":"UILabel","text":"la\r\nal"}"#)
        try expectOutput(#"{"class":"UILabel","text":"é\r\nx"}"#, #"{"class":"UILabel","text":"l\r\nl"}"#)
    }

    @Test("escaped characters are masked by what they decode to")
    func laOfEscapes() throws {
        try expectOutput(#"{"class":"UILabel","text":"\u0041\u0042 \"C\""}"#, #"{"class":"UILabel","text":"la ala"}"#)
        try expectOutput(#"{"class":"UILabel","text":"\\\/"}"#, #"{"class":"UILabel","text":"la"}"#)
    }

    // MARK: Unknown and structural fields

    @Test("unknown fields of masked views are masked recursively: strings, numbers and keys; booleans and null stay")
    func unknownFieldsMasked() throws {
        try expectOutput(
            #"{"class":"UIView","userName":"Jane Doe","meta":{"tags":["a b",{"deep":"xyz"}],"count":5,"flag":true,"none":null},"list":[],"obj":{}}"#,
            #"{"class":"UIView","userName":"lala ala","meta":{"lala":["l l",{"lala":"lal"}],"lalal":"l","lala":true,"lala":null},"list":[],"obj":{}}"#)
    }

    @Test("numbers in unknown fields of masked views become the pattern of their literal")
    func unknownNumbersMasked() throws {
        // The issue's own example: balance, phone and a nested SSN.
        try expectOutput(#"{"class":"UILabel","text":"Balance","balance":12345.67,"phone":5551234567,"meta":{"ssn":123456789}}"#,
                         #"{"class":"UILabel","text":"lalalal","balance":"lalalala","phone":"lalalalala","meta":{"lal":"lalalalal"}}"#)
        try expectOutput(#"{"class":"UIView","n":-1.5e3,"a":[1,2]}"#, #"{"class":"UIView","n":"lalala","a":["l","l"]}"#)
        // Unmasked views keep them.
        try expectOutput(#"{"class":"UILabel","balance":12345.67}"#, #"{"class":"UILabel","balance":12345.67}"#, policy: unmaskAllPolicy)
    }

    @Test("strings, numbers and keys nested in masked text-bearing fields are masked")
    func nestedTextField() throws {
        try expectOutput(#"{"class":"UILabel","accessibilityValue":{"a":"xy","b":["zz"]}}"#,
                         #"{"class":"UILabel","accessibilityValue":{"l":"la","l":["la"]}}"#)
        try expectOutput(#"{"class":"UILabel","text":{"jane@example.com":{"4111 1111":1}}}"#,
                         #"{"class":"UILabel","text":{"lalalalalalalala":{"lala alal":"l"}}}"#)
    }

    @Test("structural fields are kept in masked views")
    func structuralKept() throws {
        let input = ##"{"class":"UILabel","superclasses":["UIView","UIResponder"],"id":"greeting","accessibilityIdentifier":"home.greeting","restorationIdentifier":"r.greet","tag":3,"frame":{"x":0,"y":10.5,"width":100,"height":20,"name":"main frame"},"bounds":[0,0,1,1],"backgroundColor":"#FFFFFF","textColor":"red","font":"Helvetica-Bold","fontSize":17,"alpha":1,"hidden":false,"textAlignment":"center","numberOfLines":0,"keyboardType":"email","textContentType":"name","isEnabled":true,"text":"Hi"}"##
        // Geometry and metrics hold numbers: a stray string under them is masked.
        let expected = input.replacing(#""text":"Hi""#, with: #""text":"la""#)
            .replacing(#""name":"main frame""#, with: #""name":"lala alala""#)
        try expectOutput(input, expected)
    }

    @Test("every structural field keeps a value of its shape in a masked view, masks one of another; strings under numeric ones are masked")
    func everyStructuralFieldKept() throws {
        // The fields the reader reads itself (class, identifiers, secure markers) reject
        // values of other types with an error; StructuralShapeTests has their shapes.
        let names = ViewField.structuralFields
            .filter { !["class", "superclasses", "id", "accessibilityIdentifier", "restorationIdentifier", "tag",
                        "isSecureTextEntry", "password", "textContentType", "masking", "inputType", "autofillHints",
                        "secureTextEntry", "obscureText", "isPassword", "isObscured"].contains($0) }
        // A value of each field's shape.
        func fitting(_ name: String) -> String {
            switch FieldShape.of(key: name) {
            case .identifier, .className: return #""keep me""#
            case .flag: return #""false""#
            case .colour: return ##""#12ab34""##
            case .token: return #""none""#
            case .font: return #""keep me""#
            case .metric, nil: return "1"
            }
        }
        let input = #"{"class":"UIView","# + names.map { #""\#($0)":\#(fitting($0))"# }.joined(separator: ",") + "}"
        try expectOutput(input, input)
        // Text where a flag, a colour, an enumeration or a number belongs is masked; an
        // identifier or a font name of that text is kept.
        let text = #""Jane 4111""#
        let strange = #"{"class":"UIView","# + names.map { #""\#($0)":\#(text)"# }.joined(separator: ",") + "}"
        let expected = #"{"class":"UIView","# + names.map { name in
            FieldShape.of(key: name) == .identifier ? #""\#(name)":\#(text)"# : #""\#(name)":"lala alal""#
        }.joined(separator: ",") + "}"
        try expectOutput(strange, expected)
        // Numbers under geometry are kept.
        try expectOutput(#"{"class":"UIView","alpha":0.5,"frame":{"x":1,"y":2}}"#, #"{"class":"UIView","alpha":0.5,"frame":{"x":1,"y":2}}"#)
    }

    @Test("escaped keys are recognised by their decoded name and copied raw")
    func escapedKeys() throws {
        try expectOutput(#"{"class":"UIButton","im\u0061ge":"icon","text":"x"}"#, #"{"class":"UIButton","text":"l"}"#)
        try expectOutput(#"{"class":"UILabel","m\u0061sking":"old"}"#,
                         #"{"class":"UILabel","masking":{"kind":"text","level":5,"masked":true,"rule":null}}"#, explain: true)
        try expectOutput(#"{"class":"UIView","t\u0065xt":"xy","\u0066rame":"keep"}"#, #"{"class":"UIView","t\u0065xt":"la","\u0066rame":"lala"}"#)
        try expectOutput(#"{"class":"UIView","t\u0065xt":"xy","\u0066rame":"keep"}"#, #"{"class":"UIView","t\u0065xt":"xy","\u0066rame":"keep"}"#,
                         policy: unmaskAllPolicy)
    }

    // MARK: Secure text

    @Test("secure text is masked even when the policy unmasks it: text as bullets, every other field masked")
    func secureUnmasked() throws {
        try expectOutput(#"{"class":"UITextField","isSecureTextEntry":true,"text":"hunter 2","placeholder":"Password","hint":"my hint"}"#,
                         #"{"class":"UITextField","isSecureTextEntry":true,"text":"••••••••","placeholder":"••••••••","hint":"la alal"}"#,
                         policy: unmaskAllPolicy)
    }

    @Test("masked secure text is bullets in text fields and la elsewhere")
    func secureMasked() throws {
        try expectOutput(#"{"class":"UITextField","isSecureTextEntry":true,"text":"hunter 2","accessibilityLabel":"PIN","hint":"my hint"}"#,
                         #"{"class":"UITextField","isSecureTextEntry":true,"text":"••••••••","accessibilityLabel":"•••","hint":"la alal"}"#)
    }

    static let secureNodes: [String] = [
        #"{"class":"android.widget.EditText","password":true,"text":"s3 cr3t"}"#,
        #"{"class":"UITextField","textContentType":"password","text":"s3 cr3t"}"#,
        #"{"class":"UITextField","textContentType":"newPassword","text":"s3 cr3t"}"#,
        #"{"class":"UITextField","textContentType":"oneTimeCode","text":"s3 cr3t"}"#,
        #"{"class":"UITextField","textContentType":"creditCardNumber","text":"s3 cr3t"}"#,
        #"{"class":"SwiftUI.SecureField","text":"s3 cr3t"}"#,
        #"{"class":"XCUIElementTypeSecureTextField","text":"s3 cr3t"}"#,
        #"{"class":"PinField","text":"s3 cr3t"}"#,
        #"{"class":"UIView","superclasses":["PinField"],"text":"s3 cr3t"}"#,
    ]

    @Test("every way of being secure gives bullets, masked or not", arguments: secureNodes, [maskAllPolicy, unmaskAllPolicy])
    func secureKinds(_ node: String, _ basePolicy: String) throws {
        let policy = basePolicy + "types:\n  PinField: { extends: UIView, kind: secure-text }\n"
        let output = try masked(node, policy: policy)
        let expected = node.replacing(#""text":"s3 cr3t""#, with: #""text":"•••••••""#)
        #expect(output == expected + "\n")
    }

    @Test("non-secure content types and false flags leave unmasked text alone", arguments: [
        #"{"class":"UITextField","textContentType":"username","text":"jane"}"#,
        #"{"class":"UITextField","isSecureTextEntry":false,"text":"jane"}"#,
        #"{"class":"android.widget.EditText","password":false,"text":"jane"}"#,
    ])
    func notSecure(_ node: String) throws {
        try expectOutput(node, node, policy: unmaskAllPolicy)
    }

    @Test("bullets count graphemes, whitespace included; numbers too")
    func bulletsGraphemes() throws {
        try expectOutput("{\"class\":\"SwiftUI.SecureField\",\"text\":\"a😀e\\u0301 b\",\"accessibilityValue\":1234}",
                         #"{"class":"SwiftUI.SecureField","text":"•••••","accessibilityValue":"••••"}"#, policy: unmaskAllPolicy)
    }

    // MARK: Images

    @Test("a masked image drops image and adds placeholder IMG last")
    func maskedImage() throws {
        try expectOutput(
            #"{"class":"UIImageView","id":"avatar","image":"iVBORw0KGgo=","accessibilityLabel":"Jane","contentMode":"scaleAspectFill"}"#,
            #"{"class":"UIImageView","id":"avatar","accessibilityLabel":"lala","contentMode":"scaleAspectFill","placeholder":"IMG"}"#)
        try expectOutput(#"{"image":{"url":"https://x/y.png"},"class":"android.widget.ImageView"}"#,
                         #"{"class":"android.widget.ImageView","placeholder":"IMG"}"#)
        try expectOutput(#"{"class":"SwiftUI.Image","image":"person.fill","tint":"blue"}"#,
                         #"{"class":"SwiftUI.Image","tint":"lala","placeholder":"IMG"}"#)
    }

    @Test("a masked image's own placeholder is replaced by IMG, once")
    func imageWithPlaceholderField() throws {
        try expectOutput(#"{"class":"UIImageView","placeholder":"loading","image":"x","frame":[0,0,1,1]}"#,
                         #"{"class":"UIImageView","frame":[0,0,1,1],"placeholder":"IMG"}"#)
    }

    @Test("an unmasked image passes through unchanged")
    func unmaskedImage() throws {
        let input = #"{"class":"UIImageView","image":"iVBORw0KGgo=","accessibilityLabel":"Jane","placeholder":"loading"}"#
        try expectOutput(input, input, policy: unmaskAllPolicy)
    }

    @Test("masked non-image views drop image too")
    func nonImageDropsImage() throws {
        try expectOutput(#"{"class":"UIButton","image":"icon.png","text":"OK","title":"OK"}"#,
                         #"{"class":"UIButton","text":"la","title":"la"}"#)
        try expectOutput(#"{"class":"UIButton","image":"icon.png","text":"OK"}"#,
                         #"{"class":"UIButton","image":"icon.png","text":"OK"}"#, policy: unmaskAllPolicy)
    }

    // MARK: SwiftUI text

    @Test("masked SwiftUI text drops text and adds placeholder RECT last")
    func maskedSwiftUIText() throws {
        try expectOutput(#"{"class":"SwiftUI.Text","text":"Balance: $1,234","accessibilityLabel":"Balance","font":"body","image":"x"}"#,
                         #"{"class":"SwiftUI.Text","accessibilityLabel":"lalalal","font":"body","placeholder":"RECT"}"#)
        try expectOutput(#"{"class":"SwiftUI.Text","placeholder":"old","text":42}"#,
                         #"{"class":"SwiftUI.Text","placeholder":"RECT"}"#)
    }

    @Test("unmasked SwiftUI text passes through unchanged")
    func unmaskedSwiftUIText() throws {
        let input = #"{"class":"SwiftUI.Text","text":"Balance: $1,234","accessibilityLabel":"Balance"}"#
        try expectOutput(input, input, policy: unmaskAllPolicy)
    }

    @Test("escaped text and placeholder keys are treated like the plain ones")
    func escapedPlaceholderKeys() throws {
        let swiftUI = try masked(#"{"class":"SwiftUI.Text","t\u0065xt":"Secret words"}"#)
        #expect(swiftUI == #"{"class":"SwiftUI.Text","placeholder":"RECT"}"# + "\n")
        let image = try masked(#"{"class":"UIImageView","pl\u0061ceholder":"loading"}"#)
        #expect(image == #"{"class":"UIImageView","placeholder":"IMG"}"# + "\n")
    }

    // MARK: Maps

    @Test("a map is always masked with MAP and its children are not emitted")
    func mapAlwaysMasked() throws {
        let input = #"{"class":"MKMapView","id":"map","accessibilityLabel":"Map of Paris","children":[{"class":"UILabel","text":"Rue de Rivoli"}],"image":"tiles","zoom":"12x"}"#
        let expected = #"{"class":"MKMapView","id":"map","accessibilityLabel":"lal la alala","zoom":"lal","placeholder":"MAP"}"#
        try expectOutput(input, expected, policy: unmaskAllPolicy)
        try expectOutput(input, expected)
    }

    @Test("maps from the catalog and from the policy", arguments: ["GMSMapView", "SwiftUI.Map", "com.google.android.gms.maps.MapView", "XCUIElementTypeMap", "BranchMapView"])
    func mapClasses(_ className: String) throws {
        let policy = unmaskAllPolicy + "types:\n  BranchMapView: { extends: UIView, kind: map, recurse: false }\n"
        try expectOutput(#"{"children":[{"class":"UILabel","text":"pin"}],"class":"\#(className)"}"#,
                         #"{"class":"\#(className)","placeholder":"MAP"}"#, policy: policy)
    }

    @Test("views after a map's dropped subtree are still decided correctly")
    func afterMap() throws {
        try expectOutput(
            #"{"class":"UIView","children":[{"class":"MKMapView","children":[{"class":"UIImageView","image":"a"},{"class":"UILabel","text":"b"}]},{"class":"UIImageView","image":"c"},{"class":"SwiftUI.Text","text":"d"}]}"#,
            #"{"class":"UIView","children":[{"class":"MKMapView","placeholder":"MAP"},{"class":"UIImageView","placeholder":"IMG"},{"class":"SwiftUI.Text","placeholder":"RECT"}]}"#)
    }

    // MARK: recurse: false

    @Test("a recurse: false class emits no children, masked or not")
    func recurseFalse() throws {
        let types = "types:\n  OpaqueChart: { extends: UIView, recurse: false }\n"
        let input = #"{"class":"UIView","children":[{"class":"OpaqueChart","title":"Revenue","children":[{"class":"UILabel","text":"42 USD"}]},{"class":"UILabel","text":"Footer"}]}"#
        try expectOutput(input, #"{"class":"UIView","children":[{"class":"OpaqueChart","title":"Revenue"},{"class":"UILabel","text":"Footer"}]}"#,
                         policy: unmaskAllPolicy + types)
        try expectOutput(input, #"{"class":"UIView","children":[{"class":"OpaqueChart","title":"lalalal"},{"class":"UILabel","text":"lalala"}]}"#,
                         policy: maskAllPolicy + types)
        try expectOutput(#"{"children":[{"class":"UILabel"}],"class":"OpaqueChart"}"#, #"{"class":"OpaqueChart"}"#, policy: unmaskAllPolicy + types)
    }

    // MARK: Pass-through

    @Test("unmasked views are copied byte for byte, escapes preserved")
    func unmaskedByteExact() throws {
        let input = #"{"screen":"Caf\u00e9VC","root":{"class":"UILabel","text":"caf\u00e9 \/ \"q\" \\ \n \ud83d\ude00 é","extra":{"a":[1,2.50,-0,1E+2,true,null],"b":"\u0041","c":{}},"image":"x","tag":0,"children":[{"class":"UIImageView","image":"data:\/\/x","placeholder":"p"},{"class":"SwiftUI.Text","text":"T\t"},{"class":"UIView","children":[]}]}}"#
        let output = try maskedBytes(Array(input.utf8), policy: unmaskAllPolicy)
        expectSameBytes(output, Array(input.utf8) + [0x0A])
    }

    @Test("masked views keep structural strings byte for byte")
    func maskedStructuralByteExact() throws {
        try expectOutput(#"{"class":"UILabel","id":"caf\u00e9\/1","font":"A\u002DB","text":"x"}"#,
                         #"{"class":"UILabel","id":"caf\u00e9\/1","font":"A\u002DB","text":"l"}"#)
    }

    @Test("whitespace is dropped: output is compact")
    func compactOutput() throws {
        let input = """
        {
          "class" : "UILabel" ,
          "text" : "a\\u00e9",
          "children" : [ { "class" : "UIView" , "frame" : [ 1 , 2 ] } ]
        }
        """
        try expectOutput(input, #"{"class":"UILabel","text":"a\u00e9","children":[{"class":"UIView","frame":[1,2]}]}"#, policy: unmaskAllPolicy)
    }

    // MARK: Wrapper

    @Test("wrapper: screen kept, root masked per policy, unknown wrapper members masked always (keys and numbers too)")
    func wrapperEmission() throws {
        let input = #"{"screen":"Home","root":{"class":"UILabel","text":"Hi"},"capturedBy":"alice@example.com","device":{"model":"iPhone 15","os":17},"userId":5551234567}"#
        try expectOutput(input, #"{"screen":"Home","root":{"class":"UILabel","text":"Hi"},"capturedBy":"lalalalalalalalal","device":{"lalal":"lalala al","la":"la"},"userId":"lalalalala"}"#,
                         policy: unmaskAllPolicy)
        try expectOutput(input, #"{"screen":"Home","root":{"class":"UILabel","text":"la"},"capturedBy":"lalalalalalalalal","device":{"lalal":"lalala al","la":"la"},"userId":"lalalalala"}"#)
    }

    @Test("escaped wrapper keys are the keys they spell: an escaped screen scopes rules, an escaped second root is a duplicate")
    func escapedWrapperKeys() throws {
        let policy = """
        version: 1
        default: unmask
        rules:
          - mask: { type: UITextField, screen: Checkout }
        """
        try expectOutput(#"{"scr\u0065en":"Checkout","root":{"class":"UITextField","text":"4111 1111"}}"#,
                         #"{"scr\u0065en":"Checkout","root":{"class":"UITextField","text":"lala alal"}}"#, policy: policy)
        #expect(throws: TreeError.self) {
            try masked(#"{"screen":"Checkout","root":{"class":"UIView"},"r\u006fot":{"class":"UILabel","text":"secret"}}"#, policy: policy)
        }
        #expect(throws: TreeError.self) {
            try masked(#"{"screen":"Checkout","sc\u0072een":"Home","root":{"class":"UIView"}}"#, policy: policy)
        }
        // An escaped `masking` in the wrapper is dropped like a plain one.
        try expectOutput(#"{"root":{"class":"UIView"},"m\u0061sking":{"masked":true}}"#, #"{"root":{"class":"UIView"}}"#)
    }

    @Test("wrapper keys keep their input order")
    func wrapperOrder() throws {
        try expectOutput(#"{"root":{"class":"UIView"},"note":"ab","screen":null}"#, #"{"root":{"class":"UIView"},"note":"la","screen":null}"#)
    }

    // MARK: Explain

    @Test("explain appends masking with kind, level, masked and a null rule at level 5")
    func explainDefault() throws {
        try expectOutput(#"{"class":"UILabel","text":"Hi"}"#,
                         #"{"class":"UILabel","text":"la","masking":{"kind":"text","level":5,"masked":true,"rule":null}}"#, explain: true)
    }

    @Test("explain names the deciding rule's origin FILE:LINE:COL")
    func explainRuleOrigin() throws {
        try expectOutput(#"{"class":"UIView","children":[{"class":"UILabel","text":"Hi"}]}"#,
                         #"{"class":"UIView","children":[{"class":"UILabel","text":"la","masking":{"kind":"text","level":3,"masked":true,"rule":"p.yaml:4:5"}}],"masking":{"kind":"other","level":5,"masked":false,"rule":null}}"#,
                         policy: labelRulePolicy, explain: true)
    }

    @Test("explain reports all five levels")
    func explainLevels() throws {
        let policy = """
        version: 1
        default: mask
        rules:
          - unmask: { id: "header" }
          - unmask: { type: UIStackView }
        """
        let input = #"{"class":"UIView","children":[{"class":"UIView","id":"header","children":[{"class":"UILabel","text":"A"}]},{"class":"UIStackView","children":[{"class":"UILabel","text":"B"}]}]}"#
        let expected = #"{"class":"UIView","children":[{"class":"UIView","id":"header","children":[{"class":"UILabel","text":"A","masking":{"kind":"text","level":2,"masked":false,"rule":"p.yaml:4:5"}}],"masking":{"kind":"other","level":1,"masked":false,"rule":"p.yaml:4:5"}},{"class":"UIStackView","children":[{"class":"UILabel","text":"B","masking":{"kind":"text","level":4,"masked":false,"rule":"p.yaml:5:5"}}],"masking":{"kind":"other","level":3,"masked":false,"rule":"p.yaml:5:5"}}],"masking":{"kind":"other","level":5,"masked":true,"rule":null}}"#
        try expectOutput(input, expected, policy: policy, explain: true)
    }

    @Test("explain replaces an input masking member; without explain it is dropped, so a tree cannot forge one")
    func explainReplacesMasking() throws {
        try expectOutput(#"{"masking":{"old":true},"class":"UILabel","text":"Hi"}"#,
                         #"{"class":"UILabel","text":"la","masking":{"kind":"text","level":5,"masked":true,"rule":null}}"#, explain: true)
        try expectOutput(#"{"class":"UILabel","masking":"note","text":"Hi"}"#,
                         #"{"class":"UILabel","text":"la","masking":{"kind":"text","level":5,"masked":true,"rule":null}}"#, explain: true)
        try expectOutput(#"{"masking":{"old":"note"},"class":"UILabel","text":"Hi"}"#, #"{"class":"UILabel","text":"la"}"#)
        try expectOutput(#"{"class":"UILabel","text":"Hi","masking":{"masked":true,"kind":"text"}}"#, #"{"class":"UILabel","text":"Hi"}"#,
                         policy: unmaskAllPolicy)
        try expectOutput(#"{"class":"UILabel","m\u0061sking":{"masked":true}}"#, #"{"class":"UILabel"}"#)
    }

    @Test("explain comes after the placeholder; dropped views get none")
    func explainAfterPlaceholder() throws {
        try expectOutput(#"{"class":"UIImageView","image":"x"}"#,
                         #"{"class":"UIImageView","placeholder":"IMG","masking":{"kind":"image","level":5,"masked":true,"rule":null}}"#, explain: true)
        try expectOutput(#"{"class":"MKMapView","children":[{"class":"UILabel"}]}"#,
                         #"{"class":"MKMapView","placeholder":"MAP","masking":{"kind":"map","level":5,"masked":true,"rule":null}}"#,
                         policy: unmaskAllPolicy, explain: true)
        try expectOutput(#"{"class":"SwiftUI.Text","text":"x"}"#,
                         #"{"class":"SwiftUI.Text","placeholder":"RECT","masking":{"kind":"swiftui-text","level":5,"masked":true,"rule":null}}"#, explain: true)
    }

    @Test("explain kinds for secure text and web views")
    func explainKinds() throws {
        try expectOutput(#"{"class":"SwiftUI.SecureField","text":"pw"}"#,
                         #"{"class":"SwiftUI.SecureField","text":"••","masking":{"kind":"secure-text","level":5,"masked":true,"rule":null}}"#,
                         policy: unmaskAllPolicy, explain: true)
        try expectOutput(#"{"class":"WKWebView"}"#,
                         #"{"class":"WKWebView","masking":{"kind":"webview","level":5,"masked":true,"rule":null}}"#, explain: true)
    }

    @Test("explain goes on every emitted view, not on the wrapper")
    func explainEveryView() throws {
        let output = try masked(#"{"screen":"S","root":{"class":"UIView","children":[{"class":"UILabel"},{"class":"UIView","children":[{"class":"UIButton"},{"class":"MKMapView","children":[{"class":"UILabel"}]}]}]}}"#,
                                explain: true)
        #expect(output.ranges(of: #""masking":"#).count == 5)
        #expect(output.hasPrefix(#"{"screen":"S","root":{"class":"UIView","children":"#))
        #expect(output.hasSuffix(#""masking":{"kind":"other","level":5,"masked":true,"rule":null}}}"# + "\n"))
    }

    // MARK: Output shape

    @Test("apply ends the output with one newline and writes no other newline")
    func trailingNewline() throws {
        let output = try masked("{\"class\":\"UILabel\",\n\"text\":\"a\\nb\"}")
        #expect(output == #"{"class":"UILabel","text":"l\nl"}"# + "\n")
        #expect(output.filter { $0 == "\n" }.count == 1)
    }

    @Test("dropping the first or last member leaves valid JSON")
    func droppedMembersCommas() throws {
        for (input, expected) in [
            (#"{"image":"x","class":"UIButton"}"#, #"{"class":"UIButton"}"#),
            (#"{"class":"UIButton","image":"x"}"#, #"{"class":"UIButton"}"#),
            (#"{"class":"UIButton","image":"x","frame":1}"#, #"{"class":"UIButton","frame":1}"#),
            (#"{"image":"x","class":"UIImageView","frame":"f"}"#, #"{"class":"UIImageView","frame":"l","placeholder":"IMG"}"#),
        ] {
            let output = try masked(input)
            #expect(output == expected + "\n")
            _ = try JSONReader.parse(Array(output.utf8))
        }
    }

    // MARK: No leaks

    @Test("no original masked string value appears anywhere in the output")
    func noLeaks() throws {
        let secrets = (0..<20).map { "SECRET\($0)zq" }
        func s(_ i: Int) -> String { secrets[i] }
        let input = """
        {"screen":"Home","capturedBy":"\(s(0))","session":{"user":"\(s(1))","ids":["\(s(2))"]},
         "root":{"class":"UIView","note":"\(s(3))","children":[
          {"class":"UILabel","text":"\(s(4))","accessibilityLabel":"\(s(5))","accessibilityValue":"\(s(6))","placeholder":"\(s(7))"},
          {"class":"UIImageView","image":"\(s(8))","accessibilityLabel":"\(s(9))"},
          {"class":"SwiftUI.Text","text":"\(s(10))"},
          {"class":"MKMapView","children":[{"class":"UILabel","text":"\(s(11))","frame":"\(s(12))"}]},
          {"class":"OpaqueChart","children":[{"class":"UILabel","id":"\(s(13))"}]},
          {"class":"UITextField","isSecureTextEntry":true,"text":"\(s(14))","extra":{"deep":[{"deeper":"\(s(15))"}]}},
          {"class":"UIButton","title":"\(s(16))","image":{"name":"\(s(17))"},"data":[[["\(s(18))"]]],"text":"caf\\u00e9 \(s(19))"}
         ]}}
        """
        let types = "types:\n  OpaqueChart: { extends: UIView, recurse: false }\n"
        for explain in [false, true] {
            let output = try masked(input, policy: maskAllPolicy + types, explain: explain)
            _ = try JSONReader.parse(Array(output.utf8))
            for secret in secrets {
                #expect(!output.contains(secret), "\(secret) leaked")
                #expect(!output.contains(String(secret.prefix(6))), "\(secret) leaked")
            }
            #expect(!output.contains("caf"))
        }
    }

    @Test("under an unmask-all policy, secure text, map subtrees and wrapper extras still do not leak")
    func noLeaksUnmasked() throws {
        let input = #"{"screen":"S","token":"SECRETa","root":{"class":"UIView","children":[{"class":"UITextField","textContentType":"oneTimeCode","text":"SECRETb"},{"class":"GMSMapView","accessibilityLabel":"SECRETc","children":[{"class":"UILabel","text":"SECRETd"}]}]}}"#
        let output = try masked(input, policy: unmaskAllPolicy)
        #expect(!output.contains("SECRET"))
        #expect(output.contains(#""screen":"S""#))
    }

    // MARK: Lower-level API

    @Test("read, decide and write give the same bytes as apply, flushed or not")
    func readDecideWrite() throws {
        let input = Array(#"{"screen":"S","root":{"class":"UIView","children":[{"class":"UILabel","text":"Hi"},{"class":"UIImageView","image":"x"}]}}"#.utf8)
        let masker = TreeMasker(table: try compileTable(maskAllPolicy), options: EmitOptions(explain: true))
        let document = try masker.read(input, file: "t.json")
        let decisions = masker.decide(document)
        #expect(decisions.count == 3)
        #expect(decisions.map(\.kind) == [.other, .text, .image])
        var out: [UInt8] = []
        masker.write(document, decisions: decisions, to: &out, flush: { _ in })
        #expect(out + [0x0A] == (try masker.apply(input, file: "t.json")))
    }

    @Test("a table built directly from a MaskingPolicy masks like a compiled one")
    func directPolicy() throws {
        let table = DecisionTable(policy: MaskingPolicy(default: .unmask, rules: [
            MaskRule(.mask, .type("UILabel"), origin: RuleOrigin(file: "code", line: 1, column: 2)),
        ]))
        let masker = TreeMasker(table: table, options: EmitOptions(explain: true))
        let output = try masker.apply(Array(#"{"class":"UIView","children":[{"class":"UILabel","text":"abc"}]}"#.utf8), file: "t.json")
        #expect(String(decoding: output, as: UTF8.self) == #"{"class":"UIView","children":[{"class":"UILabel","text":"lal","masking":{"kind":"text","level":3,"masked":true,"rule":"code:1:2"}}],"masking":{"kind":"other","level":5,"masked":false,"rule":null}}"# + "\n")
    }
}
