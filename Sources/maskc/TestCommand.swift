import ArgumentParser
import MaskDiagnostics
import MaskEngine
import MaskJSON
import MaskPolicy

/// `maskc test PATH...`: policy unit tests (`*.masktest.yaml`).
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run policy tests (*.masktest.yaml): what a policy must mask and expose on given trees.",
        discussion: """
            Each test file names a policy, trees or captures, and expectations: a view (by \
            id, identifier, target or selector) is masked, unmasked, secure or left out, \
            optionally decided by a given rule; no view of a class is exposed; nothing the \
            audit's e-mail, card or phone detectors match is exposed. Folders are searched \
            for *.masktest.yaml. Prints FILE:LINE:COL for every failing expectation with \
            expected and actual, then a summary; --format junit writes JUnit XML; \
            --coverage lists the rules that decided no view in any test. Exit codes: 0 all \
            passed, 1 an expectation failed, 2 a test file cannot be read or is invalid, 3 a \
            policy does not compile, 4 a tree cannot be read.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, junit
    }

    @Argument(help: "Test files (*.masktest.yaml) or folders holding them.", completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String]

    @Option(help: "Output format: text or junit.")
    var format: Format = .text

    @Flag(help: "List every rule that decided no view in any test, and the share of rules covered.")
    var coverage = false

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("name at least one test file or folder") }
    }

    func run() throws {
        let files = try Self.testFiles(paths)
        guard !files.isEmpty else {
            FileIO.printError("maskc: error: no *.masktest.yaml file in \(paths.joined(separator: ", "))")
            throw Reported(status: .usage)
        }
        var runner = PolicyTestRunner()
        var outcomes: [ExpectationOutcome] = []
        for file in files { outcomes += try runner.run(file) }
        let tallies = coverage ? runner.policyOrder.compactMap { runner.coverage(of: $0) } : nil
        switch format {
        case .text: try FileIO.printOutput(TestReporter.text(outcomes, files: files, coverage: tallies))
        case .junit: try FileIO.printOutput(TestReporter.junit(outcomes, files: files, coverage: tallies))
        }
        if outcomes.contains(where: { !$0.passed }) { throw Reported(status: .findings) }
    }

    /// The test files named: files as given, folders searched for `*.masktest.yaml`
    /// (sorted).
    static func testFiles(_ paths: [String]) throws(Reported) -> [String] {
        try InputFiles.policyTests().expand(paths).files
    }
}
