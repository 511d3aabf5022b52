import Testing
@testable import MaskEngine
import MaskJSON

/// A masked view keeps its structural fields only where their values have the field's
/// shape (``FieldShape``): text a capture put where a flag, a colour, an enumeration or
/// a font belongs is masked.
@Suite("Structural fields of masked views")
struct StructuralShapeTests {
    @Test("text where a flag belongs is masked: a dropdown's selected value, a PIN as a number")
    func flags() throws {
        try expectOutput(#"{"class":"UIView","selected":"Visa 4111 1111 1111 1111","hidden":false,"checked":"true","enabled":1,"focused":4111}"#,
                         #"{"class":"UIView","selected":"lala alal lala alal lala","hidden":false,"checked":"true","enabled":1,"focused":"lala"}"#)
        // Escaped, a flag is read as what it spells and copied as it came.
        try expectOutput(#"{"class":"UIView","selected":"\u0074rue","checked":"\u0031\u0032"}"#,
                         #"{"class":"UIView","selected":"\u0074rue","checked":"la"}"#)
    }

    @Test("a secure field's enumerations keep the platforms' constants and mask anything else")
    func tokens() throws {
        let secure = #""class":"UITextField","isSecureTextEntry":true"#
        try expectOutput(#"{\#(secure),"keyboardType":"hunter2","text":"pw"}"#,
                         #"{\#(secure),"keyboardType":"lalalal","text":"••"}"#)
        try expectOutput(#"{\#(secure),"keyboardType":"UIKeyboardTypeNumberPad","textContentType":"oneTimeCode","contentMode":".scaleAspectFit"}"#,
                         #"{\#(secure),"keyboardType":"UIKeyboardTypeNumberPad","textContentType":"oneTimeCode","contentMode":".scaleAspectFit"}"#)
        try expectOutput(#"{"class":"android.widget.EditText","inputType":"TYPE_CLASS_TEXT|TYPE_TEXT_VARIATION_PASSWORD","visibility":"View.GONE","textAlignment":129}"#,
                         #"{"class":"android.widget.EditText","inputType":"TYPE_CLASS_TEXT|TYPE_TEXT_VARIATION_PASSWORD","visibility":"View.GONE","textAlignment":129}"#)
        try expectOutput(#"{"class":"android.widget.EditText","inputType":"textPassword|textNoSuggestions","lineBreakMode":1234.5,"fontWeight":"w500 Jane"}"#,
                         #"{"class":"android.widget.EditText","inputType":"textPassword|textNoSuggestions","lineBreakMode":"lalala","fontWeight":"lala alal"}"#)
        // Arrays are read element by element.
        try expectOutput(#"{"class":"android.widget.EditText","autofillHints":["password","jane@example.com","emailAddress"],"keyboardType":["numberPad",["Jane"]]}"#,
                         #"{"class":"android.widget.EditText","autofillHints":["password","lalalalalalalala","emailAddress"],"keyboardType":["numberPad",["lala"]]}"#)
    }

    @Test("colours: hex, functions, colour spaces and names are kept; other text and objects are masked")
    func colours() throws {
        let kept = ["#FFF", "#12ab34cc", "0xFF00FF00", "rgba(0, 0, 0, 0.5)", "hsl(120 50% 50%)", "UIExtendedSRGBColorSpace 1 0 0 1",
                    "@android:color/white", "?attr/colorPrimary", "systemBlue", "UIColor.red", "clear"]
        for colour in kept {
            try expectOutput(##"{"class":"UIView","backgroundColor":"\##(colour)"}"##, ##"{"class":"UIView","backgroundColor":"\##(colour)"}"##)
        }
        try expectOutput(##"{"class":"UIView","backgroundColor":"#12345","tintColor":"Jane","borderColor":"rgb(4111 1111 1111 1111 1111 1111)","textColor":4281545523}"##,
                         ##"{"class":"UIView","backgroundColor":"lalala","tintColor":"lala","borderColor":"lalalala alal lala alal lala alala","textColor":4281545523}"##)
        try expectOutput(#"{"class":"UIView","backgroundColor":{"note":"jane"}}"#, #"{"class":"UIView","backgroundColor":{"lala":"lala"}}"#)
    }

    @Test("fonts: names and objects of names and sizes are kept; long digit runs, odd bytes and odd names are masked")
    func fonts() throws {
        try expectOutput(#"{"class":"UILabel","font":{"name":".SFUI-Regular","size":17},"fontName":"NotoSansCJKjp-Bold"}"#,
                         #"{"class":"UILabel","font":{"name":".SFUI-Regular","size":17},"fontName":"NotoSansCJKjp-Bold"}"#)
        try expectOutput(#"{"class":"UILabel","font":{"name":"Jane 41111","jane@example.com":1},"fontName":"a@b.c"}"#,
                         #"{"class":"UILabel","font":{"name":"lala alala","lalalalalalalala":"l"},"fontName":"lalal"}"#)
    }

    @Test("identifiers keep strings and numbers; the reader rejects an object where one belongs, naming the path only")
    func identifiers() throws {
        try expectOutput(#"{"class":"UIView","superclasses":["UIResponder"],"restorationIdentifier":"jane","tag":7}"#,
                         #"{"class":"UIView","superclasses":["UIResponder"],"restorationIdentifier":"jane","tag":7}"#)
        #expect(FieldShape.identifier.accepts(string: "any text") && FieldShape.identifier.accepts(number: "12") && !FieldShape.identifier.acceptsObjects)
        for field in ["superclasses", "id", "accessibilityIdentifier", "restorationIdentifier", "tag"] {
            do {
                _ = try masked(#"{"class":"UIView","\#(field)":{"jane@example.com":"Jane"}}"#)
                Issue.record("\(field): an object was read")
            } catch let error as TreeError {
                #expect(error.message.hasPrefix("expected") && !"\(error)".contains("Jane") && !"\(error)".contains("jane"), "\(error)")
            }
        }
    }

    @Test("a value of its field's shape that holds personal data is masked: identifiers, colours, fonts, numbers")
    func shapedPersonalData() throws {
        // Identifiers built from a row's data.
        try expectOutput(#"{"class":"UILabel","accessibilityIdentifier":"contact_cell_Jane Doe_+1 555 123 4567","id":"[<'jane.doe@example.com'>]","restorationIdentifier":"4111 1111 1111 1111","tag":4111111111111111}"#,
                         #"{"class":"UILabel","accessibilityIdentifier":"lalalalalalalalal lalala ala ala alal","id":"lalalalalalalalalalalalala","restorationIdentifier":"lala alal lala alal","tag":"lalalalalalalala"}"#)
        // A class name is code, kept as it came (the audit still reads it).
        try expectOutput(#"{"class":"UIView","superclasses":["UIResponder","jane@example.com"]}"#, #"{"class":"UIView","superclasses":["UIResponder","jane@example.com"]}"#)
        // Colours: a function's numbers are components, a resource reference has a
        // package, a type and a name.
        try expectOutput(#"{"class":"UIView","backgroundColor":"rgb 4111 1111 1111 1111","textColor":"rgb 555 123 4567","tintColor":"jane.doe@example.com/white","borderColor":"?4111-1111-1111-1111/blue"}"#,
                         #"{"class":"UIView","backgroundColor":"lal lala alal lala alal","textColor":"lal lal lal lala","tintColor":"lalalalalalalalalalalalala","borderColor":"lalalalalalalalalalalalal"}"#)
        // Numbers: a colour integer of more than 10 digits, a raw value of more than 7, a
        // geometry number of more than 7 before the point.
        try expectOutput(#"{"class":"UIView","backgroundColor":4111111111111111,"inputType":5551234567,"transform":[1,0,0,1,4111111111111111,0],"frame":{"x":4111111111111111,"y":0}}"#,
                         #"{"class":"UIView","backgroundColor":"lalalalalalalala","inputType":"lalalalala","transform":[1,0,0,1,"lalalalalalalala",0],"frame":{"x":"lalalalalalalala","y":0}}"#)
        // Fonts: a phone number in a name; members that are not a font's attributes, and
        // objects inside a font's object.
        try expectOutput(#"{"class":"UILabel","fontName":"Tel 06 12 34 56 78","font":{"name":"Helvetica","JohnSmith":{"pw":"Tr0ub4dor"},"size":{"pw":"x"}}}"#,
                         #"{"class":"UILabel","fontName":"lal la al la al la","font":{"name":"Helvetica","lalalalal":{"la":"lalalalal"},"size":{"la":"l"}}}"#)
    }

    @Test("an identifier or a screen name holding a key or token is masked; code-like identifiers are kept")
    func shapedSecrets() throws {
        try expectOutput(#"{"screen":"sk_live_abcdefgh12345678","root":{"class":"UILabel","id":"sk_live_abcdefghijklmnop","accessibilityIdentifier":"ghp_abcdefgh12345678XYZ","restorationIdentifier":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIn0.c2lnbmF0dXJlX2hlcmU"}}"#,
                         #"{"screen":"lalalalalalalalalalalala","root":{"class":"UILabel","id":"lalalalalalalalalalalala","accessibilityIdentifier":"lalalalalalalalalalalal","restorationIdentifier":"lalalalalalalalalalalalalalalalalalalalalalalalalalalalalala"}}"#)
        let kept = #"{"screen":"ProfileViewController","root":{"class":"UILabel","id":"com.example.app:id/toolbar_title","accessibilityIdentifier":"ProfileViewController.nameLabel","restorationIdentifier":"123e4567-e89b-12d3-a456-426614174000"}}"#
        try expectOutput(kept, kept)
        // The safety net's `secret` reads them in an unmasked view.
        try expectOutput(#"{"class":"UILabel","text":"Hi","id":"AKIAIOSFODNN7EXAMPLE"}"#, #"{"class":"UILabel","text":"la","id":"lalalalalalalalalala"}"#,
                         policy: "version: 1.1\ndefault: unmask\ndetect: [secret]\n")
        let raw: [UInt8] = Array("token ghp_abcdefgh12345678XYZ".utf8)
        #expect(raw.withUnsafeBufferPointer { ShapeVocabulary.holdsSecret($0) })
        #expect(!Array("contact_cell_title_label".utf8).withUnsafeBufferPointer { ShapeVocabulary.holdsSecret($0) })
        // The gate never says no where the detector finds one: every byte around a key.
        let key = Array("sk_live_abcdefghijkl".utf8)
        for byte in UInt8(0)...UInt8(255) {
            for at in [0, 8, key.count] {
                var bytes = key
                bytes.insert(byte, at: at)
                let text = String(decoding: bytes, as: UTF8.self)
                let found = ValueDetectors.scan(text).contains(.secret)
                var utf8 = Array(text.utf8)
                #expect(utf8.withUnsafeMutableBufferPointer { ShapeVocabulary.holdsSecret(UnsafeBufferPointer($0)) } == found, "byte \(byte) at \(at)")
            }
        }
    }

    @Test("an enumeration holds one raw value at most: a code or a date in groups is masked")
    func groupedDigits() throws {
        let secure = #""class":"UITextField","isSecureTextEntry":true,"text":"x""#
        let secureMasked = #""class":"UITextField","isSecureTextEntry":true,"text":"•""#
        try expectOutput(#"{\#(secure),"keyboardType":"481 926","textContentType":"12 34 56 78","autofillHints":"07,12,85","visibility":"98|76|54","fontWeight":"0x12 0x34"}"#,
                         #"{\#(secureMasked),"keyboardType":"lal lal","textContentType":"la al la al","autofillHints":"lalalala","visibility":"lalalala","fontWeight":"lala alal"}"#)
        try expectOutput(#"{\#(secure),"keyboardType":"UIKeyboardType(rawValue: 11)","inputType":"TYPE_CLASS_TEXT|0x80"}"#,
                         #"{\#(secureMasked),"keyboardType":"UIKeyboardType(rawValue: 11)","inputType":"TYPE_CLASS_TEXT|0x80"}"#)
    }

    @Test("the platforms' own forms stay: font weights, hex input types, Flutter and UIKit colours")
    func platformForms() throws {
        let input = #"{"class":"UILabel","fontWeight":0.4,"inputType":"0x81","keyboardType":"NSTextAlignment(rawValue: 1)","backgroundColor":"Color(0xff2196f3)","textColor":"UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)","tintColor":"hsl(210deg 50% 50%)","borderColor":"@com.example.app:color/brand_primary","fontName":"FontWeight.w700"}"#
        try expectOutput(input, input)
        try expectOutput(#"{"class":"UIView","backgroundColor":"Color.fromARGB(255, 33, 150, 243)","textColor":"UIExtendedSRGBColorSpace 0.129412 0.588235 0.952941 1","tintColor":-14575885}"#,
                         #"{"class":"UIView","backgroundColor":"Color.fromARGB(255, 33, 150, 243)","textColor":"UIExtendedSRGBColorSpace 0.129412 0.588235 0.952941 1","tintColor":-14575885}"#)
    }

    @Test("a screen name that holds personal data is masked; any other is kept, masked view or not")
    func screenName() throws {
        try expectOutput(#"{"screen":"reza.yusuf98@gmail.com","root":{"class":"UIView"}}"#, #"{"screen":"lalalalalalalalalalala","root":{"class":"UIView"}}"#, policy: unmaskAllPolicy)
        try expectOutput(#"{"screen":"CheckoutViewController","root":{"class":"UIView"}}"#, #"{"screen":"CheckoutViewController","root":{"class":"UIView"}}"#)
        try expectOutput(#"{"screen":null,"root":{"class":"UIView"}}"#, #"{"screen":null,"root":{"class":"UIView"}}"#)
    }

    @Test("a member name of a field name's form that holds an account or card number is masked, and reports name it by position")
    func memberNames() throws {
        try expectOutput(#"{"class":"UILabel","DE89370400440532013000":"b","frame":{"card_4111111111111111":1,"x":0}}"#,
                         #"{"class":"UILabel","lalalalalalalalalalala":"l","frame":{"lalalalalalalalalalal":1,"x":0}}"#)
        #expect(MemberName.shown("DE89370400440532013000", position: 3) == "<key 3>")
        #expect(MemberName.isPlain("user_id_12345") && MemberName.isPlain("accessibilityIdentifier"))
        // A key or token is content too, in a geometry field's compact form or not.
        #expect(!MemberName.isPlain("sk_live_51HxYzAbCdEfGhIj") && !MemberName.isPlain("ghp_abcdefghijklmnop1234"))
        #expect(MemberName.isPlain("contentOffsetAdjustmentBehavior") && MemberName.isPlain("textContainerInset"))
        try expectOutput(#"{"class":"UILabel","frame":{"x":0,"sk_live_51HxYzAbCdEfGhIj":1}}"#,
                         #"{"class":"UILabel","frame":{"x":0,"lalalalalalalalalalalala":1}}"#)
    }

    @Test("an unmasked view keeps every structural value as it came")
    func unmaskedKeeps() throws {
        let input = #"{"class":"UIView","selected":"Visa 4111","keyboardType":"hunter2","font":{"x":"y z"}}"#
        try expectOutput(input, input, policy: unmaskAllPolicy)
    }

    @Test("the detect: safety net reads structural values without their shape, and only those")
    func safetyNet() throws {
        let policy = "version: 1.1\ndefault: unmask\ndetect: [payment-card]\n"
        try expectOutput(#"{"class":"UIView","selected":"4111 1111 1111 1111"}"#, #"{"class":"UIView","selected":"lala alal lala alal"}"#, policy: policy)
        // A colour's numbers are not content; numbers no colour has are.
        try expectOutput(#"{"class":"UIView","backgroundColor":"rgba(255, 255, 255, 0.5)","id":"x"}"#,
                         #"{"class":"UIView","backgroundColor":"rgba(255, 255, 255, 0.5)","id":"x"}"#, policy: policy)
        try expectOutput(#"{"class":"UIView","backgroundColor":"rgb(4111 1111 1111 1111)","id":"x"}"#,
                         #"{"class":"UIView","backgroundColor":"lalalala alal lala alala","id":"x"}"#, policy: policy)
    }

    @Test("the contract's string flavour agrees with the writer")
    func emitFlavour() {
        #expect(FieldEmission.keepShaped.emit("hunter2", shape: .token) == "lalalal")
        #expect(FieldEmission.keepShaped.emit("numberPad", shape: .token) == "numberPad")
        #expect(FieldEmission.keepShaped.emit("numberPad") == "lalalalal")
        func decision(masked: Bool) -> MaskDecision {
            MaskDecision(isMasked: masked, level: .default, ruleIndex: nil, kind: .text, isSecure: false, emitsChildren: true)
        }
        #expect(decision(masked: true).emission(for: .structural) == .keepShaped)
        #expect(decision(masked: false).emission(for: .structural) == .keep)
        #expect(FieldShape.of(key: "selected") == .flag && FieldShape.of(key: "frame") == .metric && FieldShape.of(key: "text") == nil)
        // Every structural field has a shape.
        for name in ViewField.structuralFields where name != "masking" { #expect(FieldShape.of(key: name) != nil, "\(name)") }
    }
}

@Suite("Structural shapes")
struct FieldShapeTests {
    @Test("the secure markers' own forms are tokens; digits and words outside the constants are not")
    func markerForms() {
        for value in ["UITextContentType(_rawValue: password)", "[password, emailAddress]", "cc-number", "new-password",
                      "TYPE_TEXT_FLAG_NO_SUGGESTIONS", "numberPassword", "View.VISIBLE", "NSLineBreakByTruncatingTail",
                      "129", "0x81", "NSTextAlignment(rawValue: 1)", "FontWeight.w700"] {
            #expect(FieldShape.token.accepts(string: value), "\(value)")
        }
        for value in ["1234", "0x5551234567", "hunter2", "Jane Doe", "password1", "", "|", "4111 1111 1111 1111", "numberPad 5551234"] {
            #expect(!FieldShape.token.accepts(string: value), "\(value)")
        }
        #expect(FieldShape.token.accepts(number: "129") && FieldShape.token.accepts(number: "-1"))
        #expect(FieldShape.token.accepts(number: "0.4") && FieldShape.token.accepts(number: "1048575"))
        #expect(!FieldShape.token.accepts(number: "1234.5") && !FieldShape.token.accepts(number: "41111111") && !FieldShape.token.accepts(number: "1e3"))
    }

    @Test("flags are booleans in any spelling, nothing else")
    func flagForms() {
        for value in ["true", "FALSE", "Yes", "no", "0", "1"] { #expect(FieldShape.flag.accepts(string: value), "\(value)") }
        for value in ["2", "truth", "", "true ", "Visa"] { #expect(!FieldShape.flag.accepts(string: value), "\(value)") }
        #expect(FieldShape.flag.accepts(number: "0") && FieldShape.flag.accepts(number: "1") && !FieldShape.flag.accepts(number: "1.0"))
    }

    @Test("font names: letters, short digit runs, a few separators")
    func fontForms() {
        for value in ["Helvetica Neue", "Inter_18pt-Bold", "sans-serif-condensed", "Georgia,serif"] { #expect(FieldShape.font.accepts(string: value), "\(value)") }
        for value in ["1234", "Jane 41111", "a@b", "", String(repeating: "a", count: 65), "名前"] { #expect(!FieldShape.font.accepts(string: value), "\(value)") }
    }
}

@Suite("Given class chains")
struct GivenChainTests {
    @Test("a class met with a look-alike chain does not lend its facts to the same class with the real one")
    func lookAlikeChain() throws {
        // U+212A KELVIN SIGN is canonically equal to K: `==` takes the two arrays as equal.
        let tree = #"{"class":"UIView","children":[{"class":"StoreMap","superclasses":["M\u212AMapView","UIView"]},{"class":"StoreMap","superclasses":["MKMapView","UIView"],"text":"12 Main Street"}]}"#
        let output = try masked(tree, policy: unmaskAllPolicy, explain: true)
        #expect(!output.contains("Main Street"), "\(output)")
        #expect(output.contains(#""placeholder":"MAP""#), "\(output)")
    }
}
