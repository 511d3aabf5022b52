import Foundation
import Testing

/// Selector values that match nothing as written: a target naming a module-qualified
/// class by its simple name, a screen or identifier with a stray space. `check` says why.
@Suite("Selector spelling")
struct SelectorSpellingTests {
    @Test("a dead target with an unqualified class: the hint says targets do not answer to simple names")
    func simpleClassTarget() throws {
        let folder = "maskc-selector-spelling-\(UUID().uuidString)"
        let policy = try CLIHarness.temporaryFile(folder, "p.yaml", "version: 1\ndefault: unmask\nrules:\n  - mask: { target: \"PrimaryButton[ai:Home.buy]\" }\n")
        let tree = try CLIHarness.temporaryFile(folder, "t.json", #"{"screen":"Home","root":{"class":"UIView","children":[{"class":"MyApp.PrimaryButton","accessibilityIdentifier":"buy","text":"T1"}]}}"#)
        let result = try CLIHarness.run(["check", policy, "--trees", tree])
        #expect(result.stdout.contains("[dead-selector]") && result.stdout.contains("does not answer to its simple name"), "\(result.stdout)\(result.stderr)")
        // Written as the tree gives the class, it matches and masks.
        let qualified = try CLIHarness.temporaryFile(folder, "q.yaml", "version: 1\ndefault: unmask\nrules:\n  - mask: { target: \"MyApp.PrimaryButton[ai:Home.buy]\" }\n")
        let applied = try CLIHarness.run(["apply", tree, "--policy", qualified])
        #expect(applied.exit == 0 && !applied.stdout.contains("T1"), "\(applied.stdout)\(applied.stderr)")
    }

    @Test("commands that mask say check's masking errors on standard error, and apply the policy as written")
    func maskingErrorsOnApply() throws {
        let folder = "maskc-selector-spelling-\(UUID().uuidString)"
        let tree = try CLIHarness.temporaryFile(folder, "t.json", #"{"screen":"Home","root":{"class":"UITextField","text":"T1"}}"#)
        let typo = try CLIHarness.temporaryFile(folder, "typo.yaml", "version: 1\ndefault: unmask\nrules:\n  - mask: { type: UITextFeld }\n")
        for command in [["apply", tree], ["explain", tree], ["render", tree]] {
            let result = try CLIHarness.run(command + ["--policy", typo])
            #expect(result.exit == 0, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("typo.yaml:4:19: warning: type 'UITextFeld' is neither") && result.stderr.contains("[unknown-type]"), "\(command): \(result.stderr)")
        }
        // compile --emit writes the policy as it is, saying so; with --check it refuses.
        let swift = try CLIHarness.temporaryFile(folder, "out.swift", "")
        let emitted = try CLIHarness.run(["compile", typo, "--emit", "swift", "-o", swift])
        #expect(emitted.exit == 0 && emitted.stderr.contains("[unknown-type]") && emitted.stderr.contains("the policy is written as it is"), "\(emitted.stderr)")
        #expect(try String(contentsOfFile: swift, encoding: .utf8).contains("UITextFeld"))
        let checked = try CLIHarness.run(["compile", typo, "--emit", "swift", "-o", swift, "--check"])
        #expect(checked.exit == 1, "\(checked.stderr)")
        // Silenced with a reason, it is not repeated.
        let meant = try CLIHarness.temporaryFile(folder, "meant.yaml", "version: 1\ndefault: mask\ntypes:\n  XCUIElementTypeSecureTextField: { kind: text }  # maskc:disable=weakened-secure-class fixture\n")
        let quiet = try CLIHarness.run(["apply", tree, "--policy", meant])
        #expect(quiet.exit == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test("a screen or identifier with a stray space or line break is a stray-space error in a mask rule")
    func straySpace() throws {
        let folder = "maskc-selector-spelling-\(UUID().uuidString)"
        let policy = try CLIHarness.temporaryFile(folder, "p.yaml", """
            version: 1
            default: unmask
            rules:
              - mask:
                  type: UILabel
                  screen: >
                    Checkout
              - mask: { accessibilityIdentifier: " cvv" }
              - unmask: { id: "banner " }
                reason: static
            """)
        let result = try CLIHarness.run(["check", policy])
        #expect(result.exit == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(#":6:15: error: 'screen' value "Checkout\n""#) && result.stdout.contains(#"(write "Checkout")"#), "\(result.stdout)")
        #expect(result.stdout.contains(#"error: 'accessibilityIdentifier' value " cvv""#), "\(result.stdout)")
        #expect(result.stdout.contains(#"warning: 'id' value "banner ""#), "\(result.stdout)")
    }
}
