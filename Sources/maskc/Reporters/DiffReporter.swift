import MaskEngine
import MaskJSON
import MaskPolicy

/// Renders `maskc diff`: text, JSON (keys sorted) and Markdown (a pull-request comment).
/// Views are named by id or index path and class; no text of a tree is ever shown.
enum DiffReporter {
    static func ruleText(_ rule: MaskRule) -> String {
        var text = "\(rule.isLock ? "mask (locked)" : rule.action.rawValue) \(rule.selector)"
        if !rule.recursive { text += " (not recursive)" }
        if let screen = rule.screen { text += " on \(screen)" }
        if let origin = rule.origin { text += " at \(origin)" }
        return text
    }

    /// A rule, or what decides without one (``ViewDiff/Entry/decidedBy``).
    static func decider(_ index: Int?, _ decidedBy: String, _ table: DecisionTable) -> String {
        index.map { ruleText(table.rules[$0]) } ?? decidedBy
    }

    static func views(_ diff: ViewDiff, old: String, new: String, before: DecisionTable, after: DecisionTable, format: DiffCommand.Format) -> String {
        let counts = ViewDiff.Change.allCases.map { change in (change, diff.changes.filter { $0.change == change }.count) }
        let tally = counts.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", ")
        switch format {
        case .text:
            var lines = ["maskc diff \(old) \(new): \(CheckReporter.plural(diff.trees, "tree")), \(CheckReporter.plural(diff.views, "view")); \(tally)"]
            for (change, count) in counts where count > 0 {
                lines.append("\(change.rawValue) (\(count)):")
                for group in diff.groups(change) {
                    lines.append("  screen \(group.screen), now decided by \(decider(group.rule, group.decidedBy, after)):")
                    for entry in group.entries {
                        lines.append("    view \(entry.view) (\(entry.className)) in \(entry.tree): \(entry.stateBefore) -> \(entry.stateAfter)")
                    }
                }
            }
            return ReportText.lines(lines)
        case .markdown:
            var lines = ["### maskc diff", "", "`\(old)` → `\(new)` over \(CheckReporter.plural(diff.trees, "tree")), \(CheckReporter.plural(diff.views, "view")): **\(tally)**."]
            for (change, count) in counts where count > 0 {
                lines += ["", "#### \(change == .exposed ? "⚠️ " : "")\(change.rawValue.prefix(1).uppercased() + change.rawValue.dropFirst()) (\(count))", "",
                          "| screen | now decided by | view | class | tree | before | after |", "|---|---|---|---|---|---|---|"]
                for group in diff.groups(change) {
                    for entry in group.entries {
                        lines.append("| \(cell(group.screen)) | \(cell(decider(group.rule, group.decidedBy, after))) | \(cell(entry.view)) | \(cell(entry.className)) | \(cell(entry.tree)) | \(entry.stateBefore) | \(entry.stateAfter) |")
                    }
                }
            }
            if diff.changes.isEmpty { lines += ["", "No view changes decision."] }
            return ReportText.lines(lines)
        case .json:
            return JSONValue.object([
                "old": .string(old), "new": .string(new),
                "summary": .object(["trees": .int(diff.trees), "views": .int(diff.views),
                                    "exposed": .int(counts[0].1), "masked": .int(counts[1].1), "other": .int(counts[2].1)]),
                "changes": .array(ViewDiff.Change.allCases.flatMap { change in
                    diff.groups(change).flatMap { group in
                        group.entries.map { entry in
                            var object: [String: JSONValue] = [
                                "change": .string(["exposed", "masked", "other"][ViewDiff.Change.allCases.firstIndex(of: change) ?? 2]),
                                "screen": .string(entry.screen),
                                "rule": entry.rule.flatMap { after.rules[$0].origin.map { .string($0.description) } } ?? .null,
                                "decidedBy": .string(decider(entry.rule, entry.decidedBy, after)),
                                "tree": .string(entry.tree), "view": .string(entry.view), "class": .string(entry.className),
                                "before": .string(entry.before.rawValue), "after": .string(entry.after.rawValue),
                            ]
                            // A shown view whose text is masked (an image under `defaults.text`).
                            if entry.textMaskedBefore { object["textMaskedBefore"] = .bool(true) }
                            if entry.textMaskedAfter { object["textMaskedAfter"] = .bool(true) }
                            return JSONValue.object(object)
                        }
                    }
                }),
            ]).rendered()
        }
    }

    static func rules(_ diff: RuleDiff, old: String, new: String, format: DiffCommand.Format) -> String {
        switch format {
        case .text:
            var lines = ["maskc diff \(old) \(new) (rules): \(diff.added.count) added, \(diff.removed.count) removed\(diff.exposes ? "; may expose views" : "")"]
            if diff.defaultBefore != diff.defaultAfter { lines.append("default: \(diff.defaultBefore.rawValue) -> \(diff.defaultAfter.rawValue)") }
            lines += diff.dimensions.map { "defaults.\($0.dimension.rawValue): \($0.before) -> \($0.after)\($0.looser ? " (less strict)" : "")" }
            lines += diff.detectorsAdded.map { "+ detect: \($0.rawValue)" } + diff.detectorsRemoved.map { "- detect: \($0.rawValue)" }
            lines += diff.classesChanged.map { "types: \($0) changed\(diff.classesLooser.contains($0) ? " (its views are decided less strictly)" : "")" }
            lines += diff.added.map { "+ \(ruleText($0))" } + diff.removed.map { "- \(ruleText($0))" }
            return ReportText.lines(lines)
        case .markdown:
            var lines = ["### maskc diff (rules)", "", "`\(old)` → `\(new)`: **\(diff.added.count) added, \(diff.removed.count) removed**\(diff.exposes ? " ⚠️ may expose views" : "")."]
            if diff.defaultBefore != diff.defaultAfter { lines += ["", "Default: `\(diff.defaultBefore.rawValue)` → `\(diff.defaultAfter.rawValue)`"] }
            let others = diff.dimensions.map { "- `defaults.\($0.dimension.rawValue)`: `\($0.before)` → `\($0.after)`\($0.looser ? " (less strict)" : "")" }
                + diff.detectorsAdded.map { "- `detect:` + `\($0.rawValue)`" } + diff.detectorsRemoved.map { "- `detect:` − `\($0.rawValue)`" }
                + diff.classesChanged.map { "- `types:` \(cell($0)) changed\(diff.classesLooser.contains($0) ? " (its views are decided less strictly)" : "")" }
            if !others.isEmpty { lines += [""] + others }
            if !diff.added.isEmpty || !diff.removed.isEmpty { lines += ["", "| | rule |", "|---|---|"] }
            lines += diff.added.map { "| + | \(cell(ruleText($0))) |" } + diff.removed.map { "| − | \(cell(ruleText($0))) |" }
            return ReportText.lines(lines)
        case .json:
            func rule(_ r: MaskRule) -> JSONValue {
                .object(["action": .string(r.action.rawValue), "selector": .string(r.selector.description), "recursive": .bool(r.recursive),
                         "screen": r.screen.map(JSONValue.string) ?? .null, "locked": .bool(r.isLock),
                         "source": r.origin.map { .string($0.description) } ?? .null])
            }
            return JSONValue.object([
                "old": .string(old), "new": .string(new),
                "default": .object(["before": .string(diff.defaultBefore.rawValue), "after": .string(diff.defaultAfter.rawValue)]),
                "added": .array(diff.added.map(rule)), "removed": .array(diff.removed.map(rule)),
                "exposes": .bool(diff.exposes),
                "defaults": .array(diff.dimensions.map { .object(["dimension": .string($0.dimension.rawValue), "before": .string($0.before),
                                                                  "after": .string($0.after), "lessStrict": .bool($0.looser)]) }),
                "detectors": .object(["added": .array(diff.detectorsAdded.map { .string($0.rawValue) }),
                                      "removed": .array(diff.detectorsRemoved.map { .string($0.rawValue) })]),
                "types": .array(diff.classesChanged.map { .object(["class": .string($0), "lessStrict": .bool(diff.classesLooser.contains($0))]) }),
            ]).rendered()
        }
    }

    /// A Markdown table cell: pipes and backticks escaped, so a name cannot break the table.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "|" || character == "`" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
