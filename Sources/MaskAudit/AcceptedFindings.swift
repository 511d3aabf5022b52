import MaskJSON

/// What identifies a finding from one audit to the next: the detector, the screen, the
/// view, the field, and for findings about a rule, the rule. Never the value.
public struct FindingFingerprint: Sendable, Hashable, Comparable {
    /// The finding's category (`email`, `secure-entry-not-flagged`, `dead-selector`, ...).
    public var detector: String
    /// The tree's screen, else the tree's name (file, or file:line for NDJSON).
    public var screen: String?
    /// The view's id, else its index path.
    public var view: String?
    /// The field the value was found in.
    public var field: String?
    /// For findings about a rule: its action and selector (`unmask type=UIButton`).
    public var rule: String?

    public init(detector: String, screen: String?, view: String?, field: String?, rule: String?) {
        self.detector = detector
        self.screen = screen
        self.view = view
        self.field = field
        self.rule = rule
    }

    /// A 64-bit FNV-1a digest of the parts, as 16 hex digits: a short stable name for
    /// the finding in reports and tools.
    public var digest: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [detector, screen, view, field, rule] {
            // Each part is tagged present or absent, then ends with a 0 byte.
            for byte in [part == nil ? 0 : 1] + Array((part ?? "").utf8) + [0] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private var key: [String] { [detector, screen ?? "", view ?? "", field ?? "", rule ?? ""] }

    public static func < (a: Self, b: Self) -> Bool { a.key.lexicographicallyPrecedes(b.key) }
}

extension AuditFinding {
    /// What identifies the finding across audits.
    public var fingerprint: FindingFingerprint {
        FindingFingerprint(detector: category, screen: screen ?? tree, view: view, field: field, rule: rule)
    }
}

/// Findings a team has reviewed and accepted, each with its justification: what
/// linters' users call a baseline. `maskc audit --write-accepted FILE` records today's
/// findings; `--accepted FILE` hides those and reports entries that no longer match.
///
/// The file is JSON:
/// `{"version": 1, "accepted": [{"detector": ..., "screen": ..., "view": ..., "field": ...,
/// "rule": ..., "digest": ..., "justification": "..."}]}`; absent parts are `null`,
/// `digest` is written for reference and ignored when read.
public struct AcceptedFindings: Sendable {
    /// One accepted finding.
    public struct Entry: Sendable, Hashable {
        public var fingerprint: FindingFingerprint
        public var justification: String

        public init(fingerprint: FindingFingerprint, justification: String) {
            self.fingerprint = fingerprint
            self.justification = justification
        }
    }

    /// The entries, in file order.
    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    /// The file's keys, which error paths name.
    static let keys: Set<String> = ["version", "accepted", "detector", "screen", "view", "field", "rule", "digest", "justification"]

    /// The file's format version.
    public static let version = 1

