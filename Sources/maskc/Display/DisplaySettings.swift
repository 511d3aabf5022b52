import MaskDiagnostics
import MaskJSON

/// How this run talks to a person: set once from ``DisplayOptions`` before the command
/// runs, read wherever text for reading is made.
struct DisplaySettings: Sendable {
    /// Errors only.
    var quiet = false
    /// Colour in standard output's text, and in standard error's.
    var colorOutput = false
    var colorErrors = false
    /// Source excerpts under policy findings, in standard output's text and standard error's.
    var excerptsOutput = false
    var excerptsErrors = false

    /// The settings of this run (plain until a command's options set them).
    nonisolated(unsafe) static var current = DisplaySettings()

    /// Whether a finding of this severity is shown.
    func shows(_ severity: Severity) -> Bool { !quiet || severity == .error }
}

/// Terminal styles (ANSI SGR), applied only to text maskc itself writes around
/// escaped content (``ReportText``), so no input can carry a control sequence through.
enum TerminalStyle {
    static func severity(_ severity: Severity, _ text: String) -> String {
        switch severity {
        case .error: return "\u{1B}[1;31m" + text + "\u{1B}[0m"
        case .warning: return "\u{1B}[1;33m" + text + "\u{1B}[0m"
        case .note: return "\u{1B}[1;36m" + text + "\u{1B}[0m"
        }
    }

    static func caret(_ text: String) -> String { "\u{1B}[1;32m" + text + "\u{1B}[0m" }
    static func dim(_ text: String) -> String { "\u{1B}[2m" + text + "\u{1B}[0m" }
}
