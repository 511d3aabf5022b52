import MaskDiagnostics
import MaskEngine

/// `extends:` and `allowUnmask:`.
extension PolicyParser {
    /// `extends: [base.yaml, ...]` (or one path): non-empty paths.
    mutating func baseReferences(_ node: YAMLNode, key: String = "extends") -> [ParsedBaseReference] {
        let items: [YAMLNode]
        if let list = node.items { items = list } else if node.scalarText != nil { items = [node] } else {
            wrongType(node, expected: "a list of files", key: key)
            return []
        }
        var bases: [ParsedBaseReference] = []
        for item in items {
            guard let path = name(item, key: key) else { continue }
            bases.append(ParsedBaseReference(path: path, range: item.range))
        }
        return bases
    }

    /// `allowUnmask:`: a list of selectors (`{ type: UIButton }`, with `screen` and
    /// `recursive` as on rules; `kind` from format 1.1 on, as on rules), and `default`.
    mutating func allowEntries(_ node: YAMLNode) -> [AllowUnmaskEntry] {
        if case .null? = node.scalarValue { return [] }
        guard let items = node.items else {
            wrongType(node, expected: "a list of selectors (or 'default')", key: "allowUnmask")
            return []
        }
        var entries: [AllowUnmaskEntry] = []
        for item in items {
            if case .string("default")? = item.scalarValue {
                entries.append(AllowUnmaskEntry(allowance: .unmaskedDefault, range: item.range))
                continue
            }
            guard let pairs = item.pairs else {
                wrongType(item, expected: "a selector like '{ type: UIButton }' or 'default'", key: "allowUnmask")
                continue
            }
            var selector: ViewSelector?
            var screen: String?
            var recursive = true
            var failed = false
            for pair in pairs {
                switch pair.name {
                case "recursive":
                    if let value = bool(pair.value, key: "recursive") { recursive = value } else { failed = true }
                case "screen":
                    if let value = name(pair.value, key: "screen") { screen = value } else { failed = true }
                case let key where PolicySchema.selectorKeys(for: format).contains(key):
                    if selector != nil {
                        error(.selectorArity, "an allowUnmask entry has exactly one of \(PolicySchema.selectorKeys(for: format).joined(separator: ", "))", pair.key.range)
                        failed = true
                    } else if let value = selectorValue(key, pair.value) {
                        selector = value
                    } else {
                        failed = true
                    }
                default:
                    unknownKey(pair, in: "an allowUnmask entry", known: PolicySchema.selectorKeys(for: format) + ["recursive", "screen"])
                    failed = true
                }
            }
            guard !failed else { continue }
            guard let selector else {
                error(.selectorArity, "the allowUnmask entry names no view: give one of \(PolicySchema.selectorKeys(for: format).joined(separator: ", "))", item.range)
                continue
            }
            entries.append(AllowUnmaskEntry(allowance: .reach(SelectorReach(selector, screen: screen, recursive: recursive)), range: item.range))
        }
        return entries
    }
}
