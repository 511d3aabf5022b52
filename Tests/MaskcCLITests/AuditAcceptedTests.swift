import Foundation
import Testing

@Suite("Audit: accepted findings and the policy comparison")
struct AuditAcceptedTests {
    @Test("--write-accepted, justify, --accepted: findings hidden, exit follows what is left, stale entries reported")
    func acceptedFlow() throws {
        let file = try BadInputTests.file("accepted.json", "")
        let write = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "Examples/audit", "--write-accepted", file, "--fail-on", "critical"])
        #expect(write.exit == 1)  // the report itself is unfiltered
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.contains("\"detector\": \"payment-card\""))
        #expect(!written.contains("4242"))
        // Unjustified entries are refused.
        let refused = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "Examples/audit", "--accepted", file])
        #expect(refused.exit == 2)
        #expect(refused.stderr.hasPrefix("\(file):4:"))
        #expect(refused.stderr.contains("no justification"))
        // Justified, plus one entry for a finding that is gone.
        var justified = written.replacingOccurrences(of: "\"justification\": \"\"", with: "\"justification\": \"fixture data\"")
        justified = justified.replacingOccurrences(of: "  \"accepted\": [\n", with: "  \"accepted\": [\n    {\"detector\": \"email\", \"screen\": \"Gone\", \"view\": \"0.1\", \"field\": \"text\", \"rule\": null, \"justification\": \"old\"},\n")
        try justified.write(toFile: file, atomically: true, encoding: .utf8)
        let hidden = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "Examples/audit", "--accepted", file, "--fail-on", "low"])
        #expect(hidden.exit == 0, "\(hidden.stdout)")
        #expect(hidden.stdout.contains("info: [stale-accepted] accepted email finding (screen 'Gone', view '0.1', field 'text') no longer occurs"))
        #expect(hidden.stdout.contains("accepted findings hidden by \(file))"))
        let json = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "Examples/audit", "--accepted", file, "--format", "json"])
        #expect(json.stdout.contains("\"hidden\": "))
        // Refreshing keeps the justifications.
        _ = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "Examples/audit", "--accepted", file, "--write-accepted", file])
        let refreshed = try String(contentsOfFile: file, encoding: .utf8)
        #expect(refreshed.contains("fixture data"))
        #expect(!refreshed.contains("\"Gone\""))
        #expect(!refreshed.contains("\"justification\": \"\""))
    }

    @Test("--compare-policy compares with an earlier policy; --baseline still does, with a deprecation warning")
    func comparePolicy() throws {
        let args = ["audit", "--policy", "Policies/retail-app.yaml", "Examples/audit"]
        let new = try CLIHarness.run(args + ["--compare-policy", "Policies/strict-default.yaml"])
        let old = try CLIHarness.run(args + ["--baseline", "Policies/strict-default.yaml"])
        #expect(new.stdout.contains("## changes against Policies/strict-default.yaml"))
        #expect(new.stdout == old.stdout)
        #expect(new.stderr.isEmpty)
        #expect(old.stderr.contains("warning: --baseline is deprecated"))
        let both = try CLIHarness.run(args + ["--baseline", "Policies/strict-default.yaml", "--compare-policy", "Policies/strict-default.yaml"])
        #expect(both.exit == 2)
    }
}
