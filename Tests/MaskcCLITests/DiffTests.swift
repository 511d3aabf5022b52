import Foundation
import Testing

/// `maskc diff`: views that change decision over the seed examples (text, JSON,
/// Markdown), the rule-level diff without trees, and --fail-on-exposure.
@Suite("maskc diff")
struct DiffTests {
    static let trees = ["--trees", "Examples/sales-view-controller.json", "Examples/audit"]

    @Test("views that change decision on the seed examples, newly exposed first, by screen and rule")
    func views() throws {
        try CLIHarness.assertGolden("diff-views", ["diff", "Policies/strict-default.yaml", "Policies/retail-app.yaml"] + Self.trees)
        try CLIHarness.assertGolden("diff-views-json", ["diff", "Policies/retail-app.yaml", "Policies/banking-app.yaml", "--format", "json"] + Self.trees)
        try CLIHarness.assertGolden("diff-views-markdown", ["diff", "Policies/strict-default.yaml", "Policies/retail-app.yaml", "--format", "markdown"] + Self.trees)
    }

    @Test("without --trees, a rule-level diff of the two tables")
    func rules() throws {
        try CLIHarness.assertGolden("diff-rules", ["diff", "Examples/policy-repo/app.yaml", "Examples/policy-repo/proposed/app.yaml"])
        try CLIHarness.assertGolden("diff-rules-json", ["diff", "Policies/strict-default.yaml", "Policies/retail-app.yaml", "--format", "json"])
    }

    static func policy(_ name: String, _ text: String) throws -> String {
        try CLIHarness.temporaryFile("maskc-diff", name, text)
    }

    @Test("without --trees, per-dimension defaults, detectors and class declarations that loosen count as exposing")
    func formatElevenChanges() throws {
        let strict = try Self.policy("strict11.yaml", """
            version: 1.1
            default: unmask
            defaults: { text: mask, inputs: mask, images: mask }
            detect: [email, phone]
            types:
              NoteView: { extends: UITextView }
            rules:
              - mask: { type: UILabel }
            """)
        for (name, change, line) in [
            ("defaults.yaml", "defaults: { text: unmask, inputs: mask, images: mask }\ndetect: [email, phone]\ntypes:\n  NoteView: { extends: UITextView }", "defaults.text: mask -> unmask (less strict)"),
            ("images.yaml", "defaults: { text: mask, inputs: mask, images: mask-non-bundled }\ndetect: [email, phone]\ntypes:\n  NoteView: { extends: UITextView }", "defaults.images: mask -> mask-non-bundled (less strict)"),
            ("detect.yaml", "defaults: { text: mask, inputs: mask, images: mask }\ndetect: [email]\ntypes:\n  NoteView: { extends: UITextView }", "- detect: phone"),
            ("types.yaml", "defaults: { text: mask, inputs: mask, images: mask }\ndetect: [email, phone]\ntypes:\n  NoteView: { extends: UIView }", "types: NoteView changed (its views are decided less strictly)"),
        ] {
            let looser = try Self.policy(name, "version: 1.1\ndefault: unmask\n\(change)\nrules:\n  - mask: { type: UILabel }\n")
            let result = try CLIHarness.run(["diff", strict, looser, "--fail-on-exposure"])
            #expect(result.exit == 1 && result.stdout.contains("may expose views") && result.stdout.contains(line), "\(name): \(result.stdout)")
            // The other way round only tightens: listed, exit 0.
            let back = try CLIHarness.run(["diff", looser, strict, "--fail-on-exposure"])
            #expect(back.exit == 0 && !back.stdout.contains("less strict") && !back.stdout.contains("may expose"), "\(name) back: \(back.stdout)")
            let json = try CLIHarness.run(["diff", strict, looser, "--format", "json"])
            #expect(json.stdout.contains(#""exposes": true"#), "\(name): \(json.stdout)")
        }
    }

