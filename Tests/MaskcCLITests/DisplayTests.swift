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
          arguments: ["apply", "audit", "check", "compile", "diff", "explain", "render", "rules", "encode", "decode", "fmt", "test"])
    func everywhere(_ command: String) throws {
        let help = try CLIHarness.run([command, "--help"])
        for option in ["--quiet", "--color", "--excerpts"] { #expect(help.stdout.contains(option), "\(command) --help lacks \(option)") }
    }

    @Test("a capture named where a policy goes is never quoted: JSON, XML, NDJSON, as --policy, to check, compile and fmt")
    func noExcerptOfCaptures() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-display-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let secret = "hunter2-Jane-4111"
        let files = [
            ("capture.json", #"{"screen":"Checkout","root":{"class":"UITextField","isSecureTextEntry":true,"text":"\#(secret)"}}"#),
            ("dump.xml", #"<hierarchy><node text="\#(secret)" class="android.widget.EditText" password="true"/></hierarchy>"#),
            ("lines.ndjson", #"{"class":"UILabel","text":"\#(secret)"}"# + "\n" + #"{"class":"UILabel"}"#),
            ("spaced.json", "\u{FEFF}  \n# a comment\n---\n  [\"\(secret)\"]"),
        ]
        for (name, text) in files {
            let path = directory.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            for arguments in [["apply", "Examples/sales-view-controller.json", "--policy", path], ["check", path], ["compile", path],
                              ["fmt", "--check", "--diff", path], ["fmt", path]] {
                let result = try CLIHarness.run(arguments + ["--excerpts", "always"])
                #expect(result.exit != 0, "\(arguments): \(result.transcript)")
                #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "\(arguments): \(result.transcript)")
                #expect(result.stderr.contains(name) || result.stdout.contains(name), "\(arguments): \(result.transcript)")
            }
            // fmt left the file alone.
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(text.utf8), "\(name)")
        }
        // A policy keeps its excerpts, comments and a document start before it included.
        let policy = directory.appendingPathComponent("policy.yaml").path
        try Data("# team policy\n---\nversion: 1\ndefault: mask\nrules:\n  - unmask: { type: UILabl }\n".utf8).write(to: URL(fileURLWithPath: policy))
        let check = try CLIHarness.run(["check", policy, "--excerpts", "always"])
        #expect(check.stdout.contains("    rules:") || check.stdout.contains("unmask: { type: UILabl }"), "\(check.transcript)")
    }

    @Test("a policy error on standard error gets its excerpt too (apply)")
    func excerptOnStandardError() throws {
        let result = try CLIHarness.run(["apply", "--excerpts", "always", "Examples/sales-view-controller.json", "--policy", "Tests/Fixtures/BrokenPolicies/indentation.yaml"])
        #expect(result.exit == 3)
        #expect(result.stderr.contains("indentation.yaml:5:4: error:") && result.stderr.contains("\n       ^\n"), "\(result.stderr)")
    }
}
