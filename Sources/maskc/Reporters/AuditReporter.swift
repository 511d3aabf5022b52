import MaskAudit
import MaskEngine
import MaskJSON
import MaskPreview

/// Renders an audit report as text, JSON or a self-contained HTML page.
enum AuditReporter {
    static func kinds(_ counts: [ViewKind: Int]) -> String {
        let parts = ViewKind.allCases.compactMap { kind in counts[kind].map { "\($0) \(kind.rawValue)" } }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    static func total(_ counts: [ViewKind: Int]) -> Int { counts.values.reduce(0, +) }

    static func location(_ f: AuditFinding) -> String {
        guard let tree = f.tree else { return "" }
        var text = "\(tree) view '\(f.view ?? "?")' (\(f.className ?? "?"))"
        if let field = f.field { text += " \(field)" }
        if let excerpt = f.excerpt { text += " \"\(excerpt)\"" }
        return text + ": "
    }

    // MARK: text

    /// The report as text; every line escaped (``ReportText``), so no field can forge a
    /// line or hide the ones after it.
    static func text(_ report: AuditReport, policy: String, baseline: String?, accepted: String? = nil) -> String {
        var lines = ["# audit of \(policy) over \(report.screens.count) screen\(report.screens.count == 1 ? "" : "s")"]
        lines.append("")
        lines.append("## screens (masked / exposed views by kind)")
        for screen in report.screens {
            lines.append("\(screen.tree)\(screen.screen.map { " [\($0)]" } ?? ""): \(screen.views) views; masked \(total(screen.masked)) (\(kinds(screen.masked))); exposed \(total(screen.exposed)) (\(kinds(screen.exposed)))\(screen.notEmitted > 0 ? "; \(screen.notEmitted) not emitted" : "")")
        }
        let totals = report.totals
        lines.append("total: \(totals.views) views; masked \(total(totals.masked)) (\(kinds(totals.masked))); exposed \(total(totals.exposed)) (\(kinds(totals.exposed)))")
        lines.append("")
        lines.append("## findings")
        if report.findings.isEmpty { lines.append("none") }
        for f in report.findings {
            lines.append("\(f.level.rawValue): [\(f.category)] \(location(f))\(f.message)")
        }
        if let accepted {
            lines.append("(\(report.acceptedCount) accepted finding\(report.acceptedCount == 1 ? "" : "s") hidden by \(accepted))")
        }
        if let changes = report.changes {
            lines.append("")
            lines.append("## changes against \(baseline ?? "the baseline") (\(changes.count))")
            if changes.isEmpty { lines.append("none") }
            for c in changes {
                let what = c.isMasked ? "newly masked" : "NEWLY EXPOSED"
                lines.append("\(what): \(c.tree) view '\(c.view)' (\(c.className)): was \(c.oldRule), now \(c.newRule)")
            }
        }
        let counts = AuditLevel.allCases.reversed().map { level in "\(report.findings.filter { $0.level == level }.count) \(level.rawValue)" }
        lines.append("")
        lines.append("audit: " + counts.joined(separator: ", "))
        return ReportText.lines(lines)
    }

    // MARK: JSON

    static func countsJSON(_ counts: [ViewKind: Int]) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, JSONValue.int($0.value)) }))
    }

    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    static func jsonValue(_ report: AuditReport, policy: String, baseline: String?, accepted: String? = nil) -> JSONValue {
        let totals = report.totals
        var root: [String: JSONValue] = [
            "version": .int(ReportSchema.auditVersion),
            "policy": .string(policy),
            "baseline": optional(baseline),
            "screens": .array(report.screens.map { s in
                .object(["tree": .string(s.tree), "screen": optional(s.screen), "views": .int(s.views),
                         "masked": countsJSON(s.masked), "exposed": countsJSON(s.exposed), "notEmitted": .int(s.notEmitted)])
            }),
            "totals": .object(["views": .int(totals.views), "masked": countsJSON(totals.masked), "exposed": countsJSON(totals.exposed)]),
            "findings": .array(report.findings.map { f in
                .object(["level": .string(f.level.rawValue), "category": .string(f.category), "tree": optional(f.tree),
                         "screen": optional(f.screen), "view": optional(f.view), "class": optional(f.className),
                         "field": optional(f.field), "rule": optional(f.rule), "fingerprint": .string(f.fingerprint.digest),
                         "excerpt": optional(f.excerpt), "message": .string(f.message),
                         "location": location(f), "ruleLocation": f.ruleOrigin.map(originJSON) ?? .null])
            }),
        ]
        if let accepted {
            root["accepted"] = .object(["file": .string(accepted), "hidden": .int(report.acceptedCount)])
        }
        if let changes = report.changes {
            root["changes"] = .array(changes.map { c in
                .object(["tree": .string(c.tree), "view": .string(c.view), "class": .string(c.className),
                         "wasMasked": .bool(c.wasMasked), "isMasked": .bool(c.isMasked),
                         "oldRule": .string(c.oldRule), "newRule": .string(c.newRule)])
            })
        }
        return .object(root)
    }

    /// Where a finding is: the tree, screen and view for a finding about a view; the
    /// rule's file, line and column for a finding about a rule (JSON).
    static func location(_ f: AuditFinding) -> JSONValue {
        if let tree = f.tree {
            return .object(["file": .string(tree), "line": .null, "column": .null, "screen": optional(f.screen),
                            "view": optional(f.view), "class": optional(f.className), "field": optional(f.field)])
        }
        return .object(["file": optional(f.ruleOrigin?.file), "line": f.ruleOrigin.map { .int($0.line) } ?? .null,
                        "column": f.ruleOrigin.map { .int($0.column) } ?? .null, "screen": .null, "view": .null, "class": .null, "field": .null])
    }

    static func originJSON(_ origin: RuleOrigin) -> JSONValue {
        .object(["file": .string(origin.file), "line": .int(origin.line), "column": .int(origin.column)])
    }

    static func json(_ report: AuditReport, policy: String, baseline: String?, accepted: String? = nil) -> String {
        jsonValue(report, policy: policy, baseline: baseline, accepted: accepted).rendered()
    }

    // MARK: HTML

    /// Text escaped for HTML content and attributes, its controls first shown as
    /// escapes (``ReportText``), so the page carries none.
    static func escape(_ text: String) -> String { MarkupText.escaped(ReportText.escaped(text)) }

    static func html(_ report: AuditReport, policy: String, baseline: String?, accepted: String? = nil, previews: [(name: String, masked: String, wireframe: String)]) -> String {
        let totals = report.totals
        var body: [String] = []
        body.append("<h1>Privacy audit of <code>\(escape(policy))</code></h1>")
        body.append("<p>\(report.screens.count) screens, \(totals.views) views: masked \(total(totals.masked)) (\(escape(kinds(totals.masked)))), exposed \(total(totals.exposed)) (\(escape(kinds(totals.exposed)))).</p>")
        body.append("<h2>Findings</h2>")
        if report.findings.isEmpty {
            body.append("<p>None.</p>")
        } else {
            body.append("<table><tr><th>level</th><th>category</th><th>where</th><th>finding</th></tr>")
            for f in report.findings {
                body.append("<tr class=\"\(f.level.rawValue)\"><td>\(f.level.rawValue)</td><td>\(escape(f.category))</td><td>\(escape(location(f)))</td><td>\(escape(f.message))</td></tr>")
            }
            body.append("</table>")
        }
        if let accepted {
            body.append("<p>\(report.acceptedCount) accepted finding\(report.acceptedCount == 1 ? "" : "s") hidden by <code>\(escape(accepted))</code>.</p>")
        }
        if let changes = report.changes {
            body.append("<h2>Changes against <code>\(escape(baseline ?? ""))</code></h2>")
            if changes.isEmpty { body.append("<p>None.</p>") }
            body.append("<ul>")
            for c in changes {
                body.append("<li class=\"\(c.isMasked ? "masked" : "exposed")\">\(c.isMasked ? "newly masked" : "<strong>newly exposed</strong>"): \(escape(c.tree)) view <code>\(escape(c.view))</code> (\(escape(c.className))): was \(escape(c.oldRule)), now \(escape(c.newRule))</li>")
            }
            body.append("</ul>")
        }
        body.append("<h2>Screens</h2>")
        for screen in report.screens {
            body.append("<section><h3>\(escape(screen.tree))\(screen.screen.map { " <small>\(escape($0))</small>" } ?? "")</h3>")
            body.append("<p>\(screen.views) views; masked \(total(screen.masked)) (\(escape(kinds(screen.masked)))); exposed \(total(screen.exposed)) (\(escape(kinds(screen.exposed)))).</p>")
            if let preview = previews.first(where: { $0.name == screen.tree }) {
                body.append("<div class=\"pair\"><figure>\(preview.masked)<figcaption>as the replay shows it</figcaption></figure><figure>\(preview.wireframe)<figcaption>captured (unmasked wireframe)</figcaption></figure></div>")
            }
            body.append("</section>")
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>maskc audit: \(escape(policy))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
            table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 4px 8px; text-align: left; vertical-align: top; }
            tr.critical td:first-child { background: #b00020; color: white; } tr.high td:first-child { background: #e65100; color: white; }
            tr.medium td:first-child { background: #f9a825; } tr.low td:first-child { background: #e0e0e0; }
            .pair { display: flex; gap: 24px; align-items: flex-start; } figure { margin: 0; } figure svg { width: 320px; height: auto; border: 1px solid #999; }
            li.exposed { color: #b00020; }
            </style></head><body>
            \(body.joined(separator: "\n"))
            </body></html>
            """
    }
}
