import Foundation
import Testing

/// `maskc encode` and `maskc decode`: golden listings, the stream's bytes, SVGs, and errors.
@Suite("Encode and decode CLI")
struct EncodeTests {
    static let session = "Tests/Fixtures/Encoder/session.ndjson"
    static let policy = "Tests/Fixtures/Encoder/checkout-policy.yaml"
    static let stream = "Tests/Fixtures/Encoder/session.bin"

    /// Compares a file the run wrote with a recorded one (re-recorded with RECORD_SNAPSHOTS=1).
    static func assertSameBytes(_ written: String, _ recorded: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = try Data(contentsOf: CLIHarness.root.appendingPathComponent(written))
        let url = CLIHarness.root.appendingPathComponent(recorded)
        if CLIHarness.recording {
            try actual.write(to: url)
            return
        }
        let expected = try Data(contentsOf: url)
        #expect(actual == expected, "\(written) differs from \(recorded)", sourceLocation: sourceLocation)
    }

    @Test("encode a session: statistics, and the stream byte for byte")
    func encodeSession() throws {
        let out = ".build/maskc-encode-session.bin"
        try CLIHarness.assertGolden("encode-session-stats", ["encode", Self.session, "--policy", Self.policy, "-o", out, "--stats"])
        try Self.assertSameBytes(out, Self.stream)
        // Without covered-view removal: more views, same command otherwise.
        try CLIHarness.assertGolden("encode-session-keep-covered", ["encode", Self.session, "--policy", Self.policy, "-o", ".build/maskc-encode-keep.bin", "--stats", "--keep-covered"])
    }

    @Test("a frame interval whose timestamps pass 64 bits: exit 2 naming the frame, no crash, nothing written")
    func frameIntervalOverflow() throws {
        let out = ".build/maskc-encode-overflow.bin"
        try? FileManager.default.removeItem(at: CLIHarness.root.appendingPathComponent(out))
        let example = "Examples/sales-view-controller.json"
        // Frame 4's timestamp is 3 x (2^63 - 1) ms.
        let result = try CLIHarness.run(["encode", example, example, example, example, "--policy", Self.policy, "-o", out,
                                         "--frame-interval", "9223372036854775807"])
        #expect(result.exit == 2 && result.stderr.contains("frame 4's timestamp does not fit"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: CLIHarness.root.appendingPathComponent(out).path))
        // Three frames fit (the last at 2^64 - 2 ms), and decode back.
        let three = try CLIHarness.run(["encode", example, example, example, "--policy", Self.policy, "-o", out, "--frame-interval", "9223372036854775807"])
        #expect(three.exit == 0, "\(three.stderr)")
        let decoded = try CLIHarness.run(["decode", out, "--format", "json"])
        #expect(decoded.exit == 0 && decoded.stdout.contains("18446744073709551614"), "\(decoded.stderr)")
    }

