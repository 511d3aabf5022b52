import MaskAudit
import MaskEngine
import MaskJSON
import MaskPolicy
import Testing

@Suite("Auditor")
struct AuditorTests {
    static func table(_ yaml: String) throws -> DecisionTable {
        try #require(PolicyCompiler.compile(yaml, file: "p.yaml").table)
    }

    static func document(_ json: String, _ table: DecisionTable) throws -> TreeDocument {
        try TreeMasker(table: table).read(Array(json.utf8), file: "t.json")
    }

    static let screen = """
        {"screen": "Home", "root": {"class": "UIView", "children": [
          {"class": "UILabel", "accessibilityIdentifier": "home.email", "text": "jane@example.com"},
          {"class": "UILabel", "accessibilityIdentifier": "home.promo", "text": "Free shipping"},
          {"class": "UITextField", "accessibilityIdentifier": "login.password", "text": "hunter2"},
          {"class": "UITextField", "accessibilityIdentifier": "login.pin", "isSecureTextEntry": true, "text": "1234"},
          {"class": "MKMapView", "children": [{"class": "UILabel", "text": "jane@example.com"}]}
        ]}}
        """

    @Test("exposed personal data is critical, with a shape-only excerpt")
    func exposedValue() throws {
        let table = try Self.table("version: 1\ndefault: mask\nrules:\n  - unmask: { accessibilityIdentifier: \"home.*\" }\n    reason: r\n")
        var auditor = Auditor(table: table)
        auditor.add(try Self.document(Self.screen, table), name: "t.json")
        let report = auditor.report()
        let critical = report.findings.filter { $0.level == .critical }
        #expect(critical.map(\.category) == ["email"])
        #expect(critical.first?.view == "0.0")
        #expect(critical.first?.excerpt == "xxxx@xxxxxxx.xxx")
        // No finding carries a value in clear.
        for finding in report.findings {
            #expect(!finding.message.contains("jane@example.com"))
            #expect(!(finding.excerpt ?? "").contains("jane"))
        }
        // The map's child is not emitted: not counted, not a finding.
        #expect(report.screens.first?.notEmitted == 1)
        #expect(report.worst == .critical)
    }

    @Test("a text view named for secure entry but not flagged: high when exposed, medium when masked")
    func secureEntryNotFlagged() throws {
        let masked = try Self.table("version: 1\ndefault: mask\n")
        var auditor = Auditor(table: masked)
        auditor.add(try Self.document(Self.screen, masked), name: "t.json")
        let findings = auditor.report().findings.filter { $0.category == "secure-entry-not-flagged" }
        #expect(findings.map(\.view) == ["0.2"])
        #expect(findings.first?.level == .medium)

        let open = try Self.table("version: 1\ndefault: unmask\n")
        var exposed = Auditor(table: open)
        exposed.add(try Self.document(Self.screen, open), name: "t.json")
        let report = exposed.report()
        #expect(report.findings.first { $0.category == "secure-entry-not-flagged" }?.level == .high)
        // The flagged PIN field is secure: its text is bullets, not a finding.
        #expect(!report.findings.contains { $0.view == "0.3" })
    }

    @Test("counts masked and exposed views by kind")
    func counts() throws {
        let table = try Self.table("version: 1\ndefault: mask\nrules:\n  - unmask: { accessibilityIdentifier: home.promo }\n    reason: r\n")
        var auditor = Auditor(table: table)
        auditor.add(try Self.document(Self.screen, table), name: "t.json")
        let screen = try #require(auditor.report().screens.first)
        #expect(screen.exposed == [.text: 1])
        #expect(screen.masked == [.other: 1, .text: 3, .map: 1])
    }

    @Test("with a baseline: changed decisions, newly exposed first")
    func baseline() throws {
        let new = try Self.table("version: 1\ndefault: mask\nrules:\n  - unmask: { accessibilityIdentifier: \"home.*\" }\n    reason: r\n  - mask: { type: UIView, recursive: false }\n")
        let old = try Self.table("version: 1\ndefault: unmask\nrules:\n  - mask: { accessibilityIdentifier: \"home.*\" }\n")
        var auditor = Auditor(table: new, baseline: old)
        auditor.add(try Self.document(Self.screen, new), name: "t.json")
        let changes = try #require(auditor.report().changes)
        #expect(changes.first.map { !$0.isMasked && $0.wasMasked } == true)
        #expect(changes.filter { !$0.isMasked }.map(\.view) == ["0.0", "0.1"])
        // 0.3 is a secure PIN field: masked under both policies, so no change.
        #expect(changes.filter { $0.isMasked }.map(\.view) == ["0", "0.2"])
    }

    @Test("dead selectors and the broadest unmask rules")
    func ruleFindings() throws {
        let table = try Self.table("version: 1\ndefault: mask\nrules:\n  - unmask: { type: UILabel }\n    reason: r\n  - mask: { accessibilityIdentifier: nowhere }\n")
        var auditor = Auditor(table: table)
        auditor.add(try Self.document(Self.screen, table), name: "t.json")
        let findings = auditor.report().findings
        #expect(findings.contains { $0.category == "dead-selector" && $0.message.contains("nowhere") })
        #expect(findings.contains { $0.category == "top-unmask" && $0.message.contains("decides 3 views") })
    }
}
