import MaskDiagnostics
import MaskEngine
import MaskPolicy
import Testing

/// `unmask-covers-input`: unmasking a label type must not silently unmask the text
/// inputs below it (issue 16, item 11).
@Suite("Lint: unmask-covers-input")
struct UnmaskCoversInputTests {
    static let id = "unmask-covers-input"

    /// Lints a policy that compiles; returns this rule's findings.
    static func findings(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
        let bytes = Array(text.utf8)
        let compilation = PolicyCompiler.compile(bytes, file: testFile)
        #expect(!compilation.failed, "\(listing(compilation.diagnostics))", sourceLocation: sourceLocation)
        return PolicyLinter.lint(compilation, source: bytes, file: testFile).diagnostics.filter { $0.ruleID == id }
    }

    @Test("unmasking android.widget.TextView reports the edit texts below it, at the type's value")
    func androidTextView() throws {
        let input = MarkedText(header + "rules:\n  - unmask: { type: 1️⃣android.widget.TextView }\n    reason: labels are static\n")
        let found = Self.findings(input.text)
        try #require(found.count == 1, "\(listing(found))")
        let finding = found[0]
        expectDiagnostic(Self.id, at: input["1️⃣"], in: found,
            hint: .exactly("add 'mask: { type: android.widget.EditText }' beside it, or unmask a narrower type"))
        #expect(finding.message == "unmasking 'android.widget.TextView' also unmasks text inputs: android.widget.EditText, "
            + "android.widget.AutoCompleteTextView, androidx.appcompat.widget.AppCompatEditText and 4 more; what users type is sent in clear")
        #expect(finding.severity == .error)
    }

    @Test("unmasking UIView reports UITextField, UITextView and UISearchTextField, and hints both roots")
    func uiView() throws {
        let found = Self.findings(header + "rules:\n  - unmask: { type: UIView }\n    reason: kiosk\n")
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.message.contains("text inputs: UITextField, UITextView and UISearchTextField;"))
        #expect(finding.hint == "add 'mask: { type: UITextField }' and 'mask: { type: UITextView }' beside it, or unmask a narrower type")
    }

    @Test("the fix the hint gives silences it: a mask rule on the input class, or on a superclass below the unmasked one")
    func maskedBelow() {
        #expect(Self.findings(header + """
            rules:
              - unmask: { type: android.widget.TextView }
                reason: labels are static
              - mask: { type: android.widget.EditText }
            """).isEmpty)
        #expect(Self.findings(header + """
            rules:
              - unmask: { type: UIView }
                reason: kiosk
              - mask: { type: UIControl }
              - mask: { type: UIScrollView }
            """).isEmpty)
        // Only UITextField's branch masked: UITextView is still exposed.
        let partly = Self.findings(header + """
            rules:
              - unmask: { type: UIView }
                reason: kiosk
              - mask: { type: UITextField }
            """)
        #expect(partly.map(\.message) == ["unmasking 'UIView' also unmasks text inputs: UITextView; what users type is sent in clear"])
    }

    @Test("screens: a mask rule covers an unmask only where the unmask applies")
    func screens() {
        // Scoped unmask, mask on every screen or on the same screen: covered.
        #expect(Self.findings(header + """
            rules:
              - unmask: { type: android.widget.TextView, screen: Catalog }
                reason: static
              - mask: { type: android.widget.EditText }
            """).isEmpty)
        // Unmask on every screen, mask on one: exposed on the others.
        #expect(Self.findings(header + """
            rules:
              - unmask: { type: android.widget.TextView }
                reason: static
              - mask: { type: android.widget.EditText, screen: Login }
            """).count == 1)
        // Unmask on one screen, mask on another.
        #expect(Self.findings(header + """
            rules:
              - unmask: { type: android.widget.TextView, screen: Catalog }
                reason: static
              - mask: { type: android.widget.EditText, screen: Login }
            """).count == 1)
    }

    @Test("a more specific unmask decides first: the finding is on it, not on the broader one")
    func nearerUnmask() {
        let input = MarkedText(header + """
            rules:
              - unmask: { type: android.view.View }
                reason: kiosk
              - unmask: { type: 1️⃣android.widget.TextView }
                reason: labels
            """)
        let found = Self.findings(input.text)
        #expect(found.count == 1, "\(listing(found))")
        expectDiagnostic(Self.id, at: input["1️⃣"], in: found)
    }

    @Test("secure-text inputs are left out: they are bullets whatever the policy says")
    func secureLeftOut() throws {
        let found = Self.findings(header + """
            types:
              PinField: { extends: UITextField, kind: secure-text }
            rules:
              - unmask: { type: SwiftUI.View }
                reason: static
              - unmask: { type: UIControl }
                reason: static
            """)
        #expect(found.count == 2)
        let swiftUI = try #require(found.first { $0.message.contains("'SwiftUI.View'") })
        // The SwiftUI inputs, and the catalog's names for them without the module
        // (`TextField<Text>` extends `TextField`); `SecureField` is bullets, left out.
        #expect(swiftUI.message.contains("text inputs: SwiftUI.TextEditor, SwiftUI.TextField, TextEditor and 1 more;"), "\(swiftUI.message)")
        #expect(swiftUI.hint?.contains("'mask: { type: SwiftUI.TextEditor }' and 'mask: { type: SwiftUI.TextField }'") == true, "\(swiftUI.hint ?? "")")
        let uiControl = try #require(found.first { $0.message.contains("'UIControl'") })
        #expect(!uiControl.message.contains("PinField"))
    }

    @Test("policy classes whose chain reaches an input class are inputs too")
    func policyClasses() throws {
        let found = Self.findings(header + """
            types:
              BrandLabel: { extends: android.widget.TextView }
              CouponField: { extends: android.widget.EditText }
            rules:
              - unmask: { type: android.widget.TextView }
                reason: static
              - mask: { type: android.widget.AutoCompleteTextView }
              - mask: { type: androidx.appcompat.widget.AppCompatEditText }
            """)
        let finding = try #require(found.first)
        #expect(finding.message.contains("text inputs: android.widget.EditText and CouponField;"), "\(finding.message)")
        #expect(!finding.message.contains("BrandLabel"))
    }

    @Test("not reported: unmasking an input class itself (explicit), a mask on the same class (mask wins), no unmask")
    func notReported() {
        #expect(Self.findings(header + "rules:\n  - unmask: { type: UITextField }\n    reason: search box\n").isEmpty)
        #expect(Self.findings(header + "rules:\n  - unmask: { type: UILabel }\n    reason: copy\n  - unmask: { type: UIButton }\n    reason: copy\n").isEmpty)
        #expect(Self.findings(header + "rules:\n  - mask: { type: UIView }\n").isEmpty)
        #expect(Self.findings("version: 1\ndefault: unmask\n").isEmpty)
        #expect(Self.findings(header + """
            rules:
              - unmask: { type: android.widget.TextView }
                reason: static
              - mask: { type: android.widget.TextView }
            """).isEmpty)
    }

    @Test("a disable comment with a reason silences it")
    func suppressed() {
        let text = header + """
            rules:
              # maskc:disable=unmask-covers-input the kiosk has no keyboard (PRIV-51)
              - unmask: { type: android.widget.TextView }
                reason: static
            """
        let bytes = Array(text.utf8)
        let report = PolicyLinter.lint(PolicyCompiler.compile(bytes, file: testFile), source: bytes, file: testFile)
        #expect(!report.diagnostics.contains { $0.ruleID == Self.id })
        #expect(report.suppressed.map(\.diagnostic.ruleID) == [Self.id])
    }
}
