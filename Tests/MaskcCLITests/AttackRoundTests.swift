import Foundation
import Testing

/// Holes an attack on explain, render, fmt, check and the outputs found: each a test.
@Suite("attack round: explain, render, fmt, check, outputs")
struct AttackRoundTests {
    static let folder = "maskc-attack-round-\(ProcessInfo.processInfo.processIdentifier)"

    static func file(_ name: String, _ text: String) throws -> String {
        try CLIHarness.temporaryFile(folder, name, text)
    }

    static func bytes(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = try file(name, "")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a folder's tree files are found whatever the case of their extension: CAPTURE.JSON, LINES.NDJSON")
    func upperCaseExtensions() throws {
        try FileManager.default.createDirectory(at: FileManager.default.temporaryDirectory.appendingPathComponent(Self.folder + "/upper-case"),
                                                withIntermediateDirectories: true)
        let first = try Self.file("upper-case/C.JSON", #"{"screen":"S","root":{"class":"UILabel","text":"Jane Appleseed"}}"#)
        _ = try Self.file("upper-case/L.NDJSON", #"{"screen":"S","root":{"class":"UILabel","text":"Jane"}}"# + "\n" + #"{"screen":"S","root":{"class":"UILabel","text":"Doe"}}"# + "\n")
        let folder = URL(fileURLWithPath: first).deletingLastPathComponent().path
        let result = try CLIHarness.run(["apply", folder, "--policy", "Policies/strict-default.yaml"])
        #expect(result.exit == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 3, "\(result.stdout)")
        #expect(!result.stdout.contains("Jane") && !result.stdout.contains("Doe"))
    }

    @Test("explain --view on a view below a map (or a recurse: false class) shows no text: it is not sent")
    func explainBelowAMap() throws {
        let tree = try Self.file("map.json", """
            {"screen":"Store","root":{"class":"UIView","frame":{"x":0,"y":0,"width":390,"height":844},"children":[
             {"class":"MKMapView","accessibilityIdentifier":"store.map","frame":{"x":0,"y":0,"width":390,"height":300},
              "children":[{"class":"UILabel","accessibilityIdentifier":"home.pin","text":"12 Main Street, Jane Doe","frame":{"x":10,"y":10,"width":200,"height":20}}]},
             {"class":"CardView","frame":{"x":0,"y":300,"width":390,"height":100},
              "children":[{"class":"UILabel","accessibilityIdentifier":"card.balance","text":"Balance 12,345.67","frame":{"x":10,"y":310,"width":200,"height":20}}]}
            ]}}
            """)
        let policy = try Self.file("unmask-label.yaml", """
            version: 1
            default: mask
            types:
              CardView: { extends: UIView, recurse: false }
            rules:
              - unmask: { type: UILabel }
            """)
        for (view, container) in [("home.pin", "0.0 (MKMapView)"), ("card.balance", "0.1 (CardView)")] {
            for arguments in [["--view", view], ["--index-path", view == "home.pin" ? "0.0.0" : "0.1.0"]] {
                let result = try CLIHarness.run(["explain", tree, "--policy", policy] + arguments)
                #expect(result.exit == 0, "\(result.transcript)")
                #expect(!result.stdout.contains("Main Street") && !result.stdout.contains("12,345"), "\(result.stdout)")
                #expect(result.stdout.contains("decision: not emitted (inside \(container)"), "\(result.stdout)")
                #expect(!result.stdout.contains("replay shows"))
            }
        }
    }

    @Test("render, render --wireframe and audit --format html draw a text view a sliver of a point high", arguments: [5.551115123125783e-17, 1e-300, Double.leastNonzeroMagnitude])
    func renderTinyFrames(height: Double) throws {
        let tree = try Self.file("tiny-\(height).json", """
            {"screen":"S","root":{"class":"UIView","frame":{"x":0,"y":0,"width":390,"height":844},"children":[
             {"class":"UILabel","text":"SSN 078-05-1120","frame":{"x":0,"y":10,"width":390,"height":\(height)}}]}}
            """)
        for arguments in [["render", tree, "--policy", "Policies/strict-default.yaml"], ["render", tree, "--policy", "Policies/strict-default.yaml", "--wireframe"],
                          ["audit", "--policy", "Policies/strict-default.yaml", tree, "--format", "html"]] {
            let result = try CLIHarness.run(arguments)
            #expect(result.exit == 0, "\(arguments): \(result.transcript)")
            #expect(!result.stderr.contains("078-05") && !result.stderr.contains("1120"))
        }
    }

    @Test("a crash ends with one line, exit 70 and no partial output; no register dump", arguments: ["SEGV", "ILL", "TRAP"])
    func crashes(signal: String) throws {
        try stopRun(signal: signal, status: 70, saying: "maskc: internal error: ")
    }

    @Test("a run stopped from outside (Ctrl-C, a cancelled job, a closed terminal) leaves no partial output",
          arguments: [("INT", 130, "maskc: interrupted (SIGINT)"), ("TERM", 143, "maskc: terminated (SIGTERM)"), ("HUP", 129, "maskc: hung up (SIGHUP)")] as [(String, Int32, String)])
    func interruptions(signal: String, status: Int32, saying: String) throws {
        try stopRun(signal: signal, status: status, saying: saying)
    }

    /// Sends `signal` to `apply -o` waiting for its tree, and expects `status`, one line
    /// starting with `saying`, and neither the output nor its partial file left.
    private func stopRun(signal: String, status: Int32, saying: String) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(Self.folder).appendingPathComponent("stopped-\(signal).json").path
        try FileManager.default.createDirectory(atPath: (out as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // `apply -` opens its output, then waits for the tree on standard input.
        let process = Process()
        process.executableURL = CLIHarness.executable
        process.arguments = ["apply", "-", "--policy", "Policies/retail-app.yaml", "-o", out]
        process.currentDirectoryURL = CLIHarness.root
        let input = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let partial = out + ".maskc-partial"
        var waited = 0
        while !FileManager.default.fileExists(atPath: partial) && waited < 600 {
            usleep(50_000)
            waited += 1
        }
        #expect(FileManager.default.fileExists(atPath: partial), "the output was not opened before the tree was read")
        let sender = Process()
        sender.executableURL = URL(fileURLWithPath: "/bin/kill")
        sender.arguments = ["-\(signal)", String(process.processIdentifier)]
        try sender.run()
        sender.waitUntilExit()
        // A signal the run does not act on must fail the test, not hang it.
        waited = 0
        while process.isRunning && waited < 400 {
            usleep(50_000)
            waited += 1
        }
        let stopped = !process.isRunning
        if !stopped { process.terminate(); usleep(200_000); if process.isRunning { _ = kill(process.processIdentifier, SIGKILL) } }
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stopped, "SIG\(signal) did not stop the run")
        #expect(process.terminationReason == .exit && process.terminationStatus == status, "\(process.terminationStatus): \(stderr)")
        #expect(stderr.hasPrefix(saying) && stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: partial) && !FileManager.default.fileExists(atPath: out))
    }

    @Test("a line break YAML sees and editors do not (CR alone, NEL, LS, PS) is refused at its line and column",
          arguments: [([0x0D], "carriage return"), ([0xC2, 0x85], "U+0085"), ([0xE2, 0x80, 0xA8], "U+2028"), ([0xE2, 0x80, 0xA9], "U+2029")] as [([UInt8], String)])
    func unusualLineBreaks(linebreak: [UInt8], name: String) throws {
        // A rule hidden after a comment: one line in an editor, two for YAML.
        let text = Array("version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel }  # TODO".utf8) + linebreak
            + Array("  - unmask: { type: UIView, recursive: true }\n".utf8)
        let policy = try Self.bytes("linebreak-\(name.filter { $0.isLetter || $0.isNumber }).yaml", text)
        for arguments in [["compile", policy], ["check", policy], ["fmt", "--check", policy], ["apply", "Examples/sales-view-controller.json", "--policy", policy]] {
            let result = try CLIHarness.run(arguments)
            #expect(result.exit == (arguments[0] == "check" ? 1 : 3), "\(arguments): \(result.transcript)")
            let said = result.stdout + result.stderr
            #expect(said.contains("\(policy):4:36: error: ") && said.contains(name), "\(said)")
        }
    }

    @Test("CRLF line endings still read")
    func crlf() throws {
        let policy = try Self.file("crlf.yaml", "version: 1\r\ndefault: mask\r\nrules:\r\n  - unmask: { type: UIButton }\r\n")
        let result = try CLIHarness.run(["compile", policy])
        #expect(result.exit == 0, "\(result.transcript)")
    }

    @Test("fmt writes what reads back the same, or leaves the file alone",
          arguments: ["accessibilityIdentifier: a:?b", "accessibilityIdentifier: \"a:?b\"", "accessibilityIdentifier: ?card",
                      "accessibilityIdentifier: :card", "id: \"bad \\uFFFF char\"", "id: \"x\\uFFFEy\"", "tag: 5", "id: android:id/name"])
    func fmtKeepsMeaning(selector: String) throws {
        let policy = try Self.file("fmt-\(abs(selector.hashValue)).yaml", "version: 1\ndefault: unmask\nrules:\n  - mask:\n      \(selector)\n")
        let before = try CLIHarness.run(["compile", policy, "--format", "json"])
        let formatted = try CLIHarness.run(["fmt", "-"], stdin: Data(contentsOf: URL(fileURLWithPath: policy)))
        if formatted.exit == 0 {
            let again = try Self.file("fmt-out-\(abs(selector.hashValue)).yaml", formatted.stdout)
            let after = try CLIHarness.run(["compile", again, "--format", "json"])
            #expect(before.exit == after.exit, "\(selector): \(formatted.stdout) \(after.transcript)")
            let strip = { (s: String) in s.split(separator: "\n").filter { !$0.contains("\"source\"") && !$0.contains("\"policy\"") } }
            #expect(strip(before.stdout) == strip(after.stdout), "\(selector): \(formatted.stdout)")
        } else {
            #expect(formatted.exit == 3 && formatted.stderr.contains("left alone"), "\(selector): \(formatted.transcript)")
        }
    }

    @Test("check and fmt --check of a folder take every policy the compiler reads, however its version key is written",
          arguments: ["--- {version: 1, default: mask, rules: [{unmask: {type: UIView}, reason: x}]}\n",
                      "? version\n: 1\ndefault: mask\nrules:\n  - unmask: { type: UIView }\n",
                      "\"v\\x65rsion\": 1\ndefault: mask\nrules:\n  - unmask: { type: UIView }\n"])
    func folderFindsEveryPolicy(text: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(Self.folder).appendingPathComponent("sniff-\(abs(text.hashValue))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: folder + "/a.yaml", atomically: true, encoding: .utf8)
        // Not a policy: skipped as before.
        try "on: push\njobs: {}\n".write(toFile: folder + "/workflow.yml", atomically: true, encoding: .utf8)
        let compiled = try CLIHarness.run(["compile", folder + "/a.yaml"])
        #expect(compiled.exit == 0, "\(compiled.transcript)")
        let named = try CLIHarness.run(["check", folder + "/a.yaml", "--config", "none"])
        let searched = try CLIHarness.run(["check", folder, "--config", "none"])
        #expect(named.exit == 1, "\(named.transcript)")
        #expect(searched.exit == named.exit && searched.stdout == named.stdout, "\(searched.transcript)")
        #expect(!searched.stdout.contains("workflow"))
    }

    @Test("extends: .//base.yaml beside a policy named without a folder is base.yaml, not /base.yaml")
    func doubleSlashInExtends() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(Self.folder).appendingPathComponent("slashes").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "version: 1\ndefault: mask\nrules:\n  - unmask: { type: UIButton }\n".write(toFile: folder + "/base.yaml", atomically: true, encoding: .utf8)
        try "version: 1\nextends: [\".//base.yaml\"]\nrules:\n  - mask: { type: UIButton, screen: Pay }\n".write(toFile: folder + "/app.yaml", atomically: true, encoding: .utf8)
        let result = try CLIHarness.run(["compile", "app.yaml"], directory: folder)
        #expect(result.exit == 0, "\(result.transcript)")
        #expect(result.stdout.contains("# layers: base.yaml <- app.yaml"), "\(result.stdout)")
    }

    @Test("generated Swift never names its enum as a type the code uses")
    func generatedNames() throws {
        let policy = try Self.file("masking.maskpolicy.yaml", "version: 1\ndefault: mask\n")
        let derived = try CLIHarness.run(["compile", policy, "--emit", "swift"])
        #expect(derived.exit == 0)
        #expect(derived.stdout.contains("enum GeneratedMaskingPolicy {"), "\(derived.stdout)")
        #expect(derived.stdout.contains("static let policy = MaskingPolicy("))
        for name in ["MaskingPolicy", "DecisionTable", "MaskRule", "String", "MaskEngine"] {
            let named = try CLIHarness.run(["compile", policy, "--emit", "swift", "--name", name])
            #expect(named.exit == 2 && named.stderr.contains("--name '\(name)'"), "\(named.transcript)")
        }
    }

    @Test("fmt in place writes through a symbolic link and keeps the file's permissions")
    func fmtThroughALink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(Self.folder).appendingPathComponent("link").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let real = folder + "/real.yaml", link = folder + "/link.yaml"
        try "version:   1\ndefault:    mask\n".write(toFile: real, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.yaml")
        let result = try CLIHarness.run(["fmt", link])
        #expect(result.exit == 0, "\(result.transcript)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.yaml")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "version: 1\ndefault: mask\n")
        let permissions = try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
    }

    @Test("encode reads a maskc-source line as apply does: a name for the lines after it, not a tree")
    func encodeNamesSources() throws {
        let tree = try String(contentsOf: CLIHarness.root.appendingPathComponent("Examples/sales-view-controller.json"), encoding: .utf8)
        let line = String(decoding: try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(tree.utf8))), as: UTF8.self)
        let stream = try Self.file("sourced.ndjson", "{\"maskc-source\": \"part-00003\"}\n\(line)\n\(line)\n")
        let out = try Self.file("sourced.bin", "")
        let result = try CLIHarness.run(["encode", stream, "--policy", "Policies/retail-app.yaml", "-o", out, "--stats"])
        #expect(result.exit == 0, "\(result.transcript)")
        #expect(result.stdout.contains("frames: 2 "), "\(result.stdout)")
        // A bad line after it is named by the source and its line counted from there.
        let bad = try Self.file("sourced-bad.ndjson", "{\"maskc-source\": \"part-00003\"}\n\(line)\n{\"root\": 5}\n")
        let failed = try CLIHarness.run(["encode", bad, "--policy", "Policies/retail-app.yaml", "-o", out])
        #expect(failed.exit == 4)
        #expect(failed.stderr.hasPrefix("part-00003:2:"), "\(failed.stderr)")
    }

    @Test("a malformed XML capture's error quotes no name its text made: records, standard error, the errors file")
    func malformedXMLQuotesNoText() throws {
        let head = #"<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">"#
        let lines = [
            head + #"<node index="0" text="My 27" Jane_Doe_4111111111111111 monitor" class="android.widget.TextView" bounds="[0,0][100,100]"/></hierarchy>"#,
            head + #"<node index="0" text="Ship to " jane.doe@example.com" class="android.widget.TextView" bounds="[0,0][100,100]"/></hierarchy>"#,
            head + #"<node index="0" text="x" class="android.widget.TextView" bounds="[0,0][100,100]">Dear <Jane_Doe_4111111111111111>, hi</node></hierarchy>"#,
            head + #"<node index="0" text="x" Jane_Doe="1" Jane_Doe="2" class="android.widget.TextView" bounds="[0,0][100,100]"/></hierarchy>"#,
            head + #"<node index="0" text="x" class="android.widget.TextView" bounds="[0,0][100,100]">Hi <jane.doe.Smith</node></hierarchy>"#,
        ]
        let stream = try Self.file("malformed-xml.ndjson", lines.joined(separator: "\n") + "\n")
        let errors = try Self.file("malformed-xml-errors.ndjson", "")
        for command in [["apply", stream, "--policy", "Policies/retail-app.yaml", "--on-error", "record", "--errors", errors],
                        ["audit", "--ndjson", stream, "--policy", "Policies/retail-app.yaml", "--on-error", "record"]] {
            let result = try CLIHarness.run(command)
            #expect(result.exit == 0, "\(result.transcript)")
            let written = command[0] == "apply" ? try String(contentsOfFile: errors, encoding: .utf8) : ""
            for said in [result.stdout, result.stderr, written] {
                #expect(!said.contains("Jane") && !said.contains("jane") && !said.contains("4111"), "\(said)")
            }
            #expect(result.stderr.split(separator: "\n").filter { $0.contains("error:") }.count >= 5, "\(result.stderr)")
        }
    }

    @Test("--errors may not be -o's temporary file, nor -o --errors' (one would end up in the other)")
    func errorsAndPartialNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(Self.folder).appendingPathComponent("partials").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (output, errors) in [("x.json.maskc-partial", "x.json"), ("x.json", "x.json.maskc-partial")] {
            let result = try CLIHarness.run(["apply", CLIHarness.root.appendingPathComponent("Examples/sales-view-controller.json").path,
                                             "--policy", CLIHarness.root.appendingPathComponent("Policies/retail-app.yaml").path,
                                             "-o", output, "--errors", errors], directory: folder)
            #expect(result.exit == 2 && result.stderr.contains("--errors and -o name the same file"), "\(result.transcript)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/" + output) && !FileManager.default.fileExists(atPath: folder + "/" + errors))
        }
    }

