import Foundation
import Testing

/// Everything a user reads from maskc, compared with recorded golden files.
@Suite("Golden CLI output")
struct GoldenTests {
    static let brokenPolicies: [String] = {
        let folder = CLIHarness.root.appendingPathComponent("Tests/Fixtures/BrokenPolicies")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { String($0.dropLast(5)) }
    }()

    static let shippedPolicies = ["strict-default", "retail-app", "banking-app"]

    @Test("check on every broken policy, text", arguments: brokenPolicies)
    func checkBrokenText(_ name: String) throws {
        try CLIHarness.assertGolden("check-broken-\(name)", ["check", "Tests/Fixtures/BrokenPolicies/\(name).yaml"])
    }

    @Test("check on every broken policy, SARIF", arguments: brokenPolicies)
    func checkBrokenSARIF(_ name: String) throws {
        try CLIHarness.assertGolden("check-broken-\(name)-sarif", ["check", "--format", "sarif", "Tests/Fixtures/BrokenPolicies/\(name).yaml"])
    }

    @Test("check --format json lists findings and suppressions")
    func checkJSON() throws {
        try CLIHarness.assertGolden("check-suppressed-json", ["check", "--format", "json", "Tests/Fixtures/BrokenPolicies/suppressed.yaml"])
    }

    @Test("check --strict passes on every shipped policy")
    func checkShippedStrict() throws {
        try CLIHarness.assertGolden("check-shipped-strict", ["check", "--strict"] + Self.shippedPolicies.map { "Policies/\($0).yaml" })
    }

    @Test("check --trees runs the corpus rules and sums up decisions")
    func checkTrees() throws {
        try CLIHarness.assertGolden("check-trees", ["check", "Policies/retail-app.yaml", "--trees", "Examples"])
    }

    @Test("compile prints the decision table", arguments: shippedPolicies)
    func compileText(_ name: String) throws {
        try CLIHarness.assertGolden("compile-\(name)", ["compile", "Policies/\(name).yaml"])
    }

    @Test("compile --format json")
    func compileJSON() throws {
        try CLIHarness.assertGolden("compile-retail-app-json", ["compile", "--format", "json", "Policies/retail-app.yaml"])
    }

    @Test("apply on the shipped examples")
    func applyExamples() throws {
        try CLIHarness.assertGolden("apply-sales", ["apply", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml"])
        try CLIHarness.assertGolden("apply-sales-explain", ["apply", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml", "--explain"])
        try CLIHarness.assertGolden("apply-parent-child", ["apply", "Examples/parent-child-labels.json", "--policy", "Policies/strict-default.yaml", "--explain"])
    }
}

@Suite("Generated docs")
struct GeneratedDocsTests {
    @Test("Docs/rules.md is what 'maskc rules --format markdown' prints")
    func rulesDoc() throws {
        let result = try CLIHarness.run(["rules", "--format", "markdown"])
        #expect(result.exit == 0)
        let url = CLIHarness.root.appendingPathComponent("Docs/rules.md")
        if CLIHarness.recording {
            try result.stdout.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(expected == result.stdout, "Docs/rules.md is stale; run RECORD_SNAPSHOTS=1 swift test --filter GeneratedDocs\n\(CLIHarness.diff(expected, result.stdout))")
        #expect(result.stdout.contains("## exposed-by-ancestor"))
    }
}

@Suite("Golden audit, explain and capture output")
struct AuditGoldenTests {
    @Test("explain outline and one view's chain")
    func explain() throws {
        try CLIHarness.assertGolden("explain-sales", ["explain", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml"])
        try CLIHarness.assertGolden("explain-sales-view", ["explain", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml", "--view", "0.0.0.0"])
        try CLIHarness.assertGolden("explain-capture", ["explain", "Tests/Fixtures/Captures/uiautomator/pocket-financer_window_dump.xml", "--policy", "Policies/banking-app.yaml"])
    }

    @Test("audit text and JSON, with a baseline, failing on critical findings")
    func audit() throws {
        try CLIHarness.assertGolden("audit-release", ["audit", "--policy", "Policies/retail-app.yaml", "Examples/audit", "--compare-policy", "Policies/strict-default.yaml", "--fail-on", "critical"])
        try CLIHarness.assertGolden("audit-release-json", ["audit", "--policy", "Policies/retail-app.yaml", "Examples/audit", "--format", "json"])
        try CLIHarness.assertGolden("audit-captures", ["audit", "--policy", "Policies/banking-app.yaml", "Tests/Fixtures/Captures"])
        try CLIHarness.assertGolden("audit-captures-unmasked", ["audit", "--policy", "Tests/Fixtures/Policies/unmask-all.yaml", "Tests/Fixtures/Captures", "--format", "json"])
    }

    @Test("the HTML audit embeds a masked preview and a wireframe per screen, and names no value in its findings")
    func auditHTML() throws {
        let result = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", "Examples/audit", "--format", "html"])
        #expect(result.exit == 0)
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(result.stdout.components(separatedBy: "<figure>").count - 1 == 4)
        let findings = result.stdout.components(separatedBy: "<h2>Screens</h2>")[0]
        #expect(findings.contains("payment-card"))
        #expect(!findings.contains("4242"))
        #expect(!findings.contains("jane.appleseed"))
    }

    @Test("apply reads captures directly")
    func applyCapture() throws {
        try CLIHarness.assertGolden("apply-xcuitest", ["apply", "Tests/Fixtures/Captures/xcuitest/sample_app_ios1.xml", "--policy", "Policies/strict-default.yaml"])
    }
}
