import Foundation
import Testing

/// Every bad input maskc is known to meet, run through the real executable: a clear
/// one-line error naming the file and position, the documented exit code, no crash,
/// and nothing unmasked written. Docs/robustness.md lists these with what maskc does.
@Suite("Bad input, end to end")
struct BadInputTests {
    static let policy = "Policies/retail-app.yaml"
    static let secret = "Jane Appleseed 4242"

    /// Writes a temporary file and returns its path.
    static func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-bad-input-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func file(_ name: String, _ text: String) throws -> String { try file(name, Array(text.utf8)) }

    /// Runs apply and checks: exit code, one error line naming the file, no secret anywhere.
    static func expectRejected(_ path: String, exit code: Int32, mentions: String, extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try CLIHarness.run(["apply", path, "--policy", policy] + extra)
        #expect(result.exit == code, "exit \(result.exit): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "wrote output: \(result.stdout.prefix(200))", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.contains(path) == true, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(mentions), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Jane") && !result.stderr.contains("4242"), sourceLocation: sourceLocation)
    }

    @Test func emptyTree() throws {
        try Self.expectRejected(try Self.file("empty.json", ""), exit: 4, mentions: "the document is empty")
    }

    @Test func binaryGarbage() throws {
        let bytes: [UInt8] = (0..<4096).map { UInt8(truncatingIfNeeded: ($0 &* 2654435761) >> 7) }
        try Self.expectRejected(try Self.file("garbage.json", bytes), exit: 4, mentions: ":1:1: error:")
    }

