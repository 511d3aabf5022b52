import Foundation
import Testing

/// `explain --view` names every match; `--index-path` cannot be taken for an id; deep
/// trees are audited and explained without a quadratic term.
@Suite("Explain and audit: ambiguous names, deep trees")
struct ExplainViewTests {
    static let duplicates = """
        {"class": "UIView", "children": [
          {"class": "UITextField", "id": "row", "isSecureTextEntry": true, "text": "a"},
          {"class": "UILabel", "id": "0.0", "text": "b"},
          {"class": "UILabel", "id": "row", "text": "Jane Appleseed"}]}
        """
    static let policy = "version: 1\ndefault: unmask\nrules:\n  - mask: { id: row, screen: Other }\n  - mask: { type: UILabel, recursive: false }\n  - unmask: { id: row }\n    reason: rows are public\n"

    @Test("a duplicate id: every view with it is explained, with a header naming each by index path")
    func duplicateIDs() throws {
        let tree = try BadInputTests.file("dup.json", Self.duplicates), policy = try BadInputTests.file("dup.yaml", Self.policy)
        let result = try CLIHarness.run(["explain", tree, "--policy", policy, "--view", "row"])
        #expect(result.exit == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("# 2 views match 'row': 0.0 (id), 0.2 (id); name one with --index-path\n"))
        #expect(result.stdout.components(separatedBy: "\nview row (").count == 3)
        #expect(result.stdout.contains("index path 0.0\n"))
        #expect(result.stdout.contains("index path 0.2\n"))
        // The second is the one the policy exposes: it is not hidden behind the first.
        #expect(result.stdout.contains("decision: masked"))
        #expect(result.stdout.contains("decision: shown"))
    }

    @Test("--view prints identifiers, tags, screens and classes holding personal data by their shapes, as the outline does")
    func tracePrintsShapes() throws {
        let tree = try BadInputTests.file("pii-ids.json", """
            {"screen": "jane.doe@example.com", "root": {"class": "UIView", "children": [
              {"class": "UILabel", "accessibilityIdentifier": "cell.4111111111111111", "text": "a"},
              {"class": "UILabel", "restorationIdentifier": "jane.roe@example.com", "text": "b"},
              {"class": "UILabel", "tag": 4111111111111111, "text": "c"},
              {"class": "App.jim@example.com", "children": [{"class": "UILabel", "text": "d"}]}]}}
            """)
        let policy = try BadInputTests.file("pii-ids.yaml", "version: 1\ndefault: mask\nrules:\n  - mask: { type: UIView, recursive: true }\n")
        for path in ["0.0", "0.1", "0.2", "0.3", "0.3.0"] {
            let result = try CLIHarness.run(["explain", tree, "--policy", policy, "--index-path", path])
            #expect(result.exit == 0, "\(path): \(result.stderr)")
            for secret in ["jane.doe@", "jane.roe@", "4111111111111111", "jim@example"] {
                #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "\(path): \(secret) in \(result.stdout)")
            }
            #expect(result.stdout.contains("reliable target: "), "\(result.stdout)")
        }
    }

    @Test("--view says when a view is secure text by its class's name, and not for a class declared secure")
    func secureByName() throws {
        let tree = try BadInputTests.file("secure-name.json", """
            {"class": "UIView", "children": [{"class": "PasswordEditText", "text": "hunter2"}, {"class": "UITextField", "isSecureTextEntry": true}, {"class": "SwiftUI.SecureField"}]}
            """)
        let policy = try BadInputTests.file("secure-name.yaml", "version: 1\ndefault: unmask\n")
        let named = try CLIHarness.run(["explain", tree, "--policy", policy, "--index-path", "0.0"])
        #expect(named.exit == 0 && named.stdout.contains("kind: secure-text, secure text entry (or inside one); secure text by its class's name"), "\(named.stdout)")
        #expect(!named.stdout.contains("hunter2"))
        for path in ["0.1", "0.2"] {
            let other = try CLIHarness.run(["explain", tree, "--policy", policy, "--index-path", path])
            #expect(other.exit == 0 && other.stdout.contains("secure text entry") && !other.stdout.contains("by its class's name"), "\(other.stdout)")
        }
    }

    @Test("an id that spells an index path: both views are explained; --index-path names one")
    func idShadowsIndexPath() throws {
        let tree = try BadInputTests.file("dup.json", Self.duplicates), policy = try BadInputTests.file("dup.yaml", Self.policy)
        let both = try CLIHarness.run(["explain", tree, "--policy", policy, "--view", "0.0"])
        #expect(both.stdout.hasPrefix("# 2 views match '0.0': 0.0 (index path), 0.1 (id); name one with --index-path\n"))
        let one = try CLIHarness.run(["explain", tree, "--policy", policy, "--index-path", "0.1"])
        #expect(one.exit == 0)
        #expect(one.stdout.hasPrefix("view 0.0 (UILabel), index path 0.1\n"))
        let single = try CLIHarness.run(["explain", tree, "--policy", policy, "--view", "0.2"])
        #expect(single.stdout.hasPrefix("view row (UILabel), index path 0.2\n"))
        let none = try CLIHarness.run(["explain", tree, "--policy", policy, "--index-path", "row"])
        #expect(none.exit == 2)
        #expect(none.stderr.contains("no view with index path 'row'"))
        let clash = try CLIHarness.run(["explain", tree, "--policy", policy, "--view", "row", "--index-path", "0"])
        #expect(clash.exit == 2)
    }

