import MaskDiagnostics
import MaskEngine

/// Turns a YAML tree into a ``ParsedPolicy``, reporting every schema problem it finds
/// (unknown keys, wrong value types, missing keys, malformed selectors) with its position.
public struct PolicyParser {
    /// The file name used in diagnostics.
    public let file: String
    var diagnostics: [Diagnostic] = []
    /// The format the policy says it is in, read before anything else so that messages
    /// list the keys of that format.
    var format = PolicyFormat.v1

    /// Creates a parser.
    public init(file: String) { self.file = file }

    /// Parses the root node of a policy file.
    /// - Returns: the policy when it has no error, and every problem found.
    public static func parse(_ root: YAMLNode, file: String) -> (ParsedPolicy?, [Diagnostic]) {
        var parser = PolicyParser(file: file)
        let policy = parser.policy(root)
        let failed = parser.diagnostics.contains { $0.severity == .error }
        return (failed ? nil : policy, parser.diagnostics)
    }

    mutating func error(_ rule: CompilerRule, _ message: String, _ range: SourceRange, hint: String? = nil) {
        diagnostics.append(Diagnostic(rule, message, at: range, hint: hint))
    }

    mutating func unknownKey(_ pair: YAMLPair, in place: String, known: [String]) {
        error(.unknownKey, "unknown key '\(pair.name)' in \(place)", pair.key.range,
              hint: SpellingHint.didYouMean(pair.name, in: known))
    }

    mutating func wrongType(_ node: YAMLNode, expected: String, key: String) {
        error(.wrongType, "'\(key)' must be \(expected), found \(node.typeName)", node.range)
    }

    private mutating func policy(_ root: YAMLNode) -> ParsedPolicy? {
        guard let pairs = root.pairs else {
            error(.wrongType, "a policy must be a mapping with 'version' and 'default', found \(root.typeName)", root.range)
            return nil
        }
        var version: Int?
        if let declared = pairs.first(where: { $0.name == "version" }), case .float(let text)? = declared.value.scalarValue,
           let known = PolicyFormat(number: text) {
            format = known
        }
        var format11 = Format11Parts()
        var defaultAction: MaskAction?
        var defaultRange = root.range
        var classes: [ParsedClass] = []
        var rules: [ParsedRule] = []
        var layering = ParsedLayering()
        // A policy: it has `version` or `default`, or a key that is a misspelling of a
        // policy key (whose did-you-mean is worth showing).
        let isPolicy = pairs.contains { pair in
            pair.name == "version" || pair.name == "default" || PolicySchema.topKeys(for: format).contains(pair.name)
                || SpellingHint.didYouMean(pair.name, in: PolicySchema.topKeys(for: format)) != nil
        }
        var reportedForeignKeys = false
        for pair in pairs {
            switch pair.name {
            case "extends":
                layering.bases = baseReferences(pair.value)
            case "allowUnmask":
                layering.allowUnmask = allowEntries(pair.value)
            case "version":
                if case .int(let n)? = pair.value.scalarValue {
                    if n == PolicySchema.version { version = n } else {
                        error(.invalidValue, "unsupported policy version \(n); this maskc reads versions \(PolicyFormat.names)", pair.value.range)
                    }
                } else if case .float(let text)? = pair.value.scalarValue {
                    if PolicyFormat(number: text) != nil {
                        version = PolicySchema.version
                    } else {
                        // A number, just not one this maskc reads (`1.2`, `2.0`): as for `2`.
                        error(.invalidValue, "unsupported policy version \(text); this maskc reads versions \(PolicyFormat.names)", pair.value.range)
                    }
                } else if case .string(let text)? = pair.value.scalarValue, PolicyFormat(rawValue: text) != nil {
                    // `version: "1.1"`: a quoted version is text in YAML. Say how to write it.
                    error(.wrongType, "'version' must be the number 1 or 1.1, found text", pair.value.range,
                          hint: "write it without quotes: 'version: \(text)'")
                } else {
                    wrongType(pair.value, expected: "the number 1 or 1.1", key: "version")
                }
            case "default":
                defaultRange = pair.value.range
                defaultAction = action(pair.value, key: "default")
            case "types":
                classes = types(pair.value)
            case "rules":
                rules = ruleList(pair.value)
            case "defaults":
                format11.defaults(pair, parser: &self)
            case "detect":
                format11.detect(pair, parser: &self)
            default:
                if isPolicy {
                    unknownKey(pair, in: "the policy", known: PolicySchema.topKeys(for: format))
                } else if !reportedForeignKeys {
                    // A file with neither `version` nor `default` is likely no policy at all
                    // (an `extends:` naming the wrong file): its keys are not echoed, as
                    // they may be anything the file holds.
                    reportedForeignKeys = true
                    let count = pairs.filter { !PolicySchema.topKeys(for: format).contains($0.name) }.count
                    error(.unknownKey, "\(count) unknown key\(count == 1 ? "" : "s") at the top level, and no 'version' or 'default': this file does not look like a policy (its keys are not shown)",
                          pair.key.range)
                }
            }
        }
        let keys = Set(pairs.map(\.name))
        let start = SourceRange(file: file, at: root.range.start)
        if !keys.contains("version") { error(.missingKey, "missing required key 'version' (add 'version: 1')", start) }
        // A layer (a policy with `extends`) inherits its bases' default when it gives none.
        if !keys.contains("default") && !keys.contains("extends") { error(.missingKey, "missing required key 'default' (mask or unmask)", start) }
        layering.givesDefault = keys.contains("default")
        guard let version else { return nil }
        requireFormat11(format, parts: format11, rules: rules)
        guard let defaultAction = defaultAction ?? (layering.givesDefault ? nil : .mask) else { return nil }
        var parsed = ParsedPolicy(file: file, version: version, defaultAction: defaultAction, defaultRange: defaultRange, classes: classes, rules: rules,
                                  layering: layering)
        parsed.format = format
        format11.fill(&parsed)
        return parsed
    }

