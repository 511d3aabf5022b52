import ArgumentParser

/// The `maskc` command line.
@main
struct Maskc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maskc",
        abstract: "Compile, check and apply masking policies for mobile session replay.",
        discussion: """
            Exit codes: 0 success; 1 findings fail the run (check, audit --fail-on, test, diff \
            --fail-on-exposure, fmt --check); 2 usage error or \
            unreadable input; 3 the policy does not compile (fmt: its YAML does not read); 4 a view tree cannot be read \
            (with --ndjson: a line was skipped, or --on-error fail stopped at one; never with \
            --on-error record); 5 the output cannot be written; 6 a mapped tree file changed \
            while it was read; 70 an internal error (a bug: the run stopped, partial outputs \
            removed); 129, 130, 143 stopped by SIGHUP, SIGINT, SIGTERM (partial outputs removed).
            """,
        version: "0.1.0",
        subcommands: [ApplyCommand.self, AuditCommand.self, CheckCommand.self, CompileCommand.self, ExplainCommand.self, RulesCommand.self, RenderCommand.self, EncodeCommand.self, DecodeCommand.self, TestCommand.self, DiffCommand.self, FmtCommand.self]
    )

    static func main() {
        // A closed pipe must be an error to report (exit 5), not a silent death.
        System.ignoreBrokenPipes()
        // A crash (a bug) ends with one line and exit 70: the runtime's backtrace would
        // print registers and memory, which can hold bytes of a tree's text.
        System.onCrash()
        // Ctrl-C or a cancelled job: no partial output is left behind.
        System.onInterrupt()
        let code: Int32
        do {
            var command = try parseAsRoot()
            if let displaying = command as? DisplayingCommand {
                DisplaySettings.current = displaying.display.settings(environment: System.environment("NO_COLOR"), isTerminal: System.isTerminal)
            }
            try command.run()
            code = 0
        } catch let reported as Reported {
            code = reported.status.rawValue
        } catch {
            let exit = exitCode(for: error)
            if exit == .success {
                print(fullMessage(for: error))
                code = 0
            } else if exit.rawValue == ExitCode.validationFailure.rawValue {
                FileIO.printErrorLines(fullMessage(for: error))
                code = ExitStatus.usage.rawValue
            } else {
                let message = fullMessage(for: error)
                if !message.isEmpty { FileIO.printErrorLines(message) }
                code = exit.rawValue
            }
        }
        Self.exit(withError: code == 0 ? nil : ExitCode(code))
    }
}
