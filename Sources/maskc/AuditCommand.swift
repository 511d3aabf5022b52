import ArgumentParser
import MaskAudit
import MaskEngine
import MaskJSON
import MaskPolicy

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit what a policy exposes on captured screens, before a release.",
        discussion: """
            Runs the policy over captures (maskc JSON, uiautomator, Appium, Rico, XCUITest; \
            files, folders, NDJSON) and reports, per screen and in total, the views masked \
            and exposed by kind; personal data sent in clear (e-mail, phone, payment card \
            (Luhn), IBAN (mod 97), government ids, secrets); views whose identifiers say \
            they hold sensitive data; rules that decided nothing and the broadest unmask \
            rules; with --baseline, every view whose decision changed, newly exposed first. \
            Values are never printed: a finding shows its kind, where, and a shape-only \
            excerpt. Exit codes: 0, or 1 when a finding reaches --fail-on; 2 usage error or \
            unreadable input; 3 a policy does not compile.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, html
    }

    @Option(name: .long, help: "The policy to audit (YAML).")
    var policy: String

    @Argument(help: "Captured screens: files, folders, NDJSON.")
    var captures: [String]

    @Option(name: .long, help: "The policy this release replaces: report every decision that changes.")
    var baseline: String?

    @Option(help: "Output format: text, json or html.")
    var format: Format = .text

    @Option(name: .long, help: "Exit 1 when a finding reaches this level: info, low, medium, high, critical.")
    var failOn: AuditLevel?

    @Option(name: .long, help: "The input format: auto, json, uiautomator, appium-android, rico, xcuitest.")
    var inputFormat: InputFormat = .auto

    @Option(name: .shortAndLong, help: "Write the report here instead of standard output.")
    var output: String?

    func validate() throws {
        guard !captures.isEmpty else { throw ValidationError("name at least one capture file or folder") }
    }

    func run() throws {
        let (table, _) = try PolicyLoader.load(policy)
        let old = try baseline.map { try PolicyLoader.load($0).0 }
        var auditor = Auditor(table: table, baseline: old)
        var previews: [(name: String, masked: String, wireframe: String)] = []
        let files = try TreeInputs.files(captures)
        let reader = TreeMasker(table: table)
        let unreadable = try TreeInputs.forEachTree(in: files, masker: reader, format: inputFormat) { item in
            auditor.add(item.document, name: item.name)
            if format == .html && previews.count < 200 {
                let renderer = ScreenRenderer(document: item.document, decisions: table.resolve(item.document.tree), table: table)
                previews.append((item.name, renderer.render(.masked), renderer.render(.wireframe)))
            }
        }
        let report = auditor.report()
        let text: String
        switch format {
        case .text: text = AuditReporter.text(report, policy: policy, baseline: baseline)
        case .json: text = AuditReporter.json(report, policy: policy, baseline: baseline)
        case .html: text = AuditReporter.html(report, policy: policy, baseline: baseline, previews: previews)
        }
        do {
            let sink = try OutputSink(path: output)
            var bytes = Array((text + "\n").utf8)
            try sink.flush(&bytes)
            try sink.commit()
        } catch {
            FileIO.printError("maskc: error: cannot write '\(output ?? "-")': \(error.message)")
            throw Reported(status: .outputFailed)
        }
        if unreadable > 0 {
            FileIO.printError("maskc: error: \(unreadable) capture\(unreadable == 1 ? "" : "s") could not be read")
            throw Reported(status: .usage)
        }
        if let failOn, let worst = report.worst, worst >= failOn { throw Reported(status: .findings) }
    }
}

extension AuditLevel: ExpressibleByArgument {}
