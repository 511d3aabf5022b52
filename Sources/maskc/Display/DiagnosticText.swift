import MaskDiagnostics
import MaskJSON

/// A diagnostic as text for a person: its one line (``Diagnostic/rendered``, escaped
/// by ``ReportText``), the severity coloured when asked, and for a policy finding, when
/// asked, the source line with a caret under the column, as Yams and the Swift
/// compiler show them.
///
/// Excerpts are made only for policies, whose text is code: a tree's or capture's
/// line may hold user data, and no error shows it. That holds for a capture named
/// where a policy goes (`--policy capture.json`) too: JSON and XML are not quoted
/// (``SourceExcerpt/mayQuote(_:)``).
enum DiagnosticText {
    /// The lines for one diagnostic, escaped and styled; join with newlines.
    /// - Parameters:
    ///   - source: the policy's bytes, for the excerpt (nil: none).
    static func lines(_ d: Diagnostic, source: [UInt8]?, color: Bool, excerpt: Bool) -> [String] {
        let line = ReportText.escaped(d.rendered)
        var out: [String] = []
        if color {
            // `rendered` starts `LOCATION: SEVERITY: `; the severity is styled in place.
            let head = ReportText.escaped("\(d.range.location): ")
            let rest = line.dropFirst(head.count + d.severity.rawValue.count)
            out.append(head + TerminalStyle.severity(d.severity, d.severity.rawValue) + rest)
        } else {
            out.append(line)
        }
        if excerpt, d.subject == .policy || d.subject == .config, let source, SourceExcerpt.mayQuote(source),
           let lines = SourceExcerpt.lines(d.range, in: source) {
            out.append(lines.source)
            out.append(color ? TerminalStyle.caret(lines.caret) : lines.caret)
        }
        return out
    }
}
