import Testing
import MaskEngine
import MaskImport
import MaskJSON

/// Field mapping and key order, on small captures with every field.
@Suite("Mapping")
struct MappingTests {
    @Test("uiautomator: every mapped field, in the fixed key order")
    func uiautomatorNode() throws {
        let xml = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="Hi" \
        resource-id="com.x:id/name" class="android.widget.EditText" package="com.x" content-desc="Name" checkable="false" \
        checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="true" \
        password="true" selected="false" bounds="[10,20][110,70]" hint="Your name" drawing-order="3"/></hierarchy>
        """
        let json = try convertText(xml, format: .uiautomator)
        #expect(json == """
        {"screen":"com.x","root":{"class":"android.widget.EditText","accessibilityIdentifier":"com.x:id/name",\
        "frame":{"x":10,"y":20,"width":100,"height":50},"text":"Hi","placeholder":"Your name","accessibilityLabel":"Name",\
        "isSecureTextEntry":true,"checkable":false,"checked":false,"clickable":true,"enabled":true,"focusable":true,\
        "focused":false,"scrollable":false,"selected":false,"zIndex":3}}
        """)
        let converted = try convertAndRead(Array(xml.utf8), format: .uiautomator)
        #expect(converted.decisions[0].isSecure)
        #expect(converted.decisions[0].kind == .text)
    }

    @Test("uiautomator: empty strings are omitted, malformed bounds give no frame")
    func uiautomatorEmpty() throws {
        let json = try convertText("<hierarchy><node text=\"\" resource-id=\"\" content-desc=\"\" class=\"V\" password=\"false\" bounds=\"[1,2]\" checked=\"maybe\"/></hierarchy>", format: .uiautomator)
        #expect(json == "{\"root\":{\"class\":\"V\"}}")
        let negative = try convertText("<hierarchy><node class=\"V\" bounds=\"[-5,0][5,10]\"/></hierarchy>", format: .uiautomator)
        #expect(negative == "{\"root\":{\"class\":\"V\",\"frame\":{\"x\":-5,\"y\":0,\"width\":10,\"height\":10}}}")
    }

    @Test("uiautomator and Rico: not visible to the user becomes hidden (the replay encoder leaves it out)")
    func visibleToUser() throws {
        let xml = try convertText("<hierarchy><node class=\"V\" visible-to-user=\"false\"/></hierarchy>", format: .uiautomator)
        #expect(xml == "{\"root\":{\"class\":\"V\",\"hidden\":true}}")
        let shown = try convertText("<hierarchy><node class=\"V\" visible-to-user=\"true\"/></hierarchy>", format: .uiautomator)
        #expect(shown == "{\"root\":{\"class\":\"V\"}}")
        let rico = try convertText("{\"activity_name\": \"a/b\", \"activity\": {\"root\": {\"class\": \"V\", \"visible-to-user\": false, \"visibility\": \"gone\"}}}", format: .rico)
        #expect(rico.contains("\"hidden\":true"))
        #expect(rico.contains("\"visibility\":\"gone\""))
    }

    @Test("Appium Android: displayed=\"false\" becomes hidden, in any case, like visible-to-user")
    func displayed() throws {
        for value in ["false", "FALSE", "False"] {
            let json = try convertText("<hierarchy><android.widget.TextView text=\"t\" displayed=\"\(value)\"/></hierarchy>", format: .appiumAndroid)
            #expect(json == "{\"root\":{\"class\":\"android.widget.TextView\",\"text\":\"t\",\"hidden\":true}}", "\(value)")
            let hidden = try convertText("<hierarchy><node class=\"V\" visible-to-user=\"\(value)\"/></hierarchy>", format: .uiautomator)
            #expect(hidden == "{\"root\":{\"class\":\"V\",\"hidden\":true}}", "\(value)")
        }
        let both = try convertText("<hierarchy><node class=\"V\" visible-to-user=\"false\" displayed=\"false\"/></hierarchy>", format: .uiautomator)
        #expect(both == "{\"root\":{\"class\":\"V\",\"hidden\":true}}")
        for value in ["true", "TRUE", ""] {
            let json = try convertText("<hierarchy><android.widget.TextView text=\"t\" displayed=\"\(value)\"/></hierarchy>", format: .appiumAndroid)
            #expect(json == "{\"root\":{\"class\":\"android.widget.TextView\",\"text\":\"t\"}}", "\(value)")
        }
    }

    @Test("uiautomator: several top nodes get a synthetic root")
    func syntheticRoot() throws {
        let json = try convertText("<hierarchy rotation=\"1\"><node class=\"A\" package=\"p\"/><node class=\"B\" package=\"q\"><node class=\"C\"/></node></hierarchy>", format: .uiautomator)
        #expect(json == "{\"screen\":\"p\",\"root\":{\"class\":\"android.view.View\",\"id\":\"hierarchy\",\"children\":[{\"class\":\"A\"},{\"class\":\"B\",\"children\":[{\"class\":\"C\"}]}]}}")
        let converted = try convertAndRead(Array(json.utf8), format: .json)
        #expect(converted.views.map(\.className) == ["android.view.View", "A", "B", "C"])
        #expect(converted.views[0].id == "hierarchy")
    }

    @Test("Appium Android: the tag is the class")
    func appiumAndroid() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <hierarchy index="0" class="hierarchy" rotation="0" width="1080" height="2220">
          <android.widget.FrameLayout index="0" package="com.a" class="android.widget.FrameLayout" text="" bounds="[0,0][1080,2220]" displayed="true">
            <android.widget.TextView index="0" package="com.a" class="android.widget.TextView" text="Hello" resource-id="com.a:id/title" content-desc="Greeting" bounds="[0,0][100,50]" clickable="false"/>
            <android.widget.EditText password="true" text="hunter2" bounds="[0,50][100,100]"/>
          </android.widget.FrameLayout>
        </hierarchy>
        """
        #expect(CaptureImporter.detect(Array(xml.utf8)) == .format(.appiumAndroid))
        let converted = try convertAndRead(Array(xml.utf8), format: .appiumAndroid)
        #expect(converted.text == """
        {"screen":"com.a","root":{"class":"android.widget.FrameLayout","frame":{"x":0,"y":0,"width":1080,"height":2220},"children":[\
        {"class":"android.widget.TextView","accessibilityIdentifier":"com.a:id/title","frame":{"x":0,"y":0,"width":100,"height":50},"text":"Hello","accessibilityLabel":"Greeting","clickable":false},\
        {"class":"android.widget.EditText","frame":{"x":0,"y":50,"width":100,"height":50},"text":"hunter2","isSecureTextEntry":true}]}}
        """)
        #expect(converted.decisions[2].isSecure)
        let masked = String(decoding: try TreeMasker(table: maskEverything).apply(converted.json, file: "a"), as: UTF8.self)
        #expect(!masked.contains("hunter2"))
        #expect(masked.contains("\"text\":\"•••••••\""))
    }

    @Test("Rico: every mapped field, null children and content-desc entries")
    func rico() throws {
        let rico = """
        {"activity_name": "com.a/com.a.Main", "is_keyboard_deployed": false, "activity": {"added_fragments": [], "root": {
          "class": "com.a.x", "ancestors": ["android.widget.EditText", "android.widget.TextView", "android.view.View", "java.lang.Object"],
          "bounds": [0, 10, 100, 60], "rel-bounds": [0, 0, 100, 50], "text": "pw", "text-hint": "Password",
          "resource-id": "com.a:id/pw", "content-desc": [null, "Pass", null, "word"], "password": true,
          "visibility": "visible", "visible-to-user": true, "clickable": true, "scrollable-horizontal": false,
          "scrollable-vertical": true, "pointer": "45d30db", "font-family": "sans",
          "children": [null, {"class": "android.view.View", "bounds": [1.5, 2, 3, 4], "content-desc": [null], "text": null}]}}}
        """
        #expect(CaptureImporter.detect(Array(rico.utf8)) == .format(.rico))
        let converted = try convertAndRead(Array(rico.utf8), format: .rico)
        #expect(converted.text == """
        {"screen":"com.a/com.a.Main","root":{"class":"com.a.x","superclasses":["android.widget.EditText","android.widget.TextView","android.view.View","java.lang.Object"],\
        "accessibilityIdentifier":"com.a:id/pw","frame":{"x":0,"y":10,"width":100,"height":50},"text":"pw","placeholder":"Password",\
        "accessibilityLabel":"Pass word","isSecureTextEntry":true,"clickable":true,"scrollable":true,"visibility":"visible",\
        "children":[{"class":"android.view.View","frame":{"x":1.5,"y":2,"width":1.5,"height":2}}]}}
        """)
        // The obfuscated class is an EditText by its chain: text kind, and secure.
        #expect(converted.decisions[0].kind == .text)
        #expect(converted.decisions[0].isSecure)
    }

    @Test("Rico: structural errors are positioned")
    func ricoErrors() throws {
        let noRoot = try #require(importError("{\"activity_name\": \"a\",\n \"activity\": {}}", format: .rico, file: "r.json"))
        #expect(noRoot.rendered == "r.json:1:1: error: no view hierarchy: expected $.activity.root")
        let badChild = try #require(importError("{\"activity\": {\"root\": {\"class\": \"V\",\n \"children\": [null, \"secret\"]}}}", format: .rico, file: "r.json"))
        #expect(badChild.rendered == "r.json:2:21: error: expected a view object or null at a children[1] entry")
        let syntax = try #require(importError("{\"activity\": {\"root\": {\"class\": \"secret\",}}}", format: .rico, file: "r.json"))
        #expect((syntax.line, syntax.column) == (1, 42))
        #expect(!syntax.rendered.contains("secret"))
        // Rico's own keys are named in paths; any other key is shown by position.
        let named = try #require(importError(#"{"activity": {"root": {"class": "V", "resource-id": tru}}}"#, format: .rico, file: "r.json"))
        #expect(named.rendered.hasSuffix(" at $.activity.root.resource-id"), "\(named.rendered)")
        let unnamed = try #require(importError(#"{"activity": {"root": {"class": "V", "jane@example.com": {"card 4111111111111111": NaN}}}}"#, format: .rico, file: "r.json"))
        #expect(unnamed.rendered.hasSuffix(" at $.activity.root.<key 1>.<key 0>"), "\(unnamed.rendered)")
        #expect(!unnamed.rendered.contains("jane") && !unnamed.rendered.contains("card") && !unnamed.rendered.contains("4111"))
    }

    @Test("a password marker the importer does not read as false makes the view secure (fail closed)")
    func oddPasswordMarkersAreSecure() throws {
        for value in ["true", "TRUE", "True", " true", "1", "", "yes", "secret"] {
            let xml = "<hierarchy><node class=\"android.widget.EditText\" text=\"LEAK\" password=\"\(value)\" bounds=\"[0,0][9,9]\"/></hierarchy>"
            #expect(try convertAndRead(Array(xml.utf8), format: .uiautomator).decisions[0].isSecure, "password=\"\(value)\"")
        }
        for value in ["false", "FALSE", " false ", "0"] {
            let xml = "<hierarchy><node class=\"android.widget.EditText\" password=\"\(value)\" bounds=\"[0,0][9,9]\"/></hierarchy>"
            #expect(try !convertAndRead(Array(xml.utf8), format: .uiautomator).decisions[0].isSecure, "password=\"\(value)\"")
        }
        // A namespaced marker, and an `inputType` attribute (a password variation, or text
        // that cannot be read) in a capture that adds one.
        for attribute in ["a:password=\"true\"", "inputType=\"129\"", "inputType=\"0x81\"", "inputType=\"textPassword|textNoSuggestions\"",
                          "input-type=\"18\"", "inputType=\"garbled\"", "PASSWORD=\"true\"", "android:inputType=\"textWebPassword\"",
                          "autofillHints=\"password\"", "autofill-hints=\"username,newPassword\"", "a:autofillHints=\"smsOTPCode\"",
                          "autofill_hints=\"username password\"", "autofillHints=\"username|password\"", "autofillHints=\"username;creditCardNumber\"",
                          "input_type=\"textPassword\"",
                          // Given twice: a password variation in either, or two that disagree.
                          "inputType=\"1\" input-type=\"129\"", "input-type=\"129\" inputType=\"1\"", "inputType=\"1\" input-type=\"2\""] {
            let xml = "<hierarchy><node class=\"android.widget.EditText\" text=\"LEAK\" \(attribute) bounds=\"[0,0][9,9]\"/></hierarchy>"
            #expect(try convertAndRead(Array(xml.utf8), format: .uiautomator).decisions[0].isSecure, "\(attribute)")
        }
        let plainInput = "<hierarchy><node class=\"android.widget.EditText\" inputType=\"1\" bounds=\"[0,0][9,9]\"/></hierarchy>"
        #expect(try !convertAndRead(Array(plainInput.utf8), format: .uiautomator).decisions[0].isSecure)
        let agreeing = "<hierarchy><node class=\"android.widget.EditText\" inputType=\"text\" input-type=\"0x1\" autofillHints=\"username\" bounds=\"[0,0][9,9]\"/></hierarchy>"
        #expect(try !convertAndRead(Array(agreeing.utf8), format: .uiautomator).decisions[0].isSecure)
        // The attribute's text is not copied into the tree (its field is kept in masked output): only its number.
        let written = try convertText("<hierarchy><node class=\"android.widget.EditText\" inputType=\"textPassword&#10;x\" bounds=\"[0,0][9,9]\"/></hierarchy>", format: .uiautomator)
        #expect(written.contains(#""inputType":-1"#) && !written.contains("textPassword"), "\(written)")
        for value in ["true", "\"true\"", "\"TRUE\"", "1", "\"\"", "{}", "[]", "\"yes\""] {
            let rico = #"{"activity_name": "a/b", "activity": {"root": {"class": "android.widget.EditText", "password": "# + value
                + #", "text": "LEAK", "children": [{"class": "android.widget.TextView", "text": "LEAK2"}]}}}"#
            let converted = try convertAndRead(Array(rico.utf8), format: .rico)
            #expect(converted.decisions[0].isSecure && converted.decisions[1].isSecure, "password: \(value)")
        }
        for value in ["false", "null", "\"false\"", "0"] {
            let rico = #"{"activity": {"root": {"class": "android.widget.EditText", "password": "# + value + "}}}"
            #expect(try !convertAndRead(Array(rico.utf8), format: .rico).decisions[0].isSecure, "password: \(value)")
        }
        // A Rico-form capture that adds the XML importer's `inputType` and `autofillHints`:
        // read as it reads them, a value of another JSON type failing closed.
        for member in [#""inputType": 129"#, #""inputType": "0x81""#, #""input-type": "textPassword|textNoSuggestions""#, #""input_type": true"#,
                       #""inputType": "garbled""#, #""autofillHints": "username,password""#, #""autofill-hints": ["username", "smsOTPCode"]"#,
                       #""autofillHints": ["username", 7]"#, #""autofill_hints": {}"#] {
            let rico = #"{"activity_name": "a/b", "activity": {"root": {"class": "android.widget.EditText", "text": "LEAK", "# + member + "}}}"
            let converted = try convertAndRead(Array(rico.utf8), format: .rico)
            #expect(converted.decisions[0].isSecure, "\(member): \(converted.text)")
        }
        for member in [#""inputType": 1"#, #""inputType": null"#, #""autofillHints": ["username"]"#] {
            let rico = #"{"activity_name": "a/b", "activity": {"root": {"class": "android.widget.EditText", "# + member + "}}}"
            #expect(try !convertAndRead(Array(rico.utf8), format: .rico).decisions[0].isSecure, "\(member)")
        }
    }

    @Test("secure markers in any spelling a tool writes them: case, - or _, other tools' names, in every importer")
    func markerSpellings() throws {
        // Rico-form members: a flag in any case and spelling, other tools' names of it
        // (Android's isPassword, Flutter's isObscured, UIKit's secureTextEntry), a
        // content type naming a password or code; a value of another JSON type fails closed.
        for member in [#""PASSWORD": true"#, #""Password": "1""#, #""is_password": true"#, #""isPassword": true"#, #""isObscured": true"#,
                       #""obscure-text": 1"#, #""secureTextEntry": "TRUE""#, #""IsSecureTextEntry": true"#, #""InputType": 129"#,
                       #""INPUT_TYPE": "textPassword""#, #""AutofillHints": ["password"]"#, #""autocomplete": "current-password""#,
                       #""autoComplete": "one-time-code""#, #""text_content_type": "password""#, #""isObscured": {}"#, #""autocomplete": 7"#,
                       #""type": "password""#, #""Type": ["text", "SecureTextField"]"#] {
            let rico = #"{"activity_name": "a/b", "activity": {"root": {"class": "com.x.Pin", "text": "LEAK", "# + member + "}}}"
            let converted = try convertAndRead(Array(rico.utf8), format: .rico)
            #expect(converted.decisions[0].isSecure && !converted.text.contains("current-password"), "\(member): \(converted.text)")
        }
        for member in [#""PASSWORD": false"#, #""isPassword": null"#, #""autocomplete": "name""#, #""passwords": true"#, #""password_hint": "x""#] {
            let rico = #"{"activity_name": "a/b", "activity": {"root": {"class": "com.x.Pin", "text": "x", "# + member + "}}}"
            #expect(try !convertAndRead(Array(rico.utf8), format: .rico).decisions[0].isSecure, "\(member)")
        }
        // uiautomator attributes, and XCUITest's (which its own dumps do not write, but
        // tools that add them do).
        for attribute in ["isPassword=\"true\"", "a:is-password=\"1\"", "SECURE_TEXT_ENTRY=\"true\"", "autocomplete=\"one-time-code\"",
                          "textContentType=\"password\"", "isObscured=\"\""] {
            let xml = "<hierarchy><node class=\"com.x.Pin\" text=\"LEAK\" \(attribute) bounds=\"[0,0][9,9]\"/></hierarchy>"
            #expect(try convertAndRead(Array(xml.utf8), format: .uiautomator).decisions[0].isSecure, "\(attribute)")
            let xc = "<XCUIElementTypeApplication name=\"A\"><XCUIElementTypeStaticText value=\"LEAK\" \(attribute)/></XCUIElementTypeApplication>"
            let converted = try convertAndRead(Array(xc.utf8), format: .xcuitest)
            #expect(converted.decisions.last?.isSecure == true, "\(attribute): \(converted.text)")
        }
        for attribute in ["isPassword=\"false\"", "autocomplete=\"email\"", "passwordHint=\"x\""] {
            let xml = "<hierarchy><node class=\"com.x.Pin\" text=\"x\" \(attribute) bounds=\"[0,0][9,9]\"/></hierarchy>"
            #expect(try !convertAndRead(Array(xml.utf8), format: .uiautomator).decisions[0].isSecure, "\(attribute)")
        }
    }

    @Test("Rico: a second activity, root, class, chain, marker or child list is refused")
    func ricoDuplicateKeys() throws {
        let cases: [(String, String)] = [
            (#"{"activity": {"root": {"class": "V"}}, "activity": {"root": {"class": "W"}}}"#, "duplicate key \"activity\""),
            (#"{"activity_name": "a", "activity_name": "b", "activity": {"root": {"class": "V"}}}"#, "duplicate key \"activity_name\""),
            (#"{"activity": {"root": {"class": "V", "password": true}, "root": {"class": "V"}}}"#, "duplicate key \"root\""),
            (#"{"activity": {"root": {"class": "android.widget.EditText", "class": "android.widget.TextView"}}}"#, "duplicate key \"class\""),
            (#"{"activity": {"root": {"class": "V", "password": true, "p\u0061ssword": false}}}"#, "duplicate key \"password\""),
            (#"{"activity": {"root": {"class": "V", "ancestors": [], "ancestors": ["android.view.View"]}}}"#, "duplicate key \"ancestors\""),
            (#"{"activity": {"root": {"class": "V", "children": [], "children": []}}}"#, "duplicate key \"children\""),
        ]
        for (text, message) in cases {
            let error = try #require(importError(text, format: .rico, file: "r.json"), "\(text)")
            #expect(error.rendered.contains(message) && error.rendered.hasPrefix("r.json:1:"), "\(error.rendered)")
        }
    }

    @Test("XCUITest: every mapped field, without the AppiumAUT wrapper")
    func xcuitest() throws {
        let xml = """
        <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Demo" label="Demo" enabled="true" visible="true" x="0" y="0" width="390" height="844">
          <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="home.greeting" label="Hello" enabled="false" visible="false" x="1.5" y="2" width="10" height="20" index="0" accessible="true"/>
          <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="Total" label="Total" value="12.50" x="0" y="0" width="1" height="1"/>
          <XCUIElementTypeTextField type="XCUIElementTypeTextField" name="email" label="" value="me@example.com" placeholderValue="Email" x="0" y="0" width="1"/>
          <XCUIElementTypeSecureTextField type="XCUIElementTypeSecureTextField" name="pw" value="••••"/>
        </XCUIElementTypeApplication>
        """
        #expect(CaptureImporter.detect(Array(xml.utf8)) == .format(.xcuitest))
        let converted = try convertAndRead(Array(xml.utf8), format: .xcuitest)
        #expect(converted.text == """
        {"screen":"Demo","root":{"class":"XCUIElementTypeApplication","frame":{"x":0,"y":0,"width":390,"height":844},"accessibilityLabel":"Demo","enabled":true,"children":[\
        {"class":"XCUIElementTypeStaticText","accessibilityIdentifier":"home.greeting","frame":{"x":1.5,"y":2,"width":10,"height":20},"text":"Hello","accessibilityLabel":"Hello","enabled":false,"hidden":true},\
        {"class":"XCUIElementTypeStaticText","frame":{"x":0,"y":0,"width":1,"height":1},"text":"12.50","accessibilityLabel":"Total","accessibilityValue":"12.50"},\
        {"class":"XCUIElementTypeTextField","placeholder":"Email","accessibilityLabel":"email","accessibilityValue":"me@example.com"},\
        {"class":"XCUIElementTypeSecureTextField","accessibilityLabel":"pw","accessibilityValue":"••••","isSecureTextEntry":true}]}}
        """)
        #expect(converted.decisions[4].kind == .secureText)
    }

    @Test("XCUITest: a secure type attribute on another tag, or in its short form, makes the element secure")
    func xcuitestSecureType() throws {
        for element in [#"<XCUIElementTypeOther type="XCUIElementTypeSecureTextField" value="LEAK" x="0" y="0" width="1" height="1"/>"#,
                        #"<XCUIElementTypeOther type="SecureTextField" value="LEAK"/>"#, #"<SecureTextField value="LEAK"/>"#,
                        #"<XCUIElementTypeTextField type="XCUIElementTypeSecureTextField " value="LEAK"/>"#,
                        #"<XCUIElementTypeTextField type="XCUIELEMENTTYPESECURETEXTFIELD" value="LEAK"/>"#,
                        #"<XCUIElementTypeTextField type="SecureTextField&#x200B;" value="LEAK"/>"#,
                        #"<XCUIElementTypeTextField type="XCUIElementTypeSecureField" value="LEAK"/>"#,
                        #"<XCUIElementTypeTextField type="password" value="LEAK"/>"#] {
            let xml = #"<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Demo">"# + element + "</XCUIElementTypeApplication>"
            let converted = try convertAndRead(Array(xml.utf8), format: .xcuitest)
            #expect(converted.decisions[1].isSecure, "\(element)")
        }
        let plain = #"<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Demo"><XCUIElementTypeOther type="XCUIElementTypeTextField" value="x"/></XCUIElementTypeApplication>"#
        #expect(try !convertAndRead(Array(plain.utf8), format: .xcuitest).decisions[1].isSecure)
    }

    @Test("XCUITest: a value typed into a field typed by attribute (any case) or secure by a marker is text in another element's name, never an identifier")
    func xcuitestTypedByAttribute() throws {
        for field in [#"<XCUIElementTypeOther type="XCUIElementTypeSecureTextField" label="Password" value="hunter2_pw"/>"#,
                      #"<XCUIElementTypeOther TYPE="XCUIElementTypeTextField" value="hunter2_pw"/>"#,
                      #"<XCUIElementTypeOther Type="TextField" value="hunter2_pw"/>"#,
                      #"<XCUIElementTypeOther type="password" value="hunter2_pw"/>"#,
                      #"<XCUIElementTypeStaticText isSecureTextEntry="true" value="hunter2_pw"/>"#,
                      #"<XCUIElementTypeStaticText text_content_type="one-time-code" value="hunter2_pw"/>"#,
                      #"<XCUIElementTypeOther type="XCUIElementTypeTextField&#x200B;" label="User" value="hunter2_pw"/>"#,
                      #"<XCUIElementTypeOther type="XCUIElement Type Text Field" label="User" value="hunter2_pw"/>"#,
                      #"<XCUIElementTypeComboBox label="City" value="hunter2_pw"/>"#] {
            let xml = #"<XCUIElementTypeApplication name="Bank">"# + field
                + #"<XCUIElementTypeButton name="show.hunter2_pw" label="Show"/><XCUIElementTypeButton name="login.submit" label="Go"/></XCUIElementTypeApplication>"#
            let converted = try convertAndRead(Array(xml.utf8), format: .xcuitest)
            #expect(!converted.text.contains(#""accessibilityIdentifier":"show.hunter2_pw""#), "\(field): \(converted.text)")
            #expect(converted.text.contains(#""accessibilityIdentifier":"login.submit""#), "\(field): \(converted.text)")
        }
        // A generic element typed by attribute is a field: its type is its superclass.
        let typed = #"<XCUIElementTypeApplication name="A"><XCUIElementTypeOther TYPE="XCUIElementTypeTextField" value="x"/></XCUIElementTypeApplication>"#
        #expect(try convertText(typed, format: .xcuitest).contains(#""superclasses":["XCUIElementTypeTextField"]"#))
        // uiautomator: a `type` attribute naming a password input, in any case.
        for attribute in [#"type="password""#, #"TYPE="SecureTextField""#, #"a:type="Password""#] {
            let xml = #"<hierarchy><node class="com.x.Pin" text="LEAK" "# + attribute + #" bounds="[0,0][9,9]"/></hierarchy>"#
            #expect(try convertAndRead(Array(xml.utf8), format: .uiautomator).decisions[0].isSecure, "\(attribute)")
        }
        let plainType = #"<hierarchy><node class="com.x.Pin" text="x" type="text" bounds="[0,0][9,9]"/></hierarchy>"#
        #expect(try !convertAndRead(Array(plainType.utf8), format: .uiautomator).decisions[0].isSecure)
        // XCUITest and Rico read a namespaced `type` as uiautomator does.
        for attribute in [#"x:type="XCUIElementTypeSecureTextField""#, #"x:Type="password""#] {
            let xml = #"<XCUIElementTypeApplication name="A"><XCUIElementTypeTextField "# + attribute + #" value="hunter2"/></XCUIElementTypeApplication>"#
            let converted = try convertAndRead(Array(xml.utf8), format: .xcuitest)
            let secure = converted.decisions.contains { $0.isSecure }
            #expect(secure, "\(attribute)")
        }
        for key in ["a:type", "x:TYPE"] {
            let json = #"{"activity_name":"com.x/.Login","activity":{"root":{"class":"android.widget.EditText","bounds":[10,10,300,60],"text":"hunter2",""# + key + #"":"password"}}}"#
            #expect(try convertAndRead(Array(json.utf8), format: .rico).decisions[0].isSecure, "\(key)")
        }
    }

    @Test("XCUITest: several elements under AppiumAUT get a synthetic root, without a screen")
    func appiumAUT() throws {
        let json = try convertText("<AppiumAUT><XCUIElementTypeApplication name=\"A\"/><XCUIElementTypeApplication name=\"B\"/></AppiumAUT>", format: .xcuitest)
        #expect(json == "{\"root\":{\"class\":\"XCUIElementTypeOther\",\"id\":\"AppiumAUT\",\"children\":[{\"class\":\"XCUIElementTypeApplication\",\"accessibilityLabel\":\"A\"},{\"class\":\"XCUIElementTypeApplication\",\"accessibilityLabel\":\"B\"}]}}")
        let empty = try #require(importError("<AppiumAUT>\n</AppiumAUT>", format: .xcuitest, file: "x.xml"))
        #expect(empty.rendered == "x.xml:1:1: error: <AppiumAUT> holds no element")
    }

    @Test("strings are escaped with JSONString.appendQuoted")
    func escaping() throws {
        let json = try convertText("<hierarchy><node class=\"V\" text=\"q&quot;b\\&#13;&#9;\u{85}\"/></hierarchy>", format: .uiautomator)
        #expect(json == "{\"root\":{\"class\":\"V\",\"text\":\"q\\\"b\\\\\\r\\t\u{85}\"}}")
        _ = try JSONReader.parse(Array(json.utf8))
    }
}
