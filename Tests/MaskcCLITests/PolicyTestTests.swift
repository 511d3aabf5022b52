import Foundation
import Testing

/// `maskc test`: every expectation kind passing and failing, positions, the summary,
/// exit codes, JUnit output (golden) and coverage.
@Suite("maskc test")
struct PolicyTestTests {
    static let failing = "Tests/Fixtures/PolicyTests/failing.masktest.yaml"

    @Test("the shipped policies' tests pass")
    func shipped() throws {
        try CLIHarness.assertGolden("test-policies", ["test", "Policies"])
    }

    @Test("the example repository's tests pass, with coverage")
    func example() throws {
        try CLIHarness.assertGolden("test-policy-repo-coverage", ["test", "--coverage", "Examples/policy-repo"])
    }

    @Test("every expectation kind fails with file:line:col, expected and actual; exit 1")
    func failures() throws {
        try CLIHarness.assertGolden("test-failing", ["test", Self.failing])
    }

    @Test("JUnit output, with coverage")
    func junit() throws {
        try CLIHarness.assertGolden("test-failing-junit", ["test", "--format", "junit", "--coverage", Self.failing])
        let result = try CLIHarness.run(["test", "--format", "junit", "Policies"])
        #expect(result.exit == 0)
        #expect(result.stdout.contains("<testsuites name=\"maskc test\" tests=\"22\" failures=\"0\" errors=\"0\">"))
    }

    @Test("a test file that is not valid: every problem at its position, exit 2")
    func invalid() throws {
        try CLIHarness.assertGolden("test-invalid", ["test", "Tests/Fixtures/PolicyTests/invalid.masktest.yaml"])
        let missing = try CLIHarness.run(["test", "Tests/Fixtures/PolicyTests/none.masktest.yaml"])
        #expect(missing.exit == 2)
    }

    @Test("noExposed selects classes as type rules do (simple names) and reads member names for detectors")
    func noExposedAsTheEngineReads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-masktest-names")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "version: 1\ndefault: unmask\ntypes:\n  AcmeBalanceLabel: { extends: UILabel }\n"
            .write(to: folder.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
        try #"{"screen":"S","root":{"class":"UIView","children":[{"class":"MyApp.AcmeBalanceLabel","id":"b1","text":"$100"},{"class":"UILabel","id":"e2","note":{"jane.doe@example.com":1}}]}}"#
            .write(to: folder.appendingPathComponent("tree.json"), atomically: true, encoding: .utf8)
        try "policy: p.yaml\ntrees: [tree.json]\nexpect:\n  - noExposed: { class: AcmeBalanceLabel }\n  - noExposed: { detectors: [email] }\n"
            .write(to: folder.appendingPathComponent("p.masktest.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIHarness.run(["test", folder.appendingPathComponent("p.masktest.yaml").path])
        #expect(result.exit == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("view b1 (MyApp.AcmeBalanceLabel)") && result.stdout.contains("view e2 (UILabel)"), "\(result.stdout)")
        #expect(!result.stdout.contains("jane") && !result.stdout.contains("$100"), "\(result.stdout)")
    }

    @Test("tests that would check nothing fail: a class no view has, no detectors, no expectations")
    func vacuous() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-masktest-vacuous")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "version: 1\ndefault: unmask\n".write(to: folder.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
        try #"{"screen":"S","root":{"class":"UILabel","text":"jane@example.com"}}"#
            .write(to: folder.appendingPathComponent("tree.json"), atomically: true, encoding: .utf8)
        try "policy: p.yaml\ntrees: [tree.json]\nexpect:\n  - noExposed: { class: UILable }\n"
            .write(to: folder.appendingPathComponent("class.masktest.yaml"), atomically: true, encoding: .utf8)
        let misspelt = try CLIHarness.run(["test", folder.appendingPathComponent("class.masktest.yaml").path])
        #expect(misspelt.exit == 1 && misspelt.stdout.contains("no view of class UILable in 1 tree"), "\(misspelt.stdout)\(misspelt.stderr)")
        for (name, expect) in [("detectors", "  - noExposed: { detectors: [] }\n"), ("empty", "")] {
            let text = "policy: p.yaml\ntrees: [tree.json]\nexpect:" + (expect.isEmpty ? " []\n" : "\n" + expect)
            try text.write(to: folder.appendingPathComponent("\(name).masktest.yaml"), atomically: true, encoding: .utf8)
            let result = try CLIHarness.run(["test", folder.appendingPathComponent("\(name).masktest.yaml").path])
            #expect(result.exit == 2 && result.stderr.contains("check nothing"), "\(name): \(result.stdout)\(result.stderr)")
        }
    }

    @Test("no failure message quotes a view's text")
    func noText() throws {
        let result = try CLIHarness.run(["test", Self.failing])
        for secret in ["jane@example.com", "Jane Appleseed", "$1,204.50", "Store credit"] {
            #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret))
        }
    }
}
