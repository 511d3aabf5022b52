import Testing
import MaskEngine
@testable import MaskJSON

/// Secure views as `apply` writes them (issue 16, items 1 and 2): never unmasked, in any
/// field, and neither is anything inside them.
@Suite("Secure views in apply")
struct SecureViewTests {
    static let unmaskTextFields = """
    version: 1
    default: unmask
    rules:
      - unmask: { type: UITextField }
    """

    /// Whether a secret reaches the output, as text or in any case.
    func leaks(_ output: String, _ secrets: [String]) -> [String] {
        secrets.filter { output.lowercased().contains($0.lowercased()) }
    }

    @Test("an unmasked secure field leaks none of its fields nor its subtree", arguments: [unmaskAllPolicy, unmaskTextFields])
    func nothingLeaks(_ policy: String) throws {
        let input = #"{"screen":"Login","root":{"class":"UIView","children":[{"class":"UITextField","isSecureTextEntry":true,"text":"hunter2","hint":"pw-hint-9","value":"val-secret","attributedText":{"string":"attr-secret"},"image":"data:image/png;base64,SECRETIMG","custom":{"nested":["deep-secret",31337]},"children":[{"class":"UILabel","text":"child-hunter2","accessibilityLabel":"child-label"},{"class":"UIImageView","image":"child.png"}]},{"class":"UILabel","text":"Welcome"}]}}"#
        let output = try masked(input, policy: policy)
        #expect(leaks(output, ["hunter2", "pw-hint", "val-secret", "attr-secret", "SECRETIMG", "deep-secret", "31337", "child-label", "child.png", "nested"]) == [])
        #expect(output.contains(#""text":"•••••••""#))
        #expect(output.contains(#""text":"•••••••••••••""#), "the child label's text is bullets")
        #expect(output.contains(#""placeholder":"IMG""#), "the child image is a placeholder")
        #expect(output.contains(#""text":"Welcome""#), "views beside the field follow the policy")
    }

