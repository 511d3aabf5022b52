import Foundation
import Testing

/// How `apply` tells formats apart and the byte-level rules every format shares, run
/// through the real executable: a file is read as the document it holds or refused.
@Suite("Input detection and byte rules, end to end")
struct InputRulesTests {
    static let policy = "Policies/retail-app.yaml"
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A maskc tree that also holds a Rico hierarchy, `activity.root`, ahead of its own
    /// `root` (or `class`, for a bare view), which stands `padding` bytes further in.
    static func decoy(padding: Int, bare: Bool = false) -> String {
        let own = bare ? #""class":"UILabel","text":"Jane Appleseed 4242""# : #""root":{"class":"UILabel","text":"Jane Appleseed 4242"}"#
        return #"{"activity":{"root":{"class":"Decoy","text":"Mallory"}},"note":""# + String(repeating: "x", count: padding) + #"",\#(own)}"#
    }

    static func run(_ path: String, _ extra: [String] = []) throws -> CLIHarness.Result {
        try CLIHarness.run(["apply", path, "--policy", policy] + extra)
    }

    /// Refused as ambiguous: exit 4, one line at the `activity` key, nothing written.
    static func expectAmbiguous(_ result: CLIHarness.Result, at place: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.exit == 4, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "wrote: \(result.stdout.prefix(200))", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix(place + ": error: ambiguous input"), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("--input-format json or --input-format rico"), sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Jane") && !result.stderr.contains("Mallory"), sourceLocation: sourceLocation)
    }

    @Test("a maskc tree whose own keys stand after 64 KiB is not replaced by a decoy activity.root: refused as ambiguous", arguments: [false, true])
    func decoyAfter64KiB(bare: Bool) throws {
        let path = try BadInputTests.file("ambiguous-\(bare ? "bare" : "wrapped").json", Self.decoy(padding: 70_000, bare: bare))
        Self.expectAmbiguous(try Self.run(path), at: path + ":1:2")
        // Named, the format is read as asked: maskc's tree, not the decoy.
        let json = try Self.run(path, ["--input-format", "json"])
        #expect(json.exit == 0, "\(json.stderr)")
        #expect(json.stdout.contains(#""class":"UILabel""#) && !json.stdout.contains("Jane"))
        let rico = try Self.run(path, ["--input-format", "rico"])
        #expect(rico.exit == 0, "\(rico.stderr)")
        #expect(rico.stdout.contains(#""class":"Decoy""#))
    }

