import Testing
import MaskEngine

/// `ViewFacts` keeps its rarely set facts (restoration identifier, text content type,
/// autofill hints) in one shared box: it must still behave as a plain value.
@Suite("ViewFacts")
struct ViewFactsTests {
    @Test("each rarely set fact is set, read and cleared on its own")
    func rareFactsAreIndependent() {
        var facts = ViewFacts(className: "UITextField")
        facts.textContentType = "password"
        facts.restorationIdentifier = "login.field"
        facts.autofillHints = ["password"]
        #expect(facts.textContentType == "password")
        #expect(facts.restorationIdentifier == "login.field")
        #expect(facts.autofillHints == ["password"])
        facts.restorationIdentifier = nil
        #expect(facts.textContentType == "password")
        #expect(facts.autofillHints == ["password"])
        #expect(facts.restorationIdentifier == nil)
        facts.textContentType = nil
        facts.autofillHints = nil
        // Cleared, the facts equal (and hash as) facts that never had them.
        #expect(facts == ViewFacts(className: "UITextField"))
        #expect(Set([facts, ViewFacts(className: "UITextField")]).count == 1)
    }

    @Test("a copy keeps its facts when the original changes")
    func copiesAreValues() {
        var original = ViewFacts(className: "UITextField", restorationIdentifier: "a", textContentType: "username")
        let copy = original
        original.textContentType = "password"
        original.restorationIdentifier = "b"
        #expect(copy.textContentType == "username")
        #expect(copy.restorationIdentifier == "a")
        #expect(original.textContentType == "password")
        #expect(copy != original)
        // A copy made secure is secure; the one it came from is not.
        #expect(SecureContent.isSecure(original, kind: .text))
        #expect(!SecureContent.isSecure(copy, kind: .text))
    }

    @Test("facts that differ only in a rarely set fact are not equal", arguments: [
        ViewFacts(className: "V", restorationIdentifier: "r"),
        ViewFacts(className: "V", textContentType: "oneTimeCode"),
        ViewFacts(className: "V", autofillHints: []),
        ViewFacts(className: "V", autofillHints: ["smsOTPCode"]),
    ])
    func rareFactsTakePartInEquality(_ facts: ViewFacts) {
        #expect(facts != ViewFacts(className: "V"))
        #expect(facts == ViewFacts(className: "V", restorationIdentifier: facts.restorationIdentifier,
                                   textContentType: facts.textContentType, autofillHints: facts.autofillHints))
    }

    @Test("equal facts hash alike, the init and the setters give the same value")
    func initAndSettersAgree() {
        var set = ViewFacts(className: "android.widget.EditText", id: "pin", tag: 3, inputType: 0x12)
        set.autofillHints = ["password"]
        set.textContentType = "newPassword"
        let made = ViewFacts(className: "android.widget.EditText", id: "pin", tag: 3, textContentType: "newPassword",
                             inputType: 0x12, autofillHints: ["password"])
        #expect(set == made)
        #expect(set.hashValue == made.hashValue)
    }
}
