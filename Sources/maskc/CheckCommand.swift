import ArgumentParser
import MaskCorpus
import MaskEngine
import MaskJSON
import MaskPolicy

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint masking policies: find mistakes before they leak data.",
        discussion: """
            Prints FILE:LINE:COL: severity: message [rule-id], one finding per line, sorted \
            by position. Silence a finding with '# maskc:disable=RULE-ID reason' on its line \
            or the line above. With --trees, also runs the policy over captured trees \
            (JSON files, folders, NDJSON) to find dead selectors and views exposed by an \
            ancestor, and sums up how many views each rule decided. Exit codes: 0 no error \
            (with --strict: no warning either), 1 findings fail the run, 2 usage error or \
            unreadable input.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
    }

    @Argument(help: "The policies to check.")
    var policies: [String]

    @Option(name: .long, parsing: .upToNextOption, help: "Captured trees to run the policies over: files, folders, NDJSON.")
    var trees: [String] = []

    @Option(help: "Output format: text, json or sarif.")
    var format: Format = .text

    @Option(name: .long, help: "The format of --trees: auto, json, uiautomator, appium-android, rico, xcuitest.")
    var inputFormat: InputFormat = .auto

    @Flag(help: "Fail on warnings as well as errors.")
    var strict = false

    @Option(name: .shortAndLong, help: "Write the report here instead of standard output.")
    var output: String?

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard !policies.isEmpty else { throw ValidationError("name at least one policy to check") }
    }

    func run() throws {
        var sources: [(String, [UInt8], PolicyCompilation)] = []
        for path in policies {
            let bytes = try PolicyLoader.readInput(path, what: "policy")
            sources.append((path, bytes, PolicyCompiler.compile(bytes, file: path, read: PolicyLoader.readBase)))
        }
        var corpora: [CorpusReport?] = sources.map { $0.2.table.map(CorpusReport.init(table:)) }
        var unreadable = 0
        if !trees.isEmpty {
            let files = try TreeInputs.files(trees)
            let reader = TreeMasker(table: DecisionTable(policy: MaskingPolicy()))
            unreadable = try TreeInputs.forEachTree(in: files, masker: reader, format: inputFormat) { item in
                for index in corpora.indices { corpora[index]?.add(item.document.tree, name: item.name) }
            }
        }
        let reports = sources.enumerated().map { index, source in
            PolicyLinter.lint(source.2, source: source.1, file: source.0, corpus: trees.isEmpty ? nil : corpora[index])
        }
        let report: String
        switch format {
        case .text: report = CheckReporter.text(reports, sources: Dictionary(sources.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a }),
                                                display: DisplaySettings.current)
        case .json: report = CheckReporter.json(reports)
        case .sarif: report = CheckReporter.sarif(reports)
        }
        var bytes = report.isEmpty ? [] : Array((report + "\n").utf8)
        try OutputSink.write(&bytes, to: output)
        if unreadable > 0 {
            FileIO.printError("maskc: error: \(unreadable) tree\(unreadable == 1 ? "" : "s") could not be read")
            throw Reported(status: .usage)
        }
        let c = CheckReporter.counts(reports)
        if c.errors > 0 || (strict && c.warnings > 0) { throw Reported(status: .findings) }
    }
}
