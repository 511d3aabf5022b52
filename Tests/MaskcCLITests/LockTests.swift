import Foundation
import Testing

/// Locked masks from the command line: compile lists them, explain names them, check
/// reports the unmasks they make dead, apply --explain marks locked decisions, and every
/// shipped form carries them.
@Suite("Locked masks")
struct LockTests {
    static let policy = "Tests/Fixtures/Locks/balance.yaml"
    static let tree = "Tests/Fixtures/Locks/balance.json"

    @Test("compile lists locks, in text and JSON")
    func compile() throws {
        try CLIHarness.assertGolden("lock-compile", ["compile", Self.policy])
        try CLIHarness.assertGolden("lock-compile-json", ["compile", "--format", "json", Self.policy])
    }

    @Test("explain shows locked decisions, in the outline and for one view")
    func explain() throws {
        try CLIHarness.assertGolden("lock-explain", ["explain", Self.tree, "--policy", Self.policy])
        try CLIHarness.assertGolden("lock-explain-balance", ["explain", Self.tree, "--policy", Self.policy, "--view", "balance"])
        try CLIHarness.assertGolden("lock-explain-title", ["explain", Self.tree, "--policy", Self.policy, "--view", "title"])
    }

    @Test("apply masks what a lock selects under an unmasked container, and --explain says locked")
    func apply() throws {
        try CLIHarness.assertGolden("lock-apply-explain", ["apply", Self.tree, "--policy", Self.policy, "--explain"])
        let result = try CLIHarness.run(["apply", Self.tree, "--policy", Self.policy])
        #expect(result.exit == 0)
        #expect(!result.stdout.contains("1,204.50") && !result.stdout.contains("Jane"))
        #expect(result.stdout.contains("Welcome back"))
    }

    @Test("check reports the unmasks a lock makes dead")
    func check() throws {
        try CLIHarness.assertGolden("lock-check", ["check", Self.policy])
    }

    @Test("an unmask cannot be locked: exit 3 at the lock key")
    func unmaskLocked() throws {
        let result = try CLIHarness.run(["compile", "Tests/Fixtures/Locks/unmask-locked.yaml"])
        #expect(result.exit == 3)
        #expect(result.stderr.hasPrefix("Tests/Fixtures/Locks/unmask-locked.yaml:4:31: error: 'lock' goes on mask rules only: an unmask cannot be locked"))
    }

    @Test("the portable table and generated Swift carry locks")
    func shippedForms() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-lock-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let table = dir.appendingPathComponent("p.mtab").path
        #expect(try CLIHarness.run(["compile", Self.policy, "--emit", "table", "-o", table]).exit == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: table))
        #expect(bytes[4] == 3 && bytes[5] == 0, "a table with locks is format version 3")
        let swift = try CLIHarness.run(["compile", Self.policy, "--emit", "swift"])
        #expect(swift.stdout.contains("MaskRule(.mask, .type(\"AcmeBalanceLabel\"), reason: \"balances never leave the device\", origin: at(9, 5), locked: true)"))
    }
}
