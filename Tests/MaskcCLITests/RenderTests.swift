import Foundation
import Testing

/// `maskc render`: golden SVGs of shipped examples and a capture, and the error contract.
@Suite("Render CLI")
struct RenderTests {
    @Test("render the sales screen, masked and as a wireframe")
    func sales() throws {
        try CLIHarness.assertGolden("render-sales", ["render", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml"])
        try CLIHarness.assertGolden("render-sales-wireframe", ["render", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml", "--wireframe"])
    }

    @Test("render an XCUITest capture")
    func capture() throws {
        try CLIHarness.assertGolden("render-xcuitest-sample", ["render", "Tests/Fixtures/Captures/xcuitest/sample_app_ios1.xml", "--policy", "Policies/strict-default.yaml"])
    }

    @Test("-o writes the file and nothing on standard output; stdin works")
    func outputFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-render-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("screen.svg")
        let result = try CLIHarness.run(["render", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml", "-o", out.path])
        #expect(result.exit == 0)
        #expect(result.stdout.isEmpty)
        let written = try String(contentsOf: out, encoding: .utf8)
        let piped = try CLIHarness.run(["render", "-", "--policy", "Policies/retail-app.yaml"],
                                       stdin: try Data(contentsOf: CLIHarness.root.appendingPathComponent("Examples/sales-view-controller.json")))
        #expect(piped.exit == 0)
        #expect(piped.stdout == written)
        #expect(!FileManager.default.fileExists(atPath: out.path + ".maskc-partial"))
    }

    @Test("errors: unreadable input 2, bad policy 3, bad tree 4, unwritable output 5; nothing written")
    func errors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-render-err-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("screen.svg").path

        let missingTree = try CLIHarness.run(["render", "no-such-tree.json", "--policy", "Policies/retail-app.yaml", "-o", out])
        #expect(missingTree.exit == 2)
        #expect(missingTree.stderr == "maskc: error: cannot read tree 'no-such-tree.json': No such file or directory\n")

        let missingPolicy = try CLIHarness.run(["render", "Examples/sales-view-controller.json", "--policy", "no-such-policy.yaml", "-o", out])
        #expect(missingPolicy.exit == 2)

        let badPolicy = try CLIHarness.run(["render", "Examples/sales-view-controller.json", "--policy", "Tests/Fixtures/BrokenPolicies/syntax-error.yaml", "-o", out])
        #expect(badPolicy.exit == 3)
        #expect(badPolicy.stderr.contains("does not compile"))

        let badTree = try CLIHarness.run(["render", "-", "--policy", "Policies/retail-app.yaml", "-o", out], stdin: Data(#"{"class":"UILabel","text":"secret value","tag":"x"}"#.utf8))
        #expect(badTree.exit == 4)
        #expect(badTree.stderr.hasPrefix("-:1:"))
        #expect(!badTree.stderr.contains("secret value"))

        let unwritable = try CLIHarness.run(["render", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml", "-o", directory.appendingPathComponent("no/such/dir.svg").path])
        #expect(unwritable.exit == 5)
        #expect(unwritable.stderr.contains("cannot write"))

        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(!FileManager.default.fileExists(atPath: out + ".maskc-partial"))
        #expect((try FileManager.default.contentsOfDirectory(atPath: directory.path)).isEmpty)
    }
}