    mutating func action(_ node: YAMLNode, key: String) -> MaskAction? {
        if case .string(let text)? = node.scalarValue {
            if let action = MaskAction(rawValue: text) { return action }
            error(.invalidValue, "'\(key)' must be mask or unmask, found '\(text)'", node.range,
                  hint: SpellingHint.didYouMean(text, in: MaskAction.allCases.map(\.rawValue)))
        } else {
            wrongType(node, expected: "mask or unmask", key: key)
        }
        return nil
    }

    /// A selector's `lock:` value: true or false, on a `mask` rule only.
    private mutating func lock(_ pair: YAMLPair, action: MaskAction) -> Bool? {
        guard let value = bool(pair.value, key: "lock") else { return nil }
        if value, let problem = PolicyLocks.problem(lockingAction: action) {
            error(.invalidValue, problem.message, pair.key.range, hint: problem.hint)
            return nil
        }
        return value
    }

    mutating func bool(_ node: YAMLNode, key: String) -> Bool? {
        if case .bool(let value)? = node.scalarValue { return value }
        let hint = ["yes", "no", "on", "off", "y", "n"].contains(node.scalarText?.lowercased() ?? "") ? "write true or false" : nil
        error(.wrongType, "'\(key)' must be true or false, found \(node.typeName)", node.range, hint: hint)
        return nil
    }

    /// Text of a scalar that names something (a class, an identifier): numbers are
    /// taken as written; null, booleans and collections are errors, and so is empty text.
    mutating func name(_ node: YAMLNode, key: String) -> String? {
        switch node.scalarValue {
        case .string(let text)?, .float(let text)?:
            if text.isEmpty {
                error(.emptyPattern, "'\(key)' must not be empty", node.range)
                return nil
            }
            return text
        case .int?:
            return node.scalarText
        default:
            wrongType(node, expected: "text", key: key)
            return nil
        }
    }

