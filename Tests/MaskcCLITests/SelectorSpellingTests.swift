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
