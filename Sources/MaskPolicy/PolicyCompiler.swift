import MaskDiagnostics
import MaskEngine

/// The outcome of compiling one policy file.
public struct PolicyCompilation: Sendable {
    /// The policy with source positions, when it parsed.
    public var parsed: ParsedPolicy?
    /// The decision table, when there was no error.
    public var table: DecisionTable?
    /// Every problem found, sorted by position.
    public var diagnostics: [Diagnostic]

    /// Whether compilation failed.
    public var failed: Bool { table == nil }
}

/// The policy front end's pipeline: YAML bytes -> ``YAMLNode`` (libyaml, with marks)
/// -> ``ParsedPolicy`` (schema checked) -> validated -> ``DecisionTable``.
public enum PolicyCompiler {
    /// Compiles policy text.
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - file: the name used in diagnostics and rule origins.
    /// - Returns: the table, or diagnostics saying why there is none.
    /// - Complexity: O(n + r log r) for n bytes and r rules.
    public static func compile(_ bytes: [UInt8], file: String, limits: PolicyLimits = .standard) -> PolicyCompilation {
        let (root, yamlDiagnostics) = YAMLReader(file: file, limits: limits).read(bytes)
        guard let root else {
            return PolicyCompilation(parsed: nil, table: nil, diagnostics: Diagnostic.sorted(yamlDiagnostics))
        }
        let (parsed, schemaDiagnostics) = PolicyParser.parse(root, file: file)
        var diagnostics = yamlDiagnostics + schemaDiagnostics
        guard let parsed else {
            return PolicyCompilation(parsed: nil, table: nil, diagnostics: Diagnostic.sorted(diagnostics))
        }
        let (validated, validation) = PolicyValidator.validated(parsed, prior: diagnostics)
        diagnostics += validation
        let table = validated.map { DecisionTable(validated: $0) }
        return PolicyCompilation(parsed: parsed, table: table, diagnostics: Diagnostic.sorted(diagnostics))
    }

    /// Compiles policy text given as a string.
    public static func compile(_ text: String, file: String, limits: PolicyLimits = .standard) -> PolicyCompilation {
        compile(Array(text.utf8), file: file, limits: limits)
    }
}
