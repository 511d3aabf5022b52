import MaskDiagnostics

/// The rules the policy compiler enforces (errors that stop compilation): each
/// diagnostic the reader, parser and validator emit names one of these cases, never a
/// free-form id. Their descriptions and examples are in ``CompilerRules``.
public enum CompilerRule: String, Sendable, Hashable, CaseIterable {
    case syntax
    case anchorAlias = "anchor-alias"
    case duplicateKey = "duplicate-key"
    case inputLimit = "input-limit"
    case unknownKey = "unknown-key"
    case wrongType = "wrong-type"
    case invalidValue = "invalid-value"
    case missingKey = "missing-key"
    case selectorArity = "selector-arity"
    case emptyPattern = "empty-pattern"
    case typeCycle = "type-cycle"
    case typeChainLimit = "type-chain-limit"
    case missingBase = "missing-base"
    case extendsCycle = "extends-cycle"
    case baseVersion = "base-version"
    case extendsDepth = "extends-depth"
    case loosensBase = "loosens-base"
}

extension Diagnostic {
    /// A compiler error under `rule`.
    init(_ rule: CompilerRule, _ message: String, at range: SourceRange, hint: String? = nil) {
        self.init(.error, rule.rawValue, message, at: range, hint: hint)
    }
}
