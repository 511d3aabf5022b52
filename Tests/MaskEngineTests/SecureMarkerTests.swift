import Testing
import MaskEngine

/// Every platform's way of marking secure entry (Docs/secure-markers.md), and what a
/// secure view means: masked whatever the policy says, and so is everything inside it.
@Suite("Secure markers")
struct SecureMarkerTests {
    func isSecure(_ facts: ViewFacts, kind: ViewKind = .text) -> Bool { SecureContent.isSecure(facts, kind: kind) }

    @Test("iOS textContentType: raw values and member names, any case", arguments: [
        "password", "new-password", "one-time-code", "cc-number", "cc-csc", "current-password",
        "newPassword", "oneTimeCode", "creditCardNumber", "creditCardSecurityCode", "PASSWORD", "New-Password", "CC-CSC",
        // Lists and wrapped values: Java's Arrays.toString, spaces, Swift's String(describing:).
        "[password]", "[username, password]", "username password", "UITextContentType(_rawValue: password)",
        "{\"hint\": \"password\"}", "username;newPassword",
        // Card expiration (iOS 17 members, their raw values, HTML's tokens).
        "creditCardExpiration", "creditCardExpirationMonth", "cc-exp", "cc-exp-year",
    ])
    func contentTypes(_ value: String) {
        #expect(isSecure(ViewFacts(className: "UITextField", textContentType: value)))
    }

    @Test("content types that name no secret are not secure", arguments: [
        "username", "emailAddress", "email", "name", "telephoneNumber", "oneTime", "pass", "",
        "[username]", "username email", "UITextContentType(_rawValue: username)", "passwordless", "[]",
    ])
    func notSecureContentTypes(_ value: String) {
        #expect(!isSecure(ViewFacts(className: "UITextField", textContentType: value)))
    }

    @Test("Android inputType password variations, as numbers, with flags", arguments: [
        0x81, 0x12, 0xE1, 0x91, 0x80081, 0x4091, 0x1012, -1,
    ])
    func inputTypeNumbers(_ value: Int) {
        #expect(SecureContent.isSecureInputType(value))
        #expect(isSecure(ViewFacts(className: "android.widget.EditText", inputType: value)))
    }

    @Test("Android inputTypes that are not passwords", arguments: [0x0, 0x1, 0x21, 0x2, 0x1002, 0x3, 0x14, 0x80001, 0xA1, 0xD1])
    func notSecureInputTypes(_ value: Int) {
        #expect(!SecureContent.isSecureInputType(value))
    }

    @Test("inputType as text: names joined by |, decimal or hex", arguments: [
        ("textPassword", true), ("numberPassword", true), ("textWebPassword", true), ("textVisiblePassword", true),
        ("textPassword|textNoSuggestions", true), ("textNoSuggestions | textPassword", true),
        ("textEmailAddress|textPassword", true), ("0x81", true), ("129", true), ("0X12", true), ("0xe1", true), ("145", true),
        ("text", false), ("textEmailAddress", false), ("number|numberSigned", false), ("phone", false), ("33", false), ("0x21", false),
        ("textSecret", true), ("", true), ("text||textPassword", true), ("0xZZ", true),
    ])
    func inputTypeText(_ text: String, _ secure: Bool) {
        #expect(SecureContent.isSecureInputType(SecureContent.inputType(parsing: text)) == secure, "\(text)")
    }

    @Test("Android autofillHints naming a secret", arguments: [
        ["password"], ["emailAddress", "password"], ["creditCardNumber"], ["creditCardSecurityCode"], ["smsOTPCode"], ["newPassword"],
        ["creditCardExpirationDate"], ["otp"], ["pin"], ["PIN_CODE"], ["cvv"],
    ])
    func autofillHints(_ hints: [String]) {
        #expect(isSecure(ViewFacts(className: "android.widget.EditText", autofillHints: hints)))
    }

    @Test("autofillHints that name no secret")
    func notSecureHints() {
        #expect(!isSecure(ViewFacts(className: "android.widget.EditText", autofillHints: ["emailAddress", "username", "postalCode"])))
        #expect(!isSecure(ViewFacts(className: "android.widget.EditText", autofillHints: [])))
    }

    @Test("the secure-text kind and the flag")
    func kindAndFlag() {
        #expect(isSecure(ViewFacts(className: "X"), kind: .secureText))
        #expect(isSecure(ViewFacts(className: "X", isSecureTextEntry: true)))
        #expect(!isSecure(ViewFacts(className: "X")))
    }

    static let unmaskAll = DecisionTable(policy: MaskingPolicy(default: .unmask, classes: [], rules: []))

    @Test("a secure view and every view inside it are masked under default: unmask, text as bullets")
    func descendantsInherit() {
        var tree = ViewTree()
        let form = tree.append(ViewFacts(className: "UIView"), parent: nil)
        let field = tree.append(ViewFacts(className: "UITextField", isSecureTextEntry: true), parent: form)
        let inner = tree.append(ViewFacts(className: "UIView"), parent: field)
        let label = tree.append(ViewFacts(className: "UILabel"), parent: inner)
        let image = tree.append(ViewFacts(className: "UIImageView"), parent: field)
        let sibling = tree.append(ViewFacts(className: "UILabel"), parent: form)
        for decisions in [Self.unmaskAll.resolve(tree), traverse(Self.unmaskAll, tree)] {
            for view in [field, inner, label, image] {
                #expect(decisions[view].isMasked && decisions[view].isSecure, "view \(view)")
                #expect(decisions[view].level == .default, "the level still says what the policy decided")
            }
            #expect(decisions[label].emission(for: .text).emit("hunter2") == "•••••••")
            #expect(decisions[label].emission(for: .unknown) == .mask)
            #expect(decisions[image].emission(for: .image) == .drop && decisions[image].placeholder == "IMG")
            #expect(!decisions[form].isMasked && !decisions[sibling].isMasked && !decisions[sibling].isSecure)
        }
    }

