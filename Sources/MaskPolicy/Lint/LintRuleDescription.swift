import MaskDiagnostics
/// What area of policy quality a rule covers.
public enum LintCategory: String, Sendable, Codable, CaseIterable {
    /// The YAML itself.
    case syntax
    /// The policy format: keys, value types, selectors.
    case schema
    /// Rules that contradict, repeat or cannot act.
    case correctness
    /// Choices that expose user data.
    case privacy
    /// Found by running the policy over captured trees (`--trees`).
    case corpus
}

/// An input for a rule's example: a policy, and for corpus rules the trees it runs on.
///
/// A triggering example marks where each of the rule's findings starts with `↓` in the
/// policy text, as SwiftLint's examples do: the tests check that the findings start
/// exactly there, and the rule docs show the marks.
public struct LintExample: Sendable {
    /// The marker for the expected position of a finding.
    public static let marker: Unicode.Scalar = "↓"

    /// The policy text, without marks.
    public var policy: String
    /// The policy text as written, with a `↓` before each position a finding starts at.
    public var markedPolicy: String
    /// Where the rule's findings start (line and column in ``policy``), in text order.
    public var expectedPositions: [SourceMark]
    /// View trees as JSON (for rules that need `--trees`).
    public var trees: [String]
    /// Base policies the example's `extends:` names, by file name (the example is
    /// `example.yaml`, beside them).
    public var bases: [(file: String, text: String)]

    /// Creates an example from a policy text with `↓` marks (none for an example that
    /// triggers nothing).
    public init(_ markedPolicy: String, trees: [String] = [], bases: [(file: String, text: String)] = []) {
        self.markedPolicy = markedPolicy
        self.trees = trees
        self.bases = bases
        // Columns count Unicode scalars, as ``SourceMark`` does.
        var policy = String.UnicodeScalarView(), positions: [SourceMark] = []
        var line = 1, column = 1, offset = 0
        for scalar in markedPolicy.unicodeScalars {
            if scalar == Self.marker {
                positions.append(SourceMark(line: line, column: column, offset: offset))
                continue
            }
            policy.append(scalar)
            offset += scalar.utf8.count
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        self.policy = String(policy)
        self.expectedPositions = positions
    }
}

/// A lint rule's description: id, name, kind, and the examples that specify it.
///
/// The examples are the rule's specification: the test suite checks that every
/// triggering example produces the rule's finding and no other example does, and the
/// rule list in the docs is generated from these descriptions.
public struct LintRuleDescription: Sendable {
    /// Kebab-case id, used in output and in `# maskc:disable=` comments.
    public var id: String
    /// A short title.
    public var name: String
    /// The area it covers.
    public var category: LintCategory
    /// The severity its findings have; for a rule whose findings differ in severity
    /// (`unknown-type`: an error in a mask rule, a warning elsewhere), the highest.
    public var severity: Severity
    /// One line saying what it finds and why it matters.
    public var summary: String
    /// Why the rule is as it is (its severity, what it leaves out), when that needs
    /// saying; a paragraph in the rule docs.
    public var rationale: String?
    /// Policies (and trees) that trigger it.
    public var triggering: [LintExample]
    /// Policies (and trees) that do not.
    public var nonTriggering: [LintExample]

    /// Creates a description.
    public init(id: String, name: String, category: LintCategory, severity: Severity, summary: String,
                rationale: String? = nil, triggering: [LintExample], nonTriggering: [LintExample]) {
        self.id = id
        self.name = name
        self.category = category
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }

    /// Whether the rule needs captured trees to run.
    public var needsTrees: Bool { category == .corpus }
}

/// A lint rule: its description and its check over a policy (and optional trees).
protocol PolicyLintRule {
    static var description: LintRuleDescription { get }
    static func check(_ context: LintContext) -> [Diagnostic]
}

extension PolicyLintRule {
    /// A finding of this rule, with its default severity.
    static func finding(_ message: String, at range: SourceRange, hint: String? = nil) -> Diagnostic {
        Diagnostic(description.severity, description.id, message, at: range, hint: hint)
    }
}