    @Test func invalidUTF8() throws {
        let bytes = Array(#"{"class":"UILabel","text":"Jane "#.utf8) + [0xC3, 0x28] + Array(#"4242"}"#.utf8)
        try Self.expectRejected(try Self.file("utf8.json", bytes), exit: 4, mentions: "invalid UTF-8")
    }

    @Test("an XML capture that is not UTF-8 is an encoding error where the bad byte is, not a JSON one")
    func xmlNotUTF8() throws {
        let bytes = Array("<?xml version=\"1.0\"?>\n<hierarchy><node text=\"Jane ".utf8) + [0xFF] + Array("4242\"/></hierarchy>\n".utf8)
        let path = try Self.file("bad.xml", bytes)
        try Self.expectRejected(path, exit: 4, mentions: ":2:29: error: invalid UTF-8")
        let result = try CLIHarness.run(["apply", path, "--policy", Self.policy])
        #expect(!result.stderr.contains("$"), "\(result.stderr)")
    }

    @Test func notJSON() throws {
        try Self.expectRejected(try Self.file("text.json", "Jane Appleseed 4242\n"), exit: 4, mentions: "error:")
    }

    @Test func truncatedTree() throws {
        try Self.expectRejected(try Self.file("cut.json", #"{"root":{"class":"UILabel","text":"Jane Appleseed 4242""#), exit: 4, mentions: "ends inside")
    }

    @Test func classNotAString() throws {
        try Self.expectRejected(try Self.file("class.json", #"{"root":{"class":7,"text":"Jane Appleseed 4242"}}"#), exit: 4, mentions: "$.root.class")
    }

    @Test("keys outside the tree schema are shown by position in error paths, never by their text", arguments: [
        (#"{"contacts": {"jane.doe@example.com": {"card 4111111111111111": NaN}}}"#, "$.<key 0>.<key 0>.<key 0>"),
        (#"{"screen": "S", "jane.doe@example.com": {"card 4111111111111111": [1, 01]}, "root": {"class": "A"}}"#, "$.<key 1>.<key 0>[1]"),
        (#"{"root": {"class": "A", "children": [{"class": "B", "text": {"jane.doe@example.com": {"card 4111111111111111": tru}}}]}}"#,
         "$.root.children[0].text.<key 0>.<key 0>"),
    ])
    func keysByPosition(_ tree: String, _ path: String) throws {
        let file = try Self.file("keys-\(path.count).json", tree)
        let result = try CLIHarness.run(["apply", file, "--policy", Self.policy])
        #expect(result.exit == 4)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(file + ":1:") && result.stderr.hasSuffix(" at " + path + "\n"), "\(result.stderr)")
        let message = result.stderr.dropFirst(file.count)
        for fragment in ["contacts", "jane", "doe", "example", "card", "4111111111111111", "4111", "1111"] {
            #expect(!message.contains(fragment), "\(fragment): \(result.stderr)")
        }
    }

    @Test("NaN, Infinity and other non-JSON numbers are rejected", arguments: ["NaN", "Infinity", "-Infinity", "01", "1.", ".5", "+1"])
    func badNumbers(_ number: String) throws {
        try Self.expectRejected(try Self.file("number-\(number).json", #"{"class":"UILabel","text":"Jane Appleseed 4242","frame":{"x":\#(number)}}"#), exit: 4, mentions: "error:")
    }

    @Test("negative and huge numbers pass through an unmasked view untouched; a masked view masks the ones no geometry has")
    func hugeNumbers() throws {
        let path = try Self.file("huge.json", #"{"class":"UIView","frame":{"x":-12.5,"y":1e400,"width":123456789012345678901234567890,"height":0}}"#)
        let unmasked = try Self.file("unmask.yaml", "version: 1\ndefault: unmask\n")
        let result = try CLIHarness.run(["apply", path, "--policy", unmasked])
        #expect(result.exit == 0)
        #expect(result.stdout.contains(#""x":-12.5,"y":1e400,"width":123456789012345678901234567890"#))
        let masked = try CLIHarness.run(["apply", path, "--policy", Self.policy])
        #expect(masked.exit == 0)
        #expect(masked.stdout.contains(#""x":-12.5,"y":"lalal","width":"lalalalalalalalalalalalalalala","height":0"#), "\(masked.stdout)")
    }

    @Test("a tree over the size limit is refused before it is read")
    func oversize() throws {
        try Self.expectRejected(try Self.file("big.json", #"{"class":"UILabel","text":"Jane Appleseed 4242"}"#), exit: 4, mentions: "over the limit", extra: ["--max-bytes", "10"])
    }

    @Test("nesting deeper than --max-depth is refused at the position where it happens")
    func tooDeep() throws {
        let deep = String(repeating: #"{"class":"UIView","children":["#, count: 50) + #"{"class":"UILabel","text":"Jane Appleseed 4242"}"# + String(repeating: "]}", count: 50)
        try Self.expectRejected(try Self.file("deep.json", deep), exit: 4, mentions: "nesting deeper than 40", extra: ["--max-depth", "40"])
    }

    @Test("a tree 100,000 views deep is masked")
    func veryDeep() throws {
        let depth = 100_000
        let deep = String(repeating: #"{"class":"UIView","children":["#, count: depth) + #"{"class":"UILabel","text":"Jane Appleseed 4242"}"# + String(repeating: "]}", count: depth)
        let result = try CLIHarness.run(["apply", try Self.file("deep100k.json", deep), "--policy", Self.policy])
        #expect(result.exit == 0)
        let masked = result.stdout.contains(#""text":"lala alalalala alal""#), leaked = result.stdout.contains("Jane")
        #expect(masked)
        #expect(!leaked)
    }

    @Test("1,000,000 siblings are masked")
    func wide() throws {
        let wide = #"{"class":"UIView","children":["# + Array(repeating: #"{"class":"UILabel","text":"Jane"}"#, count: 1_000_000).joined(separator: ",") + "]}"
        let result = try CLIHarness.run(["apply", try Self.file("wide.json", wide), "--policy", Self.policy])
        #expect(result.exit == 0)
        let count = result.stdout.components(separatedBy: #""text":"lala""#).count - 1, leaked = result.stdout.contains("Jane")
        #expect(count == 1_000_000)
        #expect(!leaked)
    }

    @Test("NDJSON: a bad line is reported with its number and skipped; the others are written")
    func ndjsonBadLine() throws {
        let lines = [#"{"class":"UILabel","text":"Jane"}"#, #"{"class":"UILabel","text":"Jane Appleseed 4242""#, "", #"{"class":7}"#, #"{"class":"UILabel","text":"ok"}"#]
        let result = try CLIHarness.run(["apply", "--ndjson", try Self.file("lines.ndjson", lines.joined(separator: "\n")), "--policy", Self.policy])
        #expect(result.exit == 4)
        #expect(result.stdout == "{\"class\":\"UILabel\",\"text\":\"lala\"}\n{\"class\":\"UILabel\",\"text\":\"la\"}\n")
        #expect(result.stderr.contains("lines.ndjson:2:"))
        #expect(result.stderr.contains("lines.ndjson:4:"))
        #expect(result.stderr.contains("skipped 2 of 4 trees"))
        #expect(!result.stderr.contains("Jane"))
    }

    @Test("NDJSON: a line longer than --max-bytes is skipped without being buffered")
    func ndjsonLongLine() throws {
        let lines = [#"{"class":"UILabel","text":"a"}"#, #"{"class":"UILabel","text":""# + String(repeating: "Jane ", count: 1000) + #""}"#]
        let result = try CLIHarness.run(["apply", "--ndjson", "--max-bytes", "1000", try Self.file("long.ndjson", lines.joined(separator: "\n")), "--policy", Self.policy])
        #expect(result.exit == 4)
        #expect(result.stdout == "{\"class\":\"UILabel\",\"text\":\"l\"}\n")
        #expect(result.stderr.contains("long.ndjson:2:1: error: line is longer than 1000 bytes"))
    }

    @Test("a policy that does not compile: nothing is written, exit 3")
    func badPolicy() throws {
        let policy = try Self.file("bad.yaml", "version: 1\ndefault: mask\nrules:\n  - mask: { typo: UILabel }\n")
        let result = try CLIHarness.run(["apply", "Examples/sales-view-controller.json", "--policy", policy])
        #expect(result.exit == 3)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("bad.yaml:4:13: error: unknown key 'typo'"))
    }

    @Test("billion laughs, duplicate keys, tabs and type cycles are policy errors", arguments: [
        ("laughs.yaml", "version: 1\ndefault: mask\na: &a [x, x]\nb: &b [*a, *a]\n", "anchor-alias"),
        ("dup.yaml", "version: 1\ndefault: mask\ndefault: unmask\n", "duplicate-key"),
        ("tabs.yaml", "version: 1\ndefault: mask\nrules:\n\t- mask: { type: UILabel }\n", "syntax"),
        ("cycle.yaml", "version: 1\ndefault: mask\ntypes:\n  A: { extends: B }\n  B: { extends: A }\n", "type-cycle"),
    ])
    func policyErrors(_ name: String, _ text: String, _ rule: String) throws {
        let result = try CLIHarness.run(["apply", "Examples/sales-view-controller.json", "--policy", try Self.file(name, text)])
        #expect(result.exit == 3)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(name):") && result.stderr.contains("[\(rule)]"))
    }

    @Test("a policy of 100,000 rules compiles and applies")
    func hugePolicy() throws {
        var text = "version: 1\ndefault: mask\nrules:\n"
        for i in 0..<100_000 { text += "  - mask: { accessibilityIdentifier: \"screen\(i).field\" }\n" }
        let result = try CLIHarness.run(["apply", "Examples/parent-child-labels.json", "--policy", try Self.file("100k.yaml", text)])
        #expect(result.exit == 0)
        let masked = result.stdout.contains(#""text":"lalala alala""#)
        #expect(masked)
    }

    @Test("unreadable files and usage errors exit 2")
    func usage() throws {
        #expect(try CLIHarness.run(["apply", "/nonexistent/tree.json", "--policy", Self.policy]).exit == 2)
        #expect(try CLIHarness.run(["apply", "Examples/parent-child-labels.json", "--policy", "/nonexistent.yaml"]).exit == 2)
        #expect(try CLIHarness.run(["apply"]).exit == 2)
        #expect(try CLIHarness.run(["frobnicate"]).exit == 2)
        #expect(try CLIHarness.run(["apply", "Examples/parent-child-labels.json", "--policy", Self.policy, "--jobs", "0"]).exit == 2)
    }

    @Test("an output that cannot be written exits 5 and leaves no partial file")
    func unwritable() throws {
        let result = try CLIHarness.run(["apply", "Examples/parent-child-labels.json", "--policy", Self.policy, "-o", "/nonexistent-dir/out.json"])
        #expect(result.exit == 5)
        #expect(result.stderr.contains("cannot write"))
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-dir/out.json.maskc-partial"))
    }

    @Test("-o writes the file only when complete")
    func atomicOutput() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-out-\(getpid()).json").path
        try? FileManager.default.removeItem(atPath: out)
        let bad = try Self.file("bad-for-o.json", #"{"class":7}"#)
        #expect(try CLIHarness.run(["apply", bad, "--policy", Self.policy, "-o", out]).exit == 4)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(!FileManager.default.fileExists(atPath: out + ".maskc-partial"))
        #expect(try CLIHarness.run(["apply", "Examples/parent-child-labels.json", "--policy", Self.policy, "-o", out]).exit == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("lalala alala"))
        try? FileManager.default.removeItem(atPath: out)
    }
}
