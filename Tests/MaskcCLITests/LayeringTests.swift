import Foundation
import Testing

/// Layered policies from the command line: compile names the layers and each rule's
/// file, explain names file and line across layers, check lints a layer against its
/// base, and every layering error has its position and exit 3.
@Suite("Layered policies")
struct LayeringTests {
    static let app = "Examples/policy-repo/app.yaml"

    @Test("compile lists the layers and each rule's file, in text and JSON")
    func compile() throws {
        try CLIHarness.assertGolden("layers-compile", ["compile", Self.app])
        try CLIHarness.assertGolden("layers-compile-json", ["compile", "--format", "json", Self.app])
    }

    @Test("explain names file and line across layers")
    func explain() throws {
        try CLIHarness.assertGolden("layers-explain", ["explain", "Examples/policy-repo/trees/catalog.json", "--policy", Self.app])
        try CLIHarness.assertGolden("layers-explain-credit", ["explain", "Examples/policy-repo/trees/catalog.json", "--policy", Self.app, "--view", "credit"])
    }

    @Test("check lints a layer against its base: duplicates and locks across files, its own lines only")
    func check() throws {
        try CLIHarness.assertGolden("layers-check-cross", ["check", "Tests/Fixtures/Layers/cross.yaml"])
        try CLIHarness.assertGolden("layers-check-app", ["check", "--strict", Self.app, "Examples/policy-repo/base.yaml"])
    }

    @Test("check --trees names the base's file for a base's rule in the per-rule summary")
    func checkTrees() throws {
        try CLIHarness.assertGolden("layers-check-trees", ["check", Self.app, "--trees", "Examples/policy-repo/trees"])
    }

    @Test("every layering error: its position, its rule, exit 3", arguments: ["loosens", "missing", "cycle-a", "version", "deep"])
    func errors(_ name: String) throws {
        try CLIHarness.assertGolden("layers-error-\(name)", ["compile", "Tests/Fixtures/Layers/\(name).yaml"])
    }

    @Test("shipped forms of a layered policy name each rule's file")
    func shipped() throws {
        let swift = try CLIHarness.run(["compile", Self.app, "--emit", "swift", "--source-label", "app.yaml"])
        #expect(swift.exit == 0)
        #expect(swift.stdout.contains("origin: RuleOrigin(file: \"Examples/policy-repo/base.yaml\", line: 9, column: 5), locked: true)"))
        #expect(swift.stdout.contains("origin: at(8, 5))"))
    }

    @Test("a base that is a compiled table is refused as such, with the layer's position")
    func tableBase() throws {
        let folder = "maskc-layer-table-\(UUID().uuidString)"
        let base = try CLIHarness.temporaryFile(folder, "base.yaml", "version: 1\ndefault: mask\n")
        let table = (base as NSString).deletingLastPathComponent + "/base.mtab"
        #expect(try CLIHarness.run(["compile", base, "--emit", "table", "-o", table]).exit == 0)
        let layer = try CLIHarness.temporaryFile(folder, "layer.yaml", "version: 1\ndefault: mask\nextends: [base.mtab]\n")
        let result = try CLIHarness.run(["compile", layer])
        #expect(result.exit == 3, "\(result.stderr)")
        #expect(result.stderr.contains("layer.yaml:3:11: error: base 'base.mtab' is a compiled policy table, not a YAML policy (extend the YAML policy the table was compiled from) [missing-base]"), "\(result.stderr)")
        #expect(!result.stderr.contains("carriage return"), "\(result.stderr)")
    }
}