    /// Reads an accepted-findings file.
    /// - Throws: a ``TreeError`` naming the file, line:column and JSON path: bad JSON,
    ///   an unknown version, a missing or mistyped part, an empty justification.
    public static func parse(_ bytes: [UInt8], file: String) throws(TreeError) -> AcceptedFindings {
        let tape: JSONTape
        do {
            tape = try JSONReader.parse(bytes, keyNames: Self.keys, skipsByteOrderMark: true)
        } catch {
            throw TreeError(file: file, bytes: bytes, offset: error.offset, path: error.path, message: error.message, reason: error.reason)
        }
        let tokens = tape.tokens
        func fail(_ token: Int, _ path: String, _ message: String) -> TreeError {
            let start = Int(tokens[token].start) - (tokens[token].kind == .string ? 1 : 0)
            return TreeError(file: file, bytes: bytes, offset: start, path: path, message: message, reason: .shape)
        }
        func members(_ object: Int) -> [(key: String, value: Int)] {
            var result: [(String, Int)] = []
            var k = object + 1
            while tokens[k].kind != .objectEnd {
                result.append((tape.string(k), k + 1))
                k = tape.end(ofValueAt: k + 1)
            }
            return result
        }
        guard tokens[0].kind == .objectStart else { throw fail(0, "$", "expected an object with \"version\" and \"accepted\"") }
        let top = members(0)
        guard let version = top.first(where: { $0.key == "version" })?.value else {
            throw fail(0, "$", "missing \"version\"")
        }
        guard tokens[version].kind == .number, String(decoding: tape.raw(version), as: UTF8.self) == String(Self.version) else {
            throw fail(version, "$.version", "unsupported version: this maskc reads version \(Self.version)")
        }
        guard let list = top.first(where: { $0.key == "accepted" })?.value else { throw fail(0, "$", "missing \"accepted\"") }
        guard tokens[list].kind == .arrayStart else { throw fail(list, "$.accepted", "expected an array") }
        var entries: [Entry] = []
        var element = list + 1
        while tokens[element].kind != .arrayEnd {
            let path = "$.accepted[\(entries.count)]"
            guard tokens[element].kind == .objectStart else { throw fail(element, path, "expected an object") }
            var parts: [String: String] = [:]
            var tokenOf: [String: Int] = [:]
            var seen = Set<String>()
            for (key, value) in members(element) {
                guard ["detector", "screen", "view", "field", "rule", "digest", "justification"].contains(key) else {
                    throw fail(value - 1, path, "unknown member: expected detector, screen, view, field, rule, digest, justification")
                }
                guard seen.insert(key).inserted else { throw fail(value - 1, "\(path).\(key)", "duplicate member") }
                tokenOf[key] = value
                switch tokens[value].kind {
                case .string: parts[key] = tape.string(value)
                case .null where key != "detector" && key != "justification": break
                default: throw fail(value, "\(path).\(key)", "expected a string\(key == "detector" || key == "justification" ? "" : " or null")")
                }
            }
            guard let detector = parts["detector"], !detector.isEmpty else { throw fail(element, path, "missing \"detector\"") }
            let justification = parts["justification"].map { $0.trimmingSpaces } ?? ""
            guard !justification.isEmpty else {
                throw fail(tokenOf["justification"] ?? element, "\(path).justification", "no justification: say why this finding is accepted")
            }
            entries.append(Entry(fingerprint: FindingFingerprint(detector: detector, screen: parts["screen"], view: parts["view"],
                                                                 field: parts["field"], rule: parts["rule"]),
                                 justification: justification))
            element = tape.end(ofValueAt: element)
        }
        return AcceptedFindings(entries: entries)
    }

    /// The file `--write-accepted` writes: one entry per distinct fingerprint of
    /// `findings`, sorted; each keeps its justification from `previous` when it had
    /// one, else an empty one to fill in (a file with an empty justification is refused
    /// when read, so every accepted finding is argued for).
    public static func render(_ findings: [AuditFinding], keeping previous: AcceptedFindings? = nil) -> String {
        var reasons: [FindingFingerprint: String] = [:]
        for entry in previous?.entries ?? [] { reasons[entry.fingerprint] = entry.justification }
        let prints = Set(findings.map(\.fingerprint)).sorted()
        func quoted(_ text: String?) -> String {
            guard let text else { return "null" }
            var out: [UInt8] = []
            JSONString.appendQuoted(text, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        var lines = ["{", "  \"version\": \(version),", "  \"accepted\": ["]
        for (index, print) in prints.enumerated() {
            let members = [
                "\"detector\": \(quoted(print.detector))", "\"screen\": \(quoted(print.screen))", "\"view\": \(quoted(print.view))",
                "\"field\": \(quoted(print.field))", "\"rule\": \(quoted(print.rule))", "\"digest\": \(quoted(print.digest))",
                "\"justification\": \(quoted(reasons[print] ?? ""))",
            ]
            lines.append("    {" + members.joined(separator: ", ") + "}" + (index == prints.count - 1 ? "" : ","))
        }
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report without the accepted findings, plus one `stale-accepted` info finding
    /// per entry that matched nothing.
    public func filter(_ report: AuditReport) -> AuditReport {
        let accepted = Set(entries.map(\.fingerprint))
        var result = report
        var matched = Set<FindingFingerprint>()
        result.findings = report.findings.filter { finding in
            let print = finding.fingerprint
            guard accepted.contains(print) else { return true }
            matched.insert(print)
            return false
        }
        result.acceptedCount = report.findings.count - result.findings.count
        var stale = Set<FindingFingerprint>()
        for entry in entries where !matched.contains(entry.fingerprint) && stale.insert(entry.fingerprint).inserted {
            let print = entry.fingerprint
            let subject = [print.screen.map { "screen '\($0)'" }, print.view.map { "view '\($0)'" }, print.field.map { "field '\($0)'" },
                           print.rule.map { "rule '\($0)'" }].compactMap { $0 }.joined(separator: ", ")
            result.findings.append(AuditFinding(
                level: .info, category: "stale-accepted", tree: nil, screen: print.screen, view: print.view, className: nil,
                field: print.field, rule: print.rule, excerpt: nil,
                message: "accepted \(print.detector) finding (\(subject.isEmpty ? "no subject" : subject)) no longer occurs: remove its entry"))
        }
        return result
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
