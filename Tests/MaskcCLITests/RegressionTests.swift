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

    /// A tree over 1 MiB: `apply` maps the file instead of reading it.
    static var largeTree: String {
        let children = (0..<12_000).map { i in
            #"{"class":"UILabel","id":"v\#(i)","frame":{"x":\#(i),"y":2},"text":"Jane \#(i) café 日本","image":"a.png"}"#
        }
        return #"{"screen":"Home","root":{"class":"UIView","children":["# + children.joined(separator: ",") + "]}}"
    }

    @Test("a large tree file (mapped) masks exactly as the same tree read from standard input")
    func mappedLikeRead() throws {
        let tree = Self.largeTree
        #expect(tree.utf8.count > 1 << 20)
        let path = try Self.file("large-mapped.json", tree)
        let mapped = try CLIHarness.run(["apply", path, "--policy", "Policies/retail-app.yaml"])
        let read = try CLIHarness.run(["apply", "-", "--policy", "Policies/retail-app.yaml"], stdin: Data(tree.utf8))
        #expect(mapped.exit == 0 && read.exit == 0, "\(mapped.stderr)\(read.stderr)")
        #expect(mapped.stdout == read.stdout)
        #expect(mapped.stdout.contains(#""text":"lala"#) && !mapped.stdout.contains("Jane"))
        let output = try Self.file("large-mapped-out.json", "")
        let written = try CLIHarness.run(["apply", path, "--policy", "Policies/retail-app.yaml", "-o", output])
        #expect(written.exit == 0)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self) == read.stdout)
    }

    @Test("a large tree file cut off is rejected with its position, and no output file is left")
    func mappedTruncated() throws {
        let tree = Self.largeTree
        let path = try Self.file("large-cut.json", String(tree.dropLast(40)))
        let output = try Self.file("large-cut-out.json", "")
        try FileManager.default.removeItem(atPath: output)
        let result = try CLIHarness.run(["apply", path, "--policy", "Policies/retail-app.yaml", "-o", output])
        #expect(result.exit == 4)
        #expect(result.stderr.hasPrefix(path + ":1:"), "\(result.stderr)")
        #expect(result.stderr.contains("the document ends inside"))
        #expect(!FileManager.default.fileExists(atPath: output) && !FileManager.default.fileExists(atPath: output + ".maskc-partial"))
    }

    @Test("numbers and keys nested in a masked text field are masked, geometry under it too")
    func nestedNumbers() throws {
        let result = try Self.apply(#"{"class":"UILabel","text":[4111111111111111,"abc"],"accessibilityValue":{"balance":1234.56,"frame":{"x":99}}}"#, name: "nested-numbers.json")
        #expect(result.exit == 0)
        #expect(result.stdout == #"{"class":"UILabel","text":["lalalalalalalala","lal"],"accessibilityValue":{"lalalal":"lalalal","lalal":{"l":"la"}}}"# + "\n")
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

    @Test("issue 16 item 7: an unmask target naming a screen unmasks nothing in a tree without a screen")
    func screenQualifiedTargetWithoutScreen() throws {
        let policy = try Self.file("screen-target.yaml", """
            version: 1
            default: mask
            rules:
              - unmask: { target: "UILabel[ai:Home.title]" }
                reason: the title is static copy
              - unmask: { target: "[root]>UIView[ri:Home.form]>UILabel:eq(0)" }
                reason: the form caption is static copy
            """)
        let label = #"{"class":"UILabel","accessibilityIdentifier":"Home.title","text":"Jane Appleseed"}"#
        let form = #"{"class":"UIView","restorationIdentifier":"Home.form","children":[{"class":"UILabel","text":"Jane Appleseed"}]}"#
        for (index, wrapper) in [#"{"root":%@}"#, #"{"screen":null,"root":%@}"#, #"{"screen":"","root":%@}"#, "%@"].enumerated() {
            for (kind, view) in [("short", label), ("path", form)] {
                let tree = wrapper.replacingOccurrences(of: "%@", with: view)
                let result = try CLIHarness.run(["apply", try Self.file("screen-target-\(kind)-\(index).json", tree), "--policy", policy])
                #expect(result.exit == 0, "\(result.stderr)")
                #expect(!result.stdout.contains("Jane"), "\(tree) -> \(result.stdout)")
                #expect(result.stdout.contains(#""text":"lala alalalala""#), "\(tree)")
            }
        }
        // On its screen, the target still unmasks.
        let home = try CLIHarness.run(["apply", try Self.file("screen-target-home.json",
            #"{"screen":"Home","root":{"class":"UILabel","accessibilityIdentifier":"title","text":"Welcome"}}"#), "--policy", policy])
        #expect(home.stdout.contains(#""text":"Welcome""#))
        // explain says why the rule does not apply, and check --trees says what to do.
        let tree = try Self.file("screen-target-none.json", #"{"root":\#(label)}"#)
        let explain = try CLIHarness.run(["explain", tree, "--policy", policy, "--view", "0"])
        #expect(explain.stdout.contains("not applied: unmask target=UILabel[ai:Home.title]"), "\(explain.stdout)")
        #expect(explain.stdout.contains("its target names a screen and this tree has none"))
        #expect(explain.stdout.contains("decision: masked"))
        let check = try CLIHarness.run(["check", policy, "--trees", tree])
        #expect(check.stdout.contains("in 1 tree without a screen it matches nothing"), "\(check.stdout)")
    }
}
