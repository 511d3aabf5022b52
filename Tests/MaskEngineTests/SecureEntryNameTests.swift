import Testing
@testable import MaskEngine

/// A text input whose class is named for secure entry is secure text, marker or not
/// (``TypeCatalog/namesSecureEntry(_:)``), on every path that derives a chain's kind.
@Suite("Secure entry by class name")
struct SecureEntryNameTests {
    @Test("names that say secure entry", arguments: [
        "PasswordEditText", "MyApp.PasswordTextField", "MySecureTextField", "FlutterSecureTextInputView", "OTPTextField",
        "OtpEditText", "CvcEditText", "CVVTextField", "com.stripe.android.view.CardNumberEditText", "STPPaymentCardTextField",
        "PinEditText", "PINField", "Pincode_field", "NewPasswordInput", "Confirmpasscode", "Outer$PasswordEditText",
        "SecretTextField", "ExpiryDateEditText", "OneTimeCodeField", "SecurityCodeEditText", "LoginPwdField", "Cvv2EditText",
        "MyApp.PasswordField<SwiftUI.Text>", "passwordfield", "MyApp.LoginView<Swift.Int>.PasswordField", "A<B<C>>.OTPTextField",
        "com.example.LoginFragment$passwordField$1", "Pin6Field", "OtpView2", "PassCodeField", "CCNumberField", "SmsCodeField",
        "MfaCodeField", "TwoFactorCodeField", "SeedPhraseField", "PrivateKeyField", "PINcodeView", "OTPcodeField",
        // Anonymous classes: numbered in a top-level class, or nested twice.
        "PinField$1", "PasswordEditText$1", "Pin$1", "com.x.Outer$PinField$1$2", "OtpEditText$2",
    ])
    func namesSecure(_ name: String) {
        #expect(TypeCatalog.namesSecureEntry(name))
    }

    @Test("names that do not", arguments: [
        "SpinnerTextField", "ShippingTextField", "InsecureTextField", "UITextField", "UISearchTextField", "android.widget.EditText",
        "PinnedNoteTextField", "CardholderNameEditText", "com.password.app.NameEditText", "Password.Module.NameField", "",
        "TextField<PasswordFormatter>", "OptionTextField", "TopinTextField", "CardView", "Form<PasswordField>.Row",
        "com.example.Outer$1", "Spin6Field", "$1", "A$$2", "Spin$1", "Name$1$2", "$1$2",
    ])
    func namesNotSecure(_ name: String) {
        #expect(!TypeCatalog.namesSecureEntry(name))
    }

    @Test("inputs for secure entry by name alone: they take input, and are secure", arguments: [
        "MyPasswordField", "PasswordInput", "SecurePinEntryView", "OtpView", "OTPView", "PinCodeView", "PasscodeView", "OTPTextView",
        "in.aabhasjindal.otptextview.OtpTextView", "CvvBox", "PinPad", "Pincode_field", "NSSecureTextField", "SecureEditText",
        "MyApp.LoginView<Swift.Int>.PasswordField", "PinField2", "PasswordInput10", "PINcodeView", "OTPcodeView",
        // Written without case changes: `Pinview` is a widely used Android PIN field's class.
        "com.goodiebag.pinview.Pinview", "pinview", "OTPFIELD", "Passwordfield", "Otptextview", "Pincodeview", "MyOtpfield",
        "CVVINPUT", "Newpasswordinput",
        "com.x.MyPasswordField$1", "com.x.LoginFragment$passwordField$1", "MyPasswordField$1", "OtpView$1", "PasswordEditText$1",
        "com.example.PasswordEditText$1$2", "com.example.LoginActivity$passwordField$1$1", "PinField$3",
        "com.x.Otp6View", "Pin6View", "OTP6View", "Cvv3View", "PinCode6View", "Passcode6View",
    ])
    func secureInputsByName(_ name: String) {
        #expect(TypeCatalog.isTextInputClass(name), "\(name)")
        #expect(TypeCatalog.builtin.kind(along: [name]) == .secureText, "\(name)")
        #expect(TypeCatalog.builtin.summary(of: name).kind == .secureText, "\(name)")
    }

    @Test("names for secure entry not shaped as inputs, and inputs' shapes named for nothing secret, are neither", arguments: [
        "PasswordLabel", "ShowPasswordButton", "PasswordStrengthView", "PinMapView", "ForgotPasswordView", "CodeView", "MyField",
        "TextView", "android.widget.TextView", "ImageView", "OTP.View", "Password.Field",
        "Spinview", "Textview", "Codeview", "Passwordview", "Textfield", "Codefield", "Shippingfield", "Spinfield", "Layout2",
        "ABCcodeView", "PINLabel", "Pinlabel", "FrameLayout", "TextView2", "Pinpoint", "OTPVIEWER",
    ])
    func notSecureInputsByName(_ name: String) {
        #expect(!TypeCatalog.isTextInputClass(name), "\(name)")
        #expect(TypeCatalog.builtin.kind(along: [name]) != .secureText, "\(name)")
    }

