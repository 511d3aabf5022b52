import Foundation
import Testing
@testable import maskc

/// `.maskc.yml`, folders as arguments, `--exclude`, `--keep-going`, `-` for audit,
/// and `explain --view` naming views as the outline shows them.
@Suite("Config file and inputs")
struct ProjectConfigTests {
    static let project = "Tests/Fixtures/Config/project"

    @Test("check with no argument finds .maskc.yml from a subfolder up, and applies its policies, trees, excludes and rule levels")
    func discovery() throws {
        let result = try CLIHarness.run(["check"], directory: Self.project + "/policies")
        #expect(result.exit == 1, "\(result.transcript)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // unjustified-unmask raised to error; default-unmask disabled; dead-selector a note, and off for checkout.yaml.
        #expect(lines.contains { $0.hasPrefix("../policies/app.yaml:4:5: error: unmask rule without a reason") && $0.hasSuffix("[unjustified-unmask]") })
        #expect(lines.contains { $0.hasPrefix("../policies/app.yaml:5:38: note: ") && $0.hasSuffix("[dead-selector]") })
        #expect(!result.stdout.contains("[default-unmask]"))
        #expect(!result.stdout.contains("checkout.yaml:4:"), "dead-selector is off for checkout.yaml")
        // The legacy folder (a broken policy) and trees/old (a broken tree) are excluded.
        #expect(!result.stdout.contains("legacy") && !result.stderr.contains("broken"), "\(result.transcript)")
        #expect(result.stdout.hasSuffix("check: 1 error, 0 warnings, 1 note in 2 policies\n"))
    }

    @Test("golden: check with --config, and with --config none on a folder")
    func goldens() throws {
        try CLIHarness.assertGolden("check-config", ["check", "--config", Self.project + "/.maskc.yml"])
        try CLIHarness.assertGolden("check-config-none-folder", ["check", "--config", "none", Self.project + "/policies"])
        try CLIHarness.assertGolden("check-folder-exclude", ["check", "Policies", "--exclude", "banking-*"])
        try CLIHarness.assertGolden("check-keep-going", ["check", "--keep-going", "Policies/missing.yaml", "Policies/retail-app.yaml",
                                                         "--trees", "Examples/sales-view-controller.json", "Examples/missing.json"])
        try CLIHarness.assertGolden("check-no-policy", ["check", "--config", "none"])
        try CLIHarness.assertGolden("check-config-errors", ["check", "--config", "Tests/Fixtures/Config/bad.yml"])
    }

