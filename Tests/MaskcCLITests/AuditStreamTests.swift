import Foundation
import Testing

/// `maskc audit --ndjson`: findings of a stream of captures as one JSON record each, for
/// an engine to aggregate, then a summary record whose counts add up across parts.
@Suite("Audit streams")
struct AuditStreamTests {
    static let policy = "Policies/retail-app.yaml"

    /// The two shipped audit examples as NDJSON lines, with a bad line between them.
    static func stream() throws -> String {
        func line(_ path: String) throws -> String {
            let data = try Data(contentsOf: CLIHarness.root.appendingPathComponent(path))
            let object = try JSONSerialization.jsonObject(with: data)
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
        return [try line("Examples/audit/checkout.json"), #"{"class":5,"text":"jane@example.com"}"#, try line("Examples/audit/home.json")]
            .joined(separator: "\n") + "\n"
    }

    static func records(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test("one record per finding with source, line and screen; a summary record last; error records in record mode")
    func findings() throws {
        let result = try CLIHarness.run(["audit", "--ndjson", "--policy", Self.policy, "-", "--on-error", "record", "--source-label", "part-00002"],
                                        stdin: Data(try Self.stream().utf8))
        #expect(result.exit == 0, "\(result.stderr)")
        let records = try Self.records(result.stdout)
        let findings = records.filter { $0["category"] != nil }
        #expect(findings.count == 3)
        for finding in findings {
            #expect(Set(finding.keys) == ["source", "line", "screen", "level", "category", "view", "class", "field", "rule", "excerpt", "fingerprint", "message"])
            #expect(finding["source"] as? String == "part-00002")
        }
        let email = try #require(findings.first { $0["category"] as? String == "email" })
        #expect(email["line"] as? Int == 3 && email["screen"] as? String == "HomeViewController" && email["view"] as? String == "0.1")
        let card = try #require(findings.first { $0["category"] as? String == "payment-card" })
        #expect(card["line"] as? Int == 1 && card["screen"] as? String == "CheckoutViewController" && card["level"] as? String == "critical")
        let error = try #require(records.first { $0["maskc-error"] != nil }?["maskc-error"] as? [String: Any])
        #expect(error["source"] as? String == "part-00002" && error["line"] as? Int == 2)
        let summary = try #require(records.last?["maskc-summary"] as? [String: Any])
        #expect(summary["source"] as? String == "part-00002")
        #expect(summary["trees"] as? Int == 2 && summary["unreadable"] as? Int == 1 && summary["views"] as? Int == 19)
        #expect(summary["findings"] as? [String: Int] == ["critical": 2, "medium": 1])
        let rules = try #require(summary["rules"] as? [[String: Any]])
        #expect(rules.count == 6)
        #expect(rules.first?["rule"] as? String == "unmask type=UIButton" && rules.first?["decided"] as? Int == 4)
        // No value reaches any record.
        #expect(!result.stdout.contains("jane@example.com") && !result.stdout.contains("4242"))
    }

    @Test("--summary-only writes the summary record alone; skip (the default) exits 2 on a bad line; --fail-on exits 1")
    func summaryAndCodes() throws {
        let input = try Self.stream()
        let summary = try CLIHarness.run(["audit", "--ndjson", "--summary-only", "--policy", Self.policy, "-"], stdin: Data(input.utf8))
        #expect(summary.exit == 2)
        let records = try Self.records(summary.stdout)
        #expect(records.count == 1 && records[0]["maskc-summary"] != nil)
        #expect(summary.stderr.contains("-:2:10: error:"))
        let gated = try CLIHarness.run(["audit", "--ndjson", "--summary-only", "--policy", Self.policy, "-", "--on-error", "record", "--fail-on", "critical"],
                                       stdin: Data(input.utf8))
        #expect(gated.exit == 1)
        let misuse = try CLIHarness.run(["audit", "--ndjson", "--format", "html", "--policy", Self.policy, "Examples/audit"])
        #expect(misuse.exit == 2)
        let alone = try CLIHarness.run(["audit", "--summary-only", "--policy", Self.policy, "Examples/audit"])
        #expect(alone.exit == 2)
    }
}