    @Test("a view a classifier makes secure hands that down to its children")
    func classifierSecureInherits() {
        struct PinPad: ViewClassifier {
            func classify(_ view: ViewFacts, frame: inout ViewFrame) -> ViewClassification? {
                view.className == "PinPad" ? ViewClassification(kind: .secureText) : nil
            }
        }
        var traversal = MaskingTraversal(table: Self.unmaskAll, classifier: PinPad())
        let pad = traversal.enter(ViewFacts(className: "PinPad"))
        let key = traversal.enter(ViewFacts(className: "UILabel"))
        #expect(pad.isSecure && pad.isMasked)
        #expect(key.isSecure && key.isMasked)
    }

    @Test("a content type or hint named through its type or constant, in fullwidth forms or with invisible characters, is secure")
    func spelledSecureNames() {
        let spelled = ["UITextContentType.password", "UITextContentTypePassword", "UITextContentTypeOneTimeCode", "UITextContentType.newPassword",
                       "AUTOFILL_HINT_PASSWORD", "View.AUTOFILL_HINT_PASSWORD", "android.view.View.AUTOFILL_HINT_PASSWORD",
                       "HintConstants.AUTOFILL_HINT_SMS_OTP", "HintConstants.AUTOFILL_HINT_PASSWORD",
                       "password\u{200B}", "pass\u{00AD}word", "\u{FEFF}password", "ｐａｓｓｗｏｒｄ", "ＵＩＴｅｘｔＣｏｎｔｅｎｔＴｙｐｅ．ｐａｓｓｗｏｒｄ",
                       "[View.AUTOFILL_HINT_PASSWORD]", "username UITextContentType.password"]
        for name in spelled {
            var bytes = name
            let fromBytes = bytes.withUTF8 { SecureContent.isSecureName($0) }
            #expect(SecureContent.isSecureName(name) && fromBytes, "\(name)")
        }
        // A prefix alone, or before a name that is not secret, says nothing.
        for name in ["UITextContentType", "UITextContentType.username", "AUTOFILL_HINT_EMAIL_ADDRESS", "View.AUTOFILL_HINT_NAME",
                     "autofillhint", "passwordhint", "ｕｓｅｒｎａｍｅ"] {
            #expect(!SecureContent.isSecureName(name), "\(name)")
        }
    }

    @Test("a content type padded with spaces or separators is the same name, from a string and from bytes, at any length")
    func paddedSecureNames() {
        let padded = ["password" + String(repeating: " ", count: 60), String(repeating: "-", count: 200) + "one-time-code",
                      "p.a.s.s.w.o.r.d" + String(repeating: "_", count: 100), " NEW_PASSWORD "]
        for name in padded {
            var bytes = name
            let fromBytes = bytes.withUTF8 { SecureContent.isSecureName($0) }
            #expect(SecureContent.isSecureName(name) && fromBytes, "\(name.count) characters")
        }
        // Not a name once folded, however short or long.
        for name in ["passwords", "username", String(repeating: "password", count: 10), ""] {
            var bytes = name
            let fromBytes = bytes.withUTF8 { SecureContent.isSecureName($0) }
            #expect(!SecureContent.isSecureName(name) && !fromBytes, "\(name)")
        }
        // The raw (byte) path decides as the string path: a view with such a content type is secure.
        var resolver = IncrementalResolver(table: Self.unmaskAll, screen: nil)
        var className = "UITextField", contentType = "password" + String(repeating: " ", count: 60)
        let decision = className.withUTF8 { name in
            contentType.withUTF8 { type in resolver.add(raw: RawViewFacts(className: name, classSlot: 0, textContentType: type), parent: nil) }
        }
        #expect(decision.isSecure && decision.isMasked)
    }

    @Test("normalizedName folds as isSecureName reads: case, separators, fullwidth forms, invisible characters")
    func normalizedNameIsTheOneFold() {
        #expect(SecureContent.normalizedName("NEW_password") == "newpassword")
        #expect(SecureContent.normalizedName("\u{FF50}\u{FF41}ss\u{200B}word") == "password")
        #expect(SecureContent.normalizedName("pass\u{00AD}word-\u{00E9}\u{1F511}") == "password\u{00E9}\u{1F511}")
        #expect(SecureContent.normalizedName("") == "")
        for name in ["new-password", "ｐａｓｓｗｏｒｄ", "one\u{2060}Time\u{200D}Code", "cc.csc"] {
            #expect(SecureContent.secureNames.contains(SecureContent.normalizedName(name)) == SecureContent.isSecureName(name), "\(name)")
            #expect(SecureContent.isSecureName(name), "\(name)")
        }
    }
}

