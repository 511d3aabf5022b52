import MaskDiagnostics
import MaskEngine
import MaskJSON
import MaskPolicy

/// Renders `maskc check` results as text, JSON or SARIF 2.1.0.
enum CheckReporter {
    static let toolVersion = "0.1.0"

    static func counts(_ reports: [LintReport]) -> (errors: Int, warnings: Int, notes: Int, suppressed: Int) {
        let all = reports.flatMap(\.diagnostics)
        return (all.filter { $0.severity == .error }.count, all.filter { $0.severity == .warning }.count,
                all.filter { $0.severity == .note }.count, reports.map(\.suppressed.count).reduce(0, +))
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    // MARK: text

    /// One finding per line, then the corpus summaries and a tally; every line escaped
    /// (``ReportText``), so no field can forge a line or hide the ones after it.
    ///
    /// With `--quiet`, only error findings, and no summaries or tally; with colour or
    /// excerpts (``DiagnosticText``), `sources` gives each policy's bytes by file.
    static func text(_ reports: [LintReport], sources: [String: [UInt8]] = [:], display: DisplaySettings = DisplaySettings()) -> String {
        var styled: [String] = []
        for report in reports {
            for d in report.diagnostics where display.shows(d.severity) {
                styled += DiagnosticText.lines(d, source: sources[report.file], color: display.colorOutput, excerpt: display.excerptsOutput)
            }
        }
        if display.quiet { return styled.joined(separator: "\n") }
        var lines: [String] = []
        for report in reports {
            guard let summary = report.summary, let totals = report.corpusTotals else { continue }
            lines.append("")
            lines.append("\(report.file): \(plural(totals.trees, "tree")), \(plural(totals.views, "view")); views decided per rule:")
            for entry in summary {
                // A layer's rules from its bases name their file.
                let origin = entry.rule.origin.map { ($0.file == report.file ? "" : "\($0.file):") + "\($0.line):\($0.column)" } ?? "-"
                lines.append("  \(origin)  \(entry.rule.action.rawValue) \(entry.rule.selector)  decided \(entry.decided), matched \(entry.matched)")
            }
            lines.append("  default  decided \(totals.byDefault)")
        }
        let c = counts(reports)
        lines.append("check: \(plural(c.errors, "error")), \(plural(c.warnings, "warning")), \(plural(c.notes, "note"))"
            + (c.suppressed > 0 ? ", \(c.suppressed) suppressed" : "") + " in \(plural(reports.count, "policy").replacingPolicies)")
        return (styled + lines.map(ReportText.escaped)).joined(separator: "\n")
    }

    // MARK: JSON

    static func diagnosticJSON(_ d: Diagnostic) -> JSONValue {
        var location: [String: JSONValue] = [
            "file": .string(d.range.file),
            "line": .int(d.range.start.line),
            "column": .int(d.range.start.column),
            "endLine": .int(d.range.end.line),
            "endColumn": .int(d.range.end.column),
        ]
        if let path = d.path { location["path"] = .string(path) }
        return .object([
            "location": .object(location),
            "file": .string(d.range.file),
            "line": .int(d.range.start.line),
            "column": .int(d.range.start.column),
            "endLine": .int(d.range.end.line),
            "endColumn": .int(d.range.end.column),
            "severity": .string(d.severity.rawValue),
            "rule": .string(d.ruleID),
            "message": .string(d.message),
            "hint": d.hint.map(JSONValue.string) ?? .null,
        ])
    }

    static func json(_ reports: [LintReport]) -> String {
        let c = counts(reports)
        return JSONValue.object([
            "version": .int(ReportSchema.checkVersion),
            "policies": .array(reports.map { report in
                var object: [String: JSONValue] = [
                    "file": .string(report.file),
                    "compiled": .bool(report.compiled),
                    "diagnostics": .array(report.diagnostics.map(diagnosticJSON)),
                    "suppressed": .array(report.suppressed.map { entry in
                        var value = diagnosticJSON(entry.diagnostic)
                        if case .object(var members) = value {
                            members["suppression"] = .object([
                                "line": .int(entry.suppression.line),
                                "reason": .string(entry.suppression.reason),
                            ])
                            value = .object(members)
                        }
                        return value
                    }),
                ]
                if let summary = report.summary, let totals = report.corpusTotals {
                    object["summary"] = .object([
                        "trees": .int(totals.trees),
                        "views": .int(totals.views),
                        "decidedByDefault": .int(totals.byDefault),
                        "rules": .array(summary.map { entry in
                            .object([
                                "rule": .string(entry.rule.origin?.description ?? ""),
                                "action": .string(entry.rule.action.rawValue),
                                "selector": .string(entry.rule.selector.description),
                                "decided": .int(entry.decided),
                                "matched": .int(entry.matched),
                            ])
                        }),
                    ])
                }
                return .object(object)
            }),
            "totals": .object(["errors": .int(c.errors), "warnings": .int(c.warnings), "notes": .int(c.notes), "suppressed": .int(c.suppressed)]),
        ]).rendered()
    }

    // MARK: SARIF

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// A finding's SARIF region: never empty (a zero-width range covers one column).
    static func region(_ d: Diagnostic) -> JSONValue {
        .object([
            "startLine": .int(d.range.start.line),
            "startColumn": .int(d.range.start.column),
            "endLine": .int(max(d.range.end.line, d.range.start.line)),
            "endColumn": .int(d.range.end.line > d.range.start.line ? d.range.end.column : max(d.range.end.column, d.range.start.column + 1)),
        ])
    }

    static func sarif(_ reports: [LintReport]) -> String {
        let descriptions = PolicyLinter.descriptions
        let ruleIndex = Dictionary(uniqueKeysWithValues: descriptions.enumerated().map { ($1.id, $0) })
        func result(_ d: Diagnostic, suppression: Suppression?) -> JSONValue {
            var message = d.message
            if let hint = d.hint { message += " (\(hint))" }
            var members: [String: JSONValue] = [
                "ruleId": .string(d.ruleID),
                "level": .string(level(d.severity)),
                "message": .object(["text": .string(message)]),
            ]
            if let index = ruleIndex[d.ruleID] { members["ruleIndex"] = .int(index) }
            members["locations"] = .array([.object([
                "physicalLocation": .object([
                    "artifactLocation": .object(["uri": .string(SARIFLocation.uri(d.range.file))]),
                    "region": region(d),
                ]),
            ])])
            if let suppression {
                members["suppressions"] = .array([.object(["kind": .string("inSource"), "justification": .string(suppression.reason)])])
            }
            return .object(members)
        }
        let results = reports.flatMap { report in
            report.diagnostics.map { result($0, suppression: nil) } + report.suppressed.map { result($0.diagnostic, suppression: $0.suppression) }
        }
        let rules: [JSONValue] = descriptions.map { rule in
            .object([
                "id": .string(rule.id),
                "name": .string(rule.name.sarifName),
                "shortDescription": .object(["text": .string(rule.name)]),
                "fullDescription": .object(["text": .string(rule.summary)]),
                "defaultConfiguration": .object(["level": .string(level(rule.severity))]),
                "helpUri": .string(SARIFLocation.helpURI(rule.id)),
                "properties": .object(["category": .string(rule.category.rawValue)]),
            ])
        }
        return JSONValue.object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object([
                "tool": .object(["driver": .object([
                    "name": .string("maskc"),
                    "semanticVersion": .string(toolVersion),
                    "version": .string(toolVersion),
                    "rules": .array(rules),
                ])]),
                "columnKind": .string("unicodeCodePoints"),
                "results": .array(results),
            ])]),
        ]).rendered()
    }
}

extension String {
    /// `policy`/`policies`.
    var replacingPolicies: String {
        hasSuffix("policys") ? String(dropLast(7)) + "policies" : self
    }

    /// A rule name in SARIF's PascalCase style.
    var sarifName: String {
        split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined().filter { $0.isLetter || $0.isNumber }
    }
}
