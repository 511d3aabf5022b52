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

/// One finding: about a policy (from the compiler, which stops on errors, or the
/// linter), or about an input that cannot be read (a view tree, a capture). Every
/// reader produces these, and ``rendered`` is the one place they become text.
///
/// Messages never quote user data from view trees: only policy text, class names and
/// identifiers, which are code, and keys of the tree schema and positions.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// What kind of file a diagnostic is about.
    public enum Subject: String, Sendable, Hashable, Codable, CaseIterable {
        /// A policy: findings carry a rule id that `# maskc:disable=` silences.
        case policy
        /// A view tree (JSON): errors carry the JSON path of the value at fault.
        case tree
        /// A capture of another tool (XML or Rico JSON) being imported.
        case capture
        /// A configuration file (`.maskc.yml`, accepted findings).
        case config
    }

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
    /// For a tree, the JSON path of the value at fault (`$.root.children[0].<key 3>`).
    public var path: String?
    /// What kind of file it is about.
    public var subject: Subject

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ ruleID: String, _ message: String, at range: SourceRange, hint: String? = nil,
                path: String? = nil, subject: Subject = .policy) {
        self.severity = severity
        self.ruleID = ruleID
        self.message = message
        self.range = range
        self.hint = hint
        self.path = path
        self.subject = subject
    }

    /// The diagnostic on one line: `FILE:LINE:COL: severity: message at PATH (hint) [rule-id]`.
    ///
    /// The path shows for trees. The rule id shows for policies, where it is what a
    /// `# maskc:disable=` comment names; an input's error has nothing to silence, and
    /// reads as a compiler's does (its id is in the JSON error records).
    public var rendered: String {
        var text = "\(range.location): \(severity.rawValue): \(message)"
        if let path { text += " at \(path)" }
        if let hint { text += " (\(hint))" }
        return subject == .policy ? text + " [\(ruleID)]" : text
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
