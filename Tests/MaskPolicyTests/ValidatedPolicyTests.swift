import MaskDiagnostics
import MaskEngine
import Testing
@testable import MaskPolicy

/// The validated policy is the stage between parsing and the table: made only when no
/// stage found an error.
@Suite("Validated policy")
struct ValidatedPolicyTests {
    static func parsed(_ text: String) throws -> (ParsedPolicy, [Diagnostic]) {
        let (root, yaml) = YAMLReader(file: "p.yaml", limits: .standard).read(Array(text.utf8))
        let (parsed, schema) = PolicyParser.parse(try #require(root), file: "p.yaml")
        return (try #require(parsed), yaml + schema)
    }

    @Test("a policy without errors is validated, and compiles to the table the compiler makes")
    func valid() throws {
        let text = "version: 1\ndefault: mask\ntypes:\n  Price: { extends: UILabel }\nrules:\n  - unmask: { type: Price }\n    reason: prices\n"
        let (parsed, prior) = try Self.parsed(text)
        let (validated, diagnostics) = PolicyValidator.validated(parsed, prior: prior)
        #expect(diagnostics.isEmpty)
        let table = DecisionTable(validated: try #require(validated))
        let compiled = try #require(PolicyCompiler.compile(text, file: "p.yaml").table)
        #expect(table.rules == compiled.rules && table.priorityOrder == compiled.priorityOrder && table.defaultAction == compiled.defaultAction)
    }

    @Test("an error in validation, or in an earlier stage, leaves no validated policy")
    func invalid() throws {
        let (cyclic, prior) = try Self.parsed("version: 1\ndefault: mask\ntypes:\n  A: { extends: B }\n  B: { extends: A }\n")
        let (none, diagnostics) = PolicyValidator.validated(cyclic, prior: prior)
        #expect(none == nil && diagnostics.contains { $0.ruleID == CompilerRule.typeCycle.rawValue })
        let (parsed, _) = try Self.parsed("version: 1\ndefault: mask\n")
        let earlier = Diagnostic(.wrongType, "from an earlier stage", at: .fileStart("p.yaml"))
        #expect(PolicyValidator.validated(parsed, prior: [earlier]).policy == nil)
    }
}
