import MaskDiagnostics
import MaskEngine
import MaskJSON
import MaskPolicy
import MaskPreview

/// Renders `maskc test` results: text (one line per failure, a summary, coverage) and
/// JUnit XML. Deterministic: no times, files in the order given.
enum TestReporter {
    /// `FILE:LINE:COL: error: TITLE: FAILURE [expectation]`, one per failure.
    static func failureLines(_ outcome: ExpectationOutcome) -> [String] {
        outcome.failures.map {
            Diagnostic(.error, "expectation", "\(outcome.expectation.title): \($0)", at: outcome.expectation.range).rendered
        }
    }

    static func summary(_ outcomes: [ExpectationOutcome], files: [String]) -> String {
        let failed = outcomes.filter { !$0.passed }.count
        return "maskc test: \(CheckReporter.plural(files.count, "file")), \(CheckReporter.plural(outcomes.count, "expectation")): \(outcomes.count - failed) passed, \(failed) failed"
    }

    /// Covered rules as a percentage with one decimal, computed in integers.
    static func percentage(_ covered: Int, of total: Int) -> String {
        guard total > 0 else { return "100.0%" }
        let tenths = (covered * 1000 + total / 2) / total
        return "\(tenths / 10).\(tenths % 10)%"
    }

    static func coverageLines(_ tallies: [RuleCoverageTally]) -> [String] {
        var lines: [String] = []
        for tally in tallies {
            let covered = tally.decided.count
            lines.append("coverage: \(tally.policy): \(covered) of \(CheckReporter.plural(tally.rules.count, "rule")) decided a view (\(percentage(covered, of: tally.rules.count)))")
            for index in tally.rules.indices where !tally.decided.contains(index) {
                let rule = tally.rules[index]
                lines.append("  not covered: \(rule.origin?.description ?? "-") \(rule.isLock ? "mask (locked)" : rule.action.rawValue) \(rule.selector)")
            }
        }
        return lines
    }

    static func text(_ outcomes: [ExpectationOutcome], files: [String], coverage: [RuleCoverageTally]?) -> String {
        var lines = outcomes.flatMap(failureLines)
        lines.append(summary(outcomes, files: files))
        if let coverage { lines += coverageLines(coverage) }
        return ReportText.lines(lines)
    }

    /// JUnit XML: one `testsuite` per file, one `testcase` per expectation, a `failure`
    /// holding the failure lines; coverage, when asked, as properties and system-out.
    static func junit(_ outcomes: [ExpectationOutcome], files: [String], coverage: [RuleCoverageTally]?) -> String {
        let failed = outcomes.filter { !$0.passed }.count
        var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                   "<testsuites name=\"maskc test\" tests=\"\(outcomes.count)\" failures=\"\(failed)\" errors=\"0\">"]
        for file in files {
            let mine = outcomes.filter { $0.file == file }
            out.append("  <testsuite name=\"\(xml(file))\" tests=\"\(mine.count)\" failures=\"\(mine.filter { !$0.passed }.count)\" errors=\"0\">")
            for outcome in mine {
                let range = outcome.expectation.range
                let name = "\(range.start.line):\(range.start.column) \(outcome.expectation.title)"
                if outcome.passed {
                    out.append("    <testcase classname=\"\(xml(file))\" name=\"\(xml(name))\"/>")
                } else {
                    out.append("    <testcase classname=\"\(xml(file))\" name=\"\(xml(name))\">")
                    out.append("      <failure type=\"expectation\" message=\"\(xml(outcome.failures[0]))\">\(failureLines(outcome).map(xml).joined(separator: "\n"))</failure>")
                    out.append("    </testcase>")
                }
            }
            out.append("  </testsuite>")
        }
        if let coverage {
            out.append("  <properties>")
            for tally in coverage {
                out.append("    <property name=\"coverage \(xml(tally.policy))\" value=\"\(percentage(tally.decided.count, of: tally.rules.count))\"/>")
            }
            out.append("  </properties>")
            out.append("  <system-out>\(coverageLines(coverage).map(xml).joined(separator: "\n"))</system-out>")
        }
        out.append("</testsuites>")
        return out.joined(separator: "\n")
    }

    /// XML text and attribute escaping, after ``ReportText`` has written control
    /// characters as `\u{HEX}`: the markup characters as entities and what XML 1.0
    /// cannot carry at all (U+FFFE, U+FFFF) as U+FFFD (``MarkupText``, as the HTML report
    /// and the SVG preview escape).
    static func xml(_ text: String) -> String {
        MarkupText.escaped(ReportText.escaped(text))
    }
}
