import MaskAudit
import MaskEngine
import MaskJSON
import MaskPolicy
import Testing

/// The audit reads what `apply` writes: anything kept in the output is scanned,
/// whatever field it is in and whatever the decision.
@Suite("Audit over emitted output")
struct EmittedAuditTests {
    static func audit(_ json: String, policy: String) throws -> AuditReport {
        let table = try AuditorTests.table(policy)
        var auditor = Auditor(table: table)
        auditor.add(try AuditorTests.document(json, table), name: "t.json")
        return auditor.report()
    }

    @Test("personal data in fields a masked view keeps and in the wrapper is masked; in an exposed view's fields it is critical, naming the field")
    func keptFields() throws {
        let tree = """
            {"screen": "reza.yusuf98@gmail.com", "root": {"class": "UIView", "font": "jane@example.com", "children": [
              {"class": "UILabel", "accessibilityIdentifier": "cell_reza.yusuf98@gmail.com", "text": "hi"},
              {"class": "UILabel", "id": "x", "keyboardType": "+1 415 555 0123"}]}}
            """
        let report = try Self.audit(tree, policy: "version: 1\ndefault: mask\n")
        let critical = report.findings.filter { $0.level == .critical }
        // A font and a keyboard type that hold text are masked with their view (they do
        // not have their fields' shapes), and so are an identifier and a screen name in
        // which a detector finds personal data: the output the audit reads holds none.
        #expect(critical.isEmpty, "\(critical.map(\.message))")
        // Under an unmask-all policy the view's own fields are sent, and found; the
        // screen name still is not.
        let exposed = try Self.audit(tree, policy: "version: 1\ndefault: unmask\n").findings.filter { $0.level == .critical }
        #expect(exposed.map { "\($0.view ?? "-") \($0.field ?? "-") \($0.category)" } == [
            "0 font email", "0.0 accessibilityIdentifier email", "x keyboardType phone",
        ])
        #expect(exposed.allSatisfy { !$0.message.contains("gmail") && !$0.message.contains("555") })
    }

    @Test("keys inside an unknown field of an exposed view are scanned; masked keys are not findings")
    func nestedKeys() throws {
        let tree = #"{"class": "UILabel", "extra": {"contacts": {"jane.doe@example.com": 1}}}"#
        let exposed = try Self.audit(tree, policy: "version: 1\ndefault: unmask\n")
        #expect(exposed.findings.filter { $0.level == .critical }.map(\.field) == ["extra"])
        let masked = try Self.audit(tree, policy: "version: 1\ndefault: mask\n")
        #expect(!masked.findings.contains { $0.level == .critical })
    }

    /// Planted values, every field kind, three policies: the audit reports the value
    /// exactly when the masked output still holds it.
    @Test("the audit agrees with apply on every planted value", arguments: [
        "version: 1\ndefault: mask\n", "version: 1\ndefault: unmask\n",
        "version: 1\ndefault: unmask\nrules:\n  - mask: { type: UILabel }\n",
    ])
    func agreesWithApply(policy: String) throws {
        let secret = "jane.doe@example.com"
        let fields = ["text", "placeholder", "accessibilityLabel", "id", "accessibilityIdentifier", "restorationIdentifier",
                      "font", "fontName", "keyboardType", "backgroundColor", "custom", "screenName"]
        let table = try AuditorTests.table(policy)
        for field in fields {
            for className in ["UILabel", "UIView", "UITextField"] {
                for secure in [false, true] {
                    let json = #"{"screen": "Home", "root": {"class": "UIView", "children": [{"class": "\#(className)", "isSecureTextEntry": \#(secure), "\#(field)": "\#(secret)"}]}}"#
                    let output = String(decoding: try TreeMasker(table: table).apply(Array(json.utf8), file: "t.json"), as: UTF8.self)
                    var auditor = Auditor(table: table)
                    auditor.add(try AuditorTests.document(json, table), name: "t.json")
                    let found = auditor.report().findings.contains { $0.category == "email" && $0.field == field }
                    #expect(found == output.contains(secret), "\(field) in \(className) secure \(secure): output \(output)")
                }
            }
        }
    }

    @Test("secure entry in a labelled container: the container's id and hint, the input's hint and description, the label before it")
    func labelledContainers() throws {
        let tree = """
            {"class": "android.widget.LinearLayout", "children": [
              {"class": "android.widget.TextView", "text": "Sign in"},
              {"class": "com.google.android.material.textfield.TextInputLayout", "accessibilityIdentifier": "com.shop:id/password_layout",
               "children": [{"class": "android.widget.FrameLayout", "children": [
                 {"class": "com.google.android.material.textfield.TextInputEditText", "accessibilityIdentifier": "com.shop:id/input"}]}]},
              {"class": "com.example.FloatLabeledEditText", "placeholder": "Create password"},
              {"class": "android.widget.TextView", "text": "PIN"},
              {"class": "android.widget.EditText"},
              {"class": "android.widget.EditText", "accessibilityLabel": "Card number"},
              {"class": "android.widget.FrameLayout", "placeholder": "Passcode", "children": [{"class": "android.widget.EditText"}]},
              {"class": "android.widget.EditText", "placeholder": "Email"},
              {"class": "android.widget.EditText", "placeholder": "Password", "inputType": 129},
              {"class": "android.widget.TextView", "text": "Forgot password?"},
              {"class": "android.widget.TextView", "text": "Password"},
              {"class": "android.widget.Button", "text": "Sign in"}
            ]}
            """
        let report = try Self.audit(tree, policy: "version: 1\ndefault: mask\n")
        let flagged = report.findings.filter { $0.category == "secure-entry-not-flagged" }
        #expect(flagged.map(\.view) == ["0.1.0.0", "0.2", "0.4", "0.5", "0.6.0"])
        #expect(flagged.allSatisfy { $0.level == .medium })
        let words = flagged.map { $0.message.split(separator: "(")[1].split(separator: ")")[0] }
        #expect(words == ["password", "password", "pin", "card number", "passcode"])
    }

    @Test("names in other scripts and glued words", arguments: [
        ("kata sandi", true), ("Kata Sandi", true), ("Mot de passe", true), ("パスワード", true), ("비밀번호", true),
        ("newpassword", true), ("txtCardNumber", true), ("Spinner", false), ("Shipping", false), ("Email address", false),
    ])
    func names(name: String, secure: Bool) {
        #expect((SecureEntryNames.match(name) != nil) == secure)
    }
}