    @Test("an empty config file, or one of comments only, sets nothing (and check still needs policies)")
    func emptyConfig() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for text in ["", "# nothing yet\n"] {
            let config = folder.appendingPathComponent(".maskc.yml")
            try text.write(to: config, atomically: true, encoding: .utf8)
            let result = try CLIHarness.run(["check", "--config", config.path, "Policies/retail-app.yaml"])
            #expect(result.exit == 0 && result.stderr.isEmpty, "\(result.transcript)")
        }
    }

    @Test("without --keep-going, the first input that cannot be read ends the run with exit 2 and no report")
    func withoutKeepGoing() throws {
        let result = try CLIHarness.run(["check", "Policies/missing.yaml", "Policies/retail-app.yaml"])
        #expect(result.exit == 2 && result.stdout.isEmpty, "\(result.transcript)")
        #expect(result.stderr.hasPrefix("maskc: error: cannot read policy 'Policies/missing.yaml'"))
    }

    @Test("audit reads '-' as standard input, and --keep-going reports a missing capture and audits the rest (exit 2)")
    func auditInputs() throws {
        let tree = try Data(contentsOf: CLIHarness.root.appendingPathComponent("Examples/sales-view-controller.json"))
        let fromStdin = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "--format", "json", "-"], stdin: tree)
        let fromFile = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "--format", "json", "Examples/sales-view-controller.json"])
        #expect(fromStdin.exit == fromFile.exit, "\(fromStdin.transcript)")
        #expect(fromStdin.stdout.replacingOccurrences(of: "\"-\"", with: "\"Examples/sales-view-controller.json\"") == fromFile.stdout)

        let kept = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "--keep-going", "Examples/missing.json", "Examples/sales-view-controller.json"])
        #expect(kept.exit == 2, "\(kept.transcript)")
        #expect(kept.stdout.contains("over 1 screen"))
        #expect(kept.stderr.contains("cannot read trees 'Examples/missing.json'") && kept.stderr.contains("1 capture could not be read"))

        let stopped = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "Examples/missing.json", "Examples/sales-view-controller.json"])
        #expect(stopped.exit == 2 && stopped.stdout.isEmpty, "\(stopped.transcript)")
    }

    @Test("--exclude leaves matching files out of folder searches in audit and apply")
    func excludeInFolders() throws {
        let all = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "--format", "json", "Tests/Fixtures/Captures"])
        let some = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "--format", "json", "Tests/Fixtures/Captures", "--exclude", "*.xml"])
        #expect(all.stdout.contains(".xml\"") && !some.stdout.contains(".xml\""), "\(some.transcript)")
        let apply = try CLIHarness.run(["apply", "--policy", "Policies/retail-app.yaml", Self.project + "/trees", "--exclude", "old"])
        #expect(apply.exit == 0 && !apply.stderr.contains("broken"), "\(apply.transcript)")
    }

    @Test("explain --view takes an accessibility identifier (ai:X or X), a reliable target with or without the screen, an id or an index path",
          arguments: ["ai:on_sale", "on_sale", "UIButton[ai:SalesViewController.on_sale]", "UIButton[ai:on_sale]", "0.0.0"])
    func explainViewForms(_ name: String) throws {
        let result = try CLIHarness.run(["explain", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml", "--view", name])
        #expect(result.exit == 0, "\(result.transcript)")
        #expect(result.stdout.hasPrefix("view 0.0.0 (UIButton), index path 0.0.0\n"), "\(result.stdout)")
    }

    @Test("explain --view takes a path-form target")
    func explainPathTarget() throws {
        let target = "[root]>UIView:eq(0)>UIView[ri:SalesViewController.dichotomy]"
        let result = try CLIHarness.run(["explain", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml", "--view", target])
        #expect(result.exit == 0 && result.stdout.hasPrefix("view 0.0 (UIView), index path 0.0\n"), "\(result.transcript)")
        #expect(result.stdout.contains("reliable target: \(target)"))
    }

    @Test("folder searches take YAML files that are policies (a top-level 'version', plain or quoted), not CI workflows beside them")
    func policySniff() throws {
        let fmt = try CLIHarness.run(["fmt", "--check", "Examples/ci"])
        #expect(fmt.exit == 2 && fmt.stderr.contains("no policy file (*.yaml, *.yml) in 'Examples/ci'"), "\(fmt.transcript)")
        let check = try CLIHarness.run(["check", "--format", "json", "Examples"])
        #expect(!check.stdout.contains("Examples/ci/") && check.stdout.contains("Examples/policy-repo/app.yaml"), "\(check.transcript)")
        #expect(InputFiles.startsLine(of: Array("# x\n\"version\" : 1\n".utf8), with: "version"))
        #expect(InputFiles.startsLine(of: Array("'version':\n".utf8), with: "version"))
        #expect(!InputFiles.startsLine(of: Array("  version: 1\nversions: 2\n\"version: 1\n".utf8), with: "version"))
        // A byte order mark, or the whole policy as one flow mapping, is still a policy.
        #expect(InputFiles.looksLike(policyWith: "version", [0xEF, 0xBB, 0xBF] + Array("version: 1\ndefault: mask\n".utf8)))
        #expect(InputFiles.looksLike(policyWith: "version", Array("# a policy\n{version: 1, default: unmask}\n".utf8)))
        #expect(!InputFiles.looksLike(policyWith: "version", Array("name: CI\non: [push]\n".utf8)))
    }

    @Test("--filter-files skips named files that are not policies or are excluded (pre-commit passes every changed YAML file); without it they are read")
    func filterFiles() throws {
        let check = try CLIHarness.run(["check", "--filter-files", "Examples/ci/maskc.yml", ".pre-commit-hooks.yaml", "Policies/retail-app.yaml"])
        #expect(check.exit == 0 && check.stdout == "check: 0 errors, 0 warnings, 0 notes in 1 policy\n", "\(check.transcript)")
        let none = try CLIHarness.run(["check", "--filter-files", "Examples/ci/maskc.yml"])
        #expect(none.exit == 0 && none.stdout.isEmpty && none.stderr.isEmpty, "\(none.transcript)")
        let excluded = try CLIHarness.run(["check", "--filter-files", "--exclude", "retail-*", "Policies/retail-app.yaml", "Policies/banking-app.yaml"])
        #expect(excluded.stdout.hasSuffix("in 1 policy\n"), "\(excluded.transcript)")
        let fmt = try CLIHarness.run(["fmt", "--check", "--filter-files", "Examples/ci/maskc.yml", "Policies/retail-app.yaml"])
        #expect(fmt.exit == 0 && fmt.stdout.isEmpty, "\(fmt.transcript)")
        let unfiltered = try CLIHarness.run(["check", "Examples/ci/maskc.yml"])
        #expect(unfiltered.exit == 1 && unfiltered.stdout.contains("Examples/ci/maskc.yml:"), "\(unfiltered.transcript)")
    }

    @Test("folder searches do not follow links to folders (a link to a folder above would read the same files forever)")
    func symlinkedFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-links-\(UUID().uuidString)")
        let inner = folder.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: CLIHarness.root.appendingPathComponent("Policies/retail-app.yaml"), to: folder.appendingPathComponent("p.yaml"))
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("up2").path, withDestinationPath: "../..")
        let result = try CLIHarness.run(["check", folder.path])
        #expect(result.exit == 0 && result.stdout.hasSuffix("in 1 policy\n"), "\(result.transcript)")
    }

    @Test("shell completion completes policy, tree and output paths by extension")
    func completion() throws {
        let bash = try CLIHarness.run(["--generate-completion-script", "bash"]).stdout
        #expect(bash.contains("-fX '!*.@(yaml|yml)'") && bash.contains("-fX '!*.@(json|ndjson|jsonl|xml)'") && bash.contains("-fX '!*.@(bin)'"))
    }
}

