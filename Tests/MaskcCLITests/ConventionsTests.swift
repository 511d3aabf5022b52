import Foundation
import Testing

/// The command line's conventions for daily use: reports to files, versioned JSON with
/// schemas, SARIF links, exit codes.
@Suite("CLI conventions")
struct ConventionsTests {
    @Test("check -o writes the report to a file, whole; standard output stays empty")
    func checkOutputFile() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-check-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try CLIHarness.run(["check", "--format", "json", "-o", out.path, "Policies/retail-app.yaml"])
        #expect(result.exit == 0 && result.stdout.isEmpty, "\(result.transcript)")
        let written = try String(contentsOf: out, encoding: .utf8)
        #expect(try JSONSchemaCheck(path: "Docs/schemas/check.schema.json").violations(of: written) == [])
        #expect(!FileManager.default.fileExists(atPath: out.path + ".maskc-partial"))
    }

    @Test("-o naming a device or a FIFO writes to it, never replaces it with a file")
    func specialOutputs() throws {
        // `/dev/null`: written to; still a device (as root, a rename over it replaced it).
        for command in [["apply", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml"],
                        ["encode", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml"]] {
            let result = try CLIHarness.run(command + ["-o", "/dev/null"])
            #expect(result.exit == 0, "\(command[0]): \(result.stderr)")
            let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
            #expect(type == .typeCharacterSpecial, "\(command[0])")
        }
        // A FIFO: its reader gets the whole output; the FIFO stays.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("out.fifo").path, copy = folder.appendingPathComponent("copy.json").path
        let made = Process()
        made.executableURL = URL(fileURLWithPath: "/usr/bin/mkfifo")
        made.arguments = [fifo]
        try made.run()
        made.waitUntilExit()
        try #require(made.terminationStatus == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, copy]
        try reader.run()
        let result = try CLIHarness.run(["apply", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml", "-o", fifo])
        reader.waitUntilExit()
        #expect(result.exit == 0, "\(result.stderr)")
        let direct = try CLIHarness.run(["apply", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml"])
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == direct.stdout)
        let type = try FileManager.default.attributesOfItem(atPath: fifo)[.type] as? FileAttributeType
        #expect(type != .typeRegular)
        #expect(!FileManager.default.fileExists(atPath: fifo + ".maskc-partial"))
    }

    @Test("check -o into a folder that does not exist: exit 5")
    func checkOutputUnwritable() throws {
        let result = try CLIHarness.run(["check", "-o", "/nonexistent-maskc/report.txt", "Policies/retail-app.yaml"])
        #expect(result.exit == 5, "\(result.transcript)")
        #expect(result.stderr.contains("cannot write '/nonexistent-maskc/report.txt'"))
    }

    @Test("check --format json validates against Docs/schemas/check.schema.json",
          arguments: [["Tests/Fixtures/BrokenPolicies/suppressed.yaml"], ["Tests/Fixtures/BrokenPolicies/lint-findings.yaml"],
                      ["Tests/Fixtures/BrokenPolicies/syntax-error.yaml"], ["Policies/retail-app.yaml", "--trees", "Examples"]])
    func checkJSONSchema(_ arguments: [String]) throws {
        let result = try CLIHarness.run(["check", "--format", "json"] + arguments)
        let schema = try JSONSchemaCheck(path: "Docs/schemas/check.schema.json")
        #expect(try schema.violations(of: result.stdout) == [], "\(result.stdout)")
        #expect(result.stdout.contains("\"version\" : 1") || result.stdout.contains("\"version\": 1"))
    }

    @Test("audit --format json validates against Docs/schemas/audit.schema.json",
          arguments: [["Examples/audit"], ["Examples/audit", "--compare-policy", "Policies/strict-default.yaml"],
                      ["Tests/Fixtures/Captures"]])
    func auditJSONSchema(_ arguments: [String]) throws {
        let result = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "--format", "json"] + arguments)
        let schema = try JSONSchemaCheck(path: "Docs/schemas/audit.schema.json")
        #expect(try schema.violations(of: result.stdout) == [], "\(result.stdout)")
    }

    @Test("the schema check itself rejects what the schemas forbid")
    func schemaCheckRejects() throws {
        let schema = try JSONSchemaCheck(path: "Docs/schemas/check.schema.json")
        #expect(try !schema.violations(of: #"{"version": 2, "policies": [], "totals": {"errors": 0, "warnings": 0, "notes": 0, "suppressed": 0}}"#).isEmpty)
        #expect(try !schema.violations(of: #"{"version": 1, "policies": [], "totals": {"errors": -1, "warnings": 0, "notes": 0, "suppressed": 0}}"#).isEmpty)
        #expect(try !schema.violations(of: #"{"version": 1, "policies": [{"file": "p", "compiled": "yes", "diagnostics": [], "suppressed": []}], "totals": {"errors": 0, "warnings": 0, "notes": 0, "suppressed": 0}}"#).isEmpty)
        #expect(try !schema.violations(of: #"{"version": 1, "policies": [], "totals": {"errors": 0, "warnings": 0, "notes": 0, "suppressed": 0}, "extra": true}"#).isEmpty)
        #expect(try schema.violations(of: #"{"version": 1, "policies": [], "totals": {"errors": 0, "warnings": 0, "notes": 0, "suppressed": 0}}"#) == [])
    }

    @Test("SARIF: every rule links its section of Docs/rules.md; absolute paths are file:// URIs")
    func sarifLinks() throws {
        let absolute = CLIHarness.root.appendingPathComponent("Tests/Fixtures/BrokenPolicies/lint-findings.yaml").path
        let result = try CLIHarness.run(["check", "--format", "sarif", absolute])
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            #expect(rule["helpUri"] as? String == "Docs/rules.md#\(id)")
        }
        let docs = try String(contentsOf: CLIHarness.root.appendingPathComponent("Docs/rules.md"), encoding: .utf8)
        for rule in rules { #expect(docs.contains("## \(rule["id"] as? String ?? "?")\n"), "Docs/rules.md has no section for \(rule["id"] ?? "?")") }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        for finding in results {
            let uri = (((finding["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
            #expect(uri == "file://" + absolute)
        }
    }

    @Test("check: a misspelt class in a mask rule is an error (exit 1), in an unmask rule a warning")
    func unknownTypeSeverity() throws {
        try CLIHarness.assertGolden("check-unknown-type", ["check", "Tests/Fixtures/Policies/unknown-types.yaml"])
    }

    @Test("check exits 1, not 3, on a policy that does not compile")
    func checkDoesNotCompile() throws {
        let result = try CLIHarness.run(["check", "Tests/Fixtures/BrokenPolicies/type-cycle.yaml"])
        #expect(result.exit == 1)
        let apply = try CLIHarness.run(["apply", "Examples/sales-view-controller.json", "--policy", "Tests/Fixtures/BrokenPolicies/type-cycle.yaml"])
        #expect(apply.exit == 3)
    }
}
