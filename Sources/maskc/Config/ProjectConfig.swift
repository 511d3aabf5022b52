import MaskDiagnostics
import MaskPolicy

/// A repository's `.maskc.yml`: what `maskc check` checks when it is given no
/// policy, the trees it runs them over, paths to leave out of folder searches, and the
/// severity of each lint rule (with paths a rule is off for).
///
/// ```yaml
/// policies: [Policies]
/// trees: [Examples/captures]
/// exclude: ["**/legacy/**"]
/// rules:
///   unjustified-unmask: error
///   unused-type: disabled
///   broad-unmask: { severity: warning, exclude: ["Policies/experiments/**"] }
/// ```
///
/// Paths in the file are relative to the folder that holds it. Compiler errors (a
/// policy that does not compile) cannot be configured: only the rules `maskc rules`
/// lists as lint rules.
struct ProjectConfig: Sendable {
    /// The file's name, found by walking up from the working directory.
    static let fileName = ".maskc.yml"

    /// What a rule's findings become.
    enum Level: String, Sendable, CaseIterable {
        case disabled, note, warning, error
    }

    /// One rule's setting.
    struct RuleSetting: Sendable {
        var level: Level?
        var exclude: [PathGlob] = []
    }

    /// The file it came from, as a path from the working directory.
    var file: String
    var policies: [String] = []
    var trees: [String] = []
    var exclude: [PathGlob] = []
    var rules: [String: RuleSetting] = [:]

    /// The lint rules a config may set: every rule `maskc rules` lists but the
    /// compiler's.
    static var configurableRules: [String] { PolicyLinter.configurableRuleIDs }

    /// Applies the rule settings to a report: findings of a disabled rule, or of a rule
    /// excluded for the report's file, are dropped; the others take the configured
    /// severity. Compiler errors are never touched.
    func apply(to report: LintReport) -> LintReport {
        guard !rules.isEmpty else { return report }
        var report = report
        let configurable = Set(Self.configurableRules)
        report.diagnostics = report.diagnostics.compactMap { diagnostic in
            guard configurable.contains(diagnostic.ruleID), let setting = rules[diagnostic.ruleID] else { return diagnostic }
            if setting.level == .disabled || setting.exclude.excludes(diagnostic.range.file) { return nil }
            var changed = diagnostic
            switch setting.level {
            case .note?: changed.severity = .note
            case .warning?: changed.severity = .warning
            case .error?: changed.severity = .error
            case .disabled?, nil: break
            }
            return changed
        }
        return report
    }
}

extension ProjectConfig {
    /// The config for a command: the file `--config` names, else the nearest
    /// `.maskc.yml` from the working directory up, else none. `--config none` turns
    /// discovery off.
    static func load(explicit: String?) throws(Reported) -> ProjectConfig? {
        if let explicit {
            if explicit == "none" { return nil }
            return try read(explicit, base: Self.folder(of: explicit))
        }
        guard let found = discover() else { return nil }
        return try read(found.path, base: found.base)
    }

