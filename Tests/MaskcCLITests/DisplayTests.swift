import Foundation
import Testing

/// `--quiet`, `--color` and `--excerpts`: text for people, never in machine formats.
@Suite("Display options")
struct DisplayTests {
    @Test("--excerpts always: each policy finding shows its line and a caret under the column")
    func excerpts() throws {
        try CLIHarness.assertGolden("check-excerpts", ["check", "--excerpts", "always", "Tests/Fixtures/Policies/unknown-types.yaml"])
    }

    @Test("--color always: severities coloured; --color never and the default off a terminal: none")
    func color() throws {
        try CLIHarness.assertGolden("check-color", ["check", "--color", "always", "--excerpts", "always", "Tests/Fixtures/BrokenPolicies/tabs.yaml"])
        let plain = try CLIHarness.run(["check", "Tests/Fixtures/Policies/unknown-types.yaml"])
        #expect(!plain.stdout.contains("\u{1B}"), "no colour off a terminal")
        let never = try CLIHarness.run(["check", "--color", "never", "--excerpts", "never", "Tests/Fixtures/Policies/unknown-types.yaml"])
        #expect(never.stdout == plain.stdout)
    }

    @Test("colour never reaches JSON or SARIF")
    func colorOnlyInText() throws {
        for format in ["json", "sarif"] {
            let result = try CLIHarness.run(["check", "--color", "always", "--excerpts", "always", "--format", format, "Tests/Fixtures/Policies/unknown-types.yaml"])
            #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("^~"), "\(format)")
        }
    }

    @Test("an escape sequence in a policy is shown escaped in its excerpt, the caret still under its column")
    func hostileExcerpt() throws {
        try CLIHarness.assertGolden("check-excerpts-control-characters", ["check", "--excerpts", "always", "--color", "always", "Tests/Fixtures/Hostile/control-characters.yaml"])
    }

    @Test("--quiet: only error findings, no tally; warnings on standard error silenced; exit codes kept")
    func quiet() throws {
        try CLIHarness.assertGolden("check-quiet", ["check", "--quiet", "Tests/Fixtures/Policies/unknown-types.yaml"])
        let clean = try CLIHarness.run(["check", "--quiet", "Policies/retail-app.yaml"])
        #expect(clean.exit == 0 && clean.stdout.isEmpty && clean.stderr.isEmpty, "\(clean.transcript)")
        let audit = try CLIHarness.run(["audit", "--quiet", "--policy", "Policies/retail-app.yaml", "--baseline", "Policies/strict-default.yaml", "Examples/audit"])
        #expect(!audit.stderr.contains("deprecated"), "\(audit.stderr)")
        let loud = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "--baseline", "Policies/strict-default.yaml", "Examples/audit"])
        #expect(loud.stderr.contains("deprecated"))
    }

    @Test("every command takes --quiet, --color and --excerpts",
          arguments: ["apply", "audit", "check", "compile", "explain", "render", "rules", "encode", "decode", "fmt"])
    func everywhere(_ command: String) throws {
        let help = try CLIHarness.run([command, "--help"])
        for option in ["--quiet", "--color", "--excerpts"] { #expect(help.stdout.contains(option), "\(command) --help lacks \(option)") }
    }

    @Test("a policy error on standard error gets its excerpt too (apply)")
    func excerptOnStandardError() throws {
        let result = try CLIHarness.run(["apply", "--excerpts", "always", "Examples/sales-view-controller.json", "--policy", "Tests/Fixtures/BrokenPolicies/indentation.yaml"])
        #expect(result.exit == 3)
        #expect(result.stderr.contains("indentation.yaml:5:4: error:") && result.stderr.contains("\n       ^\n"), "\(result.stderr)")
    }
}
