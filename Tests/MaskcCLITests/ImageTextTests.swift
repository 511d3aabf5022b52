import Foundation
import Testing
import MaskEngine

/// An image view shown by `defaults.images` sends its image; its own text follows the
/// text default (`MaskDecision.masksText`): `{text: mask, images: unmask}` no longer
/// sends an icon's "Photo of Jane Doe" label, in `apply`, `explain`, `encode`, `render`
/// and the echo guard alike.
@Suite("Image views' own text")
struct ImageTextTests {
    static let tree = #"""
        {"screen":"Profile","root":{"class":"UIView","frame":{"x":0,"y":0,"width":400,"height":400},"children":[
        {"class":"UIImageView","id":"avatar","frame":{"x":0,"y":0,"width":40,"height":40},"accessibilityLabel":"Photo of LEAKA Jane","image":{"source":"bundle","name":"avatar"},"caption":"LEAKB note","alpha":1},
        {"class":"ProfileCell","id":"cell","frame":{"x":0,"y":50,"width":400,"height":60},"accessibilityLabel":"Photo of LEAKA Jane, profile","children":[
          {"class":"UIImageView","id":"inner","frame":{"x":0,"y":50,"width":40,"height":40},"accessibilityLabel":"Photo of LEAKA Jane","image":{"source":"asset"}}]},
        {"class":"UIImageView","id":"remote","frame":{"x":0,"y":120,"width":40,"height":40},"accessibilityLabel":"LEAKC remote","image":{"source":"remote"}},
        {"class":"UIImageView","id":"mail","frame":{"x":0,"y":170,"width":40,"height":40},"accessibilityLabel":"jane.doe@example.com","image":{"source":"bundle"}},
        {"class":"UIImageView","id":"logo","frame":{"x":0,"y":220,"width":40,"height":40},"image":{"source":"bundle","name":"logo"}}]}}
        """#

    static let policy = """
        version: 1.1
        default: unmask
        defaults: { text: mask, images: mask-non-bundled }
        detect: [email]
        rules:
          - unmask: { type: ProfileCell, recursive: false }
            reason: the cell's frame and layout
        """

    static func files(policy: String = policy) throws -> (tree: String, policy: String, folder: URL) {
        try CLIHarness.treeAndPolicy("maskc-image-text", tree: Self.tree, policy: policy)
    }

    @Test("apply: the image is sent, its label and unknown fields masked; the cell repeating the label is masked (echo)")
    func apply() throws {
        let (tree, policy, _) = try Self.files()
        let result = try CLIHarness.run(["apply", tree, "--policy", policy, "--explain"])
        #expect(result.exit == 0, "\(result.stderr)")
        for leak in ["LEAKA", "LEAKB", "LEAKC", "Jane", "jane.doe"] { #expect(!result.stdout.contains(leak), "\(leak): \(result.stdout)") }
        // The bundled images are sent, with their structural fields.
        #expect(result.stdout.contains(#""image":{"source":"bundle","name":"avatar"},"caption":"lalal lala","alpha":1"#), "\(result.stdout)")
        #expect(result.stdout.contains(#""name":"logo"}"#), "\(result.stdout)")
        #expect(result.stdout.contains(#""accessibilityLabel":"lalal la alala alal","image""#), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: #""textMasked":true"#).count - 1 == 4, "avatar, inner, mail, logo: \(result.stdout)")
        // The email in the masked label is no reason to drop the image: the safety net reads what is sent.
        #expect(!result.stdout.contains("detect:email"), "\(result.stdout)")
        // The cell is shown by its rule, and repeats the image's masked label: the echo guard masks it.
        #expect(result.stdout.contains(#""rule":"echo""#), "\(result.stdout)")
    }

    @Test("structural fields of a shown image whose text is masked keep only values of their shapes")
    func structuralShapes() throws {
        let (_, policy, folder) = try Self.files()
        let tree = folder.appendingPathComponent("shapes.json").path
        try #"{"class":"UIView","children":[{"class":"UIImageView","image":{"source":"bundle"},"id":"jane.doe@example.com","selected":"LEAKF Doe","backgroundColor":"LEAKG","alpha":1,"frame":{"x":0,"y":0,"width":1,"height":1,"note":"LEAKH"}}]}"#
            .write(toFile: tree, atomically: true, encoding: .utf8)
        let result = try CLIHarness.run(["apply", tree, "--policy", policy])
        #expect(result.exit == 0 && !result.stdout.contains("LEAK") && !result.stdout.contains("jane.doe"), "\(result.transcript)")
        #expect(result.stdout.contains(#""image":{"source":"bundle"}"#) && result.stdout.contains(#""alpha":1"#), "\(result.stdout)")
    }

    @Test("explain says the view is shown with its text masked, and why")
    func explain() throws {
        let (tree, policy, _) = try Self.files()
        let outline = try CLIHarness.run(["explain", tree, "--policy", policy])
        #expect(outline.exit == 0, "\(outline.stderr)")
        #expect(outline.stdout.contains("avatar UIImageView [image] shown, text masked, level 5: defaults.images mask-non-bundled (bundled image) | accessibilityLabel \"lalal la alala alal\""), "\(outline.stdout)")
        #expect(outline.stdout.contains("remote UIImageView [image] masked"), "\(outline.stdout)")
        let one = try CLIHarness.run(["explain", tree, "--policy", policy, "--view", "avatar"])
        #expect(one.stdout.contains("decision: shown; its text masked (the images default shows the image, its text follows the text default: mask)"), "\(one.stdout)")
    }

    @Test("without a masking text default, or under a rule, the label is shown as before")
    func unchanged() throws {
        for policy in ["version: 1.1\ndefault: unmask\ndefaults: { images: unmask }\n",
                       "version: 1.1\ndefault: mask\ndefaults: { text: unmask, images: unmask }\n",
                       "version: 1.1\ndefault: mask\ndefaults: { images: unmask }\nrules:\n  - unmask: { type: UIImageView }\n    reason: icons\n"] {
            let (tree, path, _) = try Self.files(policy: policy)
            let result = try CLIHarness.run(["apply", tree, "--policy", path])
            #expect(result.exit == 0 && result.stdout.contains(#""accessibilityLabel":"Photo of LEAKA Jane","image""#), "\(policy): \(result.transcript)")
        }
        // `default: mask` with `images: unmask`: the text default is `default`'s.
        let (tree, path, _) = try Self.files(policy: "version: 1.1\ndefault: mask\ndefaults: { images: unmask }\n")
        let result = try CLIHarness.run(["apply", tree, "--policy", path])
        #expect(result.exit == 0 && !result.stdout.contains("LEAK") && result.stdout.contains(#""name":"avatar""#), "\(result.transcript)")
    }

    @Test("encode sends the image and none of its text")
    func encode() throws {
        let (tree, policy, folder) = try Self.files()
        let (bytes, out) = try CLIHarness.encodedBytes(tree, policy: policy, in: folder)
        for leak in ["LEAK", "Jane", "Photo", "jane.doe"] { #expect(bytes.range(of: Data(leak.utf8)) == nil, "\(leak)") }
        let decoded = try CLIHarness.run(["decode", out])
        #expect(decoded.stdout.contains("  0 image 0 0 40 40"), "the avatar is sent as an image: \(decoded.stdout)")
    }

    @Test("render draws the image as sent, not its text")
    func render() throws {
        let (tree, policy, folder) = try Self.files()
        let svg = folder.appendingPathComponent("out.svg").path
        let result = try CLIHarness.run(["render", tree, "--policy", policy, "-o", svg])
        #expect(result.exit == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        for leak in ["LEAK", "Jane", "jane.doe"] { #expect(!text.contains(leak), "\(leak)") }
        #expect(text.contains("UIImageView avatar · image · unmasked, text masked · EXPOSED"), "\(text)")
    }

    @Test("audit --compare-policy reports an image's text sent now and masked before as newly exposed")
    func compare() throws {
        let (tree, policy, folder) = try Self.files()
        let loose = folder.appendingPathComponent("loose.yaml").path
        try "version: 1.1\ndefault: unmask\ndefaults: { images: mask-non-bundled }\n".write(toFile: loose, atomically: true, encoding: .utf8)
        let result = try CLIHarness.run(["audit", "--policy", loose, tree, "--compare-policy", policy])
        #expect(result.stdout.contains("NEWLY EXPOSED") && result.stdout.contains("avatar"), "\(result.stdout)")
        let back = try CLIHarness.run(["audit", "--policy", policy, tree, "--compare-policy", loose])
        #expect(!back.stdout.contains("NEWLY EXPOSED") && back.stdout.contains("newly masked"), "\(back.stdout)")
    }

    @Test("diff --trees reports an image's text sent now and masked before as newly exposed")
    func diffTrees() throws {
        let (tree, policy, folder) = try Self.files()
        let loose = folder.appendingPathComponent("loose.yaml").path
        try "version: 1.1\ndefault: unmask\ndefaults: { images: mask-non-bundled }\n".write(toFile: loose, atomically: true, encoding: .utf8)
        let result = try CLIHarness.run(["diff", policy, loose, "--trees", tree, "--fail-on-exposure"])
        #expect(result.exit == 1 && result.stdout.contains("avatar"), "\(result.transcript)")
        // The state says what changed: the text, not the view.
        #expect(result.stdout.contains(": unmasked (text masked) -> unmasked\n") && !result.stdout.contains(": unmasked -> unmasked"),
                "\(result.stdout)")
        let json = try CLIHarness.run(["diff", policy, loose, "--trees", tree, "--format", "json"])
        #expect(json.stdout.contains(#""textMaskedBefore": true"#) && !json.stdout.contains("textMaskedAfter"), "\(json.stdout)")
        let back = try CLIHarness.run(["diff", loose, policy, "--trees", tree, "--fail-on-exposure"])
        #expect(back.exit == 0 && back.stdout.contains(": unmasked -> unmasked (text masked)\n"), "\(back.transcript)")
    }

    @Test("a decision stays 12 bytes with the text bit")
    func decisionSize() {
        #expect(MemoryLayout<MaskDecision>.size <= 12)
    }
}