/// `--exclude` patterns, as `.gitignore` reads them.
@Suite("Path globs")
struct PathGlobTests {
    @Test("a name matches any component; a pattern with '/' matches from the start, or a folder holding the path",
          arguments: [
            ("legacy", "Policies/legacy/a.yaml", true), ("legacy", "legacy", true), ("legacy", "Policies/legacyX/a.yaml", false),
            ("*.xml", "a/b/c.xml", true), ("*.xml", "a/b/c.json", false), ("c?.json", "a/c1.json", true), ("c?.json", "a/c12.json", false),
            ("Examples/captures", "Examples/captures/x.json", true), ("Examples/captures", "Other/Examples/captures/x.json", false),
            ("./Examples/*/x.json", "Examples/a/x.json", true), ("Examples/*/x.json", "Examples/a/b/x.json", false),
            ("**/old/*.json", "a/b/old/x.json", true), ("**/old/*.json", "old/x.json", true), ("a/**/x.json", "a/x.json", true),
            ("a/**/x.json", "a/b/c/x.json", true), ("a/**", "a/b", true), ("a/**", "b/a/c", false),
            ("é?", "dir/éé", true), ("*", "anything/at/all", true),
            ("./legacy", "legacy/a.yaml", true), ("./legacy", "Policies/legacy/a.yaml", false), ("legacy/", "Policies/legacy/a.yaml", true),
            (".*", "../Policies/a.yaml", false), (".*", "./Policies/a.yaml", false), (".*", "Policies/.hidden/a.yaml", true),
          ] as [(String, String, Bool)])
    func matches(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(PathGlob(pattern).matches(path) == expected, "\(pattern) vs \(path)")
    }

    @Test("a pattern in a config file in another folder is relative to that folder, unless it starts with **")
    func anchored() {
        #expect(PathGlob(anchoredIn: "../", "trees/old/**").matches("../trees/old/a.json"))
        #expect(!PathGlob(anchoredIn: "../", "trees/old/**").matches("trees/old/a.json"))
        #expect(PathGlob(anchoredIn: "../", "**/old/*").matches("trees/old/a.json"))
        #expect(PathGlob(anchoredIn: "../", "old").matches("x/old/a.json"))
    }

    @Test("a long run of stars does not backtrack exponentially")
    func noBlowUp() {
        let name = String(repeating: "a", count: 2000)
        #expect(!PathGlob(String(repeating: "*a", count: 50) + "b").matches(name))
    }
}
