import MaskDiagnostics
import MaskEngine

/// What policy format 1.1 adds to the parser: `kind` selectors, `defaults:` and
/// `detect:`, and the rule that a policy using any of them says `version: 1.1`.
struct Format11Parts {
    var defaults = DimensionDefaults()
    var defaultsRanges: [DefaultDimension: SourceRange] = [:]
    var detectors: [ContentDetector] = []
    var detectorRanges: [SourceRange] = []
    /// The top-level keys of format 1.1 the policy uses, for the version check.
    var keys: [YAMLPair] = []

    /// Reads `defaults: { text: unmask, inputs: mask, images: mask-non-bundled }`.
    mutating func defaults(_ pair: YAMLPair, parser: inout PolicyParser) {
        keys.append(pair)
        if case .null? = pair.value.scalarValue { return }
        guard let fields = pair.value.pairs else {
            parser.wrongType(pair.value, expected: "a mapping like '{ text: unmask, inputs: mask, images: mask }'", key: "defaults")
            return
        }
        for field in fields {
            guard let dimension = DefaultDimension(rawValue: field.name) else {
                parser.unknownKey(field, in: "'defaults'", known: PolicySchema.defaultsKeys)
                continue
            }
            switch dimension {
            case .text: defaults.text = parser.action(field.value, key: "defaults.text")
            case .inputs: defaults.inputs = parser.action(field.value, key: "defaults.inputs")
            case .images: defaults.images = imageDefault(field.value, parser: &parser)
            }
            defaultsRanges[dimension] = field.value.range
        }
    }

    private func imageDefault(_ node: YAMLNode, parser: inout PolicyParser) -> ImageDefault? {
        let names = ImageDefault.allCases.map(\.rawValue)
        if case .string(let text)? = node.scalarValue {
            if let value = ImageDefault(rawValue: text) { return value }
            parser.error(.invalidValue, "'defaults.images' must be one of \(names.joined(separator: ", ")); found '\(text)'", node.range,
                         hint: SpellingHint.didYouMean(text, in: names))
        } else {
            parser.wrongType(node, expected: names.joined(separator: ", "), key: "defaults.images")
        }
        return nil
    }

    /// Reads `detect: [email, phone, payment-card, iban, secret]`. An unknown detector
    /// is an error (with a did-you-mean): a safety net the author believes in and that
    /// does not run would expose what it was meant to catch.
    mutating func detect(_ pair: YAMLPair, parser: inout PolicyParser) {
        keys.append(pair)
        if case .null? = pair.value.scalarValue { return }
        guard let items = pair.value.items else {
            parser.wrongType(pair.value, expected: "a list of detectors like '[email, phone]'", key: "detect")
            return
        }
        let names = ContentDetector.allCases.map(\.rawValue)
        for item in items {
            guard case .string(let text)? = item.scalarValue else {
                parser.wrongType(item, expected: "a detector name (\(names.joined(separator: ", ")))", key: "detect")
                continue
            }
            guard let detector = ContentDetector(rawValue: text) else {
                parser.error(.invalidValue, "unknown detector '\(text)' in 'detect'; the detectors are \(names.joined(separator: ", "))", item.range,
                             hint: SpellingHint.didYouMean(text, in: names))
                continue
            }
            // Listed twice: it runs once.
            if !detectors.contains(detector) {
                detectors.append(detector)
                detectorRanges.append(item.range)
            }
        }
    }

    /// Copies what was read into the parsed policy.
    func fill(_ parsed: inout ParsedPolicy) {
        parsed.defaults = defaults
        parsed.defaultsRanges = defaultsRanges
        parsed.detectors = detectors
        parsed.detectorRanges = detectorRanges
    }
}

extension PolicyParser {
    /// A `kind:` selector's value: one of ``SelectorKind``'s names.
    mutating func kindSelector(_ text: String, _ node: YAMLNode) -> ViewSelector? {
        if let kind = SelectorKind(rawValue: text) { return .kind(kind) }
        let names = SelectorKind.allCases.map(\.rawValue)
        error(.invalidValue, "'kind' must be one of \(names.joined(separator: ", ")); found '\(text)'", node.range,
              hint: SpellingHint.didYouMean(text, in: names))
        return nil
    }

    /// Under `version: 1`, each use of a format 1.1 key (`defaults`, `detect`, a `kind`
    /// selector) is an error at the key, with a hint to say `version: 1.1`.
    mutating func requireFormat11(_ format: PolicyFormat, parts: Format11Parts, rules: [ParsedRule]) {
        guard format == .v1 else { return }
        let hint = "write 'version: 1.1' to use policy format 1.1"
        for pair in parts.keys {
            error(.invalidValue, "'\(pair.name)' is policy format 1.1, but the policy says 'version: 1'", pair.key.range, hint: hint)
        }
        for parsed in rules where parsed.rule.selector.key == .kind {
            error(.invalidValue, "'kind' selectors are policy format 1.1, but the policy says 'version: 1'", parsed.selectorRange, hint: hint)
        }
    }
}