    private mutating func types(_ node: YAMLNode) -> [ParsedClass] {
        if case .null? = node.scalarValue { return [] }
        guard let pairs = node.pairs else {
            wrongType(node, expected: "a mapping of class names", key: "types")
            return []
        }
        var classes: [ParsedClass] = []
        for pair in pairs {
            guard let className = name(pair.key, key: "types") else { continue }
            if className.contains("*") {
                error(.invalidValue, "a 'types' entry names one class; '*' is not allowed in '\(className)'", pair.key.range)
                continue
            }
            var parsed = ParsedClass(declaration: ClassDeclaration(className, origin: origin(pair.key.range)), nameRange: pair.key.range)
            if case .null? = pair.value.scalarValue {
                classes.append(parsed)
                continue
            }
            guard let fields = pair.value.pairs else {
                wrongType(pair.value, expected: "a mapping with extends, kind or recurse", key: className)
                continue
            }
            for field in fields {
                switch field.name {
                case "extends":
                    if let superclass = name(field.value, key: "extends") {
                        if superclass.contains("*") {
                            error(.invalidValue, "'extends' names one class; '*' is not allowed", field.value.range)
                        }
                        parsed.declaration.superclass = superclass
                        parsed.extendsRange = field.value.range
                    }
                case "kind":
                    parsed.kindRange = field.value.range
                    if case .string(let text)? = field.value.scalarValue, let kind = ViewKind(rawValue: text) {
                        parsed.declaration.kind = kind
                    } else {
                        let text = field.value.scalarText ?? ""
                        error(.invalidValue, "'kind' must be one of \(ViewKind.allCases.map(\.rawValue).joined(separator: ", ")); found '\(text)'",
                              field.value.range, hint: SpellingHint.didYouMean(text, in: ViewKind.allCases.map(\.rawValue)))
                    }
                case "recurse":
                    parsed.declaration.recurse = bool(field.value, key: "recurse")
                default:
                    unknownKey(field, in: "the class '\(className)'", known: PolicySchema.classKeys)
                }
            }
            classes.append(parsed)
        }
        return classes
    }

    private mutating func ruleList(_ node: YAMLNode) -> [ParsedRule] {
        if case .null? = node.scalarValue { return [] }
        guard let items = node.items else {
            wrongType(node, expected: "a list of rules", key: "rules")
            return []
        }
        var rules: [ParsedRule] = []
        rules.reserveCapacity(items.count)
        for item in items {
            if let rule = rule(item) { rules.append(rule) }
        }
        return rules
    }

    private func origin(_ range: SourceRange) -> RuleOrigin {
        RuleOrigin(file: range.file, line: range.start.line, column: range.start.column)
    }

