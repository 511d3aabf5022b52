import Foundation
import Testing

/// Screens, targets and patterns match byte for byte everywhere: a spelling that Swift's
/// `String` finds equal (a composed or decomposed accent) is another name, in every
/// command, in any order of trees, and with a table as the policy.
@Suite("Exact spelling")
struct ExactSpellingTests {
    static let folder = "maskc-exact-spelling-\(ProcessInfo.processInfo.processIdentifier)"
    static let composed = "Caf\u{E9}Screen"
    static let decomposed = "Cafe\u{301}Screen"

    static func file(_ name: String, _ text: String) throws -> String {
        try CLIHarness.temporaryFile(folder, name, text)
    }

    static func tree(screen: String, text: String, class className: String = "UILabel") -> String {
        """
        {"screen":"\(screen)","root":{"class":"UIView","frame":{"x":0,"y":0,"width":300,"height":300},"children":[\
        {"class":"\(className)","frame":{"x":0,"y":0,"width":200,"height":40},"accessibilityIdentifier":"balance","text":"\(text)"}]}}
        """
    }

    @Test("a target on a screen stays masked after a tree whose screen differs only in its bytes (apply, NDJSON, folder, table, encode)")
    func screenAfterAnotherSpelling() throws {
        let policy = try Self.file("target.yaml", "version: 1\ndefault: unmask\nrules:\n  - mask: { target: \"UILabel[ai:\(Self.composed).balance]\" }\n")
        let table = try Self.file("target.mtab", "")
        let compiled = try CLIHarness.run(["compile", policy, "--emit", "table", "-o", table])
        #expect(compiled.exit == 0, "\(compiled.transcript)")
        let first = Self.tree(screen: Self.decomposed, text: "OTHER-SCREEN-0"), second = Self.tree(screen: Self.composed, text: "BALANCE-1")
        let stream = try Self.file("stream.ndjson", first + "\n" + second + "\n")
        let a = try Self.file("a.json", first), b = try Self.file("b.json", second)
        for source in [policy, table] {
            for arguments in [["apply", stream, "--policy", source], ["apply", stream, "--policy", source, "--jobs", "2"]] {
                let result = try CLIHarness.run(arguments)
                #expect(result.exit == 0, "\(arguments): \(result.transcript)")
                let lines = result.stdout.split(separator: "\n")
                #expect(lines.count == 2)
                // The rule's screen is the composed one: the first tree's label is shown,
                // the second's masked.
                #expect(lines.first?.contains("OTHER-SCREEN-0") == true, "\(arguments): \(result.stdout)")
                #expect(!result.stdout.contains("BALANCE-1"), "\(arguments): \(result.stdout)")
            }
            let session = try Self.file("session-\(source.hasSuffix("mtab") ? "table" : "yaml").bin", "")
            let encoded = try CLIHarness.run(["encode", a, b, "--policy", source, "-o", session])
            #expect(encoded.exit == 0, "\(encoded.transcript)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: session))
            #expect(bytes.range(of: Data("BALANCE-1".utf8)) == nil)
            #expect(bytes.range(of: Data("OTHER-SCREEN-0".utf8)) != nil)
        }
    }

