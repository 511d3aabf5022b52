import MaskDiagnostics
import MaskEngine

/// Reads a policy test file into a ``PolicyTestFile``, reporting every schema problem
/// with its position (the policy format's rule ids: `unknown-key`, `wrong-type`, ...).
public enum PolicyTestParser {
    /// Keys of a test file.
    public static let topKeys = ["policy", "trees", "expect"]
    /// Keys of a `view` expectation.
    public static let viewKeys = ["view", "is", "rule", "tree"]
    /// Keys a view may be named by: the policy's selector keys, and `identifier` for
    /// `accessibilityIdentifier`.
    public static let viewSelectorKeys = PolicySchema.selectorKeys + ["identifier"]

    /// Parses a test file.
    /// - Returns: the file when it has no error, and every problem found.
    public static func parse(_ bytes: [UInt8], file: String) -> (PolicyTestFile?, [Diagnostic]) {
        let (root, yamlDiagnostics) = YAMLReader(file: file).read(bytes)
        guard let root else { return (nil, yamlDiagnostics) }
        var parser = PolicyParser(file: file)
        let parsed = parser.testFile(root)
        let diagnostics = yamlDiagnostics + parser.diagnostics
        return (diagnostics.contains { $0.severity == .error } ? nil : parsed, diagnostics)
    }
}

extension PolicyParser {
    mutating func testFile(_ root: YAMLNode) -> PolicyTestFile? {
        guard let pairs = root.pairs else {
            wrongType(root, expected: "a mapping with 'policy', 'trees' and 'expect'", key: "the test file")
            return nil
        }
        var policy: ParsedBaseReference?
        var trees: [ParsedBaseReference] = []
        var expectations: [PolicyExpectation] = []
        for pair in pairs {
            switch pair.name {
            case "policy":
                if let path = name(pair.value, key: "policy") { policy = ParsedBaseReference(path: path, range: pair.value.range) }
            case "trees":
                trees = baseReferences(pair.value, key: "trees")
            case "expect":
                guard let items = pair.value.items else { wrongType(pair.value, expected: "a list of expectations", key: "expect"); continue }
                if items.isEmpty { error(.invalidValue, "'expect' lists no expectation: the test would check nothing", pair.value.range) }
                expectations = items.compactMap { expectation($0) }
            default:
                unknownKey(pair, in: "a test file", known: PolicyTestParser.topKeys)
            }
        }
        let start = SourceRange(file: file, at: root.range.start)
        guard let policy else {
            error(.missingKey, "missing required key 'policy' (the policy file to test)", start)
            return nil
        }
        if trees.isEmpty { error(.missingKey, "missing required key 'trees' (trees or captures to run the policy on)", start) }
        return PolicyTestFile(file: file, policy: policy, trees: trees, expectations: expectations)
    }

    private mutating func expectation(_ item: YAMLNode) -> PolicyExpectation? {
        guard let pairs = item.pairs else {
            wrongType(item, expected: "a mapping like '{ view: { id: balance }, is: masked }'", key: "an expectation")
            return nil
        }
        if let pair = pairs.first(where: { $0.name == "noExposed" }) {
            for other in pairs where other.name != "noExposed" && other.name != "tree" {
                unknownKey(other, in: "a noExposed expectation", known: ["noExposed", "tree"])
            }
            guard let check = noExposed(pair.value) else { return nil }
            return PolicyExpectation(check: check, tree: tree(pairs), range: item.range)
        }
        var selector: (ViewSelector, String?)?
        var state: ExpectedViewState?
        var rule: DecidingRule?
        for pair in pairs {
            switch pair.name {
            case "view": selector = viewSelector(pair.value)
            case "is":
                let text = pair.value.scalarText ?? ""
                if let value = ExpectedViewState(rawValue: text) { state = value } else {
                    error(.invalidValue, "'is' must be one of \(ExpectedViewState.allCases.map(\.rawValue).joined(separator: ", ")); found '\(text)'", pair.value.range,
                          hint: SpellingHint.didYouMean(text, in: ExpectedViewState.allCases.map(\.rawValue)))
                }
            case "rule": rule = decidingRule(pair.value)
            case "tree": break
            default: unknownKey(pair, in: "a view expectation", known: PolicyTestParser.viewKeys + ["noExposed"])
            }
        }
        let start = SourceRange(file: file, at: item.range.start)
        guard let (viewSelector, screen) = selector else {
            if !pairs.contains(where: { $0.name == "view" }) { error(.missingKey, "an expectation needs 'view' (with 'is') or 'noExposed'", start) }
            return nil
        }
        guard let state else {
            if !pairs.contains(where: { $0.name == "is" }) { error(.missingKey, "missing 'is' (masked, unmasked, secure or left-out)", start) }
            return nil
        }
        return PolicyExpectation(check: .view(viewSelector, screen: screen, state: state, rule: rule), tree: tree(pairs), range: item.range)
    }

