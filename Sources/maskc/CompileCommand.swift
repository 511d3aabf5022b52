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

    @Argument(help: "The masking policy (YAML; to list it, also a portable table).", completion: .file(extensions: ["yaml", "yml", "mtab"]))
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
        let listing = try PolicyListing.load(policy)
        let table = listing.table
        let rows = table.priorityOrder.enumerated().map { priority, index in (priority + 1, index, table.rules[index]) }
        switch format ?? .text {
        case .text:
            var lines = ["# \(policy): default \(table.defaultAction.rawValue), \(table.rules.count) rule\(table.rules.count == 1 ? "" : "s"), \(listing.classes.count) class\(listing.classes.count == 1 ? "" : "es")"]
            // A layered policy names its layers, bases first; each rule's source names its file.
            if !listing.layers.isEmpty { lines.append("# layers: " + listing.layers.joined(separator: " <- ")) }
            let header = ["#", "level", "action", "selector", "recursive", "screen", "source"]
            var cells = [header]
            // Format 1.1: the safety net decides first (level 0), per-dimension defaults on level 5.
            if !listing.detectors.isEmpty {
                cells.append(["-", "0", "mask", "detect=" + listing.detectors.map(\.rawValue).joined(separator: ","), "-", "-", listing.detectorsSource ?? "-"])
            }
            for (priority, _, rule) in rows {
                cells.append([String(priority), String(rule.ownLevel.rawValue) + (rule.recursive ? "+\(rule.ownLevel.rawValue + 1)" : ""),
                              rule.isLock ? "mask (locked)" : rule.action.rawValue, rule.selector.description, rule.recursive ? "yes" : "no",
                              rule.screen ?? "-", rule.origin?.description ?? "-"].map(ReportText.escaped))
            }
            for (dimension, value, source) in listing.defaults {
                cells.append(["-", "5", value, "defaults.\(dimension.rawValue)", "-", "-", source ?? "-"])
            }
            cells.append(["-", "5", table.defaultAction.rawValue, "default", "-", "-", listing.defaultSource ?? "-"])
            let widths = header.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
            for row in cells {
                lines.append(row.enumerated().map { column, cell in
                    column == row.count - 1 ? cell : cell.padding(to: widths[column])
                }.joined(separator: "  "))
            }
            // Cells are escaped before they are measured, so columns stay aligned.
            try FileIO.printOutput(ReportText.lines(lines))
        case .json:
            var members: [String: JSONValue] = [
                "policy": .string(policy),
                "default": .string(table.defaultAction.rawValue),
                "classes": .array(listing.classes.map { d, source in
                    .object([
                        "name": .string(d.name),
                        "extends": d.superclass.map(JSONValue.string) ?? .null,
                        "kind": d.kind.map { .string($0.rawValue) } ?? .null,
                        "recurse": d.recurse.map(JSONValue.bool) ?? .null,
                        "source": source.map(JSONValue.string) ?? .null,
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
            if listing.showsFormat11 {
                members["defaults"] = .object(Dictionary(uniqueKeysWithValues: listing.defaults.map { ($0.0.rawValue, JSONValue.string($0.1)) }))
                members["detect"] = .array(listing.detectors.map { .string($0.rawValue) })
            }
            // Only a layered policy lists its layers: the listing of a policy on its own is unchanged.
            if !listing.layers.isEmpty { members["layers"] = .array(listing.layers.map(JSONValue.string)) }
            try FileIO.printOutput(JSONValue.object(members).rendered())
        }
    }
}

/// What `maskc compile` lists besides the table's rules, from a YAML policy (with where
/// each part was written) or from a portable table (which keeps the positions of its
/// rules and classes only: the others are listed without one).
struct PolicyListing {
    var table: DecisionTable
    var classes: [(declaration: ClassDeclaration, source: String?)]
    var detectors: [ContentDetector]
    var detectorsSource: String?
    var defaults: [(dimension: DefaultDimension, value: String, source: String?)]
    var defaultSource: String?
    /// Whether the format 1.1 keys are listed: the policy is written in format 1.1
    /// (a table: it uses something of that format).
    var showsFormat11: Bool
    var layers: [String]

    static func load(_ path: String) throws(Reported) -> PolicyListing {
        // Read once: a policy from a pipe (`<(...)`) cannot be read twice.
        let bytes = try PolicyLoader.read(path)
        if TableFormat.isTable(bytes) {
            let policy = try PolicyLoader.decodeTable(bytes, path: path)
            return PolicyListing(
                table: DecisionTable(policy: policy), classes: policy.classes.map { ($0, $0.origin?.description) },
                detectors: policy.detectors, detectorsSource: nil,
                defaults: DefaultDimension.allCases.compactMap { dimension in policy.defaults.value(of: dimension).map { (dimension, $0, nil) } },
                defaultSource: nil, showsFormat11: policy.usesFormat11, layers: [])
        }
        let (_, compilation) = try PolicyLoader.compile(bytes, path: path, printing: { compilation, _ in compilation.diagnostics })
        guard let table = compilation.table, let parsed = compilation.parsed else { throw Reported(status: .invalidPolicy) }
        let layers = compilation.layers
        return PolicyListing(
            table: table, classes: parsed.classes.map { ($0.declaration, $0.nameRange.location) },
            // Each range names its own file: a layer's inherited `detect:` and `defaults:`
            // are listed where its base writes them.
            detectors: parsed.detectors, detectorsSource: parsed.detectorRanges.first?.location,
            defaults: CompileCommand.dimensionDefaults(parsed).map { ($0.0, $0.1, $0.2.location) },
            defaultSource: parsed.defaultRange.location, showsFormat11: parsed.format != .v1, layers: layers)
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
