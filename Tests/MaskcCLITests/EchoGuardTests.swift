import Foundation
import Testing

/// The echo guard: a shown container whose own label repeats a masked (even locked or
/// secure) view's text below it (an XCUITest cell's combined label, a UIKit container
/// that is one accessibility element) is masked, in `apply`, `explain`, `diff`, `render`
/// and `encode` alike; a container whose text only looks alike stays shown.
@Suite("Echo guard")
struct EchoGuardTests {
    static let tree = #"""
        {"screen":"Contacts","root":{"class":"UIView","frame":{"x":0,"y":0,"width":390,"height":844},"children":[
        {"class":"UITableViewCell","id":"row","accessibilityLabel":"Jane  Doe, JANE.DOE@EXAMPLE.COM","frame":{"x":0,"y":0,"width":390,"height":44},"children":[
          {"class":"UILabel","id":"name","text":"Jane Doe","frame":{"x":10,"y":0,"width":100,"height":20}},
          {"class":"UILabel","id":"email","text":"jane.doe@example.com","frame":{"x":10,"y":20,"width":200,"height":20}}]},
        {"class":"UITableViewCell","id":"near","accessibilityLabel":"Janet, Settings","frame":{"x":0,"y":50,"width":390,"height":44},"children":[
          {"class":"UILabel","id":"first","text":"Jane","frame":{"x":10,"y":50,"width":100,"height":20}}]},
        {"class":"UIView","id":"card","text":"PIN\n4242 7","frame":{"x":0,"y":100,"width":390,"height":44},"children":[
          {"class":"UIView","id":"inner","frame":{"x":0,"y":100,"width":390,"height":44},"children":[
            {"class":"UITextField","id":"pin","isSecureTextEntry":true,"text":"4242\u00a07","frame":{"x":10,"y":100,"width":100,"height":20}}]}]},
        {"class":"UIView","id":"held","frame":{"x":0,"y":150,"width":390,"height":44},"accessibilityValue":"Account 99-1234","children":[
          {"class":"UILabel","id":"account","text":"99-1234","frame":{"x":10,"y":150,"width":100,"height":20}}]}]}}
        """#

    static let policy = """
        version: 1
        default: unmask
        rules:
          - mask: { id: email }
          - mask: { id: first }
          - mask: { id: account, lock: true }
            reason: account numbers never leave the device
        """

    /// Writes the tree and a policy to a fresh folder.
    static func files(policy: String = policy) throws -> (tree: String, policy: String, folder: URL) {
        let folder = "maskc-echo-\(UUID().uuidString)"
        let tree = try CLIHarness.temporaryFile(folder, "tree.json", Self.tree)
        return (tree, try CLIHarness.temporaryFile(folder, "p.yaml", policy), URL(fileURLWithPath: tree).deletingLastPathComponent())
    }

    @Test("apply masks a container repeating a masked, secure or locked child's text, in any case or spacing")
    func apply() throws {
        let (tree, policy, _) = try Self.files()
        let result = try CLIHarness.run(["apply", tree, "--policy", policy, "--explain"])
        #expect(result.exit == 0, "\(result.stderr)")
        for leak in ["jane.doe", "JANE.DOE", "4242", "99-1234"] {
            #expect(!result.stdout.lowercased().contains(leak.lowercased()), "\(leak): \(result.stdout)")
        }
        #expect(result.stdout.contains(#""masking":{"kind":"other","level":0,"masked":true,"rule":"echo"}"#), "\(result.stdout)")
        // The unmasked child keeps its text; "Jane" masked does not make "Janet" an echo.
        #expect(result.stdout.contains(#""text":"Jane Doe""#), "\(result.stdout)")
        #expect(result.stdout.contains(#""accessibilityLabel":"Janet, Settings""#), "\(result.stdout)")
    }

    @Test("explain names the masked view a container repeats, in the outline and in a trace")
    func explain() throws {
        let (tree, policy, _) = try Self.files()
        let outline = try CLIHarness.run(["explain", tree, "--policy", policy])
        #expect(outline.exit == 0, "\(outline.stderr)")
        #expect(outline.stdout.contains("row UITableViewCell [other] masked, level 0: echo of masked view email (UILabel) (the view repeats its text)"),
                "\(outline.stdout)")
        #expect(outline.stdout.contains("card UIView [other] masked, level 0: echo of masked view pin (UITextField)"), "\(outline.stdout)")
        #expect(outline.stdout.contains("held UIView [other] masked, level 0: echo of masked view account (UILabel)"), "\(outline.stdout)")
        #expect(outline.stdout.contains("near UITableViewCell [other] shown, level 5: default unmask"), "\(outline.stdout)")
        let trace = try CLIHarness.run(["explain", tree, "--policy", policy, "--view", "row"])
        #expect(trace.exit == 0, "\(trace.stderr)")
        #expect(trace.stdout.contains("level 0 (echo guard): echo of masked view email (UILabel) (the view repeats its text): a shown view holding a masked view's text is masked <- decides"),
                "\(trace.stdout)")
        #expect(trace.stdout.contains("level 5 (default): default unmask (not reached)"), "\(trace.stdout)")
        #expect(!trace.stdout.lowercased().contains("jane.doe"), "\(trace.stdout)")
    }

    @Test("encode sends no masked child's text through a container's label or text")
    func encode() throws {
        let (tree, policy, folder) = try Self.files()
        let (bytes, out) = try CLIHarness.encodedBytes(tree, policy: policy, in: folder)
        for leak in ["JANE.DOE", "jane.doe", "4242", "99-1234"] { #expect(bytes.range(of: Data(leak.utf8)) == nil, "\(leak)") }
        let decoded = try CLIHarness.run(["decode", out])
        #expect(decoded.stdout.contains(#""Janet, Settings""#) && decoded.stdout.contains(#""Jane Doe""#), "\(decoded.stdout)")
    }

    @Test("diff reports a container the guard masks as masked by the echo, not by a rule")
    func diff() throws {
        let (tree, policy, folder) = try Self.files()
        let before = folder.appendingPathComponent("before.yaml").path
        try "version: 1\ndefault: unmask\n".write(toFile: before, atomically: true, encoding: .utf8)
        let result = try CLIHarness.run(["diff", before, policy, "--trees", tree])
        #expect(result.stdout.contains("echo of a masked view's text"), "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.lowercased().contains("jane.doe"), "\(result.stdout)")
    }

    @Test("one-digit secure boxes are found in a container joining them; a masked view's role or row number is not its text")
    func boxesAndStructure() throws {
        let tree = #"""
            {"screen":"Pin","root":{"class":"android.widget.LinearLayout","text":"PIN 4819","children":[
            {"class":"android.widget.EditText","password":true,"text":"4"},{"class":"android.widget.EditText","password":true,"text":"8"},
            {"class":"android.widget.EditText","password":true,"text":"1"},{"class":"android.widget.EditText","password":true,"text":"9"},
            {"class":"android.widget.LinearLayout","accessibilityLabel":"Order button, ships in 2 days","children":[
              {"class":"android.widget.TextView","id":"m","text":"x","role":"button","row":2}]}]}}
            """#
        let folder = "maskc-echo-\(UUID().uuidString)"
        let path = try CLIHarness.temporaryFile(folder, "pin.json", tree)
        let policy = try CLIHarness.temporaryFile(folder, "p.yaml", "version: 1\ndefault: unmask\nrules:\n  - mask: { id: m }\n")
        let result = try CLIHarness.run(["apply", path, "--policy", policy])
        #expect(result.exit == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("4819"), "\(result.stdout)")
        #expect(result.stdout.contains(#""accessibilityLabel":"Order button, ships in 2 days""#), "\(result.stdout)")
    }

    @Test("a masked view's one-word name in an unknown field is its text, whatever its case: only a lower-case token as written is a role")
    func oneWordNames() throws {
        let tree = #"""
            {"screen":"Chats","root":{"class":"android.widget.LinearLayout","children":[
            {"class":"android.widget.LinearLayout","accessibilityLabel":"Priya, online","children":[
              {"class":"android.widget.ImageView","contentDescription":"Priya"}]},
            {"class":"android.widget.LinearLayout","accessibilityLabel":"SMITH replied","children":[
              {"class":"android.widget.ImageView","contentDescription":"SMITH"}]},
            {"class":"android.widget.LinearLayout","accessibilityLabel":"Password Troubador","children":[
              {"class":"android.widget.EditText","password":true,"contentDescription":"Troubador"}]},
            {"class":"android.widget.LinearLayout","accessibilityLabel":"Avatar, online","children":[
              {"class":"android.widget.ImageView","contentDescription":"avatar"}]}]}}
            """#
        let folder = "maskc-echo-\(UUID().uuidString)"
        let path = try CLIHarness.temporaryFile(folder, "chats.json", tree)
        let policy = try CLIHarness.temporaryFile(folder, "p.yaml", "version: 1\ndefault: unmask\nrules:\n  - mask: { type: android.widget.ImageView }\n")
        let result = try CLIHarness.run(["apply", path, "--policy", policy])
        #expect(result.exit == 0, "\(result.stderr)")
        for leak in ["Priya", "SMITH", "Troubador"] { #expect(!result.stdout.contains(leak), "\(leak): \(result.stdout)") }
        // A lower-case token as written (a role, a style) is not the view's text.
        #expect(result.stdout.contains(#""accessibilityLabel":"Avatar, online""#), "\(result.stdout)")
        // Nor in the replay stream.
        let (bytes, _) = try CLIHarness.encodedBytes(path, policy: policy, in: URL(fileURLWithPath: path).deletingLastPathComponent())
        for leak in ["Priya", "SMITH", "Troubador"] { #expect(bytes.range(of: Data(leak.utf8)) == nil, "\(leak)") }
    }

    @Test("below a map, views count as masked; below a shown `recurse: false` class, only masked views do")
    func notSentChildren() throws {
        let tree = #"""
            {"screen":"Place","root":{"class":"UIView","children":[
            {"class":"UIView","id":"card","accessibilityLabel":"Home: 12 Elm Street","children":[
              {"class":"MKMapView","id":"map","children":[{"class":"UILabel","id":"pin","text":"12 Elm Street"}]}]},
            {"class":"ChartView","id":"chart","accessibilityLabel":"Revenue 42, Secret 9917","children":[
              {"class":"UILabel","id":"caption","text":"Revenue 42"},
              {"class":"UILabel","id":"hidden","text":"Secret 9917"}]},
            {"class":"ChartView","id":"chart2","accessibilityLabel":"Revenue 43","children":[
              {"class":"UILabel","id":"caption2","text":"Revenue 43"}]}]}}
            """#
        let policy = """
            version: 1
            default: unmask
            types:
              ChartView: { extends: UIView, recurse: false }
            rules:
              - mask: { id: hidden }
            """
        let folder = "maskc-echo-\(UUID().uuidString)"
        let path = try CLIHarness.temporaryFile(folder, "tree.json", tree)
        let policyPath = try CLIHarness.temporaryFile(folder, "p.yaml", policy)
        let result = try CLIHarness.run(["apply", path, "--policy", policyPath])
        #expect(result.exit == 0, "\(result.stderr)")
        // The map's pin is not sent, and neither is its address through the card.
        #expect(!result.stdout.contains("Elm"), "\(result.stdout)")
        // A chart repeating a masked child is masked; one repeating what it shows is not.
        #expect(!result.stdout.contains("9917"), "\(result.stdout)")
        #expect(result.stdout.contains(#""accessibilityLabel":"Revenue 43""#), "\(result.stdout)")
    }

    @Test("an XCUITest capture's cell repeating a masked static text is masked")
    func xcuitestCell() throws {
        let capture = """
            <?xml version="1.0" encoding="UTF-8"?>
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Contacts" label="Contacts" enabled="true" visible="true" x="0" y="0" width="390" height="844">
              <XCUIElementTypeCell type="XCUIElementTypeCell" label="Jane Doe, jane.doe@example.com" enabled="true" visible="true" x="0" y="0" width="390" height="44">
                <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="contact.email" label="jane.doe@example.com" enabled="true" visible="true" x="10" y="20" width="200" height="20"/>
              </XCUIElementTypeCell>
            </XCUIElementTypeApplication>
            """
        let policy = "version: 1\ndefault: unmask\nrules:\n  - mask: { accessibilityIdentifier: contact.email }\n"
        let (_, policyPath, folder) = try Self.files(policy: policy)
        let path = folder.appendingPathComponent("capture.xml").path
        try capture.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLIHarness.run(["apply", path, "--policy", policyPath])
        #expect(result.exit == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("jane.doe"), "\(result.stdout)")
        #expect(result.stdout.contains("Contacts"), "\(result.stdout)")
    }
}
