import Foundation
import Testing

/// A portable table (`compile --emit table`) where a command takes a policy: it masks,
/// explains, encodes, lists and compares as the YAML it was compiled from; a damaged one
/// is refused with exit 3; commands that need the YAML refuse a table with exit 2.
@Suite("policy tables on the command line")
struct TablePolicyTests {
    static let folder = "maskc-table-policy-\(ProcessInfo.processInfo.processIdentifier)"

    static let policies = ["Policies/retail-app.yaml", "Policies/banking-app.yaml", "Policies/strict-default.yaml", "Examples/policy-repo/app.yaml"]

    /// The table of `policy`, compiled with the policy named as given, so rule positions
    /// read as the YAML's.
    /// - Parameter test: names the file, so tests running at once do not share one.
    static func table(_ policy: String, for test: String = #function) throws -> String {
        let name = test.prefix { $0.isLetter } + "-" + URL(fileURLWithPath: policy).lastPathComponent + ".mtab"
        let out = try CLIHarness.temporaryFile(folder, name, "")
        let result = try CLIHarness.run(["compile", policy, "--emit", "table", "-o", out])
        #expect(result.exit == 0, "\(result.transcript)")
        return out
    }

    static func trees() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: CLIHarness.root.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".json") }.sorted().map { "Examples/" + $0 }
    }

    @Test("apply --explain, explain and encode give the same bytes with the table as with the YAML", arguments: policies)
    func decidesAsTheYAML(_ policy: String) throws {
        let table = try Self.table(policy)
        for tree in try Self.trees() {
            for command in [["apply", tree, "--explain"], ["explain", tree]] {
                let yaml = try CLIHarness.run(command + ["--policy", policy])
                let loaded = try CLIHarness.run(command + ["--policy", table])
                #expect(yaml.exit == 0, "\(yaml.transcript)")
                // `explain`'s first line names the policy file.
                #expect(loaded.exit == yaml.exit && loaded.stdout == yaml.stdout.replacingOccurrences(of: " with \(policy):", with: " with \(table):")
                            && loaded.stderr == yaml.stderr,
                        "\(command[0]) \(tree) with \(policy)")
            }
            let stem = URL(fileURLWithPath: policy).lastPathComponent
            let first = try CLIHarness.temporaryFile(Self.folder, stem + ".yaml.bin", ""), second = try CLIHarness.temporaryFile(Self.folder, stem + ".table.bin", "")
            #expect(try CLIHarness.run(["encode", tree, "--policy", policy, "-o", first]).exit == 0)
            #expect(try CLIHarness.run(["encode", tree, "--policy", table, "-o", second]).exit == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)), "encode \(tree) with \(policy)")
        }
    }

    @Test("compile lists a table as its YAML (without the layers, which a table does not keep)", arguments: policies)
    func listsAsTheYAML(_ policy: String) throws {
        let table = try Self.table(policy)
        for format in ["text", "json"] {
            let yaml = try CLIHarness.run(["compile", policy, "--format", format])
            let loaded = try CLIHarness.run(["compile", table, "--format", format])
            #expect(yaml.exit == 0 && loaded.exit == 0)
            // Lines naming the policy file or its layers differ; rows, classes and sources do not.
            func rows(_ text: String) -> [String] {
                text.split(separator: "\n").map(String.init).filter {
                    !$0.hasPrefix("# ") && !$0.contains("\"policy\"") && !$0.contains("layers") && !$0.hasPrefix("    \"Examples/policy-repo/")
                }
            }
            if format == "text" {
                // Positions the table does not keep (default, defaults, detectors) read `-`.
                let stripped = rows(yaml.stdout).map { $0.replacingOccurrences(of: #"  \S+\.yaml:\d+:\d+$"#, with: "  -", options: .regularExpression) }
                let tableRows = rows(loaded.stdout).map { $0.replacingOccurrences(of: #"  \S+\.yaml:\d+:\d+$"#, with: "  -", options: .regularExpression) }
                #expect(stripped == tableRows, "\(policy)")
                #expect(loaded.stdout.hasPrefix("# \(table): default "))
            } else {
                #expect(rows(yaml.stdout).filter { $0 != "  ]," && $0 != "  ]" } == rows(loaded.stdout).filter { $0 != "  ]," && $0 != "  ]" }, "\(policy)")
            }
        }
    }

    @Test("diff from a table to its own YAML changes nothing; to another policy, what the YAMLs' diff says")
    func diffsAsTheYAML() throws {
        let table = try Self.table("Policies/retail-app.yaml")
        let same = try CLIHarness.run(["diff", table, "Policies/retail-app.yaml", "--trees", "Examples", "--fail-on-exposure"])
        #expect(same.exit == 0, "\(same.transcript)")
        let yaml = try CLIHarness.run(["diff", "Policies/retail-app.yaml", "Policies/strict-default.yaml", "--trees", "Examples", "--format", "json"])
        let loaded = try CLIHarness.run(["diff", table, "Policies/strict-default.yaml", "--trees", "Examples", "--format", "json"])
        #expect(yaml.exit == loaded.exit)
        #expect(yaml.stdout.replacingOccurrences(of: "Policies/retail-app.yaml", with: table) == loaded.stdout)
        let rules = try CLIHarness.run(["diff", "Policies/retail-app.yaml", table])
        #expect(rules.exit == 0 && rules.stdout.contains("0 added, 0 removed"), "\(rules.transcript)")
    }

    @Test("a damaged or cut table is refused with exit 3, one line naming the file, and nothing written")
    func damaged() throws {
        let table = try Self.table("Policies/retail-app.yaml")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: table)))
        bytes[60] ^= 0x01
        let flipped = try CLIHarness.temporaryFile(Self.folder, "flipped.mtab", "")
        try Data(bytes).write(to: URL(fileURLWithPath: flipped))
        let cut = try CLIHarness.temporaryFile(Self.folder, "cut.mtab", "")
        try Data(bytes.prefix(20)).write(to: URL(fileURLWithPath: cut))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(Self.folder).appendingPathComponent("never.json").path
        for (file, problem) in [(flipped, "SHA-256 does not match"), (cut, "shorter than its 44-byte header")] {
            for command in [["apply", "Examples/sales-view-controller.json", "--policy", file, "-o", out],
                            ["encode", "Examples/sales-view-controller.json", "--policy", file, "-o", out],
                            ["compile", file], ["diff", file, "Policies/retail-app.yaml"]] {
                let result = try CLIHarness.run(command)
                #expect(result.exit == 3, "\(command): \(result.transcript)")
                #expect(result.stdout.isEmpty)
                let lines = result.stderr.split(separator: "\n")
                #expect(lines.count == 1 && lines[0].hasPrefix("\(file): error: not a valid policy table: ") && lines[0].contains(problem), "\(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: out))
            }
        }
    }

    @Test("check, fmt and compile --emit need the YAML: a table is refused with exit 2")
    func needsTheYAML() throws {
        let table = try Self.table("Policies/retail-app.yaml")
        for command in [["check", table], ["fmt", "--check", table], ["compile", table, "--emit", "swift"],
                        ["compile", table, "--emit", "table", "-o", table + ".again"]] {
            let result = try CLIHarness.run(command)
            #expect(result.exit == 2, "\(command): \(result.transcript)")
            #expect(result.stderr.contains("\(table): error: a compiled policy table, not a YAML policy"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: table + ".again"))
    }

    @Test("a YAML file that starts with the letters MTAB is read as YAML")
    func yamlStartingWithTheMagic() throws {
        let policy = try CLIHarness.temporaryFile(Self.folder, "mtab.yaml", "MTAB: 1\nversion: 1\ndefault: mask\n")
        let result = try CLIHarness.run(["apply", "Examples/sales-view-controller.json", "--policy", policy])
        #expect(result.exit == 3)
        #expect(result.stderr.contains("\(policy):1:1: error: unknown key 'MTAB'"), "\(result.stderr)")
    }

    @Test("a policy test may name a table as its policy (rule lines are the table's source positions)")
    func policyTestOnATable() throws {
        let table = try Self.table("Policies/retail-app.yaml")
        // `rule: LINE` names a line of the policy file, which a table does not have.
        let test = try String(contentsOf: CLIHarness.root.appendingPathComponent("Policies/retail-app.masktest.yaml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("    rule: ") }.joined(separator: "\n")
        #expect(test.contains("policy: retail-app.yaml"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(Self.folder).path
        let copy = try CLIHarness.temporaryFile(Self.folder, "retail-app.masktest.yaml",
                                                test.replacingOccurrences(of: "policy: retail-app.yaml", with: "policy: \(URL(fileURLWithPath: table).lastPathComponent)")
                                                    .replacingOccurrences(of: "../Examples/", with: CLIHarness.root.appendingPathComponent("Examples").path + "/"))
        let result = try CLIHarness.run(["test", copy], directory: folder)
        let original = try CLIHarness.run(["test", "Policies/retail-app.masktest.yaml"])
        #expect(original.exit == 0)
        #expect(result.exit == 0, "\(result.transcript)")
    }

    @Test("two spellings Swift calls equal (composed and decomposed accents) stay two strings in the table")
    func canonicallyEquivalentStrings() throws {
        let policy = try CLIHarness.temporaryFile(Self.folder, "nfd.yaml", """
            version: 1
            default: unmask
            rules:
              - mask: { accessibilityIdentifier: "caf\\u00e9" }
              - mask: { accessibilityIdentifier: "cafe\\u0301" }
            """)
        let tree = try CLIHarness.temporaryFile(Self.folder, "nfd.json", """
            {"screen":"S","root":{"class":"UIView","frame":{"x":0,"y":0,"width":10,"height":10},"children":[
             {"class":"UILabel","accessibilityIdentifier":"cafe\\u0301","text":"Jane Doe 4111 1111 1111 1111","frame":{"x":0,"y":0,"width":10,"height":10}},
             {"class":"UILabel","accessibilityIdentifier":"caf\\u00e9","text":"Jane Roe","frame":{"x":0,"y":0,"width":10,"height":10}}]}}
            """)
        let out = try CLIHarness.temporaryFile(Self.folder, "nfd.mtab", "")
        #expect(try CLIHarness.run(["compile", policy, "--emit", "table", "-o", out]).exit == 0)
        let yaml = try CLIHarness.run(["apply", tree, "--policy", policy])
        let loaded = try CLIHarness.run(["apply", tree, "--policy", out])
        #expect(yaml.exit == 0 && !yaml.stdout.contains("Jane"), "\(yaml.stdout)")
        #expect(loaded.exit == 0 && loaded.stdout == yaml.stdout, "\(loaded.stdout)")
        let diff = try CLIHarness.run(["diff", policy, out])
        #expect(diff.stdout.contains("0 added, 0 removed"), "\(diff.stdout)")
    }
}