    @Test("a large tree file (mapped) is detected from its whole top level too")
    func decoyInMappedFile() throws {
        let tree = Self.decoy(padding: 2 << 20)
        #expect(tree.utf8.count > 1 << 20)
        let path = try BadInputTests.file("ambiguous-mapped.json", tree)
        let output = try BadInputTests.file("ambiguous-mapped-out.json", "")
        try FileManager.default.removeItem(atPath: output)
        Self.expectAmbiguous(try Self.run(path, ["-o", output]), at: path + ":1:2")
        #expect(!FileManager.default.fileExists(atPath: output) && !FileManager.default.fileExists(atPath: output + ".maskc-partial"))
        // The same tree without the decoy is mapped and masked.
        let plain = try BadInputTests.file("ambiguous-mapped-plain.json", tree.replacingOccurrences(of: #""activity":"#, with: #""activitx":"#))
        let result = try Self.run(plain)
        #expect(result.exit == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""class":"UILabel""#) && !result.stdout.contains("Jane"))
    }

    @Test("NDJSON: each line is detected on its own; an ambiguous line is reported with its number and skipped")
    func decoyLine() throws {
        let lines = [#"{"class":"UILabel","text":"ok"}"#, Self.decoy(padding: 70_000), #"{"activity":{"root":{"class":"V"}}}"#]
        let path = try BadInputTests.file("ambiguous-lines.ndjson", lines.joined(separator: "\n"))
        let result = try CLIHarness.run(["apply", "--ndjson", path, "--policy", Self.policy])
        #expect(result.exit == 4)
        #expect(result.stdout == "{\"class\":\"UILabel\",\"text\":\"la\"}\n{\"root\":{\"class\":\"V\"}}\n")
        #expect(result.stderr.hasPrefix(path + ":2:2: error: ambiguous input"), "\(result.stderr)")
        #expect(result.stderr.contains("skipped 1 of 3 trees"))
    }

    @Test("a UTF-8 byte order mark at the start of a file is skipped in every format, and never written")
    func byteOrderMarkAtStart() throws {
        let tree = #"{"screen":"S","root":{"class":"UILabel","text":"Jane"}}"#
        let plain = try Self.run(try BadInputTests.file("bom-plain.json", tree))
        #expect(plain.exit == 0)
        let samples: [(String, [UInt8])] = [
            ("bom.json", Self.byteOrderMark + Array(tree.utf8)),
            ("bom-spaced.json", Self.byteOrderMark + Array(("\n  " + tree + "\n").utf8)),
            ("bom-rico.json", Self.byteOrderMark + Array(#"{"activity_name":"a/a.S","activity":{"root":{"class":"UILabel","text":"Jane"}}}"#.utf8)),
            ("bom.xml", Self.byteOrderMark + Array(#"<?xml version="1.0"?><hierarchy><node class="UILabel" text="Jane"/></hierarchy>"#.utf8)),
        ]
        for (name, bytes) in samples {
            let result = try Self.run(try BadInputTests.file(name, bytes))
            #expect(result.exit == 0, "\(name): \(result.stderr)")
            #expect(result.stdout.contains(#""text":"lala""#), "\(name): \(result.stdout)")
            #expect(!result.stdout.contains("\u{FEFF}"), "\(name)")
        }
        let json = try Self.run(try BadInputTests.file("bom.json", Self.byteOrderMark + Array(tree.utf8)))
        #expect(json.stdout == plain.stdout)
        // A mapped file too.
        let large = RegressionTests.largeTree
        let mapped = try Self.run(try BadInputTests.file("bom-large.json", Self.byteOrderMark + Array(large.utf8)))
        let read = try CLIHarness.run(["apply", "-", "--policy", Self.policy], stdin: Data(large.utf8))
        #expect(mapped.exit == 0, "\(mapped.stderr)")
        #expect(mapped.stdout == read.stdout)
        // Positions after the mark ignore it.
        let bad = try BadInputTests.file("bom-bad.json", Self.byteOrderMark + Array(#"{"class":7}"#.utf8))
        #expect(try Self.run(bad).stderr.hasPrefix(bad + ":1:10: error: expected a string"))
    }

    @Test("NDJSON: a byte order mark starts the file's first line only; on a later line it is an error")
    func byteOrderMarkInNDJSON() throws {
        let line = #"{"class":"UILabel","text":"ok"}"#
        let bytes = Self.byteOrderMark + Array((line + "\n").utf8) + Self.byteOrderMark + Array((line + "\n" + line + "\n").utf8)
        let path = try BadInputTests.file("bom-lines.ndjson", bytes)
        let result = try CLIHarness.run(["apply", "--ndjson", path, "--policy", Self.policy])
        #expect(result.exit == 4)
        #expect(result.stdout == "{\"class\":\"UILabel\",\"text\":\"la\"}\n{\"class\":\"UILabel\",\"text\":\"la\"}\n")
        #expect(result.stderr.hasPrefix(path + ":2:1: error: byte order mark (U+FEFF) where a value was expected"), "\(result.stderr)")
    }

    @Test("JSON: escaped control characters are valid JSON, read and written escaped; raw ones are refused")
    func escapedControlCharacters() throws {
        let path = try BadInputTests.file("escaped-nul.json", #"{"class":"UILabel","text":"a\u0000b\u001f"}"#)
        let result = try CLIHarness.run(["apply", path, "--policy", "Tests/Fixtures/Policies/unmask-all.yaml"])
        #expect(result.exit == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"class":"UILabel","text":"a\u0000b\u001f"}"# + "\n")
        let raw = try BadInputTests.file("raw-nul.json", Array(#"{"class":"UILabel","text":"a"#.utf8) + [0] + Array(#"b"}"#.utf8))
        let refused = try Self.run(raw)
        #expect(refused.exit == 4)
        #expect(refused.stderr == "\(raw):1:29: error: control character U+0000 in a string (escape it) at $.text\n")
    }

    @Test("XML: NUL and the other control characters XML forbids are refused raw and as references, with line:column", arguments: [
        ("<hierarchy>\n<node class=\"V\" text=\"Jane\u{0}\"/></hierarchy>", "2:27", "0000"),
        ("<hierarchy>\n<node class=\"V\" text=\"Jane&#0;\"/></hierarchy>", "2:27", "0000"),
        ("<hierarchy>\n<node class=\"V\" text=\"Jane&#x1;\"/></hierarchy>", "2:27", "0001"),
        ("<hierarchy>\n<node class=\"V\" text=\"Jane\u{1B}\"/></hierarchy>", "2:27", "001B"),
        ("<hierarchy>\n<node class=\"V\" text=\"Jane\"/>\u{0}</hierarchy>", "2:30", "0000"),
    ])
    func xmlControlCharacters(_ sample: (String, String, String)) throws {
        let path = try BadInputTests.file("control-\(sample.1.replacingOccurrences(of: ":", with: "-"))-\(sample.2)-\(sample.0.contains("&") ? "ref" : "raw").xml", sample.0)
        let result = try Self.run(path)
        #expect(result.exit == 4)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "\(path):\(sample.1): error: character U+\(sample.2) is not allowed in XML, raw or as a reference\n")
    }
}
