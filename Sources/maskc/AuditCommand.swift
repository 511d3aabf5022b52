import ArgumentParser
import MaskAudit
import MaskEngine
import MaskJSON
import MaskPreview
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
            rules; with --compare-policy, every view whose decision changed, newly exposed \
            first. Values are never printed: a finding shows its kind, where, and a \
            shape-only excerpt. --write-accepted records today's findings by fingerprint \
            (detector, screen, view, field; never the value) for a team to justify; \
            --accepted hides those and reports entries that no longer occur. Exit codes: \
            0, or 1 when a finding reaches --fail-on; 2 usage error or unreadable input \
            (an accepted-findings file included); 3 a policy does not compile.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, html
    }

    @Option(name: .long, help: "The policy to audit (YAML, or a portable table from compile --emit table).", completion: .file(extensions: ["yaml", "yml", "mtab"]))
    var policy: String

    @Argument(help: "Captured screens: files, folders, NDJSON, '-' for standard input.", completion: .file(extensions: ["json", "ndjson", "jsonl", "xml"]))
    var captures: [String]

    @Option(name: .long, help: "The policy this release replaces: report every decision that changes.", completion: .file(extensions: ["yaml", "yml"]))
    var comparePolicy: String?

    @Option(name: .long, help: "Deprecated name of --compare-policy, accepted for one release.")
    var baseline: String?

    @Option(name: .long, help: "Hide the findings this file accepts (written by --write-accepted, each with a justification).")
    var accepted: String?

    @Option(name: .long, help: "Write today's findings to this file as accepted findings to justify (kept justifications from --accepted).")
    var writeAccepted: String?

    @Option(help: "Output format: text, json or html.")
    var format: Format = .text

    @Option(name: .long, help: "Exit 1 when a finding reaches this level: info, low, medium, high, critical.")
    var failOn: AuditLevel?

    @Option(name: .long, help: "The input format: auto, json, uiautomator, appium-android, rico, xcuitest.")
    var inputFormat: InputFormat = .auto

    @Option(name: .shortAndLong, help: "Write the report here instead of standard output.", completion: .file())
    var output: String?

    @Option(name: .long, help: "The deepest JSON nesting accepted (a view takes two levels).")
    var maxDepth: Int = JSONLimits.standard.maximumDepth

    @Option(name: .long, help: "The largest capture (file, or NDJSON line) accepted, in bytes.")
    var maxBytes: Int = JSONLimits.standard.maximumBytes

    @OptionGroup var stream: AuditStreamOptions

    @OptionGroup var inputs: ExcludeOptions

    @Flag(name: .long, help: keepGoingHelp)
    var keepGoing = false

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard !captures.isEmpty else { throw ValidationError("name at least one capture file or folder") }
        if comparePolicy != nil && baseline != nil { throw ValidationError("give --compare-policy or --baseline, not both") }
        guard maxDepth > 0 else { throw ValidationError("--max-depth must be positive") }
        guard maxBytes > 0 && maxBytes <= JSONLimits.standard.maximumBytes else {
            throw ValidationError("--max-bytes must be between 1 and \(JSONLimits.standard.maximumBytes)")
        }
        try stream.validate(self)
    }

    /// `--max-depth` and `--max-bytes`.
    var limits: JSONLimits { JSONLimits(maximumDepth: maxDepth, maximumBytes: maxBytes) }

    /// The earlier policy to compare with, by either name.
    var earlierPolicy: String? { comparePolicy ?? baseline }

    func run() throws {
        if stream.ndjson { return try runStream() }
        if baseline != nil {
            FileIO.printWarning("maskc: warning: --baseline is deprecated: it compares with an earlier policy, now named --compare-policy (for accepted findings, see --accepted)")
        }
        let table = try PolicyLoader.load(policy)
        let old = try earlierPolicy.map { try PolicyLoader.load($0) }
        let acceptedFindings = try accepted.map(Self.readAccepted)
        var auditor = Auditor(table: table, baseline: old)
        var previews: [(name: String, masked: String, wireframe: String)] = []
        let (files, missing) = try InputFiles.trees(exclude: inputs.patterns(), keepGoing: keepGoing).expand(captures)
        let reader = TreeMasker(table: table, limits: limits)
        let failed = try TreeInputs.forEachTree(in: files, masker: reader, format: inputFormat, keepGoing: keepGoing) { item in
            auditor.add(item.document, name: item.name)
            if format == .html && previews.count < 200 {
                let renderer = ScreenRenderer(document: item.document, decisions: TreeMasker(table: table).decide(item.document), table: table)
                previews.append((item.name, renderer.render(.masked), renderer.render(.wireframe)))
            }
        }
        let unreadable = missing + failed
        let full = auditor.report()
        if let writeAccepted {
            let findings = full.findings.filter { $0.category != "stale-accepted" }
            try Self.write(AcceptedFindings.render(findings, keeping: acceptedFindings), to: writeAccepted)
        }
        let report = acceptedFindings?.filter(full) ?? full
        let baseline = earlierPolicy
        let text: String
        switch format {
        case .text: text = AuditReporter.text(report, policy: policy, baseline: baseline, accepted: accepted)
        case .json: text = AuditReporter.json(report, policy: policy, baseline: baseline, accepted: accepted)
        case .html: text = AuditReporter.html(report, policy: policy, baseline: baseline, accepted: accepted, previews: previews)
        }
        try Self.write(text + "\n", to: output)
        if unreadable > 0 {
            FileIO.printError("maskc: error: \(unreadable) capture\(unreadable == 1 ? "" : "s") could not be read")
            throw Reported(status: .usage)
        }
        if let failOn, let worst = report.worst, worst >= failOn { throw Reported(status: .findings) }
    }
}

extension AuditCommand {
    /// Reads an accepted-findings file; a bad one is a usage error naming its position.
    static func readAccepted(_ path: String) throws -> AcceptedFindings {
        let bytes = try PolicyLoader.readInput(path, what: "accepted-findings file")
        do {
            return try AcceptedFindings.parse(bytes, file: path)
        } catch {
            FileIO.printError(error.rendered)
            throw Reported(status: .usage)
        }
    }

    /// Writes a report or file whole (no partial file on failure), or fails with exit 5.
    static func write(_ text: String, to path: String?) throws {
        var bytes = Array(text.utf8)
        try OutputSink.write(&bytes, to: path)
    }
}

extension AuditLevel: ExpressibleByArgument {}