    @Test("with --trees, views decided as apply decides them: a detect: safety net dropped exposes them")
    func safetyNetInViewDiff() throws {
        let tree = try Self.policy("detect-tree.json", #"{"screen":"S","root":{"class":"UIView","accessibilityLabel":"write to jane.doe@example.com"}}"#)
        let with = try Self.policy("with-detect.yaml", "version: 1.1\ndefault: unmask\ndetect: [email]\n")
        let without = try Self.policy("without-detect.yaml", "version: 1.1\ndefault: unmask\n")
        let result = try CLIHarness.run(["diff", with, without, "--trees", tree, "--fail-on-exposure"])
        #expect(result.exit == 1 && result.stdout.contains("1 newly exposed"), "\(result.stdout)")
        #expect(!result.stdout.contains("jane"))
    }

    @Test("a view masked by the safety net or a per-dimension default is named as decided by it, not by the default")
    func decidedWithoutRule() throws {
        let tree = try Self.policy("decided-tree.json",
            #"{"screen":"S","root":{"class":"UIView","children":[{"class":"UILabel","id":"mail","text":"write to jane.doe@example.com"},{"class":"UILabel","id":"plain","text":"Total"}]}}"#)
        let open = try Self.policy("open.yaml", "version: 1.1\ndefault: unmask\n")
        let closed = try Self.policy("closed.yaml", "version: 1.1\ndefault: unmask\ndefaults: { text: mask }\n")
        let netted = try Self.policy("netted.yaml", "version: 1.1\ndefault: unmask\ndetect: [email]\n")
        let byDefault = try CLIHarness.run(["diff", open, closed, "--trees", tree])
        #expect(byDefault.stdout.contains("now decided by defaults.text mask"), "\(byDefault.stdout)")
        #expect(!byDefault.stdout.contains("now decided by default unmask"), "\(byDefault.stdout)")
        let byNet = try CLIHarness.run(["diff", open, netted, "--trees", tree, "--format", "json"])
        #expect(byNet.stdout.contains(#""decidedBy": "detect:email""#), "\(byNet.stdout)")
        #expect(!byNet.stdout.contains("jane"))
    }

    @Test("--fail-on-exposure: exit 1 when anything becomes unmasked, 0 when the change only tightens")
    func failOnExposure() throws {
        #expect(try CLIHarness.run(["diff", "Policies/strict-default.yaml", "Policies/retail-app.yaml", "--fail-on-exposure"] + Self.trees).exit == 1)
        #expect(try CLIHarness.run(["diff", "Policies/retail-app.yaml", "Policies/strict-default.yaml", "--fail-on-exposure"] + Self.trees).exit == 0)
        #expect(try CLIHarness.run(["diff", "Policies/strict-default.yaml", "Policies/retail-app.yaml", "--fail-on-exposure"]).exit == 1)
        #expect(try CLIHarness.run(["diff", "Examples/policy-repo/app.yaml", "Examples/policy-repo/proposed/app.yaml", "--fail-on-exposure",
                                    "--trees", "Examples/policy-repo/trees"]).exit == 0)
        #expect(try CLIHarness.run(["diff", "Examples/policy-repo/proposed/app.yaml", "Examples/policy-repo/app.yaml", "--fail-on-exposure",
                                    "--trees", "Examples/policy-repo/trees"]).exit == 1)
    }

    @Test("the diff shows no text of a tree")
    func noText() throws {
        let result = try CLIHarness.run(["diff", "Policies/strict-default.yaml", "Policies/retail-app.yaml", "--format", "markdown"] + Self.trees)
        for secret in ["jane.appleseed@example.com", "Spring sale", "Shop now"] { #expect(!result.stdout.contains(secret)) }
    }

    @Test("a policy that does not compile: exit 3; a tree that cannot be read: exit 4")
    func errors() throws {
        #expect(try CLIHarness.run(["diff", "Tests/Fixtures/BrokenPolicies/schema-errors.yaml", "Policies/retail-app.yaml"]).exit == 3)
        #expect(try CLIHarness.run(["diff", "Policies/strict-default.yaml", "Policies/retail-app.yaml", "--trees", "Tests/Fixtures/PolicyTests/broken-tree.ndjson"]).exit == 4)
    }

    @Test("--trees never prints a value through a name: an id, a screen or a class holding personal data is named by index path or shape")
    func namesNoValue() throws {
        let tree = try Self.policy("named.json", #"{"screen":"reza.yusuf98@gmail.com","root":{"class":"UIView","children":[{"class":"UILabel","id":"cell_reza.yusuf98@gmail.com","text":"hi"},{"class":"jane.doe@example.com","text":"x"},{"class":"UILabel","id":"greeting","text":"y"}]}}"#)
        let strict = try Self.policy("strict-named.yaml", "version: 1\ndefault: mask\n")
        let loose = try Self.policy("loose-named.yaml", "version: 1\ndefault: unmask\n")
        for format in ["text", "json", "markdown"] {
            let result = try CLIHarness.run(["diff", strict, loose, "--trees", tree, "--format", format])
            #expect(result.exit == 0, "\(result.transcript)")
            for value in ["reza", "gmail", "jane", "example.com"] { #expect(!result.stdout.contains(value), "\(format): \(result.stdout)") }
            #expect(result.stdout.contains("0.0") && result.stdout.contains("greeting") && result.stdout.contains("xxxx.xxxxx##@xxxxx.xxx"), "\(result.stdout)")
        }
    }
}
