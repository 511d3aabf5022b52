import Foundation
import Testing

/// `maskc fmt`: the canonical layout, in place or to standard output; `--check` for CI
/// with `--diff`; folders; YAML that does not read; exit codes.
@Suite("maskc fmt")
struct FmtCommandTests {
    static let messy = "Tests/Fixtures/Format/messy.yaml"
    static let canonical = "Tests/Fixtures/Format/nested/canonical.yaml"

    @Test("--check on a formatted file: nothing printed, exit 0")
    func checkClean() throws {
        try CLIHarness.assertGolden("fmt-check-clean", ["fmt", "--check", Self.canonical])
    }

    @Test("--check --diff on a file that is not formatted: FILE: not formatted and a unified diff, exit 1")
    func checkUnformatted() throws {
        try CLIHarness.assertGolden("fmt-check-unformatted", ["fmt", "--check", "--diff", Self.messy])
        let plain = try CLIHarness.run(["fmt", "--check", Self.messy])
        #expect(plain.exit == 1 && plain.stdout == "\(Self.messy): not formatted\n" && plain.stderr.isEmpty, "\(plain.transcript)")
    }

    @Test("- formats standard input to standard output")
    func standardInput() throws {
        let input = try Data(contentsOf: CLIHarness.root.appendingPathComponent(Self.messy))
        try CLIHarness.assertGolden("fmt-stdin", ["fmt", "-"], stdin: input)
        let result = try CLIHarness.run(["fmt", "-"], stdin: input)
        let expected = try String(contentsOf: CLIHarness.root.appendingPathComponent(Self.canonical), encoding: .utf8)
        #expect(result.stdout == expected)
    }

    @Test("a folder: every *.yaml below it, sorted, hidden entries skipped")
    func folder() throws {
        try CLIHarness.assertGolden("fmt-check-folder", ["fmt", "--check", "Tests/Fixtures/Format"])
    }

    @Test("YAML that does not read: FILE:LINE:COL: error, exit 3; a file that cannot be read: exit 2; both: 3")
    func broken() throws {
        try CLIHarness.assertGolden("fmt-check-broken", ["fmt", "--check", "Tests/Fixtures/BrokenPolicies/syntax-error.yaml"])
        let missing = try CLIHarness.run(["fmt", "--check", "Tests/Fixtures/Format/none.yaml"])
        #expect(missing.exit == 2 && missing.stderr.contains("cannot read policy 'Tests/Fixtures/Format/none.yaml'"), "\(missing.transcript)")
        let both = try CLIHarness.run(["fmt", "--check", "Tests/Fixtures/Format/none.yaml", "Tests/Fixtures/BrokenPolicies/duplicate-key.yaml", Self.messy])
        #expect(both.exit == 3 && both.stdout == "\(Self.messy): not formatted\n", "\(both.transcript)")
        #expect(both.stderr.contains("Tests/Fixtures/BrokenPolicies/duplicate-key.yaml:5:1: error: duplicate key 'default'"), "\(both.stderr)")
    }

    @Test("without --check: rewrites a file in place only when it changes; -o writes elsewhere")
    func inPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-fmt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let messy = folder.appendingPathComponent("messy.yaml"), clean = folder.appendingPathComponent("clean.yaml")
        try FileManager.default.copyItem(at: CLIHarness.root.appendingPathComponent(Self.messy), to: messy)
        try FileManager.default.copyItem(at: CLIHarness.root.appendingPathComponent(Self.canonical), to: clean)
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: clean.path)
        let result = try CLIHarness.run(["fmt", folder.path])
        #expect(result.exit == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result.transcript)")
        let expected = try Data(contentsOf: CLIHarness.root.appendingPathComponent(Self.canonical))
        #expect(try Data(contentsOf: messy) == expected)
        let modified = try FileManager.default.attributesOfItem(atPath: clean.path)[.modificationDate] as? Date
        #expect(modified == past, "a formatted file is not written")
        #expect(try CLIHarness.run(["fmt", "--check", folder.path]).exit == 0)
        let out = folder.appendingPathComponent("out.yaml")
        let written = try CLIHarness.run(["fmt", "-o", out.path, CLIHarness.root.appendingPathComponent(Self.messy).path])
        #expect(written.exit == 0 && written.stdout.isEmpty, "\(written.transcript)")
        #expect(try Data(contentsOf: out) == expected)
        #expect(try Data(contentsOf: CLIHarness.root.appendingPathComponent(Self.messy)) != expected, "-o leaves the input alone")
    }

    @Test("usage errors: --diff without --check, -o with --check or several inputs; exit 2", arguments: [
        ["fmt", "--diff", "Tests/Fixtures/Format/messy.yaml"],
        ["fmt", "--check", "-o", "/tmp/x.yaml", "Tests/Fixtures/Format/messy.yaml"],
        ["fmt", "-o", "/tmp/x.yaml", "Tests/Fixtures/Format/messy.yaml", "Policies/retail-app.yaml"],
        ["fmt"],
    ])
    func usage(_ arguments: [String]) throws {
        let result = try CLIHarness.run(arguments)
        #expect(result.exit == 2, "\(result.transcript)")
    }
}
