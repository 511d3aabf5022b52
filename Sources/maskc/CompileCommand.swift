import ArgumentParser
import MaskDiagnostics
import MaskEngine
import MaskJSON
import MaskPolicy

struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Print a policy's decision table: one row per rule, in priority order.",
        discussion: """
            With --emit swift, writes Swift source that builds the table with no parsing at \
            run time (for an app target; see MaskPolicyPlugin); with --emit table, the \
            portable binary table that MaskEngine's DecisionTable(serialized:) loads and \
            verifies. --check also applies maskc check's rules: an error fails the run \
            (exit 1) and nothing is written.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The masking policy (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var policy: String

    @Option(help: "Output format: text or json (default: text).")
    var format: Format?

    @Option(help: "Write a shipping form instead: swift (source for an app target) or table (the portable binary table).")
    var emit: CompileEmission?

    @Option(help: "With --emit swift: the generated enum's name (default: from the file name, e.g. RetailAppPolicy).")
    var name: String?

    @Option(name: [.short, .long], help: "With --emit: the file to write (swift: - or none for standard output).", completion: .file())
    var output: String?

    @Option(help: "With --emit: the policy's name in the output's rule positions (default: the path as given; an absolute path: its file name).")
    var sourceLabel: String?

    @Flag(help: "With --emit: also apply maskc check's rules; an error fails the run (exit 1).")
    var check = false

    @OptionGroup var display: DisplayOptions

    func validate() throws { try validateEmission() }

    /// The policy's per-dimension defaults that are set, in dimension order, with their
    /// values as written and where.
    static func dimensionDefaults(_ parsed: ParsedPolicy) -> [(DefaultDimension, String, SourceRange)] {
        DefaultDimension.allCases.compactMap { dimension in
            guard let range = parsed.defaultsRanges[dimension], let value = parsed.defaults.value(of: dimension) else { return nil }
            return (dimension, value, range)
        }
    }

    func run() throws {
        if let emit { return try runEmission(emit) }
        let (table, parsed, layers) = try PolicyLoader.loadLayered(policy)
        let rows = table.priorityOrder.enumerated().map { priority, index in (priority + 1, index, table.rules[index]) }
        switch format ?? .text {
        case .text:
            var lines = ["# \(policy): default \(table.defaultAction.rawValue), \(table.rules.count) rule\(table.rules.count == 1 ? "" : "s"), \(parsed.classes.count) class\(parsed.classes.count == 1 ? "" : "es")"]
            // A layered policy names its layers, bases first; each rule's source names its file.
            if !layers.isEmpty { lines.append("# layers: " + layers.joined(separator: " <- ")) }
            let header = ["#", "level", "action", "selector", "recursive", "screen", "source"]
            var cells = [header]
            // Format 1.1: the safety net decides first (level 0), per-dimension defaults on level 5.
            if !parsed.detectors.isEmpty, let first = parsed.detectorRanges.first {
                cells.append(["-", "0", "mask", "detect=" + parsed.detectors.map(\.rawValue).joined(separator: ","), "-", "-", "\(policy):\(first.start.line):\(first.start.column)"])
            }
            for (priority, _, rule) in rows {
                cells.append([String(priority), String(rule.ownLevel.rawValue) + (rule.recursive ? "+\(rule.ownLevel.rawValue + 1)" : ""),
                              rule.isLock ? "mask (locked)" : rule.action.rawValue, rule.selector.description, rule.recursive ? "yes" : "no",
                              rule.screen ?? "-", rule.origin?.description ?? "-"].map(ReportText.escaped))
            }
            for (dimension, value, range) in Self.dimensionDefaults(parsed) {
                cells.append(["-", "5", value, "defaults.\(dimension.rawValue)", "-", "-", "\(policy):\(range.start.line):\(range.start.column)"])
            }
            cells.append(["-", "5", table.defaultAction.rawValue, "default", "-", "-", parsed.defaultRange.location])
            let widths = header.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
            for row in cells {
                lines.append(row.enumerated().map { column, cell in
                    column == row.count - 1 ? cell : cell.padding(to: widths[column])
                }.joined(separator: "  "))
            }
            // Cells are escaped before they are measured, so columns stay aligned.
            print(ReportText.lines(lines))
        case .json:
            var members: [String: JSONValue] = [
                "policy": .string(policy),
                "default": .string(table.defaultAction.rawValue),
                "classes": .array(parsed.classes.map { parsed in
                    let d = parsed.declaration
                    return .object([
                        "name": .string(d.name),
                        "extends": d.superclass.map(JSONValue.string) ?? .null,
                        "kind": d.kind.map { .string($0.rawValue) } ?? .null,
                        "recurse": d.recurse.map(JSONValue.bool) ?? .null,
                        "source": .string(parsed.nameRange.location),
                    ])
                }),
                "rules": .array(rows.map { priority, index, rule in
                    var members: [String: JSONValue] = [
                        "priority": .int(priority),
                        "index": .int(index),
                        "level": .int(rule.ownLevel.rawValue),
                        "action": .string(rule.action.rawValue),
                        "selector": .object(["key": .string(rule.selector.key.rawValue), "value": .string(rule.selector.value)]),
                        "recursive": .bool(rule.recursive),
                        "screen": rule.screen.map(JSONValue.string) ?? .null,
                        "reason": rule.reason.map(JSONValue.string) ?? .null,
                        "source": rule.origin.map { .string($0.description) } ?? .null,
                    ]
                    // Only locks say so: the listing of a policy without locks is unchanged.
                    if rule.isLock { members["locked"] = .bool(true) }
                    return .object(members)
                }),
            ]
            // Format 1.1 keys, only for a policy in that format (version 1 output is unchanged).
            if parsed.format != .v1 {
                members["defaults"] = .object(Dictionary(uniqueKeysWithValues: Self.dimensionDefaults(parsed).map { ($0.0.rawValue, JSONValue.string($0.1)) }))
                members["detect"] = .array(parsed.detectors.map { .string($0.rawValue) })
            }
            // Only a layered policy lists its layers: the listing of a policy on its own is unchanged.
            if !layers.isEmpty { members["layers"] = .array(layers.map(JSONValue.string)) }
            print(JSONValue.object(members).rendered())
        }
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
