/// How serious a finding is.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One finding about a policy: from the compiler (which stops on errors) or the linter.
///
/// Messages never quote user data from view trees: only policy text, class names and
/// identifiers, which are code.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// How serious it is.
    public var severity: Severity
    /// The rule that found it (kebab-case, e.g. `unknown-key`).
    public var ruleID: String
    /// One line saying what is wrong.
    public var message: String
    /// Where.
    public var range: SourceRange
    /// A short suggestion (`did you mean 'UILabel'?`), if there is one.
    public var hint: String?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ ruleID: String, _ message: String, at range: SourceRange, hint: String? = nil) {
        self.severity = severity
        self.ruleID = ruleID
        self.message = message
        self.range = range
        self.hint = hint
    }

    /// `FILE:LINE:COL: severity: message (hint) [rule-id]`, on one line.
    public var rendered: String {
        var text = "\(range.location): \(severity.rawValue): \(message)"
        if let hint { text += " (\(hint))" }
        return text + " [\(ruleID)]"
    }

    /// Sorts diagnostics by file, position, then rule id and message, for stable output.
    public static func sorted(_ list: [Diagnostic]) -> [Diagnostic] {
        list.sorted { a, b in
            if a.range.file != b.range.file { return a.range.file < b.range.file }
            if a.range.start != b.range.start { return a.range.start < b.range.start }
            if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
            return a.message < b.message
        }
    }
}
