import MaskDiagnostics
/// A YAML node with the source span it came from. Only what policies use: scalars,
/// mappings (keys are scalars, in source order) and sequences.
public struct YAMLNode: Sendable {
    /// What the node holds.
    public enum Content: Sendable {
        /// A scalar; `quoted` scalars are always strings, plain ones may be numbers, booleans or null.
        case scalar(String, quoted: Bool)
        /// A mapping, pairs in source order.
        case mapping([YAMLPair])
        /// A sequence.
        case sequence([YAMLNode])
    }

    /// What the node holds.
    public var content: Content
    /// Where it was written.
    public var range: SourceRange

    /// Creates a node.
    public init(_ content: Content, range: SourceRange) {
        self.content = content
        self.range = range
    }

    /// The plain-text value of a scalar (any style), else nil.
    public var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The pairs of a mapping, else nil.
    public var pairs: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The items of a sequence, else nil.
    public var items: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// What a plain scalar means under YAML 1.2's core schema, for type errors and values.
    public var scalarValue: ScalarValue? {
        guard case .scalar(let text, let quoted) = content else { return nil }
        if quoted { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let int = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) { return .int(int) }
        if text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true, Double(text) != nil {
            return .float(text)
        }
        return .string(text)
    }

    /// A short name of what the node is, for "expected X, found Y" messages.
    public var typeName: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        case .scalar:
            switch scalarValue {
            case .null: return "nothing (null)"
            case .bool: return "a boolean"
            case .int: return "an integer"
            case .float: return "a number"
            default: return "text"
            }
        }
    }
}

/// A typed plain scalar.
public enum ScalarValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case float(String)
    case string(String)
}

/// A key and its value in a mapping.
public struct YAMLPair: Sendable {
    /// The key, a scalar.
    public var key: YAMLNode
    /// The value.
    public var value: YAMLNode

    /// The key's text.
    public var name: String { key.scalarText ?? "" }
}
