import Foundation
import Testing

/// Streams of trees as a pipe stage sees them (Spark's `RDD.pipe`, `xargs`, a shell
/// loop): what each `--on-error` mode writes and exits with, the error records' shape,
/// where errors say they are (`--source-label`, `maskc-source` lines), and the exit
/// codes that tell a bad record from a failed run.
@Suite("Streams: error modes, records and sources")
struct StreamErrorTests {
    static let policy = "Policies/retail-app.yaml"

    /// Writes a temporary file and returns its path.
    static func file(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-streams")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Good, truncated, blank, wrongly typed, good: the two bad lines hold the secret.
    static let lines = [
        #"{"class":"UILabel","text":"Jane"}"#,
        #"{"class":"UILabel","text":"Jane Appleseed 4242""#,
        "",
        #"{"class":7,"text":"Jane Appleseed 4242"}"#,
        #"{"class":"UILabel","text":"ok"}"#,
    ]
    static let masked = [#"{"class":"UILabel","text":"lala"}"#, #"{"class":"UILabel","text":"la"}"#]

    static func json(_ line: Substring) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// Checks an error record's members: exactly the six, none quoting a value.
    static func expectRecord(_ record: [String: Any], source: String, line: Int, column: Int, path: String?, rule: String? = nil,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Set(record.keys) == ["source", "line", "column", "path", "message", "rule"], "\(record)", sourceLocation: sourceLocation)
        let rules = ["invalid-tree", "json-syntax", "tree-shape", "input-limit", "trailing-data",
                     "capture-encoding", "capture-syntax", "capture-shape", "ambiguous-format"]
        #expect(rules.contains(record["rule"] as? String ?? ""), "\(record)", sourceLocation: sourceLocation)
        if let rule { #expect(record["rule"] as? String == rule, "\(record)", sourceLocation: sourceLocation) }
        #expect(record["source"] as? String == source, "\(record)", sourceLocation: sourceLocation)
        #expect(record["line"] as? Int == line, "\(record)", sourceLocation: sourceLocation)
        #expect(record["column"] as? Int == column, "\(record)", sourceLocation: sourceLocation)
        if let path { #expect(record["path"] as? String == path, "\(record)", sourceLocation: sourceLocation) }
        #expect(record["message"] is String, sourceLocation: sourceLocation)
        #expect(!"\(record)".contains("Jane") && !"\(record)".contains("4242"), sourceLocation: sourceLocation)
    }

    @Test("--on-error skip (the default): bad lines reported and left out, exit 4")
    func skip() throws {
        let input = try Self.file("skip.ndjson", Self.lines.joined(separator: "\n"))
        for extra in [[], ["--on-error", "skip"]] {
            let result = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy] + extra)
            #expect(result.exit == 4)
            #expect(result.stdout == Self.masked.joined(separator: "\n") + "\n")
            #expect(result.stderr.contains("skip.ndjson:2:") && result.stderr.contains("skip.ndjson:4:"))
            #expect(result.stderr.contains("skipped 2 of 4 trees"))
            #expect(!result.stderr.contains("Jane"))
        }
    }

    @Test("--on-error fail: stops at the first bad line, the lines before it written; with -o no file; exit 4")
    func fail() throws {
        let input = try Self.file("fail.ndjson", Self.lines.joined(separator: "\n"))
        let result = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--on-error", "fail"])
        #expect(result.exit == 4)
        #expect(result.stdout == Self.masked[0] + "\n")
        #expect(result.stderr.contains("fail.ndjson:2:") && !result.stderr.contains("fail.ndjson:4:"))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-streams/fail-out.ndjson").path
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-streams/fail-errors.ndjson").path
        let toFile = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--on-error", "fail", "-o", out, "--errors", errors])
        #expect(toFile.exit == 4)
        #expect(!FileManager.default.fileExists(atPath: out) && !FileManager.default.fileExists(atPath: out + ".maskc-partial"))
        // The one record of the line it stopped at.
        let records = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
        #expect(records.count == 1)
        Self.expectRecord(try Self.json(try #require(records.first)), source: input, line: 2, column: 48, path: "$.text")
    }

    @Test("--on-error record: one output line per input line, an error record in each bad line's place, exit 0")
    func record() throws {
        let input = try Self.file("record.ndjson", Self.lines.joined(separator: "\n") + "\n")
        let result = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--on-error", "record", "--source-label", "part-00007"])
        #expect(result.exit == 0, "\(result.stderr)")
        let out = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(out.count == Self.lines.count, "\(result.stdout)")
        #expect(out[0] == Self.masked[0] && out[4] == Self.masked[1])
        for (index, (line, column, path, rule)) in [(1, (2, 48, "$.text", "json-syntax")), (2, (3, 1, "$", "json-syntax")), (3, (4, 10, "$.class", "tree-shape"))] {
            #expect(out[index].hasPrefix(#"{"maskc-error":"#), "\(out[index])")
            let wrapper = try Self.json(out[index])
            #expect(wrapper.count == 1)
            Self.expectRecord(try #require(wrapper["maskc-error"] as? [String: Any]), source: "part-00007", line: line, column: column, path: path,
                              rule: rule)
        }
        #expect(result.stderr.contains("part-00007:2:48: error:"))
        #expect(result.stderr.contains("3 of 5 trees in 'part-00007' could not be read"))
        #expect(!result.stderr.contains("Jane") && !result.stdout.contains("Jane"))
    }

    @Test("--jobs 2 writes what --jobs 1 writes, records in place, whatever thread masked each line")
    func jobs() throws {
        var lines: [String] = []
        for index in 0..<1_500 {
            lines.append(index % 97 == 0 ? Self.lines[index % 2 == 0 ? 1 : 3] : #"{"screen":"S\#(index % 7)","root":{"class":"UILabel","text":"row \#(index)"}}"#)
        }
        let input = try Self.file("jobs.ndjson", lines.joined(separator: "\n") + "\n")
        let one = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--on-error", "record"])
        let two = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--on-error", "record", "--jobs", "2"])
        #expect(one.exit == 0 && two.exit == 0)
        #expect(one.stdout.split(separator: "\n").count == lines.count)
        #expect(one.stdout == two.stdout)
    }

    @Test("--errors: the bare records in a file beside the output (written even when empty); --errors - needs -o")
    func errorsFile() throws {
        let input = try Self.file("errors.ndjson", Self.lines.joined(separator: "\n"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-streams").path
        let errors = directory + "/errors-out.jsonl", out = directory + "/errors-masked.jsonl"
        let result = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--errors", errors, "-o", out])
        #expect(result.exit == 4)
        let records = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
        #expect(records.count == 2)
        Self.expectRecord(try Self.json(records[0]), source: input, line: 2, column: 48, path: "$.text")
        Self.expectRecord(try Self.json(records[1]), source: input, line: 4, column: 10, path: "$.class")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == Self.masked.joined(separator: "\n") + "\n")

        let clean = try Self.file("clean.ndjson", Self.lines[0] + "\n")
        let none = try CLIHarness.run(["apply", "--ndjson", clean, "--policy", Self.policy, "--errors", errors])
        #expect(none.exit == 0)
        #expect(try String(contentsOfFile: errors, encoding: .utf8).isEmpty)

        let mixed = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--errors", "-"])
        #expect(mixed.exit == 2 && mixed.stdout.isEmpty)
        #expect(mixed.stderr.contains("--errors -"))
        let toStdout = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--errors", "-", "-o", out])
        #expect(toStdout.exit == 4)
        #expect(toStdout.stdout.split(separator: "\n").count == 2 && toStdout.stdout.hasPrefix(#"{"column":48,"#))
    }

    @Test("a .ndjson or .jsonl file is a stream without --ndjson too, as in a folder")
    func lineDelimitedFilesAreStreams() throws {
        for name in ["plain.ndjson", "plain.jsonl"] {
            let input = try Self.file(name, Self.lines.joined(separator: "\n") + "\n")
            let flagged = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--on-error", "record"])
            let plain = try CLIHarness.run(["apply", input, "--policy", Self.policy, "--on-error", "record"])
            #expect(plain.exit == 0 && plain.stdout == flagged.stdout && plain.stderr == flagged.stderr, "\(name): \(plain.stderr)")
            #expect(plain.stdout.split(separator: "\n").count == Self.lines.count)
        }
    }

    @Test("--errors naming the output or an input however the path is written: exit 2, nothing written or overwritten")
    func errorsFileIsNotTheOutputOrAnInput() throws {
        let input = try Self.file("same.ndjson", Self.lines.joined(separator: "\n") + "\n")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-streams").path
        let out = directory + "/same-out.ndjson"
        try? FileManager.default.removeItem(atPath: out)
        for (errors, output) in [(directory + "/./same-out.ndjson", out), (directory + "/../maskc-streams/same-out.ndjson", out),
                                 (directory + "/same-out.ndjson", directory + "//same-out.ndjson")] {
            let result = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--on-error", "record", "--errors", errors, "-o", output])
            #expect(result.exit == 2 && result.stderr.contains("--errors and -o name the same file"), "\(errors): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(errors)")
        }
        // Relative to the working folder, against an absolute output.
        let policy = CLIHarness.root.appendingPathComponent(Self.policy).path
        let relative = try CLIHarness.run(["apply", "--ndjson", input, "--policy", policy, "--errors", "./same-out.ndjson", "-o", out],
                                          directory: directory)
        #expect(relative.exit == 2 && !FileManager.default.fileExists(atPath: out), "\(relative.stderr)")
        // The input itself, by another spelling: refused, and the input is untouched.
        let before = try String(contentsOfFile: input, encoding: .utf8)
        let overInput = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--errors", directory + "/./same.ndjson"])
        #expect(overInput.exit == 2 && overInput.stderr.contains("--errors names an input file"), "\(overInput.stderr)")
        #expect(try String(contentsOfFile: input, encoding: .utf8) == before)
        let audit = try CLIHarness.run(["audit", "--ndjson", "--policy", Self.policy, input, "--errors", directory + "/./same.ndjson"])
        #expect(audit.exit == 2 && audit.stderr.contains("--errors names an input file"), "\(audit.stderr)")
        #expect(try String(contentsOfFile: input, encoding: .utf8) == before)
    }

    @Test("sources: a maskc-source line names the lines after it, which count from 1 again; it writes nothing")
    func sourceLines() throws {
        let stream = [
            #"{"maskc-source":"part-00003"}"#, Self.lines[0], Self.lines[3],
            #" { "maskc-source" : "part-00004" } "#, Self.lines[1], Self.lines[4],
        ].joined(separator: "\n")
        let result = try CLIHarness.run(["apply", "--ndjson", "-", "--policy", Self.policy, "--on-error", "record"], stdin: Data(stream.utf8))
        #expect(result.exit == 0)
        let out = result.stdout.split(separator: "\n")
        #expect(out.count == 4)
        Self.expectRecord(try #require(try Self.json(out[1])["maskc-error"] as? [String: Any]), source: "part-00003", line: 2, column: 10, path: "$.class")
        Self.expectRecord(try #require(try Self.json(out[2])["maskc-error"] as? [String: Any]), source: "part-00004", line: 1, column: 48, path: "$.text")
        #expect(out[3] == Self.masked[1])
        // Only that exact shape: anything else on such a line is a tree, and a bad one.
        let notSource = try CLIHarness.run(["apply", "--ndjson", "-", "--policy", Self.policy], stdin: Data(#"{"maskc-source":"a","class":"UILabel"}"#.utf8))
        #expect(notSource.exit == 0 && notSource.stdout.contains("UILabel"))
    }

    @Test("sources: --source-label names a file, and a folder's files by their path below it")
    func sourceLabels() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-streams/folder-\(getpid())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data(#"{"class":"UILabel","text":"a"}"#.utf8).write(to: directory.appendingPathComponent("a.json"))
        try Data(#"{"class":false}"#.utf8).write(to: directory.appendingPathComponent("sub/b.json"))
        let result = try CLIHarness.run(["apply", directory.path, "--policy", Self.policy, "--on-error", "record", "--source-label", "batch-1"])
        #expect(result.exit == 0)
        let out = result.stdout.split(separator: "\n")
        #expect(out.count == 2)
        Self.expectRecord(try #require(try Self.json(out[1])["maskc-error"] as? [String: Any]), source: "batch-1/sub/b.json", line: 1, column: 10, path: "$.class")
        // One document: the label stands for the file.
        let one = try CLIHarness.run(["apply", directory.appendingPathComponent("sub/b.json").path, "--policy", Self.policy, "--source-label", "screen-9"])
        #expect(one.exit == 4 && one.stdout.isEmpty)
        #expect(one.stderr.hasPrefix("screen-9:1:10: error: expected a string, found a boolean at $.class"))
        let recorded = try CLIHarness.run(["apply", directory.appendingPathComponent("sub/b.json").path, "--policy", Self.policy, "--source-label", "screen-9", "--on-error", "record"])
        #expect(recorded.exit == 0)
        #expect(recorded.stdout.hasPrefix(#"{"maskc-error":{"column":10,"line":1,"#))
    }

    @Test("exit codes: bad records recorded 0; policy missing 2; policy broken 3; output unwritable 5 — in every mode")
    func exitCodes() throws {
        let input = try Self.file("codes.ndjson", Self.lines.joined(separator: "\n"))
        let broken = try Self.file("broken.yaml", "version: 1\ndefault: mask\nrules:\n  - mask: { typo: UILabel }\n")
        for mode in ["fail", "skip", "record"] {
            let missing = try CLIHarness.run(["apply", "--ndjson", input, "--policy", "no-such-policy.yaml", "--on-error", mode])
            #expect(missing.exit == 2 && missing.stdout.isEmpty, "\(mode)")
            let bad = try CLIHarness.run(["apply", "--ndjson", input, "--policy", broken, "--on-error", mode])
            #expect(bad.exit == 3 && bad.stdout.isEmpty, "\(mode)")
            let unwritable = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--on-error", mode, "-o", "/no/such/folder/out.ndjson"])
            #expect(unwritable.exit == 5, "\(mode)")
            let noInput = try CLIHarness.run(["apply", "--ndjson", "no-such-input.ndjson", "--policy", Self.policy, "--on-error", mode])
            #expect(noInput.exit == 2, "\(mode)")
        }
        let usage = try CLIHarness.run(["apply", "--ndjson", input, "--policy", Self.policy, "--on-error", "ignore"])
        #expect(usage.exit == 2)
    }

    @Test("a tree's own top-level maskc-error member is dropped: no masked tree looks like an error record")
    func reservedKey() throws {
        let stream = [
            #"{"maskc-error":{"line":1},"class":"UILabel","text":"Jane"}"#,
            #"{"maskc-error":"x","screen":"Home","root":{"class":"UILabel","maskc-error":"kept below the top"}}"#,
        ].joined(separator: "\n")
        let result = try CLIHarness.run(["apply", "--ndjson", "-", "--policy", "Policies/strict-default.yaml"], stdin: Data(stream.utf8))
        #expect(result.exit == 0)
        #expect(result.stdout == #"{"class":"UILabel","text":"lala"}"# + "\n" + #"{"screen":"Home","root":{"class":"UILabel","maskc-error":"lala alala ala ala"}}"# + "\n")
    }

    @Test("a mapped tree file changed while it is read: exit 6, its own code, not 4")
    func changedFile() throws {
        // Over 1 MiB, so `apply` maps it; its output is over a pipe's buffer, so maskc
        // is still writing when the file changes, and checks it after.
        let views = (0..<40_000).map { #"{"class":"UILabel","text":"row \#($0)"}"# }.joined(separator: ",")
        let path = try Self.file("changing-\(getpid()).json", #"{"class":"UIView","children":["# + views + "]}")
        let process = Process()
        process.executableURL = CLIHarness.executable
        process.arguments = ["apply", path, "--policy", Self.policy]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let first = out.fileHandleForReading.availableData
        #expect(!first.isEmpty)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n".utf8))
        try handle.close()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 6, "\(stderr)")
        #expect(stderr.contains("the file changed while it was read"))
    }
}