    @Test("audit takes --max-bytes and --max-depth, as apply does, in both modes")
    func auditLimits() throws {
        let tree = "Examples/sales-view-controller.json"
        let size = try Data(contentsOf: CLIHarness.root.appendingPathComponent(tree)).count
        let whole = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", tree, "--max-bytes", String(size - 1)])
        #expect(whole.exit == 4 || whole.exit == 2, "\(whole.transcript)")
        #expect(whole.stderr.contains("over the limit of \(size - 1)"), "\(whole.stderr)")
        let line = String(decoding: try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(contentsOf: CLIHarness.root.appendingPathComponent(tree)))), as: UTF8.self)
        let stream = try Self.file("audit-limit.ndjson", line + "\n")
        let streamed = try CLIHarness.run(["audit", "--ndjson", stream, "--policy", "Policies/retail-app.yaml", "--max-bytes", "100", "--on-error", "record"])
        #expect(streamed.exit == 0, "\(streamed.transcript)")
        #expect(streamed.stdout.contains("\"rule\":\"input-limit\""), "\(streamed.stdout)")
        let deep = try CLIHarness.run(["audit", "--ndjson", stream, "--policy", "Policies/retail-app.yaml", "--max-depth", "2", "--on-error", "record"])
        #expect(deep.stdout.contains("\"rule\":\"input-limit\""), "\(deep.stdout)")
        let bad = try CLIHarness.run(["audit", "--policy", "Policies/retail-app.yaml", tree, "--max-bytes", "0"])
        #expect(bad.exit == 2)
    }

    @Test("--errors through a link to -o's file, or to its temporary file, is refused")
    func errorsThroughALink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(Self.folder).appendingPathComponent("linked").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/elink", withDestinationPath: "real/e.ndjson")
        let result = try CLIHarness.run(["apply", CLIHarness.root.appendingPathComponent("Examples/sales-view-controller.json").path,
                                         "--policy", CLIHarness.root.appendingPathComponent("Policies/retail-app.yaml").path,
                                         "-o", "real/e.ndjson.maskc-partial", "--errors", "elink"], directory: folder)
        #expect(result.exit == 2, "\(result.transcript)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/real/e.ndjson"))
    }

    @Test("an output that cannot be written exits 5, for every command that prints", arguments: [
        ["explain", "Examples/sales-view-controller.json", "--policy", "Policies/retail-app.yaml"],
        ["compile", "Policies/retail-app.yaml"], ["compile", "Policies/retail-app.yaml", "--format", "json"],
        ["diff", "Policies/retail-app.yaml", "Policies/strict-default.yaml"], ["rules"],
        ["test", "Policies/retail-app.masktest.yaml"],
    ])
    func fullDisk(arguments: [String]) throws {
        let process = Process()
        process.executableURL = CLIHarness.executable
        process.arguments = arguments
        process.currentDirectoryURL = CLIHarness.root
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let err = Pipe()
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 5, "\(arguments): \(stderr)")
        #expect(stderr.contains("cannot write"), "\(stderr)")
    }

    @Test("compile reads its policy once (a pipe cannot be read twice)")
    func compileFromAPipe() throws {
        let text = try Data(contentsOf: CLIHarness.root.appendingPathComponent("Policies/retail-app.yaml"))
        let result = try CLIHarness.run(["compile", "/dev/stdin"], stdin: text)
        #expect(result.exit == 0, "\(result.transcript)")
        #expect(result.stdout.contains("6 rules"), "\(result.stdout)")
    }
}
