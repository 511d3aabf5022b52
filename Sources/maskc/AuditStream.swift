import ArgumentParser
import MaskAudit
import MaskEngine
import MaskJSON

/// `maskc audit --ndjson`: captures read as a stream, findings written as they are found,
/// one JSON record a line, for an engine that aggregates them (a Spark job).
struct AuditStreamOptions: ParsableArguments {
    @Flag(help: "Read captures one per line; write one JSON record per finding, then a summary record.")
    var ndjson = false

    @Flag(help: "With --ndjson: write the summary record only.")
    var summaryOnly = false

    @Option(name: .long, help: "With --ndjson, a capture that cannot be read: fail (stop), skip (report it, exit 2 at the end), record (an error record in the findings, exit 0).")
    var onError: OnError = .skip

    @Option(name: .long, help: "With --ndjson: write one JSON error record per capture that cannot be read to this file.")
    var errors: String?

    @Option(name: .long, help: "With --ndjson: the name records give the input (a partition, a file).")
    var sourceLabel: String?

    func validate(_ audit: AuditCommand) throws {
        guard ndjson else {
            if summaryOnly || onError != .skip || errors != nil || sourceLabel != nil {
                throw ValidationError("--summary-only, --on-error, --errors and --source-label go with --ndjson")
            }
            return
        }
        if audit.earlierPolicy != nil || audit.accepted != nil || audit.writeAccepted != nil || audit.format != .text {
            throw ValidationError("--ndjson writes findings as they are found: --compare-policy, --accepted, --write-accepted and --format do not go with it")
        }
        if audit.keepGoing {
            throw ValidationError("--keep-going does not go with --ndjson: --on-error says what a capture that cannot be read does")
        }
        if errors == "-" && (audit.output == nil || audit.output == "-") {
            throw ValidationError("--errors - writes to standard output, which carries the findings: give -o, or name an errors file")
        }
    }
}

extension AuditCommand {
    /// The key of the record that ends a stream of findings.
    static let summaryKey = "maskc-summary"

    /// Audits a stream of captures: findings out as they are found, memory flat.
    func runStream() throws {
        let table = try PolicyLoader.load(policy)
        // `-` is standard input; folders give their tree files.
        let files = try InputFiles.trees(exclude: inputs.patterns()).expand(captures).files
        let reader = TreeMasker(table: table, limits: limits)
        var auditor = Auditor(table: table)
        var rollUp = AuditRollUp()
        try PathIdentity.checkErrorsFile(stream.errors, output: output, inputs: files)
        let sink = try OutputSink.opening(output)
        let errors: ErrorPolicy
        do {
            errors = try ErrorPolicy(mode: stream.onError, errorsPath: stream.errors)
        } catch {
            sink.discard()
            throw error
        }
        var buffer: [UInt8] = []
        let label = stream.sourceLabel ?? (captures.count == 1 ? captures[0] : nil)

        func audit(_ unit: TreeStream.Unit) throws {
            let document: TreeDocument
            do {
                document = try inputFormat.read(unit.bytes, file: unit.file, firstLine: unit.firstLine, masker: reader)
            } catch {
                try errors.report(ErrorRecord(error, source: unit.file), into: &buffer)
                return
            }
            errors.counted()
            auditor.add(document, name: "\(unit.file):\(unit.firstLine)")
            for screen in auditor.drainScreens() { rollUp.add(screen) }
            for finding in auditor.drainFindings() {
                rollUp.add(finding)
                if !stream.summaryOnly { Self.record(finding, source: unit.file, line: unit.firstLine).write(to: &buffer, pretty: false); buffer.append(0x0A) }
            }
            if buffer.count >= 1 << 20 { try sink.flush(&buffer) }
        }

        try errors.writing(to: sink, named: output) {
            do {
                for file in files {
                    let source = TreeStream.source(of: file, input: captures.count == 1 ? captures[0] : file, label: stream.sourceLabel)
                    do {
                        try TreeStream.forEachLine(of: file, source: source, limit: reader.limits.maximumBytes,
                                                   blankLines: stream.onError == .record, audit, tooLong: { record in
                            try errors.report(record, into: &buffer)
                        })
                    } catch let failure as FileIO.ReadError {
                        FileIO.printError("maskc: error: cannot read trees '\(file)': \(failure.message)")
                        throw Reported(status: .usage)
                    }
                }
            } catch is ErrorPolicy.Stop {
                try sink.flush(&buffer)
                throw ErrorPolicy.Stop()
            }
            var summary = rollUp.json(table: table, counts: auditor.ruleCounts, failed: errors.failed)
            if let label { summary["source"] = .string(label) }
            JSONValue.object([Self.summaryKey: .object(summary)]).write(to: &buffer, pretty: false)
            buffer.append(0x0A)
            try sink.flush(&buffer)
        }
        try errors.finish(input: label ?? captures.joined(separator: " "), failure: .usage)
        if let failOn, let worst = rollUp.worst, worst >= failOn { throw Reported(status: .findings) }
    }

