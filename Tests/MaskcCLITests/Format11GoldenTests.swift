import Foundation
import Testing

/// What a user reads from maskc on a policy in format 1.1 (kind selectors,
/// per-dimension defaults, bundled images, the `detect:` safety net), as golden files.
@Suite("Golden CLI output, format 1.1")
struct Format11GoldenTests {
    static let policy = "Tests/Fixtures/Format11/policy.yaml"
    static let screen = "Tests/Fixtures/Format11/screen.json"

    @Test("apply --explain names kind rules, per-dimension defaults and detectors")
    func apply() throws {
        try CLIHarness.assertGolden("format11-apply-explain", ["apply", Self.screen, "--policy", Self.policy, "--explain"])
    }

    @Test("explain, outline and one view")
    func explain() throws {
        try CLIHarness.assertGolden("format11-explain", ["explain", Self.screen, "--policy", Self.policy])
        try CLIHarness.assertGolden("format11-explain-detected", ["explain", Self.screen, "--policy", Self.policy, "--view", "0.1"])
        try CLIHarness.assertGolden("format11-explain-search", ["explain", Self.screen, "--policy", Self.policy, "--view", "0.3"])
    }

    @Test("compile, text and JSON")
    func compile() throws {
        try CLIHarness.assertGolden("format11-compile", ["compile", Self.policy])
        try CLIHarness.assertGolden("format11-compile-json", ["compile", "--format", "json", Self.policy])
    }
}