    @Test("encode masks what apply's detect: safety net masks, whatever field matched")
    func safetyNetOverEveryField() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-encode-detect")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let policy = folder.appendingPathComponent("p.yaml").path, tree = folder.appendingPathComponent("tree.json").path
        let out = folder.appendingPathComponent("s.bin").path
        try "version: 1.1\ndefault: unmask\ndetect: [email, phone]\n".write(toFile: policy, atomically: true, encoding: .utf8)
        try #"""
            {"screen":"S","root":{"class":"UIView","frame":{"x":0,"y":0,"width":300,"height":200},"children":[
            {"class":"UILabel","id":"a","frame":{"x":0,"y":0,"width":300,"height":20},"text":"LEAKA hello","note":"jane.doe@example.com"},
            {"class":"UILabel","id":"b","frame":{"x":0,"y":30,"width":300,"height":20},"text":"LEAKB hi","accessibilityLabel":"call +1 415 555 0123"},
            {"class":"UILabel","id":"c","frame":{"x":0,"y":60,"width":300,"height":20},"text":"shown"}]}}
            """#.write(toFile: tree, atomically: true, encoding: .utf8)
        let encoded = try CLIHarness.run(["encode", tree, "--policy", policy, "-o", out])
        #expect(encoded.exit == 0, "\(encoded.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(bytes.range(of: Data("LEAK".utf8)) == nil)
        let decoded = try CLIHarness.run(["decode", out])
        #expect(!decoded.stdout.contains("LEAK") && decoded.stdout.contains("\"shown\""), "\(decoded.stdout)")
        #expect(decoded.stdout.components(separatedBy: "masked-text").count - 1 == 2, "\(decoded.stdout)")
    }

    @Test("encode sends no text of a field that other capture tools mark secure (isPassword, isObscured, autocomplete, type)")
    func otherToolsSecureMarkers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maskc-encode-markers")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let policy = folder.appendingPathComponent("p.yaml").path, tree = folder.appendingPathComponent("tree.json").path
        try "version: 1\ndefault: unmask\n".write(toFile: policy, atomically: true, encoding: .utf8)
        let markers = [#""isPassword":true"#, #""isObscured":true"#, #""autocomplete":"current-password""#,
                       #""autoComplete":"one-time-code""#, #""type":"password""#, #""type":"XCUIElementTypeSecureTextField""#]
        let fields = markers.enumerated().map { index, marker in
            #"{"class":"PinField","frame":{"x":0,"y":\#(index * 30),"width":300,"height":20},\#(marker),"text":"LEAK\#(index) 9311"}"#
        }
        try (#"{"screen":"S","root":{"class":"UIView","frame":{"x":0,"y":0,"width":300,"height":200},"children":["#
            + fields.joined(separator: ",") + #",{"class":"UILabel","frame":{"x":0,"y":190,"width":300,"height":10},"text":"shown"}]}}"#)
            .write(toFile: tree, atomically: true, encoding: .utf8)
        let (bytes, out) = try CLIHarness.encodedBytes(tree, policy: policy, in: folder)
        #expect(bytes.range(of: Data("LEAK".utf8)) == nil && bytes.range(of: Data("9311".utf8)) == nil)
        let decoded = try CLIHarness.run(["decode", out])
        #expect(decoded.stdout.contains("\"shown\""), "the unmasked label is sent: \(decoded.stdout)")
        #expect(decoded.stdout.components(separatedBy: "secure-text").count - 1 == markers.count, "\(decoded.stdout)")
    }

    @Test("decode lists every frame, as text and JSON, and draws each as SVG")
    func decodeSession() throws {
        try CLIHarness.assertGolden("decode-session", ["decode", Self.stream])
        try CLIHarness.assertGolden("decode-session-json", ["decode", Self.stream, "--format", "json"])
        let folder = ".build/maskc-decode-svg"
        try? FileManager.default.removeItem(at: CLIHarness.root.appendingPathComponent(folder))
        let result = try CLIHarness.run(["decode", Self.stream, "--svg", folder])
        #expect(result.exit == 0)
        for frame in 0..<4 {
            #expect(FileManager.default.fileExists(atPath: CLIHarness.root.appendingPathComponent("\(folder)/frame-000\(frame).svg").path))
        }
        try Self.assertSameBytes("\(folder)/frame-0000.svg", "Tests/MaskcCLITests/Golden/decode-session-frame-0000.svg")
    }

    @Test("the shared captures encode: bytes per view and per frame")
    func captures() throws {
        try CLIHarness.assertGolden("encode-captures-stats", ["encode", "Tests/Fixtures/Captures", "--policy", "Policies/retail-app.yaml", "-o", ".build/maskc-encode-captures.bin", "--stats"])
    }

    @Test("no text of a masked or secure view is in the stream")
    func maskedTextNeverSent() throws {
        let bytes = try Data(contentsOf: CLIHarness.root.appendingPathComponent(Self.stream))
        for secret in ["Jane Appleseed", "123", "Balance", "Order 1234", "Below the fold", "Total", "12 Main St", "4111"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret)")
        }
        for shown in ["Checkout", "SPRIN", "Pay", "Done"] { #expect(bytes.range(of: Data(shown.utf8)) != nil, "\(shown)") }
    }

    @Test("errors: a bad tree 4, a bad stream 4, a missing -o 2; nothing written")
    func errors() throws {
        let out = ".build/maskc-encode-error.bin"
        try? FileManager.default.removeItem(at: CLIHarness.root.appendingPathComponent(out))
        try CLIHarness.assertGolden("encode-bad-coordinates", ["encode", "Tests/Fixtures/Encoder/bad-coordinates.json", "--policy", Self.policy, "-o", out])
        #expect(!FileManager.default.fileExists(atPath: CLIHarness.root.appendingPathComponent(out).path))
        try CLIHarness.assertGolden("decode-truncated", ["decode", "Tests/Fixtures/Encoder/truncated.bin"])
        try CLIHarness.assertGolden("decode-not-a-stream", ["decode", Self.session])
        let missing = try CLIHarness.run(["encode", Self.session, "--policy", Self.policy])
        #expect(missing.exit == 2)
    }
}
