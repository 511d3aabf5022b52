import ArgumentParser

/// When to style output for a person: `auto` on a terminal only.
enum StyleChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never
}

/// The options every command takes for how it talks to a person: `--quiet`,
/// `--color`, `--excerpts`. They change text meant for reading (the text reports of
/// `check`, and standard error), never JSON, SARIF, NDJSON, trees or exit codes.
struct DisplayOptions: ParsableArguments {
    @Flag(name: .long, help: "Print errors only: no warnings or notes on standard error, and only error findings in check's text report.")
    var quiet = false

    @Option(name: .long, help: "Colour severities: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: StyleChoice = .auto

    @Option(name: .long, help: "Show each policy finding's source line with a caret under its column: auto (on a terminal), always or never.")
    var excerpts: StyleChoice = .auto

    /// The settings these options make, for output going to `fd`.
    func settings(environment noColor: String?, isTerminal: (System.Descriptor) -> Bool) -> DisplaySettings {
        func decide(_ choice: StyleChoice, _ fd: System.Descriptor, honouringNoColor: Bool) -> Bool {
            switch choice {
            case .always: return true
            case .never: return false
            case .auto: return isTerminal(fd) && !(honouringNoColor && !(noColor ?? "").isEmpty)
            }
        }
        return DisplaySettings(
            quiet: quiet,
            colorOutput: decide(color, System.standardOutput, honouringNoColor: true),
            colorErrors: decide(color, System.standardError, honouringNoColor: true),
            excerptsOutput: decide(excerpts, System.standardOutput, honouringNoColor: false),
            excerptsErrors: decide(excerpts, System.standardError, honouringNoColor: false))
    }
}

/// A command that takes ``DisplayOptions``; `maskc` applies them before it runs.
protocol DisplayingCommand {
    var display: DisplayOptions { get }
}
