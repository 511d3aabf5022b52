import Foundation
import MaskAudit
import MaskJSON
import Testing

@Suite("Accepted findings")
struct AcceptedFindingsTests {
    static func report() throws -> AuditReport {
        let table = try AuditorTests.table("version: 1\ndefault: mask\nrules:\n  - unmask: { accessibilityIdentifier: \"home.*\" }\n    reason: r\n  - mask: { id: nowhere }\n")
        var auditor = Auditor(table: table)
        auditor.add(try AuditorTests.document(AuditorTests.screen, table), name: "t.json")
        return auditor.report()
    }

    static func justified(_ text: String) -> [UInt8] {
        Array(text.replacingOccurrences(of: "\"justification\": \"\"", with: "\"justification\": \"reviewed\"").utf8)
    }

    @Test("written, justified, read back: every finding hidden, nothing stale; the file holds no value")
    func roundTrip() throws {
        let report = try Self.report()
        #expect(report.findings.count >= 3)
        let file = AcceptedFindings.render(report.findings)
        #expect(!file.contains("jane"))
        #expect(file.contains("\"detector\": \"email\", \"screen\": \"Home\", \"view\": \"0.0\", \"field\": \"text\""))
        #expect(file.contains("\"detector\": \"dead-selector\", \"screen\": null, \"view\": null, \"field\": null, \"rule\": \"mask id=nowhere\""))
        let accepted = try AcceptedFindings.parse(Self.justified(file), file: "a.json")
        let filtered = accepted.filter(report)
        #expect(filtered.findings.isEmpty)
        #expect(filtered.acceptedCount == report.findings.count)
        // Deterministic: the same findings in another order write the same file.
        #expect(AcceptedFindings.render(report.findings.reversed()) == file)
    }

    @Test("an entry that no longer matches is reported stale; unmatched findings stay")
    func stale() throws {
        let report = try Self.report()
        let entries = [
            AcceptedFindings.Entry(fingerprint: FindingFingerprint(detector: "email", screen: "Home", view: "0.0", field: "text", rule: nil), justification: "test data"),
            AcceptedFindings.Entry(fingerprint: FindingFingerprint(detector: "email", screen: "Gone", view: "0.4", field: "text", rule: nil), justification: "old"),
        ]
        let filtered = AcceptedFindings(entries: entries).filter(report)
        #expect(filtered.acceptedCount == 1)
        #expect(!filtered.findings.contains { $0.category == "email" })
        #expect(filtered.findings.count == report.findings.count)  // one hidden, one stale added
        let stale = try #require(filtered.findings.first { $0.category == "stale-accepted" })
        #expect(stale.level == .info)
        #expect(stale.message.contains("screen 'Gone', view '0.4'"))
    }

    @Test("the fingerprint never depends on the value, only on where and what", arguments: ["jane@example.com", "john.smith@example.org"])
    func fingerprintIgnoresValue(value: String) throws {
        let table = try AuditorTests.table("version: 1\ndefault: unmask\n")
        var auditor = Auditor(table: table)
        auditor.add(try AuditorTests.document(#"{"screen": "S", "root": {"class": "UILabel", "text": "\#(value)"}}"#, table), name: "t.json")
        let print = try #require(auditor.report().findings.first).fingerprint
        #expect(print == FindingFingerprint(detector: "email", screen: "S", view: "0", field: "text", rule: nil))
        #expect(print.digest.count == 16)
    }

    @Test("bad files: one error with line:column and path", arguments: [
        ("[]", "1:1", "$", "expected an object"),
        (#"{"accepted": []}"#, "1:1", "$", "missing \"version\""),
        (#"{"version": 2, "accepted": []}"#, "1:13", "$.version", "unsupported version"),
        (#"{"version": 1, "accepted": {}}"#, "1:28", "$.accepted", "expected an array"),
        ("{\"version\": 1, \"accepted\": [\n  {\"detector\": \"email\", \"justification\": \"\"}]}", "2:42", "$.accepted[0].justification", "no justification"),
        (#"{"version": 1, "accepted": [{"detector": "email", "justification": "ok", "value": "x"}]}"#, "1:74", "$.accepted[0]", "unknown member"),
        (#"{"version": 1, "accepted": [{"detector": 3, "justification": "ok"}]}"#, "1:42", "$.accepted[0].detector", "expected a string"),
        (#"{"version": 1, "accepted": [{"detector": "a", "detector": "b", "justification": "ok"}]}"#, "1:47", "$.accepted[0].detector", "duplicate member"),
        (#"{"version": 1, "accepted": [{"justification": "ok"}]}"#, "1:29", "$.accepted[0]", "missing \"detector\""),
        (#"{"version": 1, "#, "1:16", "$.version", "ends inside an object"),
    ])
    func badFiles(text: String, position: String, path: String, message: String) {
        do {
            _ = try AcceptedFindings.parse(Array(text.utf8), file: "a.json")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.rendered.hasPrefix("a.json:\(position): error: "), "\(error.rendered)")
            #expect(error.path == path)
            #expect(error.message.contains(message))
        }
    }
}