    private mutating func rule(_ item: YAMLNode) -> ParsedRule? {
        guard let pairs = item.pairs else {
            error(.wrongType, "a rule must be a mapping like '{ mask: { type: UILabel } }', found \(item.typeName)", item.range)
            return nil
        }
        var actionPair: YAMLPair?
        var reason: String?
        var failed = false
        for pair in pairs {
            switch pair.name {
            case "mask", "unmask":
                if let first = actionPair {
                    error(.selectorArity, "a rule has exactly one of mask or unmask; '\(first.name)' is already given", pair.key.range)
                    failed = true
                } else {
                    actionPair = pair
                }
            case "reason":
                switch pair.value.scalarValue {
                case .string(let text)?, .float(let text)?: reason = text.isEmpty ? nil : text
                case .int?: reason = pair.value.scalarText
                default: wrongType(pair.value, expected: "text", key: "reason"); failed = true
                }
            default:
                if pairs.contains(where: { PolicySchema.actionKeys.contains($0.name) }) {
                    unknownKey(pair, in: "a rule", known: PolicySchema.ruleKeys + PolicySchema.selectorKeys(for: format))
                } else {
                    error(.unknownKey, "unknown key '\(pair.name)' in a rule", pair.key.range,
                          hint: SpellingHint.didYouMean(pair.name, in: PolicySchema.ruleKeys) ?? "a rule is '- mask: { ... }' or '- unmask: { ... }'")
                }
                failed = true
            }
        }
        guard let actionPair else {
            if !failed {
                error(.selectorArity, "a rule needs one of mask or unmask", SourceRange(file: file, at: item.range.start))
            }
            return nil
        }
        let action: MaskAction = actionPair.name == "mask" ? .mask : .unmask
        guard let selectorPairs = actionPair.value.pairs else {
            error(.wrongType, "'\(actionPair.name)' takes a selector like '{ type: UILabel }', found \(actionPair.value.typeName)", actionPair.value.range)
            return nil
        }
        var selector: (ViewSelector, SourceRange)?
        var recursive = true
        var locked = false
        var screen: (String, SourceRange)?
        for pair in selectorPairs {
            switch pair.name {
            case "recursive":
                if let value = bool(pair.value, key: "recursive") { recursive = value } else { failed = true }
            case "lock":
                if let value = lock(pair, action: action) { locked = value } else { failed = true }
            case "screen":
                if let value = name(pair.value, key: "screen") {
                    if value.contains("*") {
                        // Screens are compared exactly: a star would match only a screen
                        // literally named so, and the rule would never apply.
                        error(.invalidValue, "'screen' names one screen, compared exactly; '*' is not allowed in '\(value)'", pair.value.range,
                              hint: "list the screen by its exact name, or drop 'screen:' to apply the rule on every screen")
                        failed = true
                    } else {
                        screen = (value, pair.value.range)
                    }
                } else {
                    failed = true
                }
            case let key where key == "kind" || PolicySchema.selectorKeys.contains(key):
                if let (first, _) = selector {
                    error(.selectorArity, "a selector has exactly one of \(PolicySchema.selectorKeys.joined(separator: ", ")); '\(first.key.rawValue)' is already given", pair.key.range)
                    failed = true
                } else if let parsed = selectorValue(key, pair.value) {
                    selector = (parsed, pair.value.range)
                } else {
                    failed = true
                }
            default:
                unknownKey(pair, in: "a selector", known: PolicySchema.selectorKeys(for: format) + PolicySchema.selectorOptions)
                failed = true
            }
        }
        if selector == nil && !failed {
            error(.selectorArity, "the selector names no view: give one of \(PolicySchema.selectorKeys.joined(separator: ", "))", actionPair.value.range)
        }
        guard let (viewSelector, selectorRange) = selector, !failed else { return nil }
        let rule = MaskRule(action, viewSelector, recursive: recursive, screen: screen?.0, reason: reason, origin: origin(actionPair.key.range),
                            locked: locked)
        return ParsedRule(rule: rule, range: item.range, actionRange: actionPair.key.range, selectorRange: selectorRange, screenRange: screen?.1)
    }

    mutating func selectorValue(_ key: String, _ node: YAMLNode) -> ViewSelector? {
        if key == "tag" {
            if case .int(let n)? = node.scalarValue {
                // A view's tag 0 is UIKit's default and counts as no tag: the rule could never match.
                if n == 0 {
                    error(.invalidValue, "'tag: 0' matches no view: tag 0 is UIKit's default and counts as no tag", node.range,
                          hint: "give the view a non-zero tag, or select it by accessibilityIdentifier or id")
                    return nil
                }
                return .tag(n)
            }
            wrongType(node, expected: "an integer", key: "tag")
            return nil
        }
        guard let text = name(node, key: key) else { return nil }
        if key == "kind" { return kindSelector(text, node) }
        if key == "type" {
            if text.contains("*") {
                error(.invalidValue, "'type' names one class; '*' is not allowed in a type selector", node.range)
                return nil
            }
            return .type(text)
        }
        let pattern = GlobPattern(text)
        if pattern.matchesEverything {
            error(.emptyPattern, "'\(key): \(text)' matches every view; name the views, or change 'default'", node.range)
            return nil
        }
        switch key {
        case "id": return .id(pattern)
        case "accessibilityIdentifier": return .accessibilityIdentifier(pattern)
        case "restorationIdentifier": return .restorationIdentifier(pattern)
        default: return .target(pattern)
        }
    }
}
