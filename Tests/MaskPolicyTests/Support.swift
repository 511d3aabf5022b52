import MaskDiagnostics
import MaskEngine
import MaskPolicy
import Testing

// Shared helpers for the MaskPolicy tests.
//
// Positions are written inside the input, in the style of swift-format's tests: a
// keycap emoji (`1️⃣`, `2️⃣`, ...) marks where a diagnostic must point. The marker is
// removed from the text before it is compiled, and its line and column (1-based,
// columns counted in Unicode scalars like libyaml counts them) become the expectation.

/// The markers a test may place in its input.
let positionMarkers: [Character] = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

/// A 1-based line and column.
struct Position: Hashable, CustomStringConvertible {
    var line: Int
    var column: Int

    init(_ line: Int, _ column: Int) {
        self.line = line
        self.column = column
    }

    init(_ mark: SourceMark) {
        self.init(mark.line, mark.column)
    }

    var description: String { "\(line):\(column)" }
}

/// Text with its position markers taken out.
struct MarkedText {
    /// The text without markers.
    var text: String
    /// Where each marker was, in the text without markers.
    var marks: [Character: Position]

    init(_ marked: String) {
        var text = ""
        var marks: [Character: Position] = [:]
        var line = 1, column = 1
        for character in marked {
            if positionMarkers.contains(character) {
                precondition(marks[character] == nil, "marker \(character) used twice")
                marks[character] = Position(line, column)
                continue
            }
            text.append(character)
            if character == "\n" || character == "\r\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        self.text = text
        self.marks = marks
    }

    /// The position of a marker (the marker must be present).
    subscript(_ marker: Character) -> Position {
        guard let position = marks[marker] else { fatalError("no marker \(marker) in the text") }
        return position
    }

    /// The text as UTF-8 bytes.
    var bytes: [UInt8] { Array(text.utf8) }
}

/// What a test expects of a diagnostic's hint.
enum HintExpectation {
    /// Anything, or nothing.
    case unchecked
    /// No hint.
    case absent
    /// Exactly this hint.
    case exactly(String)
}

/// The file name the tests compile under.
let testFile = "policy.yaml"

/// Every diagnostic, one per line, for failure messages.
func listing(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.isEmpty ? "(no diagnostics)" : diagnostics.map(\.rendered).joined(separator: "\n")
}

/// Expects a diagnostic with `ruleID` that starts exactly at `position`.
/// - Returns: the diagnostic, when there is one.
@discardableResult
func expectDiagnostic(
    _ ruleID: String,
    at position: Position,
    in diagnostics: [Diagnostic],
    severity: Severity = .error,
    hint: HintExpectation = .unchecked,
    messageContains: String? = nil,
    file: String = testFile,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Diagnostic? {
    let candidates = diagnostics.filter { $0.ruleID == ruleID && Position($0.range.start) == position }
    let found = candidates.first { messageContains == nil || $0.message.contains(messageContains!) } ?? candidates.first
    guard let found else {
        Issue.record(
            "expected a [\(ruleID)] diagnostic at \(position); got:\n\(listing(diagnostics))",
            sourceLocation: sourceLocation)
        return nil
    }
    #expect(found.severity == severity, "severity of \(found.rendered)", sourceLocation: sourceLocation)
    #expect(found.range.file == file, "file of \(found.rendered)", sourceLocation: sourceLocation)
    #expect(found.range.end.line >= found.range.start.line, "range of \(found.rendered)", sourceLocation: sourceLocation)
    switch hint {
    case .unchecked:
        break
    case .absent:
        #expect(found.hint == nil, "expected no hint in \(found.rendered)", sourceLocation: sourceLocation)
    case .exactly(let expected):
        #expect(found.hint == expected, "hint of \(found.rendered)", sourceLocation: sourceLocation)
    }
    if let messageContains {
        #expect(found.message.contains(messageContains), "message of \(found.rendered)", sourceLocation: sourceLocation)
    }
    return found
}

/// Compiles a policy in which `marker` marks where a diagnostic with `ruleID` must
/// point, and expects that diagnostic there, and compilation to fail for an error.
/// - Returns: the compilation, for further checks.
@discardableResult
func expectDiagnostic(
    _ ruleID: String,
    _ marked: String,
    marker: Character = "1️⃣",
    severity: Severity = .error,
    hint: HintExpectation = .unchecked,
    messageContains: String? = nil,
    limits: PolicyLimits = .standard,
    sourceLocation: SourceLocation = #_sourceLocation
) -> PolicyCompilation {
    let input = MarkedText(marked)
    let compilation = PolicyCompiler.compile(input.text, file: testFile, limits: limits)
    expectDiagnostic(
        ruleID, at: input[marker], in: compilation.diagnostics, severity: severity, hint: hint,
        messageContains: messageContains, sourceLocation: sourceLocation)
    if severity == .error {
        let failed = compilation.failed
        #expect(failed, "a policy with an error must not compile", sourceLocation: sourceLocation)
    }
    return compilation
}

/// Compiles a policy that must have no diagnostic at all.
/// - Returns: the compilation (its table and parsed policy are present when it passed).
@discardableResult
func expectClean(
    _ text: String,
    file: String = testFile,
    sourceLocation: SourceLocation = #_sourceLocation
) -> PolicyCompilation {
    let compilation = PolicyCompiler.compile(text, file: file)
    #expect(compilation.diagnostics.isEmpty, "\(listing(compilation.diagnostics))", sourceLocation: sourceLocation)
    let hasTable = compilation.table != nil, hasParsed = compilation.parsed != nil
    #expect(hasTable, "no decision table", sourceLocation: sourceLocation)
    #expect(hasParsed, "no parsed policy", sourceLocation: sourceLocation)
    return compilation
}

/// The usual header of a test policy.
let header = "version: 1\ndefault: mask\n"

/// Reads YAML text with the reader alone.
func readYAML(_ text: String, limits: PolicyLimits = .standard) -> (YAMLNode?, [Diagnostic]) {
    YAMLReader(file: testFile, limits: limits).read(Array(text.utf8))
}

/// The value of `key` in a mapping node.
func value(_ key: String, in node: YAMLNode?) -> YAMLNode? {
    node?.pairs?.first { $0.name == key }?.value
}
