import Testing
import MaskEngine
@testable import MaskImport
import MaskJSON

/// XCUITest's `name`: an accessibility identifier (emitted in clear) only when the capture
/// shows it is one; otherwise text, masked with the view (issue 16, item 12).
@Suite("XCUITest names")
struct XCUITestNameTests {
    /// One element's JSON, converted from a capture of just `elements` under an application.
    static func converted(_ elements: String, appium: Bool = false) throws -> String {
        let app = "<XCUIElementTypeApplication name=\"Demo\" label=\"Demo\">\(elements)</XCUIElementTypeApplication>"
        return try convertText(appium ? "<AppiumAUT>\(app)</AppiumAUT>" : app, format: .xcuitest)
    }

    /// The converted tree masked by a policy that masks everything.
    static func masked(_ json: String) throws -> String {
        String(decoding: try TreeMasker(table: maskEverything).apply(Array(json.utf8), file: "t.json"), as: UTF8.self)
    }

    @Test("a static text with only a name: the name is its text and label, masked", arguments: [false, true])
    func nameOnlyStaticText(appium: Bool) throws {
        let json = try Self.converted(#"<XCUIElementTypeStaticText name="Enter password."/>"#, appium: appium)
        #expect(json.contains(#"{"class":"XCUIElementTypeStaticText","text":"Enter password.","accessibilityLabel":"Enter password."}"#), "\(json)")
        #expect(!json.contains("accessibilityIdentifier"))
        #expect(!(try Self.masked(json)).contains("password"))
    }

    @Test("a name without a label or value is text even when shaped like an identifier")
    func nameWithoutLabelIsText() throws {
        let json = try Self.converted(#"<XCUIElementTypeOther name="login_form"/><XCUIElementTypeButton name="jane.doe"/>"#)
        #expect(json.contains(#"{"class":"XCUIElementTypeOther","accessibilityLabel":"login_form"}"#), "\(json)")
        #expect(json.contains(#"{"class":"XCUIElementTypeButton","accessibilityLabel":"jane.doe"}"#))
        #expect(!(try Self.masked(json)).contains("jane"))
    }

    @Test("a name shaped like an identifier, beside a different label, is the identifier")
    func identifier() throws {
        for name in ["login_button", "Home.title", "loginButton", "settings-row", "APPLE_ACCOUNT", "com.example.app", "cell:3", "tabs/home"] {
            let json = try Self.converted(#"<XCUIElementTypeButton name="\#(name)" label="Log in"/>"#)
            #expect(json.contains(#"{"class":"XCUIElementTypeButton","accessibilityIdentifier":"\#(name)","accessibilityLabel":"Log in"}"#), "\(json)")
        }
        // A value is enough.
        let field = try Self.converted(#"<XCUIElementTypeTextField name="email_field" value="me@example.com"/>"#)
        #expect(field.contains(#""accessibilityIdentifier":"email_field""#))
    }

    @Test("a name that repeats text shown or typed elsewhere on the screen (before, after, above) is text, not an identifier")
    func repeatsTextElsewhere() throws {
        let captures = [
            // A sibling's value before and after the element.
            #"<XCUIElementTypeOther name="jdoe_1984" label="Signed in"/><XCUIElementTypeTextField name="Username" label="Username" value="jdoe_1984"/>"#,
            #"<XCUIElementTypeTextField name="Username" label="Username" value="JDOE_1984 "/><XCUIElementTypeOther name="jdoe_1984" label="Signed in"/>"#,
            // An ancestor's label.
            #"<XCUIElementTypeOther name="Account" label="jdoe_1984"><XCUIElementTypeButton name="jdoe_1984" label="Profile"/></XCUIElementTypeOther>"#,
            // Another element's name that is shown as text (it has no label).
            #"<XCUIElementTypeStaticText name="jdoe_1984"/><XCUIElementTypeOther name="jdoe_1984" label="Account"/>"#,
            // A word of a label or value elsewhere.
            #"<XCUIElementTypeStaticText label="Welcome back, JDOE_1984."/><XCUIElementTypeOther name="jdoe_1984" label="Header"/>"#,
            #"<XCUIElementTypeOther name="jdoe_1984" label="Header"/><XCUIElementTypeTextField label="Email" value="jdoe_1984@example.com is taken"/>"#,
            // A part of a word between `:` and `/`.
            #"<XCUIElementTypeStaticText label="Username:jdoe_1984"/><XCUIElementTypeOther name="jdoe_1984" label="Header"/>"#,
            #"<XCUIElementTypeStaticText label="https://example.com/u/jdoe_1984"/><XCUIElementTypeOther name="jdoe_1984" label="Header"/>"#,
            // Leading and trailing marks, and a part between `.` or `-`.
            #"<XCUIElementTypeStaticText label="Typing...jdoe_1984"/><XCUIElementTypeCell name="jdoe_1984" label="Chat"/>"#,
            #"<XCUIElementTypeStaticText label="__jdoe_1984__ joined"/><XCUIElementTypeCell name="jdoe_1984" label="Chat"/>"#,
            #"<XCUIElementTypeStaticText label="team-jdoe_1984.admin"/><XCUIElementTypeCell name="jdoe_1984" label="Chat"/>"#,
            // Invisible characters, fullwidth forms and runs of spaces in the text shown or typed.
            #"<XCUIElementTypeStaticText label="Hi jdoe_1984&#xFE0F;"/><XCUIElementTypeOther name="jdoe_1984" label="Header"/>"#,
            #"<XCUIElementTypeStaticText label="Hi jd&#x200B;oe_1984"/><XCUIElementTypeOther name="jdoe_1984" label="Header"/>"#,
            #"<XCUIElementTypeTextField label="User" value="ｊｄｏｅ_1984"/><XCUIElementTypeOther name="jdoe_1984" label="Header"/>"#,
        ]
        for capture in captures {
            let json = try Self.converted(capture)
            #expect(!json.contains(#""accessibilityIdentifier":"jdoe_1984""#), "\(json)")
            #expect(!(try Self.masked(json)).lowercased().contains("jdoe"), "\(capture)")
        }
        // Two elements sharing an identifier (no element shows it as text) keep it.
        let shared = try Self.converted(#"<XCUIElementTypeButton name="row_button" label="Open"/><XCUIElementTypeButton name="row_button" label="Close"/>"#)
        #expect(shared.components(separatedBy: #""accessibilityIdentifier":"row_button""#).count == 3, "\(shared)")
    }

    @Test("a name holding a typed value between its separators is text; one holding only a label's word stays the identifier")
    func holdsTypedValue() throws {
        let json = try Self.converted(#"""
            <XCUIElementTypeTextField name="username_field" label="Username" value="jdoe_1984"/>\#
            <XCUIElementTypeCell name="profile.jdoe_1984" label="Profile"/>\#
            <XCUIElementTypeButton name="logout_jdoe_1984" label="Log out"/>\#
            <XCUIElementTypeSearchField name="search" label="Search" value="Blue Shoes"/>\#
            <XCUIElementTypeButton name="login_button" label="Login"/>
            """#)
        #expect(!json.contains(#""accessibilityIdentifier":"profile.jdoe_1984""#) && !json.contains(#""accessibilityIdentifier":"logout_jdoe_1984""#), "\(json)")
        #expect(!(try Self.masked(json)).lowercased().contains("jdoe"), "\(json)")
        // A label's word inside a name is no typed value: `login_button` beside `Login`.
        #expect(json.contains(#""accessibilityIdentifier":"login_button""#), "\(json)")
        #expect(json.contains(#""accessibilityIdentifier":"username_field""#), "\(json)")
        #expect(XCUITestName.holdsTyped("a.b_c-d", ["b_c"]) && !XCUITestName.holdsTyped("ab_c", ["b_c"]) && !XCUITestName.holdsTyped("a", []))
    }

    @Test("a typed value whose spaces a name writes as separators, or two of its words in a row, makes the name text")
    func holdsTypedWords() throws {
        let json = try Self.converted(#"""
            <XCUIElementTypeTextField name="name_field" label="Full name" value="Jane Doe"/>\#
            <XCUIElementTypeTextField name="email_field" label="Email" value="jdoe+promo@example.com"/>\#
            <XCUIElementTypeOther name="greeting_Jane_Doe" label="Welcome"/>\#
            <XCUIElementTypeOther name="avatar.Jane-Doe" label="Avatar"/>\#
            <XCUIElementTypeOther name="user_jdoe_promo" label="Account"/>\#
            <XCUIElementTypeButton name="login_button" label="Login"/>
            """#)
        for name in ["greeting_Jane_Doe", "avatar.Jane-Doe", "user_jdoe_promo"] {
            #expect(!json.contains(#""accessibilityIdentifier":"\#(name)""#), "\(name): \(json)")
        }
        let masked = try Self.masked(json).lowercased()
        #expect(!masked.contains("jane") && !masked.contains("jdoe"), "\(masked)")
        #expect(json.contains(#""accessibilityIdentifier":"login_button""#) && json.contains(#""accessibilityIdentifier":"name_field""#), "\(json)")
        // One word of a typed value alone is not enough (`doe` is a name's piece often enough).
        #expect(!XCUITestName.holdsTyped("row_doe", ["jane doe"]) && XCUITestName.holdsTyped("row_jane_doe", ["jane doe"]))
    }

    @Test("a name that does not look like an identifier, beside a label, is kept as text in its own field")
    func textBesideLabel() throws {
        for name in ["greeting", "Skip", "Wi-Fi", "McDonald", "Continue.", "Jane Appleseed", "415-555-0100", "jane@example.com",
                     "https://example.com/u/jane", "Zoë", "note:", "_", "a"] {
            let json = try Self.converted(#"<XCUIElementTypeButton name="\#(name)" label="Open"/>"#)
            #expect(json.contains(#"{"class":"XCUIElementTypeButton","accessibilityLabel":"Open","name":"\#(name)"}"#), "\(json)")
            let masked = try Self.masked(json)
            #expect(!masked.contains(#""name":"\#(name)""#) && masked.contains(#""name":""#), "\(masked)")
        }
    }

    @Test("a name that repeats the label or value, ignoring case and surrounding space, is dropped")
    func repeatsLabel() throws {
        let json = try Self.converted(#"<XCUIElementTypeCell name="NEWS" label="News"/><XCUIElementTypeStaticText name=" total " label="Total" value="12.50"/><XCUIElementTypeStaticText name="12.50" label="Total" value="12.50"/>"#)
        #expect(json.contains(#"{"class":"XCUIElementTypeCell","accessibilityLabel":"News"}"#), "\(json)")
        #expect(json.contains(#"{"class":"XCUIElementTypeStaticText","text":"12.50","accessibilityLabel":"Total","accessibilityValue":"12.50"},{"class":"XCUIElementTypeStaticText","text":"12.50","accessibilityLabel":"Total","accessibilityValue":"12.50"}"#))
        #expect(!json.contains("NEWS") && !json.contains("\"name\""))
    }

    @Test("a container whose name copies a descendant's label, value or name: text, at any depth", arguments: [false, true])
    func containerCopiesDescendant(appium: Bool) throws {
        let json = try Self.converted("""
            <XCUIElementTypeCell name="jane.appleseed" label="Profile, Premium">\
            <XCUIElementTypeOther><XCUIElementTypeStaticText label="Jane.Appleseed"/></XCUIElementTypeOther>\
            </XCUIElementTypeCell>\
            <XCUIElementTypeCell name="acct_4111" label="Card"><XCUIElementTypeStaticText value="acct_4111"/></XCUIElementTypeCell>\
            <XCUIElementTypeOther name="order-42" label="Order"><XCUIElementTypeButton name="order-42"/></XCUIElementTypeOther>
            """, appium: appium)
        #expect(!json.contains("accessibilityIdentifier"), "\(json)")
        #expect(json.contains(#""accessibilityLabel":"Profile, Premium","name":"jane.appleseed""#))
        #expect(json.contains(#""accessibilityLabel":"Card","name":"acct_4111""#))
        let masked = try Self.masked(json)
        for text in ["jane", "Jane", "4111", "order-42"] { #expect(!masked.contains(text), "\(text): \(masked)") }
    }

    @Test("another element's name counts only below: a sibling or an ancestor named alike leaves an identifier alone")
    func onlyDescendantNames() throws {
        let json = try Self.converted("""
            <XCUIElementTypeOther name="login_button" label="Form"><XCUIElementTypeButton name="login_button" label="Log in"/></XCUIElementTypeOther>\
            <XCUIElementTypeCell name="login_button" label="Row"/>
            """)
        #expect(json.contains(#"{"class":"XCUIElementTypeButton","accessibilityIdentifier":"login_button","accessibilityLabel":"Log in"}"#), "\(json)")
        #expect(json.contains(#"{"class":"XCUIElementTypeCell","accessibilityIdentifier":"login_button","accessibilityLabel":"Row"}"#), "\(json)")
    }

    @Test("the identifier shape", arguments: [
        ("login_button", true), ("Home.title", true), ("loginButton", true), ("iPhone", true), ("settings-row", true),
        ("APPLE_ACCOUNT", true), ("_private", true), ("a.b", true), ("row:3", true), ("tabs/home", true),
        ("greeting", false), ("Skip", false), ("NEWS", false), ("LoginButton", false), ("Wi-Fi", false), ("Sign-In", false),
        ("password1", false), ("Continue.", false), ("home.", false), ("home_", false), ("1st_row", false), ("-x", false),
        ("a b", false), ("a\tb", false), ("jane@example.com", false), ("https://x.io/a", false), ("Zoë.x", false),
        ("$12.50", false), ("415-555-0100", false), ("", false), ("x", false),
    ])
    func shape(_ name: String, _ expected: Bool) {
        #expect(XCUITestName.looksLikeIdentifier(name) == expected, "\(name)")
    }

    @Test("a 100,000-deep capture whose leaf repeats a name at the top converts in linear time")
    func deep() throws {
        let depth = 100_000
        let xml = #"<XCUIElementTypeOther name="top_level" label="Top">"# + String(repeating: "<XCUIElementTypeOther>", count: depth)
            + #"<XCUIElementTypeStaticText label="top_level"/>"# + String(repeating: "</XCUIElementTypeOther>", count: depth) + "</XCUIElementTypeOther>"
        let json = try convertText(xml, format: .xcuitest)
        #expect(json.hasPrefix(#"{"root":{"class":"XCUIElementTypeOther","accessibilityLabel":"Top","name":"top_level","#))
    }
}
