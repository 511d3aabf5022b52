import Foundation
import Testing

/// Member names that may be content (`"jane.doe@example.com": ...`): masked wherever the
/// view's content is masked, read by the safety net, and never printed by the audit.
@Suite("Member names that may be content")
struct ContentKeyTests {
    static let secrets = ["jane.doe", "john.roe", "mary@", "4111", "example.com", "LEAK"]

    static func file(_ name: String, _ text: String) throws -> String {
        try CLIHarness.temporaryFile("maskc-content-keys", name, text)
    }

    static func expectNoSecret(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in secrets { #expect(!text.contains(secret), "\(what) carries \(secret): \(text)", sourceLocation: sourceLocation) }
    }

    static let secureTree = #"""
        {"screen":"S","jane.doe@example.com":"x","appVersion":"1.2","root":{"class":"UITextField","id":"pw","isSecureTextEntry":true,
        "4111 1111 1111 1111":"v","transform":{"john.roe@example.com":1},"alpha":{"4111 1111 1111 1111":2},
        "frame":{"x":0,"y":0,"width":10,"height":10,"mary@example.com":3},"bounds":{"4111 1111 1111 1111":{"k":"v"}},
        "customNote":"hello","children":[{"class":"UILabel","text":"inside","LEAK 1":"x","frame":{"x":1,"y":1,"width":2,"height":2}}]}}
        """#

    @Test("in a secure view, a masked view and the wrapper, names that may be content are masked; field names are kept")
    func maskedWhereContentIs() throws {
        let tree = try Self.file("secure.json", Self.secureTree)
        for policy in ["Policies/strict-default.yaml", "Tests/Fixtures/Policies/unmask-all.yaml"] {
            let result = try CLIHarness.run(["apply", tree, "--policy", policy])
            #expect(result.exit == 0, "\(result.stderr)")
            Self.expectNoSecret(result.stdout, "apply --policy \(policy)")
            for kept in [#""appVersion":"#, #""customNote":"#, #""isSecureTextEntry":true"#, #""x":0"#, #""width":10"#] {
                #expect(result.stdout.contains(kept), "\(policy): \(kept) in \(result.stdout)")
            }
        }
        // A masked view's geometry: plain frames are copied as before.
        let plain = try Self.file("plain.json", #"{"root":{"class":"UILabel","text":"hi","frame":{"x":1.5,"y":2,"width":3,"height":4}}}"#)
        let masked = try CLIHarness.run(["apply", plain, "--policy", "Policies/strict-default.yaml"])
        #expect(masked.stdout.contains(#""frame":{"x":1.5,"y":2,"width":3,"height":4}"#), "\(masked.stdout)")
    }

    @Test("the detect: safety net reads names under geometry fields of an unmasked view")
    func safetyNetReadsGeometryKeys() throws {
        let policy = try Self.file("detect.yaml", "version: 1.1\ndefault: unmask\ndetect: [email, payment-card]\n")
        for field in ["frame", "bounds", "contentFrame"] {
            let tree = try Self.file("net-\(field).json", #"{"root":{"class":"UILabel","text":"hi","\#(field)":{"x":0,"y":0,"jane.doe@example.com":1}}}"#)
            let result = try CLIHarness.run(["apply", tree, "--policy", policy, "--explain"])
            #expect(result.exit == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#""rule":"detect:email""#), "\(field): \(result.stdout)")
            Self.expectNoSecret(result.stdout, "apply, \(field)")
        }
    }

    @Test("the audit names a member that may be content by its position, in every format and in accepted findings")
    func auditShowsPositions() throws {
        let tree = try Self.file("audit.json", #"{"screen":"S","root":{"class":"UILabel","text":"hi","jane.doe@example.com":"x"}}"#)
        let accepted = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-content-keys/accepted.json").path
        for format in ["text", "json", "html"] {
            let result = try CLIHarness.run(["audit", "--policy", "Tests/Fixtures/Policies/unmask-all.yaml", tree, "--format", format,
                                             "--write-accepted", accepted])
            #expect(result.stdout.contains("<key 2>") || result.stdout.contains("&lt;key 2&gt;"), "\(format): \(result.stdout)")
            Self.expectNoSecret(result.stdout + result.stderr, "audit --format \(format)")
            Self.expectNoSecret(try String(contentsOfFile: accepted, encoding: .utf8), "--write-accepted")
        }
        let stream = try CLIHarness.run(["audit", "--ndjson", "--policy", "Tests/Fixtures/Policies/unmask-all.yaml", tree])
        #expect(stream.stdout.contains("<key 2>"), "\(stream.stdout)")
        Self.expectNoSecret(stream.stdout + stream.stderr, "audit --ndjson")
    }
}
