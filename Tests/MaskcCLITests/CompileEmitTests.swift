import Foundation
import Testing

/// `maskc compile --emit swift|table`: what is written, and each misuse's exit code.
@Suite("compile --emit")
struct CompileEmitTests {
    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("maskc-emit-\(ProcessInfo.processInfo.processIdentifier)-\(name)").path
    }

    @Test("--emit swift writes the generated Swift compiled into MaskShipTests")
    func swift() throws {
        let result = try CLIHarness.run(["compile", "Policies/retail-app.yaml", "--emit", "swift"])
        #expect(result.exit == 0)
        let golden = try String(contentsOf: CLIHarness.root.appendingPathComponent("Tests/MaskShipTests/Generated/RetailAppPolicy.swift"), encoding: .utf8)
        #expect(result.stdout == golden)
        #expect(result.stderr.isEmpty)
    }

    @Test("an absolute policy path is named by its file name; --name and --source-label are used as given")
    func names() throws {
        let absolute = CLIHarness.root.appendingPathComponent("Policies/retail-app.yaml").path
        let plain = try CLIHarness.run(["compile", absolute, "--emit", "swift"])
        #expect(plain.exit == 0)
        #expect(!plain.stdout.contains(CLIHarness.root.path))
        #expect(plain.stdout.contains("static let source = \"retail-app.yaml\""))
        let named = try CLIHarness.run(["compile", absolute, "--emit", "swift", "--name", "Shop", "--source-label", "shop/policy.yaml"])
        #expect(named.stdout.contains("enum Shop {"))
        #expect(named.stdout.contains("static let source = \"shop/policy.yaml\""))
    }

    @Test("--emit table writes a table; a policy that does not compile or fails --check writes nothing")
    func table() throws {
        let out = Self.temporary("retail.mtab")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try CLIHarness.run(["compile", "Policies/retail-app.yaml", "--emit", "table", "-o", out])
        #expect(result.exit == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(Array(bytes.prefix(4)) == Array("MTAB".utf8))

        let broken = Self.temporary("broken.mtab")
        let failed = try CLIHarness.run(["compile", "Tests/Fixtures/BrokenPolicies/schema-errors.yaml", "--emit", "table", "-o", broken])
        #expect(failed.exit == 3)
        #expect(!FileManager.default.fileExists(atPath: broken))

        let linted = try CLIHarness.run(["compile", "Tests/Fixtures/BrokenPolicies/lint-findings.yaml", "--emit", "swift", "--check", "-o", broken])
        #expect(linted.exit == 1)
        #expect(linted.stderr.contains("lint-findings.yaml:7:21: error: "))
        #expect(!FileManager.default.fileExists(atPath: broken))
        let unchecked = try CLIHarness.run(["compile", "Tests/Fixtures/BrokenPolicies/lint-findings.yaml", "--emit", "swift"])
        #expect(unchecked.exit == 0)
    }

    @Test("misused options are usage errors (exit 2)", arguments: [
        ["--emit", "table"],
        ["--emit", "table", "-o", "-"],
        ["--emit", "swift", "--name", "1Policy"],
        ["--emit", "swift", "--name", "enum"],
        ["--emit", "table", "--name", "Policy", "-o", "x.mtab"],
        ["--emit", "swift", "--format", "json"],
        ["--output", "x.swift"],
        ["--check"],
        ["--emit", "binary"],
    ])
    func misuse(_ options: [String]) throws {
        let result = try CLIHarness.run(["compile", "Policies/retail-app.yaml"] + options)
        #expect(result.exit == 2, "\(options): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
