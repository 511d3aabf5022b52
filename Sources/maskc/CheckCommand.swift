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
            or the line above. Folders are searched for *.yaml and *.yml policies (not \
            *.masktest.yaml). With no policy named, checks what the nearest .maskc.yml \
            (from the working directory up, or --config) lists under 'policies' and 'trees'; \
            its 'rules' set each lint rule's severity (disabled, note, warning, error) and \
            paths a rule is off for, and its 'exclude' leaves paths out of folder searches. \
            With --trees, also runs the policy over captured trees \
            (JSON files, folders, NDJSON) to find dead selectors and views exposed by an \
            ancestor, and sums up how many views each rule decided. Exit codes: 0 no error \
            (with --strict: no warning either), 1 findings fail the run, 2 usage error or \
            unreadable input.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
    }

    @Argument(help: ArgumentHelp("The policies to check: files or folders (default: the config file's 'policies').", valueName: "policy"),
              completion: .file(extensions: ["yaml", "yml"]))
    var policies: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: "Captured trees to run the policies over: files, folders, NDJSON (default: the config file's 'trees').",
            completion: .file(extensions: ["json", "ndjson", "jsonl", "xml"]))
    var trees: [String] = []

    @Option(name: .long, help: "The config file to use instead of the nearest .maskc.yml ('none': no config file).",
            completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    @OptionGroup var inputs: ExcludeOptions

    @Flag(name: .long, help: keepGoingHelp)
    var keepGoing = false

    @Flag(name: .long, help: filterFilesHelp)
    var filterFiles = false

    @Option(help: "Output format: text, json or sarif.")
    var format: Format = .text

    @Option(name: .long, help: "The format of --trees: auto, json, uiautomator, appium-android, rico, xcuitest.")
    var inputFormat: InputFormat = .auto

    @Flag(help: "Fail on warnings as well as errors.")
    var strict = false

    @Option(name: .shortAndLong, help: "Write the report here instead of standard output.", completion: .file())
    var output: String?

    @OptionGroup var display: DisplayOptions

    func run() throws {
        let config = try ProjectConfig.load(explicit: self.config)
        let policyPaths = policies.isEmpty ? config?.policies ?? [] : policies
        guard !policyPaths.isEmpty else {
            let why = config.map { "'\($0.file)' lists no 'policies'" }
                ?? (self.config == "none" ? "--config none" : "no \(ProjectConfig.fileName) was found from here up")
            FileIO.printError("maskc: error: no policy to check: name policy files or folders, or list them under 'policies' in \(ProjectConfig.fileName) (\(why))")
            throw Reported(status: .usage)
        }
        // The config's trees go with the config's policies only.
        let treePaths = trees.isEmpty && policies.isEmpty ? config?.trees ?? [] : trees
        let exclude = inputs.patterns(config: config)
        var search = InputFiles.policies(exclude: exclude, keepGoing: keepGoing)
        search.filterNamed = filterFiles
        let (files, missingPolicies) = try search.expand(policyPaths)
        // Every file named was filtered out (pre-commit with no policy among the changes).
        if files.isEmpty && missingPolicies == 0 && filterFiles { return }
        var unreadablePolicies = missingPolicies
        var sources: [(String, [UInt8], PolicyCompilation)] = []
        for path in files {
            guard let bytes = try PolicyLoader.readInput(path, what: "policy", keepGoing: keepGoing), !PolicyLoader.refusesTable(bytes, path: path) else {
                unreadablePolicies += 1
                continue
            }
            sources.append((path, bytes, PolicyCompiler.compile(bytes, file: path, read: PolicyLoader.readBase)))
        }
        if sources.isEmpty && unreadablePolicies == 0 {
            FileIO.printError("maskc: error: no policy (*.yaml, *.yml) found in \(policyPaths.map { "'\($0)'" }.joined(separator: ", "))")
            throw Reported(status: .usage)
        }
        var corpora: [CorpusReport?] = sources.map { $0.2.table.map(CorpusReport.init(table:)) }
        var unreadable = 0
        if !treePaths.isEmpty {
            let (treeFiles, missing) = try InputFiles.trees(exclude: exclude, keepGoing: keepGoing).expand(treePaths)
            let reader = TreeMasker(table: DecisionTable(policy: MaskingPolicy()))
            let failed = try TreeInputs.forEachTree(in: treeFiles, masker: reader, format: inputFormat, keepGoing: keepGoing) { item in
                for index in corpora.indices { corpora[index]?.add(item.document.tree, name: item.name, content: item.document.carriedContent(of:)) }
            }
            unreadable = missing + failed
        }
        let reports = sources.enumerated().map { index, source in
            let report = PolicyLinter.lint(source.2, source: source.1, file: source.0, corpus: treePaths.isEmpty ? nil : corpora[index])
            return config?.apply(to: report) ?? report
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
        if unreadablePolicies > 0 {
            FileIO.printError("maskc: error: \(unreadablePolicies) polic\(unreadablePolicies == 1 ? "y" : "ies") could not be read")
        }
        if unreadable > 0 {
            FileIO.printError("maskc: error: \(unreadable) tree\(unreadable == 1 ? "" : "s") could not be read")
        }
        if unreadable > 0 || unreadablePolicies > 0 { throw Reported(status: .usage) }
        let c = CheckReporter.counts(reports)
        if c.errors > 0 || (strict && c.warnings > 0) { throw Reported(status: .findings) }
    }
}