    @Test("every secure marker in the JSON makes the view secure", arguments: [
        #""isSecureTextEntry":true"#, #""password":true"#, #""secureTextEntry":true"#, #""obscureText":true"#,
        #""textContentType":"password""#, #""textContentType":"new-password""#, #""textContentType":"one-time-code""#,
        #""textContentType":"cc-number""#, #""textContentType":"cc-csc""#, #""textContentType":"creditCardSecurityCode""#,
        #""textContentType":"NEWPASSWORD""#, #""t\u0065xtContentType":"password""#,
        #""inputType":"textPassword""#, #""inputType":"numberPassword""#, #""inputType":"textWebPassword""#,
        #""inputType":"textVisiblePassword""#, #""inputType":"textPassword|textNoSuggestions""#,
        #""inputType":129"#, #""inputType":18"#, #""inputType":225"#, #""inputType":145"#, #""inputType":"0x81""#,
        #""inputType":"0x12""#, #""inputType":"0xe1""#, #""inputType":"0x91""#, #""inputType":"textSomethingNew""#, #""inputType":129.5"#,
        #""autofillHints":["password"]"#, #""autofillHints":"creditCardNumber""#, #""autofillHints":["creditCardSecurityCode"]"#,
        #""autofillHints":["emailAddress","smsOTPCode"]"#, #""autofillHints":"username,password""#,
        // Other capture tools' names: Android's isPassword, Flutter's semantics flag, web
        // and React Native autocomplete, a web input's or an XCUITest element's type.
        #""isPassword":true"#, #""isObscured":true"#, #""autocomplete":"current-password""#, #""autocomplete":"section-a cc-csc""#,
        #""autoComplete":"one-time-code""#, #""autocomplete":"new-password""#, #""au\u0074ocomplete":"password""#,
        #""type":"password""#, #""type":"PASSWORD""#, #""type":"XCUIElementTypeSecureTextField""#, #""type":"SecureTextField""#,
        #""type":"SecureField""#, #""type":"pass\u0077ord""#, #""type":"text","type":"password""#, #""type":"password","type":"text""#,
        // Spaces, controls, format characters and default-ignorables hide no name; React
        // Native's own values; a generic secure field's type.
        #""autocomplete":"current\u00a0password""#, #""autoComplete":"one-time-code\u00a0""#, #""autocomplete":"cc-csc\u2009""#,
        #""type":"pass\u061cword""#, #""textContentType":"pass\ufe0fword""#, #""autocomplete":"pass\tword""#,
        #""textContentType":"pass\u3164word""#, #""autocomplete":"pass\u2028word""#,
        #""autoComplete":"password-new""#, #""autoComplete":"wifi-password""#, #""autoComplete":"gift-card-pin""#,
        #""type":"SwiftUI.SecureField<SwiftUI.Text>""#, #""type":"SecureField<Text>""#, #""type":"SecureField\t""#,
        #""type":"XCUIElementTypeSecureTextField\n""#,
        // A list of types: any one naming a password input.
        #""type":["password"]"#, #""type":["text","SecureTextField"]"#, #""type":[null,3,"pass\u0077ord"]"#,
        // Other tools' spellings of the markers: any case, `-` or `_` between words; a
        // value of another JSON type fails closed.
        #""is_password":true"#, #""PASSWORD":"true""#, #""Password":1"#, #""IsSecureTextEntry":{}"#, #""secure_text_entry":true"#,
        #""obscure_text":"yes""#, #""is-obscured":[1]"#, #""input_type":"textPassword""#, #""InputType":129"#, #""INPUT_TYPE":true"#,
        #""autofill_hints":["password"]"#, #""AutofillHints":"username,password""#, #""autofill-hints":[7]"#,
        #""text_content_type":"one-time-code""#, #""AUTOCOMPLETE":"current-password""#, #""auto_complete":false"#,
        #""inputType":1,"input_type":129"#, #""is_p\u0061ssword":true"#,
        #""Type":"password""#, #""TYPE":["password"]"#, #""tYpe":"SecureTextField""#, #""typ\u0045":"password""#,
    ])
    func markers(_ marker: String) throws {
        let output = try masked(#"{"class":"android.widget.EditText",\#(marker),"text":"s3cret pin"}"#, policy: unmaskAllPolicy)
        #expect(output.contains(#""text":"••••••••••""#), "\(marker): \(output)")
    }

    @Test("markers that name no secret leave an unmasked field in clear", arguments: [
        #""inputType":"textEmailAddress""#, #""inputType":33"#, #""inputType":"0x21""#, #""autofillHints":["emailAddress"]"#,
        #""textContentType":"username""#, #""isSecureTextEntry":false"#, #""inputType":null"#, #""autofillHints":null"#,
        #""isPassword":false"#, #""isObscured":null"#, #""autocomplete":"email""#, #""autoComplete":null"#,
        #""type":"text""#, #""type":"email""#, #""type":"XCUIElementTypeTextField""#, #""type":3"#, #""type":{"name":"password"}"#,
        #""type":["text","email"]"#, #""type":[]"#,
        #""is_password":false"#, #""PASSWORD":null"#, #""Password":"0""#, #""input_type":1"#, #""autofill_hints":["username"]"#,
        #""text_content_type":"name""#, #""passwordHint":"x""#, #""password2":true"#, #""passwords":true"#, #""is_obscured":" False ""#,
    ])
    func nonMarkers(_ marker: String) throws {
        let output = try masked(#"{"class":"android.widget.EditText",\#(marker),"text":"jane"}"#, policy: unmaskAllPolicy)
        #expect(output.contains(#""text":"jane""#), "\(marker): \(output)")
    }

    @Test("markers of the wrong type are errors with their path", arguments: [
        (#""inputType":true"#, "$.inputType"), (#""autofillHints":[1]"#, "$.autofillHints[0]"), (#""autofillHints":{}"#, "$.autofillHints"),
        (#""obscureText":"yes""#, "$.obscureText"), (#""secureTextEntry":1"#, "$.secureTextEntry"),
        (#""isPassword":"true""#, "$.isPassword"), (#""isObscured":1"#, "$.isObscured"),
        (#""autocomplete":["password"]"#, "$.autocomplete"), (#""autoComplete":true"#, "$.autoComplete"),
    ])
    func wrongTypes(_ marker: String, _ path: String) {
        do {
            _ = try masked(#"{"class":"android.widget.EditText",\#(marker),"text":"x"}"#, policy: unmaskAllPolicy)
            Issue.record("accepted \(marker)")
        } catch let error as TreeError {
            #expect(error.path == path, "\(marker)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a secure marker given twice is a duplicate key, escaped or not")
    func duplicateMarkers() {
        #expect(throws: TreeError.self) {
            try masked(#"{"class":"X","inputType":1,"inp\u0075tType":129}"#, policy: unmaskAllPolicy)
        }
    }

    /// `input` under `default: unmask` through apply's fast path, expecting read +
    /// decide + write to give the same bytes.
    func appliedBothWays(_ input: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let masker = TreeMasker(table: try compileTable(unmaskAllPolicy))
        let fast = String(decoding: try masker.apply(Array(input.utf8), file: "t.json"), as: UTF8.self)
        let document = try masker.read(Array(input.utf8), file: "t.json")
        var out: [UInt8] = []
        masker.write(document, decisions: masker.decide(document), to: &out, flush: { _ in })
        #expect(fast == String(decoding: out, as: UTF8.self) + "\n", sourceLocation: sourceLocation)
        return fast
    }

    @Test("apply and read + decide + write agree on secure subtrees (bytes and String paths)")
    func pathsAgree() throws {
        let input = #"{"class":"UIView","children":[{"class":"EditText","inputType":129,"text":"a b","children":[{"class":"UILabel","text":"xyz","n":5}]},{"class":"UILabel","autofillHints":["password"],"text":"pw","children":[{"class":"UILabel","text":"q"}]}]}"#
        let fast = try appliedBothWays(input)
        #expect(fast == #"{"class":"UIView","children":[{"class":"EditText","inputType":129,"text":"•••","children":[{"class":"UILabel","text":"•••","n":"l"}]},{"class":"UILabel","autofillHints":["password"],"text":"••","children":[{"class":"UILabel","text":"•"}]}]}"# + "\n")
    }

    @Test("an input whose class is named for secure entry is bullets with no marker, in apply's fast and document paths")
    func secureByClassName() throws {
        let input = #"{"class":"UIView","children":[{"class":"com.example.PasswordEditText","text":"hunter2"},{"class":"LoginPin","superclasses":["UITextField","UIControl","UIView"],"text":"4711","children":[{"class":"UILabel","text":"47"}]},{"class":"CvcEditText","text":"123"},{"class":"PasswordLabel","text":"Password"},{"class":"ShippingTextField","text":"Main St"}]}"#
        let fast = try appliedBothWays(input)
        #expect(leaks(fast, ["hunter2", "4711", "\"47\"", "123"]) == [])
        #expect(fast.contains(#""text":"•••••••""#) && fast.contains(#""text":"••••""#) && fast.contains(#""text":"••""#))
        #expect(fast.contains(#""text":"Password""#) && fast.contains(#""text":"Main St""#), "a label, and an input named for nothing secret, follow the policy")
    }
}