    @Test("a 100,000-deep tree: audit (text and HTML) and explain (outline and one view) complete")
    func deepTree() throws {
        let depth = 100_000
        let deep = String(repeating: #"{"class":"UIView","children":["#, count: depth)
            + #"{"class":"UITextField","id":"deepest","accessibilityIdentifier":"login.password","text":"jane@example.com"}"#
            + String(repeating: "]}", count: depth)
        let tree = try BadInputTests.file("deep-audit.json", deep)
        let policy = try BadInputTests.file("open.yaml", "version: 1\ndefault: unmask\n")
        let text = try CLIHarness.run(["audit", "--policy", policy, tree])
        #expect(text.exit == 0)
        #expect(text.stdout.contains("[email]"))
        #expect(text.stdout.contains("[secure-entry-not-flagged]"))
        let html = try CLIHarness.run(["audit", "--format", "html", "--policy", policy, tree])
        #expect(html.exit == 0)
        #expect(html.stdout.hasSuffix("</html>\n"))
        let outline = try CLIHarness.run(["explain", tree, "--policy", policy])
        #expect(outline.exit == 0)
        #expect(outline.stdout.contains("(depth 100000)"))
        let one = try CLIHarness.run(["explain", tree, "--policy", policy, "--view", "deepest"])
        #expect(one.exit == 0)
        #expect(one.stdout.contains("decision: shown"))
        #expect(!text.stdout.contains("jane@"))
    }

    @Test("20,000 nested text fields: explain names the input a view is inside, and diff --trees names each view, in output linear in the tree")
    func deepInputs() throws {
        let depth = 20_000
        let deep = String(repeating: #"{"class":"UITextField","text":"typed","children":["#, count: depth)
            + #"{"class":"UILabel","text":"end"}"# + String(repeating: "]}", count: depth)
        let tree = try BadInputTests.file("deep-inputs.json", deep)
        let open = try BadInputTests.file("open.yaml", "version: 1\ndefault: unmask\n")
        let inputs = try BadInputTests.file("inputs.yaml", "version: 1.1\ndefault: unmask\ndefaults: { inputs: mask }\n")
        let outline = try CLIHarness.run(["explain", tree, "--policy", inputs])
        #expect(outline.exit == 0 && !outline.stdout.contains("typed"))
        // The label deepest inside is named by the input around it, as the outline names it.
        #expect(outline.stdout.contains("(depth 20000) …0 UILabel [text] masked, level 5: defaults.inputs mask (inside text input …0 (UITextField)"),
                "\(outline.stdout.suffix(400))")
        // Each line holds a bounded name: a full index path per view (or per input
        // around it) would make the output grow with the square of the depth.
        #expect(outline.stdout.utf8.count < 400 * (depth + 1), "\(outline.stdout.utf8.count) bytes")
        let diff = try CLIHarness.run(["diff", open, inputs, "--trees", tree])
        #expect(diff.exit == 0 && diff.stdout.contains("20001 newly masked"), "\(diff.stdout.prefix(300))")
        #expect(diff.stdout.contains("view …0 at depth 20000 (UILabel) in "), "\(diff.stdout.suffix(300))")
        #expect(diff.stdout.contains("view 0.0.0 (UITextField) in "))
        #expect(diff.stdout.utf8.count < 400 * (depth + 1), "\(diff.stdout.utf8.count) bytes")
    }

    @Test("5,000 nested labels, each with an e-mail: audit and --compare-policy name each finding in output linear in the tree")
    func deepFindings() throws {
        let depth = 5_000
        var deep = ""
        for level in 0..<depth { deep += #"{"class":"UILabel","text":"mail j\#(level)@example.com","children":["# }
        deep += #"{"class":"UILabel","text":"end"}"# + String(repeating: "]}", count: depth)
        let tree = try BadInputTests.file("deep-findings.json", #"{"root":"# + deep + "}")
        let open = try BadInputTests.file("open.yaml", "version: 1\ndefault: unmask\n")
        let closed = try BadInputTests.file("closed.yaml", "version: 1\ndefault: mask\n")
        let audit = try CLIHarness.run(["audit", "--policy", open, tree, "--compare-policy", closed])
        #expect(audit.exit == 0 && !audit.stdout.contains("@example.com"), "\(audit.stdout.prefix(500))")
        #expect(audit.stdout.contains("…0 at depth 5000"), "\(audit.stdout.suffix(500))")
        #expect(audit.stdout.utf8.count < 1_000 * (depth + 1), "\(audit.stdout.utf8.count) bytes")
    }
}