    /// One finding as a stream record: where (source, line, screen, view, class,
    /// field), what (level, category, rule, message, shape-only excerpt) and its
    /// fingerprint. Keys sorted.
    static func record(_ finding: AuditFinding, source: String, line: Int) -> JSONValue {
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            "source": .string(source), "line": .int(line), "screen": optional(finding.screen),
            "level": .string(finding.level.rawValue), "category": .string(finding.category),
            "view": optional(finding.view), "class": optional(finding.className), "field": optional(finding.field),
            "rule": optional(finding.rule), "excerpt": optional(finding.excerpt),
            "fingerprint": .string(finding.fingerprint.digest), "message": .string(finding.message),
        ])
    }
}

/// The totals of a stream audit, kept as it goes (memory grows with the screens' names,
/// not with the captures): what the summary record says.
struct AuditRollUp {
    struct Screen {
        var trees = 0, views = 0, masked = 0, exposed = 0, findings = 0
    }

    private(set) var trees = 0
    private(set) var views = 0
    private var masked: [ViewKind: Int] = [:]
    private var exposed: [ViewKind: Int] = [:]
    private var levels: [AuditLevel: Int] = [:]
    private var categories: [String: Int] = [:]
    /// By screen name ("" for trees without one).
    private var screens: [String: Screen] = [:]
    private(set) var worst: AuditLevel?

    mutating func add(_ summary: ScreenSummary) {
        trees += 1
        views += summary.views
        var screen = screens[summary.screen ?? "", default: Screen()]
        screen.trees += 1
        screen.views += summary.views
        for (kind, n) in summary.masked { masked[kind, default: 0] += n; screen.masked += n }
        for (kind, n) in summary.exposed { exposed[kind, default: 0] += n; screen.exposed += n }
        screens[summary.screen ?? ""] = screen
    }

    mutating func add(_ finding: AuditFinding) {
        levels[finding.level, default: 0] += 1
        categories[finding.category, default: 0] += 1
        screens[finding.screen ?? "", default: Screen()].findings += 1
        worst = max(worst ?? finding.level, finding.level)
    }

    /// The summary's members. `rules` gives every rule's matched and decided counts,
    /// which add up over the parts of a corpus.
    func json(table: DecisionTable, counts: (matched: [Int], decided: [Int]), failed: Int) -> [String: JSONValue] {
        [
            "trees": .int(trees),
            "unreadable": .int(failed),
            "views": .int(views),
            "masked": AuditReporter.countsJSON(masked),
            "exposed": AuditReporter.countsJSON(exposed),
            "findings": .object(Dictionary(uniqueKeysWithValues: levels.map { ($0.key.rawValue, JSONValue.int($0.value)) })),
            "categories": .object(categories.mapValues(JSONValue.int)),
            "screens": .array(screens.keys.sorted().map { name in
                let s = screens[name]!
                return .object(["screen": name.isEmpty ? .null : .string(name), "trees": .int(s.trees), "views": .int(s.views),
                                "masked": .int(s.masked), "exposed": .int(s.exposed), "findings": .int(s.findings)])
            }),
            "rules": .array(table.rules.indices.map { index in
                let rule = table.rules[index]
                return .object(["rule": .string("\(rule.action.rawValue) \(rule.selector)"),
                                "origin": rule.origin.map { .string($0.description) } ?? .null,
                                "matched": .int(counts.matched[index]), "decided": .int(counts.decided[index])])
            }),
        ]
    }
}