    /// The nearest `.maskc.yml` up to the repository's root (a folder holding `.git`),
    /// with the prefix that makes its paths relative to the
    /// working directory (`""`, `"../"`, ...).
    static func discover() -> (path: String, base: String)? {
        guard let cwd = System.currentDirectory() else { return nil }
        var levels = cwd.split(separator: "/", omittingEmptySubsequences: true).count
        var prefix = ""
        while true {
            let candidate = prefix + fileName
            if let status = System.status(atPath: candidate), !status.isDirectory { return (candidate, prefix) }
            // Not past the repository's root: a config above a checkout is not the project's.
            guard levels > 0, System.status(atPath: prefix + ".git") == nil else { return nil }
            levels -= 1
            prefix += "../"
        }
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// Reads and validates a config file; any problem is a usage error naming its position.
    static func read(_ path: String, base: String) throws(Reported) -> ProjectConfig {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path, limit: 1 << 20)
        } catch {
            FileIO.printError("maskc: error: cannot read config file '\(path)': \(error.isOverLimit ? "over the limit of 1 MiB" : error.message)")
            throw Reported(status: .usage)
        }
        switch parse(bytes, file: path, base: base) {
        case .success(let config):
            return config
        case .failure(let problems):
            for diagnostic in problems.list { FileIO.printDiagnostic(diagnostic, source: bytes) }
            throw Reported(status: .usage)
        }
    }

    struct Problems: Error {
        var list: [Diagnostic]
    }

    static let keys = ["policies", "trees", "exclude", "rules"]

    /// Parses a config file's bytes; paths are prefixed with `base`.
    static func parse(_ bytes: [UInt8], file: String, base: String) -> Result<ProjectConfig, Problems> {
        let (root, readProblems) = YAMLReader(file: file).read(bytes)
        // An empty file (or comments only) is a config that sets nothing.
        if root == nil && !readProblems.isEmpty && readProblems.allSatisfy({ $0.ruleID == CompilerRule.missingKey.rawValue }) {
            return .success(ProjectConfig(file: file))
        }
        var problems = readProblems.map { Diagnostic(.error, "config", $0.message, at: $0.range, hint: $0.hint, subject: .config) }
        guard let root else { return .failure(Problems(list: problems)) }
        func problem(_ message: String, _ node: YAMLNode, hint: String? = nil) {
            problems.append(Diagnostic(.error, "config", message, at: node.range, hint: hint, subject: .config))
        }
        func strings(_ node: YAMLNode, key: String) -> [String] {
            if node.scalarValue != nil, let text = node.scalarText, !text.isEmpty { return [text] }
            guard let items = node.items else {
                problem("'\(key)' must be a list of paths or patterns", node)
                return []
            }
            return items.compactMap { item in
                guard item.items == nil, item.pairs == nil, let text = item.scalarText, !text.isEmpty else {
                    problem("'\(key)' must hold paths or patterns (text)", item)
                    return nil
                }
                return text
            }
        }
        var config = ProjectConfig(file: file)
        guard let pairs = root.pairs else {
            problem("a config file is a mapping with \(keys.map { "'\($0)'" }.joined(separator: ", "))", root)
            return .failure(Problems(list: problems))
        }
        func relative(_ path: String) -> String {
            if path.hasPrefix("/") || base.isEmpty { return path }
            var rest = Substring(path)
            while rest.hasPrefix("./") { rest = rest.dropFirst(2) }
            if rest.isEmpty || rest == "." { return String(base.dropLast()) }
            return base + rest
        }
        for pair in pairs {
            switch pair.name {
            case "policies": config.policies = strings(pair.value, key: "policies").map(relative)
            case "trees": config.trees = strings(pair.value, key: "trees").map(relative)
            case "exclude": config.exclude = strings(pair.value, key: "exclude").map { PathGlob(anchoredIn: base, $0) }
            case "rules": config.rules = rules(pair.value, base: base, problem: problem, strings: strings)
            default:
                problem("unknown key '\(pair.name)' in the config file", pair.key,
                        hint: SpellingHint.didYouMean(pair.name, in: keys) ?? "the keys are \(keys.joined(separator: ", "))")
            }
        }
        return problems.isEmpty ? .success(config) : .failure(Problems(list: problems))
    }

    private static func rules(_ node: YAMLNode, base: String, problem: (String, YAMLNode, String?) -> Void,
                              strings: (YAMLNode, String) -> [String]) -> [String: RuleSetting] {
        guard let pairs = node.pairs else {
            problem("'rules' must be a mapping from rule id to a level (disabled, note, warning, error)", node, nil)
            return [:]
        }
        let configurable = configurableRules
        let levels = Level.allCases.map(\.rawValue)
        var result: [String: RuleSetting] = [:]
        for pair in pairs {
            let id = pair.name
            guard configurable.contains(id) else {
                if PolicyLinter.descriptions.contains(where: { $0.id == id }) {
                    problem("'\(id)' is a compiler error: a policy with it does not compile, so it cannot be configured", pair.key, nil)
                } else {
                    problem("unknown rule '\(id)'", pair.key, SpellingHint.didYouMean(id, in: configurable) ?? "'maskc rules' lists them")
                }
                continue
            }
            func level(_ value: YAMLNode) -> Level? {
                guard let text = value.scalarText, value.pairs == nil, value.items == nil, let level = Level(rawValue: text) else {
                    problem("a rule's level is one of \(levels.joined(separator: ", "))", value, value.scalarText.flatMap { SpellingHint.didYouMean($0, in: levels) })
                    return nil
                }
                return level
            }
            if let settings = pair.value.pairs {
                var setting = RuleSetting()
                for field in settings {
                    switch field.name {
                    case "severity": setting.level = level(field.value)
                    case "exclude": setting.exclude = strings(field.value, "exclude").map { PathGlob(anchoredIn: base, $0) }
                    default: problem("unknown key '\(field.name)' in rule '\(id)'", field.key, SpellingHint.didYouMean(field.name, in: ["severity", "exclude"]) ?? "a rule takes 'severity' and 'exclude'")
                    }
                }
                result[id] = setting
            } else {
                result[id] = RuleSetting(level: level(pair.value))
            }
        }
        return result
    }
}