    static let unmaskAll = DecisionTable(policy: MaskingPolicy(default: .unmask, classes: [], rules: [
        MaskRule(.unmask, .type("UITextField")), MaskRule(.unmask, .kind(.input)),
    ]))

    @Test("an input named for secure entry is secure under default: unmask and unmask rules; other views so named are not")
    func decided() {
        var tree = ViewTree()
        let root = tree.append(ViewFacts(className: "UIView"), parent: nil)
        let byEnding = tree.append(ViewFacts(className: "PasswordEditText"), parent: root)
        let byChain = tree.append(ViewFacts(className: "LoginPasswordInput", superclasses: ["UITextField", "UIControl", "UIView"]), parent: root)
        let inside = tree.append(ViewFacts(className: "UILabel"), parent: byChain)
        let subclass = tree.append(ViewFacts(className: "LoginField", superclasses: ["PasswordTextField", "UITextField"]), parent: root)
        let label = tree.append(ViewFacts(className: "PasswordLabel", superclasses: ["UILabel"]), parent: root)
        let plain = tree.append(ViewFacts(className: "ShippingTextField"), parent: root)
        let glued = tree.append(ViewFacts(className: "com.goodiebag.pinview.Pinview"), parent: root)
        let versioned = tree.append(ViewFacts(className: "PinField2"), parent: root)
        let anonymous = tree.append(ViewFacts(className: "PinField$1", superclasses: ["UITextField", "UIControl", "UIView"]), parent: root)
        let anonymousByName = tree.append(ViewFacts(className: "com.x.LoginFragment$passwordField$1"), parent: root)
        for decisions in [Self.unmaskAll.resolve(tree), traverse(Self.unmaskAll, tree)] {
            for view in [byEnding, byChain, inside, subclass, glued, versioned, anonymous, anonymousByName] {
                #expect(decisions[view].isSecure && decisions[view].isMasked, "view \(view)")
            }
            #expect(decisions[byEnding].kind == .secureText)
            #expect(!decisions[label].isSecure && !decisions[label].isMasked, "a label naming a password takes no input")
            #expect(!decisions[plain].isSecure && !decisions[plain].isMasked)
        }
    }

    @Test("a policy that gives the class a kind decides for it; one that only extends does not")
    func declaredKindDecides() {
        let table = DecisionTable(policy: MaskingPolicy(default: .unmask, classes: [
            ClassDeclaration("PasswordHintTextField", extends: "UITextField", kind: .text),
            ClassDeclaration("PasswordTextField", extends: "UITextField"),
        ], rules: []))
        var resolver = ViewResolver(table: table)
        for name in ["PasswordHintTextField", "MyApp.PasswordHintTextField"] {
            #expect(!resolver.decide(ViewFacts(className: name), inherited: .root).0.isSecure, "\(name)")
        }
        for name in ["PasswordTextField", "MyApp.PasswordTextField"] {
            #expect(resolver.decide(ViewFacts(className: name), inherited: .root).0.isSecure, "\(name)")
        }
        // A subclass of the declared one, named for nothing, follows the declaration.
        #expect(!resolver.decide(ViewFacts(className: "LoginField", superclasses: ["PasswordHintTextField"]), inherited: .root).0.isSecure)
        #expect(table.catalog.kind(along: table.catalog.chain(of: "PasswordHintTextField")) == .text)
        #expect(table.catalog.kind(along: table.catalog.chain(of: "PasswordTextField")) == .secureText)
        #expect(table.catalog.selectorKind(along: ["OTPTextField"]) == .secureText)
    }

    @Test("the catalog's walks, the summary and the resolver's steps agree on names for secure entry")
    func pathsAgree() {
        let catalog = TypeCatalog.builtin.overlaid(with: [
            ClassDeclaration("PasswordHintTextField", extends: "UITextField", kind: .text),
            ClassDeclaration("SecretField", extends: "UITextField"),
            ClassDeclaration("SecretLabel", extends: "UILabel"),
        ])
        for name in ["PasswordEditText", "PasswordHintTextField", "SecretField", "SecretLabel", "App.SecretField", "OTPTextField", "SpinnerTextField"] {
            ChainSummaryTests.expectAgrees(catalog, name)
        }
        #expect(catalog.summary(of: "SecretField").kind == .secureText)
        #expect(catalog.summary(of: "SecretLabel").kind == .text)
        #expect(catalog.summary(along: ["LoginField", "PasswordTextField", "UITextField"]).kind == .secureText)
    }
}