    @Test("a rule's `screen:` names the screen byte for byte, as targets do")
    func screenOption() throws {
        let policy = try Self.file("screen.yaml", "version: 1\ndefault: unmask\nrules:\n  - mask: { type: UILabel, screen: \"\(Self.composed)\" }\n")
        for (screen, masked) in [(Self.composed, true), (Self.decomposed, false)] {
            let tree = try Self.file("screen-\(masked).json", Self.tree(screen: screen, text: "HELLO"))
            for arguments in [["apply", tree, "--policy", policy], ["explain", tree, "--policy", policy]] {
                let result = try CLIHarness.run(arguments)
                #expect(result.exit == 0, "\(result.transcript)")
                if arguments[0] == "apply" { #expect(result.stdout.contains("HELLO") == !masked, "\(screen.unicodeScalars.count): \(result.stdout)") }
            }
        }
    }

    @Test("two targets spelled alike but not byte for byte are two rules: adding one never unmasks what the other masked")
    func targetsSpelledAlike() throws {
        let decomposedClass = "Cafe\u{301}Box", composedClass = "Caf\u{E9}Box"
        let one = try Self.file("one.yaml", "version: 1\ndefault: unmask\nrules:\n  - mask: { target: \"[root]>\(decomposedClass):eq(0)\" }\n")
        let both = try Self.file("both.yaml", "version: 1\ndefault: unmask\nrules:\n  - mask: { target: \"[root]>\(decomposedClass):eq(0)\" }\n  - mask: { target: \"[root]>\(composedClass):eq(0)\" }\n")
        for (className, name) in [(decomposedClass, "nfd"), (composedClass, "nfc")] {
            let tree = try Self.file("box-\(name).json", "{\"screen\":\"S\",\"root\":{\"class\":\"\(className)\",\"text\":\"SECRET-\(name)\"}}")
            let withBoth = try CLIHarness.run(["apply", tree, "--policy", both])
            #expect(withBoth.exit == 0 && !withBoth.stdout.contains("SECRET-"), "\(name): \(withBoth.transcript)")
            let withOne = try CLIHarness.run(["apply", tree, "--policy", one])
            #expect(withOne.stdout.contains("SECRET-") == (name == "nfc"), "\(name): \(withOne.transcript)")
        }
    }

    @Test("a types: entry spelled with U+212A KELVIN SIGN declares its own class: the built-in MKMapView stays a map (apply, table)")
    func kelvinSignClass() throws {
        let policy = try Self.file("kelvin.yaml", "version: 1\ndefault: unmask\ntypes:\n  \"M\u{212A}MapView\": { kind: other, recurse: true }\n")
        let table = try Self.file("kelvin.mtab", "")
        #expect(try CLIHarness.run(["compile", policy, "--emit", "table", "-o", table]).exit == 0)
        let tree = try Self.file("map.json", #"{"screen":"S","root":{"class":"UIView","children":[{"class":"MKMapView","text":"12 Main Street","children":[{"class":"UILabel","text":"Jane lives here"}]}]}}"#)
        for source in [policy, table] {
            let result = try CLIHarness.run(["apply", tree, "--policy", source])
            #expect(result.exit == 0 && result.stdout.contains(#""placeholder":"MAP""#), "\(result.transcript)")
            #expect(!result.stdout.contains("Main") && !result.stdout.contains("Jane"), "\(result.stdout)")
        }
    }

    @Test("a layer's unmask on a screen spelled differently from its base's allowUnmask entry loosens the base")
    func layerScreenSpelling() throws {
        let base = try Self.file("layer-base.yaml", "version: 1\ndefault: mask\nrules: []\nallowUnmask:\n  - { type: UILabel, screen: \"Caf\u{E9}\" }\n")
        let layer = try Self.file("layer.yaml", "version: 1\nextends: [\((base as NSString).lastPathComponent)]\nrules:\n  - unmask: { type: UILabel, screen: \"Cafe\u{301}\" }\n    reason: static\n")
        let checked = try CLIHarness.run(["check", layer])
        #expect(checked.exit == 1 && checked.stdout.contains("[loosens-base]"), "\(checked.transcript)")
        let same = try Self.file("layer-same.yaml", "version: 1\nextends: [\((base as NSString).lastPathComponent)]\nrules:\n  - unmask: { type: UILabel, screen: \"Caf\u{E9}\" }\n    reason: static\n")
        let allowed = try CLIHarness.run(["check", same])
        #expect(!allowed.stdout.contains("[loosens-base]"), "\(allowed.transcript)")
    }

    /// A folder of its own for a test that names files by their spelling.
    static func folder(_ name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(folder).appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    static func write(_ text: String, _ name: String, in directory: String) throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a class chain through look-alike names is walked byte for byte on every path: with a lock, typed text stays masked and a map a MAP")
    func chainsThroughLookAlikes() throws {
        let directory = try Self.folder("chains")
        let nfd = "Cafe\u{301}Field", nfc = "Caf\u{E9}Field"
        _ = try Self.write("version: 1.1\ndefault: mask\ndefaults: { text: unmask, inputs: mask }\ntypes:\n  \"\(nfd)\": { extends: UITextField }\nrules:\n  - mask: { accessibilityIdentifier: \"account.*\", lock: true }\n", "base.yaml", in: directory)
        let layer = try Self.write("version: 1.1\nextends: [base.yaml]\ntypes:\n  Z: { extends: \"\(nfd)\" }\n  \"\(nfc)\": { extends: \"\(nfd)\", kind: text }\n", "layer.yaml", in: directory)
        let field = try Self.write("{\"screen\":\"S\",\"root\":{\"class\":\"UIView\",\"children\":[{\"class\":\"\(nfc)\",\"text\":\"4111 1111 1111 1111\"},{\"class\":\"\(nfd)\",\"text\":\"4111 1111 1111 1112\"}]}}", "field.json", in: directory)
        let fieldResult = try CLIHarness.run(["apply", field, "--policy", layer])
        #expect(fieldResult.exit == 0 && !fieldResult.stdout.contains("4111"), "\(fieldResult.transcript)")

        let map = try Self.write("version: 1\ndefault: unmask\ntypes:\n  Z: { extends: MKMapView }\n  \"M\u{212A}MapView\": { extends: MKMapView }\nrules:\n  - mask: { accessibilityIdentifier: \"account.*\", lock: true }\n", "map.yaml", in: directory)
        let mapTree = try Self.write(#"{"screen":"S","root":{"class":"UIView","children":[{"class":"MKMapView","text":"12 Main Street","children":[{"class":"UILabel","text":"Jane lives here"}]}]}}"#, "map.json", in: directory)
        let mapResult = try CLIHarness.run(["apply", mapTree, "--policy", map])
        #expect(mapResult.exit == 0 && mapResult.stdout.contains(#""placeholder":"MAP""#) && !mapResult.stdout.contains("Jane"), "\(mapResult.transcript)")

        // A loop through a look-alike name is a loop, reported by check and compile (not
        // found only when a compiled table is loaded).
        let loop = try Self.write("version: 1\ndefault: mask\ntypes:\n  Z: { extends: MKMapView }\n  \"M\u{212A}MapView\": { extends: B }\n  B: { extends: \"M\u{212A}MapView\" }\n", "loop.yaml", in: directory)
        let checked = try CLIHarness.run(["check", loop])
        #expect(checked.exit == 1 && checked.stdout.contains("[type-cycle]"), "\(checked.transcript)")
        #expect(try CLIHarness.run(["compile", loop]).exit == 3)
    }

    @Test("screens the base's rules spell two ways are both probed: a layer class that loosens one is refused, and diff sees it")
    func looseningOnLookAlikeScreens() throws {
        let directory = try Self.folder("screens")
        let base = try Self.write("""
            version: 1
            default: mask
            types:
              MyField: { extends: UITextField }
            rules:
              - mask: { type: UIButton, screen: "Caf\u{E9}Screen" }
              - mask: { type: UITextField, screen: "Cafe\u{301}Screen" }
              - unmask: { type: UITextField }
                reason: search boxes
              - unmask: { type: UILabel }
                reason: static copy

            """, "base.yaml", in: directory)
        let layer = try Self.write("version: 1\nextends: [base.yaml]\ntypes:\n  MyField: { extends: UILabel }\n", "layer.yaml", in: directory)
        let checked = try CLIHarness.run(["check", layer])
        #expect(checked.exit == 1 && checked.stdout.contains("[loosens-base]"), "\(checked.transcript)")
        let after = try Self.write(String(decoding: try Data(contentsOf: URL(fileURLWithPath: base)), as: UTF8.self)
            .replacingOccurrences(of: "MyField: { extends: UITextField }", with: "MyField: { extends: UILabel }"), "after.yaml", in: directory)
        let diffed = try CLIHarness.run(["diff", base, after, "--fail-on-exposure"])
        #expect(diffed.exit == 1, "\(diffed.transcript)")
    }

    @Test("bases and policy files whose names differ only in how an accent is encoded are two files (extends, test)")
    func lookAlikeFileNames() throws {
        let directory = try Self.folder("files")
        let nfc = "base-caf\u{E9}.yaml", nfd = "base-cafe\u{301}.yaml"
        _ = try Self.write("version: 1\ndefault: mask\nrules:\n  - unmask: { type: UILabel }\n    reason: copy\n", nfc, in: directory)
        _ = try Self.write("version: 1\ndefault: mask\nrules:\n  - mask: { accessibilityIdentifier: \"card.*\", lock: true }\n", nfd, in: directory)
        let app = try Self.write("version: 1\nextends: [\"\(nfc)\", \"\(nfd)\"]\n", "app.yaml", in: directory)
        let tree = try Self.write(#"{"screen":"S","root":{"class":"UILabel","accessibilityIdentifier":"card.number","text":"4111 1111 1111 1111"}}"#, "t.json", in: directory)
        let applied = try CLIHarness.run(["apply", tree, "--policy", app])
        #expect(applied.exit == 0 && !applied.stdout.contains("4111"), "\(applied.transcript)")

        // Two policy tests naming two such policies: each runs against its own.
        let shows = "p-cafe\u{301}.yaml", hides = "p-caf\u{E9}.yaml"
        _ = try Self.write("version: 1\ndefault: unmask\nrules:\n  - unmask: { type: UILabel }\n    reason: copy\n", shows, in: directory)
        _ = try Self.write("version: 1\ndefault: mask\nrules:\n  - mask: { type: UILabel }\n", hides, in: directory)
        _ = try Self.write(#"{"screen":"S","root":{"class":"UIView","children":[{"class":"UILabel","id":"l","text":"jane@example.com"}]}}"#, "email.json", in: directory)
        let a = try Self.write("policy: \"\(hides)\"\ntrees: [email.json]\nexpect:\n  - view: { id: l }\n    is: masked\n", "a.masktest.yaml", in: directory)
        let b = try Self.write("policy: \"\(shows)\"\ntrees: [email.json]\nexpect:\n  - view: { id: l }\n    is: masked\n", "b.masktest.yaml", in: directory)
        let tested = try CLIHarness.run(["test", a, b])
        #expect(tested.exit == 1, "\(tested.transcript)")
    }

    @Test("audit: a clean look-alike value does not vouch for a real one")
    func auditLookAlike() throws {
        let tree = try Self.file("iban.json", #"{"screen":"S","root":{"class":"UIView","children":[{"class":"UILabel","id":"a","text":"D\#u{212A}5000400440116243"},{"class":"UILabel","id":"b","text":"DK5000400440116243"}]}}"#)
        let policy = try Self.file("unmask-labels.yaml", "version: 1\ndefault: unmask\n")
        let audited = try CLIHarness.run(["audit", "--policy", policy, tree, "--fail-on", "critical"])
        #expect(audited.exit == 1, "\(audited.transcript)")
    }
}
