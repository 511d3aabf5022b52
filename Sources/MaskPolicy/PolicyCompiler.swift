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
    /// For a policy with `extends:`, every file of its chain, bases first, the policy
    /// last (``LayeredPolicy/files``); empty for a policy on its own. ``parsed`` is then
    /// the merged policy, whose rules carry their own files.
    public var layers: [String] = []

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
    /// - Parameter read: reads the files `extends:` names (``PolicyLayers``); without it,
    ///   a policy with `extends:` does not compile (`missing-base`).
    public static func compile(_ bytes: [UInt8], file: String, limits: PolicyLimits = .standard,
                               read: PolicyLayers.Reader? = nil) -> PolicyCompilation {
        let (root, yamlDiagnostics) = YAMLReader(file: file, limits: limits).read(bytes)
        guard let root else {
            return PolicyCompilation(parsed: nil, table: nil, diagnostics: Diagnostic.sorted(yamlDiagnostics))
        }
        let (own, schemaDiagnostics) = PolicyParser.parse(root, file: file)
        var diagnostics = yamlDiagnostics + schemaDiagnostics
        guard var parsed = own else {
            return PolicyCompilation(parsed: nil, table: nil, diagnostics: Diagnostic.sorted(diagnostics))
        }
        var layers: [String] = []
        if !parsed.layering.bases.isEmpty {
            let reader = read ?? { _ in .failure(PolicyReadFailure(message: "this compiler reads no other files")) }
            let (layered, layering) = PolicyLayers.load(parsed, limits: limits, read: reader)
            diagnostics += layering
            guard let layered else {
                return PolicyCompilation(parsed: nil, table: nil, diagnostics: Diagnostic.sorted(diagnostics))
            }
            parsed = layered.merged
            layers = layered.files
        }
        let (validated, validation) = PolicyValidator.validated(parsed, prior: diagnostics)
        diagnostics += validation
        let table = validated.map { DecisionTable(validated: $0) }
        return PolicyCompilation(parsed: parsed, table: table, diagnostics: Diagnostic.sorted(diagnostics), layers: layers)
    }

    /// Compiles policy text given as a string.
    public static func compile(_ text: String, file: String, limits: PolicyLimits = .standard, read: PolicyLayers.Reader? = nil) -> PolicyCompilation {
        compile(Array(text.utf8), file: file, limits: limits, read: read)
    }
}
