import ArgumentParser
import MaskDiagnostics
import MaskPolicy

/// `maskc fmt [--check] [--diff] [-o OUT] POLICY|FOLDER...`: the canonical layout of
/// policy files, every comment kept.
struct FmtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Rewrite policy files in the canonical layout, keeping every comment.",
        discussion: """
            Folders are searched for *.yaml and *.yml files (sorted; hidden entries are \
            skipped). Policy tests (*.masktest.yaml: top-level policy, trees, expect) are \
            laid out with their own key order. A file is rewritten only when its \
            layout changes; '-' reads standard input and writes standard output. With \
            --check nothing is written: each file that would change is listed as \
            'FILE: not formatted' (with --diff, followed by a unified diff). Exit codes: 0 \
            every file is formatted, 1 --check found a file that is not, 2 usage error or \
            unreadable file, 3 a file's YAML does not read (the highest applies).
            """
    )

    @Argument(help: "Policy files or folders; '-' is standard input.", completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String]

    @Flag(help: "Write nothing; list the files that are not formatted and exit 1 if there is one.")
    var check = false

    @Flag(help: "With --check, show how each file would change, as a unified diff.")
    var diff = false

    @Option(name: .shortAndLong, help: "Write the formatted policy here instead of in place (one input only).", completion: .file())
    var output: String?

    @OptionGroup var inputs: ExcludeOptions

    @Flag(name: .long, help: filterFilesHelp)
    var filterFiles = false

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("name at least one policy file or folder") }
        if diff && !check { throw ValidationError("--diff goes with --check") }
        if output != nil {
            if check { throw ValidationError("--check writes nothing: it takes no -o") }
            if paths.count != 1 || TreeInputs.isDirectory(paths[0]) { throw ValidationError("-o takes exactly one policy file") }
        }
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("'-' (standard input) may be named once") }
    }

    func run() throws {
        let files = try Self.policyFiles(paths, exclude: inputs.patterns(), filterNamed: filterFiles)
        var worst = ExitStatus.success
        func fail(_ status: ExitStatus) { if status.rawValue > worst.rawValue { worst = status } }
        var report: [UInt8] = []
        for path in files {
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(path, limit: PolicyLimits.standard.maximumBytes)
            } catch {
                FileIO.printError("maskc: error: cannot read policy '\(path)': \(error.message)")
                fail(.usage)
                continue
            }
            if PolicyLoader.refusesTable(bytes, path: path) {
                fail(.usage)
                continue
            }
            // Named as given, `-` for standard input, as every command names its inputs.
            let label = path
            let formatted: [UInt8]
            switch PolicyFormatter.format(bytes, file: label, wholeFiles: true) {
            case .success(let result):
                formatted = result
            case .failure(let failure):
                for diagnostic in failure.diagnostics { FileIO.printDiagnostic(diagnostic, source: bytes) }
                fail(.invalidPolicy)
                continue
            }
            if check {
                guard formatted != bytes else { continue }
                report += Array("\(label): not formatted\n".utf8)
                if diff { report += Array(LineDiff.unified(old: bytes, new: formatted, name: label).utf8) }
                fail(.findings)
            } else if path == "-" || output != nil {
                var out = formatted
                try OutputSink.write(&out, to: output)
            } else if formatted != bytes {
                var out = formatted
                try OutputSink.write(&out, to: path)
            }
        }
        if !report.isEmpty { try OutputSink.write(&report, to: nil) }
        if worst != .success { throw Reported(status: worst) }
    }

    /// The files named: files as given, folders searched for policies and policy tests
    /// (`*.yaml`, `*.yml` with a top-level `version:` or `policy:` line; sorted; hidden
    /// entries and `--exclude` matches skipped).
    static func policyFiles(_ paths: [String], exclude: [PathGlob] = [], filterNamed: Bool = false) throws(Reported) -> [String] {
        var files: [String] = []
        var search = InputFiles.policiesAndTests(exclude: exclude)
        search.filterNamed = filterNamed
        for path in paths {
            // Standard input, and a file that cannot be read, are read (and reported) with the others.
            guard path != "-", let status = System.status(atPath: path) else {
                files.append(path)
                continue
            }
            let found = try search.expand([path]).files
            if status.isDirectory && found.isEmpty {
                FileIO.printError("maskc: error: no policy file (*.yaml, *.yml) in '\(path)'")
                throw Reported(status: .usage)
            }
            files += found
        }
        return files
    }
}