    private mutating func tree(_ pairs: [YAMLPair]) -> ParsedBaseReference? {
        guard let pair = pairs.first(where: { $0.name == "tree" }), let path = name(pair.value, key: "tree") else { return nil }
        return ParsedBaseReference(path: path, range: pair.value.range)
    }

    /// `{ id: x }`, `{ identifier: x }`, `{ target: x }`, any policy selector, with `screen`.
    private mutating func viewSelector(_ node: YAMLNode) -> (ViewSelector, String?)? {
        guard let pairs = node.pairs else {
            wrongType(node, expected: "a selector like '{ id: balance }'", key: "view")
            return nil
        }
        var selector: ViewSelector?
        var screen: String?
        var failed = false
        for pair in pairs {
            switch pair.name {
            case "screen": screen = name(pair.value, key: "screen")
            case let key where PolicyTestParser.viewSelectorKeys.contains(key):
                if selector != nil {
                    error(.selectorArity, "a view is named by exactly one of \(PolicyTestParser.viewSelectorKeys.joined(separator: ", "))", pair.key.range)
                    failed = true
                } else if let value = selectorValue(key == "identifier" ? "accessibilityIdentifier" : key, pair.value) {
                    selector = value
                } else {
                    failed = true
                }
            default:
                unknownKey(pair, in: "a view", known: PolicyTestParser.viewSelectorKeys + ["screen"])
                failed = true
            }
        }
        if selector == nil && !failed {
            error(.selectorArity, "the view names no view: give one of \(PolicyTestParser.viewSelectorKeys.joined(separator: ", "))", node.range)
        }
        return failed ? nil : selector.map { ($0, screen) }
    }

    /// `rule: 12`, `rule: base.yaml:12`, `rule: default`.
    private mutating func decidingRule(_ node: YAMLNode) -> DecidingRule? {
        if case .int(let line)? = node.scalarValue, line > 0 { return .line(file: nil, line: line) }
        let text = node.scalarText ?? ""
        if text == "default" { return .default }
        if let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]), line > 0, colon != text.startIndex {
            return .line(file: String(text[..<colon]), line: line)
        }
        error(.invalidValue, "'rule' must be a line of the policy (12), a file and line (base.yaml:12) or 'default'; found '\(text)'", node.range)
        return nil
    }

    /// `noExposed: { class: X }` or `noExposed: { detectors: [email, payment-card, phone] }`.
    private mutating func noExposed(_ node: YAMLNode) -> PolicyExpectation.Check? {
        guard let pairs = node.pairs, pairs.count == 1, let pair = pairs.first else {
            wrongType(node, expected: "one of '{ class: UITextField }' or '{ detectors: [email, card, phone] }'", key: "noExposed")
            return nil
        }
        switch pair.name {
        case "class":
            return name(pair.value, key: "class").map { .noExposedClass($0) }
        case "detectors":
            let items = pair.value.items ?? [pair.value]
            var detectors: [ExposureDetector] = []
            for item in items {
                let text = item.scalarText ?? ""
                guard let detector = ExposureDetector(rawValue: text) else {
                    error(.invalidValue, "unknown detector '\(text)'; the detectors are \(ExposureDetector.allCases.map(\.rawValue).joined(separator: ", "))", item.range,
                          hint: SpellingHint.didYouMean(text, in: ExposureDetector.allCases.map(\.rawValue)))
                    return nil
                }
                detectors.append(detector)
            }
            guard !detectors.isEmpty else {
                error(.invalidValue, "'detectors' lists no detector: the expectation would check nothing", pair.value.range,
                      hint: "list one or more of \(ExposureDetector.allCases.map(\.rawValue).joined(separator: ", "))")
                return nil
            }
            return .noExposedDetections(detectors)
        default:
            unknownKey(pair, in: "noExposed", known: ["class", "detectors"])
            return nil
        }
    }
}
