import Foundation
import Testing

/// Regressions found in review, each run through the real executable.
@Suite("Review regressions")
struct RegressionTests {
    static func file(_ name: String, _ text: String) throws -> String {
        try BadInputTests.file(name, text)
    }

    /// Runs apply on a tree written to its own file (tests run in parallel).
    static func apply(_ tree: String, name: String, policy: String = "Policies/strict-default.yaml") throws -> CLIHarness.Result {
        try CLIHarness.run(["apply", try file(name, tree), "--policy", policy])
    }

    @Test("numbers nested in a masked text field are masked, geometry under it too")
    func nestedNumbers() throws {
        let result = try Self.apply(#"{"class":"UILabel","text":[4111111111111111,"abc"],"accessibilityValue":{"balance":1234.56,"frame":{"x":99}}}"#, name: "nested-numbers.json")
        #expect(result.exit == 0)
        #expect(result.stdout == #"{"class":"UILabel","text":["lalalalalalalala","lal"],"accessibilityValue":{"balance":"lalalal","frame":{"x":"la"}}}"# + "\n")
    }

    @Test("geometry keys with spaces are copied byte for byte")
    func geometryKeyWithSpace() throws {
        let result = try Self.apply(#"{"class":"UIView","frame":{"x y": 1}}"#, name: "key-space.json", policy: "Tests/Fixtures/Policies/unmask-all.yaml")
        #expect(result.stdout == #"{"class":"UIView","frame":{"x y":1}}"# + "\n")
    }

    @Test("a maskc tree mentioning activity_name is not taken for Rico")
    func notRico() throws {
        let result = try Self.apply(#"{"class":"UILabel","text":"activity_name","activity_name":"x"}"#, name: "not-rico.json")
        #expect(result.exit == 0)
        #expect(result.stdout.contains(#""text":"lalalalalalal""#))
    }

    @Test("explain does not say a rule scoped to another screen decides")
    func scopedTargetInExplain() throws {
        let policy = try Self.file("scoped.yaml", "version: 1\ndefault: unmask\nrules:\n  - mask: { target: \"[root]>UIView:eq(0)\", screen: Other }\n")
        let tree = try Self.file("scoped.json", #"{"screen":"S","root":{"class":"UIView","text":"hello"}}"#)
        let result = try CLIHarness.run(["explain", tree, "--policy", policy, "--view", "0"])
        #expect(result.exit == 0)
        #expect(result.stdout.contains("level 1 (instance): no rule applies"))
        #expect(result.stdout.contains("not applied: mask target=[root]>UIView:eq(0) on Other"))
        #expect(result.stdout.contains("decision: shown"))
        let check = try CLIHarness.run(["check", policy, "--trees", tree])
        #expect(check.stdout.contains("[dead-selector]"))
    }

    @Test("explain of a deep tree stays linear: indents and paths are capped")
    func deepExplain() throws {
        let depth = 5_000
        let deep = String(repeating: #"{"class":"UIView","children":["#, count: depth) + #"{"class":"UILabel","text":"x"}"# + String(repeating: "]}", count: depth)
        let result = try CLIHarness.run(["explain", try Self.file("deep-explain.json", deep), "--policy", "Policies/strict-default.yaml"])
        #expect(result.exit == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == depth + 2)
        #expect(lines.map(\.count).max() ?? 0 < 400)
        #expect(result.stdout.contains("(depth 5000)"))
    }

    @Test("explain --view finds a view by index path")
    func viewByIndexPath() throws {
        let result = try CLIHarness.run(["explain", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml", "--view", "0.0.2.0"])
        #expect(result.exit == 0)
        #expect(result.stdout.hasPrefix("view 0.0.2.0 (UILabel)"))
        #expect(try CLIHarness.run(["explain", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml", "--view", "0.9"]).exit == 2)
    }
}
